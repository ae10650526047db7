// Checks for convolution, normalisation, activations and attention; the composites the LLM profile shares.
#include <cmath>
#include <limits>

#include "check_spec.hpp"
#include "composites.hpp"

namespace dualgpu::smoke {

std::string too_old(const char* what, const char* since) {
  return std::string(what) + " needs libtorch >= " + since + " (this is " + TORCH_VERSION + ")";
}

// Hand-written attention in the input's dtype; also the float64 reference of every SDPA check.
at::Tensor attention_composite(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                               const at::Tensor& additive_mask, bool causal) {
  auto scores = at::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(q.size(-1)));
  if (causal) {
    // Top-left aligned, as scaled_dot_product_attention defines is_causal.
    auto future = at::ones({q.size(-2), k.size(-2)}, q.options().dtype(at::kBool)).triu(1);
    scores = scores.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  if (additive_mask.defined()) scores = scores + additive_mask;
  return at::matmul(at::softmax(scores, -1), v);
}

at::Tensor rms_norm_composite(const at::Tensor& x, const at::Tensor& weight, double eps) {
  return x * at::rsqrt(x.pow(2).mean({-1}, /*keepdim=*/true) + eps) * weight;
}

CheckSpec sdpa_check(const char* category, const char* name, std::vector<at::ScalarType> dtypes,
                     std::function<Tensors(const CheckContext&)> inputs, bool causal) {
  auto s = check(category, name, std::move(dtypes), std::move(inputs), nullptr);
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  s.op = [causal](const Tensors& t) {
    // An undefined tensor is not "no mask" for every version: pass the optional empty.
    if (t.size() > 3) return at::scaled_dot_product_attention(t[0], t[1], t[2], t[3], 0.0, causal);
    return at::scaled_dot_product_attention(t[0], t[1], t[2], {}, 0.0, causal);
  };
#else
  s.skip_reason = too_old("at::scaled_dot_product_attention", "2.0");
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  s.reference = [causal](const Tensors& t) {
    return attention_composite(t[0], t[1], t[2], t.size() > 3 ? t[3] : at::Tensor(), causal);
  };
  s.backend = CheckSpec::Backend::sdpa;
  s.sdpa_causal = causal;
  s.flop = [](const Tensors& t) { return 4.0 * t[0].numel() * t[1].size(-2); };
  return s;
}

namespace {

void add_convolution(std::vector<CheckSpec>& c) {
  const char* cat = "convolution";
  auto s = check(cat, "conv1d", kFloat32,
      [](const CheckContext& x) { return Tensors{randn64({x.pick(4, 16), 64, x.pick(256, 2048)}), randn64({64, 64, 3}) / 14.0}; },
      [](const Tensors& t) { return at::conv1d(t[0], t[1], {}, 1, 1); });
  s.conv.padding = {1};
  s.backend = CheckSpec::Backend::conv;
  s.may_use_tf32 = true;
  s.flop = [](const Tensors& t) { return 2.0 * t[0].numel() * t[1].size(0) * t[1].size(2); };
  c.push_back(s);

  s = check(cat, "conv2d", kAllFloat,
      [](const CheckContext& x) { return Tensors{randn64({x.pick(2, 32), 64, 56, 56}), randn64({64, 64, 3, 3}) / 24.0}; },
      [](const Tensors& t) { return at::conv2d(t[0], t[1], {}, 1, 1); });
  s.conv.padding = {1, 1};
  s.conv.stride = {1, 1};
  s.conv.dilation = {1, 1};
  s.conv.output_padding = {0, 0};
  s.backend = CheckSpec::Backend::conv;
  s.may_use_tf32 = true;
  s.flop = [](const Tensors& t) { return 2.0 * t[0].numel() * t[1].size(0) * 9; };
  c.push_back(s);

  auto depthwise = s;
  depthwise.name = "conv2d_depthwise";
  depthwise.make_inputs = [](const CheckContext& x) {
    return Tensors{randn64({x.pick(2, 32), 128, 56, 56}), randn64({128, 1, 3, 3}) / 3.0};
  };
  depthwise.op = [](const Tensors& t) { return at::conv2d(t[0], t[1], {}, 1, 1, 1, t[0].size(1)); };
  depthwise.conv.groups = 128;
  depthwise.flop = [](const Tensors& t) { return 2.0 * t[0].numel() * 9; };
  c.push_back(depthwise);

  // fp32 and fp16 (GPU): libtorch 1.13's CPU bfloat16 path of conv_transpose2d rejects valid weights
  // ("expected input[...] to have 32 channels"), a torch bug this check found, not a smoke failure to keep.
  s = check(cat, "conv_transpose2d", {at::kFloat, at::kHalf},
      [](const CheckContext& x) { return Tensors{randn64({x.pick(2, 32), 64, 28, 28}), randn64({64, 32, 4, 4}) / 16.0}; },
      [](const Tensors& t) { return at::conv_transpose2d(t[0], t[1], {}, 2, 1); });
  s.conv.stride = {2, 2};
  s.conv.padding = {1, 1};
  s.conv.dilation = {1, 1};
  s.conv.output_padding = {0, 0};
  s.conv.transposed = true;
  s.backend = CheckSpec::Backend::conv;
  s.may_use_tf32 = true;
  s.flop = [](const Tensors& t) { return 2.0 * t[0].numel() * t[1].size(1) * 16; };
  c.push_back(s);

  auto image = [](const CheckContext& x) { return Tensors{randn64({x.pick(2, 32), 64, 56, 56})}; };
  c.push_back(check(cat, "max_pool2d", kAllFloat, image, [](const Tensors& t) { return at::max_pool2d(t[0], {3, 3}, {2, 2}, {1, 1}); }));
  c.push_back(check(cat, "avg_pool2d", kFloat32, image, [](const Tensors& t) { return at::avg_pool2d(t[0], {2, 2}); }));
  c.push_back(check(cat, "adaptive_avg_pool2d", kFloat32, image, [](const Tensors& t) { return at::adaptive_avg_pool2d(t[0], {1, 1}); }));
  // Images of a batch are independent: the reference recomputes 4 of them (first, last, two between).
  for (auto& s : c)
    if (s.category == cat) s.sample = sample_along({0}, 0, kImages);
}

void add_normalisation(std::vector<CheckSpec>& c) {
  const char* cat = "normalisation";
  auto image_with_stats = [](const CheckContext& x) {
    return Tensors{randn64({x.pick(2, 32), 64, 56, 56}), uniform64({64}, 0.5, 1.5), randn64({64}),
                   randn64({64}) * 0.1, uniform64({64}, 0.5, 2.0)};
  };
  // Statistics and affine parameters stay fp32 for half inputs, as nn.BatchNorm under autocast keeps them.
  auto s = check(cat, "batch_norm_eval", {at::kFloat, at::kHalf}, image_with_stats, [](const Tensors& t) {
    return at::batch_norm(t[0], t[1], t[2], t[3], t[4], /*training=*/false, 0.1, 1e-5, /*cudnn_enabled=*/true);
  });
  s.keep_float32 = {1, 2, 3, 4};
  s.sample = sample_along({0}, 0, kImages);
  c.push_back(s);
  s.name = "batch_norm_train";
  // Batch statistics are per channel: the reference recomputes sampled channels (all images, all pixels).
  s.sample = sample_along({0}, 1, 8);
  for (size_t i = 1; i <= 4; ++i) s.sample.inputs.emplace_back(i, 0);
  // Training mode normalises with the batch statistics; clones keep the running stats of the inputs unchanged.
  s.op = [](const Tensors& t) {
    return at::batch_norm(t[0], t[1], t[2], t[3].clone(), t[4].clone(), /*training=*/true, 0.1, 1e-5, true);
  };
  c.push_back(s);

  auto rows = [](const CheckContext& x) {
    auto hidden = x.pick(512, 4096);
    return Tensors{randn64({x.pick(256, 4096), hidden}), uniform64({hidden}, 0.5, 1.5), randn64({hidden})};
  };
  c.push_back(check(cat, "layer_norm", kAllFloat, rows,
      [](const Tensors& t) { return at::layer_norm(t[0], {t[0].size(-1)}, t[1], t[2], 1e-5); }));

  c.push_back(check(cat, "group_norm", kFloat32,
      [](const CheckContext& x) { return Tensors{randn64({x.pick(2, 16), 64, 56, 56}), uniform64({64}, 0.5, 1.5), randn64({64})}; },
      [](const Tensors& t) { return at::group_norm(t[0], 32, t[1], t[2], 1e-5); }));
  c.back().sample = sample_along({0}, 0, kImages);

  s = check(cat, "rms_norm", kAllFloat, rows, nullptr);
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 4)
  s.op = [](const Tensors& t) { return at::rms_norm(t[0], {t[0].size(-1)}, t[1], 1e-6); };
#else
  s.skip_reason = too_old("at::rms_norm", "2.4");
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 4)
  s.reference = [](const Tensors& t) { return rms_norm_composite(t[0], t[1], 1e-6); };
  c.push_back(s);

  // What models did before F.rms_norm existed (and many still do): five kernels instead of one.
  c.push_back(check(cat, "rms_norm_composite", kAllFloat, rows,
      [](const Tensors& t) { return rms_norm_composite(t[0], t[1], 1e-6); }));
  // layer_norm, rms_norm: each row normalised on its own; the reference recomputes sampled rows.
  for (auto& s : c)
    if (s.category == cat && s.name != "batch_norm_eval" && s.name != "batch_norm_train" && s.name != "group_norm")
      s.sample = sample_along({0}, 0, kRows);
}

void add_activations(std::vector<CheckSpec>& c) {
  const char* cat = "activations";
  auto big = [](const CheckContext& x) { return Tensors{randn64({x.pick(256, 4096), x.pick(1024, 4096)}) * 3.0}; };
  c.push_back(check(cat, "relu", kFloat32, big, [](const Tensors& t) { return at::relu(t[0]); }));
  c.push_back(check(cat, "gelu", kAllFloat, big, [](const Tensors& t) { return at::gelu(t[0]); }));
  c.push_back(check(cat, "gelu_tanh", kFloat32, big, [](const Tensors& t) { return at::gelu(t[0], "tanh"); }));
  auto silu = check(cat, "silu", kAllFloat, big, [](const Tensors& t) { return at::silu(t[0]); });
  silu.reference = [](const Tensors& t) { return t[0] * at::sigmoid(t[0]); };
  c.push_back(silu);
  c.push_back(check(cat, "sigmoid", kFloat32, big, [](const Tensors& t) { return at::sigmoid(t[0]); }));
  c.push_back(check(cat, "tanh", kFloat32, big, [](const Tensors& t) { return at::tanh(t[0]); }));
  c.push_back(check(cat, "leaky_relu", kFloat32, big, [](const Tensors& t) { return at::leaky_relu(t[0], 0.01); }));
  auto mish = check(cat, "mish", kFloat32, big, [](const Tensors& t) { return at::mish(t[0]); });
  mish.reference = [](const Tensors& t) { return t[0] * at::tanh(at::softplus(t[0])); };
  c.push_back(mish);
  c.push_back(check(cat, "softmax", kAllFloat, big, [](const Tensors& t) { return at::softmax(t[0], -1); }));
  c.push_back(check(cat, "log_softmax", kFloat32, big, [](const Tensors& t) { return at::log_softmax(t[0], -1); }));
  // Elementwise, or along a row (softmax): the reference recomputes sampled rows.
  for (auto& s : c)
    if (s.category == cat) s.sample = sample_along({0}, 0, kRows);
}

void add_attention(std::vector<CheckSpec>& c) {
  const char* cat = "attention";
  auto qkv = [](const CheckContext& x) {
    int64_t b = 2, h = x.pick(4, 16), l = x.pick(128, 1024), d = 64;
    return Tensors{randn64({b, h, l, d}), randn64({b, h, l, d}), randn64({b, h, l, d})};
  };
  auto manual = check(cat, "attention_manual", kAllFloat, qkv,
      [](const Tensors& t) { return attention_composite(t[0], t[1], t[2], at::Tensor(), false); });
  manual.flop = [](const Tensors& t) { return 4.0 * t[0].numel() * t[1].size(-2); };
  c.push_back(manual);
  c.push_back(sdpa_check(cat, "sdpa", kAllFloat, qkv, false));
  c.push_back(sdpa_check(cat, "sdpa_causal", kAllFloat, qkv, true));
  // A padding mask (additive, per key) keeps flash attention out: the report shows who served instead.
  c.push_back(sdpa_check(cat, "sdpa_padding_mask", {at::kFloat, at::kBFloat16},
      [qkv](const CheckContext& x) {
        auto t = qkv(x);
        auto keys = t[1].size(2);
        auto mask = at::zeros({t[0].size(0), 1, 1, keys}, at::kDouble);
        mask.narrow(3, keys - keys / 4, keys / 4).fill_(-1e4);  // last quarter of the keys is padding
        t.push_back(mask);
        return t;
      },
      false));
  // Heads are independent (the padding mask is shared by all heads): the reference recomputes 3 heads of
  // each sequence (first, middle, last), all queries and keys.
  for (auto& s : c)
    if (s.category == cat) s.sample = sample_along({0, 1, 2}, 1, 3);
}

}  // namespace

void add_nn_checks(std::vector<CheckSpec>& checks) {
  add_convolution(checks);
  add_normalisation(checks);
  add_activations(checks);
  add_attention(checks);
}

}  // namespace dualgpu::smoke
