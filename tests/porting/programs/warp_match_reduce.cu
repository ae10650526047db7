// Warp-synchronous grouping as hash-join and histogram kernels do it: __activemask, __match_any_sync
// to find lanes with the same key, __popc of the peers, the leader (lowest peer) adding for all,
// __syncwarp with a mask; and __reduce_add_sync / __reduce_max_sync (sm_80) behind __CUDA_ARCH__.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>
#include "porting_common.h"

__global__ void histogram_by_key(const int* keys, int* counts, int* warp_max, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned active = __activemask();
  int key = keys[i];
  unsigned peers = __match_any_sync(active, key);
  int leader = __ffs(peers) - 1;
  int lane = threadIdx.x % 32;
  if (lane == leader) atomicAdd(&counts[key], __popc(peers));
  __syncwarp(active);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  int m = __reduce_max_sync(active, key);
#else
  int m = key;
  for (int off = 16; off > 0; off /= 2) {
    int other = __shfl_xor_sync(active, m, off);
    if ((active >> (lane ^ off)) & 1u) m = max(m, other);
  }
#endif
  if (lane == __ffs(active) - 1) warp_max[i / 32] = m;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1000, bins = 7;  // the last warp is partly active
  std::vector<int> keys(n), counts(bins), wmax((n + 31) / 32);
  for (int i = 0; i < n; ++i) keys[i] = (i * i + 3 * i) % bins;
  int *dk, *dc, *dm;
  cudaMalloc(&dk, n * sizeof(int));
  cudaMalloc(&dc, bins * sizeof(int));
  cudaMalloc(&dm, wmax.size() * sizeof(int));
  cudaMemset(dc, 0, bins * sizeof(int));
  cudaMemcpy(dk, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  histogram_by_key<<<(n + 127) / 128, 128>>>(dk, dc, dm, n);
  cudaMemcpy(counts.data(), dc, bins * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(wmax.data(), dm, wmax.size() * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  std::vector<int> want(bins);
  for (int i = 0; i < n; ++i) want[keys[i]]++;
  for (int b = 0; b < bins; ++b) bad += counts[b] != want[b];
  for (size_t w = 0; w < wmax.size(); ++w) {
    int m = 0;
    for (int i = 32 * (int)w; i < n && i < 32 * (int)w + 32; ++i) m = std::max(m, keys[i]);
    bad += wmax[w] != m;
  }
  printf("%d bad\n", bad);
  cudaFree(dk); cudaFree(dc); cudaFree(dm);
  return bad ? 1 : 0;
}
