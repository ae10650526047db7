// dualgpu/cuda/cusolverDn.h: shim for HIP builds only. Not mapped: hipSOLVER's API differs
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cusolverDn.h> is not mapped on ROCm (hipSOLVER's API differs); see docs/porting.md#libraries for the portable route"
