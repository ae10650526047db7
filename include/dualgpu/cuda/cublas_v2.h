// dualgpu/cuda/cublas_v2.h: shim for HIP builds only. cuBLAS -> hipBLAS, which keeps cuBLAS's
// shapes (column-major, same argument order) under hipblas* names, for the calls kernels'
// host code uses most (docs/porting.md#libraries lists them). Without hipBLAS this stops here.
#pragma once
#include "dualgpu_cuda_to_hip.h"

#if __has_include(<hipblas/hipblas.h>)
#include <hipblas/hipblas.h>
#elif __has_include(<hipblas.h>)
#include <hipblas.h>
#else
#error "dualgpu: <cublas_v2.h> maps to hipBLAS on ROCm, and hipBLAS was not found (install hipblas / libhipblas-dev); see docs/porting.md#libraries"
#endif  // hipBLAS

#define CUBLAS_API_H_
#define cublasHandle_t hipblasHandle_t
#define cublasStatus_t hipblasStatus_t
#define cublasOperation_t hipblasOperation_t
#define cublasCreate hipblasCreate
#define cublasDestroy hipblasDestroy
#define cublasSetStream hipblasSetStream
#define cublasGetStream hipblasGetStream
#define cublasSetPointerMode hipblasSetPointerMode
#define cublasSgemm hipblasSgemm
#define cublasDgemm hipblasDgemm
#define cublasHgemm hipblasHgemm
#define cublasSgemv hipblasSgemv
#define cublasSaxpy hipblasSaxpy
#define cublasSdot hipblasSdot
#define cublasSscal hipblasSscal
#define cublasSgemmStridedBatched hipblasSgemmStridedBatched
#define cublasSgemmBatched hipblasSgemmBatched
#define CUBLAS_OP_N HIPBLAS_OP_N
#define CUBLAS_OP_T HIPBLAS_OP_T
#define CUBLAS_OP_C HIPBLAS_OP_C
#define CUBLAS_POINTER_MODE_HOST HIPBLAS_POINTER_MODE_HOST
#define CUBLAS_POINTER_MODE_DEVICE HIPBLAS_POINTER_MODE_DEVICE
#define CUBLAS_STATUS_SUCCESS HIPBLAS_STATUS_SUCCESS
#define CUBLAS_STATUS_NOT_INITIALIZED HIPBLAS_STATUS_NOT_INITIALIZED
#define CUBLAS_STATUS_ALLOC_FAILED HIPBLAS_STATUS_ALLOC_FAILED
#define CUBLAS_STATUS_INVALID_VALUE HIPBLAS_STATUS_INVALID_VALUE
#define CUBLAS_STATUS_ARCH_MISMATCH HIPBLAS_STATUS_ARCH_MISMATCH
#define CUBLAS_STATUS_MAPPING_ERROR HIPBLAS_STATUS_MAPPING_ERROR
#define CUBLAS_STATUS_EXECUTION_FAILED HIPBLAS_STATUS_EXECUTION_FAILED
#define CUBLAS_STATUS_INTERNAL_ERROR HIPBLAS_STATUS_INTERNAL_ERROR
#define CUBLAS_STATUS_NOT_SUPPORTED HIPBLAS_STATUS_NOT_SUPPORTED
