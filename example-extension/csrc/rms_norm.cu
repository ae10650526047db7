// rms_norm.cu: out = x / sqrt(mean(x^2) + eps) * weight, per row (CUDA spelling; HIP on ROCm).
// No torch here (see kernels.h).
#include "norm_kernels.cuh"

namespace dualgpu_example {

void launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows, std::int64_t hidden,
                     scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  const char* variant = kernel_variant();
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* o = static_cast<T*>(out);
    auto* in = static_cast<const T*>(x);
    auto* w = static_cast<const T*>(weight);
    if (can_vectorise<T>(hidden, {out, x, weight}))
      launch_norm<false, T, vec>(plan_norm(rows, hidden / vec, variant), o, in, nullptr, w, eps, rows, hidden, stream);
    else
      launch_norm<false, T, 1>(plan_norm(rows, hidden, variant), o, in, nullptr, w, eps, rows, hidden, stream);
    DUALGPU_CHECK_LAUNCH();
  });
}

}  // namespace dualgpu_example
