// dualgpu/on_hip/dualgpu_cuda_atomics.h: CUDA's atomicMin/atomicMax overload set on HIP (int,
// unsigned int, unsigned long long, long long), plus HIP's unsigned long one, which rocPRIM calls
// and no CUDA code defines. HIP builds only.
// HIP's own functions were read as dualgpu_hip_atomicMin/Max (dualgpu_cuda_hip_include.h); their
// float and double overloads stay hidden because CUDA code defines those itself.
#pragma once

#if defined(__HIP__) && defined(DUALGPU_CUDA_HIDES_HIP_FLOAT_ATOMICS)
__device__ inline int atomicMin(int* address, int val) { return dualgpu_hip_atomicMin(address, val); }
__device__ inline unsigned int atomicMin(unsigned int* address, unsigned int val) {
  return dualgpu_hip_atomicMin(address, val);
}
__device__ inline unsigned long long atomicMin(unsigned long long* address, unsigned long long val) {
  return dualgpu_hip_atomicMin(address, val);
}
// HIP's own return types (unsigned long long for atomicMin, unsigned long for atomicMax).
__device__ inline auto atomicMin(unsigned long* address, unsigned long val) { return dualgpu_hip_atomicMin(address, val); }
__device__ inline auto atomicMax(unsigned long* address, unsigned long val) { return dualgpu_hip_atomicMax(address, val); }
__device__ inline long long atomicMin(long long* address, long long val) {
  return __hip_atomic_fetch_min(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline int atomicMax(int* address, int val) { return dualgpu_hip_atomicMax(address, val); }
__device__ inline unsigned int atomicMax(unsigned int* address, unsigned int val) {
  return dualgpu_hip_atomicMax(address, val);
}
__device__ inline unsigned long long atomicMax(unsigned long long* address, unsigned long long val) {
  return dualgpu_hip_atomicMax(address, val);
}
__device__ inline long long atomicMax(long long* address, long long val) {
  return __hip_atomic_fetch_max(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
#endif  // __HIP__ and HIP's atomics renamed
