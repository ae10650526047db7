// libcu++'s atomics, every member on every kind of value, printed as a table: built once against
// NVIDIA's libcu++ (host code, g++) and once against DualGPU's <cuda/atomic> (host code of a HIP build),
// and the two tables must be the same (run_host_program.cmake with REFERENCE). The same builtins and
// code paths serve device code; tests/porting/programs/libcu_atomic_counters.cu runs them in kernels.
// The last rows come from threads that race on the atomics: only their deterministic results are printed.
#include <cuda/atomic>
#include <cuda/std/atomic>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

namespace {

struct pair32 {
  std::int32_t low, high;
};

void print(const char* what, long long v) { std::printf("%s %lld\n", what, v); }
void print(const char* what, unsigned long long v) { std::printf("%s %llu\n", what, v); }
void print(const char* what, double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  std::printf("%s %.17g %016llx\n", what, v, static_cast<unsigned long long>(bits));
}
template <typename T>
void show(const char* what, T v) {
  if constexpr (std::is_floating_point<T>::value)
    print(what, static_cast<double>(v));
  else if constexpr (std::is_signed<T>::value)
    print(what, static_cast<long long>(v));
  else
    print(what, static_cast<unsigned long long>(v));
}

// Every member an integer atomic has, with values that wrap around the type's range.
template <typename Atomic, typename T>
void integer_members(const char* name, Atomic& a, T low, T high) {
  std::printf("[%s]\n", name);
  a.store(high);
  show("fetch_add", a.fetch_add(T(3), cuda::memory_order_relaxed));
  show("value", a.load());
  show("fetch_sub", a.fetch_sub(T(7)));
  a.store(low);
  show("fetch_sub_low", a.fetch_sub(T(1), cuda::memory_order_acq_rel));
  show("value", a.load(cuda::memory_order_acquire));
  show("fetch_and", a.fetch_and(T(0x5A)));
  show("fetch_or", a.fetch_or(T(0x21), cuda::memory_order_release));
  show("fetch_xor", a.fetch_xor(T(0x0F)));
  show("value", static_cast<T>(a));
  show("exchange", a.exchange(T(42), cuda::memory_order_seq_cst));
  T expected = T(41);
  show("cas_strong_fails", a.compare_exchange_strong(expected, T(9)));
  show("expected", expected);
  show("cas_strong", a.compare_exchange_strong(expected, T(9), cuda::memory_order_acq_rel, cuda::memory_order_acquire));
  expected = T(9);
  while (!a.compare_exchange_weak(expected, T(expected + 1), cuda::memory_order_release, cuda::memory_order_relaxed)) {
  }
  show("cas_weak", a.load());
  show("pre_increment", ++a);
  show("post_increment", a++);
  show("pre_decrement", --a);
  show("post_decrement", a--);
  show("plus_equal", a += T(5));
  show("minus_equal", a -= T(2));
  show("and_equal", a &= T(0x3C));
  show("or_equal", a |= T(0x40));
  show("xor_equal", a ^= T(0x11));
  show("assign", a = T(77));
}

template <typename T, cuda::thread_scope S>
void min_max_members(const char* name, T start, T lower, T higher) {
  std::printf("[%s min/max]\n", name);
  cuda::atomic<T, S> a{start};
  show("fetch_min_higher", a.fetch_min(higher));
  show("fetch_min_lower", a.fetch_min(lower, cuda::memory_order_relaxed));
  show("fetch_max_lower", a.fetch_max(lower));
  show("fetch_max_higher", a.fetch_max(higher, cuda::memory_order_acq_rel));
  show("value", a.load());
  T object = start;
  cuda::atomic_ref<T, S> r(object);
  show("ref_fetch_max", r.fetch_max(higher));
  show("ref_fetch_min", r.fetch_min(lower));
  show("object", object);
}

template <typename Atomic, typename T>
void float_members(const char* name, Atomic& a) {
  std::printf("[%s]\n", name);
  a.store(T(1.5));
  show("fetch_add", a.fetch_add(T(0.25)));
  show("fetch_sub", a.fetch_sub(T(4.0), cuda::memory_order_relaxed));
  show("plus_equal", a += T(1e-3));
  show("minus_equal", a -= T(-0.0));
  show("exchange", a.exchange(T(-0.0)));
  T expected = T(0.0);  // equal to -0.0 as a number, not as bits: the exchange fails
  show("cas_zero_sign", a.compare_exchange_strong(expected, T(2.0)));
  show("expected", expected);
  show("value", a.load());
}

void pointer_members() {
  std::printf("[pointer]\n");
  static int cells[16];
  cuda::atomic<int*, cuda::thread_scope_device> p{cells + 4};
  show("fetch_add", static_cast<long long>(p.fetch_add(3) - cells));
  show("fetch_sub", static_cast<long long>(p.fetch_sub(2, cuda::memory_order_relaxed) - cells));
  show("pre_increment", static_cast<long long>(++p - cells));
  show("minus_equal", static_cast<long long>((p -= 4) - cells));
  int* expected = cells;
  show("cas_fails", p.compare_exchange_strong(expected, cells + 9));
  show("expected", static_cast<long long>(expected - cells));
}

void struct_members() {
  std::printf("[struct]\n");
  cuda::std::atomic<pair32> a{pair32{1, -1}};
  pair32 old = a.exchange(pair32{2, 3});
  show("exchange_low", old.low);
  show("exchange_high", old.high);
  pair32 expected{2, 3};
  show("cas", a.compare_exchange_strong(expected, pair32{4, 5}));
  pair32 stale{2, 3};
  show("cas_stale", a.compare_exchange_strong(stale, pair32{6, 7}));
  show("found_low", stale.low);
  show("found_high", stale.high);
  pair32 object{8, 9};
  cuda::atomic_ref<pair32, cuda::thread_scope_block> r(object);
  r.store(pair32{10, 11}, cuda::memory_order_release);
  show("ref_load_low", r.load(cuda::memory_order_acquire).low);
  show("object_high", object.high);
}

void flag_and_bool() {
  std::printf("[flag]\n");
  cuda::std::atomic_flag flag{false};
  show("first_set", flag.test_and_set());
  show("second_set", flag.test_and_set(cuda::memory_order_acquire));
  show("test", flag.test());
  flag.clear(cuda::memory_order_release);
  show("after_clear", flag.test());
  cuda::std::atomic<bool> b{false};
  show("bool_exchange", b.exchange(true));
  bool expected = false;
  show("bool_cas", b.compare_exchange_strong(expected, false));
  show("bool_expected", expected);
}

void fences_and_properties() {
  std::printf("[properties]\n");
  for (auto m : {cuda::memory_order_relaxed, cuda::memory_order_acquire, cuda::memory_order_release,
                 cuda::memory_order_acq_rel, cuda::memory_order_seq_cst}) {
    for (auto s : {cuda::thread_scope_thread, cuda::thread_scope_block, cuda::thread_scope_device,
                   cuda::thread_scope_system})
      cuda::atomic_thread_fence(m, s);
    cuda::std::atomic_thread_fence(m);
    cuda::std::atomic_signal_fence(m);
  }
  show("scope_system", static_cast<int>(cuda::thread_scope_system));
  show("scope_device", static_cast<int>(cuda::thread_scope_device));
  show("scope_block", static_cast<int>(cuda::thread_scope_block));
  show("scope_thread", static_cast<int>(cuda::thread_scope_thread));
  show("always_lock_free_int", cuda::atomic<int>::is_always_lock_free);
  show("always_lock_free_double", cuda::std::atomic<double>::is_always_lock_free);
  cuda::atomic<long long, cuda::thread_scope_device> ll{0};
  show("lock_free_long_long", ll.is_lock_free());
  show("ref_alignment_short", cuda::atomic_ref<short>::required_alignment);
  show("ref_alignment_double", cuda::atomic_ref<double, cuda::thread_scope_block>::required_alignment);
  cuda::std::atomic_int ai{3};
  cuda::std::atomic_size_t as{7};
  cuda::std::atomic_uint64_t au{1};
  show("atomic_int", ai.fetch_add(1) + ai.load());
  show("atomic_size_t", as.fetch_sub(2) * 100 + as.load());
  show("atomic_uint64_t", au.fetch_or(6) * 100 + au.load());
}

// Threads racing on the atomics; what they leave behind does not depend on the interleaving.
void races() {
  std::printf("[races]\n");
  constexpr int threads = 8, rounds = 20000;
  cuda::atomic<unsigned, cuda::thread_scope_device> count{0};
  cuda::atomic<long long, cuda::thread_scope_system> by_cas{0};
  cuda::std::atomic<double> sum{0.0};
  cuda::atomic<int, cuda::thread_scope_block> highest{INT_MIN};
  cuda::std::atomic<std::uint16_t> narrow{0};
  cuda::std::atomic_flag lock{false};
  long long guarded = 0;
  std::vector<unsigned> bins(16, 0);
  cuda::atomic<int> go{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      go.wait(0);  // every thread starts once the main thread stores 1
      for (int i = 0; i < rounds; ++i) {
        count.fetch_add(1, cuda::memory_order_relaxed);
        long long seen = by_cas.load(cuda::memory_order_relaxed);
        while (!by_cas.compare_exchange_weak(seen, seen + t + 1, cuda::memory_order_relaxed)) {
        }
        sum.fetch_add(0.5);  // exact in double for these counts
        highest.fetch_max(t * rounds + i);
        narrow.fetch_add(1);  // wraps at 65536
        cuda::atomic_ref<unsigned, cuda::thread_scope_device>(bins[(i * 7 + t) % 16]).fetch_add(1u);
        if (i % 64 == 0) {
          while (lock.test_and_set(cuda::memory_order_acquire)) {
          }
          ++guarded;
          lock.clear(cuda::memory_order_release);
        }
      }
    });
  go.store(1);
  go.notify_all();
  for (auto& t : pool) t.join();
  show("count", count.load());
  show("by_cas", by_cas.load());
  show("sum", sum.load());
  show("highest", highest.load());
  show("narrow", narrow.load());
  show("guarded", guarded);
  for (unsigned b : bins) show("bin", b);
}

}  // namespace

int main() {
  {
    cuda::atomic<int, cuda::thread_scope_device> a{0};
    integer_members("int device", a, INT_MIN, INT_MAX);
  }
  {
    cuda::std::atomic<unsigned long long> a{0};
    integer_members("unsigned long long", a, 0ull, ULLONG_MAX);
  }
  {
    cuda::atomic<std::int8_t, cuda::thread_scope_block> a{0};
    integer_members("int8 block", a, std::int8_t(INT8_MIN), std::int8_t(INT8_MAX));
  }
  {
    cuda::atomic<std::uint16_t, cuda::thread_scope_thread> a{0};
    integer_members("uint16 thread", a, std::uint16_t(0), std::uint16_t(UINT16_MAX));
  }
  {
    long long object = 0;
    cuda::atomic_ref<long long, cuda::thread_scope_device> r(object);
    integer_members("ref long long", r, LLONG_MIN, LLONG_MAX);
    show("object", object);
  }
  {
    short object = 0;
    cuda::std::atomic_ref<short> r(object);
    integer_members("std ref short", r, short(SHRT_MIN), short(SHRT_MAX));
  }
  min_max_members<int, cuda::thread_scope_device>("int", 5, -7, 12);
  min_max_members<unsigned, cuda::thread_scope_block>("unsigned", 5u, 1u, 0x80000000u);
  min_max_members<std::int16_t, cuda::thread_scope_system>("int16", 5, -300, 300);
  min_max_members<unsigned long long, cuda::thread_scope_device>("unsigned long long", 5ull, 2ull, ULLONG_MAX);
  min_max_members<float, cuda::thread_scope_device>("float", 0.5f, -2.25f, 3.0e38f);
  min_max_members<double, cuda::thread_scope_system>("double", -0.0, -1e-300, 1e300);
  {
    cuda::atomic<float, cuda::thread_scope_device> a{0.0f};
    float_members<decltype(a), float>("float device", a);
  }
  {
    cuda::std::atomic<double> a{0.0};
    float_members<decltype(a), double>("double", a);
  }
  {
    float object = 0.0f;
    cuda::atomic_ref<float, cuda::thread_scope_block> r(object);
    float_members<decltype(r), float>("ref float block", r);
  }
  pointer_members();
  struct_members();
  flag_and_bool();
  fences_and_properties();
  races();
  return 0;
}
