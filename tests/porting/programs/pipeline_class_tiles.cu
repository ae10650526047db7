// CUDA 11's per-thread pipeline class of <cuda_pipeline.h> (nvcuda::experimental), as kernels of that era
// write it: each thread stages float4 pieces of the next tile into shared memory with memcpy_async while
// the block works on the current one (double buffering, wait_prior<1>), a ragged tail staged through
// segment<> with zero fill, and the copies joined to a cuda::barrier with arrive_on. A moving sum over
// each row, checked against a CPU reference.
#include <cuda/barrier>
#include <cuda_pipeline.h>
#include <cstdio>
#include <vector>
#include "porting_common.h"

#pragma nv_diag_suppress static_var_with_dynamic_init  // the __shared__ barrier: init() sets it up

namespace pipe_ns = nvcuda::experimental;

constexpr int kThreads = 128;
constexpr int kTile = kThreads * 4;  // floats a tile: one float4 a thread

// out[r][t] = sum of tile t of row r times (t + 1); rows of `width` floats `pitch` apart (a multiple of 4,
// so every float4 is aligned), the last tile ragged.
__global__ void weighted_tile_sums(const float* in, int width, int pitch, float* out) {
  __shared__ __align__(16) float stage[2][kTile];
  __shared__ cuda::barrier<cuda::thread_scope_block> joined;
  if (threadIdx.x == 0) init(&joined, blockDim.x);
  __syncthreads();
  const float* row = in + static_cast<size_t>(blockIdx.x) * pitch;
  const int tiles = (width + kTile - 1) / kTile;
  pipe_ns::pipeline pipe;
  auto fetch = [&](int t) {
    const int at = t * kTile + threadIdx.x * 4, left = width - at;
    float* dst = &stage[t % 2][threadIdx.x * 4];
    if (left >= 4) {
      pipe_ns::memcpy_async(*reinterpret_cast<float4*>(dst), *reinterpret_cast<const float4*>(row + at), pipe);
    } else if (left == 3) {
      pipe_ns::memcpy_async(pipe_ns::segment<4>(dst), pipe_ns::segment<3>(row + at), pipe);
    } else {
      for (int i = 0; i < 4; ++i) dst[i] = i < left ? row[at + i] : 0.0f;
    }
    pipe.commit();
  };
  fetch(0);
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      fetch(t + 1);
      pipe.wait_prior<1>();
    } else {
      pipe.wait_prior<0>();
    }
    pipe.arrive_on(joined);
    joined.arrive_and_wait();  // every thread's piece of tile t is in
    if (threadIdx.x == 0) {
      float sum = 0.0f;
      for (int i = 0; i < kTile; ++i) sum += stage[t % 2][i];
      out[static_cast<size_t>(blockIdx.x) * tiles + t] = sum * static_cast<float>(t + 1);
    }
    __syncthreads();  // tile t's buffer is refilled by the fetch after next
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int rows = 6, width = 3 * kTile + 131, pitch = width + 1;  // ragged: 131 = 32 float4 and 3 more
  const int tiles = (width + kTile - 1) / kTile;
  std::vector<float> h(static_cast<size_t>(rows) * pitch);
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<float>((i * 37) % 101) * 0.25f - 12.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, h.size() * sizeof(float));
  cudaMalloc(&d_out, rows * tiles * sizeof(float));
  cudaMemcpy(d_in, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
  weighted_tile_sums<<<rows, kThreads>>>(d_in, width, pitch, d_out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  std::vector<float> got(rows * tiles);
  cudaMemcpy(got.data(), d_out, got.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int t = 0; t < tiles; ++t) {
      float want = 0.0f;  // the kernel's order: the tile's floats one after another, the tail's zeros included
      for (int i = 0; i < kTile; ++i) {
        const int at = t * kTile + i;
        want += at < width ? h[static_cast<size_t>(r) * pitch + at] : 0.0f;
      }
      want *= static_cast<float>(t + 1);
      if (got[r * tiles + t] != want) {
        if (bad++ < 5) std::printf("row %d tile %d: %g, want %g\n", r, t, got[r * tiles + t], want);
      }
    }
  std::printf("%d of %d weighted tile sums differ\n", bad, rows * tiles);
  return bad == 0 ? 0 : 1;
}
