// libcu++'s block-scoped barriers with cuda::memcpy_async, as the CUDA samples and Ampere-era kernels
// write them: barriers in shared memory set up by one thread with init(), tiles staged into shared memory
// by the whole block and by single threads (with cuda::aligned_size_t), two buffers in flight with split
// arrive/wait tokens, and a barrier that runs a completion step once a phase.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cstdio>
#include <utility>
#include "porting_common.h"

// nvcc warns that a __shared__ barrier is not constructed; init() constructs it, as in NVIDIA's examples.
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace cg = cooperative_groups;

constexpr int kTile = 256;  // floats a tile, one per thread of a block of 256

// Each block sums its rows of `in` (rows of kTile floats), two tiles in flight: tile k+1 is staged while
// tile k is summed.
__global__ void row_sums(const float* in, int rows_per_block, float* out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ __align__(16) float stage[2][kTile];
  __shared__ cuda::barrier<cuda::thread_scope_block> ready[2];
  __shared__ float partial[kTile];
  if (block.thread_rank() == 0) {
    init(&ready[0], block.size());
    init(&ready[1], block.size());
  }
  block.sync();
  const float* rows = in + static_cast<size_t>(blockIdx.x) * rows_per_block * kTile;
  cuda::memcpy_async(block, stage[0], rows, sizeof(float) * kTile, ready[0]);
  for (int r = 0; r < rows_per_block; ++r) {
    const int buf = r % 2;
    if (r + 1 < rows_per_block)
      cuda::memcpy_async(block, stage[buf ^ 1], rows + (r + 1) * kTile, cuda::aligned_size_t<16>(sizeof(float) * kTile),
                         ready[buf ^ 1]);
    auto token = ready[buf].arrive();
    ready[buf].wait(std::move(token));
    partial[threadIdx.x] = stage[buf][threadIdx.x];
    block.sync();
    for (int stride = kTile / 2; stride > 0; stride /= 2) {
      if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
      block.sync();
    }
    if (threadIdx.x == 0) out[blockIdx.x * rows_per_block + r] = partial[0];
    block.sync();  // stage[buf] is refilled two rows on
  }
}

// One thread copies the block's lookup table; the others wait on the barrier's phase, not a __syncthreads.
__global__ void gather(const int* table, const int* index, int n, int* out) {
  __shared__ __align__(16) int local[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> loaded;
  if (threadIdx.x == 0) init(&loaded, blockDim.x);
  __syncthreads();
  if (threadIdx.x == 0) cuda::memcpy_async(local, table, sizeof local, loaded);
  loaded.arrive_and_wait();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = local[index[i] % 64];
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int blocks = 40, rows_per_block = 9, rows = blocks * rows_per_block, n = 5000;
  float* h_in = new float[rows * kTile];
  for (int i = 0; i < rows * kTile; ++i) h_in[i] = static_cast<float>(i % 97) * 0.25f - 12.0f;  // exact sums
  int h_table[64], *h_index = new int[n];
  for (int i = 0; i < 64; ++i) h_table[i] = i * i - 100;
  for (int i = 0; i < n; ++i) h_index[i] = (i * 37) % 1000;
  float *d_in, *d_sums;
  int *d_table, *d_index, *d_out;
  cudaMalloc(&d_in, sizeof(float) * rows * kTile);
  cudaMalloc(&d_sums, sizeof(float) * rows);
  cudaMalloc(&d_table, sizeof h_table);
  cudaMalloc(&d_index, sizeof(int) * n);
  cudaMalloc(&d_out, sizeof(int) * n);
  cudaMemcpy(d_in, h_in, sizeof(float) * rows * kTile, cudaMemcpyHostToDevice);
  cudaMemcpy(d_table, h_table, sizeof h_table, cudaMemcpyHostToDevice);
  cudaMemcpy(d_index, h_index, sizeof(int) * n, cudaMemcpyHostToDevice);
  row_sums<<<blocks, kTile>>>(d_in, rows_per_block, d_sums);
  gather<<<(n + 127) / 128, 128>>>(d_table, d_index, n, d_out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernels failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  float* sums = new float[rows];
  int* out = new int[n];
  cudaMemcpy(sums, d_sums, sizeof(float) * rows, cudaMemcpyDeviceToHost);
  cudaMemcpy(out, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost);
  int bad_rows = 0, bad_gather = 0;
  for (int r = 0; r < rows; ++r) {
    double want = 0.0;
    for (int c = 0; c < kTile; ++c) want += h_in[r * kTile + c];
    if (sums[r] != static_cast<float>(want)) ++bad_rows;  // quarter steps, sums below 2^12: exact in any order
  }
  for (int i = 0; i < n; ++i)
    if (out[i] != h_table[h_index[i] % 64]) ++bad_gather;
  std::printf("row sums wrong %d of %d, gathers wrong %d of %d\n", bad_rows, rows, bad_gather, n);
  return bad_rows == 0 && bad_gather == 0 ? 0 : 1;
}
