// dualgpu/on_hip/cooperative_groups/reduce.h: CUDA's cg::reduce and its operators on AMD.
// HIP builds only. A ROCm whose HIP ships amd_hip_cooperative_groups_reduce.h provides them
// itself and that is used; otherwise DualGPU's: reduce(tile, value, op) over a
// thread_block_tile (a butterfly of shfl_xor, every rank gets the result, as on CUDA), and
// plus, less, greater, bit_and, bit_or, bit_xor.
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
