// dualgpu/on_hip/dualgpu_cuda_plain_arithmetic.h: how the shim's plain arithmetic headers declare their
// functions (dualgpu_cuda_warp_lanes.h, dualgpu_cuda_simd_lanes.h, dualgpu_cuda_rounding.h): constexpr
// and, in a HIP compile, for the host and the device; in a C++ compile, for the CPU tests that check them.
#pragma once

#if defined(__HIP__)
#define DUALGPU_CUDA_PLAIN_FN __host__ __device__ constexpr inline
#else
#define DUALGPU_CUDA_PLAIN_FN constexpr inline
#endif  // __HIP__
