// fused_add_rms_norm.cu: residual = x + residual; x = rms_norm(residual) * weight, both in place, per
// row (CUDA spelling; HIP on ROCm). No torch here: the launcher takes raw pointers and is declared in
// ../fused_add_rms_norm.cpp. The kernels are in norm_kernels.cuh, shared with rms_norm.cu and
// fused_add_rms_norm_functional.cu (the out-of-place form).
#include "norm_kernels.cuh"

namespace dualgpu_example {

dualgpu::error_t launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps,
                                           std::int64_t rows, std::int64_t hidden, scalar_kind kind,
                                           dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return detail::with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    return launch_norm<true, false, T>({x, residual, weight}, static_cast<T*>(x), nullptr, static_cast<T*>(residual),
                                       nullptr, static_cast<const T*>(weight), eps, rows, hidden, stream);
  });
}

}  // namespace dualgpu_example
