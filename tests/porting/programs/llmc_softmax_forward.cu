// In the style of llm.c's dev/cuda softmax and layernorm kernels: one warp per row through
// cooperative groups (this_thread_block, tiled_partition<32>, meta_group_rank/size),
// cg::reduce with cg::greater and cg::plus, a block reduction over the warps' partials, and
// a thread_block_tile shuffle broadcast. Compared with a double-precision CPU softmax.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

namespace cg = cooperative_groups;

__global__ void softmax_forward_kernel(float* out, const float* inp, int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N) return;
  const float* x = inp + idx * C;
  float maxval = -INFINITY;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) maxval = fmaxf(maxval, x[i]);
  maxval = cg::reduce(warp, maxval, cg::greater<float>{});
  float sumval = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) sumval += expf(x[i] - maxval);
  sumval = cg::reduce(warp, sumval, cg::plus<float>{});
  for (int i = warp.thread_rank(); i < C; i += warp.size()) out[idx * C + i] = expf(x[i] - maxval) / sumval;
}

// Block-wide sum: every warp reduces, lane 0 writes a partial, warp 0 reduces the partials
// with tile shuffles and broadcasts the total with shfl(…, 0).
__global__ void block_sum_kernel(float* out, const float* inp, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float shared[32];
  float v = 0.0f;
  for (int i = block.thread_rank(); i < n; i += block.size()) v += inp[i];
  v = cg::reduce(warp, v, cg::plus<float>{});
  if (warp.thread_rank() == 0) shared[warp.meta_group_rank()] = v;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    float p = warp.thread_rank() < warp.meta_group_size() ? shared[warp.thread_rank()] : 0.0f;
    for (int offset = warp.size() / 2; offset > 0; offset /= 2) p += warp.shfl_down(p, offset);
    p = warp.shfl(p, 0);
    if (warp.thread_rank() == 31) *out = p;
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int N = 64, C = 200, block = 128;
  std::vector<float> h(N * C);
  for (int i = 0; i < N * C; ++i) h[i] = std::sin(0.37f * i) * 4.0f;
  float *inp, *out, *sum;
  cudaMalloc(&inp, N * C * sizeof(float));
  cudaMalloc(&out, N * C * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  cudaMemcpy(inp, h.data(), N * C * sizeof(float), cudaMemcpyHostToDevice);
  softmax_forward_kernel<<<N * 32 / block, block>>>(out, inp, N, C);
  block_sum_kernel<<<1, 256>>>(sum, inp, N * C);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAILED: kernel error %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  std::vector<float> got(N * C);
  float gpu_sum = 0.0f;
  cudaMemcpy(got.data(), out, N * C * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(&gpu_sum, sum, sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  double total = 0.0;
  for (int r = 0; r < N; ++r) {
    double mx = -INFINITY, s = 0.0;
    for (int c = 0; c < C; ++c) mx = std::fmax(mx, h[r * C + c]);
    for (int c = 0; c < C; ++c) s += std::exp(h[r * C + c] - mx);
    for (int c = 0; c < C; ++c) {
      const double want = std::exp(h[r * C + c] - mx) / s;
      if (std::fabs(got[r * C + c] - want) > 1e-5 + 1e-4 * want && bad++ < 5)
        printf("softmax[%d][%d] = %g, expected %g\n", r, c, got[r * C + c], want);
    }
    for (int c = 0; c < C; ++c) total += h[r * C + c];
  }
  if (std::fabs(gpu_sum - total) > 1e-3 * (1.0 + std::fabs(total))) {
    printf("block sum %g, expected %g\n", gpu_sum, total);
    ++bad;
  }
  printf("%s: %d mismatches\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
