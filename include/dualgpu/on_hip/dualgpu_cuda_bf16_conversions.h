// dualgpu/on_hip/dualgpu_cuda_bf16_conversions.h: CUDA's bf16 conversions that no ROCm declares
// (ROCm 5.2 and 6.4 checked): to and from every integer type in each of CUDA's roundings, from float
// with a directed rounding and from double; the pair builders vLLM-style kernels use
// (__floats2bfloat162_rn, make_bfloat162) where HIP has the pair type; and the bit casts, which
// ROCm 5.x lacks. HIP builds only; included by cuda_bf16.h after __nv_bfloat16 is defined.
// A bf16 is a float with its low 16 bits zero, so conversions to integers go exactly through float;
// the ones to bf16 round the exact value once (dualgpu_cuda_rounding.h). The functions CUDA has and
// HIP lacks are templates with one defaulted parameter: a later HIP's plain ones win overload
// resolution and these stand aside.
#pragma once

#include <cmath>
#include <cstdint>

#include "dualgpu_cuda_rounding.h"

namespace dualgpu {
namespace cuda_bf16 {
__host__ __device__ inline std::uint16_t bits(__nv_bfloat16 b) {
  std::uint16_t u;
  __builtin_memcpy(&u, &b, sizeof(u));
  return u;
}
__host__ __device__ inline __nv_bfloat16 from_bits(std::uint16_t u) {
  __nv_bfloat16 b;
  __builtin_memcpy(&b, &u, sizeof(u));
  return b;
}
}  // namespace cuda_bf16
}  // namespace dualgpu

// To integers: rounded in float (rintf under the default rounding mode, floorf, ceilf, truncf), then
// saturated as CUDA does (NaN to 0, or to 0x8000000000000000 for the 64-bit types).
#define DUALGPU_CUDA_BF16_TO_INTEGER(type, name, rounding)                                                   \
  template <int = 0>                                                                                         \
  __host__ __device__ inline type name(__nv_bfloat16 b) {                                                    \
    return ::dualgpu::cuda_rounding::saturate<type>(rounding(__bfloat162float(b)));                          \
  }
#define DUALGPU_CUDA_BF16_TO_INTEGER_ALL(type, stem)                 \
  DUALGPU_CUDA_BF16_TO_INTEGER(type, __bfloat162##stem##_rn, rintf)  \
  DUALGPU_CUDA_BF16_TO_INTEGER(type, __bfloat162##stem##_rz, truncf) \
  DUALGPU_CUDA_BF16_TO_INTEGER(type, __bfloat162##stem##_rd, floorf) \
  DUALGPU_CUDA_BF16_TO_INTEGER(type, __bfloat162##stem##_ru, ceilf)
DUALGPU_CUDA_BF16_TO_INTEGER_ALL(short, short)
DUALGPU_CUDA_BF16_TO_INTEGER_ALL(unsigned short, ushort)
DUALGPU_CUDA_BF16_TO_INTEGER_ALL(int, int)
DUALGPU_CUDA_BF16_TO_INTEGER_ALL(unsigned int, uint)
DUALGPU_CUDA_BF16_TO_INTEGER_ALL(long long, ll)
DUALGPU_CUDA_BF16_TO_INTEGER_ALL(unsigned long long, ull)
DUALGPU_CUDA_BF16_TO_INTEGER(signed char, __bfloat162char_rz, truncf)
DUALGPU_CUDA_BF16_TO_INTEGER(unsigned char, __bfloat162uchar_rz, truncf)
#undef DUALGPU_CUDA_BF16_TO_INTEGER_ALL
#undef DUALGPU_CUDA_BF16_TO_INTEGER

// From integers: the exact value rounded once.
#define DUALGPU_CUDA_INTEGER_TO_BF16(type, name, how)                                                        \
  template <int = 0>                                                                                         \
  __host__ __device__ inline __nv_bfloat16 name(type v) {                                                    \
    using namespace ::dualgpu::cuda_rounding;                                                                \
    const bool negative = v < static_cast<type>(0);                                                          \
    const std::uint64_t magnitude = negative ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v); \
    return ::dualgpu::cuda_bf16::from_bits(bits_of_integer(bfloat16, negative, magnitude, mode::how));       \
  }
#define DUALGPU_CUDA_INTEGER_TO_BF16_ALL(type, stem)                          \
  DUALGPU_CUDA_INTEGER_TO_BF16(type, __##stem##2bfloat16_rn, nearest_even)    \
  DUALGPU_CUDA_INTEGER_TO_BF16(type, __##stem##2bfloat16_rz, toward_zero)     \
  DUALGPU_CUDA_INTEGER_TO_BF16(type, __##stem##2bfloat16_rd, down)            \
  DUALGPU_CUDA_INTEGER_TO_BF16(type, __##stem##2bfloat16_ru, up)
DUALGPU_CUDA_INTEGER_TO_BF16_ALL(short, short)
DUALGPU_CUDA_INTEGER_TO_BF16_ALL(unsigned short, ushort)
DUALGPU_CUDA_INTEGER_TO_BF16_ALL(int, int)
DUALGPU_CUDA_INTEGER_TO_BF16_ALL(unsigned int, uint)
DUALGPU_CUDA_INTEGER_TO_BF16_ALL(long long, ll)
DUALGPU_CUDA_INTEGER_TO_BF16_ALL(unsigned long long, ull)
#undef DUALGPU_CUDA_INTEGER_TO_BF16_ALL
#undef DUALGPU_CUDA_INTEGER_TO_BF16

namespace dualgpu {
namespace cuda_bf16 {
__host__ __device__ inline __nv_bfloat16 from_double(double d, cuda_rounding::mode how) {
  std::uint64_t bits;
  __builtin_memcpy(&bits, &d, sizeof(bits));
  return from_bits(cuda_rounding::bits_of_double(cuda_rounding::bfloat16, bits, how));
}
}  // namespace cuda_bf16
}  // namespace dualgpu

// From float with a directed rounding (a float widens to double exactly), and from double.
template <int = 0>
__host__ __device__ inline __nv_bfloat16 __float2bfloat16_rd(float f) {
  return ::dualgpu::cuda_bf16::from_double(f, ::dualgpu::cuda_rounding::mode::down);
}
template <int = 0>
__host__ __device__ inline __nv_bfloat16 __float2bfloat16_ru(float f) {
  return ::dualgpu::cuda_bf16::from_double(f, ::dualgpu::cuda_rounding::mode::up);
}
template <int = 0>
__host__ __device__ inline __nv_bfloat16 __double2bfloat16(double d) {
  return ::dualgpu::cuda_bf16::from_double(d, ::dualgpu::cuda_rounding::mode::nearest_even);
}

#if __has_include(<hip/hip_bf16.h>)
// The pair builders: HIP has __float22bfloat162_rn(float2) and __halves2bfloat162 only.
template <int = 0>
__host__ __device__ inline __nv_bfloat162 __float2bfloat162_rn(float f) {
  const __nv_bfloat16 b = __float2bfloat16(f);
  return __halves2bfloat162(b, b);
}
template <int = 0>
__host__ __device__ inline __nv_bfloat162 __floats2bfloat162_rn(float low, float high) {
  return __halves2bfloat162(__float2bfloat16(low), __float2bfloat16(high));
}
template <int = 0>
__host__ __device__ inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y) {
  return __halves2bfloat162(x, y);
}
#endif  // bfloat16 pairs
__host__ __device__ inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
// Toward zero: the float's top 16 bits (a NaN stays a NaN: its quiet bit is in the top half).
__host__ __device__ inline __nv_bfloat16 __float2bfloat16_rz(float f) {
  std::uint32_t u;
  __builtin_memcpy(&u, &f, sizeof(u));
  return ::dualgpu::cuda_bf16::from_bits(static_cast<std::uint16_t>(u >> 16));
}
// The bit casts: ROCm 6 declares them, 5.x does not.
#if HIP_VERSION_MAJOR < 6
__host__ __device__ inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) { return ::dualgpu::cuda_bf16::bits(b); }
__host__ __device__ inline short __bfloat16_as_short(__nv_bfloat16 b) { return static_cast<short>(::dualgpu::cuda_bf16::bits(b)); }
__host__ __device__ inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { return ::dualgpu::cuda_bf16::from_bits(u); }
__host__ __device__ inline __nv_bfloat16 __short_as_bfloat16(short s) {
  return ::dualgpu::cuda_bf16::from_bits(static_cast<std::uint16_t>(s));
}
#endif  // HIP 5.x
