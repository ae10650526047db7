// The grid-stride loop with a size_t index (NVIDIA's "CUDA Pro Tip: Write Flexible Kernels
// with Grid-Stride Loops"), over more elements than the grid has threads, with a saxpy body.
// Compared with a double-precision CPU saxpy.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

__global__ void saxpy(size_t n, float a, const float* x, float* y) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const size_t n = (size_t)3 << 20;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000) * 0.001f;
    y[i] = (float)(i % 7);
  }
  float *d_x, *d_y;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  int device = 0, sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  saxpy<<<32 * sms, 256>>>(n, 2.0f, d_x, d_y);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> out(n);
  cudaMemcpy(out.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const double want = 2.0 * x[i] + y[i];
    bad += std::fabs(out[i] - want) > 1e-6 * (1.0 + want);
  }
  std::printf("%zu mismatches\n", bad);
  cudaFree(d_x);
  cudaFree(d_y);
  return bad == 0 ? 0 : 1;
}
