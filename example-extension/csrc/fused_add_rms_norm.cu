// fused_add_rms_norm.cu: residual += x; x = rms_norm(residual) * weight, in place (CUDA spelling;
// HIP on ROCm). No torch here (see kernels.h).
#include "norm_kernels.cuh"

namespace dualgpu_example {

void launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps, std::int64_t rows,
                               std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  const char* variant = kernel_variant();
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* a = static_cast<T*>(x);
    auto* r = static_cast<T*>(residual);
    auto* w = static_cast<const T*>(weight);
    if (can_vectorise<T>(hidden, {x, residual, weight}))
      launch_norm<true, T, vec>(plan_norm(rows, hidden / vec, variant), a, nullptr, r, w, eps, rows, hidden, stream);
    else
      launch_norm<true, T, 1>(plan_norm(rows, hidden, variant), a, nullptr, r, w, eps, rows, hidden, stream);
    DUALGPU_CHECK_LAUNCH();
  });
}

}  // namespace dualgpu_example
