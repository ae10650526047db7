// GPU tests of dualgpu::graph_launcher: results, memory, threads, fallbacks. Exits 77 when no
// GPU is visible. Prints one line per check and the launcher's counters.
#include <cuda_runtime.h>

#include "gpu_test.hpp"

#include "dualgpu/check.hpp"
#include "dualgpu/graph.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {


// Non-trivial float arithmetic, so "bit-identical" means something.
__global__ void step(const float* in, float* out, int n, float a, float b) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * a + b / (1.0f + in[i] * in[i]);
}

// A chain of kernels ping-ponging between x and tmp; the result ends in y.
void chain(const float* x, float* tmp, float* y, int n, int steps, cudaStream_t s) {
  const int block = 256, grid = (n + block - 1) / block;
  step<<<grid, block, 0, s>>>(x, tmp, n, 1.01f, 0.5f);
  DUALGPU_CHECK_LAUNCH();
  for (int k = 1; k < steps; ++k) {
    step<<<grid, block, 0, s>>>(tmp, tmp, n, 0.99f + 0.001f * k, 0.25f);
    DUALGPU_CHECK_LAUNCH();
  }
  step<<<grid, block, 0, s>>>(tmp, y, n, 1.0f, 0.0f);
  DUALGPU_CHECK_LAUNCH();
}

dualgpu::graph_key key_for(const float* x, float* tmp, float* y, int n, int steps) {
  dualgpu::graph_key k;
  k.param(n).param(steps).pointer(x).pointer(tmp).pointer(y);
  return k;
}

struct buffers {
  int n;
  float *x = nullptr, *tmp = nullptr, *y = nullptr;
  explicit buffers(int n_, float seed) : n(n_) {
    DUALGPU_CHECK(cudaMalloc(&x, n * sizeof(float)));
    DUALGPU_CHECK(cudaMalloc(&tmp, n * sizeof(float)));
    DUALGPU_CHECK(cudaMalloc(&y, n * sizeof(float)));
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = seed + 0.001f * static_cast<float>(i % 977);
    DUALGPU_CHECK(cudaMemcpy(x, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  }
  ~buffers() {
    DUALGPU_CHECK_WARN(cudaFree(x));
    DUALGPU_CHECK_WARN(cudaFree(tmp));
    DUALGPU_CHECK_WARN(cudaFree(y));
  }
  std::vector<float> result(cudaStream_t s) const {
    std::vector<float> h(n);
    DUALGPU_CHECK(cudaMemcpyAsync(h.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost, s));
    DUALGPU_CHECK(cudaStreamSynchronize(s));
    return h;
  }
  void clear_y(cudaStream_t s) const { DUALGPU_CHECK(cudaMemsetAsync(y, 0, n * sizeof(float), s)); }
};

std::vector<float> eager_result(buffers& b, int steps, cudaStream_t s) {
  b.clear_y(s);
  chain(b.x, b.tmp, b.y, b.n, steps, s);
  return b.result(s);
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

void launch_chain(dualgpu::graph_launcher& L, buffers& b, int steps, cudaStream_t s) {
  L.launch(key_for(b.x, b.tmp, b.y, b.n, steps), s,
           [&](cudaStream_t st) { chain(b.x, b.tmp, b.y, b.n, steps, st); });
}

void test_replay_bit_identical(cudaStream_t s) {
  dualgpu::graph_launcher L;
  buffers b(100000, 1.0f);
  const auto expected = eager_result(b, 20, s);
  for (int i = 0; i < 5; ++i) {
    b.clear_y(s);
    launch_chain(L, b, 20, s);
    EXPECT(same_bits(b.result(s), expected), "call %d differs from eager", i);
  }
  const auto st = L.stats();
  EXPECT(st.captures == 1 && st.replays == 3, "%s", st.to_string().c_str());
  std::printf("replay bit-identical to eager: %s\n", st.to_string().c_str());
}

void test_pointers_and_shapes_change(cudaStream_t s, dualgpu::update_policy policy, const char* name) {
  dualgpu::graph_options o;
  o.update = policy;
  dualgpu::graph_launcher L(o);
  buffers a(4096, 1.0f), b(4096, 2.0f), c(1000, 3.0f);
  const auto ea = eager_result(a, 8, s), eb = eager_result(b, 8, s), ec = eager_result(c, 8, s);
  buffers* order[] = {&a, &a, &b, &a, &c, &b, &c, &a, &b, &b, &c, &a};
  const std::vector<float>* expect[] = {&ea, &ea, &eb, &ea, &ec, &eb, &ec, &ea, &eb, &eb, &ec, &ea};
  for (int i = 0; i < 12; ++i) {
    order[i]->clear_y(s);
    launch_chain(L, *order[i], 8, s);
    EXPECT(same_bits(order[i]->result(s), *expect[i]), "%s: call %d has a stale or wrong result", name, i);
  }
  std::printf("pointers and shapes change (%s): %s\n", name, L.stats().to_string().c_str());
}

void test_memory_stable(cudaStream_t s) {
  dualgpu::graph_launcher L;
  buffers b(4096, 1.0f);
  for (int i = 0; i < 3; ++i) launch_chain(L, b, 10, s);  // warm-up, capture, first replay
  DUALGPU_CHECK(cudaStreamSynchronize(s));
  std::size_t free_before = 0, free_after = 0, total = 0;
  DUALGPU_CHECK(cudaMemGetInfo(&free_before, &total));
  for (int i = 0; i < 10000; ++i) launch_chain(L, b, 10, s);
  DUALGPU_CHECK(cudaStreamSynchronize(s));
  DUALGPU_CHECK(cudaMemGetInfo(&free_after, &total));
  EXPECT(free_after == free_before, "device memory moved by %lld bytes over 10000 replays",
         static_cast<long long>(free_before) - static_cast<long long>(free_after));
  EXPECT(L.stats().replays == 10001, "%s", L.stats().to_string().c_str());
  std::printf("10000 replays: free memory %zu -> %zu bytes\n", free_before, free_after);
}

void test_threads() {
  dualgpu::graph_launcher L;
  constexpr int threads = 8, calls = 300;
  std::vector<int> bad(threads, 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      cudaStream_t s;
      DUALGPU_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
      {
        buffers b(2048 + 256 * (t % 3), 1.0f + t);
        const auto expected = eager_result(b, 6, s);
        for (int i = 0; i < calls; ++i) {
          b.clear_y(s);
          launch_chain(L, b, 6, s);
          if (i % 50 == 0 || i == calls - 1)
            if (!same_bits(b.result(s), expected)) ++bad[t];
        }
        DUALGPU_CHECK(cudaStreamSynchronize(s));
      }
      DUALGPU_CHECK(cudaStreamDestroy(s));
    });
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t) EXPECT(bad[t] == 0, "thread %d saw %d wrong results", t, bad[t]);
  std::printf("8 threads through one launcher: %s\n", L.stats().to_string().c_str());
}

void test_fallbacks(cudaStream_t s) {
  for (const char* what : {"synchronise", "allocate"}) {
    std::vector<std::string> warnings;
    dualgpu::graph_options o;
    o.warn = [&](const std::string& w) { warnings.push_back(w); };
    dualgpu::graph_launcher L(o);
    buffers b(4096, 1.0f);
    const auto expected = eager_result(b, 5, s);
    for (int i = 0; i < 4; ++i) {
      b.clear_y(s);
      L.launch(key_for(b.x, b.tmp, b.y, b.n, 5), s, [&](cudaStream_t st) {
        chain(b.x, b.tmp, b.y, b.n, 5, st);
        if (std::strcmp(what, "synchronise") == 0) {
          DUALGPU_CHECK(cudaStreamSynchronize(st));
        } else {
          void* p = nullptr;
          DUALGPU_CHECK(cudaMalloc(&p, 1 << 20));
          DUALGPU_CHECK(cudaFree(p));
        }
      });
      EXPECT(same_bits(b.result(s), expected), "%s: call %d wrong after fallback", what, i);
    }
    EXPECT(cudaGetLastError() == cudaSuccess, "%s: an error leaked out of the failed capture", what);
    EXPECT(warnings.size() == 1, "%s: %zu warnings", what, warnings.size());
    EXPECT(L.stats().fallbacks == 1 && L.stats().replays == 0, "%s", L.stats().to_string().c_str());
    std::printf("capture that tries to %s: %s\n  warning: %s\n", what, L.stats().to_string().c_str(),
                warnings.empty() ? "(none)" : warnings[0].c_str());
  }
}

// torch's default current stream is the legacy NULL stream, on which capture cannot begin: the
// launcher captures on its own side stream and replays on stream 0, ordered with the caller's
// other stream-0 work (the memset before, the copy after), with no fallback.
void test_legacy_stream() {
  for (cudaStream_t legacy : {static_cast<cudaStream_t>(nullptr), cudaStreamLegacy}) {
    std::vector<std::string> warnings;
    dualgpu::graph_options o;
    o.warn = [&](const std::string& w) { warnings.push_back(w); };
    dualgpu::graph_launcher L(o);
    buffers a(100000, 1.0f), b(100000, 2.0f);
    const auto ea = eager_result(a, 12, legacy), eb = eager_result(b, 12, legacy);
    buffers* order[] = {&a, &a, &a, &b, &a, &b, &b, &a};
    for (int i = 0; i < 8; ++i) {
      order[i]->clear_y(legacy);  // stream-0 work the graph must follow
      launch_chain(L, *order[i], 12, legacy);
      EXPECT(same_bits(order[i]->result(legacy), order[i] == &a ? ea : eb), "legacy stream %p: call %d wrong",
             static_cast<void*>(legacy), i);
    }
    EXPECT(cudaGetLastError() == cudaSuccess, "an error leaked from the legacy-stream path");
    const auto st = L.stats();
    EXPECT(st.fallbacks == 0 && warnings.empty(), "legacy stream %p fell back: %s", static_cast<void*>(legacy),
           st.to_string().c_str());
    // Call 0 warms up, 1 captures; the other six replay, in place after an update where the
    // buffers changed since the previous call.
    EXPECT(st.captures >= 1 && st.replays + st.updates >= 6, "%s", st.to_string().c_str());
    std::printf("legacy stream %p: %s\n", static_cast<void*>(legacy), st.to_string().c_str());
  }
  // Several threads on the legacy stream through one launcher: graphs are per thread.
  dualgpu::graph_launcher L;
  constexpr int threads = 4;
  std::vector<int> bad(threads, 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      buffers b(4096 + 512 * t, 1.0f + t);
      const auto expected = eager_result(b, 6, nullptr);
      for (int i = 0; i < 100; ++i) {
        b.clear_y(nullptr);
        launch_chain(L, b, 6, nullptr);
        if (i % 25 == 0 || i == 99)
          if (!same_bits(b.result(nullptr), expected)) ++bad[t];
      }
    });
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t) EXPECT(bad[t] == 0, "legacy stream, thread %d saw %d wrong results", t, bad[t]);
  EXPECT(L.stats().fallbacks == 0, "%s", L.stats().to_string().c_str());
  std::printf("4 threads on the legacy stream: %s\n", L.stats().to_string().c_str());
}

void test_off_switch(cudaStream_t s) {
  setenv("DUALGPU_GRAPHS", "0", 1);
  dualgpu::graph_launcher L;
  unsetenv("DUALGPU_GRAPHS");
  buffers b(4096, 1.0f);
  const auto expected = eager_result(b, 5, s);
  for (int i = 0; i < 3; ++i) launch_chain(L, b, 5, s);
  EXPECT(same_bits(b.result(s), expected), "DUALGPU_GRAPHS=0 gives a wrong result");
  EXPECT(!L.enabled() && L.stats().eager == 3 && L.stats().captures == 0, "%s", L.stats().to_string().c_str());
  std::printf("DUALGPU_GRAPHS=0: %s\n", L.stats().to_string().c_str());
}

}  // namespace

int main() {
  return gpu_test::run([] {
    cudaStream_t s;
    DUALGPU_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    test_replay_bit_identical(s);
    test_pointers_and_shapes_change(s, dualgpu::update_policy::automatic, "automatic");
    test_pointers_and_shapes_change(s, dualgpu::update_policy::always, "update");
    test_pointers_and_shapes_change(s, dualgpu::update_policy::never, "re-capture");
    test_memory_stable(s);
    test_threads();
    test_fallbacks(s);
    test_legacy_stream();
    test_off_switch(s);
    DUALGPU_CHECK(cudaStreamDestroy(s));
  });
}
