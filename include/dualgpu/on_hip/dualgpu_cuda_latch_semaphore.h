// dualgpu/on_hip/dualgpu_cuda_latch_semaphore.h: libcu++'s latches and semaphores (<cuda/latch>,
// <cuda/std/latch>, <cuda/semaphore>, <cuda/std/semaphore>) on AMD, host and device: cuda::latch<scope>,
// cuda::std::latch, cuda::counting_semaphore<scope, max>, cuda::binary_semaphore<scope> and their
// cuda::std forms. libcu++'s algorithms on DualGPU's scoped atomics (dualgpu_cuda_atomic.h); waiting
// polls, with the same caveat as the barriers (dualgpu_cuda_barrier.h): on AMD a waiting lane cannot
// wait for a later lane of its own wave.
#pragma once

#include <climits>
#include <cstddef>
#include <limits>

#include "dualgpu_cuda_atomic.h"

namespace dualgpu {
namespace cuda_latch {

template <::cuda::thread_scope S>
class latch {
  using count = ::dualgpu::cuda_atomic::ops<std::ptrdiff_t, S>;

 public:
  __host__ __device__ constexpr explicit latch(std::ptrdiff_t expected) : counter_(expected) {}
  latch(const latch&) = delete;
  latch& operator=(const latch&) = delete;

  __host__ __device__ void count_down(std::ptrdiff_t update = 1) {
    count::fetch_sub(&counter_, update, ::std::memory_order_release);
  }
  __host__ __device__ bool try_wait() const noexcept { return count::load(at(), ::std::memory_order_acquire) == 0; }
  __host__ __device__ void wait() const {
    for (std::ptrdiff_t now = count::load(at(), ::std::memory_order_acquire); now != 0;
         now = count::load(at(), ::std::memory_order_acquire))
      count::wait(at(), now, ::std::memory_order_relaxed);
  }
  __host__ __device__ void arrive_and_wait(std::ptrdiff_t update = 1) {
    count_down(update);
    wait();
  }
  __host__ __device__ static constexpr std::ptrdiff_t max() noexcept { return ::std::numeric_limits<std::ptrdiff_t>::max(); }

 private:
  __host__ __device__ std::ptrdiff_t* at() const { return const_cast<std::ptrdiff_t*>(&counter_); }
  std::ptrdiff_t counter_;
};

template <::cuda::thread_scope S, std::ptrdiff_t LeastMax>
class counting_semaphore {
  using count = ::dualgpu::cuda_atomic::ops<std::ptrdiff_t, S>;

 public:
  __host__ __device__ constexpr explicit counting_semaphore(std::ptrdiff_t desired = 0) : counter_(desired) {}
  counting_semaphore(const counting_semaphore&) = delete;
  counting_semaphore& operator=(const counting_semaphore&) = delete;

  __host__ __device__ void release(std::ptrdiff_t update = 1) { count::fetch_add(&counter_, update, ::std::memory_order_release); }
  __host__ __device__ bool try_acquire() noexcept {
    std::ptrdiff_t now = count::load(&counter_, ::std::memory_order_relaxed);
    while (now > 0)
      if (count::compare_exchange(&counter_, now, now - 1, ::std::memory_order_acquire, ::std::memory_order_relaxed, true))
        return true;
    return false;
  }
  __host__ __device__ void acquire() {
    while (!try_acquire()) count::wait(&counter_, 0, ::std::memory_order_relaxed);
  }
  __host__ __device__ static constexpr std::ptrdiff_t max() noexcept { return LeastMax; }

 private:
  std::ptrdiff_t counter_;
};

}  // namespace cuda_latch
}  // namespace dualgpu

namespace cuda {
namespace std {

class latch : public ::dualgpu::cuda_latch::latch<thread_scope_system> {
 public:
  using ::dualgpu::cuda_latch::latch<thread_scope_system>::latch;
};

template <ptrdiff_t LeastMax = INT_MAX>
class counting_semaphore : public ::dualgpu::cuda_latch::counting_semaphore<thread_scope_system, LeastMax> {
 public:
  using ::dualgpu::cuda_latch::counting_semaphore<thread_scope_system, LeastMax>::counting_semaphore;
};
using binary_semaphore = counting_semaphore<1>;

}  // namespace std

template <thread_scope S>
class latch : public ::dualgpu::cuda_latch::latch<S> {
 public:
  using ::dualgpu::cuda_latch::latch<S>::latch;
};

template <thread_scope S, ::std::ptrdiff_t LeastMax = INT_MAX>
class counting_semaphore : public ::dualgpu::cuda_latch::counting_semaphore<S, LeastMax> {
 public:
  using ::dualgpu::cuda_latch::counting_semaphore<S, LeastMax>::counting_semaphore;
};
template <thread_scope S>
using binary_semaphore = counting_semaphore<S, 1>;

}  // namespace cuda
