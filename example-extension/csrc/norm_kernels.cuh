// norm_kernels.cuh: the kernels and launch plan both norms share, and their launchers
// (rms_norm_launcher, fused_add_rms_norm_launcher of kernels.h). Each rms_norm_<dtype>.cu and
// fused_add_rms_norm_<dtype>.cu instantiates one launcher, and with it only the kernels it launches;
// the kernels are internal to that file (an unnamed namespace).
//
// How the fast paths were chosen: bench/kernel_variants.cu times candidates beside these kernels on
// one GPU (docs/benchmarks.md has the H200 figures). What mattered:
//   1. every load of a thread issued before the first use: the loads of a row are independent, and a
//      guard between them made the compiler wait for each in turn (bf16 4096x4096: 62% -> 75% of copy);
//   2. few live registers, so that enough blocks stay resident: no per-load guards (loads past a
//      ragged row's end are clamped instead) and no row loop; 108 -> 62 registers for bf16 rows of
//      8192 (16384x8192: 75% -> 95% of copy in the candidates);
//   3. streaming (evict-first) accesses for x, the residual and out, which are touched once (+1-5%);
//      the weight is read by every row and keeps the default policy;
//   4. dependent launches (dualgpu/launch.hpp): each kernel waits for the previous grid first and lets
//      the next one start once its reduction is done, which hides the gap between back-to-back
//      launches (bf16 4096x4096: 83% -> 88% of copy; letting it start at once gave 84% in two runs
//      of the candidates, 88% in a third);
//   5. for very many rows, rms_norm reads each row twice, the second time from L2 (what torch.compile's
//      kernel does): few registers, a full SM, 98.8% of copy at 16384x8192 bf16 against 96.3% for the
//      register kernel; at 4096 rows it lost (91% against 96% at hidden 8192). The same kernel takes
//      rows too wide for registers, for both norms.
// Tried and left out: loading the weight before the reduction (no measurable change), capping
// registers further (__maxnreg__, launch bounds with more resident blocks: the kernels spilled and
// lost up to 45%), a one-barrier reduction instead of dualgpu::block_reduce_sum's three (bf16
// 4096x4096: 79% of copy in one run, against 84% twice), the two-pass kernel over a persistent grid
// looping over rows (16384x8192: 70-93% against 98-99%).
#pragma once

#include "launch_common.cuh"

#include <limits>

namespace dualgpu_example {
namespace {

using namespace detail;
using dualgpu::aligned_vector;

// ---- the fallback: any alignment, any width --------------------------------------------------
// Scalar accesses, the row read twice (sum of squares, then scale), a block-stride loop over rows, 64-bit
// offsets throughout. Used when a row start is not 16-byte aligned (a torch slice, an odd hidden size)
// or a row is 2^31 values or more.
template <typename T, bool FUSED>
__global__ void norm_loop_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                                 const T* __restrict__ weight, float eps, std::int64_t rows, std::int64_t hidden) {
  dualgpu::wait_for_previous_grid();
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    T* out_row = out + row * hidden;
    const T* in_row = FUSED ? out_row : x + row * hidden;
    T* res_row = FUSED ? residual + row * hidden : nullptr;
    float sum_squares = 0.0f;
    for (std::int64_t i = threadIdx.x; i < hidden; i += blockDim.x) {
      float v = to_float(in_row[i]);
      if constexpr (FUSED) {
        const T sum = from_float<T>(v + to_float(res_row[i]));  // rounded, as stored
        res_row[i] = sum;
        v = to_float(sum);
      }
      sum_squares += v * v;
    }
    // block_reduce_sum's barriers also make the residual writes above visible to the block.
    const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
    dualgpu::allow_next_grid();
    const T* src_row = FUSED ? res_row : in_row;
    for (std::int64_t i = threadIdx.x; i < hidden; i += blockDim.x)
      out_row[i] = from_float<T>(to_float(src_row[i]) * inv_rms * to_float(weight[i]));
  }
}

// ---- the fast path: the row in registers, 16-byte accesses -------------------------------------
// Thread `first` of a row group of `stride` threads holds vectors first, first + stride, ... (NV of
// them, coalesced across the group), so each value is read from global memory once. `live` is false
// for a row past the end (the group kernel keeps such threads for its shuffles).
template <typename T, int VEC, int NV, bool FUSED>
struct row_slice {
  aligned_vector<T, VEC> v[NV];  // x, or x + residual rounded to T (what is stored)
  aligned_vector<T, VEC> w[NV];  // the weight
};

// Loads are unconditional (a vector past the end of a ragged row reads chunk 0 again and is then
// ignored): guarding each load kept 21 more registers live (85 instead of 64 for bf16 at NV = 4),
// which cost a resident block.
__device__ __forceinline__ int clamp_chunk(int c, int chunks, bool live) { return live && c < chunks ? c : 0; }

template <typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ float norm_load(row_slice<T, VEC, NV, FUSED>& s, const T* __restrict__ in_row,
                                           T* __restrict__ res_row, int first, int stride, int chunks, bool live) {
  aligned_vector<T, VEC> r[FUSED ? NV : 1];
#pragma unroll
  for (int i = 0; i < NV; ++i) {  // loads only: all of them in flight together
    const int c = clamp_chunk(first + i * stride, chunks, live);
    s.v[i] = load_stream<VEC>(in_row + c * VEC);
    if constexpr (FUSED) r[i] = load_stream<VEC>(res_row + c * VEC);
  }
  float sum_squares = 0.0f;
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = first + i * stride;
    if (live && c < chunks) {
      if constexpr (FUSED) {
#pragma unroll
        for (int j = 0; j < VEC; ++j) s.v[i][j] = from_float<T>(to_float(s.v[i][j]) + to_float(r[i][j]));
        store_stream<VEC>(res_row + c * VEC, s.v[i]);
      }
#pragma unroll
      for (int j = 0; j < VEC; ++j) sum_squares += to_float(s.v[i][j]) * to_float(s.v[i][j]);
    }
  }
  return sum_squares;
}

template <typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ void norm_store(row_slice<T, VEC, NV, FUSED>& s, T* __restrict__ out_row,
                                           const T* __restrict__ weight, float inv_rms, int first, int stride,
                                           int chunks, bool live) {
#pragma unroll
  for (int i = 0; i < NV; ++i)  // the weight is read by every row: likely an L2 hit
    s.w[i] = load_aligned<VEC>(weight + clamp_chunk(first + i * stride, chunks, live) * VEC);
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = first + i * stride;
    if (live && c < chunks) {
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(s.v[i][j]) * inv_rms * to_float(s.w[i][j]));
      store_stream<VEC>(out_row + c * VEC, o);
    }
  }
}

// The most threads a block of the register kernels may have for NV vectors per thread (the launch
// bounds, so also what caps registers: 64 a thread at 1024, 128 at 512). The host respects it. NV is
// 2 or 4 (4 in the group kernel): rows up to 2048 vectors (16384 bf16 or 8192 fp32 values); wider rows
// take the two-pass kernel. Each NV is one more kernel per file to compile (about 0.1 s), so only these
// exist: kernels of one vector a thread were dropped after measuring the same on the H200 at decode
// shapes (64x4096: launch-bound, within the run-to-run spread); for 131072 rows of 128 the four-vector
// group kernel is 2% slower in bf16 and 7% faster in fp32.
__host__ __device__ constexpr int norm_block_bound(int nv) { return nv >= 4 ? 512 : 1024; }

// One block per row: out = norm(x), or (FUSED) residual += out; out = norm(residual), in place (x is
// unused then, so no two __restrict__ pointers alias).
template <typename T, int VEC, int NV, bool FUSED>
__global__ void __launch_bounds__(norm_block_bound(NV))
    norm_block_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  const int chunks = hidden / VEC;
  const int first = static_cast<int>(threadIdx.x);
  const int stride = static_cast<int>(blockDim.x);
  // One row per block, no row loop (a grid-stride loop kept 25 more registers live): the grid is
  // rows_grid(rows), blockIdx.y counting whole rows of blocks.
  dualgpu::wait_for_previous_grid();
  const std::int64_t row = blockIdx.x + static_cast<std::int64_t>(blockIdx.y) * gridDim.x;
  if (row >= rows) return;  // the whole block: no barrier is skipped by part of it
  const std::int64_t offset = row * hidden;
  row_slice<T, VEC, NV, FUSED> s;
  const float sum_squares = norm_load(s, FUSED ? out + offset : x + offset, FUSED ? residual + offset : nullptr,
                                      first, stride, chunks, true);
  const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
  dualgpu::allow_next_grid();
  norm_store(s, out + offset, weight, inv_rms, first, stride, chunks, true);
}

// Small rows: a group of blockDim.x (a power of two <= 32, so inside one warp on every vendor)
// threads per row, blockDim.y rows per block; the sum is reduced with shuffles of width blockDim.x.
// The row loop is uniform over the block and no thread leaves early: every lane takes part in the
// shuffles (rows past the end just contribute nothing).
template <typename T, int VEC, int NV, bool FUSED>
__global__ void __launch_bounds__(256)
    norm_group_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  dualgpu::wait_for_previous_grid();
  const int chunks = hidden / VEC;
  const int group = static_cast<int>(blockDim.x);
  const int first = static_cast<int>(threadIdx.x);
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * blockDim.y; base < rows;
       base += static_cast<std::int64_t>(gridDim.x) * blockDim.y) {
    const std::int64_t row = base + threadIdx.y;
    const bool live = row < rows;
    const std::int64_t offset = live ? row * hidden : 0;
    row_slice<T, VEC, NV, FUSED> s;
    float sum_squares = norm_load(s, FUSED ? out + offset : x + offset, FUSED ? residual + offset : nullptr, first,
                                  group, chunks, live);
    for (int lane_offset = group / 2; lane_offset > 0; lane_offset /= 2)
      sum_squares += dualgpu::shfl_xor(sum_squares, lane_offset, group);
    const float inv_rms = rsqrtf(sum_squares / static_cast<float>(hidden) + eps);
    dualgpu::allow_next_grid();
    norm_store(s, out + offset, weight, inv_rms, first, group, chunks, live);
  }
}

// Rows read twice: very many rows (rms_norm), and rows too wide for the register kernels (both norms).
// The first pass keeps the row in L2 (evict-last; FUSED: stores residual += x, read again at once), the
// second reads it from there, streamed. Nothing is held across the reduction but the sum, so the kernel
// needs few registers and fills the SM; two vectors per thread per trip keep loads in flight.
constexpr int two_pass_threads = 512;

template <typename T, int VEC, bool FUSED>
__global__ void __launch_bounds__(two_pass_threads)
    norm_two_pass_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                         const T* __restrict__ weight, float eps, std::int64_t rows, int hidden) {
  dualgpu::wait_for_previous_grid();
  const std::int64_t row = blockIdx.x + static_cast<std::int64_t>(blockIdx.y) * gridDim.x;
  if (row >= rows) return;  // the whole block
  T* out_row = out + row * hidden;
  const T* in_row = FUSED ? out_row : x + row * hidden;
  T* res_row = FUSED ? residual + row * hidden : nullptr;
  const int chunks = hidden / VEC;
  const l2_keep_policy keep;
  float sum_squares = 0.0f;
#pragma unroll 2
  for (int c = threadIdx.x; c < chunks; c += two_pass_threads) {
    aligned_vector<T, VEC> v;
    if constexpr (FUSED) {
      v = load_stream<VEC>(in_row + c * VEC);
      const aligned_vector<T, VEC> r = load_stream<VEC>(res_row + c * VEC);
#pragma unroll
      for (int j = 0; j < VEC; ++j) v[j] = from_float<T>(to_float(v[j]) + to_float(r[j]));  // rounded, as stored
      store_aligned<VEC>(res_row + c * VEC, v);
    } else {
      v = load_keep<VEC>(in_row + c * VEC, keep);
    }
#pragma unroll
    for (int j = 0; j < VEC; ++j) sum_squares += to_float(v[j]) * to_float(v[j]);
  }
  // block_reduce_sum's barriers also make the residual stores above visible to the block.
  const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
  dualgpu::allow_next_grid();
  const T* src_row = FUSED ? res_row : in_row;
#pragma unroll 2
  for (int c = threadIdx.x; c < chunks; c += two_pass_threads) {
    const aligned_vector<T, VEC> v = load_stream<VEC>(src_row + c * VEC);
    const aligned_vector<T, VEC> w = load_aligned<VEC>(weight + c * VEC);
    aligned_vector<T, VEC> o;
#pragma unroll
    for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[j]) * inv_rms * to_float(w[j]));
    store_stream<VEC>(out_row + c * VEC, o);
  }
}

// ---- the launch plan -------------------------------------------------------------------------
// Rows at least this many: the launch has enough blocks to fill the GPU with small blocks, so the
// row is split over fewer threads (more vectors each); fewer rows: more threads per row.
constexpr std::int64_t many_rows = 1024;

// rms_norm with at least this many rows of 1024 to 2048 vectors (two to four per thread of the
// two-pass kernel) takes it: measured better at 16384 rows of 8192 values (bf16, fp32), worse at
// 4096 rows; fewer rows keep the register kernels.
constexpr std::int64_t two_pass_rows = 16384;

// The register kernels hold a row of at most this many vectors; wider rows take the two-pass kernel.
constexpr std::int64_t max_register_chunks = 2048;

struct norm_plan {
  enum kind_t { group, block, two_pass } kind;
  int nv;  // vectors per thread
  dim3 threads;
  dim3 blocks;
};

// One block per row for any row count: 65535 rows per line of the grid, as many lines as needed.
inline dim3 rows_grid(std::int64_t rows) {
  const std::int64_t per_line = max_grid_rows;
  return dim3(static_cast<unsigned>(std::min(rows, per_line)), static_cast<unsigned>(ceil_div(rows, per_line)));
}

// `chunks`: 16-byte vectors per row (the host calls this only when rows are aligned for them).
inline norm_plan plan_norm(bool fused, std::int64_t rows, std::int64_t chunks) {
  if (chunks > max_register_chunks || (!fused && rows >= two_pass_rows && chunks >= 2 * two_pass_threads))
    return {norm_plan::two_pass, 0, dim3(two_pass_threads), rows_grid(rows)};
  if (chunks <= 128) {  // a group of <= 32 threads per row, several rows per block of 256
    const int nv = 4;
    int group = 1;
    while (group < 32 && group * nv < chunks) group *= 2;
    const int per_block = 256 / group;
    return {norm_plan::group, nv, dim3(group, per_block), dim3(static_cast<unsigned>(std::min(ceil_div(rows, per_block), max_grid_rows)))};
  }
  // Threads per row when rows are plenty: max(256, chunks / 4) was best or within 2% on the H200 at
  // hidden 4096 and 8192, fp32 and bf16 (bench/kernel_variants.cu). Few rows: spread each row wide.
  const std::int64_t target = rows >= many_rows ? std::max<std::int64_t>(256, chunks / 4) : 1024;
  for (int pass = 0; pass < 2; ++pass) {
    for (int nv : {2, 4}) {
      const std::int64_t t = ceil_div(chunks, nv);
      const std::int64_t bound = norm_block_bound(nv);
      const std::int64_t limit = pass == 0 ? std::min<std::int64_t>(target, bound) : bound;
      if (t <= limit) return {norm_plan::block, nv, dim3(threads_for(t)), rows_grid(rows)};
    }
  }
  return {norm_plan::two_pass, 0, dim3(two_pass_threads), rows_grid(rows)};  // not reached: NV = 4 fits 2048
}

// Both norms: out = norm(x) (rms_norm), or residual += out; out = norm(residual) (FUSED, x unused).
// `vectorised`: every row start is 16-byte aligned (can_vectorise), so the 16-byte kernels apply.
// Every kernel is launched dependent (dualgpu::launch_dependent): it may start while the kernel before
// it finishes, and waits for it before touching memory.
template <bool FUSED, typename T>
dualgpu::error_t launch_norm(bool vectorised, T* out, const T* x, T* residual, const T* w, float eps,
                             std::int64_t rows, std::int64_t hidden, dualgpu::stream_t stream) {
  using dualgpu::launch_dependent;
  constexpr int VEC = dualgpu::max_vector_size<T>;
  if (!vectorised || hidden > std::numeric_limits<int>::max())
    return launch_dependent<norm_loop_kernel<T, FUSED>>(grid_for(rows), threads_for(hidden), 0, stream, out, x,
                                                        residual, w, eps, rows, hidden);
  const norm_plan p = plan_norm(FUSED, rows, hidden / VEC);
  const int h = static_cast<int>(hidden);
  switch (p.kind) {
    case norm_plan::group:
      return launch_dependent<norm_group_kernel<T, VEC, 4, FUSED>>(p.blocks, p.threads, 0, stream, out, x, residual, w,
                                                                   eps, rows, h);
    case norm_plan::block:
      if (p.nv == 2)
        return launch_dependent<norm_block_kernel<T, VEC, 2, FUSED>>(p.blocks, p.threads, 0, stream, out, x, residual,
                                                                     w, eps, rows, h);
      return launch_dependent<norm_block_kernel<T, VEC, 4, FUSED>>(p.blocks, p.threads, 0, stream, out, x, residual, w,
                                                                   eps, rows, h);
    case norm_plan::two_pass:
      break;
  }
  return launch_dependent<norm_two_pass_kernel<T, VEC, FUSED>>(p.blocks, p.threads, 0, stream, out, x, residual, w,
                                                               eps, rows, h);
}

}  // namespace

// The launchers of kernels.h, instantiated per dtype by the rms_norm_<dtype>.cu and
// fused_add_rms_norm_<dtype>.cu files.
template <scalar_kind K>
dualgpu::error_t rms_norm_launcher<K>::launch(void* out, const void* x, const void* weight, float eps,
                                              std::int64_t rows, std::int64_t hidden, dualgpu::stream_t stream) {
  using T = detail::storage_t<K>;
  if (rows == 0 || hidden == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return launch_norm<false, T>(detail::can_vectorise<T>(hidden, {out, x, weight}), static_cast<T*>(out),
                               static_cast<const T*>(x), nullptr, static_cast<const T*>(weight), eps, rows, hidden,
                               stream);
}

template <scalar_kind K>
dualgpu::error_t fused_add_rms_norm_launcher<K>::launch(void* x, void* residual, const void* weight, float eps,
                                                        std::int64_t rows, std::int64_t hidden,
                                                        dualgpu::stream_t stream) {
  using T = detail::storage_t<K>;
  if (rows == 0 || hidden == 0) return dualgpu::error_success;
  return launch_norm<true, T>(detail::can_vectorise<T>(hidden, {x, residual, weight}), static_cast<T*>(x), nullptr,
                              static_cast<T*>(residual), static_cast<const T*>(weight), eps, rows, hidden, stream);
}

}  // namespace dualgpu_example
