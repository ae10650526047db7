// ops.cpp: operator schemas, input checks, the CPU kernel and (GPU builds) the GPU glue.
// The only torch translation unit: keep it small, it dominates the build time.
#include <ATen/ATen.h>
#include <torch/library.h>

#include "dualgpu/torch.hpp"

#if !defined(DUALGPU_PLATFORM_CPU)
#include "kernels.h"
#endif  // !DUALGPU_PLATFORM_CPU

namespace @NAME@ {
namespace {

void check_inputs(const at::Tensor& x, const at::Tensor& y) {
  DUALGPU_CHECK_DTYPE(x, at::kFloat);
  DUALGPU_CHECK_DTYPE(y, at::kFloat);
  DUALGPU_CHECK_CONTIGUOUS(x);
  DUALGPU_CHECK_CONTIGUOUS(y);
  DUALGPU_CHECK_SAME_DEVICE(x, y);
  TORCH_CHECK(x.sizes() == y.sizes(), "x and y must have the same shape, got ", x.sizes(), " and ", y.sizes());
}

at::Tensor scale_add_cpu(const at::Tensor& x, const at::Tensor& y, double scale) {
  check_inputs(x, y);
  return x * scale + y;
}

#if !defined(DUALGPU_PLATFORM_CPU)
at::Tensor scale_add_gpu(const at::Tensor& x, const at::Tensor& y, double scale) {
  check_inputs(x, y);
  const dualgpu::device_guard guard(x);
  at::Tensor out = at::empty_like(x);
  launch_scale_add(out.data_ptr<float>(), x.data_ptr<float>(), y.data_ptr<float>(), static_cast<float>(scale),
                   x.numel(), dualgpu::current_stream(x));
  return out;
}
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace
}  // namespace @NAME@

// The namespace is the library's name: torch.ops.@NAME@.<op>.
TORCH_LIBRARY(@NAME@, m) { m.def("scale_add(Tensor x, Tensor y, float scale) -> Tensor"); }

TORCH_LIBRARY_IMPL(@NAME@, CPU, m) { m.impl("scale_add", &@NAME@::scale_add_cpu); }

#if !defined(DUALGPU_PLATFORM_CPU)
// ROCm builds of torch register their GPU under the CUDA key too.
TORCH_LIBRARY_IMPL(@NAME@, CUDA, m) { m.impl("scale_add", &@NAME@::scale_add_gpu); }
#endif  // !DUALGPU_PLATFORM_CPU
