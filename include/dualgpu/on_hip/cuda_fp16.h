// dualgpu/on_hip/cuda_fp16.h: shim for HIP builds only. __half, __half2, __float2half,
// __half2float, __hadd, ... are spelled the same in HIP's fp16 header.
// ROCm 5.x lacks __hmax/__hmin/__hmax2/__hmin2: they are written here from float, exactly
// (both halves convert to float without rounding, and the result is one of them).
#pragma once
#include "dualgpu_cuda_to_hip.h"
#include <hip/hip_fp16.h>

#define __CUDA_FP16_H__

#if defined(__HIP__) && HIP_VERSION_MAJOR < 6
// CUDA: a NaN operand loses to the other one, as fmaxf/fminf do.
__host__ __device__ inline __half __hmax(__half a, __half b) { return __float2half(fmaxf(__half2float(a), __half2float(b))); }
__host__ __device__ inline __half __hmin(__half a, __half b) { return __float2half(fminf(__half2float(a), __half2float(b))); }
__host__ __device__ inline __half2 __hmax2(__half2 a, __half2 b) { return __halves2half2(__hmax(__low2half(a), __low2half(b)), __hmax(__high2half(a), __high2half(b))); }
__host__ __device__ inline __half2 __hmin2(__half2 a, __half2 b) { return __halves2half2(__hmin(__low2half(a), __low2half(b)), __hmin(__high2half(a), __high2half(b))); }
#endif  // HIP 5.x
