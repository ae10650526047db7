// dualgpu/on_hip/dualgpu_cuda_device_extras.h: CUDA device functions that HIP does not declare
// (ROCm 5.2 and 6.4 checked) and AMD can do: the block- and system-scope atomics, the address-space
// predicates, the debugger and profiler triggers, an IEEE fma, and two classification helpers. HIP builds only.
// Templates with a defaulted parameter (or deduced types), so a later HIP's plain ones win overload
// resolution and these stand aside.
#pragma once

#if defined(__HIP__)
#include <hip/hip_runtime.h>

// atomic*_block: HIP's device-scope atomic, which also orders the block (a wider scope is always
// correct; AMD's L2 atomics cost the same).
#define DUALGPU_CUDA_BLOCK_ATOMIC(name, device_name)                                   \
  template <typename T, typename V>                                                    \
  __device__ inline auto name(T* address, V value)->decltype(device_name(address, value)) { \
    return device_name(address, value);                                                \
  }
DUALGPU_CUDA_BLOCK_ATOMIC(atomicAdd_block, atomicAdd)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicSub_block, atomicSub)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicExch_block, atomicExch)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicMin_block, atomicMin)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicMax_block, atomicMax)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicInc_block, atomicInc)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicDec_block, atomicDec)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicAnd_block, atomicAnd)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicOr_block, atomicOr)
DUALGPU_CUDA_BLOCK_ATOMIC(atomicXor_block, atomicXor)
#undef DUALGPU_CUDA_BLOCK_ATOMIC
template <typename T, typename V>
__device__ inline auto atomicCAS_block(T* address, V compare, V value) -> decltype(atomicCAS(address, compare, value)) {
  return atomicCAS(address, compare, value);
}

// atomicInc/atomicDec at system scope (host and peer GPUs see them), as HIP's atomicAdd_system does.
template <int = 0>
__device__ inline unsigned int atomicInc_system(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_inc32(address, limit, __ATOMIC_RELAXED, "");
}
template <int = 0>
__device__ inline unsigned int atomicDec_system(unsigned int* address, unsigned int limit) {
  return __builtin_amdgcn_atomic_dec32(address, limit, __ATOMIC_RELAXED, "");
}

// Which memory a generic pointer points into. AMD has no clusters, so the block's shared memory is
// all the shared memory there is; __constant__ data lives in global memory there. (The builtins
// exist for the device only: the host pass of a HIP compile reads a stand-in.)
#if defined(__HIP_DEVICE_COMPILE__)
#define DUALGPU_CUDA_IS_SHARED(ptr) __builtin_amdgcn_is_shared(ptr)
#define DUALGPU_CUDA_IS_PRIVATE(ptr) __builtin_amdgcn_is_private(ptr)
#else
#define DUALGPU_CUDA_IS_SHARED(ptr) ((void)(ptr), false)
#define DUALGPU_CUDA_IS_PRIVATE(ptr) ((void)(ptr), false)
#endif  // __HIP_DEVICE_COMPILE__
template <int = 0>
__device__ inline unsigned int __isShared(const void* ptr) {
  return DUALGPU_CUDA_IS_SHARED(ptr);
}
template <int = 0>
__device__ inline unsigned int __isCtaShared(const void* ptr) {
  return DUALGPU_CUDA_IS_SHARED(ptr);
}
template <int = 0>
__device__ inline unsigned int __isLocal(const void* ptr) {
  return DUALGPU_CUDA_IS_PRIVATE(ptr);
}
template <int = 0>
__device__ inline unsigned int __isGlobal(const void* ptr) {
  return !DUALGPU_CUDA_IS_SHARED(ptr) && !DUALGPU_CUDA_IS_PRIVATE(ptr);
}
#undef DUALGPU_CUDA_IS_SHARED
#undef DUALGPU_CUDA_IS_PRIVATE

// A breakpoint for the debugger (rocgdb stops there), and a profiler trigger, which AMD's
// profilers do not read: nothing happens.
template <int = 0>
__device__ inline void __brkpt() {
  __builtin_debugtrap();
}
template <int = 0>
__device__ inline void __prof_trigger(int) {}

// fma without flushing subnormals, rounded to nearest: what AMD's fmaf is.
template <int = 0>
__device__ inline float __fmaf_ieee_rn(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}

template <int = 0>
__host__ __device__ inline int __isfinited(double x) {
  return __builtin_isfinite(x);
}
template <int = 0>
__host__ __device__ inline int __signbitd(double x) {
  return __builtin_signbit(x);
}
#endif  // __HIP__
