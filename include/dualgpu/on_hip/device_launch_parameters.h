// dualgpu/on_hip/device_launch_parameters.h: shim for HIP builds only. CUDA's <device_launch_parameters.h> is part of what
// <cuda_runtime.h> brings; HIP's runtime header brings its twin. This file exists so that
// NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#include "dualgpu_cuda_to_hip.h"
