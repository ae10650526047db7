// rms_norm.cu: out = x / sqrt(mean(x^2) + eps) * weight, per row (CUDA spelling; HIP on ROCm).
// No torch here (see kernels.h).
#include "norm_kernels.cuh"

namespace dualgpu_example {

void launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows, std::int64_t hidden,
                     scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    launch_norm<false, T>(can_vectorise<T>(hidden, {out, x, weight}), static_cast<T*>(out), static_cast<const T*>(x),
                          nullptr, static_cast<const T*>(weight), eps, rows, hidden, stream);
    DUALGPU_CHECK_LAUNCH();
  });
}

}  // namespace dualgpu_example
