// In the style of NVIDIA cuda-samples' shfl_scan: an inclusive prefix sum per block built from
// __shfl_up_sync with a full 32-bit mask and a width argument, warp totals through shared
// memory, then a second kernel adds each block's offset. Lanes and warps are counted in 32s,
// as that sample does.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "porting_common.h"

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));        \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

__global__ void shfl_scan_test(int* data, int width, int* partial_sums = NULL) {
  extern __shared__ int sums[];
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int lane_id = id % 32;
  int warp_id = threadIdx.x / 32;
  int value = data[id];

#pragma unroll
  for (int i = 1; i <= width; i *= 2) {
    unsigned int mask = 0xffffffff;
    int n = __shfl_up_sync(mask, value, i, width);
    if (lane_id >= i) value += n;
  }
  if (threadIdx.x % 32 == 32 - 1) sums[warp_id] = value;
  __syncthreads();

  if (warp_id == 0 && lane_id < (blockDim.x / 32)) {
    int warp_sum = sums[lane_id];
    int mask = (1 << (blockDim.x / 32)) - 1;
    for (int i = 1; i <= (blockDim.x / 32); i *= 2) {
      int n = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / 32));
      if (lane_id >= i) warp_sum += n;
    }
    sums[lane_id] = warp_sum;
  }
  __syncthreads();

  int blockSum = 0;
  if (warp_id > 0) blockSum = sums[warp_id - 1];
  value += blockSum;
  data[id] = value;
  if (partial_sums != NULL && threadIdx.x == blockDim.x - 1) partial_sums[blockIdx.x] = value;
}

__global__ void uniform_add(int* data, int* partial_sums, int len) {
  __shared__ int buf;
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  if (id > len) return;
  if (threadIdx.x == 0) buf = partial_sums[blockIdx.x];
  __syncthreads();
  data[id] += buf;
}

// A warp reduction written with warpSize, broadcast from lane 0 with __shfl_sync.
__global__ void warp_total(const int* in, int* out) {
  int v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % warpSize == 0) atomicAdd(out, v);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int block = 256, n = 65536, blocks = n / block;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 7 + 3) % 11 - 5;
  int *d, *partial, *total;
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  CHECK(cudaMalloc(&partial, blocks * sizeof(int)));
  CHECK(cudaMalloc(&total, sizeof(int)));
  CHECK(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  shfl_scan_test<<<blocks, block, block / 32 * sizeof(int)>>>(d, 32, partial);
  CHECK(cudaGetLastError());
  shfl_scan_test<<<1, blocks, blocks / 32 * sizeof(int)>>>(partial, 32);
  CHECK(cudaGetLastError());
  uniform_add<<<blocks - 1, block>>>(d + block, partial, n);
  CHECK(cudaGetLastError());
  std::vector<int> got(n);
  CHECK(cudaMemcpy(got.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));

  CHECK(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(total, 0, sizeof(int)));
  warp_total<<<1, block>>>(d, total);
  CHECK(cudaGetLastError());
  int gpu_total = 0;
  CHECK(cudaMemcpy(&gpu_total, total, sizeof(int), cudaMemcpyDeviceToHost));

  long long running = 0, block_total = 0;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    running += h[i];
    if (got[i] != running && bad++ < 5) printf("scan[%d] = %d, expected %lld\n", i, got[i], running);
  }
  for (int i = 0; i < block; ++i) block_total += h[i];
  if (gpu_total != block_total) {
    printf("warpSize reduction: %d, expected %lld\n", gpu_total, block_total);
    ++bad;
  }
  printf("%s: %d mismatches\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
