// CUDA 11+'s cooperative-groups asynchronous copy to shared memory: cg::memcpy_async of a tile
// with halo into shared memory, cg::wait, then a 3-point stencil. Compared with a CPU stencil.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

namespace cg = cooperative_groups;

constexpr int kTile = 256;

__global__ void stencil_kernel(const float* in, float* out, int n) {
  __shared__ float tile[kTile + 2];
  cg::thread_block block = cg::this_thread_block();
  const int base = blockIdx.x * kTile;  // `in` has one padding element on each side
  cg::memcpy_async(block, tile, in + base, sizeof(float) * (kTile + 2));
  cg::wait(block);
  const int i = base + threadIdx.x;
  if (i < n) out[i] = 0.25f * tile[threadIdx.x] + 0.5f * tile[threadIdx.x + 1] + 0.25f * tile[threadIdx.x + 2];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = kTile * 300;
  std::vector<float> padded(n + 2, 0.0f);
  for (int i = 0; i < n; ++i) padded[i + 1] = std::cos(0.01f * i) * (1 + i % 5);
  float *d_in, *d_out;
  cudaMalloc(&d_in, (n + 2) * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, padded.data(), (n + 2) * sizeof(float), cudaMemcpyHostToDevice);
  stencil_kernel<<<n / kTile, kTile>>>(d_in, d_out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> out(n);
  cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const double want = 0.25 * padded[i] + 0.5 * padded[i + 1] + 0.25 * padded[i + 2];
    bad += std::fabs(out[i] - want) > 1e-5 * (1.0 + std::fabs(want));
  }
  std::printf("%d mismatches\n", bad);
  cudaFree(d_in);
  cudaFree(d_out);
  return bad == 0 ? 0 : 1;
}
