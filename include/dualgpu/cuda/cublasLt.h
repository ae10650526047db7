// dualgpu/cuda/cublasLt.h: shim for HIP builds only. Not mapped: hipBLASLt's API differs (matmul descriptors, epilogues)
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cublasLt.h> is not mapped on ROCm (hipBLASLt's API differs (matmul descriptors, epilogues)); see docs/porting.md#libraries for the portable route"
