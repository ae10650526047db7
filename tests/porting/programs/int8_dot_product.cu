// A quantized matrix-vector product as int8 inference kernels write it: weights and activations in
// blocks of 32 int8 values with one float scale each (Q8_0-like), one warp per row, four bytes at a
// time through __dp4a on packed ints, a butterfly __shfl_xor_sync sum, and a CUDA_CHECK macro.
// Also an unsigned __dp4a checksum and __dp2a_lo/__dp2a_hi on 16-bit x 8-bit pairs.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include "porting_common.h"

#define CUDA_CHECK(call)                                                                  \
  do {                                                                                    \
    cudaError_t err_ = (call);                                                            \
    if (err_ != cudaSuccess) {                                                            \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));       \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

#define QK 32
#define WARP 32

struct block_q8 {
  float d;         // scale
  int8_t qs[QK];   // quants
};

__device__ __forceinline__ int get_int(const int8_t* x, int i) {
  const int* p = reinterpret_cast<const int*>(x);
  return p[i];
}

__global__ void mul_mat_vec_q8(const block_q8* __restrict__ w, const block_q8* __restrict__ x, float* __restrict__ y,
                               int ncols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  const int blocks_per_row = ncols / QK;
  float sum = 0.0f;
  for (int ib = lane; ib < blocks_per_row; ib += WARP) {
    const block_q8& bw = w[row * blocks_per_row + ib];
    const block_q8& bx = x[ib];
    int sumi = 0;
#pragma unroll
    for (int k = 0; k < QK / 4; ++k) sumi = __dp4a(get_int(bw.qs, k), get_int(bx.qs, k), sumi);
    sum += bw.d * bx.d * (float)sumi;
  }
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) sum += __shfl_xor_sync(0xffffffff, sum, mask, 32);
  if (lane == 0) y[row] = sum;
}

// Unsigned bytes (a brightness histogram's weights) and 16-bit by 8-bit pairs.
__global__ void packed_products(const unsigned* a, const unsigned* b, unsigned* u4, int* lo, int* hi,
                                unsigned* ulo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  u4[i] = __dp4a(a[i], b[i], 7u);
  lo[i] = __dp2a_lo((int)a[i], (int)b[i], -5);
  hi[i] = __dp2a_hi((int)a[i], (int)b[i], 11);
  ulo[i] = __dp2a_lo(a[i], b[i], 3u);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int nrows = 96, ncols = 4096, bpr = ncols / QK;
  std::vector<block_q8> w(nrows * bpr), x(bpr);
  uint32_t s = 1;
  auto next = [&]() { return s = s * 1103515245u + 12345u; };
  for (auto& b : w) {
    b.d = 0.001f * (float)(next() % 1000 + 1);
    for (int k = 0; k < QK; ++k) b.qs[k] = (int8_t)(next() >> 16);
  }
  for (auto& b : x) {
    b.d = 0.002f * (float)(next() % 1000 + 1);
    for (int k = 0; k < QK; ++k) b.qs[k] = (int8_t)(next() >> 16);
  }
  block_q8 *d_w, *d_x;
  float* d_y;
  CUDA_CHECK(cudaMalloc(&d_w, w.size() * sizeof(block_q8)));
  CUDA_CHECK(cudaMalloc(&d_x, x.size() * sizeof(block_q8)));
  CUDA_CHECK(cudaMalloc(&d_y, nrows * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_w, w.data(), w.size() * sizeof(block_q8), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), x.size() * sizeof(block_q8), cudaMemcpyHostToDevice));
  mul_mat_vec_q8<<<nrows, WARP>>>(d_w, d_x, d_y, ncols);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> y(nrows);
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, nrows * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (int r = 0; r < nrows; ++r) {
    double want = 0.0, magnitude = 0.0;
    for (int ib = 0; ib < bpr; ++ib) {
      long long dot = 0;
      for (int k = 0; k < QK; ++k) dot += (long long)w[r * bpr + ib].qs[k] * x[ib].qs[k];
      const double term = (double)w[r * bpr + ib].d * x[ib].d * (double)dot;
      want += term;
      magnitude += std::fabs(term);
    }
    if (std::fabs(y[r] - want) > 1e-5 * magnitude + 1e-6) {
      if (bad < 5) printf("row %d: %f, want %f\n", r, y[r], want);
      ++bad;
    }
  }

  const int n = 4096;
  std::vector<unsigned> a(n), b(n);
  for (int i = 0; i < n; ++i) { a[i] = next(); b[i] = next(); }
  a[0] = 0x80808080u; b[0] = 0x80808080u;  // the most negative bytes and halves
  a[1] = 0x7fff8000u; b[1] = 0x807f7f80u;
  unsigned *d_a, *d_b, *d_u4, *d_ulo;
  int *d_lo, *d_hi;
  CUDA_CHECK(cudaMalloc(&d_a, n * 4)); CUDA_CHECK(cudaMalloc(&d_b, n * 4));
  CUDA_CHECK(cudaMalloc(&d_u4, n * 4)); CUDA_CHECK(cudaMalloc(&d_ulo, n * 4));
  CUDA_CHECK(cudaMalloc(&d_lo, n * 4)); CUDA_CHECK(cudaMalloc(&d_hi, n * 4));
  CUDA_CHECK(cudaMemcpy(d_a, a.data(), n * 4, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, b.data(), n * 4, cudaMemcpyHostToDevice));
  packed_products<<<(n + 255) / 256, 256>>>(d_a, d_b, d_u4, d_lo, d_hi, d_ulo, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> u4(n), ulo(n);
  std::vector<int> lo(n), hi(n);
  CUDA_CHECK(cudaMemcpy(u4.data(), d_u4, n * 4, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(ulo.data(), d_ulo, n * 4, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(lo.data(), d_lo, n * 4, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hi.data(), d_hi, n * 4, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    long long want_u4 = 7, want_lo = -5, want_hi = 11, want_ulo = 3;
    for (int k = 0; k < 4; ++k) want_u4 += (long long)((a[i] >> (8 * k)) & 255) * ((b[i] >> (8 * k)) & 255);
    for (int k = 0; k < 2; ++k) {
      const long long half = (int16_t)(a[i] >> (16 * k)), uhalf = (a[i] >> (16 * k)) & 0xffff;
      want_lo += half * (int8_t)(b[i] >> (8 * k));
      want_hi += half * (int8_t)(b[i] >> (8 * (k + 2)));
      want_ulo += uhalf * ((b[i] >> (8 * k)) & 255);
    }
    bad += u4[i] != (unsigned)want_u4;
    bad += lo[i] != (int)want_lo;
    bad += hi[i] != (int)want_hi;
    bad += ulo[i] != (unsigned)want_ulo;
  }
  printf("%d bad\n", bad);
  cudaFree(d_w); cudaFree(d_x); cudaFree(d_y);
  cudaFree(d_a); cudaFree(d_b); cudaFree(d_u4); cudaFree(d_ulo); cudaFree(d_lo); cudaFree(d_hi);
  return bad ? 1 : 0;
}
