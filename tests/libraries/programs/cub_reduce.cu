// CUB as kernels and host code use it: cub::BlockReduce with its TempStorage in shared memory
// for per-block sums, and the two-phase cub::DeviceReduce::Sum / ::Max (ask for the temporary
// storage size, allocate, run). Against float64 / exact integer CPU sums.
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_reduce.cuh>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "library_common.h"

constexpr int kBlockThreads = 256;
constexpr int kItemsPerThread = 4;

__global__ void block_sums_kernel(const float* in, float* block_sums, int n) {
  using BlockReduce = cub::BlockReduce<float, kBlockThreads>;
  __shared__ typename BlockReduce::TempStorage temp_storage;
  float items[kItemsPerThread];
  const int base = blockIdx.x * kBlockThreads * kItemsPerThread;
  for (int i = 0; i < kItemsPerThread; ++i) {
    const int idx = base + i * kBlockThreads + threadIdx.x;
    items[i] = idx < n ? in[idx] : 0.0f;
  }
  const float sum = BlockReduce(temp_storage).Sum(items);
  if (threadIdx.x == 0) block_sums[blockIdx.x] = sum;
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int n = 1 << 20;
  const int tile = kBlockThreads * kItemsPerThread, blocks = (n + tile - 1) / tile;
  std::vector<float> h = library_random_floats(n, 21);
  std::vector<int> hi(n);
  for (int i = 0; i < n; ++i) hi[i] = static_cast<int>(h[i] * 2000.0f);
  bool ok = true;

  float *d_in, *d_block_sums, *d_sum;
  int *d_ints, *d_max;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_block_sums, blocks * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_sum, sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_ints, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_max, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_ints, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  block_sums_kernel<<<blocks, kBlockThreads>>>(d_in, d_block_sums, n);
  checkCudaErrors(cudaGetLastError());
  std::vector<float> got_blocks(blocks);
  checkCudaErrors(cudaMemcpy(got_blocks.data(), d_block_sums, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> want_blocks(blocks, 0.0);
  double want_sum = 0.0;
  for (int i = 0; i < n; ++i) {
    want_blocks[i / tile] += h[i];
    want_sum += h[i];
  }
  ok &= library_all_close("block_reduce_sum", got_blocks.data(), want_blocks.data(), blocks, 1e-5, 1e-4);

  // Two-phase device-wide reductions: a null temp pointer asks for the size.
  void* d_temp = nullptr;
  size_t temp_bytes = 0;
  checkCudaErrors(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_sum, n));
  checkCudaErrors(cudaMalloc(&d_temp, temp_bytes));
  checkCudaErrors(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_sum, n));
  float got_sum = 0.0f;
  checkCudaErrors(cudaMemcpy(&got_sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost));
  ok &= library_all_close("device_reduce_sum", &got_sum, &want_sum, 1, 1e-4, 1e-2);
  checkCudaErrors(cudaFree(d_temp));

  d_temp = nullptr;
  temp_bytes = 0;
  checkCudaErrors(cub::DeviceReduce::Max(d_temp, temp_bytes, d_ints, d_max, n));
  checkCudaErrors(cudaMalloc(&d_temp, temp_bytes));
  checkCudaErrors(cub::DeviceReduce::Max(d_temp, temp_bytes, d_ints, d_max, n));
  int got_max = 0;
  checkCudaErrors(cudaMemcpy(&got_max, d_max, sizeof(int), cudaMemcpyDeviceToHost));
  int want_max = hi[0];
  for (int v : hi) want_max = v > want_max ? v : want_max;
  std::printf("device_reduce_max: got %d, want %d\n", got_max, want_max);
  ok &= got_max == want_max;

  checkCudaErrors(cudaFree(d_temp));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_block_sums));
  checkCudaErrors(cudaFree(d_sum));
  checkCudaErrors(cudaFree(d_ints));
  checkCudaErrors(cudaFree(d_max));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
