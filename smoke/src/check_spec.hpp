// How a check is described: inputs (float64, built once), the operator that is timed, and the
// float64 CPU reference it must match. The registries (checks_*.cpp) only fill these in; the
// runner does the rest the same way for every check.
#pragma once

#include <ATen/ATen.h>
#include <torch/version.h>

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
};

// Registries, one per group of categories.
void add_math_checks(std::vector<CheckSpec>& checks);  // linear algebra, reductions, elementwise, shape, losses
void add_nn_checks(std::vector<CheckSpec>& checks);    // convolution, normalisation, activations, attention
void add_llm_checks(std::vector<CheckSpec>& checks);   // decoder layer, prefill and decode (--profile llm)

// Seeded float64 CPU inputs.
inline at::Tensor randn64(at::IntArrayRef shape) { return at::randn(shape, at::TensorOptions().dtype(at::kDouble)); }
inline at::Tensor uniform64(at::IntArrayRef shape, double low, double high) {
  return at::rand(shape, at::TensorOptions().dtype(at::kDouble)) * (high - low) + low;
}
inline at::Tensor randint64(int64_t high, at::IntArrayRef shape) {
  return at::randint(high, shape, at::TensorOptions().dtype(at::kLong));
}

}  // namespace dualgpu::smoke
