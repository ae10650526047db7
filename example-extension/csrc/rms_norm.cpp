// rms_norm.cpp: the op's schema, input checks, CPU kernel and registration; on GPU platforms also the
// GPU wrapper, which calls the torch-free launcher of cuda/rms_norm.cu declared below.
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "common.h"

#include <torch/library.h>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#include "dualgpu/torch.hpp"
#endif

namespace dualgpu_example {

void check_norm_inputs(const at::Tensor& x, const at::Tensor& weight) {
  check_float_tensor(x, "x");
  check_like(weight, "weight", x, "x");
  TORCH_CHECK(x.dim() >= 1, "x must have at least one dimension (..., hidden), got a scalar");
  TORCH_CHECK(weight.dim() == 1 && weight.size(0) == x.size(-1), "weight must have shape [", x.size(-1),
              "] (x's last dimension), got ", weight.sizes());
}

at::Tensor rms_norm_float(const at::Tensor& xf, const at::Tensor& weight, double eps) {
  return xf.mul(xf.pow(2).mean(-1, /*keepdim=*/true).add(eps).rsqrt()).mul(weight.to(at::kFloat));
}

namespace {

// Float math through ATen, rounded once at the end: the reference the GPU kernels are tested against.
at::Tensor rms_norm_cpu(const at::Tensor& x, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  if (x.numel() == 0) return x.new_empty(x.sizes());
  return rms_norm_float(x.to(at::kFloat), weight, eps).to(x.scalar_type());
}

}  // namespace

#if !defined(DUALGPU_PLATFORM_CPU)
// cuda/rms_norm.cu: asynchronous on `stream`; returns the launch error.
dualgpu::error_t launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows,
                                 std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream);

namespace {

at::Tensor rms_norm_gpu(const at::Tensor& x, const at::Tensor& weight, double eps) {
  check_norm_inputs(x, weight);
  const dualgpu::device_guard guard(x);
  at::Tensor out = x.new_empty(x.sizes());  // x is contiguous (checked), and so is out
  const int64_t hidden = x.size(-1);
  DUALGPU_CHECK(launch_rms_norm(out.data_ptr(), x.data_ptr(), weight.data_ptr(), static_cast<float>(eps),
                                hidden == 0 ? 0 : x.numel() / hidden, hidden, kind_of(x),
                                dualgpu::current_stream(x)));
  return out;
}

}  // namespace
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace dualgpu_example

// The namespace is the library's name: torch.ops.dualgpu_example.rms_norm.
TORCH_LIBRARY_FRAGMENT(dualgpu_example, m) { m.def("rms_norm(Tensor x, Tensor weight, float eps) -> Tensor"); }

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) { m.impl("rms_norm", &dualgpu_example::rms_norm_cpu); }

#if !defined(DUALGPU_PLATFORM_CPU)
// ROCm builds of torch register their GPU under the CUDA key too.
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) { m.impl("rms_norm", &dualgpu_example::rms_norm_gpu); }
#endif
