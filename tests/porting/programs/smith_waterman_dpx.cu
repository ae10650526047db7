// Local sequence alignment scores with CUDA 12's DPX functions, as NVIDIA's DPX examples write them:
// one thread per pair of sequences fills the Smith-Waterman matrix row by row with __viaddmax_s32
// (gap extension), __vimax3_s32_relu (the cell) and __vibmax_s32 (where the best score came from);
// a second kernel scores two query pairs at once in 16-bit halves (__viaddmax_s16x2,
// __vimax3_s16x2_relu, __vibmax_u16x2). Checked against the same recurrence on the CPU.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>
#include "porting_common.h"

#define LEN 48
#define MATCH 3
#define MISMATCH (-2)
#define GAP (-2)

__global__ void align(const char* a, const char* b, int* best, int* best_row, int pairs) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= pairs) return;
  const char* s = a + p * LEN;
  const char* t = b + p * LEN;
  int h_prev[LEN + 1], h_cur[LEN + 1];
  for (int j = 0; j <= LEN; ++j) h_prev[j] = 0;
  int top = 0, top_row = 0;
  for (int i = 1; i <= LEN; ++i) {
    h_cur[0] = 0;
    for (int j = 1; j <= LEN; ++j) {
      int diag = h_prev[j - 1] + (s[i - 1] == t[j - 1] ? MATCH : MISMATCH);
      int up_or_left = __viaddmax_s32(h_prev[j], GAP, h_cur[j - 1] + GAP);
      h_cur[j] = __vimax3_s32_relu(diag, up_or_left, 0);
      bool improved;
      int m = __vibmax_s32(h_cur[j], top, &improved);
      if (improved && h_cur[j] != top) top_row = i;
      top = m;
    }
    for (int j = 0; j <= LEN; ++j) h_prev[j] = h_cur[j];
  }
  best[p] = top;
  best_row[p] = top_row;
}

// Two alignments per thread, one per 16-bit half of each score word.
__global__ void align_pairs(const char* a, const char* b, unsigned* best, int pairs) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (2 * p + 1 >= pairs) return;
  const char* s0 = a + (2 * p) * LEN; const char* t0 = b + (2 * p) * LEN;
  const char* s1 = a + (2 * p + 1) * LEN; const char* t1 = b + (2 * p + 1) * LEN;
  unsigned h_prev[LEN + 1], h_cur[LEN + 1];
  for (int j = 0; j <= LEN; ++j) h_prev[j] = 0;
  const unsigned gap2 = (unsigned short)GAP | ((unsigned)(unsigned short)GAP << 16);
  unsigned top = 0;
  for (int i = 1; i <= LEN; ++i) {
    h_cur[0] = 0;
    for (int j = 1; j <= LEN; ++j) {
      unsigned sub = (unsigned short)(s0[i - 1] == t0[j - 1] ? MATCH : MISMATCH) |
                     ((unsigned)(unsigned short)(s1[i - 1] == t1[j - 1] ? MATCH : MISMATCH) << 16);
      unsigned diag = __viaddmax_s16x2(h_prev[j - 1], sub, 0x80008000u);  // max(h + sub, -32768)
      unsigned left = __viaddmax_s16x2(h_cur[j - 1], gap2, 0x80008000u);
      unsigned up = __viaddmax_s16x2(h_prev[j], gap2, 0x80008000u);
      h_cur[j] = __vimax3_s16x2_relu(diag, left, up);
      bool hi, lo;
      top = __vibmax_u16x2(top, h_cur[j], &hi, &lo);  // scores are >= 0 after relu
    }
    for (int j = 0; j <= LEN; ++j) h_prev[j] = h_cur[j];
  }
  best[p] = top;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int pairs = 512;
  std::vector<char> a(pairs * LEN), b(pairs * LEN);
  unsigned seed = 7;
  const char bases[4] = {'A', 'C', 'G', 'T'};
  for (int k = 0; k < pairs * LEN; ++k) {
    seed = seed * 1664525u + 1013904223u;
    a[k] = bases[seed >> 30];
    seed = seed * 1664525u + 1013904223u;
    b[k] = (seed >> 28) < 10 ? a[k] : bases[seed >> 30];  // related sequences
  }
  char *d_a, *d_b;
  int *d_best, *d_row;
  unsigned* d_pairs;
  cudaMalloc(&d_a, a.size()); cudaMalloc(&d_b, b.size());
  cudaMalloc(&d_best, pairs * 4); cudaMalloc(&d_row, pairs * 4); cudaMalloc(&d_pairs, pairs / 2 * 4);
  cudaMemcpy(d_a, a.data(), a.size(), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b.data(), b.size(), cudaMemcpyHostToDevice);
  align<<<(pairs + 63) / 64, 64>>>(d_a, d_b, d_best, d_row, pairs);
  align_pairs<<<(pairs / 2 + 63) / 64, 64>>>(d_a, d_b, d_pairs, pairs);
  std::vector<int> best(pairs), row(pairs);
  std::vector<unsigned> packed(pairs / 2);
  cudaMemcpy(best.data(), d_best, pairs * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(row.data(), d_row, pairs * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(packed.data(), d_pairs, pairs / 2 * 4, cudaMemcpyDeviceToHost);

  int bad = 0;
  for (int p = 0; p < pairs; ++p) {
    std::vector<int> prev(LEN + 1, 0), cur(LEN + 1, 0);
    int top = 0, top_row = 0;
    for (int i = 1; i <= LEN; ++i) {
      for (int j = 1; j <= LEN; ++j) {
        int diag = prev[j - 1] + (a[p * LEN + i - 1] == b[p * LEN + j - 1] ? MATCH : MISMATCH);
        cur[j] = std::max({0, diag, prev[j] + GAP, cur[j - 1] + GAP});
        if (cur[j] > top) { top = cur[j]; top_row = i; }
      }
      prev = cur;
    }
    bad += best[p] != top || row[p] != top_row;
    unsigned half = p % 2 ? packed[p / 2] >> 16 : packed[p / 2] & 0xffffu;
    bad += (int)half != top;
  }
  printf("%d bad\n", bad);
  cudaFree(d_a); cudaFree(d_b); cudaFree(d_best); cudaFree(d_row); cudaFree(d_pairs);
  return bad ? 1 : 0;
}
