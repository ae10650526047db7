// Cooperative groups' scans and reductions on tiles, a runtime-sized partition, and a block's own
// index queries, as stream-compaction code writes them; the compaction once more with the scan that
// also takes the output offset from a libcu++ atomic; and CUDA 12's reduce-and-write collectives.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/atomic>
#include <cstdio>
#include "porting_common.h"

namespace cg = cooperative_groups;

__global__ void compact_positive(const int* in, int* out, int* count, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int i = block.group_index().x * block.size() + block.thread_rank();
  const int v = i < n ? in[i] : 0;
  const int keep = v > 0;
  const int before = cg::exclusive_scan(warp, keep);  // cg::plus by default
  const int warp_kept = cg::reduce(warp, keep, cg::plus<int>());
  const int warp_max = cg::reduce(warp, v, cg::greater<int>());
  int base = 0;
  if (warp.thread_rank() == 0) base = atomicAdd(count, warp_kept);
  base = warp.shfl(base, 0);
  if (keep) out[base + before] = v;
  if (warp.thread_rank() == 0 && warp.meta_group_rank() == 0 && warp_max < 0) out[0] = -1;
}

__global__ void compact_positive_update(const int* in, int* out, int* count, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int i = block.group_index().x * block.size() + block.thread_rank();
  const int v = i < n ? in[i] : 0;
  const int keep = v > 0;
  cuda::atomic_ref<int, cuda::thread_scope_device> next(*count);
  const int at = cg::exclusive_scan_update(warp, next, keep);
  if (keep) out[at] = v;
}

// Each warp adds its count of positive values to a device-wide total and stores its largest value.
__global__ void warp_totals(const int* in, int n, int* total, int* warp_max) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int i = block.group_index().x * block.size() + block.thread_rank();
  const int v = i < n ? in[i] : -1000;
  cg::reduce_update_async(warp, cuda::atomic_ref<int, cuda::thread_scope_device>(*total), v > 0 ? 1 : 0, cg::plus<int>());
  cg::reduce_store_async(warp, &warp_max[i / 32], v, cg::greater<int>());
}

__global__ void quad_sums(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group quad = cg::tiled_partition(block, 4);
  __shared__ int values[256];
  values[block.thread_rank()] = in[block.thread_rank()];
  quad.sync();
  if (quad.thread_rank() == 0) {
    int s = 0;
    for (unsigned k = 0; k < quad.size(); ++k) s += values[block.thread_rank() + k];
    out[block.thread_rank() / 4] = s;
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 10000;
  int* h = new int[n];
  for (int i = 0; i < n; ++i) h[i] = (i % 7) - 3;
  int *d_in, *d_out, *d_count, *d_quads, *d_out2, *d_count2, *d_total, *d_warp_max;
  const int warps = (n + 127) / 128 * 4;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_count, sizeof(int));
  cudaMalloc(&d_out2, n * sizeof(int));
  cudaMalloc(&d_count2, sizeof(int));
  cudaMalloc(&d_total, sizeof(int));
  cudaMalloc(&d_warp_max, warps * sizeof(int));
  cudaMalloc(&d_quads, 64 * sizeof(int));
  cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_count, 0, sizeof(int));
  cudaMemset(d_count2, 0, sizeof(int));
  cudaMemset(d_total, 0, sizeof(int));
  compact_positive<<<(n + 127) / 128, 128>>>(d_in, d_out, d_count, n);
  compact_positive_update<<<(n + 127) / 128, 128>>>(d_in, d_out2, d_count2, n);
  warp_totals<<<(n + 127) / 128, 128>>>(d_in, n, d_total, d_warp_max);
  quad_sums<<<1, 256>>>(d_in, d_quads);
  int count = 0, quads[64];
  cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(quads, d_quads, sizeof quads, cudaMemcpyDeviceToHost);
  int* out = new int[n];
  cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int count2 = 0, total = 0;
  int* warp_max = new int[warps];
  cudaMemcpy(&total, d_total, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(warp_max, d_warp_max, warps * sizeof(int), cudaMemcpyDeviceToHost);
  int* out2 = new int[n];
  cudaMemcpy(&count2, d_count2, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(out2, d_out2, n * sizeof(int), cudaMemcpyDeviceToHost);
  int want = 0, bad = 0;
  long long sum = 0, want_sum = 0, sum2 = 0;
  for (int i = 0; i < n; ++i)
    if (h[i] > 0) {
      ++want;
      want_sum += h[i];
    }
  for (int i = 0; i < count; ++i) {
    if (out[i] <= 0) ++bad;
    sum += out[i];
  }
  for (int i = 0; i < count2 && i < n; ++i) {
    if (out2[i] <= 0) ++bad;
    sum2 += out2[i];
  }
  for (int w = 0; w < warps; ++w) {
    int m = -1000;
    for (int i = 32 * w; i < 32 * w + 32; ++i) m = i < n && h[i] > m ? h[i] : m;
    if (warp_max[w] != m) ++bad;
  }
  for (int q = 0; q < 64; ++q)
    if (quads[q] != h[4 * q] + h[4 * q + 1] + h[4 * q + 2] + h[4 * q + 3]) ++bad;
  std::printf("kept %d of %d (want %d), with the atomic scan %d, reduced into an atomic %d, %d wrong\n", count, n, want,
              count2, total, bad);
  return count == want && count2 == want && total == want && sum == want_sum && sum2 == want_sum && bad == 0 ? 0 : 1;
}
