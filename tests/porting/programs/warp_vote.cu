// Warp votes as public kernels write them: __ballot_sync/__any_sync/__all_sync with the full
// 32-bit mask, __activemask() inside a branch, __popc of a ballot, __syncwarp between
// shared-memory steps. Each warp of 32 threads reports its own counts. Lanes that take a branch
// need not run it together (independent thread scheduling), so each ORs its __activemask() into
// the warp's word: the union is exactly the lanes that took the branch.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "porting_common.h"

#define FULL_MASK 0xffffffff

__global__ void vote(const int* values, int* counts, int* any_neg, int* all_pos, int* active_in_branch,
                     int* neighbour) {
  __shared__ int stage[256];
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int warp = tid / 32, lane = threadIdx.x % 32;
  const int v = values[tid];
  const unsigned ballot = __ballot_sync(FULL_MASK, v > 0);
  const int neg = __any_sync(FULL_MASK, v < 0);
  const int pos = __all_sync(FULL_MASK, v > 0);
  if (lane == 0) {
    counts[warp] = __popc(ballot);
    any_neg[warp] = neg;
    all_pos[warp] = pos;
  }
  if (v % 3 == 0) {
    const unsigned active = __activemask();
    if (active & (1u << lane)) atomicOr(reinterpret_cast<unsigned*>(&active_in_branch[warp]), active);
  }
  stage[threadIdx.x] = v;
  __syncwarp();
  neighbour[tid] = stage[(threadIdx.x & ~31) + ((lane + 1) & 31)];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int block = 256, blocks = 8, n = block * blocks, warps = n / 32;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i / 32) % 4 == 1 ? 1 + i % 5 : (i * 13) % 17 - 8;
  int *d, *counts, *any_neg, *all_pos, *active, *neighbour;
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&counts, warps * sizeof(int));
  cudaMalloc(&any_neg, warps * sizeof(int));
  cudaMalloc(&all_pos, warps * sizeof(int));
  cudaMalloc(&active, warps * sizeof(int));
  cudaMalloc(&neighbour, n * sizeof(int));
  cudaMemset(active, 0, warps * sizeof(int));
  cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  vote<<<blocks, block>>>(d, counts, any_neg, all_pos, active, neighbour);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAILED: kernel error %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  std::vector<int> c(warps), an(warps), ap(warps), ac(warps), nb(n);
  cudaMemcpy(c.data(), counts, warps * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(an.data(), any_neg, warps * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(ap.data(), all_pos, warps * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(ac.data(), active, warps * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(nb.data(), neighbour, n * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < warps; ++w) {
    int positive = 0, negative = 0;
    unsigned thirds = 0;
    for (int l = 0; l < 32; ++l) {
      const int v = h[w * 32 + l];
      positive += v > 0;
      negative += v < 0;
      if (v % 3 == 0) thirds |= 1u << l;
      if (nb[w * 32 + l] != h[w * 32 + (l + 1) % 32]) ++bad;
    }
    if (c[w] != positive || an[w] != (negative > 0) || ap[w] != (positive == 32) ||
        static_cast<unsigned>(ac[w]) != thirds) {
      if (bad++ < 5)
        printf("warp %d: ballot %d/%d any %d/%d all %d/%d active %#x/%#x\n", w, c[w], positive, an[w], negative > 0,
               ap[w], positive == 32, static_cast<unsigned>(ac[w]), thirds);
    }
  }
  printf("%s: %d mismatches\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
