// Torch ops over the benchmark's kernels, for bench/graph/torch_graph_bench.py:
//   torch.ops.dualgpu_bench.chain(x, n)        n tiny kernels launched eagerly on the current stream
//   torch.ops.dualgpu_bench.chain_graph(x, n)  the same through one dualgpu::graph_launcher
// x: a contiguous float32 GPU tensor, modified in place.
#include <torch/library.h>

#include "chain_kernels.hpp"
#include "dualgpu/graph.hpp"
#include "dualgpu/torch.hpp"

namespace {

void chain(at::Tensor x, int64_t n) {
  DUALGPU_CHECK_INPUT(x);
  DUALGPU_CHECK_DTYPE(x, at::kFloat);
  dualgpu::device_guard guard(x);
  dualgpu_bench_chain(x.data_ptr<float>(), static_cast<int>(x.numel()), static_cast<int>(n),
                      dualgpu::current_stream(x));
}

void chain_graph(at::Tensor x, int64_t n) {
  DUALGPU_CHECK_INPUT(x);
  DUALGPU_CHECK_DTYPE(x, at::kFloat);
  dualgpu::device_guard guard(x);
  static dualgpu::graph_launcher launcher;  // one per process: shared by every caller of the op
  float* data = x.data_ptr<float>();
  const int numel = static_cast<int>(x.numel());
  dualgpu::graph_key key;
  key.param(n).param(numel).pointer(data);
  launcher.launch(key, dualgpu::current_stream(x), [&](dualgpu::stream_t s) {
    dualgpu_bench_chain(data, numel, static_cast<int>(n), s);
  });
}

}  // namespace

TORCH_LIBRARY(dualgpu_bench, m) {
  m.def("chain(Tensor(a!) x, int n) -> ()");
  m.def("chain_graph(Tensor(a!) x, int n) -> ()");
}
TORCH_LIBRARY_IMPL(dualgpu_bench, CUDA, m) {
  m.impl("chain", &chain);
  m.impl("chain_graph", &chain_graph);
}
