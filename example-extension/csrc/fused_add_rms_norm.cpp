// fused_add_rms_norm.cpp: the op's two forms, in place (as vLLM's) and functional (new tensors, as
// Liger-Kernel's and Hugging Face's): schemas, input checks, CPU kernels and registration; on GPU platforms
// also the GPU wrappers, which call the torch-free launchers of cuda/fused_add_rms_norm.cu and
// cuda/fused_add_rms_norm_functional.cu declared below.
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "common.h"

#include <torch/library.h>

#include <tuple>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#include "dualgpu/torch.hpp"
#endif

namespace dualgpu_example {
namespace {

void check_fused_add_rms_norm_inputs(const at::Tensor& x, const at::Tensor& residual, const at::Tensor& weight) {
  check_norm_inputs(x, weight);
  check_like(residual, "residual", x, "x");
  TORCH_CHECK(residual.sizes() == x.sizes(), "residual must have x's shape ", x.sizes(), ", got ", residual.sizes());
}

// In place, as vLLM: residual += x (rounded to its dtype, as on the GPU), then x = rms_norm(residual).
void fused_add_rms_norm_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps) {
  check_fused_add_rms_norm_inputs(x, residual, weight);
  if (x.numel() == 0) return;
  residual.copy_(x.to(at::kFloat).add(residual.to(at::kFloat)));
  x.copy_(rms_norm_float(residual.to(at::kFloat), weight, eps));
}

// Functional: (out, residual_out) new, x and the residual untouched; the same values as in place.
std::tuple<at::Tensor, at::Tensor> fused_add_rms_norm_functional_cpu(const at::Tensor& x, const at::Tensor& residual,
                                                                     const at::Tensor& weight, double eps) {
  check_fused_add_rms_norm_inputs(x, residual, weight);
  at::Tensor residual_out = x.to(at::kFloat).add(residual.to(at::kFloat)).to(x.scalar_type());
  if (x.numel() == 0) return {x.new_empty(x.sizes()), residual_out};
  return {rms_norm_float(residual_out.to(at::kFloat), weight, eps).to(x.scalar_type()), residual_out};
}

}  // namespace

#if !defined(DUALGPU_PLATFORM_CPU)
// cuda/fused_add_rms_norm.cu: asynchronous on `stream`; returns the launch error.
dualgpu::error_t launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps,
                                           std::int64_t rows, std::int64_t hidden, scalar_kind kind,
                                           dualgpu::stream_t stream);
// cuda/fused_add_rms_norm_functional.cu: the same, out of place; out and residual_out overlap no input.
dualgpu::error_t launch_fused_add_rms_norm_functional(void* out, void* residual_out, const void* x,
                                                      const void* residual, const void* weight, float eps,
                                                      std::int64_t rows, std::int64_t hidden, scalar_kind kind,
                                                      dualgpu::stream_t stream);

namespace {

void fused_add_rms_norm_gpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps) {
  check_fused_add_rms_norm_inputs(x, residual, weight);
  const dualgpu::device_guard guard(x);
  const int64_t hidden = x.size(-1);
  DUALGPU_CHECK(launch_fused_add_rms_norm(x.data_ptr(), residual.data_ptr(), weight.data_ptr(),
                                          static_cast<float>(eps), hidden == 0 ? 0 : x.numel() / hidden, hidden,
                                          kind_of(x), dualgpu::current_stream(x)));
}

std::tuple<at::Tensor, at::Tensor> fused_add_rms_norm_functional_gpu(const at::Tensor& x, const at::Tensor& residual,
                                                                     const at::Tensor& weight, double eps) {
  check_fused_add_rms_norm_inputs(x, residual, weight);
  const dualgpu::device_guard guard(x);
  at::Tensor out = x.new_empty(x.sizes());  // x is contiguous (checked), and so are both outputs
  at::Tensor residual_out = x.new_empty(x.sizes());
  const int64_t hidden = x.size(-1);
  DUALGPU_CHECK(launch_fused_add_rms_norm_functional(
      out.data_ptr(), residual_out.data_ptr(), x.data_ptr(), residual.data_ptr(), weight.data_ptr(),
      static_cast<float>(eps), hidden == 0 ? 0 : x.numel() / hidden, hidden, kind_of(x), dualgpu::current_stream(x)));
  return {out, residual_out};
}

}  // namespace
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace dualgpu_example

TORCH_LIBRARY_FRAGMENT(dualgpu_example, m) {
  m.def("fused_add_rms_norm(Tensor(a!) x, Tensor(b!) residual, Tensor weight, float eps) -> ()");
  m.def("fused_add_rms_norm_functional(Tensor x, Tensor residual, Tensor weight, float eps) -> (Tensor, Tensor)");
}

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) {
  m.impl("fused_add_rms_norm", &dualgpu_example::fused_add_rms_norm_cpu);
  m.impl("fused_add_rms_norm_functional", &dualgpu_example::fused_add_rms_norm_functional_cpu);
}

#if !defined(DUALGPU_PLATFORM_CPU)
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) {
  m.impl("fused_add_rms_norm", &dualgpu_example::fused_add_rms_norm_gpu);
  m.impl("fused_add_rms_norm_functional", &dualgpu_example::fused_add_rms_norm_functional_gpu);
}
#endif
