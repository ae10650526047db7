// dualgpu/device.hpp: device helpers that are right on every warp width.
//
// Kernels ported from CUDA often hard-code 32 (lane = threadIdx.x & 31, masks of 0xffffffff,
// smem[32] for a block reduction). On CDNA (gfx90a, gfx942: 64-wide waves) that silently
// reduces half a wave. Use these instead:
//
//   dualgpu::warp_size        constexpr int: 32 on NVIDIA and RDNA (gfx10/11/12), 64 on
//                             GCN/CDNA (gfx9). Exact in device code. In the HIP *host* pass
//                             the target is unknown (one binary, many GPUs): it is 64 there,
//                             so never size a launch or pass it as a kernel template argument
//                             from host code - ask dualgpu::device_warp_size(device) at run time
//                             (dualgpu/device_info.hpp).
//   dualgpu::max_warp_size    constexpr int, the widest warp of the platform (host-safe bound).
//   dualgpu::lane_mask_t      uint32_t on CUDA, uint64_t on HIP; full_lane_mask().
//   lane_id(), warp_id()      of the calling thread in a (possibly 2-D/3-D) block.
//   shfl(v, src), shfl_xor(v, lane_mask), shfl_down(v, delta), ballot(pred)
//                             whole-warp operations: every lane of the warp must call them.
//   warp_reduce_sum(v), warp_reduce_max(v), warp_reduce(v, op)
//                             butterfly reduction; every lane gets the result; whole warp active.
//   block_reduce_sum(v), block_reduce_max(v), block_reduce(v, op)
//                             any block size up to 1024 threads (partial last warp is fine,
//                             1-D/2-D/3-D blocks), result returned to every thread. Every thread
//                             of the block must call it (blocks of more than one warp meet
//                             at __syncthreads() in it). Shared
//                             memory: one static array of (1024 / warp_size + 1) T per (T, op)
//                             instantiation per kernel (132 B for float on NVIDIA, 68 B on CDNA);
//                             calling it back to back is safe.
//   aligned_vector<T, N>      N values of T with the alignment of one wide load.
//   max_vector_size<T>        16 bytes' worth of T (4 floats, 8 halves).
//   is_aligned<N>(ptr)        whether ptr can be read as aligned_vector<T, N>.
//   load_vector<N>(ptr), store_vector<N>(ptr, v)
//                             one wide access when ptr is aligned, N scalar accesses otherwise:
//                             correct for any pointer (a torch slice, an odd offset).
//   load_vector_partial<N>(ptr, count, fill), store_vector_partial<N>(ptr, v, count)
//                             the same for the ragged tail of a row (count < N valid values).
//
// Shuffles and reductions exist only where a GPU compiler is used (.cu files);
// warp_size and the vector helpers are also usable from .cpp files. No <string> or other heavy
// header comes with this one (nvcc parses every header twice): kernel files stay fast to compile.
#pragma once

#include "dualgpu/runtime.hpp"

#include <cstddef>
#include <cstdint>

namespace dualgpu {

// ---- warp width -------------------------------------------------------------------------
// DUALGPU_WARP_SIZE (runtime.hpp) as a constant; in the HIP host pass it is the widest (64).
inline constexpr int warp_size = DUALGPU_WARP_SIZE;
inline constexpr int max_warp_size = DUALGPU_MAX_WARP_SIZE;
#if defined(DUALGPU_PLATFORM_HIP)
using lane_mask_t = std::uint64_t;
#else
using lane_mask_t = std::uint32_t;
#endif  // lane mask width

static_assert(warp_size == 1 || warp_size == 32 || warp_size == 64, "unexpected warp width");

/// All lanes of a warp of this width.
DUALGPU_HOST_DEVICE constexpr lane_mask_t full_lane_mask() {
  return warp_size >= static_cast<int>(8 * sizeof(lane_mask_t)) ? ~lane_mask_t{0}
                                                                 : ((lane_mask_t{1} << warp_size) - 1);
}

// ---- vectorised access ------------------------------------------------------------------
template <typename T, int N>
struct alignas(sizeof(T) * N) aligned_vector {
  static_assert(N > 0 && (N & (N - 1)) == 0, "aligned_vector: N must be a power of two");
  T val[N];
  DUALGPU_HOST_DEVICE T& operator[](int i) { return val[i]; }
  DUALGPU_HOST_DEVICE const T& operator[](int i) const { return val[i]; }
};

/// 16 bytes is the widest single load on both vendors (global_load_dwordx4, LDG.128).
template <typename T>
inline constexpr int max_vector_size = (sizeof(T) >= 16) ? 1 : static_cast<int>(16 / sizeof(T));

template <int N, typename T>
DUALGPU_HOST_DEVICE DUALGPU_INLINE bool is_aligned(const T* ptr) {
  return reinterpret_cast<std::uintptr_t>(ptr) % (sizeof(T) * N) == 0;
}

template <int N, typename T>
DUALGPU_HOST_DEVICE DUALGPU_INLINE aligned_vector<T, N> load_vector(const T* ptr) {
  if (is_aligned<N>(ptr)) return *reinterpret_cast<const aligned_vector<T, N>*>(ptr);
  aligned_vector<T, N> out;
DUALGPU_UNROLL
  for (int i = 0; i < N; ++i) out[i] = ptr[i];
  return out;
}

template <int N, typename T>
DUALGPU_HOST_DEVICE DUALGPU_INLINE void store_vector(T* ptr, const aligned_vector<T, N>& v) {
  if (is_aligned<N>(ptr)) {
    *reinterpret_cast<aligned_vector<T, N>*>(ptr) = v;
    return;
  }
DUALGPU_UNROLL
  for (int i = 0; i < N; ++i) ptr[i] = v[i];
}

/// Reads count (< N allowed) values, the rest set to fill: the tail of a row.
template <int N, typename T>
DUALGPU_HOST_DEVICE DUALGPU_INLINE aligned_vector<T, N> load_vector_partial(const T* ptr, int count, T fill) {
  if (count >= N) return load_vector<N>(ptr);
  aligned_vector<T, N> out;
DUALGPU_UNROLL
  for (int i = 0; i < N; ++i) out[i] = i < count ? ptr[i] : fill;
  return out;
}

template <int N, typename T>
DUALGPU_HOST_DEVICE DUALGPU_INLINE void store_vector_partial(T* ptr, const aligned_vector<T, N>& v, int count) {
  if (count >= N) {
    store_vector<N>(ptr, v);
    return;
  }
DUALGPU_UNROLL
  for (int i = 0; i < N; ++i)
    if (i < count) ptr[i] = v[i];
}

// ---- reduction operators ----------------------------------------------------------------
struct sum_op {
  template <typename T>
  DUALGPU_HOST_DEVICE DUALGPU_INLINE T operator()(const T& a, const T& b) const {
    return a + b;
  }
};
struct max_op {
  // NaN-propagating on the right operand is not guaranteed; inputs are expected to be numbers.
  template <typename T>
  DUALGPU_HOST_DEVICE DUALGPU_INLINE T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

#if DUALGPU_GPU_COMPILER
// ---- lanes and shuffles (GPU compilers only) ---------------------------------------------

/// Linear thread index in the block (x fastest), as the hardware groups threads into warps.
DUALGPU_DEVICE DUALGPU_INLINE int thread_rank() {
  return static_cast<int>(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
}
DUALGPU_DEVICE DUALGPU_INLINE int block_threads() {
  return static_cast<int>(blockDim.x * blockDim.y * blockDim.z);
}
DUALGPU_DEVICE DUALGPU_INLINE int lane_id() { return thread_rank() % warp_size; }
DUALGPU_DEVICE DUALGPU_INLINE int warp_id() { return thread_rank() / warp_size; }

// HIP 5.x has no *_sync shuffles and HIP 6.2+ gates them behind a macro; the unsynced ones
// exist in every ROCm and are exact on AMD, where a wave executes in lock step.
template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T shfl(T v, int src_lane, int width = warp_size) {
#if defined(DUALGPU_PLATFORM_HIP)
  return __shfl(v, src_lane, width);
#else
  return __shfl_sync(full_lane_mask(), v, src_lane, width);
#endif  // DUALGPU_PLATFORM_HIP
}

template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T shfl_xor(T v, int lane_mask, int width = warp_size) {
#if defined(DUALGPU_PLATFORM_HIP)
  return __shfl_xor(v, lane_mask, width);
#else
  return __shfl_xor_sync(full_lane_mask(), v, lane_mask, width);
#endif  // DUALGPU_PLATFORM_HIP
}

template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T shfl_down(T v, unsigned delta, int width = warp_size) {
#if defined(DUALGPU_PLATFORM_HIP)
  return __shfl_down(v, delta, width);
#else
  return __shfl_down_sync(full_lane_mask(), v, delta, width);
#endif  // DUALGPU_PLATFORM_HIP
}

/// Bit i set when lane i's pred is true; lane_mask_t is 64 bits wide on HIP.
DUALGPU_DEVICE DUALGPU_INLINE lane_mask_t ballot(bool pred) {
#if defined(DUALGPU_PLATFORM_HIP)
  return static_cast<lane_mask_t>(__ballot(pred));
#else
  return __ballot_sync(full_lane_mask(), pred);
#endif  // DUALGPU_PLATFORM_HIP
}

// ---- warp reductions --------------------------------------------------------------------
/// Every lane of the warp must be active; every lane gets the result.
template <typename T, typename Op>
DUALGPU_DEVICE DUALGPU_INLINE T warp_reduce(T v, Op op) {
DUALGPU_UNROLL
  for (int offset = warp_size / 2; offset > 0; offset /= 2) v = op(v, shfl_xor(v, offset));
  return v;
}
template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T warp_reduce_sum(T v) {
  return warp_reduce(v, sum_op{});
}
template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T warp_reduce_max(T v) {
  return warp_reduce(v, max_op{});
}

namespace detail {
// Reduction in a warp that may be partial (the last warp of a block of 48 threads has 16
// lanes). `existing` lanes call the shuffles; only the first `contributing` of them add their
// value, what is read from any other lane is discarded. Only the steps that reach a contributing
// lane are taken. The result is valid in lane 0.
template <typename T, typename Op>
DUALGPU_DEVICE DUALGPU_INLINE T partial_warp_reduce(T v, Op op, int contributing, int existing) {
  const int lane = lane_id();
#if defined(DUALGPU_PLATFORM_CUDA)
  // The sync mask must name exactly the lanes that execute the shuffle.
  const lane_mask_t mask = existing >= warp_size ? full_lane_mask() : ((lane_mask_t{1} << existing) - 1);
#else
  (void)existing;  // AMD waves run in lock step; inactive lanes are simply not read
#endif  // DUALGPU_PLATFORM_CUDA
DUALGPU_UNROLL
  for (int offset = warp_size / 2; offset > 0; offset /= 2) {
    if (offset >= contributing) continue;  // uniform: no lane below `contributing` reads that far
#if defined(DUALGPU_PLATFORM_HIP)
    const T other = __shfl_down(v, offset, warp_size);
#else
    const T other = __shfl_down_sync(mask, v, offset, warp_size);
#endif  // DUALGPU_PLATFORM_HIP
    if (lane + offset < contributing) v = op(v, other);
  }
  return v;
}

// The partials of a block of whole warps, reduced in each warp: lane l reads warp l's, a tree over
// the first `warps` lanes, lane 0's result broadcast. Every warp gets the result with no further
// barrier or pass through shared memory.
template <typename T, typename Op>
DUALGPU_DEVICE DUALGPU_INLINE T reduce_partials_in_every_warp(const T* partials, Op op, int warps) {
  const int lane = lane_id();
  T w = partial_warp_reduce(partials[lane < warps ? lane : 0], op, warps, warp_size);
#if defined(DUALGPU_PLATFORM_HIP)
  return __shfl(w, 0, warp_size);
#else
  return __shfl_sync(full_lane_mask(), w, 0, warp_size);
#endif  // DUALGPU_PLATFORM_HIP
}
}  // namespace detail

// ---- block reductions -------------------------------------------------------------------
/// All threads of the block must call it; every thread gets the result. No identity value is
/// needed: lanes without data never contribute.
/// A block of whole warps (the usual case): two barriers and one pass through shared memory, with
/// butterflies and constant lane masks; each warp writes one partial and every warp reduces the
/// partials itself. A block of one whole warp needs no barrier. A block with a partial last warp
/// (which may have fewer lanes than there are partials): warp 0 reduces them and passes the result
/// through shared memory, behind a third barrier.
template <typename T, typename Op>
DUALGPU_DEVICE DUALGPU_INLINE T block_reduce(T v, Op op) {
  constexpr int max_warps = 1024 / warp_size;
  __shared__ T partials[max_warps];
  __shared__ T result;
  const int rank = thread_rank();
  const int nthreads = block_threads();
  const int lane = rank % warp_size;
  const int warp = rank / warp_size;
  const int num_warps = (nthreads + warp_size - 1) / warp_size;

  if (nthreads % warp_size == 0) {
    v = warp_reduce(v, op);  // every lane holds the warp's result
    if (num_warps == 1) return v;
    // The first barrier makes back-to-back calls safe: partials are rewritten only after every
    // warp has read the previous call's.
    __syncthreads();
    if (lane == 0) partials[warp] = v;
    __syncthreads();
    return detail::reduce_partials_in_every_warp(partials, op, num_warps);
  }
  const int lanes_here = min(warp_size, nthreads - warp * warp_size);
  v = detail::partial_warp_reduce(v, op, lanes_here, lanes_here);
  // Three barriers make back-to-back calls safe: partials are rewritten only after every
  // thread passed the previous call's last barrier, i.e. after warp 0 read them.
  __syncthreads();
  if (lane == 0) partials[warp] = v;
  __syncthreads();
  if (warp == 0) {
    T w = partials[lane < num_warps ? lane : 0];
    w = detail::partial_warp_reduce(w, op, num_warps, lanes_here);
    if (lane == 0) result = w;
  }
  __syncthreads();
  return result;
}
template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T block_reduce_sum(T v) {
  return block_reduce(v, sum_op{});
}
template <typename T>
DUALGPU_DEVICE DUALGPU_INLINE T block_reduce_max(T v) {
  return block_reduce(v, max_op{});
}
#endif  // DUALGPU_GPU_COMPILER

}  // namespace dualgpu
