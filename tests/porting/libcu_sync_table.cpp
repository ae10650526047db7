// libcu++'s barriers, latches, semaphores and pipelines, driven by threads and printed as a table: built once against
// NVIDIA's libcu++ (host code, g++) and once against DualGPU's (host code of a HIP build), and the two
// tables must be the same (run_host_program.cmake with REFERENCE). Every line is a result that does not
// depend on how the threads interleave; tests/porting/programs/libcu_barrier_copy.cu and
// libcu_pipeline_stages.cu run the same headers in kernels, with cuda::memcpy_async.
#include <cuda/barrier>
#include <cuda/latch>
#include <cuda/pipeline>
#include <cuda/semaphore>
#include <cuda/std/barrier>
#include <cuda/std/latch>
#include <cuda/std/semaphore>

#include <cstdio>
#include <thread>
#include <utility>
#include <vector>

#include "host_barrier.h"

namespace {

constexpr int kThreads = 6, kRounds = 200;

template <typename Body>
void run_threads(int count, Body body) {
  std::vector<std::thread> pool;
  for (int t = 0; t < count; ++t) pool.emplace_back(body, t);
  for (auto& t : pool) t.join();
}

// Each round, every thread writes its slot and then reads all slots: the barrier's phase makes every
// write of the round visible, and the completion function runs once a round, before anyone goes on.
struct count_rounds {
  int* completions;
  void operator()() noexcept { ++*completions; }
};
void barrier_rounds() {
  int completions = 0;
  cuda::std::barrier<count_rounds> bar(kThreads, count_rounds{&completions});
  std::vector<int> slots(kThreads, 0), wrong(kThreads, 0), seen_completions(kThreads, 0);
  run_threads(kThreads, [&](int t) {
    for (int round = 1; round <= kRounds; ++round) {
      slots[t] = round * 100 + t;
      bar.arrive_and_wait();
      for (int other = 0; other < kThreads; ++other)
        if (slots[other] != round * 100 + other) ++wrong[t];
      seen_completions[t] += completions == 2 * round - 1;  // this round's first phase, not yet its second
      bar.arrive_and_wait();  // nobody writes the next round before all have read this one
    }
  });
  int total_wrong = 0, total_seen = 0;
  for (int t = 0; t < kThreads; ++t) total_wrong += wrong[t], total_seen += seen_completions[t];
  std::printf("std::barrier rounds %d completions %d wrong %d completion seen %d\n", kRounds, completions, total_wrong,
              total_seen);
  std::printf("std::barrier max positive %d\n", cuda::std::barrier<>::max() > 0);
}

// Split arrive and wait, with a token, on a block-scoped barrier made by init(); one thread drops out
// half-way and the others go on without it.
void split_and_drop() {
  cuda::barrier<cuda::thread_scope_block> bar;
  init(&bar, kThreads);
  std::vector<long> sums(kThreads, 0);
  std::vector<int> values(kThreads, 0);
  run_threads(kThreads, [&](int t) {
    const int rounds = t == 0 ? kRounds / 2 : kRounds;
    for (int round = 0; round < rounds; ++round) {
      values[t] = round + t;
      auto token = bar.arrive();
      bar.wait(std::move(token));
      const int taking_part = round < kRounds / 2 ? kThreads : kThreads - 1;
      long s = 0;
      for (int other = kThreads - taking_part; other < kThreads; ++other) s += values[other];
      sums[t] += s;
      if (t == 0 && round == kRounds / 2 - 1)
        bar.arrive_and_drop();
      else
        bar.arrive_and_wait();
    }
  });
  for (int t = 0; t < kThreads; ++t) std::printf("split thread %d sum %ld\n", t, sums[t]);
}

// cuda::memcpy_async exists only for a CUDA compiler (libcu++ leaves it out of host builds), so the kernels
// check it; its size type is here.
void aligned_size() {
  const cuda::aligned_size_t<16> size(256);
  std::printf("aligned_size_t value %zu align %zu\n", static_cast<std::size_t>(size), cuda::aligned_size_t<16>::align);
}

void latches() {
  cuda::std::latch done(kThreads);
  cuda::latch<cuda::thread_scope_device> start(1);
  std::vector<int> after(kThreads, 0);
  int shared_value = 0;
  std::printf("latch try_wait before %d\n", done.try_wait());
  run_threads(kThreads + 1, [&](int t) {
    if (t == kThreads) {  // the starter
      shared_value = 42;
      start.count_down();
      return;
    }
    start.wait();
    after[t] = shared_value;
    done.arrive_and_wait();
  });
  int good = 0;
  for (int v : after) good += v == 42;
  std::printf("latch saw start %d of %d, try_wait after %d\n", good, kThreads, done.try_wait());
  cuda::std::latch two(2);
  two.count_down(2);
  std::printf("latch count_down(2) try_wait %d\n", two.try_wait());
}

// A semaphore of 2 guards a section: never more than 2 inside. A binary one passes a baton in turn.
void semaphores() {
  cuda::counting_semaphore<cuda::thread_scope_device, 2> slots(2);
  cuda::std::atomic<int> inside{0}, most{0};
  run_threads(kThreads, [&](int) {
    for (int i = 0; i < kRounds; ++i) {
      slots.acquire();
      const int now = inside.fetch_add(1) + 1;
      int seen = most.load();
      while (now > seen && !most.compare_exchange_weak(seen, now)) {
      }
      inside.fetch_sub(1);
      slots.release();
    }
  });
  std::printf("semaphore at most 2 inside %d\n", most.load() <= 2);
  cuda::std::binary_semaphore baton(0);
  std::printf("binary try_acquire empty %d\n", baton.try_acquire());
  baton.release();
  const bool first = baton.try_acquire();
  const bool second = baton.try_acquire();
  std::printf("binary try_acquire full %d then %d\n", first, second);
  cuda::std::counting_semaphore<> many(3);
  many.release(2);
  int taken = 0;
  while (many.try_acquire()) ++taken;
  std::printf("counting took %d max positive %d binary max %d\n", taken, cuda::std::counting_semaphore<>::max() > 0,
              static_cast<int>(cuda::binary_semaphore<cuda::thread_scope_block>::max() >= 1));
}

// Threads standing for the threads of a block: what cuda::make_pipeline needs of a group.
struct host_group {
  unsigned rank, count;
  host_barrier* together;
  unsigned thread_rank() const { return rank; }
  unsigned size() const { return count; }
  void sync() const { together->arrive_and_wait(); }
};

constexpr int kStages = 3, kItems = 60, kWidth = 8;

// Producers fill a stage's slots with item values, consumers sum the stage: a consumer's sum is right only
// if it read every slot of every item after it was written and before it was overwritten.
template <typename Make>
void pipeline_run(const char* what, int members, Make make) {
  cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  host_barrier together(members);
  int slots[kStages][kWidth] = {};
  std::vector<long> sums(members, 0);
  std::vector<int> last_out(members, 0);
  run_threads(members, [&](int t) {
    const host_group group{static_cast<unsigned>(t), static_cast<unsigned>(members), &together};
    bool producer = false, consumer = false;
    auto pipe = make(group, &state, t, producer, consumer);
    for (int item = 0; item < kItems; ++item) {
      const int stage = item % kStages;
      if (producer) {
        pipe.producer_acquire();
        for (int w = t % kWidth; w < kWidth; w += kWidth) slots[stage][w] = item * 1000 + w;
        pipe.producer_commit();
      }
      if (consumer) {
        pipe.consumer_wait();
        for (int w = 0; w < kWidth; ++w) sums[t] += slots[stage][w];
        pipe.consumer_release();
      }
    }
    last_out[t] = pipe.quit();
  });
  int leavers = 0;
  for (int t = 0; t < members; ++t) {
    std::printf("%s thread %d sum %ld\n", what, t, sums[t]);
    leavers += last_out[t];
  }
  std::printf("%s last to quit %d\n", what, leavers);
}

void pipelines() {
  // Unified: kWidth threads each fill their slot and sum the stage.
  pipeline_run("unified", kWidth, [](const host_group& g, auto* state, int, bool& producer, bool& consumer) {
    producer = consumer = true;
    return cuda::make_pipeline(g, state);
  });
  // The first kWidth ranks produce, six more consume.
  pipeline_run("by count", kWidth + 6, [](const host_group& g, auto* state, int t, bool& producer, bool& consumer) {
    producer = t < kWidth;
    consumer = !producer;
    return cuda::make_pipeline(g, state, static_cast<size_t>(kWidth));
  });
  // Each thread says its role: the last kWidth produce.
  pipeline_run("by role", kWidth + 5, [](const host_group& g, auto* state, int t, bool& producer, bool& consumer) {
    producer = t >= 5;
    consumer = !producer;
    return cuda::make_pipeline(g, state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  });
  auto one = cuda::make_pipeline();
  int value = 0;
  one.producer_acquire();
  value = 7;
  one.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(one);
  one.consumer_wait();
  one.consumer_release();
  std::printf("thread pipeline value %d quit %d\n", value, one.quit());
}

}  // namespace

int main() {
  barrier_rounds();
  split_and_drop();
  aligned_size();
  latches();
  semaphores();
  pipelines();
  return 0;
}
