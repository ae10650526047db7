// cuda/scale_add.cu: scale_add's GPU kernel and launcher, in CUDA spelling (DualGPU compiles this file
// as HIP on ROCm, where cudaGetLastError and the rest map to HIP, and leaves it out on the CPU). No torch
// and no check.hpp here, so it compiles in seconds: raw pointers, a size and a stream in, the launch's
// error out (scale_add.cpp checks it). Indices are int64: tensors can pass 2^31 elements.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "dualgpu/runtime.hpp"

namespace @NAME@ {
namespace {

template <typename T>
__global__ void scale_add_kernel(T* __restrict__ out, const T* __restrict__ x, const T* __restrict__ y, T scale,
                                 std::int64_t n) {
  const std::int64_t stride = static_cast<std::int64_t>(blockDim.x) * gridDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = x[i] * scale + y[i];
}

}  // namespace

template <typename T>
dualgpu::error_t launch_scale_add(T* out, const T* x, const T* y, T scale, std::int64_t n, dualgpu::stream_t stream) {
  if (n == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  constexpr int threads = 256;
  const auto blocks = static_cast<unsigned>(std::min<std::int64_t>((n + threads - 1) / threads, 65535));
  scale_add_kernel<<<blocks, threads, 0, stream>>>(out, x, y, scale, n);
  return cudaGetLastError();
}

// The dtypes scale_add.cpp dispatches to (float32, and float64 for gradcheck).
template dualgpu::error_t launch_scale_add<float>(float*, const float*, const float*, float, std::int64_t,
                                                  dualgpu::stream_t);
template dualgpu::error_t launch_scale_add<double>(double*, const double*, const double*, double, std::int64_t,
                                                   dualgpu::stream_t);

}  // namespace @NAME@
