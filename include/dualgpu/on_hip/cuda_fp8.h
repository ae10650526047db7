// dualgpu/on_hip/cuda_fp8.h: shim for HIP builds only. Not mapped: AMD's FP8 types (__hip_fp8_e4m3, ROCm >= 6.2) differ in name and in the e4m3 variant per GPU
// It exists so that NVIDIA's copy is never found when both toolkits are installed.
#pragma once
#error "dualgpu: <cuda_fp8.h> is not mapped on ROCm (AMD's FP8 types (__hip_fp8_e4m3, ROCm >= 6.2) differ in name and in the e4m3 variant per GPU); see docs/porting.md#libraries for the portable route"
