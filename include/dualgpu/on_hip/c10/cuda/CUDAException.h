// dualgpu/on_hip/c10/cuda/CUDAException.h: torch's CUDA header on a ROCm build of torch. HIP builds only.
// A ROCm torch ships this header hipified as <c10/hip/HIPException.h>, with the same C++ names
// (torch's hipify 2.0: at::cuda::..., c10::cuda::..., C10_CUDA_* keep their spelling), so the
// include is all that changes: exactly what torch.utils.hipify writes. docs/porting.md#torch.
#pragma once
#include "../../dualgpu_cuda_to_hip.h"
#include <c10/hip/HIPException.h>
