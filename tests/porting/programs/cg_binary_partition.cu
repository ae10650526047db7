// Stream compaction within a warp with cg::binary_partition: the threads whose value passes
// the test form one group and write their values packed by group rank; the others count
// themselves. Compared with a CPU filter of each warp's 32 values.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "porting_common.h"

namespace cg = cooperative_groups;

__global__ void split_kernel(const float* x, float* packed, int* kept, int* dropped) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int w = i / 32;
  const bool keep = x[i] > 0.5f;
  auto part = cg::binary_partition(warp, keep);
  if (keep) {
    packed[w * 32 + part.thread_rank()] = x[i];
    if (part.thread_rank() == 0) kept[w] = part.size();
  } else if (part.thread_rank() == 0) {
    dropped[w] = part.size();
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 8192, warps = n / 32;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = (float)((i * 37) % 101) / 100.0f;
  float *d_x, *d_packed;
  int *d_kept, *d_dropped;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_packed, n * sizeof(float));
  cudaMalloc(&d_kept, warps * sizeof(int));
  cudaMalloc(&d_dropped, warps * sizeof(int));
  cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_kept, 0, warps * sizeof(int));
  cudaMemset(d_dropped, 0, warps * sizeof(int));
  split_kernel<<<n / 128, 128>>>(d_x, d_packed, d_kept, d_dropped);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> packed(n);
  std::vector<int> kept(warps), dropped(warps);
  cudaMemcpy(packed.data(), d_packed, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(kept.data(), d_kept, warps * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(dropped.data(), d_dropped, warps * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < warps; ++w) {
    int k = 0;
    for (int l = 0; l < 32; ++l) {
      const float v = x[w * 32 + l];
      if (v > 0.5f) bad += packed[w * 32 + k++] != v;
    }
    bad += kept[w] != k;
    bad += dropped[w] != 32 - k;
  }
  std::printf("%d mismatches\n", bad);
  cudaFree(d_x);
  cudaFree(d_packed);
  cudaFree(d_kept);
  cudaFree(d_dropped);
  return bad == 0 ? 0 : 1;
}
