// scale_add.cpp: the torch side of one op: its schema, input checks, CPU kernel, and in GPU builds
// the wrapper that calls the kernel launcher of cuda/scale_add.cu. Adding an op: copy this file,
// cuda/scale_add.cu and python/@NAME@/ops/scale_add.py (see README.md); no central list to edit.
#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <torch/library.h>

#include "dualgpu/torch.hpp"

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"

namespace @NAME@ {
// Defined in cuda/scale_add.cu (for float and double), which stays torch-free so it compiles in seconds:
// out[i] = x[i] * scale + y[i] for n values, asynchronously on stream; returns the launch's error.
template <typename T>
dualgpu::error_t launch_scale_add(T* out, const T* x, const T* y, T scale, std::int64_t n, dualgpu::stream_t stream);
}  // namespace @NAME@
#endif  // !DUALGPU_PLATFORM_CPU

namespace @NAME@ {
namespace {

// float64 too, so that torch.autograd.gradcheck can check the gradient (tests/test_scale_add.py).
void check_inputs(const at::Tensor& x, const at::Tensor& y) {
  DUALGPU_CHECK_DTYPE(x, at::kFloat, at::kDouble);
  DUALGPU_CHECK_DTYPE(y, x.scalar_type());
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
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_add", [&] {
    DUALGPU_CHECK(launch_scale_add(out.data_ptr<scalar_t>(), x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(),
                                   static_cast<scalar_t>(scale), x.numel(), dualgpu::current_stream(x)));
  });
  return out;
}
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace
}  // namespace @NAME@

// A fragment per op: torch.ops.@NAME@.<op> collects them, so no file lists every op.
TORCH_LIBRARY_FRAGMENT(@NAME@, m) { m.def("scale_add(Tensor x, Tensor y, float scale) -> Tensor"); }

TORCH_LIBRARY_IMPL(@NAME@, CPU, m) { m.impl("scale_add", &@NAME@::scale_add_cpu); }

#if !defined(DUALGPU_PLATFORM_CPU)
// ROCm builds of torch register their GPU under the CUDA key too.
TORCH_LIBRARY_IMPL(@NAME@, CUDA, m) { m.impl("scale_add", &@NAME@::scale_add_gpu); }
#endif  // !DUALGPU_PLATFORM_CPU
