// dualgpu/on_hip/dualgpu_cuda_cg_large_tile.h: cooperative-groups tiles wider than any AMD wave
// (thread_block_tile<128 | 256 | 512 | 1024>), cg::block_tile_memory and
// this_thread_block(scratch), as CUDA 12 has them. HIP builds only; included by
// cooperative_groups.h on every ROCm (HIP's own tiles stop at the wave width).
//
// A tile of N threads is N consecutive flat ranks of the block, so it is a whole number of
// waves. Its sync is a barrier among those waves only (one arrival count per tile in LDS; the
// waves of a block are resident together, so waiting in LDS cannot starve one), and its
// shuffles go through one LDS slot per thread: this is what CUDA keeps in block_tile_memory.
// DualGPU keeps it in its own __shared__ block (8 bytes per thread of a 1024-thread block, in
// every kernel that makes such a tile), so the user's block_tile_memory is only a placeholder.
// As on CUDA, tiled_partition is called by every thread of the block, and a tile's sync,
// shfl and reduce by every thread of the tile; shuffled values are at most 8 bytes.
#pragma once

#if defined(__HIP__)
#include <cstdint>
#include <type_traits>

#include "dualgpu_cuda_warp.h"

namespace dualgpu {
namespace cuda_cg {

inline constexpr unsigned max_block_threads = 1024;
inline constexpr unsigned max_large_tiles = max_block_threads / 64;

struct large_tile_scratch {
  std::uint64_t slot[max_block_threads];
  unsigned arrived[max_large_tiles];
  unsigned generation[max_large_tiles];
};

__device__ inline large_tile_scratch& scratch() {
  __shared__ large_tile_scratch storage;
  return storage;
}

__device__ inline unsigned block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// Barrier among the `waves` waves of tile `tile`: one lane per wave arrives; the last one
// resets the count and advances the generation the others wait on.
__device__ inline void tile_barrier(unsigned tile, unsigned waves) {
  large_tile_scratch& s = scratch();
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  if (__lane_id() == 0) {
    const unsigned gen = __hip_atomic_load(&s.generation[tile], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    if (__hip_atomic_fetch_add(&s.arrived[tile], 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_WORKGROUP) == waves - 1) {
      __hip_atomic_store(&s.arrived[tile], 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
      __hip_atomic_fetch_add(&s.generation[tile], 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
    } else {
      while (__hip_atomic_load(&s.generation[tile], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == gen) {
        __builtin_amdgcn_s_sleep(1);
      }
    }
  }
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

template <unsigned N>
class large_tile {
  static_assert(N > 64 && N <= max_block_threads && (N & (N - 1)) == 0,
                "thread_block_tile<N> wider than a wave: N must be a power of two from 128 to 1024");

 public:
  // Made by tiled_partition, which every thread of the block calls: the arrival counts start at
  // zero (the first barrier keeps a wave still leaving an earlier tile's barrier from racing).
  __device__ large_tile(unsigned meta_rank, unsigned meta_size) : meta_rank_(meta_rank), meta_size_(meta_size) {
    __syncthreads();
    if (block_rank() < max_large_tiles) scratch().arrived[block_rank()] = 0;
    __syncthreads();
  }

  __device__ static constexpr unsigned size() { return N; }
  __device__ static constexpr unsigned num_threads() { return N; }
  __device__ unsigned thread_rank() const { return block_rank() & (N - 1); }
  __device__ unsigned meta_group_rank() const { return meta_rank_; }
  __device__ unsigned meta_group_size() const { return meta_size_; }
  __device__ void sync() const { tile_barrier(meta_rank_, N / static_cast<unsigned>(::dualgpu::cuda_warp::wave)); }

  template <typename T>
  __device__ T shfl(T value, unsigned src_rank) const {
    return exchange(value, src_rank & (N - 1));
  }
  template <typename T>
  __device__ T shfl_xor(T value, unsigned lane_mask) const {
    return exchange(value, (thread_rank() ^ lane_mask) & (N - 1));
  }
  // Out-of-range sources keep the caller's value, as on CUDA.
  template <typename T>
  __device__ T shfl_down(T value, unsigned delta) const {
    const unsigned src = thread_rank() + delta;
    const T other = exchange(value, src < N ? src : thread_rank());
    return other;
  }
  template <typename T>
  __device__ T shfl_up(T value, unsigned delta) const {
    const unsigned rank = thread_rank();
    return exchange(value, rank >= delta ? rank - delta : rank);
  }

 private:
  template <typename T>
  __device__ T exchange(T value, unsigned src_rank) const {
    static_assert(sizeof(T) <= sizeof(std::uint64_t) && std::is_trivially_copyable<T>::value,
                  "thread_block_tile<N> wider than a wave: shuffled values are trivially copyable, 8 bytes at most");
    std::uint64_t* slot = scratch().slot + meta_rank_ * N;
    std::uint64_t bits = 0;
    __builtin_memcpy(&bits, &value, sizeof(T));
    slot[thread_rank()] = bits;
    sync();
    bits = slot[src_rank];
    sync();  // every read done before the slots are written again
    T out;
    __builtin_memcpy(&out, &bits, sizeof(T));
    return out;
  }

  unsigned meta_rank_;
  unsigned meta_size_;
};

}  // namespace cuda_cg
}  // namespace dualgpu

namespace cooperative_groups {

// CUDA 12: storage for tiles wider than 32 threads on GPUs before sm_80. DualGPU keeps its own.
template <unsigned int MaxBlockSize = 1024>
struct block_tile_memory {
  static_assert(MaxBlockSize <= ::dualgpu::cuda_cg::max_block_threads, "block_tile_memory<MaxBlockSize>: at most 1024");
  unsigned char placeholder;
};

template <unsigned int MaxBlockSize>
__device__ inline thread_block this_thread_block(block_tile_memory<MaxBlockSize>&) {
  return this_thread_block();
}

// One specialization per width, without a parent: tiled_partition returns it, so both
// `thread_block_tile<128> t = tiled_partition<128>(cta)` and `auto t = ...` name it.
template <>
class thread_block_tile<128, void> : public ::dualgpu::cuda_cg::large_tile<128> {
 public:
  using large_tile::large_tile;
};
template <>
class thread_block_tile<256, void> : public ::dualgpu::cuda_cg::large_tile<256> {
 public:
  using large_tile::large_tile;
};
template <>
class thread_block_tile<512, void> : public ::dualgpu::cuda_cg::large_tile<512> {
 public:
  using large_tile::large_tile;
};
template <>
class thread_block_tile<1024, void> : public ::dualgpu::cuda_cg::large_tile<1024> {
 public:
  using large_tile::large_tile;
};

template <unsigned int N, std::enable_if_t<(N > 64), int> = 0>
__device__ inline thread_block_tile<N, void> tiled_partition(const thread_block& block) {
  return thread_block_tile<N, void>(block.thread_rank() / N, (block.size() + N - 1) / N);
}

}  // namespace cooperative_groups
#endif  // __HIP__
