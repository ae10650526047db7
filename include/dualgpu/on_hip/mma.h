// dualgpu/on_hip/mma.h: shim for HIP builds only. Not mapped: WMMA fragments differ; rocWMMA is a separate library with another API
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <mma.h> is not mapped on ROCm (WMMA fragments differ; rocWMMA is a separate library with another API); see docs/porting.md#libraries for the portable route"
