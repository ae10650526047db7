// dualgpu/on_hip/cuda_fp8.h: CUDA's FP8 types and conversions (<cuda_fp8.h>) on AMD, host and device, on
// every ROCm: __nv_fp8_e4m3, __nv_fp8_e5m2 and CUDA 12.8's scale type __nv_fp8_e8m0, their x2 and x4
// forms, the storage types, __nv_saturation_t, __nv_fp8_interpretation_t and the __nv_cvt_* functions.
// The bits are NVIDIA's (the OCP formats), computed in software (dualgpu_cuda_fp8_bits.h): HIP's own FP8
// types are another API, and its OCP ones do not build for gfx942, whose native FP8 formats (FNUZ)
// encode other values. CUDA 13's double4_16a and double4_32a constructors are not here: HIP has no such
// types (double4 is).
#pragma once

#include <cstdint>
#include <type_traits>

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "device_types.h"
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

// E8M0: the magnitude rounded to a power of two, up for cudaRoundPosInf and toward zero for any other
// mode (CUDA asserts it is cudaRoundZero or cudaRoundPosInf).
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw x,
                                                                           const __nv_saturation_t saturate,
                                                                           const enum cudaRoundMode rounding) {
  return ::dualgpu::cuda_fp8::e8m0_of_bfloat16_bits(x.x, rounding == cudaRoundPosInf, saturate == __NV_SATFINITE);
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x,
                                                                                const __nv_saturation_t saturate,
                                                                                const enum cudaRoundMode rounding) {
  namespace f8 = ::dualgpu::cuda_fp8;
  const bool up = rounding == cudaRoundPosInf, saturating = saturate == __NV_SATFINITE;
  return f8::pair(f8::e8m0_of_bfloat16_bits(x.x, up, saturating), f8::e8m0_of_bfloat16_bits(x.y, up, saturating));
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float x, const __nv_saturation_t saturate,
                                                                     const enum cudaRoundMode rounding) {
  namespace f8 = ::dualgpu::cuda_fp8;
  return f8::e8m0_of_float_bits(f8::bits_as<std::uint32_t>(x), rounding == cudaRoundPosInf, saturate == __NV_SATFINITE);
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(const float2 x, const __nv_saturation_t saturate,
                                                                          const enum cudaRoundMode rounding) {
  return ::dualgpu::cuda_fp8::pair(__nv_cvt_float_to_e8m0(x.x, saturate, rounding),
                                   __nv_cvt_float_to_e8m0(x.y, saturate, rounding));
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double x, const __nv_saturation_t saturate,
                                                                      const enum cudaRoundMode rounding) {
  namespace f8 = ::dualgpu::cuda_fp8;
  return f8::e8m0_of_double_bits(f8::bits_as<std::uint64_t>(x), rounding == cudaRoundPosInf, saturate == __NV_SATFINITE);
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(const double2 x, const __nv_saturation_t saturate,
                                                                           const enum cudaRoundMode rounding) {
  return ::dualgpu::cuda_fp8::pair(__nv_cvt_double_to_e8m0(x.x, saturate, rounding),
                                   __nv_cvt_double_to_e8m0(x.y, saturate, rounding));
}
__host__ __device__ inline __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
  __nv_bfloat16_raw b;
  b.x = ::dualgpu::cuda_fp8::e8m0_bfloat16_bits(x);
  return b;
}
__host__ __device__ inline __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
  __nv_bfloat162_raw b;
  b.x = ::dualgpu::cuda_fp8::e8m0_bfloat16_bits(static_cast<std::uint8_t>(x & 0xFF));
  b.y = ::dualgpu::cuda_fp8::e8m0_bfloat16_bits(static_cast<std::uint8_t>(x >> 8));
  return b;
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

namespace dualgpu {
namespace cuda_fp8 {

// An E8M0 byte's value as a float (2^-127 is a float subnormal; NaN is 0x7FFF0000, as CUDA gives it).
__host__ __device__ inline float e8m0_float(std::uint8_t x) {
  return bits_as<float>(static_cast<std::uint32_t>(e8m0_bfloat16_bits(x)) << 16);
}
// As a half, rounded to nearest even (2^-25 and below to zero, 2^16 and up to infinity); NaN is 0x7FFF.
__host__ __device__ inline __half e8m0_half(std::uint8_t x) {
  __half_raw h;
  h.x = x == 0xFF ? std::uint16_t{0x7FFF}
                  : cuda_rounding::bits_of_exact(cuda_rounding::half, false, 1, x - 127, cuda_rounding::mode::nearest_even);
  return __half(h);
}
#if __has_include(<hip/hip_bf16.h>)
__host__ __device__ inline __nv_bfloat162 e8m0_bfloat162(__nv_fp8x2_storage_t x) {
  return __halves2bfloat162(__ushort_as_bfloat16(e8m0_bfloat16_bits(static_cast<std::uint8_t>(x & 0xFF))),
                            __ushort_as_bfloat16(e8m0_bfloat16_bits(static_cast<std::uint8_t>(x >> 8))));
}
#endif
template <typename Int>
__host__ __device__ inline std::uint64_t magnitude(Int val) {
  return val < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(val) : static_cast<std::uint64_t>(val);
}

}  // namespace cuda_fp8
}  // namespace dualgpu

// E8M0 scale factors: CUDA's constructors (all explicit) round up, saturating; the conversions are to the
// power of two itself (to integers toward zero, saturated, NaN to 0 and to 2^63 for 64-bit types).
struct alignas(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;

  __nv_fp8_e8m0() = default;
  explicit __host__ __device__ __nv_fp8_e8m0(const __half f)
      : __x(::dualgpu::cuda_fp8::e8m0_of_half_bits(static_cast<__half_raw>(f).x, true, true)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const __nv_bfloat16 f)
      : __x(::dualgpu::cuda_fp8::e8m0_of_bfloat16_bits(__bfloat16_as_ushort(f), true, true)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const float f) : __x(__nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const double f) : __x(__nv_cvt_double_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  template <typename Int, std::enable_if_t<std::is_integral<Int>::value && !std::is_same<Int, bool>::value, int> = 0>
  explicit __host__ __device__ __nv_fp8_e8m0(const Int val)
      : __x(::dualgpu::cuda_fp8::e8m0_of_integer(::dualgpu::cuda_fp8::magnitude(val), true, true)) {}

  explicit __host__ __device__ operator float() const { return ::dualgpu::cuda_fp8::e8m0_float(__x); }
  explicit __host__ __device__ operator double() const { return static_cast<double>(::dualgpu::cuda_fp8::e8m0_float(__x)); }
  explicit __host__ __device__ operator __nv_bfloat16() const {
    return __ushort_as_bfloat16(::dualgpu::cuda_fp8::e8m0_bfloat16_bits(__x));
  }
  explicit __host__ __device__ operator __half() const { return ::dualgpu::cuda_fp8::e8m0_half(__x); }
  explicit __host__ __device__ operator bool() const { return true; }  // no zero
  template <typename Int, std::enable_if_t<std::is_integral<Int>::value && !std::is_same<Int, bool>::value, int> = 0>
  explicit __host__ __device__ operator Int() const {
    return ::dualgpu::cuda_rounding::saturate<Int>(__builtin_truncf(::dualgpu::cuda_fp8::e8m0_float(__x)));
  }
};

struct alignas(2) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x;

  __nv_fp8x2_e8m0() = default;
  explicit __host__ __device__ __nv_fp8x2_e8m0(const __half2 f) {
    namespace f8 = ::dualgpu::cuda_fp8;
    const std::uint32_t halves = f8::bits_as<std::uint32_t>(static_cast<__half2_raw>(f));  // .x the low half
    __x = f8::pair(f8::e8m0_of_half_bits(static_cast<std::uint16_t>(halves & 0xFFFF), true, true),
                   f8::e8m0_of_half_bits(static_cast<std::uint16_t>(halves >> 16), true, true));
  }
#if __has_include(<hip/hip_bf16.h>)  // older ROCm has no bfloat16 pair
  explicit __host__ __device__ __nv_fp8x2_e8m0(const __nv_bfloat162 f)
      : __x(::dualgpu::cuda_fp8::pair(::dualgpu::cuda_fp8::e8m0_of_bfloat16_bits(__bfloat16_as_ushort(f.x), true, true),
                                      ::dualgpu::cuda_fp8::e8m0_of_bfloat16_bits(__bfloat16_as_ushort(f.y), true, true))) {}
#endif
  explicit __host__ __device__ __nv_fp8x2_e8m0(const float2 f)
      : __x(__nv_cvt_float2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8x2_e8m0(const double2 f)
      : __x(__nv_cvt_double2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}

#if __has_include(<hip/hip_bf16.h>)
  explicit __host__ __device__ operator __nv_bfloat162() const { return ::dualgpu::cuda_fp8::e8m0_bfloat162(__x); }
#endif
  explicit __host__ __device__ operator float2() const {
    return make_float2(::dualgpu::cuda_fp8::e8m0_float(static_cast<std::uint8_t>(__x & 0xFF)),
                       ::dualgpu::cuda_fp8::e8m0_float(static_cast<std::uint8_t>(__x >> 8)));
  }
  explicit __host__ __device__ operator __half2() const {
    namespace f8 = ::dualgpu::cuda_fp8;
    const __half low = f8::e8m0_half(static_cast<std::uint8_t>(__x & 0xFF)),
                 high = f8::e8m0_half(static_cast<std::uint8_t>(__x >> 8));
    const std::uint32_t halves =
        static_cast<__half_raw>(low).x | (static_cast<std::uint32_t>(static_cast<__half_raw>(high).x) << 16);
    return __half2(f8::bits_as<__half2_raw>(halves));
  }
};

struct alignas(4) __nv_fp8x4_e8m0 {
  __nv_fp8x4_storage_t __x;

  __nv_fp8x4_e8m0() = default;
  explicit __host__ __device__ __nv_fp8x4_e8m0(const __half2 low, const __half2 high)
      : __x(__nv_fp8x2_e8m0(low).__x | (static_cast<__nv_fp8x4_storage_t>(__nv_fp8x2_e8m0(high).__x) << 16)) {}
#if __has_include(<hip/hip_bf16.h>)
  explicit __host__ __device__ __nv_fp8x4_e8m0(const __nv_bfloat162 low, const __nv_bfloat162 high)
      : __x(__nv_fp8x2_e8m0(low).__x | (static_cast<__nv_fp8x4_storage_t>(__nv_fp8x2_e8m0(high).__x) << 16)) {}
#endif
  explicit __host__ __device__ __nv_fp8x4_e8m0(const float4 f)
      : __x(__nv_cvt_float2_to_e8m0x2(make_float2(f.x, f.y), __NV_SATFINITE, cudaRoundPosInf) |
            (static_cast<__nv_fp8x4_storage_t>(__nv_cvt_float2_to_e8m0x2(make_float2(f.z, f.w), __NV_SATFINITE, cudaRoundPosInf))
             << 16)) {}
  explicit __host__ __device__ __nv_fp8x4_e8m0(const double4 f)
      : __x(__nv_cvt_double2_to_e8m0x2(make_double2(f.x, f.y), __NV_SATFINITE, cudaRoundPosInf) |
            (static_cast<__nv_fp8x4_storage_t>(
                 __nv_cvt_double2_to_e8m0x2(make_double2(f.z, f.w), __NV_SATFINITE, cudaRoundPosInf))
             << 16)) {}

  explicit __host__ __device__ operator float4() const {
    namespace f8 = ::dualgpu::cuda_fp8;
    return make_float4(
        f8::e8m0_float(static_cast<std::uint8_t>(__x & 0xFF)), f8::e8m0_float(static_cast<std::uint8_t>((__x >> 8) & 0xFF)),
        f8::e8m0_float(static_cast<std::uint8_t>((__x >> 16) & 0xFF)), f8::e8m0_float(static_cast<std::uint8_t>(__x >> 24)));
  }
};
