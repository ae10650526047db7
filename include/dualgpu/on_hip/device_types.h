// dualgpu/on_hip/device_types.h: shim for HIP builds only. CUDA's <device_types.h> declares enum
// cudaRoundMode, the rounding-mode argument of <cuda_fp8.h>'s E8M0 conversions and of <cuda_fp6.h>'s
// and <cuda_fp4.h>'s; HIP has no such enum. Same enumerators and values as CUDA's. As on CUDA,
// <cuda_runtime.h> brings it, and so do the narrow float headers.
#pragma once

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
