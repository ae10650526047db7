// dualgpu/cuda/cufft.h: shim for HIP builds only. Not mapped: hipFFT differs in plan handling and error codes
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cufft.h> is not mapped on ROCm (hipFFT differs in plan handling and error codes); see docs/porting.md#libraries for the portable route"
