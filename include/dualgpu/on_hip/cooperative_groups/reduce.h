// dualgpu/on_hip/cooperative_groups/reduce.h: CUDA's cg::reduce and its operators on AMD.
// HIP builds only. A ROCm whose HIP ships amd_hip_cooperative_groups_reduce.h provides them
// itself and that is used; otherwise DualGPU's: reduce(tile, value, op) over a
// thread_block_tile (a butterfly of shfl_xor, every rank gets the result, as on CUDA), and
// plus, less, greater, bit_and, bit_or, bit_xor. On every ROCm, CUDA 12's reduce_update_async and
// reduce_store_async on top of either.
#pragma once

#include "../cooperative_groups.h"

#if __has_include(<hip/amd_detail/amd_hip_cooperative_groups_reduce.h>)
#include <hip/amd_detail/amd_hip_cooperative_groups_reduce.h>
#elif defined(__HIP__)
namespace cooperative_groups {

template <typename T>
struct plus {
  __device__ T operator()(const T& a, const T& b) const { return a + b; }
};
template <typename T>
struct less {
  __device__ T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <typename T>
struct greater {
  __device__ T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <typename T>
struct bit_and {
  __device__ T operator()(const T& a, const T& b) const { return a & b; }
};
template <typename T>
struct bit_or {
  __device__ T operator()(const T& a, const T& b) const { return a | b; }
};
template <typename T>
struct bit_xor {
  __device__ T operator()(const T& a, const T& b) const { return a ^ b; }
};

template <typename Tile, typename T, typename Op>
__device__ inline T reduce(const Tile& tile, T value, Op op) {
#pragma unroll
  for (unsigned offset = Tile::size() / 2; offset > 0; offset /= 2) value = op(value, tile.shfl_xor(value, offset));
  return value;
}

}  // namespace cooperative_groups
#endif  // HIP's own reduce

#if defined(__HIP__)
#include <type_traits>

#include "../dualgpu_cuda_atomic.h"
#include "../dualgpu_cuda_cg_atomic_fold.h"

namespace cooperative_groups {

// CUDA 12's reduce-and-write: the group reduces and rank 0 folds the result into the atomic
// (reduce_update_async, with the atomic's own fetch_* for cg's operators: dualgpu_cuda_cg_atomic_fold.h)
// or stores it (reduce_store_async, to an atomic or through a pointer). Done when the call returns, which
// is more than CUDA promises before the group's next sync.
template <typename Group, typename Atomic, typename T, typename Op>
__device__ inline void reduce_update_async(const Group& group, Atomic&& dst, T&& value, Op&& op) {
  const std::decay_t<T> result = reduce(group, std::decay_t<T>(value), op);
  if (group.thread_rank() == 0) dualgpu_fold::atomic_fold<std::decay_t<Op>>::apply(dst, result, op);
}

template <typename Group, typename Atomic, typename T, typename Op,
          typename = std::enable_if_t<!std::is_pointer<std::decay_t<Atomic>>::value>>
__device__ inline void reduce_store_async(const Group& group, Atomic&& dst, T&& value, Op&& op) {
  const std::decay_t<T> result = reduce(group, std::decay_t<T>(value), op);
  if (group.thread_rank() == 0) dst.store(result, ::std::memory_order_relaxed);
}

template <typename Group, typename V, typename T, typename Op>
__device__ inline void reduce_store_async(const Group& group, V* dst, T&& value, Op&& op) {
  const std::decay_t<T> result = reduce(group, std::decay_t<T>(value), op);
  if (group.thread_rank() == 0) *dst = result;
}

}  // namespace cooperative_groups
#endif  // __HIP__
