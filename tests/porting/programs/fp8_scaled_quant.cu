// Per-tensor FP8 quantization as LLM serving kernels write it: the absolute maximum through atomicMax
// on the float's bits, a scale of absmax / 448, values quantized with __nv_cvt_float_to_fp8 (saturating,
// E4M3) four at a time into an __nv_fp8x4_e4m3, dequantized through float; and an E5M2 gradient copy
// through its constructor. Checked against the formats' own rounding bounds, computed in double.
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "porting_common.h"

__global__ void absmax_kernel(const float* x, unsigned* absmax_bits, int n) {
  float local = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) local = fmaxf(local, fabsf(x[i]));
  atomicMax(absmax_bits, __float_as_uint(local));  // non-negative floats order as their bits
}

__global__ void quantize_kernel(const float4* x, __nv_fp8x4_e4m3* q, const unsigned* absmax_bits, int n4) {
  const float scale = fmaxf(__uint_as_float(*absmax_bits) / 448.0f, 1e-12f);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  const float4 v = x[i];
  const float inv = 1.0f / scale;
  const __nv_fp8x2_storage_t lo = __nv_cvt_float2_to_fp8x2(make_float2(v.x * inv, v.y * inv), __NV_SATFINITE, __NV_E4M3);
  const __nv_fp8x2_storage_t hi = __nv_cvt_float2_to_fp8x2(make_float2(v.z * inv, v.w * inv), __NV_SATFINITE, __NV_E4M3);
  __nv_fp8x4_e4m3 packed;
  packed.__x = static_cast<__nv_fp8x4_storage_t>(lo) | (static_cast<__nv_fp8x4_storage_t>(hi) << 16);
  q[i] = packed;
}

__global__ void dequantize_kernel(const __nv_fp8_e4m3* q, const unsigned* absmax_bits, float* y, __nv_fp8_e5m2* grad,
                                  int n) {
  const float scale = fmaxf(__uint_as_float(*absmax_bits) / 448.0f, 1e-12f);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = static_cast<float>(q[i]) * scale;
  grad[i] = __nv_fp8_e5m2(y[i] * 1000.0f);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 14;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = std::sin(0.37 * i) * std::exp(-0.0001 * i) * 3.5f + (i % 97 == 0 ? 20.0f : 0.0f);
  float *d_x, *d_y;
  unsigned* d_absmax;
  __nv_fp8_e4m3* d_q;
  __nv_fp8_e5m2* d_grad;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMalloc(&d_absmax, sizeof(unsigned));
  cudaMalloc(&d_q, n * sizeof(__nv_fp8_e4m3));
  cudaMalloc(&d_grad, n * sizeof(__nv_fp8_e5m2));
  cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_absmax, 0, sizeof(unsigned));
  absmax_kernel<<<64, 256>>>(d_x, d_absmax, n);
  quantize_kernel<<<(n / 4 + 255) / 256, 256>>>(reinterpret_cast<const float4*>(d_x),
                                                 reinterpret_cast<__nv_fp8x4_e4m3*>(d_q), d_absmax, n / 4);
  dequantize_kernel<<<(n + 255) / 256, 256>>>(d_q, d_absmax, d_y, d_grad, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> y(n);
  std::vector<__nv_fp8_e5m2> grad(n);
  unsigned absmax_bits = 0;
  cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(grad.data(), d_grad, n * sizeof(__nv_fp8_e5m2), cudaMemcpyDeviceToHost);
  cudaMemcpy(&absmax_bits, d_absmax, sizeof absmax_bits, cudaMemcpyDeviceToHost);
  double absmax = 0;
  for (float v : x) absmax = std::fmax(absmax, std::fabs(static_cast<double>(v)));
  float absmax_f;
  std::memcpy(&absmax_f, &absmax_bits, sizeof absmax_f);
  const double scale = absmax_f / 448.0;
  int bad = absmax_f == static_cast<float>(absmax) ? 0 : 1;
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    // E4M3 keeps 3 fraction bits: half an ulp is 2^-4 of the value, and below 2^-6 (its smallest normal)
    // at most 2^-10 in absolute terms; the scale's own rounding adds a float ulp or two.
    const double want = x[i], err = std::fabs(y[i] - want);
    const double bound = std::fmax(std::fabs(want) * (0.0625 + 1e-6), 0x1p-10 * scale * 1.000001);
    worst = std::fmax(worst, err / std::fmax(std::fabs(want), 1e-30));
    if (err > bound) ++bad;
    // E5M2 keeps 2 fraction bits: half an ulp is 2^-3 of the value; 57344 is its largest finite value.
    const double g = static_cast<double>(static_cast<float>(grad[i])), want_g = std::fmin(std::fabs(y[i] * 1000.0), 57344.0);
    if (std::fabs(std::fabs(g) - want_g) > want_g * 0.125 + 0x1p-16 || (g < 0) != (y[i] < 0 && g != 0)) ++bad;
  }
  std::printf("absmax %g, scale %g, worst relative error %.4f, %d wrong\n", absmax, scale, worst, bad);
  return bad == 0 ? 0 : 1;
}
