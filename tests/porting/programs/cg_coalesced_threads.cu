// Warp-aggregated atomics (NVIDIA's "CUDA Pro Tip: Optimized Filtering with Warp-Aggregated
// Atomics"): the threads that take a branch form coalesced_threads(); its first thread
// reserves room for all of them and shfl hands each its slot. The filtered values, sorted,
// are compared with a CPU filter.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "porting_common.h"

namespace cg = cooperative_groups;

__device__ int atomicAggInc(int* ctr) {
  auto g = cg::coalesced_threads();
  int warp_res;
  if (g.thread_rank() == 0) warp_res = atomicAdd(ctr, g.size());
  return g.shfl(warp_res, 0) + g.thread_rank();
}

__global__ void filter_k(int* dst, int* nres, const int* src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 100000;
  std::vector<int> src(n);
  for (int i = 0; i < n; ++i) src[i] = ((i * 7919) % 23) - 11;
  int *d_src, *d_dst, *d_n;
  cudaMalloc(&d_src, n * sizeof(int));
  cudaMalloc(&d_dst, n * sizeof(int));
  cudaMalloc(&d_n, sizeof(int));
  cudaMemcpy(d_src, src.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_n, 0, sizeof(int));
  filter_k<<<(n + 255) / 256, 256>>>(d_dst, d_n, d_src, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int count = 0;
  cudaMemcpy(&count, d_n, sizeof(int), cudaMemcpyDeviceToHost);
  std::vector<int> want;
  for (int v : src)
    if (v > 0) want.push_back(v);
  if (count != (int)want.size()) {
    std::printf("count %d (want %zu)\n", count, want.size());
    return 1;
  }
  std::vector<int> got(count);
  cudaMemcpy(got.data(), d_dst, count * sizeof(int), cudaMemcpyDeviceToHost);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  std::printf("count %d, values %s\n", count, got == want ? "match" : "differ");
  cudaFree(d_src);
  cudaFree(d_dst);
  cudaFree(d_n);
  return got == want ? 0 : 1;
}
