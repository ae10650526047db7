// kernels.cu: GPU kernels in CUDA spelling (DualGPU compiles this file as HIP on ROCm). No torch
// here: raw pointers, sizes and a stream. Indices are int64: tensors can pass 2^31 elements.
#include "kernels.h"

#include "dualgpu/check.hpp"

#include <algorithm>

namespace @NAME@ {
namespace {

__global__ void scale_add_kernel(float* __restrict__ out, const float* __restrict__ x, const float* __restrict__ y,
                                 float scale, std::int64_t n) {
  const std::int64_t stride = static_cast<std::int64_t>(blockDim.x) * gridDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = x[i] * scale + y[i];
}

}  // namespace

void launch_scale_add(float* out, const float* x, const float* y, float scale, std::int64_t n,
                      dualgpu::stream_t stream) {
  if (n == 0) return;  // a grid of 0 blocks is a launch error
  constexpr int threads = 256;
  const auto blocks = static_cast<unsigned>(std::min<std::int64_t>((n + threads - 1) / threads, 65535));
  scale_add_kernel<<<blocks, threads, 0, stream>>>(out, x, y, scale, n);
  DUALGPU_CHECK_LAUNCH();
}

}  // namespace @NAME@
