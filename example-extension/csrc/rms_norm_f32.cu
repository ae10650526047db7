// rms_norm_f32.cu: out = x / sqrt(mean(x^2) + eps) * weight, per row, for float32.
// The kernels and the launcher are in norm_kernels.cuh; one file per op and dtype (see kernels.h).
#include "norm_kernels.cuh"

template struct dualgpu_example::rms_norm_launcher<dualgpu_example::scalar_kind::float32>;
