// dualgpu/on_hip/dualgpu_cublas_enums.h: cuBLAS's operation, fill-mode, side and diagonal enums as
// hipBLAS's, shared by cublas_v2.h and cusolverDn.h (cuSOLVER takes cuBLAS's enums, hipSOLVER
// hipBLAS's). Included after hipblas.h or hipsolver.h, either of which declares the hipblas types.
#pragma once

using cublasOperation_t = hipblasOperation_t;
using cublasFillMode_t = hipblasFillMode_t;
using cublasSideMode_t = hipblasSideMode_t;
using cublasDiagType_t = hipblasDiagType_t;

static constexpr hipblasOperation_t CUBLAS_OP_N = HIPBLAS_OP_N;
static constexpr hipblasOperation_t CUBLAS_OP_T = HIPBLAS_OP_T;
static constexpr hipblasOperation_t CUBLAS_OP_C = HIPBLAS_OP_C;
static constexpr hipblasFillMode_t CUBLAS_FILL_MODE_LOWER = HIPBLAS_FILL_MODE_LOWER;
static constexpr hipblasFillMode_t CUBLAS_FILL_MODE_UPPER = HIPBLAS_FILL_MODE_UPPER;
static constexpr hipblasSideMode_t CUBLAS_SIDE_LEFT = HIPBLAS_SIDE_LEFT;
static constexpr hipblasSideMode_t CUBLAS_SIDE_RIGHT = HIPBLAS_SIDE_RIGHT;
static constexpr hipblasDiagType_t CUBLAS_DIAG_NON_UNIT = HIPBLAS_DIAG_NON_UNIT;
static constexpr hipblasDiagType_t CUBLAS_DIAG_UNIT = HIPBLAS_DIAG_UNIT;
