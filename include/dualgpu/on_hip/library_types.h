// dualgpu/on_hip/library_types.h: shim for HIP builds only. CUDA's data-type tags (cudaDataType,
// CUDA_R_32F, ...), which cuBLAS, cuBLASLt, cuSPARSE and cuSOLVER take, as HIP's hipDataType,
// which hipBLAS (v2 API), hipBLASLt, hipSPARSE and hipSOLVER take. The numeric values differ
// between the two enums; code that uses the names is unaffected.
#pragma once
#include "dualgpu_cuda_to_hip.h"
#include <hip/library_types.h>

using cudaDataType_t = hipDataType;
using cudaDataType = hipDataType;

static constexpr hipDataType CUDA_R_16F = HIP_R_16F;
static constexpr hipDataType CUDA_R_32F = HIP_R_32F;
static constexpr hipDataType CUDA_R_64F = HIP_R_64F;
static constexpr hipDataType CUDA_C_16F = HIP_C_16F;
static constexpr hipDataType CUDA_C_32F = HIP_C_32F;
static constexpr hipDataType CUDA_C_64F = HIP_C_64F;
// Not in HIP 5.2 (its hipDataType has only the six above): HIP 6 added the integer and bf16 tags.
#if HIP_VERSION_MAJOR >= 6
static constexpr hipDataType CUDA_R_16BF = HIP_R_16BF;
static constexpr hipDataType CUDA_C_16BF = HIP_C_16BF;
static constexpr hipDataType CUDA_R_8I = HIP_R_8I;
static constexpr hipDataType CUDA_R_8U = HIP_R_8U;
static constexpr hipDataType CUDA_R_32I = HIP_R_32I;
static constexpr hipDataType CUDA_R_32U = HIP_R_32U;
#endif  // HIP_VERSION_MAJOR >= 6

