// Checks for linear algebra, reductions, elementwise, shape/indexing and losses.
#include <ATen/core/Reduction.h>

#include "check_spec.hpp"

namespace dualgpu::smoke {
namespace {

double gemm_flop(int64_t m, int64_t n, int64_t k, int64_t batch = 1) { return 2.0 * m * n * k * batch; }

void add_linear_algebra(std::vector<CheckSpec>& c) {
  const char* cat = "linear-algebra";
  auto s = check(cat, "matmul", kAllFloat,
      [](const CheckContext& x) { auto n = x.pick(256, 2048); return Tensors{randn64({n, n}), randn64({n, n})}; },
      [](const Tensors& t) { return at::matmul(t[0], t[1]); });
  s.sample = sample_along({0}, 0, kRows);
  s.flop = [](const Tensors& t) { return gemm_flop(t[0].size(0), t[1].size(1), t[0].size(1)); };
  s.backend = CheckSpec::Backend::blas;
  c.push_back(s);

  s = check(cat, "linear", kAllFloat,
      [](const CheckContext& x) {
        auto rows = x.pick(256, 2048), in = x.pick(256, 1024), out = x.pick(512, 4096);
        return Tensors{randn64({rows, in}), randn64({out, in}) / std::sqrt(double(in)), randn64({out})};
      },
      [](const Tensors& t) { return at::linear(t[0], t[1], t[2]); });
  s.sample = sample_along({0}, 0, kRows);
  s.flop = [](const Tensors& t) { return gemm_flop(t[0].size(0), t[1].size(0), t[0].size(1)); };
  s.backend = CheckSpec::Backend::blas;
  c.push_back(s);

  s = check(cat, "bmm", kAllFloat,
      [](const CheckContext& x) {
        auto b = x.pick(8, 32), m = x.pick(64, 512), k = x.pick(32, 128);
        return Tensors{randn64({b, m, k}), randn64({b, k, m})};
      },
      [](const Tensors& t) { return at::bmm(t[0], t[1]); });
  s.sample = sample_along({0}, 1, kRows);  // rows of every batch
  s.flop = [](const Tensors& t) { return gemm_flop(t[0].size(1), t[1].size(2), t[0].size(2), t[0].size(0)); };
  s.backend = CheckSpec::Backend::blas;
  c.push_back(s);

  s = check(cat, "einsum_attention_scores", kAllFloat,
      [](const CheckContext& x) {
        int64_t b = 2, h = x.pick(4, 16), q = x.pick(64, 512), d = 64;
        return Tensors{randn64({b, h, q, d}), randn64({b, h, q, d})};
      },
      [](const Tensors& t) { return at::einsum("bhqd,bhkd->bhqk", {t[0], t[1]}); });
  s.sample = sample_along({0}, 2, kRows);  // query rows of every head
  s.flop = [](const Tensors& t) { return gemm_flop(t[0].size(2), t[1].size(2), t[0].size(3), t[0].size(0) * t[0].size(1)); };
  c.push_back(s);

  s = check(cat, "addmm", kFloat32,
      [](const CheckContext& x) { auto n = x.pick(256, 1024); return Tensors{randn64({n}), randn64({n, n}), randn64({n, n})}; },
      [](const Tensors& t) { return at::addmm(t[0], t[1], t[2]); });
  s.sample = sample_along({1}, 0, kRows);
  s.flop = [](const Tensors& t) { return gemm_flop(t[1].size(0), t[2].size(1), t[1].size(1)); };
  s.backend = CheckSpec::Backend::blas;
  c.push_back(s);

  c.push_back(with_sample(check(cat, "matrix_vector", kFloat32,
      [](const CheckContext& x) { auto n = x.pick(1024, 8192); return Tensors{randn64({n, n}), randn64({n})}; },
      [](const Tensors& t) { return at::mv(t[0], t[1]); }), sample_along({0}, 0, kRows)));
}

void add_reductions(std::vector<CheckSpec>& c) {
  const char* cat = "reductions";
  auto matrix = [](const CheckContext& x) { return Tensors{randn64({x.pick(256, 4096), x.pick(1024, 8192)})}; };
  // Reductions along a row: each output row is its own row's, so the reference recomputes sampled rows
  // (whole rows: every reduction still covers all 8192 elements). mean_all reduces everything: full reference.
  const auto rows = sample_along({0}, 0, kRows);
  c.push_back(with_sample(check(cat, "sum", kAllFloat, matrix, [](const Tensors& t) { return at::sum(t[0], {-1}); }), rows));
  c.push_back(check(cat, "mean_all", kFloat32, matrix, [](const Tensors& t) { return at::mean(t[0]); }));
  c.push_back(with_sample(check(cat, "max_dim", kFloat32, matrix, [](const Tensors& t) { return std::get<0>(at::max(t[0], -1)); }), rows));
  // Indices can legitimately differ on ties, so check the values they point at.
  c.push_back(with_sample(check(cat, "argmax", kFloat32, matrix, [](const Tensors& t) {
    return at::gather(t[0], -1, at::argmax(t[0], -1, /*keepdim=*/true));
  }), rows));
  c.push_back(with_sample(check(cat, "topk", kAllFloat, matrix, [](const Tensors& t) {
    auto top = at::topk(t[0], 8, -1);
    return at::cat({std::get<0>(top), at::gather(t[0], -1, std::get<1>(top))}, -1);
  }), rows));
  c.push_back(with_sample(check(cat, "var", kFloat32, matrix, [](const Tensors& t) { return at::var(t[0], {-1}); }), rows));
  c.push_back(with_sample(check(cat, "logsumexp", kFloat32, matrix, [](const Tensors& t) { return at::logsumexp(t[0], {-1}); }), rows));
  auto s = check(cat, "cumsum", kFloat32, matrix, [](const Tensors& t) { return at::cumsum(t[0], -1); });
  s.tolerance_scale = 10;  // a running sum over thousands of terms
  s.sample = rows;
  c.push_back(s);
}

void add_elementwise(std::vector<CheckSpec>& c) {
  const char* cat = "elementwise";
  auto two = [](const CheckContext& x) {
    auto n = x.pick(1 << 18, 1 << 24);
    return Tensors{randn64({n}), randn64({n})};
  };
  auto positive = [](const CheckContext& x) { return Tensors{uniform64({x.pick(1 << 18, 1 << 24)}, 0.5, 4.0)}; };
  c.push_back(check(cat, "add", kAllFloat, two, [](const Tensors& t) { return at::add(t[0], t[1]); }));
  c.push_back(check(cat, "mul", kAllFloat, two, [](const Tensors& t) { return at::mul(t[0], t[1]); }));
  c.push_back(check(cat, "div", kFloat32,
      [](const CheckContext& x) { auto n = x.pick(1 << 18, 1 << 24); return Tensors{randn64({n}), uniform64({n}, 0.5, 2.0)}; },
      [](const Tensors& t) { return at::div(t[0], t[1]); }));
  c.push_back(check(cat, "exp", kAllFloat,
      [](const CheckContext& x) { return Tensors{uniform64({x.pick(1 << 18, 1 << 24)}, -3.0, 3.0)}; },
      [](const Tensors& t) { return at::exp(t[0]); }));
  c.push_back(check(cat, "log", kFloat32, positive, [](const Tensors& t) { return at::log(t[0]); }));
  c.push_back(check(cat, "rsqrt", kFloat32, positive, [](const Tensors& t) { return at::rsqrt(t[0]); }));
  c.push_back(check(cat, "clamp", kFloat32, two, [](const Tensors& t) { return at::clamp(t[0], -0.5, 0.5); }));
  c.push_back(check(cat, "where", kFloat32,
      [](const CheckContext& x) {
        auto n = x.pick(1 << 18, 1 << 24);
        return Tensors{randn64({n}) > 0, randn64({n}), randn64({n})};
      },
      [](const Tensors& t) { return at::where(t[0], t[1], t[2]); }));
  // Output element i depends on element i of each input only: the reference recomputes sampled blocks.
  for (auto& s : c)
    if (s.category == cat) s.sample = sample_along({0, 1, 2}, 0, kElements);
}

void add_shape_and_indexing(std::vector<CheckSpec>& c) {
  const char* cat = "shape-indexing";
  c.push_back(check(cat, "transpose_reshape", kFloat32,
      [](const CheckContext& x) { return Tensors{randn64({8, x.pick(128, 1024), 16, 64})}; },
      [](const Tensors& t) { return t[0].transpose(1, 2).reshape({t[0].size(0) * 16, -1}); }));
  c.push_back(check(cat, "cat", kAllFloat,
      [](const CheckContext& x) { auto n = x.pick(256, 4096); return Tensors{randn64({n, 512}), randn64({n, 256})}; },
      [](const Tensors& t) { return at::cat({t[0], t[1]}, -1); }));
  c.back().sample = sample_along({0, 1}, 0, kRows);
  c.push_back(check(cat, "gather", kFloat32,
      [](const CheckContext& x) {
        auto n = x.pick(256, 4096);
        return Tensors{randn64({n, 1024}), randint64(1024, {n, 256})};
      },
      [](const Tensors& t) { return at::gather(t[0], 1, t[1]); }));
  c.back().sample = sample_along({0, 1}, 0, kRows);
  c.push_back(check(cat, "index_select", kFloat32,
      [](const CheckContext& x) { auto n = x.pick(1024, 16384); return Tensors{randn64({n, 256}), randint64(n, {n / 2})}; },
      [](const Tensors& t) { return at::index_select(t[0], 0, t[1]); }));
  c.back().sample = sample_along({1}, 0, kRows);  // sampled indices, the whole table
  c.push_back(check(cat, "embedding", kAllFloat,
      [](const CheckContext& x) {
        auto vocab = x.pick(4096, 32000), dim = x.pick(256, 1024);
        return Tensors{randn64({vocab, dim}), randint64(vocab, {x.pick(4, 8), x.pick(64, 512)})};
      },
      [](const Tensors& t) { return at::embedding(t[0], t[1]); }));
  c.back().sample = sample_along({1}, 1, kRows);  // sampled token positions, the whole table
  c.push_back(check(cat, "scatter_add", kFloat32,
      [](const CheckContext& x) {
        auto n = x.pick(256, 4096);
        return Tensors{at::zeros({n, 64}, at::kDouble), randint64(64, {n, 512}), randn64({n, 512})};
      },
      [](const Tensors& t) { return at::scatter_add(t[0], 1, t[1], t[2]); }));
  c.back().sample = sample_along({0, 1, 2}, 0, kRows);
  c.push_back(check(cat, "masked_fill", kFloat32,
      [](const CheckContext& x) { auto n = x.pick(256, 4096); return Tensors{randn64({n, 1024}), randn64({n, 1024}) > 1}; },
      [](const Tensors& t) { return at::masked_fill(t[0], t[1], -1e4); }));
  c.back().sample = sample_along({0, 1}, 0, kRows);
}

void add_losses(std::vector<CheckSpec>& c) {
  const char* cat = "losses";
  const int64_t mean = at::Reduction::Mean;
  c.push_back(check(cat, "cross_entropy", kAllFloat,
      [](const CheckContext& x) {
        auto rows = x.pick(256, 1024), classes = x.pick(1000, 32000);
        return Tensors{randn64({rows, classes}), randint64(classes, {rows})};
      },
      [mean](const Tensors& t) { return at::cross_entropy_loss(t[0], t[1], {}, mean, -100, 0.0); }));
  c.push_back(check(cat, "nll_loss", kFloat32,
      [](const CheckContext& x) {
        auto rows = x.pick(256, 4096);
        return Tensors{at::log_softmax(randn64({rows, 100}), -1), randint64(100, {rows})};
      },
      [mean](const Tensors& t) { return at::nll_loss(t[0], t[1], {}, mean, -100); }));
  auto pair = [](const CheckContext& x) { auto n = x.pick(1 << 16, 1 << 22); return Tensors{randn64({n}), randn64({n})}; };
  c.push_back(check(cat, "mse_loss", kAllFloat, pair, [mean](const Tensors& t) { return at::mse_loss(t[0], t[1], mean); }));
  c.push_back(check(cat, "smooth_l1_loss", kFloat32, pair,
      [mean](const Tensors& t) { return at::smooth_l1_loss(t[0], t[1], mean, 1.0); }));
  c.push_back(check(cat, "binary_cross_entropy", kFloat32,
      [](const CheckContext& x) {
        auto n = x.pick(1 << 16, 1 << 22);
        return Tensors{uniform64({n}, 0.05, 0.95), uniform64({n}, 0.0, 1.0)};
      },
      [mean](const Tensors& t) { return at::binary_cross_entropy(t[0], t[1], {}, mean); }));
  c.push_back(check(cat, "bce_with_logits", kFloat32,
      [](const CheckContext& x) {
        auto n = x.pick(1 << 16, 1 << 22);
        return Tensors{randn64({n}), uniform64({n}, 0.0, 1.0)};
      },
      [mean](const Tensors& t) { return at::binary_cross_entropy_with_logits(t[0], t[1], {}, {}, mean); }));
}

}  // namespace

void add_math_checks(std::vector<CheckSpec>& checks) {
  add_linear_algebra(checks);
  add_reductions(checks);
  add_elementwise(checks);
  add_shape_and_indexing(checks);
  add_losses(checks);
}

}  // namespace dualgpu::smoke
