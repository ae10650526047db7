// A barrier for the CPU tests in which threads stand for the threads of a GPU group: `count` threads,
// reusable round after round (std::barrier is C++20; these tests build as C++17).
#pragma once

#include <condition_variable>
#include <mutex>

class host_barrier {
 public:
  explicit host_barrier(unsigned count) : count_(count) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    const unsigned generation = generation_;
    if (++arrived_ == count_) {
      arrived_ = 0;
      ++generation_;
      woken_.notify_all();
    } else {
      woken_.wait(lock, [&] { return generation != generation_; });
    }
  }

 private:
  std::mutex mutex_;
  std::condition_variable woken_;
  unsigned count_, arrived_ = 0, generation_ = 0;
};
