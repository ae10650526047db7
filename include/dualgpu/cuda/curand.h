// dualgpu/cuda/curand.h: shim for HIP builds only. Not mapped: hipRAND's generators differ in names and defaults
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <curand.h> is not mapped on ROCm (hipRAND's generators differ in names and defaults); see docs/porting.md#libraries for the portable route"
