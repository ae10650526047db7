// dualgpu/on_hip/dualgpu_cuda_atomic.h: libcu++'s atomics (<cuda/atomic>, <cuda/std/atomic>) on AMD, host
// and device: cuda::atomic<T, scope>, cuda::atomic_ref<T, scope>, cuda::std::atomic<T>,
// cuda::std::atomic_ref<T>, cuda::std::atomic_flag, cuda::thread_scope, cuda::atomic_thread_fence.
//
// Every operation is one of clang's __hip_atomic builtins, which take the memory scope as an argument
// (libcu++'s thread_scope becomes HIP's workgroup, agent or system scope) and compile for the host too.
// Two things are done by a compare-and-swap loop instead: read-modify-write on 1- and 2-byte values
// (ROCm 5.2's clang cannot select them) and what has no builtin (fetch_min/fetch_max on floating point,
// pointer arithmetic, any operation on a value that is not a number).
//
// wait() polls until the value changes, as libcu++ does in device code; notify_one/notify_all have
// nothing to wake.
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

// The members cuda::atomic and cuda::atomic_ref share, on the object at `address()`. Derived is the
// class itself (it holds the value or a pointer to it); Scope is libcu++'s.
template <typename Derived, typename T, ::cuda::thread_scope S>
class operations {
  using op = ops<T, S>;
  using delta = ::std::conditional_t<::std::is_pointer<T>::value, ::std::ptrdiff_t, T>;
  __host__ __device__ T* at() const { return static_cast<const Derived*>(this)->address(); }

 public:
  using value_type = T;
  using difference_type = delta;
  static constexpr bool is_always_lock_free = true;
  __host__ __device__ bool is_lock_free() const noexcept { return true; }

  __host__ __device__ T load(::std::memory_order m = ::std::memory_order_seq_cst) const noexcept { return op::load(at(), m); }
  __host__ __device__ operator T() const noexcept { return load(); }
  __host__ __device__ void store(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept { op::store(at(), v, m); }
  __host__ __device__ T exchange(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    return op::exchange(at(), v, m);
  }
  __host__ __device__ bool compare_exchange_weak(T& expected, T desired, ::std::memory_order success,
                                                 ::std::memory_order failure) const noexcept {
    return op::compare_exchange(at(), expected, desired, success, failure, true);
  }
  __host__ __device__ bool compare_exchange_weak(T& expected, T desired,
                                                 ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    return op::compare_exchange(at(), expected, desired, m, m, true);
  }
  __host__ __device__ bool compare_exchange_strong(T& expected, T desired, ::std::memory_order success,
                                                   ::std::memory_order failure) const noexcept {
    return op::compare_exchange(at(), expected, desired, success, failure, false);
  }
  __host__ __device__ bool compare_exchange_strong(T& expected, T desired,
                                                   ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    return op::compare_exchange(at(), expected, desired, m, m, false);
  }
  __host__ __device__ void wait(T old, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept { op::wait(at(), old, m); }
  __host__ __device__ void notify_one() const noexcept {}
  __host__ __device__ void notify_all() const noexcept {}

  // Numbers and pointers (what the standard gives fetch_add and fetch_sub).
  __host__ __device__ T fetch_add(delta d, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_number<T> || ::std::is_pointer<T>::value, "dualgpu: fetch_add needs a number or a pointer");
    return op::fetch_add(at(), d, m);
  }
  __host__ __device__ T fetch_sub(delta d, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_number<T> || ::std::is_pointer<T>::value, "dualgpu: fetch_sub needs a number or a pointer");
    return op::fetch_sub(at(), d, m);
  }
  __host__ __device__ T operator+=(delta d) const noexcept { return fetch_add(d) + d; }
  __host__ __device__ T operator-=(delta d) const noexcept { return fetch_sub(d) - d; }
  __host__ __device__ T operator++() const noexcept { return fetch_add(1) + 1; }
  __host__ __device__ T operator--() const noexcept { return fetch_sub(1) - 1; }
  __host__ __device__ T operator++(int) const noexcept { return fetch_add(1); }
  __host__ __device__ T operator--(int) const noexcept { return fetch_sub(1); }

  // Integers only.
  __host__ __device__ T fetch_and(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_integer<T>, "dualgpu: fetch_and needs an integer");
    return op::fetch_and(at(), v, m);
  }
  __host__ __device__ T fetch_or(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_integer<T>, "dualgpu: fetch_or needs an integer");
    return op::fetch_or(at(), v, m);
  }
  __host__ __device__ T fetch_xor(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_integer<T>, "dualgpu: fetch_xor needs an integer");
    return op::fetch_xor(at(), v, m);
  }
  __host__ __device__ T operator&=(T v) const noexcept { return fetch_and(v) & v; }
  __host__ __device__ T operator|=(T v) const noexcept { return fetch_or(v) | v; }
  __host__ __device__ T operator^=(T v) const noexcept { return fetch_xor(v) ^ v; }
};

// libcu++'s own extension, on cuda::atomic and cuda::atomic_ref only.
template <typename Derived, typename T, ::cuda::thread_scope S>
class operations_with_min_max : public operations<Derived, T, S> {
  using op = ops<T, S>;
  __host__ __device__ T* at() const { return static_cast<const Derived*>(this)->address(); }

 public:
  __host__ __device__ T fetch_min(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_number<T>, "dualgpu: fetch_min needs a number");
    return op::fetch_min(at(), v, m);
  }
  __host__ __device__ T fetch_max(T v, ::std::memory_order m = ::std::memory_order_seq_cst) const noexcept {
    static_assert(is_number<T>, "dualgpu: fetch_max needs a number");
    return op::fetch_max(at(), v, m);
  }
};

// An atomic that holds its value.
template <typename T, ::cuda::thread_scope S, template <typename, typename, ::cuda::thread_scope> class Members>
class owned : public Members<owned<T, S, Members>, T, S> {
  alignas(sizeof(T)) mutable T value_;
  friend class operations<owned, T, S>;
  friend class operations_with_min_max<owned, T, S>;
  __host__ __device__ T* address() const { return &value_; }

 public:
  owned() noexcept = default;
  __host__ __device__ constexpr owned(T v) noexcept : value_(v) {}
  owned(const owned&) = delete;
  owned& operator=(const owned&) = delete;
  __host__ __device__ T operator=(T v) noexcept {
    this->store(v);
    return v;
  }
};

// An atomic view of an object it does not own.
template <typename T, ::cuda::thread_scope S, template <typename, typename, ::cuda::thread_scope> class Members>
class reference : public Members<reference<T, S, Members>, T, S> {
  T* value_;
  friend class operations<reference, T, S>;
  friend class operations_with_min_max<reference, T, S>;
  __host__ __device__ T* address() const { return value_; }

 public:
  static constexpr std::size_t required_alignment = sizeof(T);
  __host__ __device__ explicit reference(T& object) noexcept : value_(&object) {}
  reference(const reference&) noexcept = default;
  reference& operator=(const reference&) = delete;
  __host__ __device__ T operator=(T v) const noexcept {
    this->store(v);
    return v;
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

namespace cuda {
namespace std {

template <typename T>
class atomic : public ::dualgpu::cuda_atomic::owned<T, thread_scope_system, ::dualgpu::cuda_atomic::operations> {
  using base = ::dualgpu::cuda_atomic::owned<T, thread_scope_system, ::dualgpu::cuda_atomic::operations>;

 public:
  using base::base;
  using base::operator=;
};

template <typename T>
class atomic_ref
    : public ::dualgpu::cuda_atomic::reference<T, thread_scope_system, ::dualgpu::cuda_atomic::operations> {
  using base = ::dualgpu::cuda_atomic::reference<T, thread_scope_system, ::dualgpu::cuda_atomic::operations>;

 public:
  using base::base;
  using base::operator=;
};

// The standard's names for common atomics, so that they name these and not the host's std::atomic.
using atomic_bool = atomic<bool>;
using atomic_char = atomic<char>;
using atomic_schar = atomic<signed char>;
using atomic_uchar = atomic<unsigned char>;
using atomic_short = atomic<short>;
using atomic_ushort = atomic<unsigned short>;
using atomic_int = atomic<int>;
using atomic_uint = atomic<unsigned int>;
using atomic_long = atomic<long>;
using atomic_ulong = atomic<unsigned long>;
using atomic_llong = atomic<long long>;
using atomic_ullong = atomic<unsigned long long>;
using atomic_int8_t = atomic<::std::int8_t>;
using atomic_uint8_t = atomic<::std::uint8_t>;
using atomic_int16_t = atomic<::std::int16_t>;
using atomic_uint16_t = atomic<::std::uint16_t>;
using atomic_int32_t = atomic<::std::int32_t>;
using atomic_uint32_t = atomic<::std::uint32_t>;
using atomic_int64_t = atomic<::std::int64_t>;
using atomic_uint64_t = atomic<::std::uint64_t>;
using atomic_intptr_t = atomic<::std::intptr_t>;
using atomic_uintptr_t = atomic<::std::uintptr_t>;
using atomic_size_t = atomic<::std::size_t>;
using atomic_ptrdiff_t = atomic<::std::ptrdiff_t>;
using atomic_intmax_t = atomic<::std::intmax_t>;
using atomic_uintmax_t = atomic<::std::uintmax_t>;

class atomic_flag {
  atomic<int> set_{0};

 public:
  atomic_flag() noexcept = default;
  __host__ __device__ constexpr atomic_flag(bool set) noexcept : set_(set ? 1 : 0) {}
  atomic_flag(const atomic_flag&) = delete;
  atomic_flag& operator=(const atomic_flag&) = delete;
  __host__ __device__ bool test_and_set(memory_order m = memory_order_seq_cst) noexcept { return set_.exchange(1, m) != 0; }
  __host__ __device__ bool test(memory_order m = memory_order_seq_cst) const noexcept { return set_.load(m) != 0; }
  __host__ __device__ void clear(memory_order m = memory_order_seq_cst) noexcept { set_.store(0, m); }
  __host__ __device__ void wait(bool old, memory_order m = memory_order_seq_cst) const noexcept { set_.wait(old ? 1 : 0, m); }
  __host__ __device__ void notify_one() noexcept {}
  __host__ __device__ void notify_all() noexcept {}
};

__host__ __device__ inline void atomic_thread_fence(memory_order m) { ::dualgpu::cuda_atomic::fence(m, thread_scope_system); }
__host__ __device__ inline void atomic_signal_fence(memory_order m) { __atomic_signal_fence(::dualgpu::cuda_atomic::order_of(m)); }

}  // namespace std

template <typename T, thread_scope S = thread_scope_system>
class atomic : public ::dualgpu::cuda_atomic::owned<T, S, ::dualgpu::cuda_atomic::operations_with_min_max> {
  using base = ::dualgpu::cuda_atomic::owned<T, S, ::dualgpu::cuda_atomic::operations_with_min_max>;

 public:
  using base::base;
  using base::operator=;
};

template <typename T, thread_scope S = thread_scope_system>
class atomic_ref : public ::dualgpu::cuda_atomic::reference<T, S, ::dualgpu::cuda_atomic::operations_with_min_max> {
  using base = ::dualgpu::cuda_atomic::reference<T, S, ::dualgpu::cuda_atomic::operations_with_min_max>;

 public:
  using base::base;
  using base::operator=;
};

__host__ __device__ inline void atomic_thread_fence(memory_order m, thread_scope s = thread_scope_system) {
  ::dualgpu::cuda_atomic::fence(m, s);
}
using std::atomic_signal_fence;

}  // namespace cuda
