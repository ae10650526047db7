// fused_add_rms_norm_f32.cu: residual += x; x = rms_norm(residual) * weight, in place, for float32.
// The kernels and the launcher are in norm_kernels.cuh; one file per op and dtype (see kernels.h).
#include "norm_kernels.cuh"

template struct dualgpu_example::fused_add_rms_norm_launcher<dualgpu_example::scalar_kind::float32>;
