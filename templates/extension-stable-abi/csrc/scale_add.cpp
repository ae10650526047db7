// scale_add.cpp: the torch side of one op through torch's stable ABI only (torch/csrc/stable,
// torch/headeronly): its schema, input checks, CPU kernel, and in GPU builds the wrapper that calls the
// kernel launcher of cuda/scale_add.cu. TORCH_TARGET_VERSION (STABLE_ABI in CMakeLists.txt) makes
// anything newer or outside the stable ABI a compile error, so the built library loads into that torch
// release and every later one. Adding an op: copy this file, cuda/scale_add.cu and
// python/@NAME@/ops/scale_add.py (see README.md); no central list to edit.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>

#include <cstdint>

#if !defined(DUALGPU_PLATFORM_CPU)
#include <cuda_runtime.h>  // CUDA spelling: on ROCm, DualGPU's header of that name maps it to HIP
#include <torch/csrc/stable/accelerator.h>

#include "dualgpu/runtime.hpp"

// The current stream of torch's CUDA (or ROCm) backend. Declared here because torch's own declaration
// (torch/csrc/inductor/aoti_torch/c/shim.h) is behind USE_CUDA, which a HIP build does not define.
extern "C" AOTITorchError aoti_torch_get_current_cuda_stream(int32_t device_index, void** ret_stream);

namespace @NAME@ {
// Defined in cuda/scale_add.cu (for float and double), which stays torch-free so it compiles in seconds:
// out[i] = x[i] * scale + y[i] for n values, asynchronously on stream; returns the launch's error.
template <typename T>
dualgpu::error_t launch_scale_add(T* out, const T* x, const T* y, T scale, std::int64_t n, dualgpu::stream_t stream);
}  // namespace @NAME@
#endif  // !DUALGPU_PLATFORM_CPU

namespace @NAME@ {
namespace {

using torch::stable::Tensor;

using torch::headeronly::ScalarType;

// float64 too, so that torch.autograd.gradcheck can check the gradient (tests/test_scale_add.py).
void check_inputs(const Tensor& x, const Tensor& y) {
  STD_TORCH_CHECK(x.scalar_type() == ScalarType::Float || x.scalar_type() == ScalarType::Double,
                  "x must have dtype float32 or float64");
  STD_TORCH_CHECK(y.scalar_type() == x.scalar_type(), "y must have the dtype of x");
  STD_TORCH_CHECK(x.is_contiguous() && y.is_contiguous(), "x and y must be contiguous");
  STD_TORCH_CHECK(x.get_device_index() == y.get_device_index() && x.is_cpu() == y.is_cpu(),
                  "x and y must be on the same device");
  bool same_shape = x.dim() == y.dim();
  for (int64_t d = 0; same_shape && d < x.dim(); ++d) same_shape = x.size(d) == y.size(d);
  STD_TORCH_CHECK(same_shape, "x and y must have the same shape");
}

template <typename T>
void scale_add_loop(Tensor& out, const Tensor& x, const Tensor& y, double scale) {
  const T* xs = x.const_data_ptr<T>();
  const T* ys = y.const_data_ptr<T>();
  T* outs = out.mutable_data_ptr<T>();
  const auto s = static_cast<T>(scale);
  for (int64_t i = 0, n = x.numel(); i < n; ++i) outs[i] = xs[i] * s + ys[i];
}

Tensor scale_add_cpu(Tensor x, Tensor y, double scale) {
  check_inputs(x, y);
  Tensor out = torch::stable::empty_like(x);
  if (x.scalar_type() == ScalarType::Double)
    scale_add_loop<double>(out, x, y, scale);
  else
    scale_add_loop<float>(out, x, y, scale);
  return out;
}

#if !defined(DUALGPU_PLATFORM_CPU)
Tensor scale_add_gpu(Tensor x, Tensor y, double scale) {
  check_inputs(x, y);
  const torch::stable::accelerator::DeviceGuard guard(x.get_device_index());
  Tensor out = torch::stable::empty_like(x);
  void* stream = nullptr;
  STD_TORCH_CHECK(aoti_torch_get_current_cuda_stream(x.get_device_index(), &stream) == AOTI_TORCH_SUCCESS,
                  "cannot get torch's current stream");
  const auto s = static_cast<dualgpu::stream_t>(stream);
  const dualgpu::error_t error =
      x.scalar_type() == ScalarType::Double
          ? launch_scale_add(out.mutable_data_ptr<double>(), x.const_data_ptr<double>(), y.const_data_ptr<double>(),
                             scale, x.numel(), s)
          : launch_scale_add(out.mutable_data_ptr<float>(), x.const_data_ptr<float>(), y.const_data_ptr<float>(),
                             static_cast<float>(scale), x.numel(), s);
  STD_TORCH_CHECK(error == dualgpu::error_success, "scale_add: kernel launch failed: ", cudaGetErrorString(error));
  return out;
}
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace
}  // namespace @NAME@

// A fragment per op: torch.ops.@NAME@.<op> collects them, so no file lists every op.
STABLE_TORCH_LIBRARY_FRAGMENT(@NAME@, m) { m.def("scale_add(Tensor x, Tensor y, float scale) -> Tensor"); }

STABLE_TORCH_LIBRARY_IMPL(@NAME@, CPU, m) { m.impl("scale_add", TORCH_BOX(&@NAME@::scale_add_cpu)); }

#if !defined(DUALGPU_PLATFORM_CPU)
// ROCm builds of torch register their GPU under the CUDA key too.
STABLE_TORCH_LIBRARY_IMPL(@NAME@, CUDA, m) { m.impl("scale_add", TORCH_BOX(&@NAME@::scale_add_gpu)); }
#endif  // !DUALGPU_PLATFORM_CPU
