// dualgpu/on_hip/cuda_awbarrier.h: shim for HIP builds only. Not mapped: asynchronous barriers are NVIDIA-only
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cuda_awbarrier.h> is not mapped on ROCm (asynchronous barriers are NVIDIA-only); see docs/porting.md#libraries for the portable route"
