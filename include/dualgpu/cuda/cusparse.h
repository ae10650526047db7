// dualgpu/cuda/cusparse.h: shim for HIP builds only. Not mapped: hipSPARSE's names differ and its generic API lags cuSPARSE's
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cusparse.h> is not mapped on ROCm (hipSPARSE's names differ and its generic API lags cuSPARSE's); see docs/porting.md#libraries for the portable route"
