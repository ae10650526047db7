// A whole-grid reduction in one cooperative launch: partial sums per block with cg::reduce over
// 32-thread tiles, grid.sync(), then block 0 adds the partials. Sized from the occupancy API and
// launched with cudaLaunchCooperativeKernel, as cuda-samples' reductionMultiBlockCG does.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include "porting_common.h"
namespace cg = cooperative_groups;

__global__ void grid_sum(const float* in, float* partial, double* out, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float tile_sums[32];
  float v = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) v += in[i];
  float t = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0) tile_sums[tile.meta_group_rank()] = t;
  block.sync();
  if (block.thread_rank() == 0) {
    float s = 0.0f;
    for (unsigned i = 0; i < tile.meta_group_size(); ++i) s += tile_sums[i];
    partial[blockIdx.x] = s;
  }
  grid.sync();
  if (grid.thread_rank() == 0) {
    double s = 0.0;
    for (unsigned b = 0; b < gridDim.x; ++b) s += partial[b];
    *out = s;
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  int dev = 0, coop = 0, sms = 0, per_sm = 0;
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  if (!coop) { printf("no cooperative launch: skipped\n"); return 77; }
  const int threads = 256, n = 1 << 20;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_sum, threads, 0);
  int blocks = sms * per_sm;
  std::vector<float> h(n);
  double want = 0.0;
  for (int i = 0; i < n; ++i) { h[i] = (float)((i * 7) % 13) * 0.25f; want += h[i]; }
  float *d_in, *d_partial;
  double* d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_partial, blocks * sizeof(float));
  cudaMalloc(&d_out, sizeof(double));
  cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  int nn = n;
  void* args[] = {&d_in, &d_partial, &d_out, &nn};
  cudaError_t err = cudaLaunchCooperativeKernel((void*)grid_sum, dim3(blocks), dim3(threads), args, 0, 0);
  if (err != cudaSuccess) { printf("launch: %s\n", cudaGetErrorString(err)); return 1; }
  double got = 0;
  cudaMemcpy(&got, d_out, sizeof(double), cudaMemcpyDeviceToHost);
  printf("sum %.3f, expected %.3f over %d blocks\n", got, want, blocks);
  cudaFree(d_in); cudaFree(d_partial); cudaFree(d_out);
  return (got - want < 1e-3 * want && want - got < 1e-3 * want) ? 0 : 1;
}
