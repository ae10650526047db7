// launch_common.cuh: what every kernel file of the extension shares: block and grid sizes, the
// storage type behind a scalar_kind, the alignment test for 16-byte accesses, and plain, streaming
// and L2-keeping aligned accesses. Light on purpose (no check.hpp, no <string>): nvcc parses every
// header twice, and this one is in every kernel file.
#pragma once

#include "scalar.cuh"
#include "scalar_kind.h"

#include "dualgpu/device.hpp"
#include "dualgpu/launch.hpp"
#include "dualgpu/runtime.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <type_traits>

namespace dualgpu_example {
namespace detail {

using dualgpu::aligned_vector;

// One block per row (grid-stride, so any row count fits the grid limit).
constexpr std::int64_t max_grid_rows = 65535;

inline int threads_for(std::int64_t work_per_row) {
  // A multiple of 64 fills whole warps on every vendor; 1024 is the block limit everywhere.
  const std::int64_t t = std::min<std::int64_t>(1024, std::max<std::int64_t>(work_per_row, 1));
  return static_cast<int>((t + 63) / 64 * 64);
}

// The answers below are cached per device, for this many devices; a device past them is not cached.
constexpr int max_cached_devices = 64;

// The current device's index if its answers can be cached, else -1 (no device, or one past the cache).
inline int cached_device() {
  int device = -1;
  return cudaGetDevice(&device) == cudaSuccess && device >= 0 && device < max_cached_devices ? device : -1;
}

// The current device's multiprocessor count, asked once per device; 0 if it cannot be asked (then no
// launch plan takes its few-rows paths: decode-size norms with the weight loaded early, silu_and_mul's
// blocks of 128).
inline int multiprocessors() {
  static std::atomic<int> known[max_cached_devices];
  const int device = cached_device();
  if (device < 0) return 0;
  int count = known[device].load(std::memory_order_relaxed);
  if (count == 0) {
    if (cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess || count <= 0) return 0;
    known[device].store(count, std::memory_order_relaxed);  // a race only asks twice
  }
  return count;
}

// Whether `blocks` blocks of `threads` threads (a multiple of 32 up to 1024: threads_for's sizes and
// the norms' row groups) of Kernel are all resident on the current device at once: one wave. The
// runtime's occupancy calculator is asked once per kernel, device and block size; false if it cannot
// be asked.
template <auto Kernel>
bool fits_one_wave(std::int64_t blocks, int threads) {
  constexpr int sizes = 1024 / 32;
  static std::atomic<int> known[max_cached_devices][sizes];  // resident blocks per multiprocessor + 1; 0: not asked
  const int size = threads / 32 - 1;
  const int device = cached_device();
  if (threads % 32 != 0 || size < 0 || size >= sizes || device < 0) return false;
  int per_sm = known[device][size].load(std::memory_order_relaxed) - 1;
  if (per_sm < 0) {
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, Kernel, threads, 0) != cudaSuccess) return false;
    known[device][size].store(per_sm + 1, std::memory_order_relaxed);  // a race only asks twice
  }
  return blocks <= static_cast<std::int64_t>(per_sm) * multiprocessors();
}

// Whether `clusters` clusters of `cluster_blocks` (a power of two up to 8) blocks of `threads` threads
// (threads_for's sizes) of Kernel are all resident on the current device at once; false where there are
// no clusters (dualgpu::max_active_clusters: HIP, older devices). Asked once per kernel, device and shape.
template <auto Kernel>
bool clusters_fit(std::int64_t clusters, int cluster_blocks, int threads) {
  constexpr int cluster_sizes = 4, sizes = 1024 / 64;
  static std::atomic<int> known[max_cached_devices][cluster_sizes][sizes];  // resident clusters + 1; 0: not asked
  int log2_blocks = 0;
  while ((2 << log2_blocks) <= cluster_blocks) ++log2_blocks;
  const int size = threads / 64 - 1;
  if (threads % 64 != 0 || size < 0 || size >= sizes || (1 << log2_blocks) != cluster_blocks ||
      log2_blocks >= cluster_sizes)
    return false;
  const int device = cached_device();
  if (device < 0) return false;
  int resident = known[device][log2_blocks][size].load(std::memory_order_relaxed) - 1;
  if (resident < 0) {
    resident = dualgpu::max_active_clusters<Kernel>(dim3(threads), static_cast<unsigned>(cluster_blocks));
    known[device][log2_blocks][size].store(resident + 1, std::memory_order_relaxed);  // a race only asks twice
  }
  return resident > 0 && clusters <= resident;
}

// Gives Kernel's SMs the most L1 its blocks allow (the least shared memory), once per device, never
// while `stream` is being captured (asked again at the next launch). The norms' cluster kernel
// measured faster with it behind an L2 flush and level otherwise; the two-pass kernel slower, so it is
// asked for that kernel alone (docs/benchmarks.md, "decode-size norms: the block reduction's second
// stage, and L1 for the cluster kernel").
template <auto Kernel>
void prefer_l1(dualgpu::stream_t stream) {
#if defined(DUALGPU_PLATFORM_CUDA)
  static std::atomic<bool> done[max_cached_devices];
  const int device = cached_device();
  cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
  if (device < 0 || done[device].load(std::memory_order_relaxed) ||
      cudaStreamIsCapturing(stream, &capturing) != cudaSuccess || capturing != cudaStreamCaptureStatusNone)
    return;
  if (cudaFuncSetAttribute(reinterpret_cast<const void*>(Kernel), cudaFuncAttributePreferredSharedMemoryCarveout,
                           cudaSharedmemCarveoutMaxL1) != cudaSuccess)
    static_cast<void>(cudaGetLastError());  // a preference only: the launch goes ahead without it
  done[device].store(true, std::memory_order_relaxed);
#else
  static_cast<void>(stream);
#endif  // DUALGPU_PLATFORM_CUDA
}

inline unsigned grid_for(std::int64_t rows) { return static_cast<unsigned>(std::min(rows, max_grid_rows)); }

// Plain wide accesses: the host checked the alignment, so no per-access test (load_vector has one).
template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_aligned(const T* p) {
  return *reinterpret_cast<const aligned_vector<T, N>*>(p);
}
template <int N, typename T>
__device__ __forceinline__ void store_aligned(T* p, const aligned_vector<T, N>& v) {
  *reinterpret_cast<aligned_vector<T, N>*>(p) = v;
}

// Streaming (evict-first) accesses, for data a kernel touches once: the L2 keeps what is reused (a
// weight) instead: they measured faster in the norms and silu_and_mul (docs/benchmarks.md,
// bench/kernel_variants.cu). 16- and 8-byte vectors on CUDA only; HIP (not measured) gets plain accesses.
template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_stream(const T* p) {
#if defined(DUALGPU_PLATFORM_CUDA)
  if constexpr (sizeof(aligned_vector<T, N>) == 16) {
    const int4 raw = __ldcs(reinterpret_cast<const int4*>(p));
    return *reinterpret_cast<const aligned_vector<T, N>*>(&raw);
  }
  if constexpr (sizeof(aligned_vector<T, N>) == 8) {
    const int2 raw = __ldcs(reinterpret_cast<const int2*>(p));
    return *reinterpret_cast<const aligned_vector<T, N>*>(&raw);
  }
#endif
  return load_aligned<N>(p);
}
template <int N, typename T>
__device__ __forceinline__ void store_stream(T* p, const aligned_vector<T, N>& v) {
#if defined(DUALGPU_PLATFORM_CUDA)
  if constexpr (sizeof(aligned_vector<T, N>) == 16) {
    __stcs(reinterpret_cast<int4*>(p), *reinterpret_cast<const int4*>(&v));
    return;
  }
  if constexpr (sizeof(aligned_vector<T, N>) == 8) {
    __stcs(reinterpret_cast<int2*>(p), *reinterpret_cast<const int2*>(&v));
    return;
  }
#endif
  store_aligned<N>(p, v);
}

// Loaded to be read again soon by the same block (a row's second pass): kept in L2 (evict-last)
// rather than streamed. Inline PTX on CUDA sm_80+ (the policy operand is what keeps it); plain
// elsewhere.
struct l2_keep_policy {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  std::uint64_t policy;
  __device__ l2_keep_policy() { asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy)); }
#endif  // sm_80+
};
template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_keep(const T* p, const l2_keep_policy& keep) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (sizeof(aligned_vector<T, N>) == 16) {
    int4 raw;
    asm volatile("ld.global.L1::evict_last.L2::cache_hint.v4.s32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(raw.x), "=r"(raw.y), "=r"(raw.z), "=r"(raw.w)
                 : "l"(p), "l"(keep.policy));
    return *reinterpret_cast<const aligned_vector<T, N>*>(&raw);
  }
#endif  // sm_80+
  (void)keep;
  return load_aligned<N>(p);
}

// ---- rows of any width and alignment -------------------------------------------------------------
// A row whose start is not 16-byte aligned (an odd width, a torch slice) is split in three: the head,
// up to VEC - 1 values until the pointer the kernel stores to is aligned; whole aligned vectors; the
// tail, up to VEC - 1 values. Head and tail (the edges) take scalar accesses, the vectors 16-byte ones.
struct row_split {
  int head;    // values before the first aligned vector
  int chunks;  // aligned vectors after them
  int edges;   // head + tail
  // Where edge value e (0 <= e < edges) is in the row.
  template <int VEC>
  __device__ __forceinline__ int edge_position(int e) const { return e < head ? e : e + chunks * VEC; }
};

template <typename T>
__device__ __forceinline__ bool aligned16(const T* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

// `row`: the pointer the kernel stores to; the host checked that every pointer is aligned to one value.
template <int VEC, typename T>
__device__ __forceinline__ row_split split_row(const T* row, int width) {
  const int misaligned = static_cast<int>(reinterpret_cast<std::uintptr_t>(row) % 16 / sizeof(T));
  const int head = min(width, (VEC - misaligned) % VEC);
  const int chunks = (width - head) / VEC;
  return {head, chunks, width - chunks * VEC};
}

// 16 bytes from p in pieces of W bytes (p is W-byte aligned).
template <int W, int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_pieces(const T* p) {
  using piece = std::conditional_t<W == 8, uint2, std::conditional_t<W == 4, std::uint32_t, std::uint16_t>>;
  aligned_vector<T, N> v;
#pragma unroll
  for (int k = 0; k < 16 / W; ++k) reinterpret_cast<piece*>(&v)[k] = reinterpret_cast<const piece*>(p)[k];
  return v;
}

// ---- realigned loads: 16 bytes at any 2-byte-aligned address in two aligned 16-byte loads ----------
// load_granules reads the two aligned 16-byte granules holding the bytes, realign shifts them into
// place. Split in two so that a kernel issues every row's loads before it realigns any: realigning
// needs the data, and done between two rows' loads it would make the second wait for the first (two
// memory round trips instead of one). Both steps are branch-free for the same reason: a load in a
// branch is unpacked inside it, which waits for the data there. The second granule is the one holding
// the last of the 16 bytes (the first one again when they are aligned: the next would lie wholly past
// them, past the tensor's end for its last vector), so no access leaves the granules that hold the
// bytes; the bytes past them are shifted out. Two wide accesses replace up to eight narrow ones.
struct granules {
  uint4 first, second;
  unsigned offset;  // the bytes' offset in `first`: 0 to 15
};

template <typename T>
__device__ __forceinline__ granules load_granules(const T* p) {
  const unsigned offset = static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(p) % 16);
  const uint4* granule = reinterpret_cast<const uint4*>(reinterpret_cast<const char*>(p) - offset);
  return {granule[0], granule[offset != 0 ? 1 : 0], offset};
}

template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> realign(const granules& g) {
  static_assert(sizeof(aligned_vector<T, N>) == 16, "realign: 16-byte vectors only");
  const std::uint32_t w[8] = {g.first.x,  g.first.y,  g.first.z,  g.first.w,
                              g.second.x, g.second.y, g.second.z, g.second.w};
  const unsigned word = g.offset / 4, bits = g.offset % 4 * 8;
  std::uint32_t r[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    // Words k + word and k + word + 1, chosen by selects (w stays in registers: no indexing at run time).
    const std::uint32_t lo = word == 0 ? w[k] : word == 1 ? w[k + 1] : word == 2 ? w[k + 2] : w[k + 3];
    const std::uint32_t hi = word == 0 ? w[k + 1] : word == 1 ? w[k + 2] : word == 2 ? w[k + 3] : w[k + 4];
    r[k] = static_cast<std::uint32_t>(((static_cast<std::uint64_t>(hi) << 32) | lo) >> bits);
  }
  aligned_vector<T, N> v;
  memcpy(&v, r, sizeof(v));
  return v;
}

// N values (16 bytes) from an address aligned to one value only, in the widest accesses its alignment
// allows (16, 8, 4 or 2 bytes): no access reaches past the N values, none needs shifting, and no more
// registers are live than for an aligned load. Coalesced across a warp, the DRAM traffic is that of
// aligned loads; only the instruction count grows.
template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_any(const T* p) {
  static_assert(sizeof(aligned_vector<T, N>) == 16, "load_any: 16-byte vectors only");
  const unsigned offset = static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(p) % 16);
  if (offset == 0) return load_aligned<N>(p);
  if (offset % 8 == 0) return load_pieces<8, N>(p);
  if constexpr (sizeof(T) >= 4) {
    return load_pieces<4, N>(p);
  } else {
    if (offset % 4 == 0) return load_pieces<4, N>(p);
    return load_pieces<2, N>(p);
  }
}

// N values to an address aligned to one value only, one by one (a store cannot be shifted into place).
template <int N, typename T>
__device__ __forceinline__ void store_values(T* p, const aligned_vector<T, N>& v) {
#pragma unroll
  for (int j = 0; j < N; ++j) p[j] = v[j];
}

// The storage type behind a scalar_kind.
template <scalar_kind K> struct storage;
template <> struct storage<scalar_kind::float32> { using type = float; };
template <> struct storage<scalar_kind::float16> { using type = __half; };
template <> struct storage<scalar_kind::bfloat16> { using type = __nv_bfloat16; };
template <scalar_kind K>
using storage_t = typename storage<K>::type;

// Calls f(T{}) with the storage type of `kind` and returns what it returns.
template <typename F>
dualgpu::error_t with_type(scalar_kind kind, F&& f) {
  switch (kind) {
    case scalar_kind::float32: return f(float{});
    case scalar_kind::float16: return f(__half{});
    case scalar_kind::bfloat16: return f(__nv_bfloat16{});
  }
  return dualgpu::error_success;  // unreachable: every kind is handled
}

// Vectors of N values (16 bytes by default) need every row start aligned: an aligned base and a row
// length that is a multiple of the vector. Torch slices (x[1:]) break the first, odd hidden sizes the second.
template <typename T, int N = dualgpu::max_vector_size<T>>
inline bool can_vectorise(std::int64_t row_len, std::initializer_list<const void*> ptrs) {
  if (row_len % N != 0) return false;
  for (const void* p : ptrs)
    if (reinterpret_cast<std::uintptr_t>(p) % (sizeof(T) * N) != 0) return false;
  return true;
}

// Whether every pointer is aligned to one value of T (always so for torch tensors of T): the kernels
// that split rows (row_split) need it; a pointer that is not takes the scalar fallback.
template <typename T>
inline bool values_aligned(std::initializer_list<const void*> ptrs) {
  for (const void* p : ptrs)
    if (reinterpret_cast<std::uintptr_t>(p) % sizeof(T) != 0) return false;
  return true;
}

inline std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

}  // namespace detail
}  // namespace dualgpu_example
