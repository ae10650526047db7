// __launch_bounds__ in its two public forms: maximum threads per block alone, and with a
// minimum number of resident blocks per multiprocessor, on kernels launched at that maximum.
// cudaFuncGetAttributes reports the limit the compiler kept. Results against the CPU.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

#define MAX_THREADS 256
#define MIN_BLOCKS 2

__global__ void __launch_bounds__(MAX_THREADS, MIN_BLOCKS) poly_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = ((0.5f * v + 1.0f) * v - 2.0f) * v + 3.0f;
  }
}

__global__ void __launch_bounds__(1024) negate_kernel(float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = -y[i];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  cudaFuncAttributes attr;
  if (cudaFuncGetAttributes(&attr, poly_kernel) != cudaSuccess) return 1;
  std::printf("poly_kernel: maxThreadsPerBlock %d\n", attr.maxThreadsPerBlock);
  if (attr.maxThreadsPerBlock < 1 || attr.maxThreadsPerBlock > MAX_THREADS) return 1;
  const int n = 50000;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = 0.001f * i - 20.0f;
  float *d_x, *d_y;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  poly_kernel<<<(n + MAX_THREADS - 1) / MAX_THREADS, MAX_THREADS>>>(d_x, d_y, n);
  negate_kernel<<<(n + 1023) / 1024, 1024>>>(d_y, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> y(n);
  cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const double v = x[i];
    const double want = -(((0.5 * v + 1.0) * v - 2.0) * v + 3.0);
    bad += std::fabs(y[i] - want) > 1e-5 * (1.0 + std::fabs(want));
  }
  std::printf("%d mismatches\n", bad);
  cudaFree(d_x);
  cudaFree(d_y);
  return bad == 0 ? 0 : 1;
}
