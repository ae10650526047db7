// CUDA has no float atomicMin/atomicMax, so public code defines them itself, by name, through
// atomicCAS on the bit pattern (the idiom of many reductions and ray tracers). HIP declares
// both; DualGPU hides HIP's so these definitions are the ones called, as under nvcc.
#include <cuda_runtime.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

__device__ __forceinline__ float atomicMin(float* address, float val) {
  int* address_as_i = (int*)address;
  int old = *address_as_i, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_i, assumed, __float_as_int(fminf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ __forceinline__ float atomicMax(float* address, float val) {
  int* address_as_i = (int*)address;
  int old = *address_as_i, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_i, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__global__ void min_max_kernel(const float* x, int n, float* lo, float* hi, int* count_neg) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicMin(lo, x[i]);
    atomicMax(hi, x[i]);
    if (x[i] < 0.0f) atomicAdd(count_neg, 1);  // HIP's int overloads stay as CUDA has them
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 18;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = std::sin(0.001f * i) * 100.0f + std::cos(0.37f * i) * 3.0f;
  float *x, *lo, *hi;
  int* neg;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&lo, sizeof(float));
  cudaMalloc(&hi, sizeof(float));
  cudaMalloc(&neg, sizeof(int));
  const float init_lo = FLT_MAX, init_hi = -FLT_MAX;
  cudaMemcpy(x, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(lo, &init_lo, sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(hi, &init_hi, sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(neg, 0, sizeof(int));
  min_max_kernel<<<128, 256>>>(x, n, lo, hi, neg);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  float got_lo, got_hi;
  int got_neg;
  cudaMemcpy(&got_lo, lo, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(&got_hi, hi, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(&got_neg, neg, sizeof(int), cudaMemcpyDeviceToHost);
  double want_lo = h[0], want_hi = h[0];
  int want_neg = 0;
  for (float v : h) {
    want_lo = std::fmin(want_lo, v);
    want_hi = std::fmax(want_hi, v);
    want_neg += v < 0.0f;
  }
  std::printf("min %g (want %g) max %g (want %g) negatives %d (want %d)\n", got_lo, want_lo, got_hi, want_hi, got_neg,
              want_neg);
  cudaFree(x);
  cudaFree(lo);
  cudaFree(hi);
  cudaFree(neg);
  return (got_lo == want_lo && got_hi == want_hi && got_neg == want_neg) ? 0 : 1;
}
