// dualgpu/on_hip/cooperative_groups.h: CUDA's <cooperative_groups.h> on AMD. HIP builds only.
//
// ROCm >= 6.2: HIP's own cooperative groups (thread_block_tile with shfl*, any, all, ballot,
// meta_group_rank/size). Older ROCm (5.x, 6.0, 6.1) lacks those members, so DualGPU provides
// the part of the API real kernels use, on the same names (namespace cooperative_groups):
//   this_thread_block(), thread_block (sync, thread_rank, size, num_threads, group_index,
//   thread_index, group_dim, dim_threads), tiled_partition<N>(block or tile),
//   thread_block_tile<N> (sync, thread_rank, size, num_threads, meta_group_rank,
//   meta_group_size, shfl, shfl_up, shfl_down, shfl_xor, any, all, ballot),
//   tiled_partition(block, n) -> thread_group (sync, thread_rank, size), this_grid() and
//   grid_group (sync needs a cooperative launch, as on CUDA), sync(g), thread_rank(g), group_size(g).
// Not provided there: match_*, this_multi_grid().
// On every ROCm DualGPU adds what HIP lacks: tiles wider than a wave with block_tile_memory
// (dualgpu_cuda_cg_large_tile.h); coalesced_threads() on ROCm < 6.2, labeled_partition and
// binary_partition (dualgpu_cuda_cg_partitions.h). cg::reduce and cg::plus/less/greater come from
// <cooperative_groups/reduce.h>, as in CUDA.
// A tile of N <= 32 lanes on a 64-wide wave is N consecutive lanes: the same threads CUDA
// groups, so tiled_partition<32> code is right on both wave sizes.
#pragma once

#include "dualgpu_cuda_to_hip.h"

#if HIP_VERSION_MAJOR > 6 || (HIP_VERSION_MAJOR == 6 && HIP_VERSION_MINOR >= 2)
#include <hip/hip_cooperative_groups.h>
#else
#include <hip/amd_detail/hip_cooperative_groups_helper.h>

#if defined(__HIP__)
#include <type_traits>

#include "dualgpu_cuda_warp.h"

namespace cooperative_groups {

class thread_group {
 public:
  __device__ thread_group(unsigned size, unsigned rank) : size_(size), rank_(rank) {}
  __device__ unsigned size() const { return size_; }
  __device__ unsigned num_threads() const { return size_; }
  __device__ unsigned thread_rank() const { return rank_; }
  // A group wider than a wave spans waves: only a block barrier orders them.
  __device__ void sync() const {
    if (size_ > static_cast<unsigned>(::dualgpu::cuda_warp::wave)) {
      __syncthreads();
    } else {
      ::dualgpu::cuda_warp::syncwarp();
    }
  }

 private:
  unsigned size_;
  unsigned rank_;
};

class thread_block {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned thread_rank() const { return internal::workgroup::thread_rank(); }
  __device__ unsigned size() const { return internal::workgroup::size(); }
  __device__ unsigned num_threads() const { return internal::workgroup::size(); }
  __device__ dim3 group_index() const { return internal::workgroup::group_index(); }
  __device__ dim3 thread_index() const { return internal::workgroup::thread_index(); }
  __device__ dim3 group_dim() const { return blockDim; }
  __device__ dim3 dim_threads() const { return blockDim; }
  __device__ operator thread_group() const { return thread_group(size(), thread_rank()); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

class grid_group {
 public:
  __device__ void sync() const { internal::grid::sync(); }
  __device__ bool is_valid() const { return internal::grid::is_valid(); }
  __device__ unsigned long long thread_rank() const { return internal::grid::thread_rank(); }
  __device__ unsigned long long size() const { return internal::grid::size(); }
  __device__ unsigned long long num_threads() const { return internal::grid::size(); }
};

__device__ inline grid_group this_grid() { return grid_group(); }

// N consecutive threads of the block (flat rank), N a power of two up to the wave width.
template <unsigned N, typename Parent = void>
class thread_block_tile {
  static_assert(N > 0 && (N & (N - 1)) == 0 && N <= 64, "thread_block_tile<N>: N must be a power of two up to 64");

 public:
  __device__ thread_block_tile(unsigned meta_rank, unsigned meta_size) : meta_rank_(meta_rank), meta_size_(meta_size) {}
  template <typename OtherParent>
  __device__ thread_block_tile(const thread_block_tile<N, OtherParent>& other)
      : meta_rank_(other.meta_group_rank()), meta_size_(other.meta_group_size()) {}

  __device__ static constexpr unsigned size() { return N; }
  __device__ static constexpr unsigned num_threads() { return N; }
  __device__ unsigned thread_rank() const { return internal::workgroup::thread_rank() & (N - 1); }
  __device__ unsigned meta_group_rank() const { return meta_rank_; }
  __device__ unsigned meta_group_size() const { return meta_size_; }
  __device__ void sync() const { ::dualgpu::cuda_warp::syncwarp(); }

  template <typename T>
  __device__ T shfl(T value, int src_rank) const {
    return ::dualgpu::cuda_warp::shfl(0u, value, src_rank, static_cast<int>(N));
  }
  template <typename T>
  __device__ T shfl_up(T value, unsigned delta) const {
    return ::dualgpu::cuda_warp::shfl_up(0u, value, delta, static_cast<int>(N));
  }
  template <typename T>
  __device__ T shfl_down(T value, unsigned delta) const {
    return ::dualgpu::cuda_warp::shfl_down(0u, value, delta, static_cast<int>(N));
  }
  template <typename T>
  __device__ T shfl_xor(T value, unsigned lane_mask) const {
    return ::dualgpu::cuda_warp::shfl_xor(0u, value, static_cast<int>(lane_mask), static_cast<int>(N));
  }
  // CUDA returns 32 bits: this tile's lanes, bit i for tile rank i.
  __device__ unsigned ballot(int predicate) const {
    const unsigned long long wave_bits = __ballot64(predicate);
    const unsigned first = __lane_id() & ~(N - 1);
    return static_cast<unsigned>((wave_bits >> first) & (N >= 64 ? ~0ull : ((1ull << N) - 1)));
  }
  __device__ int any(int predicate) const { return ballot(predicate) != 0; }
  __device__ int all(int predicate) const { return ballot(!predicate) == 0; }
  __device__ operator thread_group() const { return thread_group(N, thread_rank()); }

 private:
  unsigned meta_rank_;
  unsigned meta_size_;
};

template <unsigned N, std::enable_if_t<(N <= 64), int> = 0>
__device__ inline thread_block_tile<N, thread_block> tiled_partition(const thread_block& block) {
  return thread_block_tile<N, thread_block>(block.thread_rank() / N, (block.size() + N - 1) / N);
}

template <unsigned N, unsigned M, typename P>
__device__ inline thread_block_tile<N, thread_block_tile<M, P>> tiled_partition(const thread_block_tile<M, P>& tile) {
  static_assert(N <= M, "tiled_partition<N>(tile<M>): N must not exceed M");
  return thread_block_tile<N, thread_block_tile<M, P>>(tile.thread_rank() / N, M / N);
}

__device__ inline thread_group tiled_partition(const thread_block& block, unsigned tile_size) {
  return thread_group(tile_size, block.thread_rank() % tile_size);
}

template <typename Group>
__device__ inline void sync(const Group& g) {
  g.sync();
}
template <typename Group>
__device__ inline auto thread_rank(const Group& g) {
  return g.thread_rank();
}
template <typename Group>
__device__ inline auto group_size(const Group& g) {
  return g.size();
}

}  // namespace cooperative_groups
#endif  // __HIP__
#endif  // HIP_VERSION >= 6.2

#include "dualgpu_cuda_cg_large_tile.h"
#include "dualgpu_cuda_cg_partitions.h"
