// kernels.cu: the GPU kernels, written in CUDA spelling; DualGPU compiles this file as HIP on
// ROCm. No torch here (see kernels.h). Every index into a tensor is int64: rows * hidden can
// pass 2^31 even when each dimension fits in an int.
#include "kernels.h"
#include "rdc_helper.cuh"
#include "scalar.cuh"

#include "dualgpu/check.hpp"
#include "dualgpu/device.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace dualgpu_example {
namespace {

using dualgpu::aligned_vector;

// One block per row (grid-stride, so any row count fits the grid limit).
constexpr std::int64_t max_grid_rows = 65535;

int threads_for(std::int64_t work_per_row) {
  // A multiple of 64 fills whole warps on every vendor; 1024 is the block limit everywhere.
  const std::int64_t t = std::min<std::int64_t>(1024, std::max<std::int64_t>(work_per_row, 1));
  return static_cast<int>((t + 63) / 64 * 64);
}

unsigned grid_for(std::int64_t rows) { return static_cast<unsigned>(std::min(rows, max_grid_rows)); }

// VEC values per access; the host picks VEC > 1 only when every row start is 16-byte aligned.
template <typename T, int VEC>
__global__ void rms_norm_loop_kernel(T* __restrict__ out, const T* __restrict__ x, const T* __restrict__ weight,
                                float eps, std::int64_t rows, std::int64_t hidden) {
  const std::int64_t chunks = hidden / VEC;
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const T* x_row = x + row * hidden;
    T* out_row = out + row * hidden;
    float sum_squares = 0.0f;
    for (std::int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> v = dualgpu::load_vector<VEC>(x_row + c * VEC);
#pragma unroll
      for (int j = 0; j < VEC; ++j) sum_squares += to_float(v[j]) * to_float(v[j]);
    }
    const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
    for (std::int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> v = dualgpu::load_vector<VEC>(x_row + c * VEC);
      const aligned_vector<T, VEC> w = dualgpu::load_vector<VEC>(weight + c * VEC);
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[j]) * inv_rms * to_float(w[j]));
      dualgpu::store_vector<VEC>(out_row + c * VEC, o);
    }
  }
}

template <typename T, int VEC>
__global__ void fused_add_rms_norm_loop_kernel(T* __restrict__ x, T* __restrict__ residual, const T* __restrict__ weight,
                                          float eps, std::int64_t rows, std::int64_t hidden) {
  const std::int64_t chunks = hidden / VEC;
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    T* x_row = x + row * hidden;
    T* res_row = residual + row * hidden;
    float sum_squares = 0.0f;
    for (std::int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> a = dualgpu::load_vector<VEC>(x_row + c * VEC);
      const aligned_vector<T, VEC> b = dualgpu::load_vector<VEC>(res_row + c * VEC);
      aligned_vector<T, VEC> z;
#pragma unroll
      for (int j = 0; j < VEC; ++j) {
        // Round the sum to T first: the norm must be of the residual that is stored.
        z[j] = from_float<T>(to_float(a[j]) + to_float(b[j]));
        sum_squares += to_float(z[j]) * to_float(z[j]);
      }
      dualgpu::store_vector<VEC>(res_row + c * VEC, z);
    }
    // block_reduce_sum's barriers also make the residual writes above visible to the block.
    const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
    for (std::int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> z = dualgpu::load_vector<VEC>(res_row + c * VEC);
      const aligned_vector<T, VEC> w = dualgpu::load_vector<VEC>(weight + c * VEC);
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(z[j]) * inv_rms * to_float(w[j]));
      dualgpu::store_vector<VEC>(x_row + c * VEC, o);
    }
  }
}

template <typename T, int VEC>
__global__ void silu_and_mul_loop_kernel(T* __restrict__ out, const T* __restrict__ x, std::int64_t rows, std::int64_t d) {
  const std::int64_t chunks = d / VEC;
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const T* gate = x + row * 2 * d;
    const T* up = gate + d;
    T* out_row = out + row * d;
    for (std::int64_t c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> g = dualgpu::load_vector<VEC>(gate + c * VEC);
      const aligned_vector<T, VEC> u = dualgpu::load_vector<VEC>(up + c * VEC);
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(silu(to_float(g[j])) * to_float(u[j]));  // silu: rdc_helper.cu
      dualgpu::store_vector<VEC>(out_row + c * VEC, o);
    }
  }
}

template <typename T>
__device__ void rotate_heads(T* row, const T* cos, const T* sin, std::int64_t heads, std::int64_t head_size,
                             std::int64_t half) {
  for (std::int64_t i = threadIdx.x; i < heads * half; i += blockDim.x) {
    T* head = row + (i / half) * head_size;
    const std::int64_t k = i % half;
    const float c = to_float(cos[k]), s = to_float(sin[k]);
    const float a = to_float(head[k]), b = to_float(head[k + half]);
    head[k] = from_float<T>(a * c - b * s);
    head[k + half] = from_float<T>(b * c + a * s);
  }
}

template <typename T>
__global__ void rotary_embedding_loop_kernel(const std::int64_t* __restrict__ positions, T* __restrict__ query,
                                        T* __restrict__ key, const T* __restrict__ cos_sin_cache,
                                        std::int64_t tokens, std::int64_t query_heads, std::int64_t key_heads,
                                        std::int64_t head_size, std::int64_t rot_dim) {
  const std::int64_t half = rot_dim / 2;
  for (std::int64_t t = blockIdx.x; t < tokens; t += gridDim.x) {
    const T* cos = cos_sin_cache + positions[t] * rot_dim;
    rotate_heads(query + t * query_heads * head_size, cos, cos + half, query_heads, head_size, half);
    rotate_heads(key + t * key_heads * head_size, cos, cos + half, key_heads, head_size, half);
  }
}

// ---- the fast kernels ----------------------------------------------------------------------
// The loop kernels above read a norm row twice (sum of squares, then scale) and walk rows with a
// block-stride loop. The kernels below read every value from global memory once: each thread keeps
// its NV vectors of VEC values in registers between the reduction and the scaling. The host only
// picks them when the pointers are aligned for VEC (can_vectorise) or VEC is 1.

// Plain wide accesses: the host checked the alignment, so no per-access test (load_vector has one).
template <int N, typename T>
__device__ __forceinline__ aligned_vector<T, N> load_aligned(const T* p) {
  return *reinterpret_cast<const aligned_vector<T, N>*>(p);
}
template <int N, typename T>
__device__ __forceinline__ void store_aligned(T* p, const aligned_vector<T, N>& v) {
  *reinterpret_cast<aligned_vector<T, N>*>(p) = v;
}

// The most threads a block of the register kernels may have for NV vectors per thread: bounds the
// registers (launch bounds), so the row never spills. The host must respect it.
__host__ __device__ constexpr int norm_block_bound(int nv) { return nv >= 8 ? 256 : nv >= 4 ? 512 : 1024; }

// Phase 1 of both norms for one thread: loads its NV vectors (x, or x + residual stored back to the
// residual when FUSED), keeps them in v, returns its partial sum of squares. `stride` is the
// distance in vectors between a thread's consecutive vectors (the row group's thread count).
template <typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ float norm_load_row(aligned_vector<T, VEC> (&v)[NV], const T* __restrict__ x_row,
                                               T* __restrict__ res_row, int first, int stride, int chunks,
                                               bool live) {
  float sum_squares = 0.0f;
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = first + i * stride;
    if (live && c < chunks) {
      if constexpr (FUSED) {
        const aligned_vector<T, VEC> a = load_aligned<VEC>(x_row + c * VEC);
        const aligned_vector<T, VEC> b = load_aligned<VEC>(res_row + c * VEC);
#pragma unroll
        for (int j = 0; j < VEC; ++j) v[i][j] = from_float<T>(to_float(a[j]) + to_float(b[j]));  // rounded, as stored
        store_aligned<VEC>(res_row + c * VEC, v[i]);
      } else {
        v[i] = load_aligned<VEC>(x_row + c * VEC);
      }
#pragma unroll
      for (int j = 0; j < VEC; ++j) sum_squares += to_float(v[i][j]) * to_float(v[i][j]);
    }
  }
  return sum_squares;
}

// Phase 2: out = v * inv_rms * weight.
template <typename T, int VEC, int NV>
__device__ __forceinline__ void norm_store_row(const aligned_vector<T, VEC> (&v)[NV], T* __restrict__ out_row,
                                               const T* __restrict__ weight, float inv_rms, int first, int stride,
                                               int chunks, bool live) {
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = first + i * stride;
    if (live && c < chunks) {
      const aligned_vector<T, VEC> w = load_aligned<VEC>(weight + c * VEC);
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[i][j]) * inv_rms * to_float(w[j]));
      store_aligned<VEC>(out_row + c * VEC, o);
    }
  }
}

// One block per row, the row in registers: thread t holds vectors t, t + blockDim.x, ... (coalesced).
// rms_norm: out = norm(x). FUSED: residual += out; out = norm(residual) (x is `out`, in place; `x`
// is unused then, so no two __restrict__ pointers alias).
template <typename T, int VEC, int NV, bool FUSED>
__global__ void __launch_bounds__(norm_block_bound(NV))
    norm_block_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  const int chunks = hidden / VEC;
  const int stride = static_cast<int>(blockDim.x);
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const std::int64_t offset = row * hidden;
    aligned_vector<T, VEC> v[NV];
    const float sum_squares = norm_load_row<T, VEC, NV, FUSED>(v, FUSED ? out + offset : x + offset,
                                                               FUSED ? residual + offset : nullptr,
                                                               static_cast<int>(threadIdx.x), stride, chunks, true);
    // block_reduce_sum's barriers also order this row's loads before the next row's stores.
    const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
    norm_store_row<T, VEC, NV>(v, out + offset, weight, inv_rms, static_cast<int>(threadIdx.x), stride, chunks, true);
  }
}

// Small rows: a group of blockDim.x (a power of two <= 32, so inside one warp on every vendor)
// threads per row, blockDim.y rows per block; the sum is reduced with shuffles of width blockDim.x.
// The row loop is uniform over the block and no thread leaves early: every lane takes part in the
// shuffles (rows past the end just contribute nothing).
template <typename T, int VEC, int NV, bool FUSED>
__global__ void __launch_bounds__(256)
    norm_group_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  const int chunks = hidden / VEC;
  const int group = static_cast<int>(blockDim.x);
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * blockDim.y; base < rows;
       base += static_cast<std::int64_t>(gridDim.x) * blockDim.y) {
    const std::int64_t row = base + threadIdx.y;
    const bool live = row < rows;
    const std::int64_t offset = live ? row * hidden : 0;
    aligned_vector<T, VEC> v[NV];
    float sum_squares = norm_load_row<T, VEC, NV, FUSED>(v, FUSED ? out + offset : x + offset,
                                                         FUSED ? residual + offset : nullptr,
                                                         static_cast<int>(threadIdx.x), group, chunks, live);
    for (int lane_offset = group / 2; lane_offset > 0; lane_offset /= 2)
      sum_squares += dualgpu::shfl_xor(sum_squares, lane_offset, group);
    const float inv_rms = rsqrtf(sum_squares / static_cast<float>(hidden) + eps);
    norm_store_row<T, VEC, NV>(v, out + offset, weight, inv_rms, static_cast<int>(threadIdx.x), group, chunks, live);
  }
}

// x * sigmoid(x) with the fast exponential and division; exact enough for float32 outputs
// (a few ulp), and silu(-large) is -0 (1 + inf -> the reciprocal is 0).
__device__ __forceinline__ float silu_fast(float x) { return __fdividef(x, 1.0f + __expf(-x)); }

// 2-D grid: blockIdx.x walks rows, blockIdx.y the column chunks of U * blockDim.x vectors, so a
// 14336-wide row is spread over many blocks instead of one block looping over it.
template <typename T, int VEC, int U>
__global__ void __launch_bounds__(256)
    silu_and_mul_2d_kernel(T* __restrict__ out, const T* __restrict__ x, std::int64_t rows, std::int64_t d) {
  const std::int64_t chunks = d / VEC;
  const std::int64_t per_block = static_cast<std::int64_t>(blockDim.x) * U;
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const T* gate = x + row * 2 * d;
    const T* up = gate + d;
    T* out_row = out + row * d;
#pragma unroll 1
    for (std::int64_t first = blockIdx.y * per_block + threadIdx.x; first < chunks; first += gridDim.y * per_block) {
      aligned_vector<T, VEC> g[U], u[U];
#pragma unroll
      for (int i = 0; i < U; ++i) {  // all loads first: 2 * U wide loads in flight per thread
        const std::int64_t c = first + static_cast<std::int64_t>(i) * blockDim.x;
        if (c < chunks) {
          g[i] = load_aligned<VEC>(gate + c * VEC);
          u[i] = load_aligned<VEC>(up + c * VEC);
        }
      }
#pragma unroll
      for (int i = 0; i < U; ++i) {
        const std::int64_t c = first + static_cast<std::int64_t>(i) * blockDim.x;
        if (c < chunks) {
          aligned_vector<T, VEC> o;
#pragma unroll
          for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(silu_fast(to_float(g[i][j])) * to_float(u[i][j]));
          store_aligned<VEC>(out_row + c * VEC, o);
        }
      }
    }
  }
}

// One block per token; threadIdx.x walks the VEC-wide chunks of a half rotation (rot_dim / 2),
// threadIdx.y the heads (query heads then key heads). A thread loads its cos/sin chunk once and
// applies it to every head it visits; no division in the loop.
template <typename T, int VEC>
__global__ void __launch_bounds__(1024)
    rotary_embedding_2d_kernel(const std::int64_t* __restrict__ positions, T* __restrict__ query,
                               T* __restrict__ key, const T* __restrict__ cos_sin_cache, std::int64_t tokens,
                               int query_heads, int key_heads, int head_size, int rot_dim) {
  const int half = rot_dim / 2;
  const int chunks = half / VEC;
  const int heads = query_heads + key_heads;
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t t = blockIdx.x; t < tokens; t += gridDim.x) {
    const T* cos_row = cos_sin_cache + positions[t] * rot_dim;
    T* q = query + t * query_heads * head_size;
    T* k = key + t * key_heads * head_size;
    for (int c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> cv = load_aligned<VEC>(cos_row + c * VEC);
      const aligned_vector<T, VEC> sv = load_aligned<VEC>(cos_row + half + c * VEC);
      float cf[VEC], sf[VEC];
#pragma unroll
      for (int j = 0; j < VEC; ++j) {
        cf[j] = to_float(cv[j]);
        sf[j] = to_float(sv[j]);
      }
      for (int h = threadIdx.y; h < heads; h += blockDim.y) {
        T* head = h < query_heads ? q + static_cast<std::int64_t>(h) * head_size
                                  : k + static_cast<std::int64_t>(h - query_heads) * head_size;
        const aligned_vector<T, VEC> a = load_aligned<VEC>(head + c * VEC);
        const aligned_vector<T, VEC> b = load_aligned<VEC>(head + half + c * VEC);
        aligned_vector<T, VEC> ra, rb;
#pragma unroll
        for (int j = 0; j < VEC; ++j) {
          const float af = to_float(a[j]), bf = to_float(b[j]);
          ra[j] = from_float<T>(af * cf[j] - bf * sf[j]);
          rb[j] = from_float<T>(bf * cf[j] + af * sf[j]);
        }
        store_aligned<VEC>(head + c * VEC, ra);
        store_aligned<VEC>(head + half + c * VEC, rb);
      }
    }
  }
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
bool can_vectorise(std::int64_t row_len, std::initializer_list<const void*> ptrs) {
  constexpr int vec = dualgpu::max_vector_size<T>;
  if (row_len % vec != 0) return false;
  for (const void* p : ptrs)
    if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0) return false;
  return true;
}

// Benchmark-only: DUALGPU_EXAMPLE_KERNEL_VARIANT, when set at the first launch, forces a variant on
// each later launch (re-read every time, so bench/bench_bandwidth.py can time them all in one
// process): "loop" (the two-pass/block-loop kernels), "nv1" "nv2" "nv4" "nv8" (rms norms: vectors
// per thread in the one-block-per-row kernel), "u1" "u2" "u4" (silu_and_mul: vectors per thread);
// anything else, "auto" or "" is the automatic choice. Unset (the normal case), no getenv per launch.
constexpr const char* variant_env = "DUALGPU_EXAMPLE_KERNEL_VARIANT";

const char* kernel_variant() {
  static const bool enabled = std::getenv(variant_env) != nullptr;
  if (!enabled) return "";
  const char* v = std::getenv(variant_env);
  return v ? v : "";
}

bool variant_is(const char* v, const char* name) { return std::strcmp(v, name) == 0; }

// The variant's number when v is "<prefix><digits>" ("nv4" -> 4), else 0.
int variant_number(const char* v, const char* prefix) {
  const std::size_t n = std::strlen(prefix);
  if (std::strncmp(v, prefix, n) != 0 || v[n] == '\0') return 0;
  return std::atoi(v + n);
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// Rows at least this many: the launch has enough blocks to fill the GPU with small blocks, so the
// row is split over fewer threads (more vectors each); fewer rows: more threads per row.
constexpr std::int64_t many_rows = 1024;

struct norm_plan {
  enum kind_t { loop, group, block } kind;
  int nv;       // vectors per thread
  dim3 threads;
  unsigned blocks;
};

norm_plan plan_norm(std::int64_t rows, std::int64_t chunks, const char* variant) {
  if (variant_is(variant, "loop")) return {norm_plan::loop, 0, dim3(threads_for(chunks)), grid_for(rows)};
  const int forced = variant_number(variant, "nv");
  if (forced == 1 || forced == 2 || forced == 4 || forced == 8) {
    const std::int64_t t = ceil_div(chunks, forced);
    if (t <= norm_block_bound(forced)) return {norm_plan::block, forced, dim3(threads_for(t)), grid_for(rows)};
  }
  if (chunks <= 128) {  // a group of <= 32 threads per row, several rows per block of 256
    const int nv = chunks <= 32 ? 1 : chunks <= 64 ? 2 : 4;
    int group = 1;
    while (group < 32 && group * nv < chunks) group *= 2;
    const int per_block = 256 / group;
    return {norm_plan::group, nv, dim3(group, per_block), static_cast<unsigned>(std::min(ceil_div(rows, per_block), max_grid_rows))};
  }
  // Threads per row when rows are plenty: measured on the H200 (bench_bandwidth.py, every variant in
  // one run), max(256, chunks / 4) was best or within 3% at hidden 4096 and 8192, fp32 and bf16.
  const std::int64_t target = rows >= many_rows ? std::max<std::int64_t>(256, chunks / 4) : 1024;
  for (int pass = 0; pass < 2; ++pass) {
    for (int nv : {1, 2, 4, 8}) {
      const std::int64_t t = ceil_div(chunks, nv);
      const std::int64_t limit = pass == 0 ? std::min<std::int64_t>(target, norm_block_bound(nv)) : norm_block_bound(nv);
      if (t <= limit) return {norm_plan::block, nv, dim3(threads_for(t)), grid_for(rows)};
    }
  }
  return {norm_plan::loop, 0, dim3(threads_for(chunks)), grid_for(rows)};  // too wide for registers
}

// Both norms: out = norm(x) (rms_norm), or residual += out; out = norm(residual) (FUSED, x unused).
template <bool FUSED, typename T, int VEC>
void launch_norm(const norm_plan& p, T* out, const T* x, T* residual, const T* w, float eps, std::int64_t rows,
                 std::int64_t hidden, dualgpu::stream_t stream) {
  const int h = static_cast<int>(hidden);  // < 2^31 on the register paths: chunks <= 8 * 1024
  if (p.kind == norm_plan::group) {
    switch (p.nv) {
      case 1: norm_group_kernel<T, VEC, 1, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
      case 2: norm_group_kernel<T, VEC, 2, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
      default: norm_group_kernel<T, VEC, 4, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
    }
  } else if (p.kind == norm_plan::block) {
    switch (p.nv) {
      case 1: norm_block_kernel<T, VEC, 1, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
      case 2: norm_block_kernel<T, VEC, 2, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
      case 4: norm_block_kernel<T, VEC, 4, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
      default: norm_block_kernel<T, VEC, 8, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h); break;
    }
  } else if constexpr (FUSED) {
    fused_add_rms_norm_loop_kernel<T, VEC><<<p.blocks, p.threads, 0, stream>>>(out, residual, w, eps, rows, hidden);
  } else {
    rms_norm_loop_kernel<T, VEC><<<p.blocks, p.threads, 0, stream>>>(out, x, w, eps, rows, hidden);
  }
}

}  // namespace

void launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows, std::int64_t hidden,
                     scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  const char* variant = kernel_variant();
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* o = static_cast<T*>(out);
    auto* in = static_cast<const T*>(x);
    auto* w = static_cast<const T*>(weight);
    if (can_vectorise<T>(hidden, {out, x, weight}))
      launch_norm<false, T, vec>(plan_norm(rows, hidden / vec, variant), o, in, nullptr, w, eps, rows, hidden, stream);
    else
      launch_norm<false, T, 1>(plan_norm(rows, hidden, variant), o, in, nullptr, w, eps, rows, hidden, stream);
    DUALGPU_CHECK_LAUNCH();
  });
}

void launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps, std::int64_t rows,
                               std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  const char* variant = kernel_variant();
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* a = static_cast<T*>(x);
    auto* r = static_cast<T*>(residual);
    auto* w = static_cast<const T*>(weight);
    if (can_vectorise<T>(hidden, {x, residual, weight}))
      launch_norm<true, T, vec>(plan_norm(rows, hidden / vec, variant), a, nullptr, r, w, eps, rows, hidden, stream);
    else
      launch_norm<true, T, 1>(plan_norm(rows, hidden, variant), a, nullptr, r, w, eps, rows, hidden, stream);
    DUALGPU_CHECK_LAUNCH();
  });
}

namespace {
template <typename T, int VEC>
void launch_silu_2d(T* out, const T* x, std::int64_t rows, std::int64_t d, int u, dualgpu::stream_t stream) {
  const std::int64_t chunks = d / VEC;
  const int threads = static_cast<int>(std::min<std::int64_t>(256, ceil_div(chunks, u) + 63) / 64 * 64);
  const dim3 grid(grid_for(rows), static_cast<unsigned>(std::min(ceil_div(chunks, std::int64_t{threads} * u), max_grid_rows)));
  switch (u) {
    case 1: silu_and_mul_2d_kernel<T, VEC, 1><<<grid, threads, 0, stream>>>(out, x, rows, d); break;
    case 2: silu_and_mul_2d_kernel<T, VEC, 2><<<grid, threads, 0, stream>>>(out, x, rows, d); break;
    default: silu_and_mul_2d_kernel<T, VEC, 4><<<grid, threads, 0, stream>>>(out, x, rows, d); break;
  }
}
}  // namespace

void launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                         dualgpu::stream_t stream) {
  if (rows == 0 || d == 0) return;
  const char* variant = kernel_variant();
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* o = static_cast<T*>(out);
    auto* in = static_cast<const T*>(x);
    const bool wide = can_vectorise<T>(d, {out, x});  // d % vec == 0 also aligns the second half
    if (variant_is(variant, "loop")) {
      if (wide)
        silu_and_mul_loop_kernel<T, vec><<<grid_for(rows), threads_for(d / vec), 0, stream>>>(o, in, rows, d);
      else
        silu_and_mul_loop_kernel<T, 1><<<grid_for(rows), threads_for(d), 0, stream>>>(o, in, rows, d);
    } else {
      const int forced = variant_number(variant, "u");
      const int u = forced == 1 || forced == 2 || forced == 4 ? forced : 1;
      if (wide)
        launch_silu_2d<T, vec>(o, in, rows, d, u, stream);
      else
        launch_silu_2d<T, 1>(o, in, rows, d, u, stream);
    }
    DUALGPU_CHECK_LAUNCH();
  });
}

void launch_rotary_embedding(const std::int64_t* positions, void* query, void* key, const void* cos_sin_cache,
                             std::int64_t tokens, std::int64_t query_heads, std::int64_t key_heads,
                             std::int64_t head_size, std::int64_t rot_dim, scalar_kind kind, dualgpu::stream_t stream) {
  if (tokens == 0 || rot_dim == 0) return;
  const char* variant = kernel_variant();
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    auto* q = static_cast<T*>(query);
    auto* k = static_cast<T*>(key);
    auto* cache = static_cast<const T*>(cos_sin_cache);
    if (variant_is(variant, "loop")) {
      // Pairs (k, k + rot_dim / 2) are rot_dim / 2 apart: no wide load covers a pair, so scalar.
      const int threads = threads_for(std::max(query_heads, key_heads) * rot_dim / 2);
      rotary_embedding_loop_kernel<T><<<grid_for(tokens), threads, 0, stream>>>(
          positions, q, k, cache, tokens, query_heads, key_heads, head_size, rot_dim);
      DUALGPU_CHECK_LAUNCH();
      return;
    }
    // Each half (rot_dim / 2 values) of each head read as whole vectors: every head start, half
    // start and cache row start must be aligned (head_size and rot_dim / 2 multiples of the vector).
    constexpr int vec = dualgpu::max_vector_size<T>;
    const std::int64_t half = rot_dim / 2;
    const bool wide = half % vec == 0 && head_size % vec == 0 && can_vectorise<T>(vec, {query, key, cos_sin_cache});
    const std::int64_t chunks = wide ? half / vec : half;
    const int tx = static_cast<int>(std::min<std::int64_t>(chunks, 256));
    const int ty = static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(query_heads + key_heads, 1024 / tx)));
    const dim3 threads(tx, ty);
    const int qh = static_cast<int>(query_heads), kh = static_cast<int>(key_heads);
    const int hs = static_cast<int>(head_size), rd = static_cast<int>(rot_dim);
    if (wide)
      rotary_embedding_2d_kernel<T, vec><<<grid_for(tokens), threads, 0, stream>>>(positions, q, k, cache, tokens, qh,
                                                                                    kh, hs, rd);
    else
      rotary_embedding_2d_kernel<T, 1><<<grid_for(tokens), threads, 0, stream>>>(positions, q, k, cache, tokens, qh,
                                                                                  kh, hs, rd);
    DUALGPU_CHECK_LAUNCH();
  });
}

}  // namespace dualgpu_example
