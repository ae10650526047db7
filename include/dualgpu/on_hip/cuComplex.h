// dualgpu/on_hip/cuComplex.h: shim for HIP builds only. CUDA's single- and double-precision complex
// numbers and their host/device helpers, as HIP's <hip/hip_complex.h> spells them (hipFloatComplex,
// hipCmulf, ...): the same float2/double2 layout, so they pass unchanged to hipFFT, hipBLAS and
// hipSOLVER through the cufft.h, cublas_v2.h and cusolverDn.h shims.
#pragma once
#include "dualgpu_cuda_to_hip.h"
#include <hip/hip_complex.h>

#define CU_COMPLEX_H_

using cuFloatComplex = hipFloatComplex;
using cuDoubleComplex = hipDoubleComplex;
using cuComplex = hipComplex;

// Functions (macros, so that they stay host and device functions).
#define cuCrealf                                               hipCrealf
#define cuCimagf                                               hipCimagf
#define make_cuFloatComplex                                    make_hipFloatComplex
#define cuConjf                                                hipConjf
#define cuCaddf                                                hipCaddf
#define cuCsubf                                                hipCsubf
#define cuCmulf                                                hipCmulf
#define cuCdivf                                                hipCdivf
#define cuCabsf                                                hipCabsf
#define cuCfmaf                                                hipCfmaf
#define cuCreal                                                hipCreal
#define cuCimag                                                hipCimag
#define make_cuDoubleComplex                                   make_hipDoubleComplex
#define cuConj                                                 hipConj
#define cuCadd                                                 hipCadd
#define cuCsub                                                 hipCsub
#define cuCmul                                                 hipCmul
#define cuCdiv                                                 hipCdiv
#define cuCabs                                                 hipCabs
#define cuCfma                                                 hipCfma
#define make_cuComplex                                         make_hipComplex
#define cuComplexFloatToDouble                                 hipComplexFloatToDouble
#define cuComplexDoubleToFloat                                 hipComplexDoubleToFloat
