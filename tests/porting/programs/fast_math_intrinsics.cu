// Rounding-mode and conversion intrinsics numerical kernels use: __fadd_rn, __fmul_rn, __fmaf_rn,
// __frcp_rn, __fsqrt_rn, __fdiv_rn, __dadd_rn, __float2int_rn/_rz/_rd/_ru, __double2int_rn,
// __int2float_rn, __double_as_longlong / __longlong_as_double, __umul64hi, __mulhi, __expf,
// __logf, exp2f, erfcinvf, normcdff, rnorm3df, __saturatef.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include "porting_common.h"

__global__ void numerics(const float* x, float* out, int* ints, unsigned long long* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  out[8 * i + 0] = __fadd_rn(v, 1.0f) - __fmul_rn(v, 1.0f);
  out[8 * i + 1] = __fmaf_rn(v, 2.0f, -v) - v;
  out[8 * i + 2] = __frcp_rn(v) * v;
  out[8 * i + 3] = __fsqrt_rn(v * v) - __fdiv_rn(v, 1.0f);
  out[8 * i + 4] = (float)__dadd_rn((double)v, 0.5) - v;
  out[8 * i + 5] = __logf(__expf(v)) - v;
  out[8 * i + 6] = normcdff(0.0f) + erfcinvf(1.0f) + exp2f(1.0f) - 2.5f;
  out[8 * i + 7] = rnorm3df(v, 0.0f, 0.0f) * v;
  ints[4 * i + 0] = __float2int_rn(v * 3.5f);
  ints[4 * i + 1] = __float2int_rz(-v * 3.5f);
  ints[4 * i + 2] = __float2int_rd(v * 3.5f) + __float2int_ru(v * 3.5f);
  ints[4 * i + 3] = __double2int_rn((double)v * 2.5) + (int)__int2float_rn(i);
  wide[2 * i + 0] = __double_as_longlong(__longlong_as_double(0x3ff0000000000000ull + i));
  wide[2 * i + 1] = __umul64hi(0x9e3779b97f4a7c15ull, (unsigned long long)i * 1000003ull) + (unsigned)__mulhi(i, 1 << 30);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 257;
  float h[n], out[8 * n];
  int ints[4 * n];
  unsigned long long wide[2 * n];
  for (int i = 0; i < n; ++i) h[i] = 0.25f + 0.01f * i;
  float *dx, *dout;
  int* dints;
  unsigned long long* dwide;
  cudaMalloc(&dx, sizeof h); cudaMalloc(&dout, sizeof out); cudaMalloc(&dints, sizeof ints); cudaMalloc(&dwide, sizeof wide);
  cudaMemcpy(dx, h, sizeof h, cudaMemcpyHostToDevice);
  numerics<<<(n + 63) / 64, 64>>>(dx, dout, dints, dwide, n);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(ints, dints, sizeof ints, cudaMemcpyDeviceToHost);
  cudaMemcpy(wide, dwide, sizeof wide, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    double v = h[i];
    double want[8] = {1.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.5 + 0.0 + 2.0 - 2.5, 1.0};
    double tol[8] = {1e-6, 1e-6, 1e-6, 1e-6, 1e-6, 2e-5, 1e-6, 1e-6};
    for (int k = 0; k < 8; ++k) bad += std::fabs(out[8 * i + k] - want[k]) > tol[k] * (1 + std::fabs(v));
    float t = h[i] * 3.5f;
    bad += ints[4 * i + 0] != (int)std::nearbyint(t);
    bad += ints[4 * i + 1] != (int)(-t);
    bad += ints[4 * i + 2] != (int)std::floor(t) + (int)std::ceil(t);
    bad += ints[4 * i + 3] != (int)std::nearbyint(v * 2.5) + i;
    bad += wide[2 * i] != 0x3ff0000000000000ull + i;
    unsigned long long b = (unsigned long long)i * 1000003ull;
    unsigned long long hi = (unsigned long long)(((unsigned __int128)0x9e3779b97f4a7c15ull * b) >> 64);
    bad += wide[2 * i + 1] != hi + (unsigned)(((long long)i << 30) >> 32);
  }
  printf("%d bad\n", bad);
  cudaFree(dx); cudaFree(dout); cudaFree(dints); cudaFree(dwide);
  return bad ? 1 : 0;
}
