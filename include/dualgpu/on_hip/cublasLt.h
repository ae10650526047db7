// dualgpu/on_hip/cublasLt.h: shim for HIP builds only. cuBLASLt -> hipBLASLt, which keeps cuBLASLt's
// objects (handle, matmul descriptor, matrix layouts, preference, heuristic) and call order under
// hipblasLt* names. The attribute enums have other numeric values than cuBLASLt's: code that uses
// the names is unaffected. Epilogues and layouts beyond those below are not mapped.
#pragma once
#include "cublas_v2.h"  // hipBLASLt's header includes hipBLAS's; its v2 API is chosen there

#if __has_include(<hipblaslt/hipblaslt.h>)
#include <hipblaslt/hipblaslt.h>
#else
#error "dualgpu: <cublasLt.h> maps to hipBLASLt on ROCm, and hipBLASLt was not found: install libhipblaslt-dev (Debian sid) or hipblaslt-dev (AMD's ROCm repository, ROCm 6.0+). Debian 12 and 13 have no hipBLASLt package: build in a Debian sid root (ci/rocm-root.sh) or a ROCm container image. See docs/porting.md#libraries"
#endif  // hipBLASLt

using cublasLtHandle_t = hipblasLtHandle_t;
using cublasLtMatmulDesc_t = hipblasLtMatmulDesc_t;
using cublasLtMatrixLayout_t = hipblasLtMatrixLayout_t;
using cublasLtMatmulPreference_t = hipblasLtMatmulPreference_t;
using cublasLtMatmulAlgo_t = hipblasLtMatmulAlgo_t;
using cublasLtMatmulHeuristicResult_t = hipblasLtMatmulHeuristicResult_t;
using cublasLtMatmulDescAttributes_t = hipblasLtMatmulDescAttributes_t;
using cublasLtMatrixLayoutAttribute_t = hipblasLtMatrixLayoutAttribute_t;
using cublasLtMatmulPreferenceAttributes_t = hipblasLtMatmulPreferenceAttributes_t;
using cublasLtEpilogue_t = hipblasLtEpilogue_t;
using cublasLtOrder_t = hipblasLtOrder_t;

static constexpr auto& cublasLtCreate = hipblasLtCreate;
static constexpr auto& cublasLtDestroy = hipblasLtDestroy;
static constexpr auto& cublasLtMatmulDescCreate = hipblasLtMatmulDescCreate;
static constexpr auto& cublasLtMatmulDescDestroy = hipblasLtMatmulDescDestroy;
static constexpr auto& cublasLtMatmulDescSetAttribute = hipblasLtMatmulDescSetAttribute;
static constexpr auto& cublasLtMatmulDescGetAttribute = hipblasLtMatmulDescGetAttribute;
static constexpr auto& cublasLtMatrixLayoutCreate = hipblasLtMatrixLayoutCreate;
static constexpr auto& cublasLtMatrixLayoutDestroy = hipblasLtMatrixLayoutDestroy;
static constexpr auto& cublasLtMatrixLayoutSetAttribute = hipblasLtMatrixLayoutSetAttribute;
static constexpr auto& cublasLtMatmulPreferenceCreate = hipblasLtMatmulPreferenceCreate;
static constexpr auto& cublasLtMatmulPreferenceDestroy = hipblasLtMatmulPreferenceDestroy;
static constexpr auto& cublasLtMatmulPreferenceSetAttribute = hipblasLtMatmulPreferenceSetAttribute;
static constexpr auto& cublasLtMatmulAlgoGetHeuristic = hipblasLtMatmulAlgoGetHeuristic;
static constexpr auto& cublasLtMatmul = hipblasLtMatmul;

static constexpr hipblasLtMatmulDescAttributes_t CUBLASLT_MATMUL_DESC_TRANSA = HIPBLASLT_MATMUL_DESC_TRANSA;
static constexpr hipblasLtMatmulDescAttributes_t CUBLASLT_MATMUL_DESC_TRANSB = HIPBLASLT_MATMUL_DESC_TRANSB;
static constexpr hipblasLtMatmulDescAttributes_t CUBLASLT_MATMUL_DESC_EPILOGUE = HIPBLASLT_MATMUL_DESC_EPILOGUE;
static constexpr hipblasLtMatmulDescAttributes_t CUBLASLT_MATMUL_DESC_BIAS_POINTER = HIPBLASLT_MATMUL_DESC_BIAS_POINTER;
static constexpr hipblasLtMatmulDescAttributes_t CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE;
static constexpr hipblasLtEpilogue_t CUBLASLT_EPILOGUE_DEFAULT = HIPBLASLT_EPILOGUE_DEFAULT;
static constexpr hipblasLtEpilogue_t CUBLASLT_EPILOGUE_RELU = HIPBLASLT_EPILOGUE_RELU;
static constexpr hipblasLtEpilogue_t CUBLASLT_EPILOGUE_BIAS = HIPBLASLT_EPILOGUE_BIAS;
static constexpr hipblasLtEpilogue_t CUBLASLT_EPILOGUE_RELU_BIAS = HIPBLASLT_EPILOGUE_RELU_BIAS;
static constexpr hipblasLtEpilogue_t CUBLASLT_EPILOGUE_GELU = HIPBLASLT_EPILOGUE_GELU;
static constexpr hipblasLtEpilogue_t CUBLASLT_EPILOGUE_GELU_BIAS = HIPBLASLT_EPILOGUE_GELU_BIAS;
static constexpr hipblasLtMatrixLayoutAttribute_t CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT;
static constexpr hipblasLtMatrixLayoutAttribute_t CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET;
static constexpr hipblasLtMatrixLayoutAttribute_t CUBLASLT_MATRIX_LAYOUT_ORDER = HIPBLASLT_MATRIX_LAYOUT_ORDER;
static constexpr hipblasLtOrder_t CUBLASLT_ORDER_COL = HIPBLASLT_ORDER_COL;
static constexpr hipblasLtOrder_t CUBLASLT_ORDER_ROW = HIPBLASLT_ORDER_ROW;
static constexpr hipblasLtMatmulPreferenceAttributes_t CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES;
