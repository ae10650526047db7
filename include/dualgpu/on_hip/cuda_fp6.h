// dualgpu/on_hip/cuda_fp6.h: CUDA's FP6 types and conversions (<cuda_fp6.h>, CUDA 12.8) on AMD, host and
// device, on every ROCm: __nv_fp6_e2m3, __nv_fp6_e3m2, their x2 and x4 forms, the storage types,
// __nv_fp6_interpretation_t and the __nv_cvt_* functions. The bits are NVIDIA's, computed in software
// (dualgpu_cuda_fp6_fp4_bits.h); no ROCm converts these formats by CUDA's names. The class templates here
// are <cuda_fp4.h>'s too (cuda_fp4.h includes this file, as NVIDIA's does). CUDA 13's double4_16a and
// double4_32a constructors are not here: HIP has no such types (double4 is).
#pragma once

#include <cstdint>
#include <type_traits>

#include "cuda_fp8.h"
#include "dualgpu_cuda_fp6_fp4_bits.h"
#include "dualgpu_cuda_rounding.h"

#define __CUDA_FP6_H__
#define __CUDA_FP6_TYPES_EXIST__

typedef __nv_fp8_storage_t __nv_fp6_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp6x2_storage_t;
typedef __nv_fp8x4_storage_t __nv_fp6x4_storage_t;
typedef enum __nv_fp6_interpretation_t { __NV_E2M3, __NV_E3M2 } __nv_fp6_interpretation_t;

namespace dualgpu {
namespace cuda_fp6_fp4 {
// NVIDIA's switch takes any value but __NV_E2M3 as E3M2.
__host__ __device__ constexpr format format_of(__nv_fp6_interpretation_t i) { return i == __NV_E2M3 ? e2m3 : e3m2; }
__host__ __device__ constexpr bool nearest(cudaRoundMode r) { return r == cudaRoundNearest; }
}  // namespace cuda_fp6_fp4
}  // namespace dualgpu

__host__ __device__ inline __nv_fp6_storage_t __nv_cvt_double_to_fp6(const double x,
                                                                     const __nv_fp6_interpretation_t fp6_interpretation,
                                                                     const enum cudaRoundMode rounding) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  return f6::of_double_bits(f6::format_of(fp6_interpretation), ::dualgpu::cuda_fp8::bits_as<std::uint64_t>(x),
                            f6::nearest(rounding));
}
__host__ __device__ inline __nv_fp6_storage_t __nv_cvt_float_to_fp6(const float x,
                                                                    const __nv_fp6_interpretation_t fp6_interpretation,
                                                                    const enum cudaRoundMode rounding) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  return f6::of_float_bits(f6::format_of(fp6_interpretation), ::dualgpu::cuda_fp8::bits_as<std::uint32_t>(x),
                           f6::nearest(rounding));
}
__host__ __device__ inline __nv_fp6_storage_t __nv_cvt_halfraw_to_fp6(const __half_raw x,
                                                                      const __nv_fp6_interpretation_t fp6_interpretation,
                                                                      const enum cudaRoundMode rounding) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  return f6::of_half_bits(f6::format_of(fp6_interpretation), x.x, f6::nearest(rounding));
}
__host__ __device__ inline __nv_fp6_storage_t __nv_cvt_bfloat16raw_to_fp6(const __nv_bfloat16_raw x,
                                                                          const __nv_fp6_interpretation_t fp6_interpretation,
                                                                          const enum cudaRoundMode rounding) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  return f6::of_bfloat16_bits(f6::format_of(fp6_interpretation), x.x, f6::nearest(rounding));
}
// Pairs: one element a byte, .x in the low one, as CUDA packs them.
__host__ __device__ inline __nv_fp6x2_storage_t __nv_cvt_double2_to_fp6x2(const double2 x,
                                                                          const __nv_fp6_interpretation_t fp6_interpretation,
                                                                          const enum cudaRoundMode rounding) {
  return ::dualgpu::cuda_fp8::pair(__nv_cvt_double_to_fp6(x.x, fp6_interpretation, rounding),
                                   __nv_cvt_double_to_fp6(x.y, fp6_interpretation, rounding));
}
__host__ __device__ inline __nv_fp6x2_storage_t __nv_cvt_float2_to_fp6x2(const float2 x,
                                                                         const __nv_fp6_interpretation_t fp6_interpretation,
                                                                         const enum cudaRoundMode rounding) {
  return ::dualgpu::cuda_fp8::pair(__nv_cvt_float_to_fp6(x.x, fp6_interpretation, rounding),
                                   __nv_cvt_float_to_fp6(x.y, fp6_interpretation, rounding));
}
__host__ __device__ inline __nv_fp6x2_storage_t __nv_cvt_halfraw2_to_fp6x2(const __half2_raw x,
                                                                           const __nv_fp6_interpretation_t fp6_interpretation,
                                                                           const enum cudaRoundMode rounding) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  const f6::format f = f6::format_of(fp6_interpretation);
  // .x and .y are unsigned short in CUDA and ROCm 5, __half_raw in ROCm 6: their bits either way.
  return ::dualgpu::cuda_fp8::pair(f6::of_half_bits(f, ::dualgpu::cuda_fp8::bits_as<std::uint16_t>(x.x), f6::nearest(rounding)),
                                   f6::of_half_bits(f, ::dualgpu::cuda_fp8::bits_as<std::uint16_t>(x.y), f6::nearest(rounding)));
}
__host__ __device__ inline __nv_fp6x2_storage_t __nv_cvt_bfloat16raw2_to_fp6x2(const __nv_bfloat162_raw x,
                                                                               const __nv_fp6_interpretation_t fp6_interpretation,
                                                                               const enum cudaRoundMode rounding) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  const f6::format f = f6::format_of(fp6_interpretation);
  return ::dualgpu::cuda_fp8::pair(f6::of_bfloat16_bits(f, x.x, f6::nearest(rounding)),
                                   f6::of_bfloat16_bits(f, x.y, f6::nearest(rounding)));
}
__host__ __device__ inline __half_raw __nv_cvt_fp6_to_halfraw(const __nv_fp6_storage_t x,
                                                              const __nv_fp6_interpretation_t fp6_interpretation) {
  __half_raw h;
  h.x = ::dualgpu::cuda_fp6_fp4::half_bits_of(::dualgpu::cuda_fp6_fp4::format_of(fp6_interpretation), x);
  return h;
}
__host__ __device__ inline __half2_raw __nv_cvt_fp6x2_to_halfraw2(const __nv_fp6x2_storage_t x,
                                                                  const __nv_fp6_interpretation_t fp6_interpretation) {
  namespace f6 = ::dualgpu::cuda_fp6_fp4;
  const f6::format f = f6::format_of(fp6_interpretation);
  const std::uint32_t halves = f6::half_bits_of(f, static_cast<std::uint8_t>(x & 0xFF)) |
                               (static_cast<std::uint32_t>(f6::half_bits_of(f, static_cast<std::uint8_t>(x >> 8))) << 16);
  return ::dualgpu::cuda_fp8::bits_as<__half2_raw>(halves);  // .x the low half
}

namespace dualgpu {
namespace cuda_fp6_fp4 {

// What tells one type family from another (the templates below take it as Kind): the format, and how
// many bits one element takes in the packed x2 and x4 storage (a byte for FP6, a nibble for FP4;
// cuda_fp4.h has e2m1_kind).
struct e2m3_kind {
  __host__ __device__ static constexpr format value() { return e2m3; }
  static constexpr int lane_bits = 8;
  using x2_storage = __nv_fp6x2_storage_t;
  using x4_storage = __nv_fp6x4_storage_t;
};
struct e3m2_kind {
  __host__ __device__ static constexpr format value() { return e3m2; }
  static constexpr int lane_bits = 8;
  using x2_storage = __nv_fp6x2_storage_t;
  using x4_storage = __nv_fp6x4_storage_t;
};

// One element's bits within the packed storage.
template <typename Kind>
struct lanes {
  static constexpr unsigned mask = (1u << Kind::lane_bits) - 1;
};

// The exact value of one element (every one is a half; no NaN, no infinity).
template <typename Kind>
__host__ __device__ inline float float_of(std::uint8_t x) {
  __half_raw h;
  h.x = half_bits_of(Kind::value(), x);
  return __half2float(__half(h));
}
template <typename Kind>
__host__ __device__ inline std::uint32_t halves_of(unsigned packed) {  // two elements, .x the low half
  return half_bits_of(Kind::value(), static_cast<std::uint8_t>(packed & lanes<Kind>::mask)) |
         (static_cast<std::uint32_t>(
              half_bits_of(Kind::value(), static_cast<std::uint8_t>((packed >> Kind::lane_bits) & lanes<Kind>::mask)))
          << 16);
}
template <typename Kind, typename Storage>
__host__ __device__ inline Storage pack(std::uint8_t low, std::uint8_t high) {
  return static_cast<Storage>(low | (static_cast<unsigned>(high) << Kind::lane_bits));
}

// The body of the FP6 and FP4 scalar types: CUDA's constructors (all explicit, rounding to nearest even,
// saturating; integers through float) and conversions (all explicit; to integers toward zero).
template <typename Kind>
struct alignas(1) scalar {
  __nv_fp8_storage_t __x;

  scalar() = default;
  explicit __host__ __device__ scalar(const __half f) : __x(of_half_bits(Kind::value(), static_cast<__half_raw>(f).x, true)) {}
  explicit __host__ __device__ scalar(const __nv_bfloat16 f)
      : __x(of_bfloat16_bits(Kind::value(), __bfloat16_as_ushort(f), true)) {}
  explicit __host__ __device__ scalar(const float f)
      : __x(of_float_bits(Kind::value(), ::dualgpu::cuda_fp8::bits_as<std::uint32_t>(f), true)) {}
  explicit __host__ __device__ scalar(const double f)
      : __x(of_double_bits(Kind::value(), ::dualgpu::cuda_fp8::bits_as<std::uint64_t>(f), true)) {}
  template <typename Int, std::enable_if_t<std::is_integral<Int>::value && !std::is_same<Int, bool>::value, int> = 0>
  explicit __host__ __device__ scalar(const Int val) : scalar(static_cast<float>(val)) {}

  explicit __host__ __device__ operator __half() const {
    __half_raw h;
    h.x = half_bits_of(Kind::value(), __x);
    return __half(h);
  }
  explicit __host__ __device__ operator float() const { return float_of<Kind>(__x); }
  explicit __host__ __device__ operator double() const { return static_cast<double>(float_of<Kind>(__x)); }
  explicit __host__ __device__ operator __nv_bfloat16() const { return __float2bfloat16_rz(float_of<Kind>(__x)); }
  explicit __host__ __device__ operator bool() const { return (__x & narrow_float::magnitude_mask(Kind::value())) != 0; }
  template <typename Int, std::enable_if_t<std::is_integral<Int>::value && !std::is_same<Int, bool>::value, int> = 0>
  explicit __host__ __device__ operator Int() const {
    return ::dualgpu::cuda_rounding::saturate<Int>(__builtin_truncf(float_of<Kind>(__x)));
  }
};

template <typename Kind>
struct alignas(sizeof(typename Kind::x2_storage)) pair2 {
  typename Kind::x2_storage __x;

  pair2() = default;
  explicit __host__ __device__ pair2(const __half2 f) {
    const std::uint32_t halves = ::dualgpu::cuda_fp8::bits_as<std::uint32_t>(static_cast<__half2_raw>(f));  // .x the low half
    __x = pack<Kind, typename Kind::x2_storage>(of_half_bits(Kind::value(), static_cast<std::uint16_t>(halves & 0xFFFF), true),
                                                of_half_bits(Kind::value(), static_cast<std::uint16_t>(halves >> 16), true));
  }
#if __has_include(<hip/hip_bf16.h>)  // older ROCm has no bfloat16 pair
  explicit __host__ __device__ pair2(const __nv_bfloat162 f)
      : __x(pack<Kind, typename Kind::x2_storage>(of_bfloat16_bits(Kind::value(), __bfloat16_as_ushort(f.x), true),
                                                  of_bfloat16_bits(Kind::value(), __bfloat16_as_ushort(f.y), true))) {}
#endif
  explicit __host__ __device__ pair2(const float2 f)
      : __x(pack<Kind, typename Kind::x2_storage>(scalar<Kind>(f.x).__x, scalar<Kind>(f.y).__x)) {}
  explicit __host__ __device__ pair2(const double2 f)
      : __x(pack<Kind, typename Kind::x2_storage>(scalar<Kind>(f.x).__x, scalar<Kind>(f.y).__x)) {}

  explicit __host__ __device__ operator __half2() const {
    return __half2(::dualgpu::cuda_fp8::bits_as<__half2_raw>(halves_of<Kind>(__x)));
  }
  explicit __host__ __device__ operator float2() const {
    return make_float2(float_of<Kind>(static_cast<std::uint8_t>(__x & lanes<Kind>::mask)),
                       float_of<Kind>(static_cast<std::uint8_t>((__x >> Kind::lane_bits) & lanes<Kind>::mask)));
  }
};

template <typename Kind>
struct alignas(sizeof(typename Kind::x4_storage)) quad4 {
  typename Kind::x4_storage __x;

  quad4() = default;
  explicit __host__ __device__ quad4(const __half2 low, const __half2 high)
      : __x(join(pair2<Kind>(low).__x, pair2<Kind>(high).__x)) {}
#if __has_include(<hip/hip_bf16.h>)
  explicit __host__ __device__ quad4(const __nv_bfloat162 low, const __nv_bfloat162 high)
      : __x(join(pair2<Kind>(low).__x, pair2<Kind>(high).__x)) {}
#endif
  explicit __host__ __device__ quad4(const float4 f)
      : __x(join(pair2<Kind>(make_float2(f.x, f.y)).__x, pair2<Kind>(make_float2(f.z, f.w)).__x)) {}
  explicit __host__ __device__ quad4(const double4 f)
      : __x(join(pair2<Kind>(make_double2(f.x, f.y)).__x, pair2<Kind>(make_double2(f.z, f.w)).__x)) {}

  explicit __host__ __device__ operator float4() const {
    const int lane = Kind::lane_bits;
    return make_float4(float_of<Kind>(static_cast<std::uint8_t>(__x & lanes<Kind>::mask)),
                       float_of<Kind>(static_cast<std::uint8_t>((__x >> lane) & lanes<Kind>::mask)),
                       float_of<Kind>(static_cast<std::uint8_t>((__x >> (2 * lane)) & lanes<Kind>::mask)),
                       float_of<Kind>(static_cast<std::uint8_t>((__x >> (3 * lane)) & lanes<Kind>::mask)));
  }

 private:
  __host__ __device__ static typename Kind::x4_storage join(typename Kind::x2_storage low, typename Kind::x2_storage high) {
    return static_cast<typename Kind::x4_storage>(low | (static_cast<unsigned>(high) << (2 * Kind::lane_bits)));
  }
};

}  // namespace cuda_fp6_fp4
}  // namespace dualgpu

struct __nv_fp6_e2m3 : ::dualgpu::cuda_fp6_fp4::scalar<::dualgpu::cuda_fp6_fp4::e2m3_kind> {
  using scalar::scalar;
};
struct __nv_fp6_e3m2 : ::dualgpu::cuda_fp6_fp4::scalar<::dualgpu::cuda_fp6_fp4::e3m2_kind> {
  using scalar::scalar;
};
struct __nv_fp6x2_e2m3 : ::dualgpu::cuda_fp6_fp4::pair2<::dualgpu::cuda_fp6_fp4::e2m3_kind> {
  using pair2::pair2;
};
struct __nv_fp6x2_e3m2 : ::dualgpu::cuda_fp6_fp4::pair2<::dualgpu::cuda_fp6_fp4::e3m2_kind> {
  using pair2::pair2;
};
struct __nv_fp6x4_e2m3 : ::dualgpu::cuda_fp6_fp4::quad4<::dualgpu::cuda_fp6_fp4::e2m3_kind> {
  using quad4::quad4;
};
struct __nv_fp6x4_e3m2 : ::dualgpu::cuda_fp6_fp4::quad4<::dualgpu::cuda_fp6_fp4::e3m2_kind> {
  using quad4::quad4;
};
