// libcu++'s integer helpers and function objects as newer launch code writes them: the grid from
// cuda::ceil_div, rows padded with cuda::round_up, a tree reduction whose rounds come from cuda::ilog2,
// cuda::maximum<> and cuda::std::plus as the reduction ops, and a lambda behind cuda::proclaim_return_type.
#include <cuda/cmath>
#include <cuda/functional>
#include <cstdio>
#include "porting_common.h"

constexpr int kBlock = 256;

template <typename Op, typename T>
__device__ T block_reduce(T v, Op op, T* scratch) {
  scratch[threadIdx.x] = v;
  __syncthreads();
  for (int round = cuda::ilog2(kBlock) - 1; round >= 0; --round) {
    const int half = 1 << round;
    if (threadIdx.x < half) scratch[threadIdx.x] = op(scratch[threadIdx.x], scratch[threadIdx.x + half]);
    __syncthreads();
  }
  return scratch[0];
}

// Each block reduces one padded row: its sum and its largest value, with the padding left out.
__global__ void row_stats(const int* padded, int cols, int stride, long long* sums, int* maxima) {
  __shared__ long long sum_scratch[kBlock];
  __shared__ int max_scratch[kBlock];
  const int* row = padded + static_cast<size_t>(blockIdx.x) * stride;
  const auto square = cuda::proclaim_return_type<long long>([](int v) { return static_cast<long long>(v) * v; });
  long long s = 0;
  int m = -2147483647 - 1;
  for (int c = threadIdx.x; c < cols; c += kBlock) {
    s += square(row[c]);
    m = cuda::maximum<>()(m, row[c]);
  }
  s = block_reduce(s, cuda::std::plus<long long>(), sum_scratch);
  m = block_reduce(m, cuda::maximum<int>(), max_scratch);
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = s;
    maxima[blockIdx.x] = m;
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int rows = 37, cols = 1000;
  const int stride = cuda::round_up(cols, 64);  // rows start on 64-element boundaries
  const int blocks = cuda::ceil_div(rows * stride, stride);
  int* h = new int[rows * stride];
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < stride; ++c) h[r * stride + c] = c < cols ? (r * 131 + c * 7) % 1999 - 999 : 1 << 30;
  int *d, *d_max;
  long long* d_sum;
  cudaMalloc(&d, sizeof(int) * rows * stride);
  cudaMalloc(&d_sum, sizeof(long long) * rows);
  cudaMalloc(&d_max, sizeof(int) * rows);
  cudaMemcpy(d, h, sizeof(int) * rows * stride, cudaMemcpyHostToDevice);
  row_stats<<<blocks, kBlock>>>(d, cols, stride, d_sum, d_max);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  long long sums[rows];
  int maxima[rows];
  cudaMemcpy(sums, d_sum, sizeof sums, cudaMemcpyDeviceToHost);
  cudaMemcpy(maxima, d_max, sizeof maxima, cudaMemcpyDeviceToHost);
  int bad = stride != 1024 || blocks != rows;
  for (int r = 0; r < rows; ++r) {
    long long want_sum = 0;
    int want_max = -1000;
    for (int c = 0; c < cols; ++c) {
      const int v = h[r * stride + c];
      want_sum += static_cast<long long>(v) * v;
      want_max = v > want_max ? v : want_max;
    }
    bad += sums[r] != want_sum || maxima[r] != want_max;
  }
  std::printf("stride %d, %d blocks, %d rows wrong\n", stride, blocks, bad);
  return bad == 0 ? 0 : 1;
}
