// dualgpu/on_hip/cusparse.h: shim for HIP builds only. cuSPARSE -> hipSPARSE, for the generic API
// (sparse-matrix and dense-vector/matrix descriptors, SpMV, SpMM), which hipSPARSE keeps with
// cuSPARSE's argument order. Value types are CUDA's data-type tags (library_types.h). The legacy
// per-type calls (cusparseScsrmv, ...), removed in CUDA 12, are not mapped.
#pragma once
#include "cuComplex.h"  // as NVIDIA's header includes it
#include "library_types.h"

#if __has_include(<hipsparse/hipsparse.h>)
#include <hipsparse/hipsparse.h>
#elif __has_include(<hipsparse.h>)
#include <hipsparse.h>
#else
#error "dualgpu: <cusparse.h> maps to hipSPARSE on ROCm, and hipSPARSE was not found: install libhipsparse-dev (Debian 12 and later, Ubuntu) or hipsparse-dev (AMD's ROCm repository). See docs/porting.md#libraries"
#endif  // hipSPARSE

// NVIDIA's calling-convention macro, empty off Windows: cuda-samples' helper_cuda.h names cuSPARSE's
// statuses behind it.
#ifndef CUSPARSEAPI
#define CUSPARSEAPI
#endif  // CUSPARSEAPI

using cusparseHandle_t = hipsparseHandle_t;
using cusparseStatus_t = hipsparseStatus_t;
using cusparseOperation_t = hipsparseOperation_t;
using cusparseIndexType_t = hipsparseIndexType_t;
using cusparseIndexBase_t = hipsparseIndexBase_t;
using cusparseOrder_t = hipsparseOrder_t;
using cusparseSpMatDescr_t = hipsparseSpMatDescr_t;
using cusparseDnVecDescr_t = hipsparseDnVecDescr_t;
using cusparseDnMatDescr_t = hipsparseDnMatDescr_t;
using cusparseSpMVAlg_t = hipsparseSpMVAlg_t;
using cusparseSpMMAlg_t = hipsparseSpMMAlg_t;
using cusparseSpMatAttribute_t = hipsparseSpMatAttribute_t;
using cusparseFillMode_t = hipsparseFillMode_t;
using cusparseDiagType_t = hipsparseDiagType_t;

static constexpr auto& cusparseCreate = hipsparseCreate;
static constexpr auto& cusparseDestroy = hipsparseDestroy;
static constexpr auto& cusparseSetStream = hipsparseSetStream;
static constexpr auto& cusparseCreateCsr = hipsparseCreateCsr;
static constexpr auto& cusparseCreateCoo = hipsparseCreateCoo;
static constexpr auto& cusparseDestroySpMat = hipsparseDestroySpMat;
static constexpr auto& cusparseCreateDnVec = hipsparseCreateDnVec;
static constexpr auto& cusparseDestroyDnVec = hipsparseDestroyDnVec;
static constexpr auto& cusparseCreateDnMat = hipsparseCreateDnMat;
static constexpr auto& cusparseDestroyDnMat = hipsparseDestroyDnMat;
static constexpr auto& cusparseSpMV_bufferSize = hipsparseSpMV_bufferSize;
static constexpr auto& cusparseSpMV = hipsparseSpMV;
static constexpr auto& cusparseSpMM_bufferSize = hipsparseSpMM_bufferSize;
static constexpr auto& cusparseSpMM = hipsparseSpMM;
static constexpr auto& cusparseSpMatSetAttribute = hipsparseSpMatSetAttribute;
// Not in hipSPARSE 2 (ROCm 5.x): its SpSV_solve also takes the analysis buffer, which CUDA's does not.
#if hipsparseVersionMajor >= 3
static constexpr auto& cusparseGetErrorString = hipsparseGetErrorString;
using cusparseSpSVDescr_t = hipsparseSpSVDescr_t;
using cusparseSpSVAlg_t = hipsparseSpSVAlg_t;
using cusparseAction_t = hipsparseAction_t;
using cusparseCsr2CscAlg_t = hipsparseCsr2CscAlg_t;
static constexpr auto& cusparseSpSV_createDescr = hipsparseSpSV_createDescr;
static constexpr auto& cusparseSpSV_destroyDescr = hipsparseSpSV_destroyDescr;
static constexpr auto& cusparseSpSV_bufferSize = hipsparseSpSV_bufferSize;
static constexpr auto& cusparseSpSV_analysis = hipsparseSpSV_analysis;
static constexpr auto& cusparseSpSV_solve = hipsparseSpSV_solve;
static constexpr auto& cusparseCsr2cscEx2_bufferSize = hipsparseCsr2cscEx2_bufferSize;
static constexpr auto& cusparseCsr2cscEx2 = hipsparseCsr2cscEx2;
static constexpr hipsparseSpSVAlg_t CUSPARSE_SPSV_ALG_DEFAULT = HIPSPARSE_SPSV_ALG_DEFAULT;
static constexpr hipsparseAction_t CUSPARSE_ACTION_SYMBOLIC = HIPSPARSE_ACTION_SYMBOLIC;
static constexpr hipsparseAction_t CUSPARSE_ACTION_NUMERIC = HIPSPARSE_ACTION_NUMERIC;
static constexpr hipsparseCsr2CscAlg_t CUSPARSE_CSR2CSC_ALG_DEFAULT = HIPSPARSE_CSR2CSC_ALG_DEFAULT;
static constexpr hipsparseCsr2CscAlg_t CUSPARSE_CSR2CSC_ALG1 = HIPSPARSE_CSR2CSC_ALG1;
#endif  // hipsparseVersionMajor >= 3

static constexpr hipsparseStatus_t CUSPARSE_STATUS_SUCCESS = HIPSPARSE_STATUS_SUCCESS;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_NOT_INITIALIZED = HIPSPARSE_STATUS_NOT_INITIALIZED;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_ALLOC_FAILED = HIPSPARSE_STATUS_ALLOC_FAILED;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_INVALID_VALUE = HIPSPARSE_STATUS_INVALID_VALUE;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_EXECUTION_FAILED = HIPSPARSE_STATUS_EXECUTION_FAILED;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_INTERNAL_ERROR = HIPSPARSE_STATUS_INTERNAL_ERROR;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_NOT_SUPPORTED = HIPSPARSE_STATUS_NOT_SUPPORTED;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_ARCH_MISMATCH = HIPSPARSE_STATUS_ARCH_MISMATCH;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_MAPPING_ERROR = HIPSPARSE_STATUS_MAPPING_ERROR;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_ZERO_PIVOT = HIPSPARSE_STATUS_ZERO_PIVOT;
static constexpr hipsparseStatus_t CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES;
static constexpr hipsparseOperation_t CUSPARSE_OPERATION_NON_TRANSPOSE = HIPSPARSE_OPERATION_NON_TRANSPOSE;
static constexpr hipsparseOperation_t CUSPARSE_OPERATION_TRANSPOSE = HIPSPARSE_OPERATION_TRANSPOSE;
static constexpr hipsparseIndexType_t CUSPARSE_INDEX_32I = HIPSPARSE_INDEX_32I;
static constexpr hipsparseIndexType_t CUSPARSE_INDEX_64I = HIPSPARSE_INDEX_64I;
static constexpr hipsparseIndexBase_t CUSPARSE_INDEX_BASE_ZERO = HIPSPARSE_INDEX_BASE_ZERO;
static constexpr hipsparseIndexBase_t CUSPARSE_INDEX_BASE_ONE = HIPSPARSE_INDEX_BASE_ONE;
static constexpr hipsparseOrder_t CUSPARSE_ORDER_ROW = HIPSPARSE_ORDER_ROW;
// hipSPARSE 3 renamed HIPSPARSE_ORDER_COLUMN (deprecated there) to cuSPARSE's spelling.
#if hipsparseVersionMajor >= 3
static constexpr hipsparseOrder_t CUSPARSE_ORDER_COL = HIPSPARSE_ORDER_COL;
#else
static constexpr hipsparseOrder_t CUSPARSE_ORDER_COL = HIPSPARSE_ORDER_COLUMN;
#endif  // hipsparseVersionMajor >= 3
static constexpr hipsparseSpMatAttribute_t CUSPARSE_SPMAT_FILL_MODE = HIPSPARSE_SPMAT_FILL_MODE;
static constexpr hipsparseSpMatAttribute_t CUSPARSE_SPMAT_DIAG_TYPE = HIPSPARSE_SPMAT_DIAG_TYPE;
static constexpr hipsparseFillMode_t CUSPARSE_FILL_MODE_LOWER = HIPSPARSE_FILL_MODE_LOWER;
static constexpr hipsparseFillMode_t CUSPARSE_FILL_MODE_UPPER = HIPSPARSE_FILL_MODE_UPPER;
static constexpr hipsparseDiagType_t CUSPARSE_DIAG_TYPE_NON_UNIT = HIPSPARSE_DIAG_TYPE_NON_UNIT;
static constexpr hipsparseDiagType_t CUSPARSE_DIAG_TYPE_UNIT = HIPSPARSE_DIAG_TYPE_UNIT;
static constexpr hipsparseSpMVAlg_t CUSPARSE_SPMV_ALG_DEFAULT = HIPSPARSE_SPMV_ALG_DEFAULT;
static constexpr hipsparseSpMVAlg_t CUSPARSE_SPMV_CSR_ALG1 = HIPSPARSE_SPMV_CSR_ALG1;
static constexpr hipsparseSpMMAlg_t CUSPARSE_SPMM_ALG_DEFAULT = HIPSPARSE_SPMM_ALG_DEFAULT;
