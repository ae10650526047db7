// fused_add_rms_norm_functional.cu: fused_add_rms_norm's out-of-place form: residual_out = x + residual;
// out = rms_norm(residual_out) * weight, per row, x and the residual left as they were (CUDA spelling;
// HIP on ROCm). The same kernels as the in-place form (norm_kernels.cuh, APART), in a file of their own
// so that the two forms compile in parallel. No torch here: the launcher is declared in
// ../fused_add_rms_norm.cpp.
#include "norm_kernels.cuh"

namespace dualgpu_example {

// out and residual_out: fresh tensors, overlapping neither x nor the residual (the op allocates them).
dualgpu::error_t launch_fused_add_rms_norm_functional(void* out, void* residual_out, const void* x,
                                                      const void* residual, const void* weight, float eps,
                                                      std::int64_t rows, std::int64_t hidden, scalar_kind kind,
                                                      dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return detail::with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    // The kernels only read the residual in this form; their parameter is the in-place form's, writable.
    return launch_norm<true, true, T>({out, residual_out, x, residual, weight}, static_cast<T*>(out),
                                   static_cast<const T*>(x), const_cast<T*>(static_cast<const T*>(residual)),
                                   static_cast<T*>(residual_out), static_cast<const T*>(weight), eps, rows, hidden,
                                   stream);
  });
}

}  // namespace dualgpu_example
