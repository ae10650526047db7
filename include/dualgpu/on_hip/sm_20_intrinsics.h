// dualgpu/on_hip/sm_20_intrinsics.h: shim for HIP builds only. CUDA's <sm_20_intrinsics.h> is part of what <cuda_runtime.h>
// brings; here it is the same mapping, so NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#include "dualgpu_cuda_to_hip.h"
