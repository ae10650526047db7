// dualgpu/cuda/cuda_fp16.h: shim for HIP builds only. __half, __half2, __float2half,
// __half2float, __hadd, ... are spelled the same in HIP's fp16 header.
#pragma once
#include "dualgpu_cuda_to_hip.h"
#include <hip/hip_fp16.h>

#define __CUDA_FP16_H__
