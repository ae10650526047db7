// dualgpu/on_hip/dualgpu_cuda_atomic.h: libcu++'s atomics (<cuda/atomic>, <cuda/std/atomic>) on AMD, host
// and device: cuda::atomic<T, scope>, cuda::atomic_ref<T, scope>, cuda::std::atomic<T>,
// cuda::std::atomic_ref<T>, cuda::std::atomic_flag, cuda::thread_scope, cuda::atomic_thread_fence. The
// members are the scoped operations of dualgpu_cuda_atomic_ops.h; notify_one/notify_all have nothing to
// wake, since wait() polls.
#pragma once

#include <cstddef>
#include <type_traits>

#include "dualgpu_cuda_atomic_ops.h"

namespace dualgpu {
namespace cuda_atomic {

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
