// dualgpu/on_hip/cusolverDn.h: shim for HIP builds only. cuSOLVER's dense API -> hipSOLVER's
// hipsolverDn* compatibility API (on rocSOLVER), which keeps cuSOLVER's signatures: buffer-size
// query, then the factorisation with a device workspace and a device info flag. rocSOLVER
// ignores the workspace size it reports for some calls and allocates its own; results are the same.
#pragma once
#include "cuComplex.h"  // as NVIDIA's header includes it
#include "library_types.h"

#if __has_include(<hipsolver/hipsolver.h>)
#include <hipsolver/hipsolver.h>
#elif __has_include(<hipsolver.h>)
#include <hipsolver.h>
#else
#error "dualgpu: <cusolverDn.h> maps to hipSOLVER on ROCm, and hipSOLVER was not found: install libhipsolver-dev (Debian sid) or hipsolver-dev (AMD's ROCm repository). Debian 12 has no hipSOLVER package: build in a Debian sid root (ci/rocm-root.sh) or a ROCm container image. See docs/porting.md#libraries"
#endif  // hipSOLVER
#include "dualgpu_cublas_enums.h"

// The guard of NVIDIA's cusolver_common.h: cuda-samples' helper_cuda.h names cuSOLVER's statuses behind it.
#define CUSOLVER_COMMON_H_

using cusolverDnHandle_t = hipsolverDnHandle_t;
using cusolverStatus_t = hipsolverStatus_t;
using cusolverEigMode_t = hipsolverEigMode_t;

static constexpr auto& cusolverDnCreate = hipsolverDnCreate;
static constexpr auto& cusolverDnDestroy = hipsolverDnDestroy;
static constexpr auto& cusolverDnSetStream = hipsolverDnSetStream;
static constexpr auto& cusolverDnSgetrf_bufferSize = hipsolverDnSgetrf_bufferSize;
static constexpr auto& cusolverDnDgetrf_bufferSize = hipsolverDnDgetrf_bufferSize;
static constexpr auto& cusolverDnSgetrf = hipsolverDnSgetrf;
static constexpr auto& cusolverDnDgetrf = hipsolverDnDgetrf;
static constexpr auto& cusolverDnSgetrs = hipsolverDnSgetrs;
static constexpr auto& cusolverDnDgetrs = hipsolverDnDgetrs;
static constexpr auto& cusolverDnSpotrf_bufferSize = hipsolverDnSpotrf_bufferSize;
static constexpr auto& cusolverDnDpotrf_bufferSize = hipsolverDnDpotrf_bufferSize;
static constexpr auto& cusolverDnSpotrf = hipsolverDnSpotrf;
static constexpr auto& cusolverDnDpotrf = hipsolverDnDpotrf;
static constexpr auto& cusolverDnSpotrs = hipsolverDnSpotrs;
static constexpr auto& cusolverDnDpotrs = hipsolverDnDpotrs;
// QR: geqrf factors, orgqr forms Q, ormqr applies it.
static constexpr auto& cusolverDnSgeqrf_bufferSize = hipsolverDnSgeqrf_bufferSize;
static constexpr auto& cusolverDnDgeqrf_bufferSize = hipsolverDnDgeqrf_bufferSize;
static constexpr auto& cusolverDnSgeqrf = hipsolverDnSgeqrf;
static constexpr auto& cusolverDnDgeqrf = hipsolverDnDgeqrf;
static constexpr auto& cusolverDnSorgqr_bufferSize = hipsolverDnSorgqr_bufferSize;
static constexpr auto& cusolverDnDorgqr_bufferSize = hipsolverDnDorgqr_bufferSize;
static constexpr auto& cusolverDnSorgqr = hipsolverDnSorgqr;
static constexpr auto& cusolverDnDorgqr = hipsolverDnDorgqr;
static constexpr auto& cusolverDnSormqr_bufferSize = hipsolverDnSormqr_bufferSize;
static constexpr auto& cusolverDnDormqr_bufferSize = hipsolverDnDormqr_bufferSize;
static constexpr auto& cusolverDnSormqr = hipsolverDnSormqr;
static constexpr auto& cusolverDnDormqr = hipsolverDnDormqr;
// Symmetric eigenvalues (divide and conquer) and the SVD.
static constexpr auto& cusolverDnSsyevd_bufferSize = hipsolverDnSsyevd_bufferSize;
static constexpr auto& cusolverDnDsyevd_bufferSize = hipsolverDnDsyevd_bufferSize;
static constexpr auto& cusolverDnSsyevd = hipsolverDnSsyevd;
static constexpr auto& cusolverDnDsyevd = hipsolverDnDsyevd;
static constexpr auto& cusolverDnSgesvd_bufferSize = hipsolverDnSgesvd_bufferSize;
static constexpr auto& cusolverDnDgesvd_bufferSize = hipsolverDnDgesvd_bufferSize;
static constexpr auto& cusolverDnSgesvd = hipsolverDnSgesvd;
static constexpr auto& cusolverDnDgesvd = hipsolverDnDgesvd;

static constexpr hipsolverEigMode_t CUSOLVER_EIG_MODE_NOVECTOR = HIPSOLVER_EIG_MODE_NOVECTOR;
static constexpr hipsolverEigMode_t CUSOLVER_EIG_MODE_VECTOR = HIPSOLVER_EIG_MODE_VECTOR;

static constexpr hipsolverStatus_t CUSOLVER_STATUS_SUCCESS = HIPSOLVER_STATUS_SUCCESS;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_NOT_INITIALIZED = HIPSOLVER_STATUS_NOT_INITIALIZED;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_ALLOC_FAILED = HIPSOLVER_STATUS_ALLOC_FAILED;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_INVALID_VALUE = HIPSOLVER_STATUS_INVALID_VALUE;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_EXECUTION_FAILED = HIPSOLVER_STATUS_EXECUTION_FAILED;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_INTERNAL_ERROR = HIPSOLVER_STATUS_INTERNAL_ERROR;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_NOT_SUPPORTED = HIPSOLVER_STATUS_NOT_SUPPORTED;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_ARCH_MISMATCH = HIPSOLVER_STATUS_ARCH_MISMATCH;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_MAPPING_ERROR = HIPSOLVER_STATUS_MAPPING_ERROR;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = HIPSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
static constexpr hipsolverStatus_t CUSOLVER_STATUS_ZERO_PIVOT = HIPSOLVER_STATUS_ZERO_PIVOT;
// Never a license error on AMD; a value of its own, so that switches over the statuses compile.
static constexpr hipsolverStatus_t CUSOLVER_STATUS_INVALID_LICENSE = HIPSOLVER_STATUS_UNKNOWN;
