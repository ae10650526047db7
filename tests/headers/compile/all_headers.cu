// Every DualGPU header, the CUDA-spelled runtime headers and a kernel using the device helpers,
// compiled as CUDA or HIP. The static_asserts pin the warp width per architecture.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>

#include "dualgpu/check.hpp"
#include "dualgpu/device.hpp"
#include "dualgpu/device_info.hpp"
#include "dualgpu/graph.hpp"
#include "dualgpu/graph_cache.hpp"
#include "dualgpu/launch.hpp"
#include "dualgpu/runtime.hpp"

#if defined(__HIP_DEVICE_COMPILE__)
#if defined(__gfx1030__) || defined(__GFX11__) || defined(__GFX12__)
static_assert(dualgpu::warp_size == 32 && DUALGPU_WARP_SIZE == 32, "RDNA runs 32-wide waves");
#elif defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx942__)
static_assert(dualgpu::warp_size == 64 && DUALGPU_WARP_SIZE == 64, "CDNA runs 64-wide waves");
static_assert(sizeof(dualgpu::lane_mask_t) == 8, "a 64-lane mask");
#endif  // gfx target
#elif defined(__CUDA_ARCH__)
static_assert(dualgpu::warp_size == 32 && DUALGPU_WARP_SIZE == 32, "NVIDIA warps are 32 wide");
#endif  // device pass

__global__ void dualgpu_headers_rms(const float* x, float* y, int n, float eps) {
  float sum = 0.f;
  for (int i = threadIdx.x * 4; i < n; i += blockDim.x * 4) {
    const auto v = dualgpu::load_vector_partial<4>(x + i, n - i, 0.f);
    for (int j = 0; j < 4; ++j) sum += v[j] * v[j];
  }
  const float total = dualgpu::block_reduce_sum(sum);
  const float peak = dualgpu::block_reduce_max(sum);
  const float lanes = dualgpu::warp_reduce_sum(1.f) + dualgpu::warp_reduce_max(0.f);
  const dualgpu::lane_mask_t active = dualgpu::ballot(sum > 0.f);
  const float r = rsqrtf(total / n + eps);
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = x[i] * r + (peak - peak) + (lanes - lanes) + (active & 0);
  (void)__float2half(1.f);
  (void)__bfloat162float(__float2bfloat16(1.f));
}

__global__ void dualgpu_headers_scale(float* y, int n, float a) {
  dualgpu::wait_for_previous_grid();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = i < n ? y[i] : 0.f;
  dualgpu::allow_next_grid();
  if (i < n) y[i] = v * a;
}

void dualgpu_headers_launch(dualgpu::graph_launcher& launcher, const float* x, float* y, int n, cudaStream_t s) {
  dualgpu::graph_key key;
  key.param(n).pointer(x).pointer(y);
  launcher.launch(key, s, [&](dualgpu::stream_t st) {
    dualgpu_headers_rms<<<1, 256, 0, st>>>(x, y, n, 1e-6f);
    DUALGPU_CHECK_LAUNCH();
  });
  DUALGPU_CHECK(dualgpu::launch_dependent<dualgpu_headers_scale>(dim3(1), dim3(256), 0, s, y, n, 2.0f));
  (void)dualgpu::device_warp_size(0);
  float* scratch = nullptr;
  DUALGPU_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&scratch), 64, s));
  DUALGPU_CHECK(cudaFreeAsync(scratch, s));
}
