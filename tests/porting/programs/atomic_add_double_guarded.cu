// The CUDA programming guide's double atomicAdd for GPUs before sm_60, guarded the way public
// code guards it so that newer GPUs use the built-in one. A HIP build does not define
// __CUDA_ARCH__, so the guard selects HIP's own atomicAdd(double*, double).
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double* address, double val) {
  unsigned long long int* address_as_ull = (unsigned long long int*)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

__global__ void sum_kernel(const double* x, int n, double* total) {
  __shared__ double partial[256];
  double v = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += x[i];
  partial[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(total, partial[0]);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1000000;
  std::vector<double> h(n);
  for (int i = 0; i < n; ++i) h[i] = 1.0 / (1.0 + i) + std::sin(i * 0.01);
  double *x, *total;
  cudaMalloc(&x, n * sizeof(double));
  cudaMalloc(&total, sizeof(double));
  cudaMemcpy(x, h.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(double));
  sum_kernel<<<64, 256>>>(x, n, total);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  double got;
  cudaMemcpy(&got, total, sizeof(double), cudaMemcpyDeviceToHost);
  double want = 0.0;
  for (double v : h) want += v;
  std::printf("sum %.12f (want %.12f)\n", got, want);
  cudaFree(x);
  cudaFree(total);
  return std::fabs(got - want) <= 1e-9 * std::fabs(want) ? 0 : 1;
}
