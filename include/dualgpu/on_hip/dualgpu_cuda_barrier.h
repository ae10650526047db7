// dualgpu/on_hip/dualgpu_cuda_barrier.h: libcu++'s barriers (<cuda/barrier>, <cuda/std/barrier>) on AMD,
// host and device: cuda::barrier<scope, completion> with init(), cuda::std::barrier<completion>, and
// cuda::memcpy_async(..., barrier) with cuda::aligned_size_t.
//
// The barrier is libcu++'s own algorithm on DualGPU's scoped atomics (dualgpu_cuda_atomic.h): a count of
// arrivals still to come, the count the next phase expects, and a phase bit; the last thread to arrive
// runs the completion function, resets the count and flips the phase, and wait() polls the phase. Its
// members are plain numbers, so a block-scoped barrier can sit in __shared__ memory uninitialized until
// init(), as CUDA code puts it there.
//
// On AMD a wave's lanes run in lockstep: lanes that wait must not need an arrival from a lane of their
// own wave that comes later in the program (CUDA's independent thread scheduling allows that).
//
// cuda::memcpy_async copies when it is called (dualgpu_cuda_group_copy.h): the copy is complete before
// the calling thread arrives, which is all CUDA promises the barrier's phase waits for.
#pragma once

#include <cstddef>
#include <limits>
#include <new>

#include "dualgpu_cuda_atomic.h"
#include "dualgpu_cuda_group_copy.h"

namespace dualgpu {
namespace cuda_barrier {

struct no_completion {
  __host__ __device__ void operator()() const noexcept {}
};

template <::cuda::thread_scope S, typename Completion>
class state {
  using count = ::dualgpu::cuda_atomic::ops<std::ptrdiff_t, S>;
  using phase = ::dualgpu::cuda_atomic::ops<unsigned, S>;

 public:
  using arrival_token = unsigned;  // the phase the arrival was made in

  state() = default;
  __host__ __device__ state(std::ptrdiff_t expected, Completion completion)
      : expected_(expected), pending_(expected), phase_(0), completion_(completion) {}
  state(const state&) = delete;
  state& operator=(const state&) = delete;

  [[nodiscard]] __host__ __device__ arrival_token arrive(std::ptrdiff_t update = 1) {
    const unsigned now = phase::load(&phase_, ::std::memory_order_relaxed);
    const std::ptrdiff_t left = count::fetch_sub(&pending_, update, ::std::memory_order_acq_rel) - update;
    if (left == 0) {
      completion_();
      count::store(&pending_, count::load(&expected_, ::std::memory_order_relaxed), ::std::memory_order_relaxed);
      phase::store(&phase_, now ^ 1u, ::std::memory_order_release);
    }
    return now;
  }
  __host__ __device__ void wait(arrival_token&& arrived_in) const {
    phase::wait(const_cast<unsigned*>(&phase_), arrived_in, ::std::memory_order_acquire);
  }
  __host__ __device__ void arrive_and_wait() { wait(arrive()); }
  __host__ __device__ void arrive_and_drop() {
    count::fetch_sub(&expected_, 1, ::std::memory_order_relaxed);
    (void)arrive();
  }
  __host__ __device__ static constexpr std::ptrdiff_t max() noexcept { return ::std::numeric_limits<std::ptrdiff_t>::max(); }

 private:
  std::ptrdiff_t expected_;
  std::ptrdiff_t pending_;
  unsigned phase_;
  Completion completion_;
};

}  // namespace cuda_barrier
}  // namespace dualgpu

namespace cuda {
namespace std {

template <typename Completion = ::dualgpu::cuda_barrier::no_completion>
class barrier : public ::dualgpu::cuda_barrier::state<thread_scope_system, Completion> {
 public:
  __host__ __device__ explicit barrier(ptrdiff_t expected, Completion completion = Completion())
      : ::dualgpu::cuda_barrier::state<thread_scope_system, Completion>(expected, completion) {}
};

}  // namespace std

template <thread_scope S, typename Completion = ::dualgpu::cuda_barrier::no_completion>
class barrier : public ::dualgpu::cuda_barrier::state<S, Completion> {
  using base = ::dualgpu::cuda_barrier::state<S, Completion>;

 public:
  barrier() = default;
  __host__ __device__ barrier(::std::ptrdiff_t expected, Completion completion = Completion()) : base(expected, completion) {}

  __host__ __device__ friend void init(barrier* b, ::std::ptrdiff_t expected) { new (b) barrier(expected); }
  __host__ __device__ friend void init(barrier* b, ::std::ptrdiff_t expected, Completion completion) {
    new (b) barrier(expected, completion);
  }
};

template <::std::size_t Alignment>
struct aligned_size_t {
  static constexpr ::std::size_t align = Alignment;
  ::std::size_t value;
  __host__ __device__ explicit constexpr aligned_size_t(::std::size_t size) : value(size) {}
  __host__ __device__ constexpr operator ::std::size_t() const { return value; }
};

enum async_contract_fulfillment { none, async };

// The group's threads copy `size` bytes now; the barrier needs nothing more (see the top of this file).
template <typename Group, typename Size, thread_scope S, typename Completion>
__host__ __device__ inline async_contract_fulfillment memcpy_async(const Group& group, void* dst, const void* src, Size size,
                                                                   barrier<S, Completion>&) {
  ::dualgpu::cuda_copy::group_copy(group, dst, src, static_cast<::std::size_t>(size));
  return async_contract_fulfillment::none;
}
template <typename Size, thread_scope S, typename Completion>
__host__ __device__ inline async_contract_fulfillment memcpy_async(void* dst, const void* src, Size size,
                                                                   barrier<S, Completion>& b) {
  return memcpy_async(::dualgpu::cuda_copy::one_thread{}, dst, src, size, b);
}

}  // namespace cuda
