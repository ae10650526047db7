// How a check is described: inputs (float64, built once), the operator that is timed, and the
// float64 CPU reference it must match. The registries (checks_*.cpp) only fill these in; the
// runner does the rest the same way for every check.
#pragma once

#include <ATen/ATen.h>
#include <torch/version.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

// TORCH_VERSION_MAJOR/MINOR as one comparable number, e.g. 213 for 2.13.
#define DUALGPU_SMOKE_TORCH_AT_LEAST(major, minor) \
  ((TORCH_VERSION_MAJOR * 100 + TORCH_VERSION_MINOR) >= ((major) * 100 + (minor)))

namespace dualgpu::smoke {

using Tensors = std::vector<at::Tensor>;

// What a registry needs to pick sizes: GPU sizes are meaningful for a GPU, CPU sizes keep a CPU run in seconds.
struct CheckContext {
  bool on_gpu = false;
  int64_t pick(int64_t cpu_size, int64_t gpu_size) const { return on_gpu ? gpu_size : cpu_size; }
};

struct CheckSpec {
  std::string category;
  std::string name;
  // fp32 always; float16/bfloat16 where people use them (the runner drops those the device lacks).
  std::vector<at::ScalarType> dtypes{at::kFloat};
  // Non-empty: the operator is absent from this libtorch (decided at compile time); reported as skipped.
  std::string skip_reason;
  // float64 CPU inputs. The runner rounds floating ones through the check's dtype (so the reference
  // sees exactly the device's inputs) and moves them to the device; integer and bool inputs only move.
  std::function<Tensors(const CheckContext&)> make_inputs;
  // The operator under test; this is all that is timed.
  std::function<at::Tensor(const Tensors&)> op;
  // float64 CPU reference; empty means `op` itself on the float64 inputs.
  std::function<at::Tensor(const Tensors&)> reference;
  // The part of the output the reference covers (LLM shapes compare a slice to keep the CPU reference fast).
  std::function<at::Tensor(const at::Tensor&)> compare_view;
  // Floating inputs kept in float32 whatever the check's dtype (e.g. batch-norm statistics).
  std::vector<size_t> keep_float32;
  // Work per call for a throughput figure: FLOP when given, else bytes of inputs + output.
  std::function<double(const Tensors&)> flop;
  double tolerance_scale = 1.0;  // for long accumulations
  bool may_use_tf32 = false;     // convolutions: cuDNN allows TF32 for fp32 by default
  enum class Backend { none, blas, conv, sdpa } backend = Backend::none;
  // For Backend::conv: stride, padding, dilation, transposed, output_padding, groups of the call.
  struct Conv {
    std::vector<int64_t> stride{1}, padding{0}, dilation{1}, output_padding{0};
    bool transposed = false;
    int64_t groups = 1;
  } conv;
  bool sdpa_causal = false;  // for Backend::sdpa: inputs 0..2 are q, k, v, input 3 an optional mask
  // Row-independent operators: output index i along `output_dim` depends only on index i along `dim` of
  // the listed inputs (the other inputs are used whole). When that dim is longer than `budget`, the
  // float64 reference recomputes only a deterministic sample of indices (see sample_indices) and the
  // device output is compared there; the whole output must still be finite (checked on the device).
  // Empty `inputs`: the reference covers everything (reductions over all elements, losses).
  struct Sample {
    std::vector<std::pair<size_t, int64_t>> inputs;  // (input index, dim)
    int64_t output_dim = 0;
    int64_t budget = 64;  // indices the reference recomputes along that dim
  } sample;
};

// Sample of dim `dim` of inputs `which` (and of the output's same dim), `budget` indices kept.
inline CheckSpec::Sample sample_along(std::vector<size_t> which, int64_t dim, int64_t budget) {
  CheckSpec::Sample s;
  for (auto i : which) s.inputs.emplace_back(i, dim);
  s.output_dim = dim;
  s.budget = budget;
  return s;
}

// Default sample sizes: rows of a matrix (or batch rows, heads' query rows), elements of a vector.
constexpr int64_t kRows = 64;
constexpr int64_t kElements = 1 << 16;
constexpr int64_t kImages = 4;  // images of a batch (convolutions, pooling, batch/group norm)

inline CheckSpec with_sample(CheckSpec s, CheckSpec::Sample sample) {
  s.sample = std::move(sample);
  return s;
}

// The indices a sampled reference recomputes out of n: up to 16 blocks of budget/16 consecutive indices,
// the first block at 0, the last ending at n-1, the others evenly spread between (so the offsets are not
// multiples of a power of two: they fall at different places of the kernels' tiles). Empty when n <= budget.
inline std::vector<int64_t> sample_indices(int64_t n, int64_t budget) {
  std::vector<int64_t> idx;
  if (n <= budget || budget <= 0) return idx;
  const int64_t blocks = std::min<int64_t>(16, budget), length = std::max<int64_t>(1, budget / blocks);
  for (int64_t j = 0; j < blocks; ++j) {
    const int64_t start = blocks == 1 ? 0 : j * (n - length) / (blocks - 1);
    for (int64_t i = start; i < start + length; ++i)
      if (idx.empty() || i > idx.back()) idx.push_back(i);
  }
  return idx;
}

// The dtypes a check runs in: fp32 alone, or with the two half types people train and serve in.
inline const std::vector<at::ScalarType> kAllFloat{at::kFloat, at::kHalf, at::kBFloat16};
inline const std::vector<at::ScalarType> kFloat32{at::kFloat};

// A check from its names, dtypes, inputs and operator; the registries set the rest field by field.
inline CheckSpec check(const char* category, const char* name, std::vector<at::ScalarType> dtypes,
                       std::function<Tensors(const CheckContext&)> inputs,
                       std::function<at::Tensor(const Tensors&)> op) {
  CheckSpec s;
  s.category = category;
  s.name = name;
  s.dtypes = std::move(dtypes);
  s.make_inputs = std::move(inputs);
  s.op = std::move(op);
  return s;
}

// Registries, one per file: checks_math.cpp, checks_nn.cpp, checks_llm.cpp.
void add_math_checks(std::vector<CheckSpec>& checks);  // linear algebra, reductions, elementwise, shape, losses
void add_nn_checks(std::vector<CheckSpec>& checks);    // convolution, normalisation, activations, attention
void add_llm_checks(std::vector<CheckSpec>& checks);   // decoder layer, prefill and decode (--profile llm)

// Seeded float64 inputs, drawn on the device the check runs on (set by the runner): a GPU draws tens of
// millions of numbers in microseconds, where the CPU's generator is serial and would take seconds.
inline at::Device& input_device() {
  static at::Device device(at::kCPU);
  return device;
}
inline at::Tensor randn64(at::IntArrayRef shape) {
  return at::randn(shape, at::TensorOptions().dtype(at::kDouble).device(input_device()));
}
inline at::Tensor uniform64(at::IntArrayRef shape, double low, double high) {
  return at::rand(shape, at::TensorOptions().dtype(at::kDouble).device(input_device())) * (high - low) + low;
}
inline at::Tensor randint64(int64_t high, at::IntArrayRef shape) {
  return at::randint(high, shape, at::TensorOptions().dtype(at::kLong).device(input_device()));
}

}  // namespace dualgpu::smoke
