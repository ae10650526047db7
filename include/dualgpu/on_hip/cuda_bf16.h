// dualgpu/on_hip/cuda_bf16.h: shim for HIP builds only.
// ROCm >= 5.7 has <hip/hip_bf16.h> with __hip_bfloat16 and CUDA's intrinsic names
// (__float2bfloat16, __bfloat162float, __hadd, ...). Older ROCm only has hip_bfloat16, a class
// with a different API: there __nv_bfloat16 is hip_bfloat16 plus what CUDA code relies on
// (assignment from float, `__nv_bfloat16 x = 1.0f;`) and the two conversions real code uses
// most; arithmetic goes through hip_bfloat16's operators (docs/porting.md: compute in float).
// The conversions to and from integers and bits, which neither ROCm declares, come from
// dualgpu_cuda_bf16_conversions.h. Host and device, as in CUDA 12. atomicAdd on __nv_bfloat16 (and on
// __nv_bfloat162 where HIP has the pair type), which HIP does not declare, is added in float and rounded
// to nearest even, as CUDA does on GPUs without a bfloat16 atomic (dualgpu_cuda_16bit_atomics.h).
#pragma once
#include "dualgpu_cuda_to_hip.h"

#define __CUDA_BF16_H__

#if __has_include(<hip/hip_bf16.h>)
#include <hip/hip_bf16.h>
using __nv_bfloat16 = __hip_bfloat16;
using __nv_bfloat162 = __hip_bfloat162;
using __nv_bfloat16_raw = __hip_bfloat16_raw;
using __nv_bfloat162_raw = __hip_bfloat162_raw;
#else
#include <hip/hip_bfloat16.h>
namespace dualgpu {
// hip_bfloat16's float constructor is explicit; CUDA's __nv_bfloat16 converts implicitly.
struct bfloat16_compat : hip_bfloat16 {
  bfloat16_compat() = default;
  __host__ __device__ bfloat16_compat(float f) : hip_bfloat16(f) {}
  __host__ __device__ bfloat16_compat(hip_bfloat16 b) : hip_bfloat16(b) {}
};
}  // namespace dualgpu
using __nv_bfloat16 = ::dualgpu::bfloat16_compat;
// CUDA's bit holders, which cuda_fp8.h's conversions take.
struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};
// hip_bfloat16(float) rounds to nearest even, as CUDA's __float2bfloat16 does.
__host__ __device__ inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
__host__ __device__ inline float __bfloat162float(__nv_bfloat16 b) { return static_cast<float>(b); }
#endif  // <hip/hip_bf16.h>

#include "dualgpu_cuda_bf16_conversions.h"

#if defined(__HIP__)
#include "dualgpu_cuda_16bit_atomics.h"

template <typename T, ::dualgpu::cuda_atomics::only_for<T, __nv_bfloat16> = 0>
__device__ inline T atomicAdd(T* address, ::dualgpu::cuda_atomics::value_of<T> value) {
  return ::dualgpu::cuda_atomics::update_by_cas(
      address, [=](T old) -> T { return __float2bfloat16(__bfloat162float(old) + __bfloat162float(value)); });
}
#if __has_include(<hip/hip_bf16.h>)
template <typename T, ::dualgpu::cuda_atomics::only_for<T, __nv_bfloat162> = 0>
__device__ inline T atomicAdd(T* address, ::dualgpu::cuda_atomics::value_of<T> value) {
  return ::dualgpu::cuda_atomics::update_by_cas(address, [=](T old) {
    return __halves2bfloat162(__float2bfloat16(__bfloat162float(old.x) + __bfloat162float(value.x)),
                              __float2bfloat16(__bfloat162float(old.y) + __bfloat162float(value.y)));
  });
}
#endif  // bfloat16 pairs
#endif  // __HIP__
