// dualgpu/cuda/curand_kernel.h: shim for HIP builds only. Not mapped: hipRAND's device API differs in state types
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <curand_kernel.h> is not mapped on ROCm (hipRAND's device API differs in state types); see docs/porting.md#libraries for the portable route"
