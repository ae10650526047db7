// Warp-aggregated histogram with cg::labeled_partition: the threads of a warp that hold the
// same bin form one group, whose first thread adds the group's size (one atomic per bin per
// warp). Compared with a CPU histogram.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "porting_common.h"

namespace cg = cooperative_groups;

__global__ void histogram_kernel(const int* keys, int n, int bins, unsigned* hist, unsigned* max_group) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int bin = keys[i] % bins;
  auto same_bin = cg::labeled_partition(warp, bin);
  if (same_bin.thread_rank() == 0) {
    atomicAdd(&hist[bin], same_bin.size());
    atomicMax(max_group, same_bin.size());
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 16, bins = 7;
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = (i / 5) * 3 + (i % 3);
  int* d_keys;
  unsigned *d_hist, *d_max;
  cudaMalloc(&d_keys, n * sizeof(int));
  cudaMalloc(&d_hist, bins * sizeof(unsigned));
  cudaMalloc(&d_max, sizeof(unsigned));
  cudaMemcpy(d_keys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_hist, 0, bins * sizeof(unsigned));
  cudaMemset(d_max, 0, sizeof(unsigned));
  histogram_kernel<<<n / 256, 256>>>(d_keys, n, bins, d_hist, d_max);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<unsigned> hist(bins), want(bins, 0);
  unsigned max_group = 0;
  cudaMemcpy(hist.data(), d_hist, bins * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&max_group, d_max, sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int k : keys) ++want[k % bins];
  // The largest group in any warp of 32 consecutive keys, counted on the CPU.
  unsigned want_max = 0;
  for (int w = 0; w < n; w += 32) {
    std::vector<unsigned> c(bins, 0);
    for (int i = w; i < w + 32; ++i) ++c[keys[i] % bins];
    for (unsigned v : c) want_max = v > want_max ? v : want_max;
  }
  int bad = max_group != want_max;
  for (int b = 0; b < bins; ++b) bad += hist[b] != want[b];
  std::printf("largest group %u (want %u), %d mismatches\n", max_group, want_max, bad);
  cudaFree(d_keys);
  cudaFree(d_hist);
  cudaFree(d_max);
  return bad == 0 ? 0 : 1;
}
