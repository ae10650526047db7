// fused_add_rms_norm.cu: residual += x; x = rms_norm(residual) * weight, in place (CUDA spelling;
// HIP on ROCm). No torch here (see kernels.h).
#include "norm_kernels.cuh"

namespace dualgpu_example {

void launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps, std::int64_t rows,
                               std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    launch_norm<true, T>(can_vectorise<T>(hidden, {x, residual, weight}), static_cast<T*>(x), nullptr,
                         static_cast<T*>(residual), static_cast<const T*>(weight), eps, rows, hidden, stream);
    DUALGPU_CHECK_LAUNCH();
  });
}

}  // namespace dualgpu_example
