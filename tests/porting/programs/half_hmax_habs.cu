// __half comparisons and absolute value in a kernel: __hmax, __hmin and __habs, as fp16 clamp
// and activation code uses them. Each result is one of the inputs (or its magnitude), so it is
// compared exactly with a CPU reference computed on the float values.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

__global__ void clamp_abs_kernel(const __half* x, const __half* y, __half* mx, __half* mn, __half* ab, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  mx[i] = __hmax(x[i], y[i]);
  mn[i] = __hmin(x[i], y[i]);
  ab[i] = __habs(x[i]);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 2048;
  std::vector<__half> x(n), y(n);
  std::vector<float> xf(n), yf(n);
  for (int i = 0; i < n; ++i) {
    x[i] = __float2half(std::sin(0.1f * i) * 50.0f);
    y[i] = __float2half(std::cos(0.07f * i) * 40.0f);
    xf[i] = __half2float(x[i]);
    yf[i] = __half2float(y[i]);
  }
  __half *d_x, *d_y, *d_mx, *d_mn, *d_ab;
  cudaMalloc(&d_x, n * sizeof(__half));
  cudaMalloc(&d_y, n * sizeof(__half));
  cudaMalloc(&d_mx, n * sizeof(__half));
  cudaMalloc(&d_mn, n * sizeof(__half));
  cudaMalloc(&d_ab, n * sizeof(__half));
  cudaMemcpy(d_x, x.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
  clamp_abs_kernel<<<n / 256, 256>>>(d_x, d_y, d_mx, d_mn, d_ab, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<__half> mx(n), mn(n), ab(n);
  cudaMemcpy(mx.data(), d_mx, n * sizeof(__half), cudaMemcpyDeviceToHost);
  cudaMemcpy(mn.data(), d_mn, n * sizeof(__half), cudaMemcpyDeviceToHost);
  cudaMemcpy(ab.data(), d_ab, n * sizeof(__half), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    bad += __half2float(mx[i]) != std::fmax(xf[i], yf[i]);
    bad += __half2float(mn[i]) != std::fmin(xf[i], yf[i]);
    bad += __half2float(ab[i]) != std::fabs(xf[i]);
  }
  std::printf("%d mismatches\n", bad);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_mx);
  cudaFree(d_mn);
  cudaFree(d_ab);
  return bad == 0 ? 0 : 1;
}
