// dualgpu/on_hip/dualgpu_cuda_pipeline.h: libcu++'s pipelines (<cuda/pipeline>) on AMD, host and device:
// cuda::pipeline_shared_state, cuda::make_pipeline (one thread's; a group's, unified or split into
// producers and consumers), producer_acquire/commit, consumer_wait/release, quit, cuda::memcpy_async(...,
// pipeline), cuda::pipeline_consumer_wait_prior and cuda::pipeline_producer_commit.
//
// libcu++'s design on DualGPU's barriers (dualgpu_cuda_barrier.h): each stage has a barrier its producers
// arrive on when they commit and one its consumers arrive on when they release; a thread's head and tail
// walk the stages, and each side waits on the other's barrier by phase parity. The copies are done when
// memcpy_async is called (dualgpu_cuda_group_copy.h), before the producer commits, so a consumer past
// consumer_wait sees them; a one-thread pipeline needs no waiting at all. The overlap is lost, and the
// lockstep caveat of the barriers applies: on AMD, producers and consumers must not share a wave (a split
// at 32 threads does on a 64-wide wave).
#pragma once

#include <cstdint>

#include "dualgpu_cuda_barrier.h"

namespace dualgpu {
namespace cuda_pipeline {
struct access;
}  // namespace cuda_pipeline
}  // namespace dualgpu

namespace cuda {

enum class pipeline_role { producer, consumer };

template <thread_scope S, ::std::uint8_t Stages>
class pipeline_shared_state {
 public:
  pipeline_shared_state() = default;
  pipeline_shared_state(const pipeline_shared_state&) = delete;
  pipeline_shared_state& operator=(const pipeline_shared_state&) = delete;

 private:
  friend struct ::dualgpu::cuda_pipeline::access;
  barrier<S> produced_[Stages];
  barrier<S> consumed_[Stages];
  unsigned members_;  // threads that have not quit; producers while a split by role is counted
};

template <thread_scope S>
class pipeline {
  using count = ::dualgpu::cuda_atomic::ops<unsigned, S>;

 public:
  pipeline(pipeline&&) = default;
  pipeline(const pipeline&) = delete;
  pipeline& operator=(const pipeline&) = delete;
  __host__ __device__ ~pipeline() {
    if (active_) (void)quit();
  }

  __host__ __device__ void producer_acquire() { wait_parity(consumed_[head_], consumed_parity_); }
  __host__ __device__ void producer_commit() {
    (void)produced_[head_].arrive();
    if (++head_ == stages_) {
      head_ = 0;
      consumed_parity_ = !consumed_parity_;
    }
  }
  __host__ __device__ void consumer_wait() { wait_parity(produced_[tail_], produced_parity_); }
  __host__ __device__ void consumer_release() {
    (void)consumed_[tail_].arrive();
    if (++tail_ == stages_) {
      tail_ = 0;
      produced_parity_ = !produced_parity_;
    }
  }
  // Leaves the pipeline; true for the last thread to leave.
  __host__ __device__ bool quit() {
    active_ = false;
    return count::fetch_sub(members_, 1u, ::std::memory_order_acq_rel) == 1u;
  }

 private:
  friend struct ::dualgpu::cuda_pipeline::access;
  __host__ __device__ pipeline(barrier<S>* produced, barrier<S>* consumed, unsigned* members, ::std::uint8_t stages)
      : produced_(produced), consumed_(consumed), members_(members), stages_(stages) {}
  // libcu++'s parity wait: until the barrier's phase is no longer `parity`.
  __host__ __device__ static void wait_parity(barrier<S>& b, bool parity) { b.wait(parity ? 1u : 0u); }

  barrier<S>* produced_;
  barrier<S>* consumed_;
  unsigned* members_;
  ::std::uint8_t stages_;
  ::std::uint8_t head_ = 0;
  ::std::uint8_t tail_ = 0;
  bool consumed_parity_ = true;  // a stage's first acquire does not wait
  bool produced_parity_ = false;
  bool active_ = true;
};

// One thread's pipeline: its own copies are complete when memcpy_async returns, so nothing waits.
template <>
class pipeline<thread_scope_thread> {
 public:
  pipeline(pipeline&&) = default;
  pipeline(const pipeline&) = delete;
  pipeline& operator=(const pipeline&) = delete;
  __host__ __device__ bool quit() { return true; }
  __host__ __device__ void producer_acquire() {}
  __host__ __device__ void producer_commit() {}
  __host__ __device__ void consumer_wait() {}
  __host__ __device__ void consumer_release() {}

 private:
  friend struct ::dualgpu::cuda_pipeline::access;
  __host__ __device__ pipeline() {}
};

}  // namespace cuda

namespace dualgpu {
namespace cuda_pipeline {

// The group's collective set-up, as libcu++'s: rank 0 readies every stage's two barriers for the
// producers and consumers counted, then the group syncs.
struct access {
  template <typename Group, ::cuda::thread_scope S, std::uint8_t Stages>
  __host__ __device__ static ::cuda::pipeline<S> make(const Group& group, ::cuda::pipeline_shared_state<S, Stages>* state,
                                                      std::ptrdiff_t producers, std::ptrdiff_t consumers) {
    if (group.thread_rank() == 0) {
      for (int s = 0; s < Stages; ++s) {
        init(&state->produced_[s], producers);
        init(&state->consumed_[s], consumers);
      }
      state->members_ = static_cast<unsigned>(group.size());
    }
    group.sync();
    return ::cuda::pipeline<S>(state->produced_, state->consumed_, &state->members_, Stages);
  }
  // Each thread says its role; the producers are counted in the shared state before the set-up.
  template <typename Group, ::cuda::thread_scope S, std::uint8_t Stages>
  __host__ __device__ static std::ptrdiff_t count_producers(const Group& group, ::cuda::pipeline_shared_state<S, Stages>* state,
                                                           bool producer) {
    using count = ::dualgpu::cuda_atomic::ops<unsigned, S>;
    if (group.thread_rank() == 0) state->members_ = 0;
    group.sync();
    if (producer) count::fetch_add(&state->members_, 1u, ::std::memory_order_relaxed);
    group.sync();
    const auto producers = static_cast<std::ptrdiff_t>(count::load(&state->members_, ::std::memory_order_relaxed));
    group.sync();  // all have read it before rank 0 reuses the field
    return producers;
  }
  __host__ __device__ static ::cuda::pipeline<::cuda::thread_scope_thread> make_one() {
    return ::cuda::pipeline<::cuda::thread_scope_thread>();
  }
};

}  // namespace cuda_pipeline
}  // namespace dualgpu

namespace cuda {

__host__ __device__ inline pipeline<thread_scope_thread> make_pipeline() {
  return ::dualgpu::cuda_pipeline::access::make_one();
}
// Unified: every thread of the group produces and consumes.
template <typename Group, thread_scope S, ::std::uint8_t Stages>
__host__ __device__ pipeline<S> make_pipeline(const Group& group, pipeline_shared_state<S, Stages>* state) {
  const auto size = static_cast<::std::ptrdiff_t>(group.size());
  return ::dualgpu::cuda_pipeline::access::make(group, state, size, size);
}
// The first `producers` ranks produce, the others consume.
template <typename Group, thread_scope S, ::std::uint8_t Stages>
__host__ __device__ pipeline<S> make_pipeline(const Group& group, pipeline_shared_state<S, Stages>* state,
                                              ::std::size_t producers) {
  const auto size = static_cast<::std::ptrdiff_t>(group.size());
  const auto p = static_cast<::std::ptrdiff_t>(producers);
  return ::dualgpu::cuda_pipeline::access::make(group, state, p, size - p);
}
template <typename Group, thread_scope S, ::std::uint8_t Stages>
__host__ __device__ pipeline<S> make_pipeline(const Group& group, pipeline_shared_state<S, Stages>* state,
                                              pipeline_role role) {
  const auto size = static_cast<::std::ptrdiff_t>(group.size());
  const auto p = ::dualgpu::cuda_pipeline::access::count_producers(group, state, role == pipeline_role::producer);
  return ::dualgpu::cuda_pipeline::access::make(group, state, p, size - p);
}

// The group's threads copy now (see the top of this file); the pipeline needs nothing more.
template <typename Group, typename Size, thread_scope S>
__host__ __device__ inline async_contract_fulfillment memcpy_async(const Group& group, void* dst, const void* src, Size size,
                                                                   pipeline<S>&) {
  ::dualgpu::cuda_copy::group_copy(group, dst, src, static_cast<::std::size_t>(size));
  return async_contract_fulfillment::none;
}
template <typename Size, thread_scope S>
__host__ __device__ inline async_contract_fulfillment memcpy_async(void* dst, const void* src, Size size, pipeline<S>& p) {
  return memcpy_async(::dualgpu::cuda_copy::one_thread{}, dst, src, size, p);
}

// A thread's copies are complete already: nothing is left to wait for or to hand to a barrier.
template <::std::uint8_t Prior>
__host__ __device__ inline void pipeline_consumer_wait_prior(pipeline<thread_scope_thread>&) {}
template <thread_scope S>
__host__ __device__ inline void pipeline_producer_commit(pipeline<thread_scope_thread>&, barrier<S>&) {}

}  // namespace cuda
