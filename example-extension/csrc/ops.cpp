// ops.cpp: the operator schemas, their input checks, the CPU kernels (ATen, computing in float)
// and, on GPU builds, the glue that hands raw pointers to the kernel files. The only torch
// translation unit of the extension: keep it small, it dominates the build time.
#include <ATen/ATen.h>
#include <torch/library.h>

#include "dualgpu/graph.hpp"
#include "dualgpu/torch.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "kernels.h"
#endif  // !DUALGPU_PLATFORM_CPU

namespace dualgpu_example {
namespace {

// ---- input checks (shared by the CPU and GPU kernels) ------------------------------------

void check_float_tensor(const at::Tensor& t, const char* name) {
  dualgpu::check_dtype(t, name, {at::kFloat, at::kHalf, at::kBFloat16});
  dualgpu::check_contiguous(t, name);
}

void check_like(const at::Tensor& t, const char* name, const at::Tensor& ref, const char* ref_name) {
  check_float_tensor(t, name);
  dualgpu::check_same_device(t, name, ref, ref_name);
  TORCH_CHECK_TYPE(t.scalar_type() == ref.scalar_type(), name, " must have the dtype of ", ref_name, " (",
                   ref.scalar_type(), "), got ", t.scalar_type());
}

void check_norm_inputs(const at::Tensor& x, const at::Tensor& weight) {
  check_float_tensor(x, "x");
  check_like(weight, "weight", x, "x");
  TORCH_CHECK(x.dim() >= 1, "x must have at least one dimension (..., hidden), got a scalar");
  TORCH_CHECK(weight.dim() == 1 && weight.size(0) == x.size(-1), "weight must have shape [", x.size(-1),
              "] (x's last dimension), got ", weight.sizes());
}

void check_silu_and_mul_input(const at::Tensor& x) {
  check_float_tensor(x, "x");
  TORCH_CHECK(x.dim() >= 1 && x.size(-1) % 2 == 0, "x's last dimension must be even (gate and up halves), got shape ",
              x.sizes());
}

// Returns the head counts of query and key.
std::pair<int64_t, int64_t> check_rotary_inputs(const at::Tensor& positions, const at::Tensor& query,
                                                const at::Tensor& key, int64_t head_size,
                                                const at::Tensor& cos_sin_cache) {
  TORCH_CHECK_TYPE(positions.scalar_type() == at::kLong, "positions must have dtype Long, got ",
                   positions.scalar_type());
  dualgpu::check_contiguous(positions, "positions");
  check_float_tensor(query, "query");
  check_like(key, "key", query, "query");
  check_like(cos_sin_cache, "cos_sin_cache", query, "query");
  dualgpu::check_same_device(positions, "positions", query, "query");
  TORCH_CHECK(head_size > 0, "head_size must be positive, got ", head_size);
  TORCH_CHECK(cos_sin_cache.dim() == 2, "cos_sin_cache must be [max_position, rot_dim], got ", cos_sin_cache.sizes());
  const int64_t rot_dim = cos_sin_cache.size(1);
  TORCH_CHECK(rot_dim % 2 == 0 && rot_dim <= head_size, "cos_sin_cache's rot_dim (", rot_dim,
              ") must be even and at most head_size (", head_size, ")");
  const int64_t tokens = positions.numel();
  const int64_t per_token = tokens == 0 ? 0 : head_size * tokens;
  TORCH_CHECK(tokens == 0 ? query.numel() == 0 && key.numel() == 0
                          : query.numel() % per_token == 0 && key.numel() % per_token == 0,
              "query and key must hold positions.numel() (", tokens, ") tokens of whole heads of ", head_size,
              " values, got query ", query.sizes(), " and key ", key.sizes());
  return {tokens == 0 ? 0 : query.numel() / per_token, tokens == 0 ? 0 : key.numel() / per_token};
}

// The product of all but the last dimension (right also when the last one is 0).
int64_t leading_rows(const at::Tensor& t) {
  int64_t rows = 1;
  for (int64_t i = 0; i + 1 < t.dim(); ++i) rows *= t.size(i);
  return rows;
}

// decode_step's inputs: each op's own checks, one dtype and device for all, and one token count.
// Returns the head counts of query and key.
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

// ---- CPU kernels: float math through ATen, rounded once at the end -----------------------

at::Tensor rms_norm_float(const at::Tensor& xf, const at::Tensor& weight, double eps) {
  return xf * at::rsqrt(xf.pow(2).mean(-1, /*keepdim=*/true) + eps) * weight.to(at::kFloat);
}

at::Tensor rms_norm_cpu(const at::Tensor& x, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  if (x.numel() == 0) return at::empty_like(x);
  return rms_norm_float(x.to(at::kFloat), weight, eps).to(x.scalar_type());
}

void fused_add_rms_norm_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  check_like(residual, "residual", x, "x");
  TORCH_CHECK(residual.sizes() == x.sizes(), "residual must have x's shape ", x.sizes(), ", got ", residual.sizes());
  if (x.numel() == 0) return;
  residual.copy_(x.to(at::kFloat) + residual.to(at::kFloat));  // rounded to residual's dtype, as on the GPU
  x.copy_(rms_norm_float(residual.to(at::kFloat), weight, eps));
}

at::Tensor silu_and_mul_cpu(const at::Tensor& x) {
  check_silu_and_mul_input(x);
  const int64_t d = x.size(-1) / 2;
  const at::Tensor xf = x.to(at::kFloat);
  return (at::silu(xf.narrow(-1, 0, d)) * xf.narrow(-1, d, d)).to(x.scalar_type());
}

void rotate_cpu(at::Tensor& t, const at::Tensor& cos, const at::Tensor& sin, int64_t tokens, int64_t heads,
                int64_t head_size, int64_t half) {
  at::Tensor heads_view = t.view({tokens, heads, head_size});
  at::Tensor first = heads_view.narrow(-1, 0, half), second = heads_view.narrow(-1, half, half);
  // copy=true: for float32 .to() would alias the halves we are about to overwrite.
  const at::Tensor a = first.to(at::kFloat, false, /*copy=*/true), b = second.to(at::kFloat, false, /*copy=*/true);
  first.copy_(a * cos - b * sin);
  second.copy_(b * cos + a * sin);
}

void rotary_embedding_cpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache) {
  const auto heads = check_rotary_inputs(positions, query, key, head_size, cos_sin_cache);
  const int64_t tokens = positions.numel(), half = cos_sin_cache.size(1) / 2;
  if (tokens == 0 || half == 0) return;
  // [tokens, 1, rot_dim]: broadcast over the heads. index_select also bounds-checks positions.
  const at::Tensor rows = cos_sin_cache.index_select(0, positions.reshape(-1)).to(at::kFloat).unsqueeze(1);
  const at::Tensor cos = rows.narrow(-1, 0, half), sin = rows.narrow(-1, half, half);
  rotate_cpu(query, cos, sin, tokens, heads.first, head_size, half);
  rotate_cpu(key, cos, sin, tokens, heads.second, head_size, half);
}

// The CPU kernels in sequence; use_graph is a GPU setting (the CPU has no graphs).
void decode_step_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps,
                     const at::Tensor& positions, at::Tensor& query, at::Tensor& key,
                     const at::Tensor& cos_sin_cache, int64_t head_size, const at::Tensor& gate_up, at::Tensor& out,
                     bool use_graph) {
  (void)use_graph;
  check_decode_step_inputs(x, residual, weight, positions, query, key, head_size, cos_sin_cache, gate_up, out);
  fused_add_rms_norm_cpu(x, residual, weight, eps);
  rotary_embedding_cpu(positions, query, key, head_size, cos_sin_cache);
  if (out.numel() != 0) out.copy_(silu_and_mul_cpu(gate_up));
}

// ---- GPU glue ----------------------------------------------------------------------------
#if !defined(DUALGPU_PLATFORM_CPU)
scalar_kind kind_of(const at::Tensor& t) {
  switch (t.scalar_type()) {
    case at::kHalf: return scalar_kind::float16;
    case at::kBFloat16: return scalar_kind::bfloat16;
    default: return scalar_kind::float32;  // the checks allowed nothing else
  }
}

int64_t rows_of(const at::Tensor& x) { return x.size(-1) == 0 ? 0 : x.numel() / x.size(-1); }

at::Tensor rms_norm_gpu(const at::Tensor& x, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  const dualgpu::device_guard guard(x);
  at::Tensor out = at::empty_like(x);
  launch_rms_norm(out.data_ptr(), x.data_ptr(), weight.data_ptr(), static_cast<float>(eps), rows_of(x), x.size(-1),
                  kind_of(x), dualgpu::current_stream(x));
  return out;
}

void fused_add_rms_norm_gpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  check_like(residual, "residual", x, "x");
  TORCH_CHECK(residual.sizes() == x.sizes(), "residual must have x's shape ", x.sizes(), ", got ", residual.sizes());
  const dualgpu::device_guard guard(x);
  launch_fused_add_rms_norm(x.data_ptr(), residual.data_ptr(), weight.data_ptr(), static_cast<float>(eps), rows_of(x),
                            x.size(-1), kind_of(x), dualgpu::current_stream(x));
}

at::Tensor silu_and_mul_gpu(const at::Tensor& x) {
  check_silu_and_mul_input(x);
  const dualgpu::device_guard guard(x);
  std::vector<int64_t> out_shape = x.sizes().vec();
  out_shape.back() /= 2;
  at::Tensor out = at::empty(out_shape, x.options());
  launch_silu_and_mul(out.data_ptr(), x.data_ptr(), rows_of(x), out_shape.back(), kind_of(x),
                      dualgpu::current_stream(x));
  return out;
}

void rotary_embedding_gpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache) {
  const auto heads = check_rotary_inputs(positions, query, key, head_size, cos_sin_cache);
  const dualgpu::device_guard guard(query);
  // Positions are not bounds-checked on the GPU (it would cost a sync); the CPU kernel checks them.
  launch_rotary_embedding(positions.data_ptr<int64_t>(), query.data_ptr(), key.data_ptr(), cos_sin_cache.data_ptr(),
                          positions.numel(), heads.first, heads.second, head_size, cos_sin_cache.size(1),
                          kind_of(query), dualgpu::current_stream(query));
}

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
    launch_fused_add_rms_norm(x_p, residual_p, weight_p, eps_f, tokens, hidden, kind, s);
    launch_rotary_embedding(positions_p, query_p, key_p, cache_p, tokens, heads.first, heads.second, head_size,
                            rot_dim, kind, s);
    launch_silu_and_mul(out_p, gate_up_p, tokens, d, kind, s);
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
#endif  // !DUALGPU_PLATFORM_CPU

// The launcher's counters as one line (all zero on a CPU build, which has no graphs).
std::string graph_stats_line() {
#if defined(DUALGPU_PLATFORM_CPU)
  return dualgpu::graph_stats{}.to_string();
#else
  return decode_step_launcher().stats().to_string();
#endif  // DUALGPU_PLATFORM_CPU
}

}  // namespace
}  // namespace dualgpu_example

// The namespace is the library's name: torch.ops.dualgpu_example.<op>.
TORCH_LIBRARY(dualgpu_example, m) {
  m.def("rms_norm(Tensor x, Tensor weight, float eps) -> Tensor");
  m.def("fused_add_rms_norm(Tensor(a!) x, Tensor(b!) residual, Tensor weight, float eps) -> ()");
  m.def("silu_and_mul(Tensor x) -> Tensor");
  m.def("rotary_embedding(Tensor positions, Tensor(a!) query, Tensor(b!) key, int head_size, Tensor cos_sin_cache) -> ()");
  m.def(
      "decode_step(Tensor(a!) x, Tensor(b!) residual, Tensor weight, float eps, Tensor positions, Tensor(c!) query, "
      "Tensor(d!) key, Tensor cos_sin_cache, int head_size, Tensor gate_up, Tensor(e!) out, bool use_graph=True) -> ()");
  // No tensor arguments, so no dispatch key: one kernel for every backend.
  m.def("graph_stats() -> str", &dualgpu_example::graph_stats_line);
}

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) {
  m.impl("rms_norm", &dualgpu_example::rms_norm_cpu);
  m.impl("fused_add_rms_norm", &dualgpu_example::fused_add_rms_norm_cpu);
  m.impl("silu_and_mul", &dualgpu_example::silu_and_mul_cpu);
  m.impl("rotary_embedding", &dualgpu_example::rotary_embedding_cpu);
  m.impl("decode_step", &dualgpu_example::decode_step_cpu);
}

#if !defined(DUALGPU_PLATFORM_CPU)
// ROCm builds of torch register their GPU under the CUDA key too.
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) {
  m.impl("rms_norm", &dualgpu_example::rms_norm_gpu);
  m.impl("fused_add_rms_norm", &dualgpu_example::fused_add_rms_norm_gpu);
  m.impl("silu_and_mul", &dualgpu_example::silu_and_mul_gpu);
  m.impl("rotary_embedding", &dualgpu_example::rotary_embedding_gpu);
  m.impl("decode_step", &dualgpu_example::decode_step_gpu);
}
#endif  // !DUALGPU_PLATFORM_CPU
