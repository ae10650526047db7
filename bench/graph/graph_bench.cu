// Launch-overhead benchmark: a chain of N tiny kernels (N = 10, 40, 200) launched
//   eager      N <<<>>> launches from C++
//   bare       one cudaGraphLaunch of the same chain captured by hand (the floor)
//   launcher   dualgpu::graph_launcher::launch() on a cache hit
// and the host time of one launcher cache hit minus one bare cudaGraphLaunch.
// Prints a Markdown table (per chain and per kernel, microseconds). Run on an idle GPU.
#include <cuda_runtime.h>

#include "chain_kernels.hpp"
#include "dualgpu/check.hpp"
#include "dualgpu/graph.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {
using clock_type = std::chrono::steady_clock;

// Median over repeats of (wall time of `iters` back-to-back runs + sync) / iters, in us.
template <typename F>
double time_per_run(F&& run, cudaStream_t s, int iters, int repeats = 7) {
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    DUALGPU_CHECK(cudaStreamSynchronize(s));
    const auto t0 = clock_type::now();
    for (int i = 0; i < iters; ++i) run();
    DUALGPU_CHECK(cudaStreamSynchronize(s));
    samples.push_back(std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / iters);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// Host-side cost only: time of the enqueue calls, synchronising between batches.
template <typename F>
double host_time_per_call(F&& call, cudaStream_t s, int iters) {
  std::vector<double> samples;
  for (int r = 0; r < 7; ++r) {
    DUALGPU_CHECK(cudaStreamSynchronize(s));
    const auto t0 = clock_type::now();
    for (int i = 0; i < iters; ++i) call();
    samples.push_back(std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / iters);
    DUALGPU_CHECK(cudaStreamSynchronize(s));
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}
}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no GPU visible\n");
    return 77;
  }
  cudaDeviceProp prop{};
  DUALGPU_CHECK(cudaGetDeviceProperties(&prop, 0));
  cudaStream_t s;
  DUALGPU_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const int n = 128;
  float* x = nullptr;
  DUALGPU_CHECK(cudaMalloc(&x, n * sizeof(float)));
  DUALGPU_CHECK(cudaMemset(x, 0, n * sizeof(float)));

  std::printf("device: %s\n\n", prop.name);
  std::printf("| N kernels | eager C++ (us) | bare graph (us) | launcher (us) | launcher/bare | per node: bare / launcher (us) | speed-up over eager | launcher hit host cost over bare launch (us) |\n");
  std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  dualgpu::graph_launcher launcher;
  double query_get_device = 0, query_is_capturing = 0;
  for (int kernels : {10, 40, 200}) {
    const int iters = kernels >= 200 ? 200 : 1000;
    const double eager = time_per_run([&] { dualgpu_bench_chain(x, n, kernels, s); }, s, iters);

    cudaGraph_t graph;
    cudaGraphExec_t exec;
    DUALGPU_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    dualgpu_bench_chain(x, n, kernels, s);
    DUALGPU_CHECK(cudaStreamEndCapture(s, &graph));
    DUALGPU_CHECK(cudaGraphInstantiateWithFlags(&exec, graph, 0));
    DUALGPU_CHECK(cudaGraphUpload(exec, s));
    const double bare = time_per_run([&] { DUALGPU_CHECK(cudaGraphLaunch(exec, s)); }, s, iters);

    dualgpu::graph_key key;
    key.param(kernels).param(n).pointer(x);
    auto through_launcher = [&] {
      launcher.launch(key, s, [&](cudaStream_t st) { dualgpu_bench_chain(x, n, kernels, st); });
    };
    for (int i = 0; i < 3; ++i) through_launcher();  // warm-up, capture, first replay
    const double via = time_per_run(through_launcher, s, iters);

    const double host_bare = host_time_per_call([&] { DUALGPU_CHECK(cudaGraphLaunch(exec, s)); }, s, 50);
    const double host_via = host_time_per_call(through_launcher, s, 50);
    if (kernels == 10) {  // what a hit spends beyond cudaGraphLaunch: the two runtime queries
      int device = 0;
      cudaStreamCaptureStatus status{};
      query_get_device = host_time_per_call([&] { DUALGPU_CHECK(cudaGetDevice(&device)); }, s, 1000);
      query_is_capturing = host_time_per_call([&] { DUALGPU_CHECK(cudaStreamIsCapturing(s, &status)); }, s, 1000);
    }

    std::printf("| %d | %.1f | %.1f | %.1f | %.3f | %.2f / %.2f | %.1fx | %.2f |\n", kernels, eager, bare, via,
                via / bare, bare / kernels, via / kernels, eager / via, host_via - host_bare);
    DUALGPU_CHECK(cudaGraphExecDestroy(exec));
    DUALGPU_CHECK(cudaGraphDestroy(graph));
  }
  std::printf("\nlauncher: %s\n", launcher.stats().to_string().c_str());
  std::printf("host cost of the runtime queries a hit makes: cudaGetDevice %.3f us, cudaStreamIsCapturing %.3f us\n",
              query_get_device, query_is_capturing);

  // The legacy (NULL) stream, torch's default: captured on the launcher's side stream,
  // replayed on stream 0.
  {
    dualgpu::graph_launcher legacy;
    const int kernels = 40, iters = 1000;
    dualgpu::graph_key key;
    key.param(kernels).param(n).pointer(x);
    auto on_legacy = [&] {
      legacy.launch(key, nullptr, [&](cudaStream_t st) { dualgpu_bench_chain(x, n, kernels, st); });
    };
    for (int i = 0; i < 3; ++i) on_legacy();
    const double via = time_per_run(on_legacy, nullptr, iters);
    std::printf("legacy stream, N = %d: launcher %.1f us per chain (%.2f us per node); %s\n", kernels, via,
                via / kernels, legacy.stats().to_string().c_str());
  }
  DUALGPU_CHECK(cudaFree(x));
  DUALGPU_CHECK(cudaStreamDestroy(s));
  return 0;
}
