// cg::inclusive_scan and cg::exclusive_scan as DualGPU provides them on AMD (dualgpu_cuda_cg_scan.h),
// run on the CPU: each lane of a group is a thread, and the group's shfl_up trades values through a
// barrier, reading by rank as a tile or a coalesced group does on the GPU. Every result is checked
// against the sequential prefix over the members in rank order (CUDA's definition), for tiles of 1 to
// 1024 members (tiles), coalesced groups with gaps in a wave of 64, several types and ops. Exits 1 on a mismatch.
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "dualgpu_cuda_cg_scan.h"

namespace cg = cooperative_groups;

namespace {

int failures = 0;

// A barrier of `count` threads, reusable round after round.
class barrier {
 public:
  explicit barrier(unsigned count) : count_(count) {}
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

// The members' shared state: one slot per rank for the values in flight.
template <typename T>
struct lanes {
  explicit lanes(unsigned size) : slots(size), sync(size) {}
  std::vector<T> slots;
  barrier sync;
};

// One member's view, with the members of a tile or coalesced group: thread_rank, size, and a shfl_up
// that reads the value of rank - delta (the caller's own where there is none), as on the GPU.
template <typename T>
class simulated_group {
 public:
  simulated_group(lanes<T>& shared, unsigned rank) : shared_(shared), rank_(rank) {}
  unsigned thread_rank() const { return rank_; }
  unsigned size() const { return static_cast<unsigned>(shared_.slots.size()); }
  template <typename V>
  V shfl_up(V value, unsigned delta) const {
    shared_.slots[rank_] = value;
    shared_.sync.arrive_and_wait();
    const V read = shared_.slots[rank_ >= delta ? rank_ - delta : rank_];
    shared_.sync.arrive_and_wait();  // nobody writes the next round's value before all have read
    return read;
  }

 private:
  lanes<T>& shared_;
  unsigned rank_;
};

// Runs `scan(group, value)` on every member at once; returns the results by rank.
template <typename T, typename Scan>
std::vector<T> run_members(const std::vector<T>& values, Scan scan) {
  lanes<T> shared(static_cast<unsigned>(values.size()));
  std::vector<T> results(values.size());
  std::vector<std::thread> members;
  for (unsigned r = 0; r < values.size(); ++r)
    members.emplace_back([&, r] { results[r] = scan(simulated_group<T>(shared, r), values[r]); });
  for (auto& m : members) m.join();
  return results;
}

// CUDA's definition: rank r's inclusive result folds the values of ranks 0..r; the exclusive one those
// of ranks 0..r-1, and rank 0 gets T{}.
template <typename T, typename Op>
void check(const char* what, const std::vector<T>& values, Op op) {
  std::vector<T> inclusive(values.size()), exclusive(values.size());
  T acc = values[0];
  inclusive[0] = acc;
  exclusive[0] = T{};
  for (std::size_t r = 1; r < values.size(); ++r) {
    exclusive[r] = acc;
    acc = op(acc, values[r]);
    inclusive[r] = acc;
  }
  const auto got_in = run_members(values, [&](auto g, T v) { return cg::inclusive_scan(g, v, op); });
  const auto got_ex = run_members(values, [&](auto g, T v) { return cg::exclusive_scan(g, v, op); });
  for (std::size_t r = 0; r < values.size(); ++r) {
    if (got_in[r] != inclusive[r] && failures++ < 10)
      std::printf("%s inclusive, %zu members: rank %zu gives %g, want %g\n", what, values.size(), r,
                  static_cast<double>(got_in[r]), static_cast<double>(inclusive[r]));
    if (got_ex[r] != exclusive[r] && failures++ < 10)
      std::printf("%s exclusive, %zu members: rank %zu gives %g, want %g\n", what, values.size(), r,
                  static_cast<double>(got_ex[r]), static_cast<double>(exclusive[r]));
  }
}

// The two-argument forms add, as CUDA's do with cg::plus.
template <typename T>
void check_default_op(const std::vector<T>& values) {
  const auto in = run_members(values, [](auto g, T v) { return cg::inclusive_scan(g, v); });
  const auto ex = run_members(values, [](auto g, T v) { return cg::exclusive_scan(g, v); });
  T acc{};
  for (std::size_t r = 0; r < values.size(); ++r) {
    if (ex[r] != acc && failures++ < 10) std::printf("exclusive_scan(g, v), rank %zu is wrong\n", r);
    acc += values[r];
    if (in[r] != acc && failures++ < 10) std::printf("inclusive_scan(g, v), rank %zu is wrong\n", r);
  }
}

}  // namespace

int main() {
  std::mt19937 rng(2026);
  // Tiles of every power-of-two size, the wide ones of block_tile_memory included, and sizes a coalesced
  // group has (any count of active lanes of a wave of 64, in rank order).
  std::vector<unsigned> sizes = {1, 2, 4, 8, 16, 32, 64, 128};
  for (unsigned n = 3; n < 64; n += 6) sizes.push_back(n);
  for (unsigned n : sizes) {
    std::vector<int> ints(n);
    std::vector<std::uint32_t> bits(n);
    std::vector<double> doubles(n);
    std::vector<float> floats(n);
    std::vector<long long> wide(n);
    for (unsigned i = 0; i < n; ++i) {
      ints[i] = static_cast<int>(rng() % 2001) - 1000;
      bits[i] = static_cast<std::uint32_t>(rng());
      doubles[i] = static_cast<double>(static_cast<int>(rng() % 1001) - 500) / 8;  // exact sums in any order
      floats[i] = static_cast<float>(static_cast<int>(rng() % 201) - 100) / 4;
      wide[i] = (static_cast<long long>(rng()) << 20) - (1LL << 40);
    }
    check("int plus", ints, std::plus<int>());
    check("int max", ints, [](int a, int b) { return a < b ? b : a; });
    check("int min", ints, [](int a, int b) { return b < a ? b : a; });
    check("uint32 xor", bits, [](std::uint32_t a, std::uint32_t b) { return a ^ b; });
    check("uint32 or", bits, [](std::uint32_t a, std::uint32_t b) { return a | b; });
    check("double plus", doubles, std::plus<double>());
    check("float max", floats, [](float a, float b) { return a < b ? b : a; });
    check("long long plus", wide, std::plus<long long>());
    check_default_op(ints);
    check_default_op(floats);
  }
  // The widest tile, 1024 threads (a thread each here): one type and op.
  std::vector<int> block(1024);
  for (int& v : block) v = static_cast<int>(rng() % 2001) - 1000;
  check("int plus", block, std::plus<int>());
  std::printf("%s\n", failures ? "cg scan: FAILED" : "cg scan: every rank as CUDA defines it");
  return failures ? 1 : 0;
}
