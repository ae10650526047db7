// dualgpu/on_hip/dualgpu_cuda_atomic_ops.h: the layer under DualGPU's libcu++ atomics, barriers and
// pipelines on AMD, host and device: libcu++'s thread scopes and memory orders, and each atomic operation
// on an object of 1, 2, 4 or 8 bytes at a scope (ops<T, scope>), and the scoped fence.
//
// Every operation is one of clang's __hip_atomic builtins, which take the memory scope as an argument
// (libcu++'s thread_scope becomes HIP's workgroup, agent or system scope) and compile for the host too.
// Two things are done by a compare-and-swap loop instead: read-modify-write on 1- and 2-byte values
// (ROCm 5.2's clang cannot select them) and what has no builtin (fetch_min/fetch_max on floating point,
// pointer arithmetic, any operation on a value that is not a number).
//
// wait() polls until the value changes, as libcu++ does in device code; there is nothing to notify.
#pragma once

#include <atomic>  // std::memory_order, the names cuda::std::memory_order_* stand for
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dualgpu_cuda_std.h"

namespace cuda {
namespace std {

// libcu++'s values.
enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 10 };

}  // namespace std
using std::thread_scope;
using std::thread_scope_block;
using std::thread_scope_device;
using std::thread_scope_system;
using std::thread_scope_thread;
using ::std::memory_order;
using ::std::memory_order_acq_rel;
using ::std::memory_order_acquire;
using ::std::memory_order_consume;
using ::std::memory_order_relaxed;
using ::std::memory_order_release;
using ::std::memory_order_seq_cst;
}  // namespace cuda

namespace dualgpu {
namespace cuda_atomic {

__host__ __device__ constexpr int order_of(::std::memory_order m) {
  return m == ::std::memory_order_relaxed   ? __ATOMIC_RELAXED
         : m == ::std::memory_order_consume ? __ATOMIC_CONSUME
         : m == ::std::memory_order_acquire ? __ATOMIC_ACQUIRE
         : m == ::std::memory_order_release ? __ATOMIC_RELEASE
         : m == ::std::memory_order_acq_rel ? __ATOMIC_ACQ_REL
                                            : __ATOMIC_SEQ_CST;
}
// The order a failed compare-exchange may have: the success order without its release part.
__host__ __device__ constexpr int failure_order_of(::std::memory_order m) {
  return m == ::std::memory_order_acq_rel ? __ATOMIC_ACQUIRE
         : m == ::std::memory_order_release ? __ATOMIC_RELAXED
                                            : order_of(m);
}
// libcu++ gives a thread-scoped atomic block scope too.
template <::cuda::thread_scope S>
struct hip_scope {
  static constexpr int value = S == ::cuda::thread_scope_system   ? __HIP_MEMORY_SCOPE_SYSTEM
                               : S == ::cuda::thread_scope_device ? __HIP_MEMORY_SCOPE_AGENT
                                                                  : __HIP_MEMORY_SCOPE_WORKGROUP;
};

template <std::size_t Size>
struct bits_of_size;
template <>
struct bits_of_size<1> { using type = std::uint8_t; };
template <>
struct bits_of_size<2> { using type = std::uint16_t; };
template <>
struct bits_of_size<4> { using type = std::uint32_t; };
template <>
struct bits_of_size<8> { using type = std::uint64_t; };

template <typename T>
constexpr bool is_integer = ::std::is_integral<T>::value && !::std::is_same<T, bool>::value;
template <typename T>
constexpr bool is_number = is_integer<T> || ::std::is_floating_point<T>::value;
// Read-modify-write builtins the backend can select on every ROCm.
template <typename T>
constexpr bool has_rmw_builtin = is_number<T> && sizeof(T) >= 4;

template <typename T, ::cuda::thread_scope S>
struct ops {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "dualgpu: cuda::atomic on ROCm holds values of 1, 2, 4 or 8 bytes");
  static_assert(::std::is_trivially_copyable<T>::value, "dualgpu: cuda::atomic needs a trivially copyable type");
  static constexpr int scope = hip_scope<S>::value;
  using bits = typename bits_of_size<sizeof(T)>::type;

  __host__ __device__ static bits* as_bits(T* p) { return reinterpret_cast<bits*>(p); }

  __host__ __device__ static T load(T* p, ::std::memory_order m) {
    return __builtin_bit_cast(T, __hip_atomic_load(as_bits(p), order_of(m), scope));
  }
  __host__ __device__ static void store(T* p, T v, ::std::memory_order m) {
    __hip_atomic_store(as_bits(p), __builtin_bit_cast(bits, v), order_of(m), scope);
  }
  // Compares object representations, as libcu++ does; on failure `expected` gets the value found.
  __host__ __device__ static bool compare_exchange(T* p, T& expected, T desired, ::std::memory_order success,
                                                   ::std::memory_order failure, bool weak) {
    bits want = __builtin_bit_cast(bits, expected);
    const bits give = __builtin_bit_cast(bits, desired);
    const bool done = weak ? __hip_atomic_compare_exchange_weak(as_bits(p), &want, give, order_of(success),
                                                                failure_order_of(failure), scope)
                           : __hip_atomic_compare_exchange_strong(as_bits(p), &want, give, order_of(success),
                                                                  failure_order_of(failure), scope);
    expected = __builtin_bit_cast(T, want);
    return done;
  }
  // Applies `next(old)` atomically and returns the old value.
  template <typename Next>
  __host__ __device__ static T update(T* p, Next next, ::std::memory_order m) {
    T old = load(p, ::std::memory_order_relaxed);
    while (!compare_exchange(p, old, next(old), m, ::std::memory_order_relaxed, true)) {
    }
    return old;
  }
  __host__ __device__ static T exchange(T* p, T v, ::std::memory_order m) {
    if constexpr (sizeof(T) >= 4)
      return __builtin_bit_cast(T, __hip_atomic_exchange(as_bits(p), __builtin_bit_cast(bits, v), order_of(m), scope));
    else
      return update(p, [v](T) { return v; }, m);
  }
  template <typename Delta>
  __host__ __device__ static T fetch_add(T* p, Delta d, ::std::memory_order m) {
    if constexpr (::std::is_pointer<T>::value)
      return update(p, [d](T old) { return old + d; }, m);
    else if constexpr (has_rmw_builtin<T>)
      return __hip_atomic_fetch_add(p, static_cast<T>(d), order_of(m), scope);
    else
      return update(p, [d](T old) { return static_cast<T>(old + d); }, m);
  }
  template <typename Delta>
  __host__ __device__ static T fetch_sub(T* p, Delta d, ::std::memory_order m) {
    if constexpr (::std::is_pointer<T>::value)
      return update(p, [d](T old) { return old - d; }, m);
    else if constexpr (::std::is_floating_point<T>::value)
      return fetch_add(p, -d, m);
    else  // in unsigned arithmetic, where negating the most negative value is defined
      return fetch_add(p, static_cast<T>(::std::make_unsigned_t<T>(0) - static_cast<::std::make_unsigned_t<T>>(d)), m);
  }
  __host__ __device__ static T fetch_and(T* p, T v, ::std::memory_order m) {
    if constexpr (has_rmw_builtin<T>)
      return __hip_atomic_fetch_and(p, v, order_of(m), scope);
    else
      return update(p, [v](T old) { return static_cast<T>(old & v); }, m);
  }
  __host__ __device__ static T fetch_or(T* p, T v, ::std::memory_order m) {
    if constexpr (has_rmw_builtin<T>)
      return __hip_atomic_fetch_or(p, v, order_of(m), scope);
    else
      return update(p, [v](T old) { return static_cast<T>(old | v); }, m);
  }
  __host__ __device__ static T fetch_xor(T* p, T v, ::std::memory_order m) {
    if constexpr (has_rmw_builtin<T>)
      return __hip_atomic_fetch_xor(p, v, order_of(m), scope);
    else
      return update(p, [v](T old) { return static_cast<T>(old ^ v); }, m);
  }
  __host__ __device__ static T fetch_min(T* p, T v, ::std::memory_order m) {
    if constexpr (has_rmw_builtin<T> && is_integer<T>)
      return __hip_atomic_fetch_min(p, v, order_of(m), scope);
    else
      return update(p, [v](T old) { return v < old ? v : old; }, m);
  }
  __host__ __device__ static T fetch_max(T* p, T v, ::std::memory_order m) {
    if constexpr (has_rmw_builtin<T> && is_integer<T>)
      return __hip_atomic_fetch_max(p, v, order_of(m), scope);
    else
      return update(p, [v](T old) { return old < v ? v : old; }, m);
  }
  // Polls until the value's representation differs from `old`.
  __host__ __device__ static void wait(T* p, T old, ::std::memory_order m) {
    const bits was = __builtin_bit_cast(bits, old);
    while (__builtin_bit_cast(bits, load(p, m)) == was) {
#if __HIP_DEVICE_COMPILE__
      __builtin_amdgcn_s_sleep(1);
#endif
    }
  }
};

__host__ __device__ inline void fence(::std::memory_order m, ::cuda::thread_scope s) {
  if (m == ::std::memory_order_relaxed || s == ::cuda::thread_scope_thread) return;
#if __HIP_DEVICE_COMPILE__
  // The builtin takes its order and scope as constants.
#define DUALGPU_FENCE_AT(scope_name)                                                        \
  switch (order_of(m)) {                                                                    \
    case __ATOMIC_RELEASE: __builtin_amdgcn_fence(__ATOMIC_RELEASE, scope_name); break;     \
    case __ATOMIC_ACQ_REL: __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, scope_name); break;     \
    case __ATOMIC_SEQ_CST: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, scope_name); break;     \
    default: __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, scope_name); break;                   \
  }
  if (s == ::cuda::thread_scope_block) {
    DUALGPU_FENCE_AT("workgroup")
  } else if (s == ::cuda::thread_scope_device) {
    DUALGPU_FENCE_AT("agent")
  } else {
    DUALGPU_FENCE_AT("")
  }
#undef DUALGPU_FENCE_AT
#else
  __atomic_thread_fence(order_of(m));
#endif
}

}  // namespace cuda_atomic
}  // namespace dualgpu
