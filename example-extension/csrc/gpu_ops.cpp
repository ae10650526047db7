// gpu_ops.cpp: the GPU implementations' torch side: checks, output allocation, device and stream,
// then raw pointers to the kernel files (kernels.h). decode_step runs through DualGPU's graph
// launcher. Compiled on GPU platforms only (empty on the CPU platform). Tensor methods only (new_empty,
// not at::empty): <ATen/ops/empty.h> alone took 4 s to compile.
#if !defined(DUALGPU_PLATFORM_CPU)
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "ops.h"

#include "kernels.h"

#include "dualgpu/check.hpp"
#include "dualgpu/graph.hpp"
#include "dualgpu/torch.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace dualgpu_example {
namespace {

scalar_kind kind_of(const at::Tensor& t) {
  switch (t.scalar_type()) {
    case at::kHalf: return scalar_kind::float16;
    case at::kBFloat16: return scalar_kind::bfloat16;
    default: return scalar_kind::float32;  // the checks allowed nothing else
  }
}

int64_t rows_of(const at::Tensor& x) { return x.size(-1) == 0 ? 0 : x.numel() / x.size(-1); }

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

}  // namespace

at::Tensor rms_norm_gpu(const at::Tensor& x, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  const dualgpu::device_guard guard(x);
  at::Tensor out = x.new_empty(x.sizes());  // x is contiguous (checked), and so is out
  DUALGPU_CHECK(launch_rms_norm(out.data_ptr(), x.data_ptr(), weight.data_ptr(), static_cast<float>(eps), rows_of(x),
                                x.size(-1), kind_of(x), dualgpu::current_stream(x)));
  return out;
}

void fused_add_rms_norm_gpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  check_like(residual, "residual", x, "x");
  TORCH_CHECK(residual.sizes() == x.sizes(), "residual must have x's shape ", x.sizes(), ", got ", residual.sizes());
  const dualgpu::device_guard guard(x);
  DUALGPU_CHECK(launch_fused_add_rms_norm(x.data_ptr(), residual.data_ptr(), weight.data_ptr(), static_cast<float>(eps),
                                          rows_of(x), x.size(-1), kind_of(x), dualgpu::current_stream(x)));
}

at::Tensor silu_and_mul_gpu(const at::Tensor& x) {
  check_silu_and_mul_input(x);
  const dualgpu::device_guard guard(x);
  std::vector<int64_t> out_shape = x.sizes().vec();
  out_shape.back() /= 2;
  at::Tensor out = x.new_empty(out_shape);
  DUALGPU_CHECK(launch_silu_and_mul(out.data_ptr(), x.data_ptr(), rows_of(x), out_shape.back(), kind_of(x),
                                    dualgpu::current_stream(x)));
  return out;
}

void rotary_embedding_gpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache) {
  const auto heads = check_rotary_inputs(positions, query, key, head_size, cos_sin_cache);
  const dualgpu::device_guard guard(query);
  // Positions are not bounds-checked on the GPU (it would cost a sync); the CPU kernel checks them.
  DUALGPU_CHECK(launch_rotary_embedding(positions.data_ptr<int64_t>(), query.data_ptr(), key.data_ptr(),
                                        cos_sin_cache.data_ptr(), positions.numel(), heads.first, heads.second,
                                        head_size, cos_sin_cache.size(1), kind_of(query), dualgpu::current_stream(query)));
}

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
  // the values baked into them, and which pointers are 16-byte aligned (that picks the vectorised
  // kernels); then the addresses. Packed to fit graph_key's inline storage (14 structure words;
  // the 9 addresses spill one past its 8, a small allocation per call).
  const void* pointers[] = {x_p, residual_p, weight_p, positions_p, query_p, key_p, cache_p, gate_up_p, out_p};
  decode_structure structure{static_cast<std::int32_t>(kind), eps_f, 0u, 0};
  for (std::size_t i = 0; i < sizeof(pointers) / sizeof(pointers[0]); ++i)
    if (aligned16(pointers[i])) structure.aligned_mask |= 1u << i;
  dualgpu::graph_key graph_key;
  graph_key.shape({tokens, hidden, heads.first, heads.second, head_size, rot_dim, d}).param(structure);
  for (const void* p : pointers) graph_key.pointer(p);
  decode_step_launcher().launch(graph_key, stream, enqueue);
}

// The launcher's counters as one line.
std::string graph_stats_line() { return decode_step_launcher().stats().to_string(); }

}  // namespace dualgpu_example
#endif  // !DUALGPU_PLATFORM_CPU
