// dualgpu/on_hip/cublas_v2.h: shim for HIP builds only. cuBLAS -> hipBLAS, which keeps cuBLAS's
// shapes (column-major, same argument order) under hipblas* names. Types are `using` aliases and
// functions references to their hipblas twin, so a wrong argument is reported against the hipblas
// declaration without a macro expansion in between. docs/porting.md#libraries lists every name
// and what differs (math modes, workspace, compute types).
#pragma once
#include "cuComplex.h"  // as NVIDIA's header includes it
#include "library_types.h"

// hipBLAS's v2 API takes hipDataType and hipblasComputeType_t, as cuBLAS takes cudaDataType and
// cublasComputeType_t; __half and hip_bfloat16 pointers as cuBLAS takes __half and __nv_bfloat16.
#ifndef HIPBLAS_V2
#define HIPBLAS_V2
#endif  // HIPBLAS_V2
#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF
#endif  // HIPBLAS_USE_HIP_HALF

#if __has_include(<hipblas/hipblas.h>)
#include <hipblas/hipblas.h>
#elif __has_include(<hipblas.h>)
#include <hipblas.h>
#else
#error "dualgpu: <cublas_v2.h> maps to hipBLAS on ROCm, and hipBLAS was not found: install libhipblas-dev (Debian 13 or sid, Ubuntu 24.04+) or hipblas-dev (AMD's ROCm repository). Debian 12 has no hipBLAS package: build in a Debian sid root (ci/rocm-root.sh) or a ROCm container image. See docs/porting.md#libraries"
#endif  // hipBLAS

#define CUBLAS_API_H_
#include "dualgpu_cublas_enums.h"

using cublasHandle_t = hipblasHandle_t;
using cublasStatus_t = hipblasStatus_t;
using cublasPointerMode_t = hipblasPointerMode_t;

static constexpr auto& cublasCreate = hipblasCreate;
static constexpr auto& cublasDestroy = hipblasDestroy;
static constexpr auto& cublasSetStream = hipblasSetStream;
static constexpr auto& cublasGetStream = hipblasGetStream;
static constexpr auto& cublasSetPointerMode = hipblasSetPointerMode;
static constexpr auto& cublasGetPointerMode = hipblasGetPointerMode;
static constexpr auto& cublasGetStatusString = hipblasStatusToString;
// Host <-> device copies of vectors and column-major matrices, as cuBLAS's older samples make them.
static constexpr auto& cublasSetVector = hipblasSetVector;
static constexpr auto& cublasGetVector = hipblasGetVector;
static constexpr auto& cublasSetMatrix = hipblasSetMatrix;
static constexpr auto& cublasGetMatrix = hipblasGetMatrix;
static constexpr auto& cublasSetVectorAsync = hipblasSetVectorAsync;
static constexpr auto& cublasGetVectorAsync = hipblasGetVectorAsync;
static constexpr auto& cublasSetMatrixAsync = hipblasSetMatrixAsync;
static constexpr auto& cublasGetMatrixAsync = hipblasGetMatrixAsync;
static constexpr auto& cublasSgemm = hipblasSgemm;
static constexpr auto& cublasDgemm = hipblasDgemm;
static constexpr auto& cublasHgemm = hipblasHgemm;
static constexpr auto& cublasSgemv = hipblasSgemv;
static constexpr auto& cublasDgemv = hipblasDgemv;
static constexpr auto& cublasSgeam = hipblasSgeam;
static constexpr auto& cublasSaxpy = hipblasSaxpy;
static constexpr auto& cublasDaxpy = hipblasDaxpy;
static constexpr auto& cublasSdot = hipblasSdot;
static constexpr auto& cublasDdot = hipblasDdot;
static constexpr auto& cublasSscal = hipblasSscal;
static constexpr auto& cublasDscal = hipblasDscal;
static constexpr auto& cublasSnrm2 = hipblasSnrm2;
static constexpr auto& cublasSasum = hipblasSasum;
static constexpr auto& cublasIsamax = hipblasIsamax;
static constexpr auto& cublasDnrm2 = hipblasDnrm2;
static constexpr auto& cublasDasum = hipblasDasum;
static constexpr auto& cublasIdamax = hipblasIdamax;
static constexpr auto& cublasIsamin = hipblasIsamin;
static constexpr auto& cublasIdamin = hipblasIdamin;
static constexpr auto& cublasScopy = hipblasScopy;
static constexpr auto& cublasDcopy = hipblasDcopy;
static constexpr auto& cublasSswap = hipblasSswap;
static constexpr auto& cublasDswap = hipblasDswap;
static constexpr auto& cublasSrot = hipblasSrot;
static constexpr auto& cublasDrot = hipblasDrot;
static constexpr auto& cublasSger = hipblasSger;
static constexpr auto& cublasDger = hipblasDger;
static constexpr auto& cublasSsymv = hipblasSsymv;
static constexpr auto& cublasDsymv = hipblasDsymv;
static constexpr auto& cublasDgeam = hipblasDgeam;
static constexpr auto& cublasSdgmm = hipblasSdgmm;
static constexpr auto& cublasDdgmm = hipblasDdgmm;
static constexpr auto& cublasSsyrk = hipblasSsyrk;
static constexpr auto& cublasDsyrk = hipblasDsyrk;
// trmm out of place (C = alpha op(A) B), as cuBLAS's v2 API and hipBLAS 2 (ROCm 6) both have it.
static constexpr auto& cublasStrmm = hipblasStrmm;
static constexpr auto& cublasDtrmm = hipblasDtrmm;
static constexpr auto& cublasStrsm = hipblasStrsm;
static constexpr auto& cublasDtrsm = hipblasDtrsm;
static constexpr auto& cublasDgemmBatched = hipblasDgemmBatched;
static constexpr auto& cublasSgemmBatched = hipblasSgemmBatched;
static constexpr auto& cublasSgemmStridedBatched = hipblasSgemmStridedBatched;
static constexpr auto& cublasDgemmStridedBatched = hipblasDgemmStridedBatched;
static constexpr auto& cublasHgemmStridedBatched = hipblasHgemmStridedBatched;

static constexpr hipblasPointerMode_t CUBLAS_POINTER_MODE_HOST = HIPBLAS_POINTER_MODE_HOST;
static constexpr hipblasPointerMode_t CUBLAS_POINTER_MODE_DEVICE = HIPBLAS_POINTER_MODE_DEVICE;
static constexpr hipblasStatus_t CUBLAS_STATUS_SUCCESS = HIPBLAS_STATUS_SUCCESS;
static constexpr hipblasStatus_t CUBLAS_STATUS_NOT_INITIALIZED = HIPBLAS_STATUS_NOT_INITIALIZED;
static constexpr hipblasStatus_t CUBLAS_STATUS_ALLOC_FAILED = HIPBLAS_STATUS_ALLOC_FAILED;
static constexpr hipblasStatus_t CUBLAS_STATUS_INVALID_VALUE = HIPBLAS_STATUS_INVALID_VALUE;
static constexpr hipblasStatus_t CUBLAS_STATUS_ARCH_MISMATCH = HIPBLAS_STATUS_ARCH_MISMATCH;
static constexpr hipblasStatus_t CUBLAS_STATUS_MAPPING_ERROR = HIPBLAS_STATUS_MAPPING_ERROR;
static constexpr hipblasStatus_t CUBLAS_STATUS_EXECUTION_FAILED = HIPBLAS_STATUS_EXECUTION_FAILED;
static constexpr hipblasStatus_t CUBLAS_STATUS_INTERNAL_ERROR = HIPBLAS_STATUS_INTERNAL_ERROR;
static constexpr hipblasStatus_t CUBLAS_STATUS_NOT_SUPPORTED = HIPBLAS_STATUS_NOT_SUPPORTED;
// hipBLAS has no license check; error-string switches (cuda-samples' helper_cuda.h) name this case.
static constexpr hipblasStatus_t CUBLAS_STATUS_LICENSE_ERROR = HIPBLAS_STATUS_UNKNOWN;

// The mixed-precision API (GemmEx, compute types) is hipBLAS 2's (ROCm 6.0+).
#if hipblasVersionMajor >= 2
using cublasComputeType_t = hipblasComputeType_t;
using cublasGemmAlgo_t = hipblasGemmAlgo_t;
static constexpr auto& cublasGemmEx = hipblasGemmEx;
static constexpr auto& cublasGemmBatchedEx = hipblasGemmBatchedEx;
static constexpr auto& cublasGemmStridedBatchedEx = hipblasGemmStridedBatchedEx;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_16F = HIPBLAS_COMPUTE_16F;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_32F = HIPBLAS_COMPUTE_32F;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_32F_PEDANTIC = HIPBLAS_COMPUTE_32F_PEDANTIC;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_32F_FAST_16F = HIPBLAS_COMPUTE_32F_FAST_16F;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_32F_FAST_16BF = HIPBLAS_COMPUTE_32F_FAST_16BF;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_32F_FAST_TF32 = HIPBLAS_COMPUTE_32F_FAST_TF32;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_64F = HIPBLAS_COMPUTE_64F;
static constexpr hipblasComputeType_t CUBLAS_COMPUTE_32I = HIPBLAS_COMPUTE_32I;
// rocBLAS picks its matrix-core kernels itself: both of cuBLAS's algorithm hints mean its default.
static constexpr hipblasGemmAlgo_t CUBLAS_GEMM_DEFAULT = HIPBLAS_GEMM_DEFAULT;
static constexpr hipblasGemmAlgo_t CUBLAS_GEMM_DEFAULT_TENSOR_OP = HIPBLAS_GEMM_DEFAULT;
#endif  // hipblasVersionMajor >= 2

// cuBLAS's math modes, with cuBLAS's values. rocBLAS accepts only its default (and xf32 on
// gfx942), so the modes that merely allow tensor cores or TF32 (results within cuBLAS's own
// tolerance of the default) select HIPBLAS_DEFAULT_MATH instead of failing.
enum cublasMath_t {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16,
};

inline hipblasStatus_t cublasSetMathMode(hipblasHandle_t handle, cublasMath_t mode) {
  const int base = static_cast<int>(mode) & ~static_cast<int>(CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION);
  if (base > CUBLAS_TF32_TENSOR_OP_MATH) {
    return HIPBLAS_STATUS_INVALID_VALUE;
  }
  return hipblasSetMathMode(handle, base == CUBLAS_PEDANTIC_MATH ? HIPBLAS_PEDANTIC_MATH : HIPBLAS_DEFAULT_MATH);
}

inline hipblasStatus_t cublasGetMathMode(hipblasHandle_t handle, cublasMath_t* mode) {
  hipblasMath_t hip_mode = HIPBLAS_DEFAULT_MATH;
  const hipblasStatus_t status = hipblasGetMathMode(handle, &hip_mode);
  *mode = hip_mode == HIPBLAS_PEDANTIC_MATH ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH;
  return status;
}

// rocBLAS allocates and owns its workspace; the buffer cuBLAS would use is left unused.
inline hipblasStatus_t cublasSetWorkspace(hipblasHandle_t handle, void* workspace, size_t bytes) {
  (void)workspace;
  (void)bytes;
  return handle ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_NOT_INITIALIZED;
}
