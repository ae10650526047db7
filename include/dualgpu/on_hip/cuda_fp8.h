// dualgpu/on_hip/cuda_fp8.h: CUDA's FP8 types and conversions (<cuda_fp8.h>) on AMD, host and device, on
// every ROCm: __nv_fp8_e4m3, __nv_fp8_e5m2, their x2 and x4 forms, the storage types, __nv_saturation_t,
// __nv_fp8_interpretation_t and the __nv_cvt_* functions. The bits are NVIDIA's (the OCP formats), computed
// in software (dualgpu_cuda_fp8_bits.h): HIP's own FP8 types are another API, and its OCP ones do not
// build for gfx942, whose native FP8 formats (FNUZ) encode other values. Not provided: E8M0 (CUDA 12.8),
// <cuda_fp6.h>, <cuda_fp4.h>.
#pragma once

#include <cstdint>
#include <type_traits>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "dualgpu_cuda_fp8_bits.h"
#include "dualgpu_cuda_rounding.h"

#define __CUDA_FP8_H__
#define __CUDA_FP8_TYPES_EXIST__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

namespace dualgpu {
namespace cuda_fp8 {
__host__ __device__ constexpr format format_of(__nv_fp8_interpretation_t i) { return i == __NV_E5M2 ? e5m2 : e4m3; }
template <typename To, typename From>
__host__ __device__ inline To bits_as(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  return __builtin_bit_cast(To, from);
}
__host__ __device__ inline std::uint16_t pair(std::uint8_t low, std::uint8_t high) {
  return static_cast<std::uint16_t>(low | (high << 8));
}
}  // namespace cuda_fp8
}  // namespace dualgpu

__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                                                                     const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  return f8::of_double_bits(f8::format_of(fp8_interpretation), f8::bits_as<std::uint64_t>(x), saturate == __NV_SATFINITE);
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                                                                    const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  return f8::of_float_bits(f8::format_of(fp8_interpretation), f8::bits_as<std::uint32_t>(x), saturate == __NV_SATFINITE);
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                                                                      const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  return f8::of_half_bits(f8::format_of(fp8_interpretation), x.x, saturate == __NV_SATFINITE);
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x,
                                                                          const __nv_saturation_t saturate,
                                                                          const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  return f8::of_bfloat16_bits(f8::format_of(fp8_interpretation), x.x, saturate == __NV_SATFINITE);
}
// Pairs: .x in the low byte, .y in the high one, as CUDA packs them.
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                                                                          const __nv_fp8_interpretation_t fp8_interpretation) {
  return ::dualgpu::cuda_fp8::pair(__nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation),
                                   __nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation));
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                                                                         const __nv_fp8_interpretation_t fp8_interpretation) {
  return ::dualgpu::cuda_fp8::pair(__nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation),
                                   __nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation));
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                                                                           const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  const f8::format f = f8::format_of(fp8_interpretation);
  // .x and .y are unsigned short in CUDA and ROCm 5, __half_raw in ROCm 6: their bits either way.
  return f8::pair(f8::of_half_bits(f, f8::bits_as<std::uint16_t>(x.x), saturate == __NV_SATFINITE),
                  f8::of_half_bits(f, f8::bits_as<std::uint16_t>(x.y), saturate == __NV_SATFINITE));
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(
    const __nv_bfloat162_raw x, const __nv_saturation_t saturate, const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  const f8::format f = f8::format_of(fp8_interpretation);
  return f8::pair(f8::of_bfloat16_bits(f, x.x, saturate == __NV_SATFINITE),
                  f8::of_bfloat16_bits(f, x.y, saturate == __NV_SATFINITE));
}
__host__ __device__ inline __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                                                              const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw h;
  h.x = ::dualgpu::cuda_fp8::half_bits_of(::dualgpu::cuda_fp8::format_of(fp8_interpretation), x);
  return h;
}
__host__ __device__ inline __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                                                                  const __nv_fp8_interpretation_t fp8_interpretation) {
  namespace f8 = ::dualgpu::cuda_fp8;
  const f8::format f = f8::format_of(fp8_interpretation);
  const std::uint32_t halves = f8::half_bits_of(f, static_cast<std::uint8_t>(x & 0xFF)) |
                               (static_cast<std::uint32_t>(f8::half_bits_of(f, static_cast<std::uint8_t>(x >> 8))) << 16);
  return f8::bits_as<__half2_raw>(halves);  // .x the low half
}

namespace dualgpu {
namespace cuda_fp8 {

// NaN is the float 0x7FFFFFFF, as CUDA gives it.
__host__ __device__ inline float float_of(__nv_fp8_storage_t x, __nv_fp8_interpretation_t i) {
  const __half_raw h = __nv_cvt_fp8_to_halfraw(x, i);
  return h.x == 0x7FFF ? bits_as<float>(0x7FFFFFFFu) : __half2float(__half(h));
}

// The body of __nv_fp8_e4m3 and __nv_fp8_e5m2: CUDA's constructors (all explicit, saturating to the
// largest finite value) and conversions (all explicit; to integers toward zero, saturated, NaN to 0).
template <__nv_fp8_interpretation_t I>
struct alignas(1) scalar {
  __nv_fp8_storage_t __x;

  scalar() = default;
  explicit __host__ __device__ scalar(const __half f)
      : __x(__nv_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __NV_SATFINITE, I)) {}
  explicit __host__ __device__ scalar(const __nv_bfloat16 f)
      : __x(of_bfloat16_bits(format_of(I), __bfloat16_as_ushort(f), true)) {}
  explicit __host__ __device__ scalar(const float f) : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ scalar(const double f) : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, I)) {}
  template <typename Int, std::enable_if_t<std::is_integral<Int>::value && !std::is_same<Int, bool>::value, int> = 0>
  explicit __host__ __device__ scalar(const Int val) : scalar(static_cast<float>(val)) {}

  explicit __host__ __device__ operator __half() const { return __half(__nv_cvt_fp8_to_halfraw(__x, I)); }
  explicit __host__ __device__ operator float() const { return float_of(__x, I); }
  explicit __host__ __device__ operator double() const { return static_cast<double>(float_of(__x, I)); }
  explicit __host__ __device__ operator __nv_bfloat16() const { return __float2bfloat16_rz(float_of(__x, I)); }
  explicit __host__ __device__ operator bool() const { return (__x & 0x7F) != 0; }
  template <typename Int, std::enable_if_t<std::is_integral<Int>::value && !std::is_same<Int, bool>::value, int> = 0>
  explicit __host__ __device__ operator Int() const {
    const float f = float_of(__x, I);
    return ::dualgpu::cuda_rounding::saturate<Int>(__builtin_truncf(f));  // toward zero
  }
};

template <__nv_fp8_interpretation_t I>
struct alignas(2) pair2 {
  __nv_fp8x2_storage_t __x;

  pair2() = default;
  explicit __host__ __device__ pair2(const __half2 f)
      : __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(f), __NV_SATFINITE, I)) {}
#if __has_include(<hip/hip_bf16.h>)  // older ROCm has no bfloat16 pair
  explicit __host__ __device__ pair2(const __nv_bfloat162 f)
      : __x(pair(of_bfloat16_bits(format_of(I), __bfloat16_as_ushort(f.x), true),
                 of_bfloat16_bits(format_of(I), __bfloat16_as_ushort(f.y), true))) {}
#endif
  explicit __host__ __device__ pair2(const float2 f) : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ pair2(const double2 f) : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, I)) {}

  explicit __host__ __device__ operator __half2() const { return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, I)); }
  explicit __host__ __device__ operator float2() const {
    return make_float2(float_of(static_cast<__nv_fp8_storage_t>(__x & 0xFF), I),
                       float_of(static_cast<__nv_fp8_storage_t>(__x >> 8), I));
  }
};

template <__nv_fp8_interpretation_t I>
struct alignas(4) quad4 {
  __nv_fp8x4_storage_t __x;

  quad4() = default;
  explicit __host__ __device__ quad4(const __half2 low, const __half2 high)
      : __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(low), __NV_SATFINITE, I) |
            (static_cast<__nv_fp8x4_storage_t>(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(high), __NV_SATFINITE, I))
             << 16)) {}
#if __has_include(<hip/hip_bf16.h>)
  explicit __host__ __device__ quad4(const __nv_bfloat162 low, const __nv_bfloat162 high)
      : __x(pair2<I>(low).__x | (static_cast<__nv_fp8x4_storage_t>(pair2<I>(high).__x) << 16)) {}
#endif
  explicit __host__ __device__ quad4(const float4 f)
      : __x(__nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y), __NV_SATFINITE, I) |
            (static_cast<__nv_fp8x4_storage_t>(__nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w), __NV_SATFINITE, I)) << 16)) {}
  explicit __host__ __device__ quad4(const double4 f)
      : __x(__nv_cvt_double2_to_fp8x2(make_double2(f.x, f.y), __NV_SATFINITE, I) |
            (static_cast<__nv_fp8x4_storage_t>(__nv_cvt_double2_to_fp8x2(make_double2(f.z, f.w), __NV_SATFINITE, I)) << 16)) {}

  explicit __host__ __device__ operator float4() const {
    return make_float4(float_of(static_cast<__nv_fp8_storage_t>(__x & 0xFF), I),
                       float_of(static_cast<__nv_fp8_storage_t>((__x >> 8) & 0xFF), I),
                       float_of(static_cast<__nv_fp8_storage_t>((__x >> 16) & 0xFF), I),
                       float_of(static_cast<__nv_fp8_storage_t>(__x >> 24), I));
  }
};

}  // namespace cuda_fp8
}  // namespace dualgpu

struct __nv_fp8_e4m3 : ::dualgpu::cuda_fp8::scalar<__NV_E4M3> {
  using scalar::scalar;
};
struct __nv_fp8_e5m2 : ::dualgpu::cuda_fp8::scalar<__NV_E5M2> {
  using scalar::scalar;
};
struct __nv_fp8x2_e4m3 : ::dualgpu::cuda_fp8::pair2<__NV_E4M3> {
  using pair2::pair2;
};
struct __nv_fp8x2_e5m2 : ::dualgpu::cuda_fp8::pair2<__NV_E5M2> {
  using pair2::pair2;
};
struct __nv_fp8x4_e4m3 : ::dualgpu::cuda_fp8::quad4<__NV_E4M3> {
  using quad4::quad4;
};
struct __nv_fp8x4_e5m2 : ::dualgpu::cuda_fp8::quad4<__NV_E5M2> {
  using quad4::quad4;
};
