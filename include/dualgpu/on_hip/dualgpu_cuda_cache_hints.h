// dualgpu/on_hip/dualgpu_cuda_cache_hints.h: CUDA's cache-hint loads and stores on AMD. HIP builds only.
//
// CUDA's __ldcs/__ldlu/__stcs (streaming, "evict first") become non-temporal accesses
// (global_load/store with the nt bit): the same intent, data not kept in cache. __ldcv ("don't
// cache, fetch again") is a volatile load. __ldcg/__ldca
// (cache in L2 / all levels) and __stcg/__stwt/__stwb (cache in L2 / write through / write
// back) are ordinary accesses: AMD's default caching keeps global data in L2, and a store
// reaches L2. Non-temporal applies to scalar types (float, int, ...); for struct-like vector
// types (float4, int2) the access is an ordinary one: same result, no hint.
// They are function templates in the global namespace, as CUDA declares them, so HIP's own
// overloads (__ldcg(const __half*) in hip_fp16.h, ...) still win for their types.
#pragma once

#include <hip/hip_runtime.h>

#include <type_traits>

namespace dualgpu {
namespace cuda_cache {

// The stored value converts to the pointee type, as CUDA's per-type overloads allow.
template <typename T>
struct same {
  using type = T;
};

template <typename T>
__device__ __forceinline__ T load_streaming(const T* ptr) {
  if constexpr (std::is_arithmetic_v<T>) {
    return __builtin_nontemporal_load(ptr);
  } else {
    return *ptr;
  }
}

template <typename T>
__device__ __forceinline__ void store_streaming(T* ptr, T value) {
  if constexpr (std::is_arithmetic_v<T>) {
    __builtin_nontemporal_store(value, ptr);
  } else {
    *ptr = value;
  }
}

}  // namespace cuda_cache
}  // namespace dualgpu

template <typename T>
__device__ __forceinline__ T __ldcs(const T* ptr) {
  return ::dualgpu::cuda_cache::load_streaming(ptr);
}
template <typename T>
__device__ __forceinline__ T __ldlu(const T* ptr) {
  return ::dualgpu::cuda_cache::load_streaming(ptr);
}
// "Fetch again": a volatile load, which the compiler neither caches in a register nor drops.
template <typename T>
__device__ __forceinline__ T __ldcv(const T* ptr) {
  if constexpr (std::is_arithmetic_v<T>) {
    return *static_cast<const volatile T*>(ptr);
  } else {
    return *ptr;
  }
}
template <typename T>
__device__ __forceinline__ T __ldcg(const T* ptr) {
  return *ptr;
}
template <typename T>
__device__ __forceinline__ T __ldca(const T* ptr) {
  return *ptr;
}
template <typename T>
__device__ __forceinline__ void __stcs(T* ptr, typename ::dualgpu::cuda_cache::same<T>::type value) {
  ::dualgpu::cuda_cache::store_streaming(ptr, value);
}
template <typename T>
__device__ __forceinline__ void __stcg(T* ptr, typename ::dualgpu::cuda_cache::same<T>::type value) {
  *ptr = value;
}
template <typename T>
__device__ __forceinline__ void __stwt(T* ptr, typename ::dualgpu::cuda_cache::same<T>::type value) {
  *ptr = value;
}
template <typename T>
__device__ __forceinline__ void __stwb(T* ptr, typename ::dualgpu::cuda_cache::same<T>::type value) {
  *ptr = value;
}
