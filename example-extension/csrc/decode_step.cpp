// decode_step.cpp: one decode step's ops in a row, in place: fused_add_rms_norm -> rotary_embedding ->
// out = silu_and_mul(gate_up). On the GPU the three launchers (declared below, defined in cuda/) run
// as one CUDA/HIP graph through DualGPU's graph launcher; on the CPU the three ops run through the
// dispatcher. Also graph_stats(), the launcher's counters. Schema, checks, both kernels, registration.
#include "common.h"

#include "dualgpu/graph.hpp"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

#include <string>
#include <vector>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#include "dualgpu/torch.hpp"
#endif

namespace dualgpu_example {
namespace {

// Each op's own checks, one dtype and device for all, and one token count. Returns the head counts of
// query and key.
std::pair<int64_t, int64_t> check_decode_step_inputs(const at::Tensor& x, const at::Tensor& residual,
                                                     const at::Tensor& weight, const at::Tensor& positions,
                                                     const at::Tensor& query, const at::Tensor& key,
                                                     int64_t head_size, const at::Tensor& cos_sin_cache,
                                                     const at::Tensor& gate_up, const at::Tensor& out) {
  check_norm_inputs(x, weight);
  check_like(residual, "residual", x, "x");
  TORCH_CHECK(residual.sizes() == x.sizes(), "residual must have x's shape ", x.sizes(), ", got ", residual.sizes());
  check_like(query, "query", x, "x");
  const auto heads = check_rotary_inputs(positions, query, key, head_size, cos_sin_cache);
  check_silu_and_mul_input(gate_up);
  check_like(gate_up, "gate_up", x, "x");
  check_like(out, "out", gate_up, "gate_up");
  std::vector<int64_t> out_shape = gate_up.sizes().vec();
  out_shape.back() /= 2;
  TORCH_CHECK(out.sizes() == c10::IntArrayRef(out_shape), "out must have shape ", c10::IntArrayRef(out_shape),
              " (gate_up's with the last dimension halved), got ", out.sizes());
  const int64_t tokens = positions.numel(), x_rows = leading_rows(x), gate_up_rows = leading_rows(gate_up);
  TORCH_CHECK(x_rows == tokens && gate_up_rows == tokens, "decode_step: x, positions and gate_up must hold the same ",
              "number of tokens, got ", x_rows, ", ", tokens, " and ", gate_up_rows);
  return heads;
}

// An op of this library, called through the dispatcher (so the CPU kernel of each op runs).
template <typename Signature>
c10::TypedOperatorHandle<Signature> library_op(const char* name) {
  return c10::Dispatcher::singleton().findSchemaOrThrow(name, "").typed<Signature>();
}

// The three ops in sequence; use_graph is a GPU setting (the CPU has no graphs).
void decode_step_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps,
                     const at::Tensor& positions, at::Tensor& query, at::Tensor& key,
                     const at::Tensor& cos_sin_cache, int64_t head_size, const at::Tensor& gate_up, at::Tensor& out,
                     bool use_graph) {
  (void)use_graph;
  check_decode_step_inputs(x, residual, weight, positions, query, key, head_size, cos_sin_cache, gate_up, out);
  static const auto fused = library_op<void(at::Tensor&, at::Tensor&, const at::Tensor&, double)>(
      "dualgpu_example::fused_add_rms_norm");
  static const auto rotary =
      library_op<void(const at::Tensor&, at::Tensor&, at::Tensor&, int64_t, const at::Tensor&)>(
          "dualgpu_example::rotary_embedding");
  static const auto silu = library_op<at::Tensor(const at::Tensor&)>("dualgpu_example::silu_and_mul");
  fused.call(x, residual, weight, eps);
  rotary.call(positions, query, key, head_size, cos_sin_cache);
  if (out.numel() != 0) out.copy_(silu.call(gate_up));
}

}  // namespace

#if !defined(DUALGPU_PLATFORM_CPU)
// The launchers of the ops decode_step chains (cuda/*.cu; each op's .cpp declares its own too).
dualgpu::error_t launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps,
                                           std::int64_t rows, std::int64_t hidden, scalar_kind kind,
                                           dualgpu::stream_t stream);
dualgpu::error_t launch_rotary_embedding(const std::int64_t* positions, void* query, void* key,
                                         const void* cos_sin_cache, std::int64_t tokens, std::int64_t query_heads,
                                         std::int64_t key_heads, std::int64_t head_size, std::int64_t rot_dim,
                                         scalar_kind kind, dualgpu::stream_t stream);
dualgpu::error_t launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                                     dualgpu::stream_t stream);

namespace {

// One launcher for the process. Never destroyed: at exit the GPU runtime may already be gone,
// and destroying graphs then fails.
dualgpu::graph_launcher& decode_step_launcher() {
  static dualgpu::graph_launcher* launcher = [] {
    dualgpu::graph_options options;
    options.warn = [](const std::string& message) { TORCH_WARN(message); };  // a Python UserWarning
    return new dualgpu::graph_launcher(options);
  }();
  return *launcher;
}

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

// decode_step's scalars in one graph_key param (4 x 4 bytes, no padding).
struct decode_structure {
  std::int32_t kind;
  float eps;
  std::uint32_t aligned_mask;  // bit i: pointer i is 16-byte aligned
  std::int32_t unused;
};

// fused_add_rms_norm -> rotary_embedding -> silu_and_mul on the current stream: as one graph
// (dualgpu::graph_launcher) when use_graph, else three plain launches. Every output is passed
// in, so nothing is allocated inside the launched work.
void decode_step_gpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps,
                     const at::Tensor& positions, at::Tensor& query, at::Tensor& key,
                     const at::Tensor& cos_sin_cache, int64_t head_size, const at::Tensor& gate_up, at::Tensor& out,
                     bool use_graph) {
  const auto heads =
      check_decode_step_inputs(x, residual, weight, positions, query, key, head_size, cos_sin_cache, gate_up, out);
  const dualgpu::device_guard guard(x);
  const dualgpu::stream_t stream = dualgpu::current_stream(x);
  const scalar_kind kind = kind_of(x);
  const float eps_f = static_cast<float>(eps);
  const int64_t tokens = positions.numel(), hidden = x.size(-1), rot_dim = cos_sin_cache.size(1);
  const int64_t d = out.size(-1);
  void *x_p = x.data_ptr(), *residual_p = residual.data_ptr(), *query_p = query.data_ptr(), *key_p = key.data_ptr();
  void* out_p = out.data_ptr();
  const void *weight_p = weight.data_ptr(), *cache_p = cos_sin_cache.data_ptr(), *gate_up_p = gate_up.data_ptr();
  const auto* positions_p = positions.data_ptr<int64_t>();
  // Raw values only: the work may be captured once and replayed many times.
  auto enqueue = [=](dualgpu::stream_t s) {
    DUALGPU_CHECK(launch_fused_add_rms_norm(x_p, residual_p, weight_p, eps_f, tokens, hidden, kind, s));
    DUALGPU_CHECK(launch_rotary_embedding(positions_p, query_p, key_p, cache_p, tokens, heads.first, heads.second,
                                          head_size, rot_dim, kind, s));
    DUALGPU_CHECK(launch_silu_and_mul(out_p, gate_up_p, tokens, d, kind, s));
  };
  const bool any_work = tokens > 0 && (hidden > 0 || rot_dim > 0 || d > 0);
  if (!use_graph || !any_work) {  // an empty capture would be a (warned) fallback
    enqueue(stream);
    return;
  }
  // The key: every size the kernels see (contiguous tensors: nothing else about the shapes matters),
  // the values baked into them, and which pointers are 16-byte aligned (that picks the kernels); then
  // the addresses. Packed to fit graph_key's inline storage (14 structure words; the 9 addresses
  // spill one past its 8, a small allocation per call).
  const void* pointers[] = {x_p, residual_p, weight_p, positions_p, query_p, key_p, cache_p, gate_up_p, out_p};
  decode_structure structure{static_cast<std::int32_t>(kind), eps_f, 0u, 0};
  for (std::size_t i = 0; i < sizeof(pointers) / sizeof(pointers[0]); ++i)
    if (aligned16(pointers[i])) structure.aligned_mask |= 1u << i;
  dualgpu::graph_key graph_key;
  graph_key.shape({tokens, hidden, heads.first, heads.second, head_size, rot_dim, d}).param(structure);
  for (const void* p : pointers) graph_key.pointer(p);
  decode_step_launcher().launch(graph_key, stream, enqueue);
}

}  // namespace
#endif  // !DUALGPU_PLATFORM_CPU

// The launcher's counters as one line; a CPU build has no graphs, so all zero.
std::string graph_stats_line() {
#if defined(DUALGPU_PLATFORM_CPU)
  return dualgpu::graph_stats{}.to_string();
#else
  return decode_step_launcher().stats().to_string();
#endif
}

}  // namespace dualgpu_example

TORCH_LIBRARY_FRAGMENT(dualgpu_example, m) {
  m.def(
      "decode_step(Tensor(a!) x, Tensor(b!) residual, Tensor weight, float eps, Tensor positions, Tensor(c!) query, "
      "Tensor(d!) key, Tensor cos_sin_cache, int head_size, Tensor gate_up, Tensor(e!) out, bool use_graph=True) -> ()");
  // No tensor arguments, so no dispatch key: one kernel for every backend.
  m.def("graph_stats() -> str", &dualgpu_example::graph_stats_line);
}

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) { m.impl("decode_step", &dualgpu_example::decode_step_cpu); }

#if !defined(DUALGPU_PLATFORM_CPU)
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) { m.impl("decode_step", &dualgpu_example::decode_step_gpu); }
#endif
