// dualgpu/on_hip/cuda_runtime_api.h: shim for HIP builds only; CUDA spelling, HIP underneath.
// See dualgpu_cuda_to_hip.h for what is mapped and docs/porting.md for what is not.
#pragma once
#include "dualgpu_cuda_to_hip.h"
