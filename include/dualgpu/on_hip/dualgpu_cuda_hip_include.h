// dualgpu/on_hip/dualgpu_cuda_hip_include.h: includes <hip/hip_runtime.h> with the two changes CUDA
// code needs from its first inclusion. HIP builds only; the shim (cuda_runtime.h) is force-included
// first in every HIP source file, so this file is where HIP's runtime header is first read.
//
// 1. hipError_t loses its [[nodiscard]]. CUDA's cudaError_t is a plain enum: `cudaFree(p);` is
//    silent under nvcc, while HIP (C++17) warns at every discarded runtime call. The attribute is
//    spelled `[[nodiscard]]` only on hipError_t in HIP's headers (C++ standard headers spell it
//    `__nodiscard__`), so it is renamed to maybe_unused while HIP's headers are read.
// 2. HIP's atomicMin/atomicMax overloads for float and double, which CUDA lacks, are hidden:
//    code that defines its own `__device__ float atomicMin(float*, float)` (the usual idiom on
//    CUDA) then compiles, as under nvcc. HIP's functions are read under another name and the
//    overloads CUDA has are declared again in dualgpu_cuda_atomics.h.
// Where <hip/hip_runtime.h> was already included before the shim, both changes are skipped.
#pragma once

#if !defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H)
#define DUALGPU_CUDA_HIDES_HIP_FLOAT_ATOMICS 1
#pragma push_macro("nodiscard")
#pragma push_macro("atomicMin")
#pragma push_macro("atomicMax")
#undef nodiscard
#define nodiscard maybe_unused
#define atomicMin dualgpu_hip_atomicMin
#define atomicMax dualgpu_hip_atomicMax
#include <hip/hip_runtime.h>
#pragma pop_macro("atomicMax")
#pragma pop_macro("atomicMin")
#pragma pop_macro("nodiscard")
#else
#include <hip/hip_runtime.h>
#endif  // first inclusion of hip_runtime.h

#include "dualgpu_cuda_atomics.h"
