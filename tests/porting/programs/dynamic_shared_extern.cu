// Dynamic shared memory the two ways public code declares it: `extern __shared__ float s[]`
// sized by the launch's third argument, and cuda-samples' SharedMemory<T> struct that
// reinterprets one extern array for any element type. A tiled transpose-and-scale and a
// double block sum, against CPU references.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

__global__ void transpose_kernel(const float* in, float* out, int rows, int cols, int tile) {
  extern __shared__ float s[];
  int x = blockIdx.x * tile + threadIdx.x, y = blockIdx.y * tile + threadIdx.y;
  if (x < cols && y < rows) s[threadIdx.y * (tile + 1) + threadIdx.x] = in[y * cols + x];
  __syncthreads();
  x = blockIdx.y * tile + threadIdx.x;
  y = blockIdx.x * tile + threadIdx.y;
  if (x < rows && y < cols) out[y * rows + x] = 2.0f * s[threadIdx.x * (tile + 1) + threadIdx.y];
}

__global__ void block_sum_kernel(const double* in, double* out, int n) {
  double* sdata = SharedMemory<double>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[threadIdx.x] = i < n ? in[i] : 0.0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sdata[0];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int rows = 300, cols = 517, tile = 16;
  std::vector<float> a(rows * cols);
  for (int i = 0; i < rows * cols; ++i) a[i] = (float)(i % 251) - 100.0f;
  float *d_a, *d_t;
  cudaMalloc(&d_a, a.size() * sizeof(float));
  cudaMalloc(&d_t, a.size() * sizeof(float));
  cudaMemcpy(d_a, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(tile, tile), grid((cols + tile - 1) / tile, (rows + tile - 1) / tile);
  transpose_kernel<<<grid, block, tile * (tile + 1) * sizeof(float)>>>(d_a, d_t, rows, cols, tile);
  const int n = 100000, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) v[i] = std::sqrt((double)i);
  double *d_v, *d_sums;
  cudaMalloc(&d_v, n * sizeof(double));
  cudaMalloc(&d_sums, blocks * sizeof(double));
  cudaMemcpy(d_v, v.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  block_sum_kernel<<<blocks, threads, threads * sizeof(double)>>>(d_v, d_sums, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> t(a.size());
  std::vector<double> sums(blocks);
  cudaMemcpy(t.data(), d_t, t.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(sums.data(), d_sums, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) bad += t[c * rows + r] != 2.0f * a[r * cols + c];
  for (int b = 0; b < blocks; ++b) {
    double want = 0.0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) want += v[i];
    bad += std::fabs(sums[b] - want) > 1e-9 * want;
  }
  std::printf("%d mismatches\n", bad);
  cudaFree(d_a);
  cudaFree(d_t);
  cudaFree(d_v);
  cudaFree(d_sums);
  return bad == 0 ? 0 : 1;
}
