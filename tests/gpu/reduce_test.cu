// GPU tests of dualgpu/device.hpp's block reductions: for blocks of every kind (one thread, part of a
// warp, whole warps, a partial last warp, 2-D and 3-D, up to 1024 threads), every thread of the block
// must get the exact sum and maximum of the whole block, also when the reductions run back to back in
// one kernel (the shared partials reused). Values are small integers, so float sums are exact and the
// host's integer sums are the reference. Exits 77 when no GPU is visible.
#include <cuda_runtime.h>

#include "gpu_test.hpp"

#include "dualgpu/check.hpp"
#include "dualgpu/device.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

// Thread `rank` of block `block` contributes this (and minus it, for the second sum).
__host__ __device__ int contribution(int block, int rank) { return (rank * 7 + block * 3) % 11 + 1; }

// Per thread: sum, max, the negated sum (a second call back to back), the sum as int. Each block's
// threads write their four results, so that the host checks every thread, not one.
__global__ void reduce_all(int* results) {
  const int rank = dualgpu::thread_rank();
  const int threads = dualgpu::block_threads();
  const int block = static_cast<int>(blockIdx.x);
  const int v = contribution(block, rank);
  const float sum = dualgpu::block_reduce_sum(static_cast<float>(v));
  const float peak = dualgpu::block_reduce_max(static_cast<float>(v));
  const float negated = dualgpu::block_reduce_sum(-static_cast<float>(v));
  const int exact = dualgpu::block_reduce_sum(v);
  int* out = results + (static_cast<long long>(block) * threads + rank) * 4;
  out[0] = static_cast<int>(sum);
  out[1] = static_cast<int>(peak);
  out[2] = static_cast<int>(negated);
  out[3] = exact;
}

void check_shape(dim3 shape, int blocks) {
  const int threads = static_cast<int>(shape.x * shape.y * shape.z);
  int* results = nullptr;
  DUALGPU_CHECK(cudaMalloc(&results, sizeof(int) * 4 * threads * blocks));
  DUALGPU_CHECK(cudaMemset(results, 0xff, sizeof(int) * 4 * threads * blocks));
  reduce_all<<<blocks, shape>>>(results);
  DUALGPU_CHECK(cudaGetLastError());
  std::vector<int> got(static_cast<std::size_t>(4) * threads * blocks);
  DUALGPU_CHECK(cudaMemcpy(got.data(), results, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
  DUALGPU_CHECK(cudaFree(results));
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) {
    int want_sum = 0, want_max = 0;
    for (int r = 0; r < threads; ++r) {
      want_sum += contribution(b, r);
      want_max = std::max(want_max, contribution(b, r));
    }
    for (int r = 0; r < threads; ++r) {
      const int* g = &got[(static_cast<std::size_t>(b) * threads + r) * 4];
      if (g[0] != want_sum || g[1] != want_max || g[2] != -want_sum || g[3] != want_sum) {
        if (wrong++ == 0)
          std::printf("FAIL block %ux%ux%u, block %d thread %d: sum %d max %d -sum %d int sum %d, want %d %d %d %d\n",
                      shape.x, shape.y, shape.z, b, r, g[0], g[1], g[2], g[3], want_sum, want_max, -want_sum,
                      want_sum);
      }
    }
  }
  if (wrong) {
    ++gpu_test::failures;
    std::printf("  %d thread(s) of %d wrong\n", wrong, threads * blocks);
  }
}

void run_all() {
  // One thread; part of a warp; whole warps; a partial last warp; the widest block.
  for (int x : {1, 2, 17, 31, 32, 33, 48, 64, 96, 100, 128, 224, 255, 256, 257, 500, 512, 640, 1000, 1023, 1024})
    check_shape(dim3(x), 3);
  for (dim3 shape : {dim3(16, 4), dim3(8, 3), dim3(32, 2), dim3(4, 4, 4), dim3(10, 3, 2), dim3(32, 8, 4)})
    check_shape(shape, 2);
}

}  // namespace

int main() { return gpu_test::run(run_all); }
