// kernels.cu: the GPU kernels, written in CUDA spelling; DualGPU compiles this file as HIP on
// ROCm. No torch here (see kernels.h). Every index into a tensor is int64: rows * hidden can
// pass 2^31 even when each dimension fits in an int.
#include "kernels.h"
#include "rdc_helper.cuh"
#include "scalar.cuh"

#include "dualgpu/check.hpp"
#include "dualgpu/device.hpp"

#include <algorithm>
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
__global__ void rms_norm_kernel(T* __restrict__ out, const T* __restrict__ x, const T* __restrict__ weight,
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
__global__ void fused_add_rms_norm_kernel(T* __restrict__ x, T* __restrict__ residual, const T* __restrict__ weight,
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
__global__ void silu_and_mul_kernel(T* __restrict__ out, const T* __restrict__ x, std::int64_t rows, std::int64_t d) {
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
__global__ void rotary_embedding_kernel(const std::int64_t* __restrict__ positions, T* __restrict__ query,
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

}  // namespace

void launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows, std::int64_t hidden,
                     scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* o = static_cast<T*>(out);
    auto* in = static_cast<const T*>(x);
    auto* w = static_cast<const T*>(weight);
    if (can_vectorise<T>(hidden, {out, x, weight}))
      rms_norm_kernel<T, vec><<<grid_for(rows), threads_for(hidden / vec), 0, stream>>>(o, in, w, eps, rows, hidden);
    else
      rms_norm_kernel<T, 1><<<grid_for(rows), threads_for(hidden), 0, stream>>>(o, in, w, eps, rows, hidden);
    DUALGPU_CHECK_LAUNCH();
  });
}

void launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps, std::int64_t rows,
                               std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream) {
  if (rows == 0 || hidden == 0) return;
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* a = static_cast<T*>(x);
    auto* r = static_cast<T*>(residual);
    auto* w = static_cast<const T*>(weight);
    if (can_vectorise<T>(hidden, {x, residual, weight}))
      fused_add_rms_norm_kernel<T, vec><<<grid_for(rows), threads_for(hidden / vec), 0, stream>>>(a, r, w, eps, rows, hidden);
    else
      fused_add_rms_norm_kernel<T, 1><<<grid_for(rows), threads_for(hidden), 0, stream>>>(a, r, w, eps, rows, hidden);
    DUALGPU_CHECK_LAUNCH();
  });
}

void launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                         dualgpu::stream_t stream) {
  if (rows == 0 || d == 0) return;
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* o = static_cast<T*>(out);
    auto* in = static_cast<const T*>(x);
    if (can_vectorise<T>(d, {out, x}))  // d % vec == 0 also aligns the second half
      silu_and_mul_kernel<T, vec><<<grid_for(rows), threads_for(d / vec), 0, stream>>>(o, in, rows, d);
    else
      silu_and_mul_kernel<T, 1><<<grid_for(rows), threads_for(d), 0, stream>>>(o, in, rows, d);
    DUALGPU_CHECK_LAUNCH();
  });
}

void launch_rotary_embedding(const std::int64_t* positions, void* query, void* key, const void* cos_sin_cache,
                             std::int64_t tokens, std::int64_t query_heads, std::int64_t key_heads,
                             std::int64_t head_size, std::int64_t rot_dim, scalar_kind kind, dualgpu::stream_t stream) {
  if (tokens == 0 || rot_dim == 0) return;
  // Pairs (k, k + rot_dim / 2) are rot_dim / 2 apart: no wide load covers a pair, so scalar.
  const int threads = threads_for(std::max(query_heads, key_heads) * rot_dim / 2);
  with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    rotary_embedding_kernel<T><<<grid_for(tokens), threads, 0, stream>>>(
        positions, static_cast<T*>(query), static_cast<T*>(key), static_cast<const T*>(cos_sin_cache), tokens,
        query_heads, key_heads, head_size, rot_dim);
    DUALGPU_CHECK_LAUNCH();
  });
}

}  // namespace dualgpu_example
