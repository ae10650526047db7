// dualgpu/on_hip/dualgpu_cuda_half_functions.h: CUDA's half functions that HIP does not declare
// (ROCm 5.2 and 6.4 checked): arithmetic that is never fused (__hadd_rn, __hmul2_rn, ...), max/min
// that keep NaNs, fma with relu, complex multiply-add, comparisons to masks, tanh, and conversions
// from double and to 8-bit integers. HIP builds only; cuda_fp16.h includes it.
//
// The arithmetic is one float operation rounded once to half: float has at least twice half's
// precision plus two bits, so that gives the correctly rounded half result; fma uses HIP's __hfma.
// They are templates with one defaulted parameter, so a later HIP's plain ones win overload
// resolution and these stand aside.
#pragma once

#include <hip/hip_fp16.h>

#include <cmath>
#include <cstdint>

#include "dualgpu_cuda_rounding.h"

namespace dualgpu {
namespace cuda_half {
__host__ __device__ inline __half round_float(float f) { return __float2half(f); }
__host__ __device__ inline float widen(__half h) { return __half2float(h); }
__host__ __device__ inline __half2 pair(__half low, __half high) { return __halves2half2(low, high); }
// From bits on the host too (HIP 5.x declares __ushort_as_half for the device only).
__host__ __device__ inline __half from_bits(std::uint16_t bits) {
  __half h;
  __builtin_memcpy(&h, &bits, sizeof(h));
  return h;
}
__host__ __device__ inline __half nan_of() { return from_bits(0x7fffu); }  // CUDA's canonical NaN
// HIP 5.x declares __hisnan for the device only.
__host__ __device__ inline bool is_nan(__half h) { return std::isnan(widen(h)); }
}  // namespace cuda_half
}  // namespace dualgpu

// No fused multiply-add: one float operation (exact for the product), rounded once.
#define DUALGPU_CUDA_HALF_RN(name, name2, op)                                                              \
  template <int = 0>                                                                                       \
  __host__ __device__ inline __half name(__half a, __half b) {                                             \
    using namespace ::dualgpu::cuda_half;                                                                  \
    return round_float(widen(a) op widen(b));                                                              \
  }                                                                                                        \
  template <int = 0>                                                                                       \
  __host__ __device__ inline __half2 name2(__half2 a, __half2 b) {                                         \
    return ::dualgpu::cuda_half::pair(name(__low2half(a), __low2half(b)), name(__high2half(a), __high2half(b))); \
  }
DUALGPU_CUDA_HALF_RN(__hadd_rn, __hadd2_rn, +)
DUALGPU_CUDA_HALF_RN(__hsub_rn, __hsub2_rn, -)
DUALGPU_CUDA_HALF_RN(__hmul_rn, __hmul2_rn, *)
#undef DUALGPU_CUDA_HALF_RN

// max/min where a NaN operand gives NaN (the plain __hmax lets the other operand win); +0 counts
// as greater than -0, as in CUDA.
template <int = 0>
__host__ __device__ inline __half __hmax_nan(__half a, __half b) {
  using namespace ::dualgpu::cuda_half;
  if (is_nan(a) || is_nan(b)) return nan_of();
  const float x = widen(a), y = widen(b);
  return x == y ? (std::signbit(x) ? b : a) : (x > y ? a : b);
}
template <int = 0>
__host__ __device__ inline __half __hmin_nan(__half a, __half b) {
  using namespace ::dualgpu::cuda_half;
  if (is_nan(a) || is_nan(b)) return nan_of();
  const float x = widen(a), y = widen(b);
  return x == y ? (std::signbit(x) ? a : b) : (x < y ? a : b);
}
template <int = 0>
__host__ __device__ inline __half2 __hmax2_nan(__half2 a, __half2 b) {
  return ::dualgpu::cuda_half::pair(__hmax_nan(__low2half(a), __low2half(b)), __hmax_nan(__high2half(a), __high2half(b)));
}
template <int = 0>
__host__ __device__ inline __half2 __hmin2_nan(__half2 a, __half2 b) {
  return ::dualgpu::cuda_half::pair(__hmin_nan(__low2half(a), __low2half(b)), __hmin_nan(__high2half(a), __high2half(b)));
}

// HIP's half fma (one rounding), then negative results to 0 and NaN to the canonical NaN.
template <int = 0>
__device__ inline __half __hfma_relu(__half a, __half b, __half c) {
  using namespace ::dualgpu::cuda_half;
  const __half r = __hfma(a, b, c);
  return is_nan(r) ? nan_of() : (widen(r) < 0.0f ? __float2half(0.0f) : r);
}
template <int = 0>
__device__ inline __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c) {
  return ::dualgpu::cuda_half::pair(__hfma_relu(__low2half(a), __low2half(b), __low2half(c)),
                                    __hfma_relu(__high2half(a), __high2half(b), __high2half(c)));
}

// Complex a*b + c on (real, imaginary) pairs, in CUDA's order of two fmas per part.
template <int = 0>
__device__ inline __half2 __hcmadd(__half2 a, __half2 b, __half2 c) {
  const __half ax = __low2half(a), ay = __high2half(a), bx = __low2half(b), by = __high2half(b);
  const __half real = __hfma(__hneg(ay), by, __hfma(ax, bx, __low2half(c)));
  const __half imaginary = __hfma(ay, bx, __hfma(ax, by, __high2half(c)));
  return ::dualgpu::cuda_half::pair(real, imaginary);
}

// Comparisons of each half to a mask: 0xffff where it holds. The "u" forms also hold for NaN.
#define DUALGPU_CUDA_HALF_MASK(name, holds)                                                        \
  template <int = 0>                                                                               \
  __host__ __device__ inline unsigned int name(__half2 a, __half2 b) {                             \
    using ::dualgpu::cuda_half::widen;                                                             \
    const float al = widen(__low2half(a)), bl = widen(__low2half(b));                              \
    const float ah = widen(__high2half(a)), bh = widen(__high2half(b));                            \
    const auto test = [](float x, float y) { return holds; };                                      \
    return (test(al, bl) ? 0xffffu : 0u) | (test(ah, bh) ? 0xffff0000u : 0u);                      \
  }
DUALGPU_CUDA_HALF_MASK(__heq2_mask, x == y)
DUALGPU_CUDA_HALF_MASK(__hne2_mask, x < y || x > y)
DUALGPU_CUDA_HALF_MASK(__hge2_mask, x >= y)
DUALGPU_CUDA_HALF_MASK(__hgt2_mask, x > y)
DUALGPU_CUDA_HALF_MASK(__hle2_mask, x <= y)
DUALGPU_CUDA_HALF_MASK(__hlt2_mask, x < y)
DUALGPU_CUDA_HALF_MASK(__hequ2_mask, !(x < y || x > y))
DUALGPU_CUDA_HALF_MASK(__hneu2_mask, x != y)
DUALGPU_CUDA_HALF_MASK(__hgeu2_mask, !(x < y))
DUALGPU_CUDA_HALF_MASK(__hgtu2_mask, !(x <= y))
DUALGPU_CUDA_HALF_MASK(__hleu2_mask, !(x > y))
DUALGPU_CUDA_HALF_MASK(__hltu2_mask, !(x >= y))
#undef DUALGPU_CUDA_HALF_MASK

// tanh in float rounded to half; CUDA's _approx forms promise less, so the same value serves.
template <int = 0>
__device__ inline __half htanh(__half x) {
  return ::dualgpu::cuda_half::round_float(tanhf(::dualgpu::cuda_half::widen(x)));
}
template <int = 0>
__device__ inline __half2 h2tanh(__half2 x) {
  return ::dualgpu::cuda_half::pair(htanh(__low2half(x)), htanh(__high2half(x)));
}
template <int = 0>
__device__ inline __half htanh_approx(__half x) {
  return htanh(x);
}
template <int = 0>
__device__ inline __half2 h2tanh_approx(__half2 x) {
  return h2tanh(x);
}

// From double, rounded once to nearest even; to 8-bit integers toward zero, saturated, NaN to 0.
template <int = 0>
__host__ __device__ inline __half __double2half(double d) {
  std::uint64_t bits;
  __builtin_memcpy(&bits, &d, sizeof(bits));
  namespace rounding = ::dualgpu::cuda_rounding;
  return ::dualgpu::cuda_half::from_bits(rounding::bits_of_double(rounding::half, bits, rounding::mode::nearest_even));
}
template <int = 0>
__host__ __device__ inline signed char __half2char_rz(__half h) {
  return ::dualgpu::cuda_rounding::saturate<signed char>(truncf(::dualgpu::cuda_half::widen(h)));
}
template <int = 0>
__host__ __device__ inline unsigned char __half2uchar_rz(__half h) {
  return ::dualgpu::cuda_rounding::saturate<unsigned char>(truncf(::dualgpu::cuda_half::widen(h)));
}
