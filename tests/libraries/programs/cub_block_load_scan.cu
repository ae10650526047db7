// CUB's block primitives as kernels use them (BlockLoad, BlockScan, BlockStore with a union of temp
// storage) and its device-wide scan and radix sort with the two-call temporary storage query. Against exact
// integer CPU prefix sums and order.
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>
#include "library_common.h"

// The program's own check macro, as many projects write one.
#define CUDA_CHECK(call)                                                                         \
  do {                                                                                           \
    cudaError_t err_ = (call);                                                                   \
    if (err_ != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));         \
      return 1;                                                                                  \
    }                                                                                            \
  } while (0)

template <int BLOCK, int ITEMS>
__global__ void block_prefix_sum(const int* in, int* out, int n) {
  using load_t = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_TRANSPOSE>;
  using scan_t = cub::BlockScan<int, BLOCK>;
  using store_t = cub::BlockStore<int, BLOCK, ITEMS, cub::BLOCK_STORE_TRANSPOSE>;
  __shared__ union {
    typename load_t::TempStorage load;
    typename scan_t::TempStorage scan;
    typename store_t::TempStorage store;
  } temp;
  int items[ITEMS];
  const int offset = blockIdx.x * BLOCK * ITEMS;
  load_t(temp.load).Load(in + offset, items, n - offset, 0);
  __syncthreads();
  int block_total;
  scan_t(temp.scan).ExclusiveSum(items, items, block_total);
  __syncthreads();
  store_t(temp.store).Store(out + offset, items, n - offset);
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  constexpr int block = 128, items = 4, n = 5000;
  std::vector<int> h(n), keys(n);
  for (int i = 0; i < n; ++i) {
    h[i] = (i * 7) % 11;
    keys[i] = (i * 7919) % 10007;
  }
  int *d_in, *d_out, *d_scan, *d_keys, *d_sorted;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_scan, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_keys, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sorted, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_keys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const int tile = block * items;
  block_prefix_sum<block, items><<<(n + tile - 1) / tile, block>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());

  void* temp = nullptr;
  size_t temp_bytes = 0;
  CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, d_in, d_scan, n));
  CUDA_CHECK(cudaMalloc(&temp, temp_bytes));
  CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, d_in, d_scan, n));
  CUDA_CHECK(cudaFree(temp));
  temp = nullptr;
  temp_bytes = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, d_keys, d_sorted, n));
  CUDA_CHECK(cudaMalloc(&temp, temp_bytes));
  CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, d_keys, d_sorted, n));
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<int> out(n), scan(n), sorted(n);
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(scan.data(), d_scan, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(sorted.data(), d_sorted, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0, tile_sum = 0, total = 0;
  for (int i = 0; i < n; ++i) {
    if (i % tile == 0) tile_sum = 0;
    if (out[i] != tile_sum) ++bad;
    tile_sum += h[i];
    total += h[i];
    if (scan[i] != total) ++bad;
    if (i > 0 && sorted[i] < sorted[i - 1]) ++bad;
  }
  std::printf("%d wrong\n", bad);
  return bad == 0 ? 0 : 1;
}
