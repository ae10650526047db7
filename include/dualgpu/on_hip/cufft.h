// dualgpu/on_hip/cufft.h: shim for HIP builds only. cuFFT -> hipFFT (on rocFFT): plans, executes
// and directions under hipfft* names, cuFFT's conventions (unnormalised inverse, FORWARD = -1).
// cufftHandle is an opaque pointer here, an int on CUDA: code that stores plans as int breaks.
#pragma once
#include "dualgpu_cuda_to_hip.h"
#include "cuComplex.h"  // as NVIDIA's header includes it

#if __has_include(<hipfft/hipfft.h>)
#include <hipfft/hipfft.h>
#elif __has_include(<hipfft.h>)
#include <hipfft.h>
#else
#error "dualgpu: <cufft.h> maps to hipFFT on ROCm, and hipFFT was not found: install libhipfft-dev (Debian sid) or hipfft-dev (AMD's ROCm repository). Debian 12 has no hipFFT package: build in a Debian sid root (ci/rocm-root.sh) or a ROCm container image. See docs/porting.md#libraries"
#endif  // hipFFT

// NVIDIA's include guard: cuda-samples' helper_cuda.h names cuFFT's results behind it.
#define _CUFFT_H_

using cufftHandle = hipfftHandle;
using cufftResult = hipfftResult;
using cufftResult_t = hipfftResult;
using cufftType = hipfftType;
using cufftType_t = hipfftType;
using cufftComplex = hipfftComplex;
using cufftDoubleComplex = hipfftDoubleComplex;
using cufftReal = hipfftReal;
using cufftDoubleReal = hipfftDoubleReal;

static constexpr auto& cufftCreate = hipfftCreate;
static constexpr auto& cufftDestroy = hipfftDestroy;
static constexpr auto& cufftPlan1d = hipfftPlan1d;
static constexpr auto& cufftPlan2d = hipfftPlan2d;
static constexpr auto& cufftPlan3d = hipfftPlan3d;
static constexpr auto& cufftPlanMany = hipfftPlanMany;
static constexpr auto& cufftMakePlan1d = hipfftMakePlan1d;
static constexpr auto& cufftMakePlanMany = hipfftMakePlanMany;
static constexpr auto& cufftGetSize = hipfftGetSize;
static constexpr auto& cufftSetAutoAllocation = hipfftSetAutoAllocation;
static constexpr auto& cufftSetWorkArea = hipfftSetWorkArea;
static constexpr auto& cufftSetStream = hipfftSetStream;
static constexpr auto& cufftExecC2C = hipfftExecC2C;
static constexpr auto& cufftExecR2C = hipfftExecR2C;
static constexpr auto& cufftExecC2R = hipfftExecC2R;
static constexpr auto& cufftExecZ2Z = hipfftExecZ2Z;
static constexpr auto& cufftExecD2Z = hipfftExecD2Z;
static constexpr auto& cufftExecZ2D = hipfftExecZ2D;
static constexpr auto& cufftGetVersion = hipfftGetVersion;

// cuFFT's directions are plain macros too (CUFFT_FORWARD is -1 in both).
#define CUFFT_FORWARD HIPFFT_FORWARD
#define CUFFT_INVERSE HIPFFT_BACKWARD
static constexpr hipfftType CUFFT_R2C = HIPFFT_R2C;
static constexpr hipfftType CUFFT_C2R = HIPFFT_C2R;
static constexpr hipfftType CUFFT_C2C = HIPFFT_C2C;
static constexpr hipfftType CUFFT_D2Z = HIPFFT_D2Z;
static constexpr hipfftType CUFFT_Z2D = HIPFFT_Z2D;
static constexpr hipfftType CUFFT_Z2Z = HIPFFT_Z2Z;
static constexpr hipfftResult CUFFT_SUCCESS = HIPFFT_SUCCESS;
static constexpr hipfftResult CUFFT_INVALID_PLAN = HIPFFT_INVALID_PLAN;
static constexpr hipfftResult CUFFT_ALLOC_FAILED = HIPFFT_ALLOC_FAILED;
static constexpr hipfftResult CUFFT_INVALID_VALUE = HIPFFT_INVALID_VALUE;
static constexpr hipfftResult CUFFT_INTERNAL_ERROR = HIPFFT_INTERNAL_ERROR;
static constexpr hipfftResult CUFFT_EXEC_FAILED = HIPFFT_EXEC_FAILED;
static constexpr hipfftResult CUFFT_SETUP_FAILED = HIPFFT_SETUP_FAILED;
static constexpr hipfftResult CUFFT_INVALID_SIZE = HIPFFT_INVALID_SIZE;
static constexpr hipfftResult CUFFT_NOT_SUPPORTED = HIPFFT_NOT_SUPPORTED;
static constexpr hipfftResult CUFFT_INVALID_TYPE = HIPFFT_INVALID_TYPE;
static constexpr hipfftResult CUFFT_UNALIGNED_DATA = HIPFFT_UNALIGNED_DATA;
static constexpr hipfftResult CUFFT_INVALID_DEVICE = HIPFFT_INVALID_DEVICE;
static constexpr hipfftResult CUFFT_NO_WORKSPACE = HIPFFT_NO_WORKSPACE;
static constexpr hipfftResult CUFFT_NOT_IMPLEMENTED = HIPFFT_NOT_IMPLEMENTED;
// Removed in CUDA 13, still in code written for CUDA 12 (cuda-samples' helper_cuda.h switch).
static constexpr hipfftResult CUFFT_INCOMPLETE_PARAMETER_LIST = HIPFFT_INCOMPLETE_PARAMETER_LIST;
static constexpr hipfftResult CUFFT_PARSE_ERROR = HIPFFT_PARSE_ERROR;
// hipFFT has no license check and leaves cuFFT's value 15 unused, so this case is never returned.
static constexpr hipfftResult CUFFT_LICENSE_ERROR = static_cast<hipfftResult>(15);
