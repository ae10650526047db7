// dualgpu/on_hip/dualgpu_cuda_warp.h: CUDA's masked warp intrinsics (__shfl_*_sync, votes,
// __activemask, __syncwarp) with CUDA's meaning on AMD wavefronts. HIP builds only.
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

// CUDA returns 32 bits: the active lanes of the calling lane's warp of 32.
__device__ __forceinline__ unsigned activemask() { return ballot(0u, 1); }

// Lanes of a wave run in lock step; what __syncwarp adds is memory ordering among them.
__device__ __forceinline__ void syncwarp() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

}  // namespace cuda_warp
}  // namespace dualgpu

#define __shfl_sync(...) ::dualgpu::cuda_warp::shfl(__VA_ARGS__)
#define __shfl_up_sync(...) ::dualgpu::cuda_warp::shfl_up(__VA_ARGS__)
#define __shfl_down_sync(...) ::dualgpu::cuda_warp::shfl_down(__VA_ARGS__)
#define __shfl_xor_sync(...) ::dualgpu::cuda_warp::shfl_xor(__VA_ARGS__)
#define __ballot_sync(mask, predicate) ::dualgpu::cuda_warp::ballot((mask), (predicate))
#define __any_sync(mask, predicate) ::dualgpu::cuda_warp::any((mask), (predicate))
#define __all_sync(mask, predicate) ::dualgpu::cuda_warp::all((mask), (predicate))
#define __activemask() ::dualgpu::cuda_warp::activemask()
#define __syncwarp(...) ::dualgpu::cuda_warp::syncwarp()
