// NVIDIA cuda-samples' reduction (multi_warp_cg_reduce): block_tile_memory scratch, the block
// handle made from it, tiles of 128 threads (several warps) reduced with cg::reduce, one
// partial per tile in shared memory, then the first tile reduces the partials. Two block sizes;
// compared with a double-precision CPU sum.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

namespace cg = cooperative_groups;

template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

template <class T, size_t BlockSize, size_t MultiWarpGroupSize>
__global__ void multi_warp_cg_reduce(T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  __shared__ cg::block_tile_memory<BlockSize> scratch;
  auto cta = cg::this_thread_block(scratch);
  cg::thread_block_tile<MultiWarpGroupSize> multiWarpTile = cg::tiled_partition<MultiWarpGroupSize>(cta);

  unsigned int gridSize = BlockSize * gridDim.x;
  T threadVal = 0;
  int nIsPow2 = !(n & n - 1);
  if (nIsPow2) {
    unsigned int i = blockIdx.x * BlockSize * 2 + threadIdx.x;
    gridSize = gridSize << 1;
    while (i < n) {
      threadVal += g_idata[i];
      if ((i + BlockSize) < n) threadVal += g_idata[i + blockDim.x];
      i += gridSize;
    }
  } else {
    unsigned int i = blockIdx.x * BlockSize + threadIdx.x;
    while (i < n) {
      threadVal += g_idata[i];
      i += gridSize;
    }
  }
  threadVal = cg::reduce(multiWarpTile, threadVal, cg::plus<T>());
  if (multiWarpTile.thread_rank() == 0) sdata[multiWarpTile.meta_group_rank()] = threadVal;
  cg::sync(cta);
  if (threadIdx.x == 0) {
    threadVal = 0;
    for (int i = 0; i < multiWarpTile.meta_group_size(); i++) threadVal += sdata[i];
    g_odata[blockIdx.x] = threadVal;
  }
}

template <size_t BlockSize>
double run(const float* d_in, float* d_out, unsigned n, int blocks) {
  const size_t smem = (BlockSize / 128) * sizeof(float);
  multi_warp_cg_reduce<float, BlockSize, 128><<<blocks, BlockSize, smem>>>(const_cast<float*>(d_in), d_out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return NAN;
  std::vector<float> partial(blocks);
  cudaMemcpy(partial.data(), d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  double s = 0.0;
  for (float p : partial) s += p;
  return s;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  int bad = 0;
  for (unsigned n : {1u << 20, 1000003u}) {
    std::vector<float> h(n);
    for (unsigned i = 0; i < n; ++i) h[i] = (float)(i % 1021) / 1021.0f - 0.25f;
    double want = 0.0, magnitude = 0.0;
    for (float v : h) {
      want += v;
      magnitude += std::fabs(v);
    }
    const double tolerance = 1e-5 * magnitude;  // float partial sums; a lost tile is off by thousands
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, 64 * sizeof(float));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    const double got256 = run<256>(d_in, d_out, n, 64), got512 = run<512>(d_in, d_out, n, 64);
    std::printf("n=%u: block 256 %.3f, block 512 %.3f (want %.3f)\n", n, got256, got512, want);
    bad += !(std::fabs(got256 - want) <= tolerance) + !(std::fabs(got512 - want) <= tolerance);
    cudaFree(d_in);
    cudaFree(d_out);
  }
  return bad == 0 ? 0 : 1;
}
