// dualgpu/on_hip/dualgpu_cuda_warp.h: CUDA's masked warp intrinsics (__shfl_*_sync, votes,
// __activemask, __syncwarp, __match_*_sync, __reduce_*_sync) with CUDA's meaning on AMD wavefronts.
// HIP builds only.
//
// The rule (docs/porting.md "Warp intrinsics"): the type of the mask says which warp the
// code was written for.
//   - A 32-bit mask (0xffffffff, `unsigned`, __activemask()'s result): code written for
//     NVIDIA's warp of 32. On a 64-wide wave (gfx9: gfx90a, gfx940) each half of the wave
//     acts as one warp of 32: lanes 0-31 and 32-63 shuffle, vote and ballot among
//     themselves, exactly as two NVIDIA warps would. Offsets/lanes of 32 or more can only
//     come from code that reads `warpSize` (64 there): those shuffles use the whole wave.
//   - A 64-bit mask: code written for AMD's wave; the whole wave takes part.
// An explicit `width` argument is used as given (CUDA: segments of `width` lanes).
// The mask's bits are not checked: as on CUDA, every lane it names must make the call.
//
// HIP >= 6.2 has its own __shfl_sync etc. behind HIP_ENABLE_WARP_SYNC_BUILTINS, and they
// refuse 32-bit masks at compile time (static_assert "The mask must be a 64-bit integer"),
// so CUDA code written with 0xffffffff cannot use them: the CUDA names are mapped to the
// functions below by macro whichever ROCm is found.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>

#include "../runtime.hpp"
#include "dualgpu_cuda_warp_lanes.h"

namespace dualgpu {
namespace cuda_warp {

// The wave width of this device pass (DUALGPU_WARP_SIZE; 64 in the host pass, never run there).
inline constexpr int wave = DUALGPU_WARP_SIZE;

template <typename Mask>
__device__ __forceinline__ int shuffle_width(int given, unsigned reach) {
  return shuffle_width(sizeof(Mask) >= 8, given, reach, wave);
}

__device__ __forceinline__ int lane() { return static_cast<int>(__lane_id()); }

// One ds_bpermute per 32 bits: any trivially copyable T (int, float, double, __half2, structs).
template <typename T>
__device__ __forceinline__ T read_lane(T value, int src) {
  constexpr int words = (sizeof(T) + 3) / 4;
  int buf[words] = {};
  __builtin_memcpy(buf, &value, sizeof(T));
#pragma unroll
  for (int i = 0; i < words; ++i) buf[i] = __builtin_amdgcn_ds_bpermute(src << 2, buf[i]);
  T out;
  __builtin_memcpy(&out, buf, sizeof(T));
  return out;
}

template <typename Mask, typename T>
__device__ __forceinline__ T shfl(Mask, T value, int src, int width = 0) {
  const int w = shuffle_width<Mask>(width, static_cast<unsigned>(src));
  return read_lane(value, source_of_shfl(lane(), src, w));
}

template <typename Mask, typename T>
__device__ __forceinline__ T shfl_up(Mask, T value, unsigned delta, int width = 0) {
  const int w = shuffle_width<Mask>(width, delta);
  return read_lane(value, source_of_shfl_up(lane(), delta, w));
}

template <typename Mask, typename T>
__device__ __forceinline__ T shfl_down(Mask, T value, unsigned delta, int width = 0) {
  const int w = shuffle_width<Mask>(width, delta);
  return read_lane(value, source_of_shfl_down(lane(), delta, w));
}

template <typename Mask, typename T>
__device__ __forceinline__ T shfl_xor(Mask, T value, int lane_mask, int width = 0) {
  const int w = shuffle_width<Mask>(width, static_cast<unsigned>(lane_mask));
  return read_lane(value, source_of_shfl_xor(lane(), lane_mask, w));
}

// Ballot over the calling lane's warp: its 32-lane half for a 32-bit mask, the wave otherwise.
template <typename Mask>
__device__ __forceinline__ auto ballot(Mask, int predicate) {
  const std::uint64_t bits = __ballot64(predicate);
  if constexpr (sizeof(Mask) >= 8) {
    return static_cast<unsigned long long>(bits);
  } else {
    return static_cast<unsigned>(wave == 64 ? bits >> (lane() & 32) : bits);
  }
}

template <typename Mask>
__device__ __forceinline__ int any(Mask mask, int predicate) {
  return ballot(mask, predicate) != 0;
}

// Inactive lanes vote nothing, so "no active lane says false" is CUDA's __all_sync.
template <typename Mask>
__device__ __forceinline__ int all(Mask mask, int predicate) {
  return ballot(mask, !predicate) == 0;
}

// CUDA 12: whether every active lane of the mask gives the same predicate.
template <typename Mask>
__device__ __forceinline__ int uniform(Mask mask, int predicate) {
  return all(mask, predicate) || !any(mask, predicate);
}

// CUDA returns 32 bits: the active lanes of the calling lane's warp of 32.
__device__ __forceinline__ unsigned activemask() { return ballot(0u, 1); }

// Lanes of a wave run in lock step; what __syncwarp adds is memory ordering among them.
__device__ __forceinline__ void syncwarp() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

// The first lane of the calling lane's warp, which bit 0 of a ballot stands for.
template <typename Mask>
__device__ __forceinline__ int first_lane_of_warp() {
  return sizeof(Mask) >= 8 || wave == 32 ? 0 : (lane() & 32);
}

// CUDA compares the bits (-0.0f is not 0.0f); word by word, as the device has no memcmp.
template <typename T>
__device__ __forceinline__ bool same_bits(const T& a, const T& b) {
  constexpr int words = (sizeof(T) + 3) / 4;
  int x[words] = {}, y[words] = {};
  __builtin_memcpy(x, &a, sizeof(T));
  __builtin_memcpy(y, &b, sizeof(T));
  bool same = true;
#pragma unroll
  for (int i = 0; i < words; ++i) same = same && x[i] == y[i];
  return same;
}

// CUDA's __match_any_sync: the lanes of <mask> whose value has the bits of the caller's. One round
// per distinct value: the lowest lane not yet matched shows its value and the lanes holding it
// vote. Every lane of the warp sees the same `left`, so the rounds stay in step.
template <typename Mask, typename T>
__device__ __forceinline__ auto match_any(Mask mask, T value) {
  using Bits = decltype(ballot(mask, 1));
  Bits left = ballot(mask, 1) & static_cast<Bits>(mask);
  Bits mine = 0;
  while (left != 0) {
    const int leader = first_lane_of_warp<Mask>() + __builtin_ctzll(left);
    const bool same = same_bits(read_lane(value, leader), value);
    const Bits group = ballot(mask, same) & left;
    if (same) mine = group;
    left &= ~group;
  }
  return mine;
}

// CUDA's __match_all_sync: <mask> when every lane of it holds the same bits, else 0; *pred says which.
template <typename Mask, typename T>
__device__ __forceinline__ auto match_all(Mask mask, T value, int* pred) {
  using Bits = decltype(ballot(mask, 1));
  const Bits lanes = ballot(mask, 1) & static_cast<Bits>(mask);
  const int leader = first_lane_of_warp<Mask>() + (lanes ? __builtin_ctzll(lanes) : 0);
  const bool all_same = (ballot(mask, !same_bits(read_lane(value, leader), value)) & lanes) == 0;
  *pred = all_same;
  return all_same ? static_cast<Bits>(mask) : Bits{0};
}

// CUDA's __reduce_*_sync (sm_80): <op> over the lanes of <mask>. A full warp folds in log2 steps
// (each lane ends with the whole result); a partial mask reads its lanes one by one, since a lane
// outside it holds no value to fold.
template <typename Mask, typename T, typename Op>
__device__ __forceinline__ T reduce(Mask mask, T value, Op op) {
  using Bits = decltype(ballot(mask, 1));
  const int width = sizeof(Mask) >= 8 ? wave : 32;
  const Bits full = width == 64 ? ~Bits{0} : static_cast<Bits>(0xffffffffu);
  if ((static_cast<Bits>(mask) & full) == full) {
#pragma unroll
    for (int step = 1; step < width; step *= 2) value = op(value, read_lane(value, lane() ^ step));
    return value;
  }
  Bits left = static_cast<Bits>(mask);
  T result = read_lane(value, first_lane_of_warp<Mask>() + __builtin_ctzll(left));
  left &= left - 1;
  while (left != 0) {
    result = op(result, read_lane(value, first_lane_of_warp<Mask>() + __builtin_ctzll(left)));
    left &= left - 1;
  }
  return result;
}

template <typename T>
struct reduce_ops {
  static_assert(sizeof(T) == 4, "CUDA's __reduce_*_sync take int or unsigned int");
  __device__ static T add(T a, T b) { return a + b; }
  __device__ static T min(T a, T b) { return a < b ? a : b; }
  __device__ static T max(T a, T b) { return a < b ? b : a; }
  __device__ static T bit_and(T a, T b) { return a & b; }
  __device__ static T bit_or(T a, T b) { return a | b; }
  __device__ static T bit_xor(T a, T b) { return a ^ b; }
};

}  // namespace cuda_warp
}  // namespace dualgpu

#define __shfl_sync(...) ::dualgpu::cuda_warp::shfl(__VA_ARGS__)
#define __shfl_up_sync(...) ::dualgpu::cuda_warp::shfl_up(__VA_ARGS__)
#define __shfl_down_sync(...) ::dualgpu::cuda_warp::shfl_down(__VA_ARGS__)
#define __shfl_xor_sync(...) ::dualgpu::cuda_warp::shfl_xor(__VA_ARGS__)
#define __ballot_sync(mask, predicate) ::dualgpu::cuda_warp::ballot((mask), (predicate))
#define __any_sync(mask, predicate) ::dualgpu::cuda_warp::any((mask), (predicate))
#define __all_sync(mask, predicate) ::dualgpu::cuda_warp::all((mask), (predicate))
#define __uni_sync(mask, predicate) ::dualgpu::cuda_warp::uniform((mask), (predicate))
#define __activemask() ::dualgpu::cuda_warp::activemask()
#define __syncwarp(...) ::dualgpu::cuda_warp::syncwarp()
#define __match_any_sync(mask, value) ::dualgpu::cuda_warp::match_any((mask), (value))
#define __match_all_sync(mask, value, pred) ::dualgpu::cuda_warp::match_all((mask), (value), (pred))
#define DUALGPU_CUDA_REDUCE(mask, value, op) \
  ::dualgpu::cuda_warp::reduce((mask), (value), ::dualgpu::cuda_warp::reduce_ops<decltype(+(value))>::op)
#define __reduce_add_sync(mask, value) DUALGPU_CUDA_REDUCE(mask, value, add)
#define __reduce_min_sync(mask, value) DUALGPU_CUDA_REDUCE(mask, value, min)
#define __reduce_max_sync(mask, value) DUALGPU_CUDA_REDUCE(mask, value, max)
#define __reduce_and_sync(mask, value) DUALGPU_CUDA_REDUCE(mask, value, bit_and)
#define __reduce_or_sync(mask, value) DUALGPU_CUDA_REDUCE(mask, value, bit_or)
#define __reduce_xor_sync(mask, value) DUALGPU_CUDA_REDUCE(mask, value, bit_xor)
