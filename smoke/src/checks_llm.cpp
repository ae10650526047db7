// The LLM profile (--profile llm): one decoder layer of a Llama-3-8B-like model (GPU) or a small one
// (CPU), prefill and decode as separate categories.
#include <cmath>

#include "check_spec.hpp"
#include "composites.hpp"

namespace dualgpu::smoke {
namespace {

struct DecoderShape {
  int64_t hidden, heads, kv_heads, head_dim, intermediate, prefill_tokens, decode_batch, cache_len;
};

DecoderShape decoder_shape(const CheckContext& x) {
  if (x.on_gpu) return {4096, 32, 8, 128, 14336, 2048, 8, 2048};
  return {512, 8, 2, 64, 1408, 128, 4, 128};
}

// Big weights are drawn in float32 (half the memory and time of float64; the runner rounds them anyway).
at::Tensor weight32(int64_t out, int64_t in) {
  return at::randn({out, in}, at::TensorOptions().dtype(at::kFloat).device(input_device())) / std::sqrt(static_cast<double>(in));
}

constexpr int64_t kReferenceRows = 16;  // rows of a big GEMM the float64 CPU reference recomputes

void add_linear_phase(std::vector<CheckSpec>& c, const char* cat, const char* name, bool prefill,
                      std::function<std::pair<int64_t, int64_t>(const DecoderShape&)> in_out) {
  auto s = check(cat, name, {at::kBFloat16, at::kFloat},
      [prefill, in_out](const CheckContext& x) {
        auto d = decoder_shape(x);
        auto io = in_out(d);
        auto tokens = prefill ? d.prefill_tokens : d.decode_batch;
        return Tensors{randn64({tokens, io.first}), weight32(io.second, io.first)};
      },
      [](const Tensors& t) { return at::linear(t[0], t[1]); });
  s.reference = [](const Tensors& t) { return at::linear(t[0].narrow(0, 0, std::min<int64_t>(kReferenceRows, t[0].size(0))), t[1]); };
  s.compare_view = [](const at::Tensor& out) { return out.narrow(0, 0, std::min<int64_t>(kReferenceRows, out.size(0))); };
  s.flop = [](const Tensors& t) { return 2.0 * t[0].size(0) * t[1].size(0) * t[1].size(1); };
  s.backend = CheckSpec::Backend::blas;
  c.push_back(s);
}

void add_llm_phase(std::vector<CheckSpec>& c, bool prefill) {
  const char* cat = prefill ? "llm-prefill" : "llm-decode";
  const std::vector<at::ScalarType> dtypes{at::kBFloat16, at::kFloat};
  auto tokens = [prefill](const DecoderShape& d) { return prefill ? d.prefill_tokens : d.decode_batch; };

  auto norm = check(cat, "rms_norm", dtypes,
      [=](const CheckContext& x) { auto d = decoder_shape(x); return Tensors{randn64({tokens(d), d.hidden}), uniform64({d.hidden}, 0.5, 1.5)}; },
      [](const Tensors& t) { return rms_norm_composite(t[0], t[1], 1e-6); });
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 4)
  norm.op = [](const Tensors& t) { return at::rms_norm(t[0], {t[0].size(-1)}, t[1], 1e-6); };
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 4): older torch times the composite models used then
  norm.reference = [](const Tensors& t) { return rms_norm_composite(t[0], t[1], 1e-6); };
  c.push_back(norm);

  add_linear_phase(c, cat, "qkv_proj", prefill,
                   [](const DecoderShape& d) { return std::make_pair(d.hidden, (d.heads + 2 * d.kv_heads) * d.head_dim); });

  // Rotary embedding as Llama applies it: x * cos + rotate_half(x) * sin, on [tokens, heads, head_dim].
  c.push_back(check(cat, "rope", dtypes,
      [=](const CheckContext& x) {
        auto d = decoder_shape(x);
        auto angles = at::arange(tokens(d), at::kDouble).unsqueeze(1) *
                      at::pow(10000.0, -at::arange(0, d.head_dim / 2, at::kDouble) / (d.head_dim / 2.0)).unsqueeze(0);
        auto both = at::cat({angles, angles}, -1).unsqueeze(1);  // [tokens, 1, head_dim]
        return Tensors{randn64({tokens(d), d.heads, d.head_dim}), at::cos(both), at::sin(both)};
      },
      [](const Tensors& t) {
        auto half = t[0].size(-1) / 2;
        auto rotated = at::cat({-t[0].narrow(-1, half, half), t[0].narrow(-1, 0, half)}, -1);
        return t[0] * t[1] + rotated * t[2];
      }));

  // Key/value cache update in place, as static caches do (index_copy_ at the new positions).
  c.push_back(check(cat, "kv_cache_update", dtypes,
      [=](const CheckContext& x) {
        auto d = decoder_shape(x);
        auto batch = prefill ? int64_t{1} : d.decode_batch, fresh = prefill ? d.prefill_tokens : int64_t{1};
        auto cache = at::zeros({batch, d.kv_heads, d.cache_len + (prefill ? 0 : 1), d.head_dim}, at::kDouble);
        auto positions = at::arange(cache.size(2) - fresh, cache.size(2), at::kLong);
        return Tensors{cache, randn64({batch, d.kv_heads, fresh, d.head_dim}), positions};
      },
      [](const Tensors& t) { return t[0].index_copy_(2, t[2], t[1]); }));

  // Attention: prefill is causal over the prompt; decode is one query per sequence against the cache.
  // Keys and values are already expanded to all heads (grouped-query attention after repeat_kv).
  auto attention = sdpa_check(cat, "sdpa", dtypes,
      [=](const CheckContext& x) {
        auto d = decoder_shape(x);
        auto batch = prefill ? int64_t{1} : d.decode_batch;
        auto queries = prefill ? d.prefill_tokens : int64_t{1};
        auto keys = prefill ? d.prefill_tokens : d.cache_len;
        return Tensors{randn64({batch, d.heads, queries, d.head_dim}), randn64({batch, d.heads, keys, d.head_dim}),
                       randn64({batch, d.heads, keys, d.head_dim})};
      },
      prefill);
  if (prefill) {  // the float64 reference recomputes two heads; attention heads are independent
    attention.reference = [](const Tensors& t) {
      return attention_composite(t[0].narrow(1, 0, 2), t[1].narrow(1, 0, 2), t[2].narrow(1, 0, 2), at::Tensor(), true);
    };
    attention.compare_view = [](const at::Tensor& out) { return out.narrow(1, 0, 2); };
  }
  c.push_back(attention);

  add_linear_phase(c, cat, "o_proj", prefill, [](const DecoderShape& d) { return std::make_pair(d.heads * d.head_dim, d.hidden); });
  add_linear_phase(c, cat, "gate_up_proj", prefill, [](const DecoderShape& d) { return std::make_pair(d.hidden, 2 * d.intermediate); });
  c.push_back(check(cat, "swiglu", dtypes,
      [=](const CheckContext& x) { auto d = decoder_shape(x); return Tensors{randn64({tokens(d), 2 * d.intermediate})}; },
      [](const Tensors& t) {
        auto gate_up = t[0].chunk(2, -1);
        return at::silu(gate_up[0]) * gate_up[1];
      }));
  add_linear_phase(c, cat, "down_proj", prefill, [](const DecoderShape& d) { return std::make_pair(d.intermediate, d.hidden); });
}

}  // namespace

void add_llm_checks(std::vector<CheckSpec>& checks) {
  add_llm_phase(checks, /*prefill=*/true);
  add_llm_phase(checks, /*prefill=*/false);
}

}  // namespace dualgpu::smoke
