// dualgpu/on_hip/cuda_pipeline.h: shim for HIP builds only. Not mapped: asynchronous copies (cp.async) are NVIDIA-only
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cuda_pipeline.h> is not mapped on ROCm (asynchronous copies (cp.async) are NVIDIA-only); see docs/porting.md#libraries for the portable route"
