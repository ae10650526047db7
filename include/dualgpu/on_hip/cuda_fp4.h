// dualgpu/on_hip/cuda_fp4.h: CUDA's FP4 types and conversions (<cuda_fp4.h>, CUDA 12.8) on AMD, host and
// device, on every ROCm: __nv_fp4_e2m1, __nv_fp4x2_e2m1, __nv_fp4x4_e2m1, the storage types,
// __nv_fp4_interpretation_t and the __nv_cvt_* functions. The bits are NVIDIA's, computed in software
// (dualgpu_cuda_fp6_fp4_bits.h); the types are cuda_fp6.h's templates with one element a nibble: x2 in a
// byte, x4 in 16 bits, the first element in the lowest bits.
#pragma once

#include <cstdint>

#include "cuda_fp6.h"
#include "dualgpu_cuda_fp6_fp4_bits.h"

#define __CUDA_FP4_H__
#define __CUDA_FP4_TYPES_EXIST__

typedef __nv_fp8_storage_t __nv_fp4_storage_t;
typedef __nv_fp8_storage_t __nv_fp4x2_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp4x4_storage_t;
typedef enum __nv_fp4_interpretation_t { __NV_E2M1 } __nv_fp4_interpretation_t;

namespace dualgpu {
namespace cuda_fp6_fp4 {
struct e2m1_kind {
  __host__ __device__ static constexpr format value() { return e2m1; }
  static constexpr int lane_bits = 4;
  using x2_storage = __nv_fp4x2_storage_t;
  using x4_storage = __nv_fp4x4_storage_t;
};
}  // namespace cuda_fp6_fp4
}  // namespace dualgpu

// E2M1 is the only interpretation: the argument is CUDA's, and unused.
__host__ __device__ inline __nv_fp4_storage_t __nv_cvt_double_to_fp4(const double x, const __nv_fp4_interpretation_t,
                                                                     const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::of_double_bits(f4::e2m1, ::dualgpu::cuda_fp8::bits_as<std::uint64_t>(x), f4::nearest(rounding));
}
__host__ __device__ inline __nv_fp4_storage_t __nv_cvt_float_to_fp4(const float x, const __nv_fp4_interpretation_t,
                                                                    const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::of_float_bits(f4::e2m1, ::dualgpu::cuda_fp8::bits_as<std::uint32_t>(x), f4::nearest(rounding));
}
__host__ __device__ inline __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(const __half_raw x, const __nv_fp4_interpretation_t,
                                                                      const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::of_half_bits(f4::e2m1, x.x, f4::nearest(rounding));
}
__host__ __device__ inline __nv_fp4_storage_t __nv_cvt_bfloat16raw_to_fp4(const __nv_bfloat16_raw x,
                                                                          const __nv_fp4_interpretation_t,
                                                                          const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::of_bfloat16_bits(f4::e2m1, x.x, f4::nearest(rounding));
}
// Pairs: .x in the low nibble, .y in the high one, as CUDA packs them.
__host__ __device__ inline __nv_fp4x2_storage_t __nv_cvt_double2_to_fp4x2(const double2 x,
                                                                          const __nv_fp4_interpretation_t fp4_interpretation,
                                                                          const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::pack<f4::e2m1_kind, __nv_fp4x2_storage_t>(__nv_cvt_double_to_fp4(x.x, fp4_interpretation, rounding),
                                                       __nv_cvt_double_to_fp4(x.y, fp4_interpretation, rounding));
}
__host__ __device__ inline __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(const float2 x,
                                                                         const __nv_fp4_interpretation_t fp4_interpretation,
                                                                         const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::pack<f4::e2m1_kind, __nv_fp4x2_storage_t>(__nv_cvt_float_to_fp4(x.x, fp4_interpretation, rounding),
                                                       __nv_cvt_float_to_fp4(x.y, fp4_interpretation, rounding));
}
__host__ __device__ inline __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(const __half2_raw x, const __nv_fp4_interpretation_t,
                                                                           const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  // .x and .y are unsigned short in CUDA and ROCm 5, __half_raw in ROCm 6: their bits either way.
  return f4::pack<f4::e2m1_kind, __nv_fp4x2_storage_t>(
      f4::of_half_bits(f4::e2m1, ::dualgpu::cuda_fp8::bits_as<std::uint16_t>(x.x), f4::nearest(rounding)),
      f4::of_half_bits(f4::e2m1, ::dualgpu::cuda_fp8::bits_as<std::uint16_t>(x.y), f4::nearest(rounding)));
}
__host__ __device__ inline __nv_fp4x2_storage_t __nv_cvt_bfloat16raw2_to_fp4x2(const __nv_bfloat162_raw x,
                                                                               const __nv_fp4_interpretation_t,
                                                                               const enum cudaRoundMode rounding) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return f4::pack<f4::e2m1_kind, __nv_fp4x2_storage_t>(f4::of_bfloat16_bits(f4::e2m1, x.x, f4::nearest(rounding)),
                                                       f4::of_bfloat16_bits(f4::e2m1, x.y, f4::nearest(rounding)));
}
__host__ __device__ inline __half_raw __nv_cvt_fp4_to_halfraw(const __nv_fp4_storage_t x, const __nv_fp4_interpretation_t) {
  __half_raw h;
  h.x = ::dualgpu::cuda_fp6_fp4::half_bits_of(::dualgpu::cuda_fp6_fp4::e2m1, x);
  return h;
}
__host__ __device__ inline __half2_raw __nv_cvt_fp4x2_to_halfraw2(const __nv_fp4x2_storage_t x, const __nv_fp4_interpretation_t) {
  namespace f4 = ::dualgpu::cuda_fp6_fp4;
  return ::dualgpu::cuda_fp8::bits_as<__half2_raw>(f4::halves_of<f4::e2m1_kind>(x));  // .x the low nibble's
}

struct __nv_fp4_e2m1 : ::dualgpu::cuda_fp6_fp4::scalar<::dualgpu::cuda_fp6_fp4::e2m1_kind> {
  using scalar::scalar;
};
struct __nv_fp4x2_e2m1 : ::dualgpu::cuda_fp6_fp4::pair2<::dualgpu::cuda_fp6_fp4::e2m1_kind> {
  using pair2::pair2;
};
struct __nv_fp4x4_e2m1 : ::dualgpu::cuda_fp6_fp4::quad4<::dualgpu::cuda_fp6_fp4::e2m1_kind> {
  using quad4::quad4;
};
