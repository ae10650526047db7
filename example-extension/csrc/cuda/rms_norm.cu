// rms_norm.cu: out = x / sqrt(mean(x^2) + eps) * weight, per row (CUDA spelling; HIP on ROCm). No
// torch here: the launcher takes raw pointers and is declared in ../rms_norm.cpp. The kernels are in
// norm_kernels.cuh, shared with fused_add_rms_norm.cu.
#include "norm_kernels.cuh"

namespace dualgpu_example {

dualgpu::error_t launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows,
                                 std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return detail::with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    return launch_norm<false, false, T>({out, x, weight}, static_cast<T*>(out), static_cast<const T*>(x), nullptr,
                                        nullptr, static_cast<const T*>(weight), eps, rows, hidden, stream);
  });
}

}  // namespace dualgpu_example
