// dualgpu/cuda/cuda_bf16.h: shim for HIP builds only.
// ROCm >= 5.7 has <hip/hip_bf16.h> with __hip_bfloat16 and CUDA's intrinsic names
// (__float2bfloat16, __bfloat162float, __hadd, ...). Older ROCm only has hip_bfloat16, a class
// with a different API: there __nv_bfloat16 is hip_bfloat16 plus what CUDA code relies on
// (assignment from float, `__nv_bfloat16 x = 1.0f;`), and the two conversions real code uses
// most; nothing else (docs/porting.md: compute in float).
#pragma once
#include "dualgpu_cuda_to_hip.h"

#define __CUDA_BF16_H__

#if __has_include(<hip/hip_bf16.h>)
#include <hip/hip_bf16.h>
#define __nv_bfloat16 __hip_bfloat16
#define __nv_bfloat162 __hip_bfloat162
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
#define __nv_bfloat16 ::dualgpu::bfloat16_compat
#if !defined(__float2bfloat16)
#define __float2bfloat16(x) ::dualgpu::bfloat16_compat(static_cast<float>(x))
#endif  // __float2bfloat16
#if !defined(__bfloat162float)
#define __bfloat162float(x) static_cast<float>(x)
#endif  // __bfloat162float
#endif  // <hip/hip_bf16.h>
