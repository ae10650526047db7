// FP4 block quantization as LLM serving kernels write it (vLLM's and FlashInfer's NVFP4 and MXFP4 paths):
// eight values per thread, the block's absolute maximum shared through __shfl_xor_sync; MXFP4 with one
// E8M0 scale per 32 values (__nv_cvt_float_to_e8m0, rounded up, so nothing clips) and values packed
// by __nv_cvt_float2_to_fp4x2; NVFP4 with a float tensor scale and one E4M3 scale per 16 values and
// values packed four at a time into __nv_fp4x4_e2m1. Dequantized on the GPU through __nv_fp4x2_e2m1,
// __nv_cvt_fp4x2_to_halfraw2 and the E8M0 and E4M3 scale types. Checked against a double-precision CPU
// reference that decodes the bits itself: the scales against their formats' rounding, every value
// against E2M1's half spacing, and a block of exact ties against round-to-nearest-even.
#include <cuda_fp4.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "porting_common.h"

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      std::exit(1);                                                             \
    }                                                                           \
  } while (0)

constexpr int kEltsPerThread = 8;
constexpr float kFp4Max = 6.0f, kE4m3Max = 448.0f;

__device__ float abs_max8(const float4 a, const float4 b) {
  return fmaxf(fmaxf(fmaxf(fabsf(a.x), fabsf(a.y)), fmaxf(fabsf(a.z), fabsf(a.w))),
               fmaxf(fmaxf(fabsf(b.x), fabsf(b.y)), fmaxf(fabsf(b.z), fabsf(b.w))));
}

// MXFP4: four threads per block of 32; the scale is the power of two at or above amax / 6.
__global__ void mxfp4_quantize(const float4* in, __nv_fp4x2_storage_t* out, __nv_fp8_e8m0* scales) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 a = in[2 * tid], b = in[2 * tid + 1];
  float amax = abs_max8(a, b);
  amax = fmaxf(__shfl_xor_sync(0xffffffffu, amax, 1), amax);
  amax = fmaxf(__shfl_xor_sync(0xffffffffu, amax, 2), amax);
  __nv_fp8_e8m0 scale;
  scale.__x = __nv_cvt_float_to_e8m0(amax / kFp4Max, __NV_SATFINITE, cudaRoundPosInf);
  if (tid % 4 == 0) scales[tid / 4] = scale;
  const float inv = 1.0f / static_cast<float>(scale);  // a power of two: exact
  const float v[kEltsPerThread] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  for (int i = 0; i < kEltsPerThread / 2; ++i)
    out[tid * 4 + i] = __nv_cvt_float2_to_fp4x2(make_float2(v[2 * i] * inv, v[2 * i + 1] * inv), __NV_E2M1, cudaRoundNearest);
}

// NVFP4: two threads per block of 16; the block scale is E4M3 of amax / 6 times the tensor's scale.
__global__ void nvfp4_quantize(const float4* in, float global_scale, uint32_t* out, __nv_fp8_e4m3* scales) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 a = in[2 * tid], b = in[2 * tid + 1];
  float amax = abs_max8(a, b);
  amax = fmaxf(__shfl_xor_sync(0xffffffffu, amax, 1), amax);
  const __nv_fp8_e4m3 sf(amax * (global_scale / kFp4Max));
  if (tid % 2 == 0) scales[tid / 2] = sf;
  const float sf_value = static_cast<float>(sf);
  const float output_scale = sf_value != 0.0f ? global_scale / sf_value : 0.0f;
  const __nv_fp4x4_e2m1 lo(make_float4(a.x * output_scale, a.y * output_scale, a.z * output_scale, a.w * output_scale));
  const __nv_fp4x4_e2m1 hi(make_float4(b.x * output_scale, b.y * output_scale, b.z * output_scale, b.w * output_scale));
  out[tid] = static_cast<uint32_t>(lo.__x) | (static_cast<uint32_t>(hi.__x) << 16);
}

__global__ void mxfp4_dequantize(const __nv_fp4x2_e2m1* q, const __nv_fp8_e8m0* scales, float2* out, int pairs) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= pairs) return;
  const float2 v = static_cast<float2>(q[i]);
  const float s = static_cast<float>(scales[i / 16]);
  out[i] = make_float2(v.x * s, v.y * s);
}

__global__ void nvfp4_dequantize(const __nv_fp4x2_storage_t* q, const __nv_fp8_e4m3* scales, float global_scale, float2* out,
                                 int pairs) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= pairs) return;
  const float2 v = __half22float2(__half2(__nv_cvt_fp4x2_to_halfraw2(q[i], __NV_E2M1)));
  const float s = static_cast<float>(scales[i / 8]) / global_scale;
  out[i] = make_float2(v.x * s, v.y * s);
}

// The CPU side reads the bits itself.
double e2m1_value(unsigned nibble) {
  static const double grid[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return (nibble & 8 ? -1 : 1) * grid[nibble & 7];
}
double e4m3_value(unsigned char b) {
  const int field = (b >> 3) & 15, mantissa = b & 7;
  const double magnitude = field ? std::ldexp(1 + mantissa / 8.0, field - 7) : std::ldexp(mantissa / 8.0, -6);
  return b & 0x80 ? -magnitude : magnitude;
}
// E2M1's code for y: round to nearest even on the grid, saturating at 6; the sign kept on a zero.
unsigned e2m1_round(double y) {
  const double m = std::fmin(std::fabs(y), 6.0);
  unsigned best = 0;
  for (unsigned c = 1; c < 8; ++c) {
    const double d = std::fabs(e2m1_value(c) - m), d_best = std::fabs(e2m1_value(best) - m);
    if (d < d_best || (d == d_best && (c & 1) == 0)) best = c;
  }
  return best | (std::signbit(y) ? 8u : 0u);
}
// Half of E2M1's spacing at magnitude m (at most 6).
double e2m1_half_spacing(double m) { return m < 2 ? 0.25 : m < 4 ? 0.5 : 1.0; }

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 14, threads = n / kEltsPerThread;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = std::sin(0.37 * i) * std::exp(-0.0001 * i) * 3.5f + (i % 97 == 0 ? 20.0f : 0.0f);
  // Block 0: ties of E2M1 at scale 1 (amax 6); block 1: zeros; block 2: values near float's smallest.
  const float ties[16] = {6.0f,   0.25f,  0.75f,  1.25f,  1.75f, 2.5f,  3.5f,  5.0f,
                          -0.25f, -0.75f, -1.25f, -1.75f, -2.5f, -3.5f, -5.0f, -0.0f};
  for (int i = 0; i < 32; ++i) x[i] = ties[i % 16];
  for (int i = 32; i < 64; ++i) x[i] = 0.0f;
  for (int i = 64; i < 96; ++i) x[i] = (i % 3 - 1) * 1e-36f * (i - 60);
  double tensor_amax = 0;
  for (float v : x) tensor_amax = std::fmax(tensor_amax, std::fabs(static_cast<double>(v)));
  const float global_scale = static_cast<float>(kE4m3Max * kFp4Max / tensor_amax);

  float* d_x;
  float2 *d_mx_out, *d_nv_out;
  __nv_fp4x2_storage_t* d_mx;
  uint32_t* d_nv;
  __nv_fp8_e8m0* d_mx_scales;
  __nv_fp8_e4m3* d_nv_scales;
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_mx, n / 2));
  CUDA_CHECK(cudaMalloc(&d_nv, n / 2));
  CUDA_CHECK(cudaMalloc(&d_mx_scales, n / 32 * sizeof(__nv_fp8_e8m0)));
  CUDA_CHECK(cudaMalloc(&d_nv_scales, n / 16 * sizeof(__nv_fp8_e4m3)));
  CUDA_CHECK(cudaMalloc(&d_mx_out, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_nv_out, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  mxfp4_quantize<<<threads / 128, 128>>>(reinterpret_cast<const float4*>(d_x), d_mx, d_mx_scales);
  CUDA_CHECK(cudaGetLastError());
  nvfp4_quantize<<<threads / 128, 128>>>(reinterpret_cast<const float4*>(d_x), global_scale, d_nv, d_nv_scales);
  CUDA_CHECK(cudaGetLastError());
  mxfp4_dequantize<<<(n / 2 + 255) / 256, 256>>>(reinterpret_cast<const __nv_fp4x2_e2m1*>(d_mx), d_mx_scales, d_mx_out, n / 2);
  CUDA_CHECK(cudaGetLastError());
  nvfp4_dequantize<<<(n / 2 + 255) / 256, 256>>>(reinterpret_cast<const __nv_fp4x2_storage_t*>(d_nv), d_nv_scales, global_scale,
                                                 d_nv_out, n / 2);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<unsigned char> mx(n / 2), nv(n / 2), mx_scales(n / 32), nv_scales(n / 16);
  std::vector<float> mx_out(n), nv_out(n);
  CUDA_CHECK(cudaMemcpy(mx.data(), d_mx, n / 2, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(nv.data(), d_nv, n / 2, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(mx_scales.data(), d_mx_scales, n / 32, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(nv_scales.data(), d_nv_scales, n / 16, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(mx_out.data(), d_mx_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(nv_out.data(), d_nv_out, n * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  double worst_mx = 0, worst_nv = 0;
  for (int block = 0; block < n / 32; ++block) {  // MXFP4
    double amax = 0;
    for (int i = 0; i < 32; ++i) amax = std::fmax(amax, std::fabs(static_cast<double>(x[block * 32 + i])));
    const double s = std::ldexp(1.0, mx_scales[block] - 127);
    // Rounded up from amax / 6 (a float): amax / s in (3, 6], or the smallest scale for amax / 6 below it.
    const bool scale_ok = mx_scales[block] != 0xFF && (amax / s <= 6 * (1 + 0x1p-22)) &&
                          (amax / s > 3 * (1 - 0x1p-22) || (mx_scales[block] == 0 && amax / 6 <= 0x1p-127));
    bad += !scale_ok;
    for (int i = 0; i < 32; ++i) {
      const int k = block * 32 + i;
      const unsigned code = (mx[k / 2] >> (4 * (k % 2))) & 15;
      const double y = x[k] / s, want = e2m1_value(code) * s;
      bad += code != e2m1_round(y);  // x * (1 / s) is exact: the code is round-to-nearest-even's
      bad += std::fabs(want - x[k]) > e2m1_half_spacing(std::fmin(std::fabs(y), 6.0)) * s;
      bad += mx_out[k] != static_cast<float>(want);
      worst_mx = std::fmax(worst_mx, std::fabs(want - x[k]) / s);
    }
  }
  for (int block = 0; block < n / 16; ++block) {  // NVFP4
    double amax = 0;
    for (int i = 0; i < 16; ++i) amax = std::fmax(amax, std::fabs(static_cast<double>(x[block * 16 + i])));
    const double target = amax * global_scale / 6, sf = e4m3_value(nv_scales[block]);
    // E4M3 keeps 3 fraction bits: half an ulp is 2^-4 of the value, and 2^-10 below 2^-6 (its smallest normal).
    bad += sf < 0 || std::fabs(sf - target) > std::fmax(target * 0x1p-4, 0x1p-10) * (1 + 1e-6);
    const double eff = sf / global_scale;
    for (int i = 0; i < 16; ++i) {
      const int k = block * 16 + i;
      const unsigned code = (nv[k / 2] >> (4 * (k % 2))) & 15;
      const double got = e2m1_value(code);
      if (sf == 0) {
        bad += got != 0;
        continue;
      }
      // Half of E2M1's spacing at |x| / scale, saturating at 6, and float's rounding of the scale's inverse.
      const double y = x[k] / eff, m = std::fmin(std::fabs(y), 6.0);
      const double err = std::fabs(std::fabs(got) - m);
      bad += err > e2m1_half_spacing(m) + 1e-5 * m || (got != 0 && (got < 0) != (x[k] < 0));
      bad += std::fabs(nv_out[k] - got * eff) > 1e-6 * std::fabs(got * eff);
      worst_nv = std::fmax(worst_nv, err);
    }
  }
  std::printf("tensor absmax %g, global scale %g, worst error in units of the scale: MXFP4 %.3f, NVFP4 %.3f; %d wrong\n",
              tensor_amax, global_scale, worst_mx, worst_nv, bad);
  cudaFree(d_x);
  cudaFree(d_mx);
  cudaFree(d_nv);
  cudaFree(d_mx_scales);
  cudaFree(d_nv_scales);
  cudaFree(d_mx_out);
  cudaFree(d_nv_out);
  return bad == 0 ? 0 : 1;
}
