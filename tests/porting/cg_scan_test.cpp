// cg::inclusive_scan, cg::exclusive_scan and their _update forms as DualGPU provides them on AMD
// (dualgpu_cuda_cg_scan.h), run on the CPU: each lane of a group is a thread, and the group's shuffles
// trade values through a barrier, reading by rank as a tile or a coalesced group does on the GPU. Every
// result is checked against the sequential prefix over the members in rank order (CUDA's definition),
// for tiles of 1 to 1024 members (tiles), coalesced groups with gaps in a wave of 64, several types and
// ops; the _update forms against what CUDA's two code paths (up to 32 members, wider tiles) give.
// Exits 1 on a mismatch.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <thread>
#include <vector>

#include "dualgpu_cuda_cg_scan.h"
#include "host_barrier.h"

namespace cg = cooperative_groups;

// cg's operators, as reduce.h defines them for HIP builds (the _update forms map them to atomic members).
namespace cooperative_groups {
template <typename T>
struct plus {
  T operator()(const T& a, const T& b) const { return a + b; }
};
template <typename T>
struct less {
  T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <typename T>
struct greater {
  T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <typename T>
struct bit_and {
  T operator()(const T& a, const T& b) const { return a & b; }
};
template <typename T>
struct bit_or {
  T operator()(const T& a, const T& b) const { return a | b; }
};
template <typename T>
struct bit_xor {
  T operator()(const T& a, const T& b) const { return a ^ b; }
};
}  // namespace cooperative_groups

namespace {

int failures = 0;

// The members' shared state: one slot per rank for the values in flight.
template <typename T>
struct lanes {
  explicit lanes(unsigned size) : slots(size), sync(size) {}
  std::vector<T> slots;
  host_barrier sync;
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
  template <typename V>
  V shfl(V value, unsigned source) const {
    shared_.slots[rank_] = value;
    shared_.sync.arrive_and_wait();
    const V read = shared_.slots[source];
    shared_.sync.arrive_and_wait();
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

// The members of cuda::atomic that the _update forms call, each doing its own operation on a std::atomic,
// so that a fold mapped to the wrong member shows in the value left behind.
template <typename T>
class host_atomic {
 public:
  using value_type = T;
  explicit host_atomic(T start) : value_(start) {}
  T load(std::memory_order m) const { return value_.load(m); }
  bool compare_exchange_weak(T& expected, T desired, std::memory_order m) const {
    return value_.compare_exchange_weak(expected, desired, m);
  }
  T fetch_add(T v, std::memory_order) const { return apply([v](T old) { return old + v; }); }
  T fetch_min(T v, std::memory_order) const { return apply([v](T old) { return v < old ? v : old; }); }
  T fetch_max(T v, std::memory_order) const { return apply([v](T old) { return old < v ? v : old; }); }
  T fetch_and(T v, std::memory_order) const { return apply([v](T old) { return old & v; }); }
  T fetch_or(T v, std::memory_order) const { return apply([v](T old) { return old | v; }); }
  T fetch_xor(T v, std::memory_order) const { return apply([v](T old) { return old ^ v; }); }

 private:
  template <typename Next>
  T apply(Next next) const {
    T old = value_.load();
    while (!value_.compare_exchange_weak(old, next(old))) {
    }
    return old;
  }
  mutable std::atomic<T> value_;
};

// CUDA's _update forms: the atomic ends as op(start, total). Groups of up to 32 members (CUDA's
// coalesced path) give op(start, prefix), exclusive rank 0 op(start, T{}); wider tiles (its multi-warp
// path) give op(prefix, start), exclusive rank 0 start itself.
template <typename T, typename Op>
void check_update(const char* what, const std::vector<T>& values, Op op, T start) {
  const std::size_t n = values.size();
  const bool wide = n > 32;
  std::vector<T> inclusive(n);
  inclusive[0] = values[0];
  for (std::size_t r = 1; r < n; ++r) inclusive[r] = op(inclusive[r - 1], values[r]);
  for (bool exclusive : {false, true}) {
    host_atomic<T> dst(start);
    const auto got = run_members(values, [&](auto g, T v) {
      return exclusive ? cg::exclusive_scan_update(g, dst, v, op) : cg::inclusive_scan_update(g, dst, v, op);
    });
    const T after = op(start, inclusive[n - 1]);
    if (dst.load(std::memory_order_relaxed) != after && failures++ < 10)
      std::printf("%s %s_scan_update, %zu members: the atomic holds %g, want %g\n", what,
                  exclusive ? "exclusive" : "inclusive", n, static_cast<double>(dst.load(std::memory_order_relaxed)),
                  static_cast<double>(after));
    for (std::size_t r = 0; r < n; ++r) {
      T want;
      if (!exclusive)
        want = wide ? op(inclusive[r], start) : op(start, inclusive[r]);
      else if (wide)
        want = r == 0 ? start : op(inclusive[r - 1], start);
      else
        want = op(start, r == 0 ? T{} : inclusive[r - 1]);
      if (got[r] != want && failures++ < 10)
        std::printf("%s %s_scan_update, %zu members: rank %zu gives %g, want %g\n", what,
                    exclusive ? "exclusive" : "inclusive", n, r, static_cast<double>(got[r]), static_cast<double>(want));
    }
  }
}

// The three-argument _update forms add.
void check_update_default_op(const std::vector<int>& values) {
  host_atomic<int> in_dst(100), ex_dst(100);
  const auto in = run_members(values, [&](auto g, int v) { return cg::inclusive_scan_update(g, in_dst, v); });
  const auto ex = run_members(values, [&](auto g, int v) { return cg::exclusive_scan_update(g, ex_dst, v); });
  int acc = 100;
  for (std::size_t r = 0; r < values.size(); ++r) {
    if (ex[r] != acc && failures++ < 10) std::printf("exclusive_scan_update(g, a, v), rank %zu is wrong\n", r);
    acc += values[r];
    if (in[r] != acc && failures++ < 10) std::printf("inclusive_scan_update(g, a, v), rank %zu is wrong\n", r);
  }
  if ((in_dst.load(std::memory_order_relaxed) != acc || ex_dst.load(std::memory_order_relaxed) != acc) && failures++ < 10)
    std::printf("the _update atomic does not hold the total\n");
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
    check_update("int cg::plus", ints, cg::plus<int>(), -37);
    check_update("int cg::less", ints, cg::less<int>(), 200);
    check_update("int cg::greater", ints, cg::greater<int>(), -200);
    check_update("uint32 cg::bit_and", bits, cg::bit_and<std::uint32_t>(), 0xF0F0FFFFu);
    check_update("uint32 cg::bit_or", bits, cg::bit_or<std::uint32_t>(), 0x100u);
    check_update("uint32 cg::bit_xor", bits, cg::bit_xor<std::uint32_t>(), 0xDEADBEEFu);
    check_update("double cg::plus", doubles, cg::plus<double>(), 0.5);
    check_update("float max (compare-and-swap)", floats, [](float a, float b) { return a < b ? b : a; }, -7.25f);
    check_update_default_op(ints);
  }
  // The widest tile, 1024 threads (a thread each here): one type and op.
  std::vector<int> block(1024);
  for (int& v : block) v = static_cast<int>(rng() % 2001) - 1000;
  check("int plus", block, std::plus<int>());
  check_update("int cg::plus", block, cg::plus<int>(), 11);
  check_update("int cg::less", block, cg::less<int>(), 5);
  std::printf("%s\n", failures ? "cg scan: FAILED" : "cg scan: every rank as CUDA defines it");
  return failures ? 1 : 0;
}
