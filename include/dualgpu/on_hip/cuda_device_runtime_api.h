// dualgpu/on_hip/cuda_device_runtime_api.h: shim for HIP builds only. CUDA's <cuda_device_runtime_api.h> is part of what
// <cuda_runtime.h> brings; HIP's runtime header brings its twin. This file exists so that
// NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#include "dualgpu_cuda_to_hip.h"
