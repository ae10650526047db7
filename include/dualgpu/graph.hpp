// dualgpu/graph.hpp: a reusable CUDA-graph / hipGraph launcher.
//
//   dualgpu::graph_launcher launcher;                 // or graph_launcher(graph_options{...})
//   dualgpu::graph_key key;
//   key.shape(x.sizes()).param(eps).pointer(x).pointer(w).pointer(y);  // what makes calls the same
//   launcher.launch(key, stream, [&](dualgpu::stream_t s) {
//     kernel_a<<<grid, block, 0, s>>>(x, w, y, n);    // launch ONLY on s
//     DUALGPU_CHECK_LAUNCH();
//   });
//   std::cout << launcher.stats().to_string();        // captures, replays, updates, fallbacks
//
// What launch() does, per (device, stream, key):
//   1st call of a structure: runs the lambda eagerly (warm-up: lazy library init, autotuning,
//        module loading must not happen inside a capture).
//   next call: captures the lambda on `stream` (thread-local capture mode by default),
//        instantiates, launches. When only the key's pointers differ from a cached graph of the
//        same structure, the cached graph is updated in place instead (default on CUDA;
//        re-capture + new instantiation on HIP, whose update paths have had bugs).
//   hit: replays the instantiated graph (one cudaGraphLaunch).
//   A capture that fails for any reason (an allocation, a synchronisation, an unsupported call,
//        a lambda that throws, an empty graph because kernels went to another stream) is
//        discarded, the lambda runs eagerly so the result is right (once: an empty capture,
//        whose work all went to other streams and ran, is not repeated), that structure stays eager
//        from then on, and one warning says why.
//   Already inside someone else's capture (torch.cuda.graph): runs the lambda, which records
//        into the outer graph.
//   The legacy default stream (NULL, torch's default current stream) cannot be captured, and
//        the per-thread default stream is a different stream on each thread: for these the
//        warm-up and the capture run on the launcher's own non-blocking side stream of the
//        device (created once; the warm-up is joined to the caller's stream with an event both
//        ways), and replays are launched on the caller's stream itself, which is allowed, so a
//        hit costs the same as on any stream. Their graphs are cached per calling thread.
// Rules for the lambda: no allocation (pass workspace in, and put its pointer in the key), no
// synchronisation, every kernel on the given stream, every pointer and value that can change
// in the key (work split between the given stream and others cannot be detected: it would be
// partly captured). Outputs allocated by torch before launch() are fine: their pointers are in the key.
//
// Thread safety: one mutex guards the cache and is held while capturing and launching, so one
// launch of a given instantiated graph is in flight per stream, and graphs are never shared
// between streams (the stream, and for pseudo-handles the thread, is part of the cache key).
// A cache hit allocates nothing and makes two cheap runtime queries (current device, capture
// status of the stream) besides the graph launch. The lambda must not call launch() on
// the same launcher. Evicted graphs are destroyed at the next launch() or by the destructor,
// never inside a capture of ours and never with a device synchronisation (ROCm/TheRock #2118).
//
// DUALGPU_GRAPHS=0 in the environment (read at construction) makes every launch eager.
// basic_graph_launcher<Backend> is the same logic over any backend; graph_cache.hpp holds the
// key and the LRU cache. Both are unit-tested on the CPU with a fake backend.
#pragma once

#include "dualgpu/graph_cache.hpp"
#include "dualgpu/runtime.hpp"

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#endif  // !DUALGPU_PLATFORM_CPU

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace dualgpu {

enum class capture_mode { thread_local_mode, global, relaxed };
enum class update_policy { automatic, always, never };

struct graph_options {
  std::size_t capacity = 64;                        ///< instantiated graphs kept per launcher
  capture_mode mode = capture_mode::thread_local_mode;
  update_policy update = update_policy::automatic;  ///< automatic: update on CUDA, re-capture on HIP
  bool enabled = true;                              ///< also needs DUALGPU_GRAPHS != 0
  std::function<void(const std::string&)> warn;     ///< default: one line on stderr
};

struct graph_stats {
  std::uint64_t captures = 0;   ///< graphs captured and instantiated
  std::uint64_t replays = 0;    ///< cache hits launched as one graph
  std::uint64_t updates = 0;    ///< cached graphs updated in place for new pointers
  std::uint64_t fallbacks = 0;  ///< captures that failed and ran eagerly instead
  std::uint64_t eager = 0;      ///< eager runs: warm-ups, graphs off, fallen-back structures, nested captures
  std::uint64_t evictions = 0;  ///< graphs dropped by the LRU bound
  std::string last_fallback_reason;

  std::string to_string() const {
    return "captures=" + std::to_string(captures) + " replays=" + std::to_string(replays) +
           " updates=" + std::to_string(updates) + " fallbacks=" + std::to_string(fallbacks) +
           " eager=" + std::to_string(eager) + " evictions=" + std::to_string(evictions) +
           (last_fallback_reason.empty() ? "" : " last_fallback=\"" + last_fallback_reason + "\"");
  }
};

/// True unless DUALGPU_GRAPHS is 0, off, false or no.
inline bool graphs_enabled_by_environment() {
  const char* v = std::getenv("DUALGPU_GRAPHS");
  if (v == nullptr) return true;
  const std::string s(v);
  return !(s == "0" || s == "off" || s == "OFF" || s == "false" || s == "FALSE" || s == "no");
}

/// The launcher's logic over a Backend (see runtime_graph_backend below for the interface).
template <typename Backend>
class basic_graph_launcher {
 public:
  using stream_type = typename Backend::stream_type;
  using graph_type = typename Backend::graph_type;
  using exec_type = typename Backend::exec_type;

  explicit basic_graph_launcher(graph_options options = {}, Backend backend = Backend{})
      : backend_(std::move(backend)), options_(std::move(options)), cache_(options_.capacity) {
    enabled_ = options_.enabled && graphs_enabled_by_environment();
    update_ = options_.update == update_policy::always ||
              (options_.update == update_policy::automatic && Backend::update_by_default);
  }
  basic_graph_launcher(const basic_graph_launcher&) = delete;
  basic_graph_launcher& operator=(const basic_graph_launcher&) = delete;

  ~basic_graph_launcher() {
    std::lock_guard<std::mutex> lock(mutex_);
    retire(cache_.take_all());
    destroy_retired();
    for (auto& side : sides_) {
      if (!side.created) continue;
      backend_.destroy_event(side.event);
      backend_.destroy_stream(side.stream);
    }
  }

  /// Runs enqueue(stream) as a graph when it can, eagerly when it must. See the file comment.
  template <typename Enqueue>
  void launch(const graph_key& key, stream_type stream, Enqueue&& enqueue) {
    if (!enabled_) {
      count_eager();
      enqueue(stream);
      return;
    }
    // Inside someone else's capture (torch.cuda.graph): record into it. Asked before taking the
    // lock: it concerns the caller's stream only, and the lock is then held for less time.
    if (backend_.is_capturing(stream)) {
      count_eager();
      enqueue(stream);
      return;
    }
    // Everything the hit path needs, built without allocating: the key is inline and hashed.
    const cache_key ck{backend_.current_device(), stream_word(stream), key};
    std::unique_lock<std::mutex> lock(mutex_);
    if (!retired_.empty()) destroy_retired();  // a safe point: no capture of ours is open
    if (entry* hit = cache_.find(ck)) {
      // Always on the caller's stream, the legacy one included: launching a graph there is
      // allowed (only capturing is not), so the hit path has no extra runtime call.
      backend_.check(backend_.launch(hit->exec, stream), "graph launch");
      ++stats_.replays;
      return;
    }
    const cache_key structure{ck.device, ck.stream, key.structure_only()};
    if (eager_only_.count(structure) != 0) {
      ++stats_.eager;
      lock.unlock();
      enqueue(stream);
      return;
    }
    // Pseudo-handles (legacy NULL stream, per-thread default stream) cannot be captured, or
    // name a different stream on each thread: warm up and capture on our side stream instead.
    const bool routed = Backend::is_pseudo_stream(stream);
    const stream_type work = routed ? side_stream(ck.device) : stream;
    if (warmed_.count(structure) == 0) {
      if (warmed_.size() > 16 * cache_.capacity()) warmed_.clear();  // bound memory for many shapes
      warmed_.insert(structure);
      ++stats_.eager;
      if (!routed) {
        lock.unlock();
        enqueue(stream);
        return;
      }
      // Warm up on the stream we will capture on (per-stream library state such as cuBLAS
      // workspaces), ordered after and before the caller's work. The lock stays held: the
      // side stream's events are shared.
      join(stream, work, ck.device);
      enqueue(work);
      join(work, stream, ck.device);
      return;
    }

    graph_type graph{};
    std::string why;
    bool already_ran = false;
    // Capture executes nothing, so it needs no ordering with the caller's stream; the graph
    // is then launched on the caller's stream itself.
    if (!capture(work, enqueue, &graph, &why, &already_ran)) {
      fall_back(structure, why);
      lock.unlock();
      if (!already_ran) enqueue(stream);  // the captured work never ran: run it now
      return;
    }
    if (update_ && update_in_place(ck, graph, stream)) return;

    exec_type exec{};
    const auto err = backend_.instantiate(&exec, graph);
    backend_.destroy_graph(graph);  // the instantiated graph no longer needs it
    if (!backend_.ok(err)) {
      backend_.clear_error();
      fall_back(structure, "instantiation failed: " + backend_.describe(err));
      lock.unlock();
      enqueue(stream);
      return;
    }
    ++stats_.captures;
    const auto evicted = cache_.insert(ck, entry{exec});
    stats_.evictions += evicted.size();
    retire(evicted);
    backend_.check(backend_.launch(exec, stream), "graph launch");
  }

  graph_stats stats() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return stats_;
  }
  bool enabled() const { return enabled_; }
  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return cache_.size();
  }
  /// Drops every cached graph (destroyed at the next launch or by the destructor).
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    retire(cache_.take_all());
  }
  Backend& backend() { return backend_; }

 private:
  using event_type = typename Backend::event_type;
  struct entry {
    exec_type exec;
  };
  struct side_channel {
    stream_type stream{};
    event_type event{};
    bool created = false;
  };
  struct cache_key {
    int device;
    std::uintptr_t stream;
    graph_key key;
    bool operator==(const cache_key& o) const { return device == o.device && stream == o.stream && key == o.key; }
  };
  struct cache_key_hash {
    std::size_t operator()(const cache_key& k) const {
      // key.hash() is precomputed; the mixing constant spreads stream addresses (aligned, so
      // their low bits are zero) over the buckets.
      return k.key.hash() ^ static_cast<std::size_t>((k.stream ^ static_cast<std::uint64_t>(k.device)) *
                                                     0x9e3779b97f4a7c15ull);
    }
  };

  template <typename S>
  static std::uintptr_t to_word(S s) {
    std::uintptr_t w = 0;
    static_assert(sizeof(S) <= sizeof(w), "stream handle wider than a pointer");
    std::memcpy(&w, &s, sizeof(S));
    return w;
  }
  // The cache's name for a stream. A pseudo-handle (NULL, per-thread) may stand for a different
  // stream on each thread, so it is qualified by the calling thread: a graph then never runs on
  // two streams at once. (The address of a thread_local is a free, unique thread id.)
  static std::uintptr_t stream_word(stream_type s) {
    if (!Backend::is_pseudo_stream(s)) return to_word(s);
    static thread_local char this_thread;
    return to_word(s) ^ (reinterpret_cast<std::uintptr_t>(&this_thread) << 2);
  }

  // The per-device side stream for pseudo-handles, with the event that orders it against the
  // caller: created once, on the first miss that needs it (never inside a capture: callers that
  // are capturing never get here), destroyed by the destructor. Mutex held.
  stream_type side_stream(int device) {
    if (device < 0) device = 0;
    if (static_cast<std::size_t>(device) >= sides_.size()) sides_.resize(static_cast<std::size_t>(device) + 1);
    side_channel& side = sides_[static_cast<std::size_t>(device)];
    if (!side.created) {
      side.stream = backend_.create_side_stream();
      try {
        side.event = backend_.create_event();
      } catch (...) {
        backend_.destroy_stream(side.stream);
        throw;
      }
      side.created = true;
    }
    return side.stream;
  }
  // `to` waits, on the device, for the work enqueued on `from` so far. Mutex held: the event is
  // recorded and waited on before anyone else can record it again.
  void join(stream_type from, stream_type to, int device) {
    const auto event = sides_[static_cast<std::size_t>(device < 0 ? 0 : device)].event;
    backend_.check(backend_.record_event(event, from), "event record");
    backend_.check(backend_.wait_event(to, event), "stream wait event");
  }

  template <typename Enqueue>
  bool capture(stream_type stream, Enqueue& enqueue, graph_type* graph, std::string* why, bool* already_ran) {
    const auto begin = backend_.begin_capture(stream, options_.mode);
    if (!backend_.ok(begin)) {
      backend_.clear_error();
      *why = "could not begin capture: " + backend_.describe(begin);
      return false;
    }
    std::string thrown;
    try {
      enqueue(stream);
    } catch (const std::exception& e) {  // e.g. DUALGPU_CHECK on a call that capture forbids
      thrown = e.what();
    } catch (...) {
      thrown = "unknown exception";
    }
    const auto end = backend_.end_capture(stream, graph);  // always end: the stream stays usable
    if (!thrown.empty() || !backend_.ok(end)) {
      backend_.clear_error();  // errors of the failed capture must not reach the caller's next check
      if (backend_.ok(end)) backend_.destroy_graph(*graph);
      *why = !thrown.empty() ? "the work threw during capture: " + thrown
                             : "capture was invalidated: " + backend_.describe(end);
      return false;
    }
    if (backend_.node_count(*graph) == 0) {
      // Nothing was recorded, so everything went to other streams and has run for real:
      // running it again would apply it twice.
      *already_ran = true;
      backend_.destroy_graph(*graph);
      *why = "the captured graph is empty: kernels were not launched on the stream given to launch()";
      return false;
    }
    return true;
  }

  // Updates the least recently used graph of the same structure, device and stream to the new
  // pointers. On failure nothing is lost: the caller instantiates.
  bool update_in_place(const cache_key& ck, graph_type graph, stream_type stream) {
    const cache_key* old = cache_.find_oldest_if([&](const cache_key& k) {
      return k.device == ck.device && k.stream == ck.stream && k.key.same_structure(ck.key);
    });
    if (old == nullptr) return false;
    const cache_key old_key = *old;
    entry* e = cache_.find(old_key);
    if (!backend_.try_update(e->exec, graph)) {
      backend_.clear_error();
      return false;
    }
    backend_.destroy_graph(graph);
    const exec_type exec = e->exec;
    retire(cache_.rekey(old_key, ck));
    ++stats_.updates;
    backend_.check(backend_.launch(exec, stream), "graph launch");
    return true;
  }

  void fall_back(const cache_key& structure, const std::string& why) {
    eager_only_.insert(structure);
    ++stats_.fallbacks;
    ++stats_.eager;
    stats_.last_fallback_reason = why;
    if (warned_) return;
    warned_ = true;
    const std::string msg = "[dualgpu] graph capture failed, running these launches eagerly: " + why +
                            ". Pass workspace in instead of allocating, do not synchronise inside the "
                            "launched work, or set DUALGPU_GRAPHS=0 to silence this.";
    if (options_.warn)
      options_.warn(msg);
    else
      std::fprintf(stderr, "%s\n", msg.c_str());
  }

  void count_eager() {  // only on eager paths, where a lock is noise next to the work
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.eager;
  }

  void retire(std::vector<entry> entries) {
    for (auto& e : entries) retired_.push_back(e.exec);
  }
  void destroy_retired() {
    for (auto& exec : retired_) backend_.destroy_exec(exec);
    retired_.clear();
  }

  Backend backend_;
  graph_options options_;
  bool enabled_ = true;
  bool update_ = false;
  bool warned_ = false;
  mutable std::mutex mutex_;
  lru_cache<cache_key, entry, cache_key_hash> cache_;
  std::unordered_set<cache_key, cache_key_hash> warmed_;
  std::unordered_set<cache_key, cache_key_hash> eager_only_;
  std::vector<exec_type> retired_;
  std::vector<side_channel> sides_;  // by device index
  graph_stats stats_;
};

#if !defined(DUALGPU_PLATFORM_CPU)
/// The CUDA / HIP runtime as a backend of basic_graph_launcher.
struct runtime_graph_backend {
  using stream_type = stream_t;
  using graph_type = graph_t;
  using exec_type = graph_exec_t;
  using error_type = error_t;
  using event_type = event_t;
#if defined(DUALGPU_PLATFORM_HIP)
  static constexpr bool update_by_default = false;  // ROCm/clr #42, #138
#else
  static constexpr bool update_by_default = true;
#endif  // DUALGPU_PLATFORM_HIP

  static bool ok(error_t e) { return e == error_success; }
  static std::string describe(error_t e) {
    std::string s = std::string(DUALGPU_RT(GetErrorName)(e)) + " (" + DUALGPU_RT(GetErrorString)(e) + ")";
    const std::string hint = error_hint(e);
    return hint.empty() ? s : s + "; " + hint;
  }
  static void check(error_t e, const char* what) {
    if (!ok(e)) detail::throw_error(e, what, __FILE__, __LINE__, DUALGPU_DETAIL_ARCHS);
  }
  static void clear_error() { (void)DUALGPU_RT(GetLastError)(); }

  // Handles that are not a stream of their own: the legacy default stream (NULL, or
  // cudaStreamLegacy), on which capture may not begin (CUDA and HIP answer
  // ErrorStreamCaptureUnsupported), and the per-thread default stream, a different stream on
  // each thread. torch's default current stream is the legacy one.
  static bool is_pseudo_stream(stream_t stream) {
    return stream == nullptr
#if defined(DUALGPU_PLATFORM_HIP)
#if defined(hipStreamLegacy)
           || stream == hipStreamLegacy
#endif  // hipStreamLegacy (HIP 6+)
           || stream == hipStreamPerThread;
#else
           || stream == cudaStreamLegacy || stream == cudaStreamPerThread;
#endif  // DUALGPU_PLATFORM_HIP
  }

  int current_device() {  // a thread-local read in the runtime: cheap enough for every call
    int device = 0;
    DUALGPU_CHECK(DUALGPU_RT(GetDevice)(&device));
    return device;
  }
  bool is_capturing(stream_t stream) {
    DUALGPU_RT(StreamCaptureStatus) status{};
    const error_t e = DUALGPU_RT(StreamIsCapturing)(stream, &status);
    if (e == DUALGPU_RT(ErrorStreamCaptureImplicit)) {
      // Asked about the legacy stream while a blocking stream captures: the legacy stream is
      // unusable until that capture ends. Treat it as captured: the work runs as the caller
      // wrote it and the runtime reports the caller's error, not one of ours.
      clear_error();
      return true;
    }
    DUALGPU_CHECK(e);
    return status != DUALGPU_RT(StreamCaptureStatusNone);
  }
  stream_t create_side_stream() {
    // Non-blocking: no implicit synchronisation with the legacy stream, so capturing on it does
    // not invalidate, or get invalidated by, other threads' legacy-stream work.
    stream_t s = nullptr;
    DUALGPU_CHECK(DUALGPU_RT(StreamCreateWithFlags)(&s, DUALGPU_RT(StreamNonBlocking)));
    return s;
  }
  event_t create_event() {
    event_t e = nullptr;
    DUALGPU_CHECK(DUALGPU_RT(EventCreateWithFlags)(&e, DUALGPU_RT(EventDisableTiming)));  // ordering only
    return e;
  }
  error_t record_event(event_t e, stream_t s) { return DUALGPU_RT(EventRecord)(e, s); }
  error_t wait_event(stream_t s, event_t e) { return DUALGPU_RT(StreamWaitEvent)(s, e, 0); }
  void destroy_stream(stream_t s) { DUALGPU_CHECK_WARN(DUALGPU_RT(StreamDestroy)(s)); }
  void destroy_event(event_t e) { DUALGPU_CHECK_WARN(DUALGPU_RT(EventDestroy)(e)); }
  error_t begin_capture(stream_t stream, capture_mode mode) {
    const auto m = mode == capture_mode::global   ? DUALGPU_RT(StreamCaptureModeGlobal)
                   : mode == capture_mode::relaxed ? DUALGPU_RT(StreamCaptureModeRelaxed)
                                                   : DUALGPU_RT(StreamCaptureModeThreadLocal);
    return DUALGPU_RT(StreamBeginCapture)(stream, m);
  }
  error_t end_capture(stream_t stream, graph_t* graph) { return DUALGPU_RT(StreamEndCapture)(stream, graph); }
  std::size_t node_count(graph_t graph) {
    std::size_t n = 0;
    DUALGPU_CHECK(DUALGPU_RT(GraphGetNodes)(graph, nullptr, &n));
    return n;
  }
  error_t instantiate(graph_exec_t* exec, graph_t graph) {
    return DUALGPU_RT(GraphInstantiateWithFlags)(exec, graph, 0);
  }
  bool try_update(graph_exec_t exec, graph_t graph) {
#if defined(DUALGPU_PLATFORM_CUDA) && CUDART_VERSION >= 12000
    cudaGraphExecUpdateResultInfo info{};
    const cudaError_t e = cudaGraphExecUpdate(exec, graph, &info);
    return e == cudaSuccess && info.result == cudaGraphExecUpdateSuccess;
#else
    // CUDA 11 and every HIP so far: (exec, graph, error node, result).
    DUALGPU_RT(GraphNode_t) error_node{};
    DUALGPU_RT(GraphExecUpdateResult) result{};
    const error_t e = DUALGPU_RT(GraphExecUpdate)(exec, graph, &error_node, &result);
    return e == error_success && result == DUALGPU_RT(GraphExecUpdateSuccess);
#endif  // CUDA 12 signature
  }
  error_t launch(graph_exec_t exec, stream_t stream) { return DUALGPU_RT(GraphLaunch)(exec, stream); }
  void destroy_graph(graph_t graph) { DUALGPU_CHECK_WARN(DUALGPU_RT(GraphDestroy)(graph)); }
  void destroy_exec(graph_exec_t exec) { DUALGPU_CHECK_WARN(DUALGPU_RT(GraphExecDestroy)(exec)); }
};

using graph_launcher = basic_graph_launcher<runtime_graph_backend>;
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace dualgpu
