// dualgpu/on_hip/cuda.h: shim for HIP builds only. Most code includes <cuda.h> for the runtime
// and CUDA_VERSION checks; it gets the runtime mapping. The driver API (cu* calls, CUresult
// error handling) is not mapped: CUDA_VERSION and __cuda_cuda_h__ stay undefined, so code that
// tests them takes its non-driver path. A few driver types that kernels' host code passes
// around map to their HIP twins. docs/porting.md lists them.
#pragma once
#include "dualgpu_cuda_to_hip.h"

#define CUdeviceptr hipDeviceptr_t
#define CUstream hipStream_t
#define CUevent hipEvent_t
