// dualgpu/on_hip/cublas.h: shim for HIP builds only. The legacy cuBLAS API is not mapped;
// <cublas_v2.h> is (to hipBLAS).
#pragma once
#error "dualgpu: the legacy <cublas.h> API is not mapped on ROCm; include <cublas_v2.h> (mapped to hipBLAS) instead, see docs/porting.md#libraries"
