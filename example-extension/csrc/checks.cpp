// checks.cpp: the operators' input checks, shared by the CPU and GPU implementations. Each failure
// is a torch error (a Python exception) that names the argument and what it should be.
#include "ops.h"

#include "dualgpu/torch.hpp"

#include <vector>

namespace dualgpu_example {
namespace {

void check_float_tensor(const at::Tensor& t, const char* name) {
  dualgpu::check_dtype(t, name, {at::kFloat, at::kHalf, at::kBFloat16});
  dualgpu::check_contiguous(t, name);
}

// The product of all but the last dimension (right also when the last one is 0).
int64_t leading_rows(const at::Tensor& t) {
  int64_t rows = 1;
  for (int64_t i = 0; i + 1 < t.dim(); ++i) rows *= t.size(i);
  return rows;
}

}  // namespace

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

}  // namespace dualgpu_example
