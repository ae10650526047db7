// Unit tests of the graph launcher's key, cache and decision logic on the CPU, through a fake
// backend that records what the real runtime would have been asked to do.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "dualgpu/graph.hpp"

#include <atomic>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

// A "graph" is the list of values the enqueue lambda wrote while capturing; replaying it
// appends them to the stream's output, like a kernel writing a result.
struct fake_backend {
  using stream_type = int*;  // a stream is a vector the work appends to
  using graph_type = int;
  using exec_type = int;
  using error_type = int;
  using event_type = int;
  static constexpr bool update_by_default = true;

  // nullptr plays the legacy default stream: work sent there lands in state::legacy, and
  // capture may not begin on it, as on CUDA and HIP.
  struct state {
    std::map<int, std::vector<int>> graphs, execs;
    int next = 1, launches = 0, instantiations = 0, updates = 0, destroyed_execs = 0;
    bool fail_begin = false, fail_end = false, fail_update = false, outer_capture = false;
    // The stream being captured: capture is per stream, as on CUDA and HIP, so another thread's eager
    // work on its own stream is not swallowed by it (atomic: read outside the launcher's lock).
    std::atomic<int*> capturing_on{nullptr};
    std::vector<int> recorded;
    int legacy = 0;
    std::vector<std::unique_ptr<int>> side_streams;
    int events_created = 0, events_destroyed = 0, streams_destroyed = 0;
    std::vector<std::string> log;  // begin_capture/launch/record/wait, with the stream they used
    std::vector<int*> launched_on;
  };
  std::shared_ptr<state> s = std::make_shared<state>();

  static bool ok(int e) { return e == 0; }
  static std::string describe(int e) { return "fake error " + std::to_string(e); }
  static void check(int e, const char* what) {
    if (e != 0) throw std::runtime_error(what);
  }
  void clear_error() {}
  static bool is_pseudo_stream(int* stream) { return stream == nullptr; }
  int current_device() { return 0; }
  bool is_capturing(int*) { return s->outer_capture; }
  int* create_side_stream() {
    s->side_streams.push_back(std::make_unique<int>(0));
    return s->side_streams.back().get();
  }
  int create_event() { return ++s->events_created; }
  std::string name(int* stream) const { return stream == nullptr ? "legacy" : "stream"; }
  int record_event(int e, int* stream) {
    s->log.push_back("record " + std::to_string(e) + " on " + name(stream));
    return 0;
  }
  int wait_event(int* stream, int e) {
    s->log.push_back(name(stream) + " waits " + std::to_string(e));
    return 0;
  }
  void destroy_stream(int*) { ++s->streams_destroyed; }
  void destroy_event(int) { ++s->events_destroyed; }
  int begin_capture(int* stream, dualgpu::capture_mode) {
    if (s->fail_begin) return 900;
    if (stream == nullptr) return 906;  // cudaErrorStreamCaptureUnsupported
    s->capturing_on = stream;
    s->recorded.clear();
    return 0;
  }
  int end_capture(int*, int* graph) {
    s->capturing_on = nullptr;
    if (s->fail_end) return 901;
    *graph = s->next++;
    s->graphs[*graph] = s->recorded;
    return 0;
  }
  std::size_t node_count(int graph) { return s->graphs[graph].size(); }
  int instantiate(int* exec, int graph) {
    *exec = s->next++;
    s->execs[*exec] = s->graphs[graph];
    ++s->instantiations;
    return 0;
  }
  bool try_update(int exec, int graph) {
    if (s->fail_update) return false;
    s->execs[exec] = s->graphs[graph];
    ++s->updates;
    return true;
  }
  int launch(int exec, int* stream) {
    ++s->launches;
    s->launched_on.push_back(stream);
    for (int v : s->execs.at(exec)) target(stream) += v;
    return 0;
  }
  int& target(int* stream) { return stream == nullptr ? s->legacy : stream[0]; }
  void destroy_graph(int graph) { s->graphs.erase(graph); }
  void destroy_exec(int exec) {
    s->execs.erase(exec);
    ++s->destroyed_execs;
  }
  // What a kernel launch does: recorded while capturing, executed otherwise.
  void kernel(int* stream, int value) {
    if (stream != nullptr && stream == s->capturing_on.load())
      s->recorded.push_back(value);
    else
      target(stream) += value;
  }
};

using launcher = dualgpu::basic_graph_launcher<fake_backend>;

dualgpu::graph_key key_of(int n, const void* p) {
  dualgpu::graph_key k;
  k.shape({n, 2}).param(1.5f).pointer(p);
  return k;
}

}  // namespace

TEST_CASE("graph_key: structure and addresses") {
  int a = 0, b = 0;
  CHECK(key_of(4, &a) == key_of(4, &a));
  CHECK(key_of(4, &a).hash() == key_of(4, &a).hash());
  CHECK(key_of(4, &a) != key_of(4, &b));
  CHECK(key_of(4, &a).same_structure(key_of(4, &b)));
  CHECK_FALSE(key_of(4, &a).same_structure(key_of(5, &a)));
  dualgpu::graph_key k1, k2;
  k1.shape({2, 3}).shape({4});
  k2.shape({2}).shape({3, 4});
  CHECK(k1 != k2);  // rank is part of a shape
  dualgpu::graph_key p1, p2;
  p1.param(std::int32_t{1});
  p2.param(std::int64_t{1});
  CHECK(p1 != p2);  // the width of a parameter is part of it
  CHECK(key_of(4, &a).structure_only() == key_of(4, &b).structure_only());
}

TEST_CASE("lru_cache: bounded, least recently used leaves first") {
  dualgpu::lru_cache<int, std::string> c(2);
  CHECK(c.insert(1, "one").empty());
  CHECK(c.insert(2, "two").empty());
  REQUIRE(c.find(1) != nullptr);  // 1 is now the most recent
  auto evicted = c.insert(3, "three");
  REQUIRE(evicted.size() == 1);
  CHECK(evicted[0] == "two");
  CHECK(c.find(2) == nullptr);
  CHECK(c.size() == 2);
  CHECK(*c.find_oldest_if([](int) { return true; }) == 1);
  CHECK(c.rekey(1, 4).empty());
  CHECK(c.find(1) == nullptr);
  CHECK(*c.find(4) == "one");
  CHECK(c.insert(4, "four").size() == 1);  // replacing hands the old value back
  CHECK(c.take_all().size() == 2);
  CHECK(c.size() == 0);
}

TEST_CASE("launcher: warm-up, capture, replay give the eager result") {
  launcher L;
  auto st = L.backend().s;
  int out = 0, buf = 0;
  auto work = [&](int* s) {
    L.backend().kernel(s, 1);
    L.backend().kernel(s, 10);
  };
  for (int i = 0; i < 5; ++i) L.launch(key_of(4, &buf), &out, work);
  CHECK(out == 55);  // each call adds 11, whichever way it ran
  const auto stats = L.stats();
  CHECK(stats.eager == 1);     // warm-up
  CHECK(stats.captures == 1);  // second call
  CHECK(stats.replays == 3);
  CHECK(st->instantiations == 1);
}

TEST_CASE("launcher: new pointers update in place, or re-capture when update is off or fails") {
  for (auto policy : {dualgpu::update_policy::automatic, dualgpu::update_policy::never}) {
    dualgpu::graph_options o;
    o.update = policy;
    launcher L(o);
    int out = 0, a = 0, b = 0;
    int value = 1;
    auto work = [&](int* s) { L.backend().kernel(s, value); };
    L.launch(key_of(4, &a), &out, work);  // warm-up
    L.launch(key_of(4, &a), &out, work);  // capture
    value = 100;                          // what "new pointers" mean: the work changed
    L.launch(key_of(4, &b), &out, work);
    CHECK(out == 102);
    L.launch(key_of(4, &b), &out, work);  // hit
    CHECK(out == 202);
    if (policy == dualgpu::update_policy::automatic) {
      CHECK(L.stats().updates == 1);
      CHECK(L.size() == 1);
    } else {
      CHECK(L.stats().updates == 0);
      CHECK(L.stats().captures == 2);
    }
  }
  launcher L;
  L.backend().s->fail_update = true;
  int out = 0, a = 0, b = 0;
  auto work = [&](int* s) { L.backend().kernel(s, 3); };
  L.launch(key_of(4, &a), &out, work);
  L.launch(key_of(4, &a), &out, work);
  L.launch(key_of(4, &b), &out, work);
  CHECK(out == 9);
  CHECK(L.stats().captures == 2);
}

TEST_CASE("launcher: a failed capture falls back to eager with one warning") {
  std::vector<std::string> warnings;
  dualgpu::graph_options o;
  o.warn = [&](const std::string& w) { warnings.push_back(w); };
  launcher L(o);
  int out = 0, a = 0;
  SUBCASE("invalidated capture (allocation, synchronisation)") {
    L.backend().s->fail_end = true;
    for (int i = 0; i < 4; ++i) L.launch(key_of(4, &a), &out, [&](int* s) { L.backend().kernel(s, 1); });
    CHECK(warnings.size() == 1);
    CHECK(warnings[0].find("invalidated") != std::string::npos);
  }
  SUBCASE("work that throws inside the capture") {
    for (int i = 0; i < 4; ++i)
      L.launch(key_of(4, &a), &out, [&](int* s) {
        if (L.backend().s->capturing_on.load() != nullptr) throw std::runtime_error("cudaMalloc: operation not permitted when stream is capturing");
        L.backend().kernel(s, 1);
      });
    CHECK(warnings.size() == 1);
    CHECK(warnings[0].find("not permitted") != std::string::npos);
  }
  SUBCASE("empty graph: kernels on another stream") {
    int other = 0;
    for (int i = 0; i < 4; ++i) L.launch(key_of(4, &a), &out, [&](int*) { other += 1; out += 1; });
    CHECK(warnings.size() == 1);
    CHECK(warnings[0].find("empty") != std::string::npos);
  }
  CHECK(out == 4);  // every call's work ran exactly once
  CHECK(L.stats().fallbacks == 1);
  CHECK(L.stats().replays == 0);
  CHECK(L.backend().s->capturing_on.load() == nullptr);
}

TEST_CASE("launcher: off switch and outer captures run eagerly") {
  dualgpu::graph_options o;
  o.enabled = false;
  launcher off(o);
  int out = 0, a = 0;
  for (int i = 0; i < 3; ++i) off.launch(key_of(4, &a), &out, [&](int* s) { off.backend().kernel(s, 1); });
  CHECK(out == 3);
  CHECK(off.stats().eager == 3);
  CHECK(off.backend().s->instantiations == 0);

  launcher nested;
  nested.backend().s->outer_capture = true;
  for (int i = 0; i < 3; ++i) nested.launch(key_of(4, &a), &out, [&](int* s) { nested.backend().kernel(s, 1); });
  CHECK(nested.backend().s->instantiations == 0);
  CHECK(out == 6);
}

TEST_CASE("launcher: eviction destroys graphs, never more than capacity") {
  dualgpu::graph_options o;
  o.capacity = 2;
  o.update = dualgpu::update_policy::never;
  auto st = std::make_shared<fake_backend::state>();
  {
    launcher L(o);
    st = L.backend().s;
    int out = 0;
    for (int n = 0; n < 5; ++n)
      for (int i = 0; i < 2; ++i) L.launch(key_of(n, nullptr), &out, [&](int* s) { L.backend().kernel(s, 1); });
    CHECK(out == 10);
    CHECK(L.size() == 2);
    CHECK(L.stats().evictions == 3);
  }
  CHECK(st->destroyed_execs == 5);  // the destructor freed the rest
  CHECK(st->execs.empty());
}

TEST_CASE("launcher: concurrent callers neither crash nor mix results") {
  launcher L;
  std::vector<int> outs(8, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i)
        L.launch(key_of(t % 3, nullptr), &outs[t], [&](int* s) { L.backend().kernel(s, 1); });
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) CHECK(outs[t] == 200);
}

TEST_CASE("graph_key: inline storage, overflow and precomputed hashes") {
  dualgpu::graph_key small, big1, big2;
  small.shape({1, 2, 3}).param(7).pointer(&small);
  for (int i = 0; i < 40; ++i) {  // past the inline room of both parts
    big1.param(i).pointer(reinterpret_cast<const void*>(static_cast<std::uintptr_t>(i * 64)));
    big2.param(i).pointer(reinterpret_cast<const void*>(static_cast<std::uintptr_t>(i * 64)));
  }
  CHECK(big1 == big2);
  CHECK(big1.hash() == big2.hash());
  const dualgpu::graph_key copy = big1;
  CHECK(copy == big1);
  big2.pointer(nullptr);
  CHECK(big1 != big2);
  CHECK(big1.same_structure(big2));
  CHECK(big1.structure_only().hash() == big2.structure_only().hash());
  CHECK(small != big1);
  dualgpu::graph_key a, b;  // same words, split differently between structure and addresses
  a.param(std::uint64_t{5});
  b.pointer(reinterpret_cast<const void*>(std::uintptr_t{5}));
  CHECK(a != b);
}

TEST_CASE("launcher: the legacy stream is captured on a side stream and replayed on itself") {
  launcher L;
  auto st = L.backend().s;
  int buf = 0;
  int* const legacy = nullptr;
  auto work = [&](int* s) {
    L.backend().kernel(s, 1);
    L.backend().kernel(s, 10);
  };
  for (int i = 0; i < 6; ++i) L.launch(key_of(4, &buf), legacy, work);
  const auto stats = L.stats();
  CHECK(stats.fallbacks == 0);
  CHECK(stats.captures == 1);
  CHECK(stats.replays == 4);
  REQUIRE(st->side_streams.size() == 1);  // created once, however many calls
  CHECK(st->events_created == 1);
  // The warm-up ran on the side stream, joined both ways; everything else ran on the caller's
  // stream, so every call's work is there or on the side stream exactly once.
  CHECK(*st->side_streams[0] == 11);
  CHECK(st->legacy == 55);
  const std::vector<std::string> joins = {"record 1 on legacy", "stream waits 1", "record 1 on stream",
                                          "legacy waits 1"};
  CHECK(st->log == joins);  // only the warm-up joins: hits make no extra runtime call
  for (int* s : st->launched_on) CHECK(s == legacy);

  // A second structure reuses the same side stream and event.
  for (int i = 0; i < 3; ++i) L.launch(key_of(8, &buf), legacy, work);
  CHECK(st->side_streams.size() == 1);
  CHECK(st->events_created == 1);
  CHECK(L.stats().fallbacks == 0);
}

TEST_CASE("launcher: legacy-stream graphs are per thread; side streams are freed") {
  auto st = std::make_shared<fake_backend::state>();
  {
    launcher L;
    st = L.backend().s;
    int buf = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t)
      threads.emplace_back([&] {
        for (int i = 0; i < 3; ++i) L.launch(key_of(4, &buf), nullptr, [&](int* s) { L.backend().kernel(s, 1); });
      });
    for (auto& th : threads) th.join();
    CHECK(L.stats().captures == 2);  // one graph per thread: never two streams on one graph
    CHECK(L.stats().fallbacks == 0);
    CHECK(st->legacy + *st->side_streams[0] == 6);
  }
  CHECK(st->streams_destroyed == 1);
  CHECK(st->events_destroyed == 1);
}

TEST_CASE("launcher: without the side stream the legacy stream would fall back") {
  // The fake refuses capture on the legacy stream as CUDA does: routing is what avoids it.
  fake_backend b;
  CHECK(b.begin_capture(nullptr, dualgpu::capture_mode::thread_local_mode) != 0);
}
