// dualgpu/on_hip/dualgpu_cuda_bf16_conversions.h: CUDA's bf16 conversions that no ROCm declares
// (ROCm 5.2 and 6.4 checked): to int with each rounding, from float with an explicit rounding;
// and the bit casts, which ROCm 5.x lacks. HIP builds only; included by cuda_bf16.h after __nv_bfloat16 is defined.
// Each is exact through float: a bf16 is a float with its low 16 bits zero.
#pragma once

#include <cstdint>

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

// Round to nearest even (rintf under the default rounding mode), down, up, toward zero.
__host__ __device__ inline int __bfloat162int_rn(__nv_bfloat16 b) { return static_cast<int>(rintf(__bfloat162float(b))); }
__host__ __device__ inline int __bfloat162int_rd(__nv_bfloat16 b) { return static_cast<int>(floorf(__bfloat162float(b))); }
__host__ __device__ inline int __bfloat162int_ru(__nv_bfloat16 b) { return static_cast<int>(ceilf(__bfloat162float(b))); }
__host__ __device__ inline int __bfloat162int_rz(__nv_bfloat16 b) { return static_cast<int>(__bfloat162float(b)); }
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
