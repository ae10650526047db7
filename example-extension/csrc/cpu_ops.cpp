// cpu_ops.cpp: the CPU implementations, float math through ATen, rounded once at the end. They are the
// reference the GPU kernels are tested against and what runs where no GPU is.
// Tensor methods only, no ATen function headers: they keep this file light to compile.
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "ops.h"

namespace dualgpu_example {
namespace {

at::Tensor rms_norm_float(const at::Tensor& xf, const at::Tensor& weight, double eps) {
  return xf.mul(xf.pow(2).mean(-1, /*keepdim=*/true).add(eps).rsqrt()).mul(weight.to(at::kFloat));
}

void rotate_cpu(at::Tensor& t, const at::Tensor& cos, const at::Tensor& sin, int64_t tokens, int64_t heads,
                int64_t head_size, int64_t half) {
  at::Tensor heads_view = t.view({tokens, heads, head_size});
  at::Tensor first = heads_view.narrow(-1, 0, half), second = heads_view.narrow(-1, half, half);
  // copy=true: for float32 .to() would alias the halves we are about to overwrite.
  const at::Tensor a = first.to(at::kFloat, false, /*copy=*/true), b = second.to(at::kFloat, false, /*copy=*/true);
  first.copy_(a.mul(cos).sub(b.mul(sin)));
  second.copy_(b.mul(cos).add(a.mul(sin)));
}

}  // namespace

at::Tensor rms_norm_cpu(const at::Tensor& x, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  if (x.numel() == 0) return x.new_empty(x.sizes());
  return rms_norm_float(x.to(at::kFloat), weight, eps).to(x.scalar_type());
}

void fused_add_rms_norm_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  check_like(residual, "residual", x, "x");
  TORCH_CHECK(residual.sizes() == x.sizes(), "residual must have x's shape ", x.sizes(), ", got ", residual.sizes());
  if (x.numel() == 0) return;
  residual.copy_(x.to(at::kFloat).add(residual.to(at::kFloat)));  // rounded to residual's dtype, as on the GPU
  x.copy_(rms_norm_float(residual.to(at::kFloat), weight, eps));
}

at::Tensor silu_and_mul_cpu(const at::Tensor& x) {
  check_silu_and_mul_input(x);
  const int64_t d = x.size(-1) / 2;
  const at::Tensor xf = x.to(at::kFloat);
  const at::Tensor gate = xf.narrow(-1, 0, d);
  return gate.mul(gate.sigmoid()).mul(xf.narrow(-1, d, d)).to(x.scalar_type());  // silu(gate) * up
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

}  // namespace dualgpu_example
