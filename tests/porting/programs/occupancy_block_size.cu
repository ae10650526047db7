// The occupancy API picking the launch shape (NVIDIA's "CUDA Pro Tip: Occupancy API"):
// cudaOccupancyMaxPotentialBlockSize for the block size and minimum grid, then
// cudaOccupancyMaxActiveBlocksPerMultiprocessor to report occupancy. Squares an array; the
// chosen sizes must be usable and the result matches the CPU.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "porting_common.h"

__global__ void square_kernel(int* array, int arrayCount) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx < arrayCount) array[idx] *= array[idx];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1000000;
  int blockSize = 0, minGridSize = 0;
  if (cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, square_kernel, 0, 0) != cudaSuccess) return 1;
  int maxActiveBlocks = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&maxActiveBlocks, square_kernel, blockSize, 0) != cudaSuccess) return 1;
  std::printf("block size %d, min grid %d, %d blocks per multiprocessor\n", blockSize, minGridSize, maxActiveBlocks);
  if (blockSize <= 0 || blockSize > 1024 || minGridSize <= 0 || maxActiveBlocks <= 0) return 1;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = i % 46000;
  int* d;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  const int gridSize = (n + blockSize - 1) / blockSize;
  square_kernel<<<gridSize, blockSize>>>(d, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<int> out(n);
  cudaMemcpy(out.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += out[i] != h[i] * h[i];
  std::printf("%d mismatches\n", bad);
  return bad == 0 ? 0 : 1;
}
