// dualgpu/on_hip/cudnn.h: shim for HIP builds only. Not mapped: MIOpen has a different API
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cudnn.h> is not mapped on ROCm (MIOpen has a different API); see docs/porting.md#libraries for the portable route"
