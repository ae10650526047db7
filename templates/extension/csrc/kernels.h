// kernels.h: the torch-free interface between ops.cpp (torch) and kernels.cu (GPU).
#pragma once

#include "dualgpu/runtime.hpp"

#include <cstdint>

namespace @NAME@ {

// out[i] = x[i] * scale + y[i] for n float values, asynchronously on stream.
void launch_scale_add(float* out, const float* x, const float* y, float scale, std::int64_t n,
                      dualgpu::stream_t stream);

}  // namespace @NAME@
