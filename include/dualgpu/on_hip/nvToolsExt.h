// dualgpu/on_hip/nvToolsExt.h: shim for HIP builds only. Not mapped: NVTX ranges: use roctx (roctracer) behind #if defined(DUALGPU_PLATFORM_HIP)
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <nvToolsExt.h> is not mapped on ROCm (NVTX ranges: use roctx (roctracer) behind #if defined(DUALGPU_PLATFORM_HIP)); see docs/porting.md#libraries for the portable route"
