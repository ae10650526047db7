// norm_kernels.cuh: the kernels and launch plan both norms share (rms_norm.cu, fused_add_rms_norm.cu).
// Internal to each file that includes it (an unnamed namespace), so each norm instantiates only what it
// launches and compiles on its own.
#pragma once

#include "launch_common.cuh"

namespace dualgpu_example {
namespace {

using namespace detail;
using dualgpu::aligned_vector;

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

// ---- the fast kernels ----------------------------------------------------------------------
// The loop kernels above read a row twice (sum of squares, then scale) and walk rows with a
// block-stride loop. The kernels below read every value from global memory once: each thread keeps
// its NV vectors of VEC values in registers between the reduction and the scaling. The host only
// picks them when the pointers are aligned for VEC (can_vectorise) or VEC is 1.

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
__device__ __forceinline__ void norm_block_rows(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
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

template <typename T, int VEC, int NV, bool FUSED>
__global__ void __launch_bounds__(norm_block_bound(NV))
    norm_block_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  norm_block_rows<T, VEC, NV, FUSED>(out, x, residual, weight, eps, rows, hidden);
}

// The same for 2-byte types with four vectors a thread at up to 256 threads, asking for 4 resident blocks per SM (at most 64
// registers): Nsight Compute showed the bf16 kernel at 80 registers, 3 blocks per SM (37.5%
// occupancy) and half the DRAM bandwidth, too few bytes in flight for 2-byte rows.
template <typename T, int VEC, int NV, bool FUSED>
__global__ void __launch_bounds__(256, 4)
    norm_block_kernel_resident(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                               const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  norm_block_rows<T, VEC, NV, FUSED>(out, x, residual, weight, eps, rows, hidden);
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

// Rows at least this many: the launch has enough blocks to fill the GPU with small blocks, so the
// row is split over fewer threads (more vectors each); fewer rows: more threads per row.
constexpr std::int64_t many_rows = 1024;

struct norm_plan {
  enum kind_t { loop, group, block } kind;
  int nv;       // vectors per thread
  dim3 threads;
  unsigned blocks;
};

inline norm_plan plan_norm(std::int64_t rows, std::int64_t chunks, const char* variant) {
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
  } else if (p.kind == norm_plan::block && sizeof(T) == 2 && p.threads.x <= 256 && p.nv == 4) {
    // Measured on the H200 at 16384x8192 bf16: rms_norm 195 -> 173 us, fused 291 -> 273 us. With two
    // vectors per thread (4096-wide rows) the same bounds were 2-5% slower, so those keep the default.
    norm_block_kernel_resident<T, VEC, 4, FUSED><<<p.blocks, p.threads, 0, stream>>>(out, x, residual, w, eps, rows, h);
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
}  // namespace dualgpu_example
