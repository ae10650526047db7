// dualgpu/on_hip/cuda_fp16.h: shim for HIP builds only. __half, __half2, __float2half,
// __half2float, __hadd, ... are spelled the same in HIP's fp16 header.
// ROCm 5.x lacks __hmax/__hmin, and ROCm 5.2 and 6.4 both lack __hmax2/__hmin2 for __half2 (6.4 has
// them for bfloat16 pairs only): they are written here from float, exactly (both halves convert to
// float without rounding, and the result is one of them). atomicAdd on __half and __half2, which HIP
// does not declare, comes from dualgpu_cuda_16bit_atomics.h.
#pragma once
#include "dualgpu_cuda_to_hip.h"
#include <hip/hip_fp16.h>

#define __CUDA_FP16_H__

#if defined(__HIP__) && HIP_VERSION_MAJOR < 6
// CUDA: a NaN operand loses to the other one, as fmaxf/fminf do.
__host__ __device__ inline __half __hmax(__half a, __half b) { return __float2half(fmaxf(__half2float(a), __half2float(b))); }
__host__ __device__ inline __half __hmin(__half a, __half b) { return __float2half(fminf(__half2float(a), __half2float(b))); }
#endif  // HIP 5.x

#if defined(__HIP__)
#include "dualgpu_cuda_16bit_atomics.h"
#include "dualgpu_cuda_half_functions.h"

// Templates limited to __half2, so that a HIP which declares its own plain ones is preferred.
template <typename T, ::dualgpu::cuda_atomics::only_for<T, __half2> = 0>
__host__ __device__ inline T __hmax2(T a, T b) {
  return __halves2half2(__hmax(__low2half(a), __low2half(b)), __hmax(__high2half(a), __high2half(b)));
}
template <typename T, ::dualgpu::cuda_atomics::only_for<T, __half2> = 0>
__host__ __device__ inline T __hmin2(T a, T b) {
  return __halves2half2(__hmin(__low2half(a), __low2half(b)), __hmin(__high2half(a), __high2half(b)));
}

template <typename T, ::dualgpu::cuda_atomics::only_for<T, __half> = 0>
__device__ inline T atomicAdd(T* address, ::dualgpu::cuda_atomics::value_of<T> value) {
  return ::dualgpu::cuda_atomics::update_by_cas(address, [=](T old) { return __hadd(old, value); });
}
template <typename T, ::dualgpu::cuda_atomics::only_for<T, __half2> = 0>
__device__ inline T atomicAdd(T* address, ::dualgpu::cuda_atomics::value_of<T> value) {
  return ::dualgpu::cuda_atomics::update_by_cas(address, [=](T old) { return __hadd2(old, value); });
}
#endif  // __HIP__
