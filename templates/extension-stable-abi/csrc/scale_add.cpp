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
#include <torch/csrc/stable/accelerator.h>

#include "dualgpu/runtime.hpp"

// The current stream of torch's CUDA (or ROCm) backend. Declared here because torch's own declaration
// (torch/csrc/inductor/aoti_torch/c/shim.h) is behind USE_CUDA, which a HIP build does not define.
extern "C" AOTITorchError aoti_torch_get_current_cuda_stream(int32_t device_index, void** ret_stream);

namespace @NAME@ {
// Defined in cuda/scale_add.cu, which stays torch-free so it compiles in seconds: out[i] = x[i] * scale + y[i]
// for n floats, asynchronously on stream; returns the launch's error.
dualgpu::error_t launch_scale_add(float* out, const float* x, const float* y, float scale, std::int64_t n,
                                  dualgpu::stream_t stream);
}  // namespace @NAME@
#endif  // !DUALGPU_PLATFORM_CPU

namespace @NAME@ {
namespace {

using torch::stable::Tensor;

void check_inputs(const Tensor& x, const Tensor& y) {
  STD_TORCH_CHECK(x.scalar_type() == torch::headeronly::ScalarType::Float, "x must have dtype float32");
  STD_TORCH_CHECK(y.scalar_type() == torch::headeronly::ScalarType::Float, "y must have dtype float32");
  STD_TORCH_CHECK(x.is_contiguous() && y.is_contiguous(), "x and y must be contiguous");
  STD_TORCH_CHECK(x.get_device_index() == y.get_device_index() && x.is_cpu() == y.is_cpu(),
                  "x and y must be on the same device");
  bool same_shape = x.dim() == y.dim();
  for (int64_t d = 0; same_shape && d < x.dim(); ++d) same_shape = x.size(d) == y.size(d);
  STD_TORCH_CHECK(same_shape, "x and y must have the same shape");
}

Tensor scale_add_cpu(Tensor x, Tensor y, double scale) {
  check_inputs(x, y);
  Tensor out = torch::stable::empty_like(x);
  const float* xs = x.const_data_ptr<float>();
  const float* ys = y.const_data_ptr<float>();
  float* outs = out.mutable_data_ptr<float>();
  const auto s = static_cast<float>(scale);
  for (int64_t i = 0, n = x.numel(); i < n; ++i) outs[i] = xs[i] * s + ys[i];
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
  const dualgpu::error_t error = launch_scale_add(out.mutable_data_ptr<float>(), x.const_data_ptr<float>(),
                                                  y.const_data_ptr<float>(), static_cast<float>(scale), x.numel(),
                                                  static_cast<dualgpu::stream_t>(stream));
  STD_TORCH_CHECK(error == dualgpu::error_success, "scale_add: kernel launch failed: ", DUALGPU_RT(GetErrorString)(error));
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
