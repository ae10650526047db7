// launch_common.cuh: what every kernel file of the extension shares: block and grid sizes, the
// storage type behind a scalar_kind, the alignment test for 16-byte accesses, and plain and
// streaming aligned accesses. One kernel file per op, so touching one op recompiles only that file.
#pragma once

#include "kernels.h"
#include "scalar.cuh"

#include "dualgpu/check.hpp"
#include "dualgpu/device.hpp"

#include <algorithm>
#include <initializer_list>

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
// weight) instead. On the H200 they gained 1-5% of copy bandwidth in the norms and silu_and_mul
// (bench/kernel_variants.cu). 16-byte vectors on CUDA only; HIP (not measured) gets plain accesses.
template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_stream(const T* p) {
#if defined(DUALGPU_PLATFORM_CUDA)
  if constexpr (sizeof(aligned_vector<T, N>) == 16) {
    const int4 raw = __ldcs(reinterpret_cast<const int4*>(p));
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
#endif
  store_aligned<N>(p, v);
}

// Calls f(T{}) with the storage type of `kind`.
template <typename F>
void with_type(scalar_kind kind, F&& f) {
  switch (kind) {
    case scalar_kind::float32: return f(float{});
    case scalar_kind::float16: return f(__half{});
    case scalar_kind::bfloat16: return f(__nv_bfloat16{});
  }
}

// The 16-byte path needs every row start aligned: an aligned base and a row length that is a
// multiple of the vector. Torch slices (x[1:]) break the first, odd hidden sizes the second.
template <typename T>
inline bool can_vectorise(std::int64_t row_len, std::initializer_list<const void*> ptrs) {
  constexpr int vec = dualgpu::max_vector_size<T>;
  if (row_len % vec != 0) return false;
  for (const void* p : ptrs)
    if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0) return false;
  return true;
}

inline std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

}  // namespace detail
}  // namespace dualgpu_example
