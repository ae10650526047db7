// libcu++'s cuda::pipeline as Ampere-era kernels and the CUDA samples write it: a block-wide pipeline of
// stages in shared memory, every thread producing and consuming, with copies issued ahead; a pipeline
// split by role, the first wave producing for the others; each thread's own pipeline with
// pipeline_consumer_wait_prior; and the older primitives of <cuda_pipeline.h>, zero-filling a ragged tail.
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
#include <cstdio>
#include "porting_common.h"

// nvcc warns that the __shared__ pipeline state is not constructed; make_pipeline sets it up.
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace cg = cooperative_groups;

constexpr int kTile = 256;  // ints a tile
constexpr int kStages = 3;

// Each block sums `tiles` tiles; kStages - 1 copies are in flight ahead of the tile being summed.
__global__ void tile_sums_unified(const int* in, int tiles, long long* out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ __align__(16) int stage[kStages][kTile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto pipe = cuda::make_pipeline(block, &state);
  const int* mine = in + static_cast<size_t>(blockIdx.x) * tiles * kTile;
  int fetch = 0;
  for (; fetch < kStages - 1 && fetch < tiles; ++fetch) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, stage[fetch % kStages], mine + fetch * kTile, sizeof(int) * kTile, pipe);
    pipe.producer_commit();
  }
  long long sum = 0;
  for (int t = 0; t < tiles; ++t) {
    if (fetch < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, stage[fetch % kStages], mine + fetch * kTile, sizeof(int) * kTile, pipe);
      pipe.producer_commit();
      ++fetch;
    }
    pipe.consumer_wait();
    for (int i = threadIdx.x; i < kTile; i += blockDim.x) sum += stage[t % kStages][i];
    pipe.consumer_release();
  }
  atomicAdd(reinterpret_cast<unsigned long long*>(&out[blockIdx.x]), static_cast<unsigned long long>(sum));
}

// The first wave copies, the rest of the block sums.
__global__ void tile_sums_by_role(const int* in, int tiles, long long* out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ __align__(16) int stage[kStages][kTile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  const bool producer = threadIdx.x < warpSize;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  const int* mine = in + static_cast<size_t>(blockIdx.x) * tiles * kTile;
  long long sum = 0;
  for (int t = 0; t < tiles; ++t) {
    if (producer) {
      pipe.producer_acquire();
      for (int i = threadIdx.x; i < kTile; i += warpSize) stage[t % kStages][i] = mine[t * kTile + i];
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      for (int i = threadIdx.x - warpSize; i < kTile; i += blockDim.x - warpSize) sum += stage[t % kStages][i];
      pipe.consumer_release();
    }
  }
  atomicAdd(reinterpret_cast<unsigned long long*>(&out[blockIdx.x]), static_cast<unsigned long long>(sum));
}

// Each thread stages its own pieces into two local buffers through its own pipeline.
__global__ void strided_sums_per_thread(const int4* in, int pieces, long long* out) {
  __shared__ int4 buffer[2][128];
  auto pipe = cuda::make_pipeline();
  const int4* mine = in + static_cast<size_t>(blockIdx.x * blockDim.x + threadIdx.x) * pieces;
  pipe.producer_acquire();
  cuda::memcpy_async(&buffer[0][threadIdx.x], mine, cuda::aligned_size_t<16>(sizeof(int4)), pipe);
  pipe.producer_commit();
  long long sum = 0;
  for (int p = 0; p < pieces; ++p) {
    if (p + 1 < pieces) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buffer[(p + 1) % 2][threadIdx.x], mine + p + 1, cuda::aligned_size_t<16>(sizeof(int4)), pipe);
      pipe.producer_commit();
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    } else {
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    }
    const int4 v = buffer[p % 2][threadIdx.x];
    sum += static_cast<long long>(v.x) + v.y + v.z + v.w;
    pipe.consumer_release();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// A block stages `n` ints in 16-byte pieces; the last piece is partly past the end and zero-filled.
__global__ void ragged_sum_primitives(const int* in, int n, long long* out) {
  __shared__ __align__(16) int staged[1024];
  const int pieces = (n + 3) / 4;
  for (int p = threadIdx.x; p < pieces; p += blockDim.x) {
    const int past = 4 * (p + 1) - n;  // ints of this piece past the end
    __pipeline_memcpy_async(&staged[4 * p], &in[4 * p], 16, past > 0 ? past * sizeof(int) : 0);
  }
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  if (threadIdx.x == 0) {
    long long sum = 0;
    for (int i = 0; i < 4 * pieces; ++i) sum += staged[i];
    *out = sum;
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int blocks = 24, tiles = 11, n = blocks * tiles * kTile, pieces = 9, threads = 128;
  int* h_in = new int[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 7919) % 2001 - 1000;
  const int m = blocks * threads * pieces;
  int4* h_pieces = new int4[m];
  for (int i = 0; i < m; ++i) h_pieces[i] = make_int4(i % 17, -(i % 5), 3 * (i % 11), i % 3);
  int* d_in;
  int4* d_pieces;
  long long *d_unified, *d_role, *d_thread, *d_ragged;
  const int ragged = 1021;  // not a whole number of 16-byte pieces
  cudaMalloc(&d_in, sizeof(int) * n);
  cudaMalloc(&d_pieces, sizeof(int4) * m);
  cudaMalloc(&d_unified, sizeof(long long) * blocks);
  cudaMalloc(&d_role, sizeof(long long) * blocks);
  cudaMalloc(&d_thread, sizeof(long long) * blocks * threads);
  cudaMalloc(&d_ragged, sizeof(long long));
  cudaMemcpy(d_in, h_in, sizeof(int) * n, cudaMemcpyHostToDevice);
  cudaMemcpy(d_pieces, h_pieces, sizeof(int4) * m, cudaMemcpyHostToDevice);
  cudaMemset(d_unified, 0, sizeof(long long) * blocks);
  cudaMemset(d_role, 0, sizeof(long long) * blocks);
  tile_sums_unified<<<blocks, 128>>>(d_in, tiles, d_unified);
  tile_sums_by_role<<<blocks, 256>>>(d_in, tiles, d_role);
  strided_sums_per_thread<<<blocks, threads>>>(d_pieces, pieces, d_thread);
  ragged_sum_primitives<<<1, 64>>>(d_in, ragged, d_ragged);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernels failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  long long unified[blocks], role[blocks];
  long long* per_thread = new long long[blocks * threads];
  cudaMemcpy(unified, d_unified, sizeof unified, cudaMemcpyDeviceToHost);
  cudaMemcpy(role, d_role, sizeof role, cudaMemcpyDeviceToHost);
  cudaMemcpy(per_thread, d_thread, sizeof(long long) * blocks * threads, cudaMemcpyDeviceToHost);
  long long ragged_sum = 0, ragged_want = 0;
  cudaMemcpy(&ragged_sum, d_ragged, sizeof ragged_sum, cudaMemcpyDeviceToHost);
  for (int i = 0; i < ragged; ++i) ragged_want += h_in[i];
  int bad = ragged_sum != ragged_want;
  for (int b = 0; b < blocks; ++b) {
    long long want = 0;
    for (int i = 0; i < tiles * kTile; ++i) want += h_in[b * tiles * kTile + i];
    bad += (unified[b] != want) + (role[b] != want);
  }
  for (int t = 0; t < blocks * threads; ++t) {
    long long want = 0;
    for (int p = 0; p < pieces; ++p) {
      const int4 v = h_pieces[t * pieces + p];
      want += static_cast<long long>(v.x) + v.y + v.z + v.w;
    }
    bad += per_thread[t] != want;
  }
  std::printf("%d wrong of %d block sums, %d thread sums and a ragged sum\n", bad, 2 * blocks, blocks * threads);
  return bad == 0 ? 0 : 1;
}
