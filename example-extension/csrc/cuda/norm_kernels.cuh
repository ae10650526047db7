// norm_kernels.cuh: the kernels and launch plan both norms share (launch_norm). rms_norm.cu and
// fused_add_rms_norm.cu each instantiate it for their op, and with it only the kernels it launches;
// the kernels are internal to that file (an unnamed namespace), so the two compile in parallel.
//
// Why the kernels look as they do (bench/kernel_variants.cu times the candidates; docs/benchmarks.md
// has the figures and what was tried and left out):
//   1. every load of a thread is issued before the first use: a row's loads are independent, and a
//      guard between them makes the compiler wait for each in turn;
//   2. few live registers, so that enough blocks stay resident: no per-load guards (loads past a
//      ragged row's end are clamped instead) and no row loop;
//   3. streaming (evict-first) accesses for x, the residual and out, which are touched once; the
//      weight is read by every row and keeps the default policy;
//   4. dependent launches (dualgpu/launch.hpp): each kernel waits for the previous grid first and lets
//      the next one start once its reduction is done, hiding the gap between back-to-back launches;
//   5. very many rows read twice (the two-pass kernel): few registers and a full SM beat holding the
//      row in registers there; the same kernel takes rows too wide for registers;
//   6. rows of any width and offset run the same kernels with PEEL: a few scalar values at each end
//      of a row, 16-byte vectors between them, so an odd hidden size or a slice keeps vector speed;
//      a thread's edge value is loaded with its vectors (one memory round trip, not two);
//   7. at most one row per SM (decode sizes: aligned rows, and rows of over 128 vectors at any width
//      whose x and residual sit at out's offset, the weight realigned; aligned rows of up to 512
//      vectors up to four per SM), and fused_add_rms_norm's wide aligned rows at any count: the weight
//      is loaded with x, before the reduction (one memory round trip, not two); elsewhere its
//      registers would cost resident blocks. More narrow rows, in groups, spread over as many SMs as
//      there are rows, and load the weight early too wherever their grid is one wave (rms_norm's with
//      the registers capped at 64 where only that makes it one);
//   8. rows that each get an SM take one vector a thread (up to 512 vectors; two up to 1024, four
//      beyond), rows that all fit on the GPU at once two (the widest spread, for latency); more rows
//      take four (fewer registers a row: more rows resident, more bytes in flight), except
//      fused_add_rms_norm's wide rows (7.): two, or one for 16-bit rows of 769 to 1024 vectors, and
//      rms_norm's 16-bit rows of 512 vectors: two;
//   9. on sm_90+, decode-size rows that read 80 KiB or more are shared by a cluster of 8 blocks on as
//      many SMs, two vectors a thread: one SM's bandwidth no longer limits the row (below that the
//      cluster launch costs more).
#pragma once

#include "launch_common.cuh"

#include <limits>
#include <type_traits>
#include <utility>

#if defined(DUALGPU_PLATFORM_CUDA)
#include <cooperative_groups.h>  // thread block clusters (norm_cluster_kernel, sm_90+)
#endif

namespace dualgpu_example {
namespace {

using namespace detail;
using dualgpu::aligned_vector;

// 1 / rms of a row from its threads' sums of squares (every thread of the block calls it).
template <typename I>
__device__ __forceinline__ float block_inv_rms(float sum_squares, I hidden, float eps) {
  return rsqrtf(dualgpu::block_reduce_sum(sum_squares) / static_cast<float>(hidden) + eps);
}

// One value's square, as the norm sums it: x, or (FUSED) x + residual rounded to T, which is stored to
// res_out_row (the residual's own row, in place).
template <bool FUSED, typename T, typename I>
__device__ __forceinline__ float value_square(const T* in_row, const T* res_row, T* res_out_row, I i) {
  float v = to_float(in_row[i]);
  if constexpr (FUSED) {
    const T sum = from_float<T>(v + to_float(res_row[i]));  // rounded, as stored
    res_out_row[i] = sum;
    v = to_float(sum);
  }
  return v * v;
}

// ---- the fallback: any alignment, any width --------------------------------------------------
// Scalar accesses, the row read twice (sum of squares, then scale), a block-stride loop over rows, 64-bit
// offsets throughout. Used only where the vector kernels cannot go: rows of 2^31 values or more, rows
// narrower than two vectors, and pointers not aligned to one value.
template <typename T, bool FUSED, bool APART = false>
__global__ void norm_loop_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                                 T* __restrict__ residual_out, const T* __restrict__ weight, float eps,
                                 std::int64_t rows, std::int64_t hidden) {
  dualgpu::wait_for_previous_grid();
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    T* out_row = out + row * hidden;  // the rows as norm_row_at picks them, 64-bit offsets (no split)
    const T* in_row = FUSED && !APART ? out_row : x + row * hidden;
    T* res_row = FUSED ? residual + row * hidden : nullptr;
    T* res_out_row = APART ? residual_out + row * hidden : res_row;
    float sum_squares = 0.0f;
    for (std::int64_t i = threadIdx.x; i < hidden; i += blockDim.x) {
      sum_squares += value_square<FUSED>(in_row, res_row, res_out_row, i);
    }
    // block_reduce_sum's barriers also make the residual writes above visible to the block.
    const float inv_rms = block_inv_rms(sum_squares, hidden, eps);
    dualgpu::allow_next_grid();
    const T* src_row = FUSED ? res_out_row : in_row;
    for (std::int64_t i = threadIdx.x; i < hidden; i += blockDim.x)
      out_row[i] = from_float<T>(to_float(src_row[i]) * inv_rms * to_float(weight[i]));
  }
}

// ---- the fast path: the row in registers, 16-byte accesses -------------------------------------
// Thread `first` of a row group of `stride` threads holds vectors first, first + stride, ... (NV of
// them, coalesced across the group), so each value is read from global memory once. `live` is false
// for a row past the end (the group kernel keeps such threads for its shuffles).
//
// PEEL: rows of any width and alignment (row_split): the vectors start where the row the kernel
// stores to (out) is 16-byte aligned; the other rows and the weight may sit at another offset, and
// are then read in the widest aligned pieces their offset allows (residual stores value by value).
// The edges are summed and stored one value a thread. Without PEEL every pointer and the width are
// 16-byte aligned (the host checked).
// The edge values of a row (PEEL). Edge e is taken by thread e % stride. Each thread's first edge
// (edge `first`) is loaded together with the row's vectors, not after them: loaded after, it would
// cost a second memory round trip, as long as the first. Rows have at most 2 * VEC - 2 edges, so
// a thread has more than one only in a group narrower than that (the group kernel); those follow
// from `first + stride` on, value by value (edges_sum, edges_store).
template <typename T>
struct row_edge {
  int pos;  // where in the row; -1: this thread has no edge
  T in;     // x (FUSED: x + residual rounded to T, once edge_square has run: the value stored)
  T res;    // the residual (FUSED)
  T w;      // the weight (loaded by load_edge_weight)
};

template <typename T, int VEC, int NV, bool FUSED>
struct row_slice {
  aligned_vector<T, VEC> v[NV];  // x, or x + residual rounded to T (what is stored)
  aligned_vector<T, VEC> w[NV];  // the weight
  row_edge<T> edge;              // PEEL: this thread's first edge value (unused, and compiled away, otherwise)
};

// Loads are unconditional (a vector past the end of a ragged row reads chunk 0 again and is then
// ignored): guarding each load kept more registers live, which cost a resident block. Chunk 0
// exists in every row: PEEL rows are at least 2 * VEC - 1 wide (the host checked).
__device__ __forceinline__ int clamp_chunk(int c, int chunks, bool live) { return live && c < chunks ? c : 0; }

// NV vectors of one row, all loads issued before any is used, in pieces of W bytes (16: one streamed
// load per vector; p is then 16-byte aligned, else W-byte aligned).
template <int W, int VEC, int NV, typename T>
__device__ __forceinline__ void load_chunks(aligned_vector<T, VEC> (&v)[NV], const T* p, int first, int stride,
                                            int chunks, bool live) {
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const T* q = p + clamp_chunk(first + i * stride, chunks, live) * VEC;
    if constexpr (W == 16) v[i] = load_stream<VEC>(q);
    else v[i] = load_pieces<W, VEC>(q);
  }
}

// The widest piece (16, 8, 4 or 2 bytes) in which p can be read, decided once per row.
template <typename T>
__device__ __forceinline__ int piece_width(const T* p) {
  const unsigned offset = static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(p) % 16);
  if (offset == 0) return 16;
  if (offset % 8 == 0) return 8;
  return sizeof(T) >= 4 || offset % 4 == 0 ? 4 : 2;
}

// How far PEEL goes: no edges (every pointer and the width 16-byte aligned); edges, with x and the
// residual at out's offset and only the weight elsewhere (the usual case: fresh tensors of an odd
// width); anything (a slice: x or the residual at another offset than out too).
constexpr int peel_none = 0, peel_rows = 1, peel_any = 2;

// x's or the residual's vectors: 16-byte streamed loads unless PEEL is peel_any, then in the widest
// pieces the row's offset allows. Each loop is straight code, the choice made once per row.
template <int PEEL, int VEC, int NV, typename T>
__device__ __forceinline__ void load_row_chunks(aligned_vector<T, VEC> (&v)[NV], const T* p, int first, int stride,
                                                int chunks, bool live) {
  if constexpr (PEEL == peel_any) {
    switch (piece_width(p)) {
      case 8: return load_chunks<8>(v, p, first, stride, chunks, live);
      case 4: return load_chunks<4>(v, p, first, stride, chunks, live);
      case 2: return load_chunks<2>(v, p, first, stride, chunks, live);
      default: break;
    }
  }
  load_chunks<16>(v, p, first, stride, chunks, live);
}

template <bool FUSED, int VEC, typename T>
__device__ __forceinline__ row_edge<T> load_edge(const row_split& split, const T* in_row, const T* res_row,
                                                 int first, bool live) {
  row_edge<T> e{-1, T{}, T{}, T{}};
  if (live && first < split.edges) {
    e.pos = split.edge_position<VEC>(first);
    e.in = in_row[e.pos];
    if constexpr (FUSED) e.res = res_row[e.pos];
  }
  return e;
}

// The edge's square; FUSED: stores x + residual, rounded, to res_out_row, and keeps that value.
template <bool FUSED, typename T>
__device__ __forceinline__ float edge_square(row_edge<T>& e, T* res_out_row) {
  if (e.pos < 0) return 0.0f;
  if constexpr (FUSED) {
    e.in = from_float<T>(to_float(e.in) + to_float(e.res));
    res_out_row[e.pos] = e.in;
  }
  const float v = to_float(e.in);
  return v * v;
}

// Issued before the row's weight vectors, so that it travels with them.
template <typename T>
__device__ __forceinline__ void load_edge_weight(row_edge<T>& e, const T* weight) {
  if (e.pos >= 0) e.w = weight[e.pos];
}

template <typename T>
__device__ __forceinline__ void edge_store(const row_edge<T>& e, T* out_row, float inv_rms) {
  if (e.pos >= 0) out_row[e.pos] = from_float<T>(to_float(e.in) * inv_rms * to_float(e.w));
}

// Edges e = from, from + stride, ... (a thread's further edges; all of them in the two-pass kernel):
// their sum of squares; FUSED stores x + residual to res_out_row.
template <typename T, int VEC, bool FUSED>
__device__ __forceinline__ float edges_sum(const row_split& split, const T* in_row, const T* res_row,
                                           T* res_out_row, int from, int stride) {
  float sum_squares = 0.0f;
  for (int e = from; e < split.edges; e += stride) {
    const int i = split.edge_position<VEC>(e);
    sum_squares += value_square<FUSED>(in_row, res_row, res_out_row, i);
  }
  return sum_squares;
}

// Their outputs; FUSED reads back the sum this thread stored to res_out_row.
template <typename T, int VEC, bool FUSED>
__device__ __forceinline__ void edges_store(const row_split& split, T* out_row, const T* in_row, const T* res_out_row,
                                            const T* weight, float inv_rms, int from, int stride) {
  for (int e = from; e < split.edges; e += stride) {
    const int i = split.edge_position<VEC>(e);
    const float v = to_float(FUSED ? res_out_row[i] : in_row[i]);
    out_row[i] = from_float<T>(v * inv_rms * to_float(weight[i]));
  }
}

// v = v + r, each sum rounded to T (what fused_add_rms_norm stores as the residual); on CUDA 16-bit types
// two values at a time (one packed conversion a pair; ROCm 5.2 has no __nv_bfloat162).
template <typename T, int VEC>
__device__ __forceinline__ void add_rounded(aligned_vector<T, VEC>& v, const aligned_vector<T, VEC>& r) {
#if defined(DUALGPU_PLATFORM_CUDA)
  constexpr bool pairs = std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half>;
#else
  constexpr bool pairs = false;
#endif
  if constexpr (pairs) {
#if defined(DUALGPU_PLATFORM_CUDA)
    using pair = std::conditional_t<std::is_same_v<T, __half>, __half2, __nv_bfloat162>;
#pragma unroll
    for (int j = 0; j < VEC; j += 2) {
      const float a = to_float(v[j]) + to_float(r[j]), b = to_float(v[j + 1]) + to_float(r[j + 1]);
      pair p;
      if constexpr (std::is_same_v<T, __half>) p = __floats2half2_rn(a, b);
      else p = __floats2bfloat162_rn(a, b);
      v[j] = p.x;
      v[j + 1] = p.y;
    }
#endif
  } else {
#pragma unroll
    for (int j = 0; j < VEC; ++j) v[j] = from_float<T>(to_float(v[j]) + to_float(r[j]));
  }
}

// The vectors of a row (pointers already past the head): their sum of squares. FUSED: s holds x +
// residual, stored here to res_out_row (res_row itself, in place).
// With one or two vectors a thread (decode sizes, one-wave grids: latency counts) the sums are computed
// for every vector, clamped ones too, and masked: behind a branch over a row's live vectors, the
// compiler moved the residual's loads into the branch, after x's were used, which cost a second memory
// round trip (bench/load_rounds.py counts them in the SASS; the test ext.load_rounds.decode_kernels keeps
// the decode-size kernels at one). With four (many rows) the branch stays: masked, the kernels need up to
// a third more registers, and fewer of their blocks are resident.
template <int PEEL, typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ float norm_load(row_slice<T, VEC, NV, FUSED>& s, const T* __restrict__ in_row,
                                           const T* res_row, T* res_out_row, int first, int stride, int chunks,
                                           bool live) {
  aligned_vector<T, VEC> r[FUSED ? NV : 1];
  load_row_chunks<PEEL>(s.v, in_row, first, stride, chunks, live);  // loads only: all of them in flight together
  if constexpr (FUSED) load_row_chunks<PEEL>(r, res_row, first, stride, chunks, live);
  const bool res_aligned = PEEL != peel_any || !FUSED || aligned16(res_out_row);
  float sum_squares = 0.0f;
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = first + i * stride;
    const bool in_row_range = live && c < chunks;
    if (NV > 2 && !in_row_range) continue;
    if constexpr (FUSED) {
      add_rounded(s.v[i], r[i]);
      if (in_row_range) {
        if (res_aligned) store_stream<VEC>(res_out_row + c * VEC, s.v[i]);
        else store_values<VEC>(res_out_row + c * VEC, s.v[i]);
      }
    }
    float squares = 0.0f;
#pragma unroll
    for (int j = 0; j < VEC; ++j) squares += to_float(s.v[i][j]) * to_float(s.v[i][j]);
    sum_squares += in_row_range ? squares : 0.0f;
  }
  return sum_squares;
}

// out = v * inv_rms * weight for the vectors of a row, the weight read in pieces of W bytes: 16, all
// of them before the first use, as x's; narrower (PEEL: the weight at another offset than out), each
// just before its use (it is read by every row: an L1 or L2 hit), so that no more registers are live
// than with W = 16.
// The weight's vectors of a row (16-byte aligned), all loads issued before any is used; read by every
// row: an L1 or L2 hit, so no streaming hint.
template <typename T, int VEC, int NV>
__device__ __forceinline__ void load_weight(aligned_vector<T, VEC> (&w)[NV], const T* __restrict__ weight, int first,
                                            int stride, int chunks, bool live) {
#pragma unroll
  for (int i = 0; i < NV; ++i) w[i] = load_aligned<VEC>(weight + clamp_chunk(first + i * stride, chunks, live) * VEC);
}

// W = 0: s.w already holds the weight (the weight-early kernel loaded it with x).
template <int W, typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ void norm_scale_store(row_slice<T, VEC, NV, FUSED>& s, T* __restrict__ out_row,
                                                 const T* __restrict__ weight, float inv_rms, int first, int stride,
                                                 int chunks, bool live) {
  if constexpr (W == 16) load_weight(s.w, weight, first, stride, chunks, live);
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = first + i * stride;
    if (live && c < chunks) {
      if constexpr (W != 16 && W != 0) s.w[i] = load_pieces<W, VEC>(weight + c * VEC);
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(s.v[i][j]) * inv_rms * to_float(s.w[i][j]));
      store_stream<VEC>(out_row + c * VEC, o);
    }
  }
}

template <int PEEL, typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ void norm_store(row_slice<T, VEC, NV, FUSED>& s, T* __restrict__ out_row,
                                           const T* __restrict__ weight, float inv_rms, int first, int stride,
                                           int chunks, bool live) {
  if constexpr (PEEL != peel_none) {
    switch (piece_width(weight)) {
      case 8: return norm_scale_store<8>(s, out_row, weight, inv_rms, first, stride, chunks, live);
      case 4: return norm_scale_store<4>(s, out_row, weight, inv_rms, first, stride, chunks, live);
      case 2: return norm_scale_store<2>(s, out_row, weight, inv_rms, first, stride, chunks, live);
      default: break;
    }
  }
  norm_scale_store<16>(s, out_row, weight, inv_rms, first, stride, chunks, live);
}

// How a row splits: PEEL computes it from where out's row starts; otherwise no edges.
template <int PEEL, int VEC, typename T>
__device__ __forceinline__ row_split norm_split(const T* out_row, int hidden) {
  if constexpr (PEEL) return split_row<VEC>(out_row, hidden);
  return {0, hidden / VEC, 0};
}

// The most threads a block of the register kernels may have for NV vectors per thread. For PEEL the
// launch bounds also cap registers at 64 a thread (one block of 1024, or two of 512, resident), which
// keeps those kernels as resident as the aligned ones (which need no cap). The host respects it. NV is 2 or 4 (4 in the group
// kernel; 1 in the weight-early kernel at decode sizes): rows up to 2048 vectors (16384 bf16 or 8192
// fp32 values); wider rows take the two-pass kernel. Each NV is one more kernel per file to compile,
// so only these exist (at bandwidth-bound sizes one vector a thread measured the same as two).
__host__ __device__ constexpr int norm_block_bound(int nv) { return nv >= 4 ? 512 : 1024; }

// One row of a norm kernel: out's row (the one stored to), the row read (x, or out itself when FUSED
// in place), the residual's row read and the one its sum with x is stored to (FUSED: the same row in
// place; APART, residual_out's), and how it splits (PEEL).
template <typename T>
struct norm_row {
  T* out;
  const T* in;
  const T* res;
  T* res_out;
  row_split split;
};

// APART (FUSED only: the op's out-of-place form): x and the residual are read from their own tensors,
// the sum written to residual_out; in place, x is out and the sum is written over the residual. Two
// forms at compile time, so the in-place kernels stay as they were, with no pointer chosen at run time.
template <bool FUSED, int PEEL, int VEC, bool APART = false, typename T>
__device__ __forceinline__ norm_row<T> norm_row_at(T* out, const T* x, T* residual, T* residual_out,
                                                   std::int64_t offset, int hidden) {
  static_assert(FUSED || !APART, "APART is fused_add_rms_norm's out-of-place form");
  T* out_row = out + offset;
  T* res_row = FUSED ? residual + offset : nullptr;
  return {out_row, FUSED && !APART ? out_row : x + offset, res_row, APART ? residual_out + offset : res_row,
          norm_split<PEEL, VEC>(out_row, hidden)};
}

// The row's sum of squares, its vectors held in s (and, FUSED, residual += x stored). PEEL: the
// thread's first edge is loaded before the vectors, so all of a thread's loads are in flight together;
// WEIGHT_EARLY: the weight's too, into s.w. FURTHER_EDGES: a thread may have more edges than
// one (a group narrower than a row's 2 * VEC - 2 edges); false in blocks (threads_for: 64 threads or
// more), whose code then has no loop of edge loads after the first round trip, which load_rounds.py
// would count as further round trips.
template <int PEEL, bool WEIGHT_EARLY = false, bool FURTHER_EDGES = true, typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ float norm_row_sum(row_slice<T, VEC, NV, FUSED>& s, const norm_row<T>& r, int first,
                                              int stride, bool live, const T* __restrict__ weight = nullptr) {
  const int h = r.split.head;
  if constexpr (PEEL) s.edge = load_edge<FUSED, VEC>(r.split, r.in, r.res, first, live);
  // The weight early: aligned, its vectors as x's; PEEL (the weight at another offset than out's row),
  // as realigned granules, realigned once x's loads are issued too. Read in pieces, in a branch on their
  // width, they would be unpacked inside it, and x's loads after it would wait for them.
  granules weight_granules[WEIGHT_EARLY && PEEL ? NV : 1];
  if constexpr (WEIGHT_EARLY && PEEL) {
    load_edge_weight(s.edge, weight);
#pragma unroll
    for (int i = 0; i < NV; ++i)
      weight_granules[i] = load_granules(weight + h + clamp_chunk(first + i * stride, r.split.chunks, live) * VEC);
  } else if constexpr (WEIGHT_EARLY) {
    load_weight(s.w, weight, first, stride, r.split.chunks, live);
  }
  float sum_squares = norm_load<PEEL>(s, r.in + h, FUSED ? r.res + h : nullptr, FUSED ? r.res_out + h : nullptr,
                                     first, stride, r.split.chunks, live);
  if constexpr (WEIGHT_EARLY && PEEL) {
#pragma unroll
    for (int i = 0; i < NV; ++i) s.w[i] = realign<VEC, T>(weight_granules[i]);
  }
  if constexpr (PEEL) {
    sum_squares += edge_square<FUSED>(s.edge, r.res_out);
    if (FURTHER_EDGES && live)
      sum_squares += edges_sum<T, VEC, FUSED>(r.split, r.in, r.res, r.res_out, first + stride, stride);
  }
  return sum_squares;
}

// out = s * inv_rms * weight for the row, its edges too. WEIGHT_EARLY: s holds the weight already
// (norm_row_sum loaded it), but for a thread's further edges (FURTHER_EDGES, as norm_row_sum's).
template <int PEEL, bool WEIGHT_EARLY = false, bool FURTHER_EDGES = true, typename T, int VEC, int NV, bool FUSED>
__device__ __forceinline__ void norm_row_store(row_slice<T, VEC, NV, FUSED>& s, const norm_row<T>& r,
                                               const T* __restrict__ weight, float inv_rms, int first, int stride,
                                               bool live) {
  const int h = r.split.head;
  if constexpr (WEIGHT_EARLY) {
    norm_scale_store<0>(s, r.out + h, weight + h, inv_rms, first, stride, r.split.chunks, live);
  } else {
    if constexpr (PEEL) load_edge_weight(s.edge, weight);
    norm_store<PEEL>(s, r.out + h, weight + h, inv_rms, first, stride, r.split.chunks, live);
  }
  if constexpr (PEEL) {
    edge_store(s.edge, r.out, inv_rms);
    if (FURTHER_EDGES && live)
      edges_store<T, VEC, FUSED>(r.split, r.out, r.in, r.res_out, weight, inv_rms, first + stride, stride);
  }
}

// One block per row: out = norm(x), or (FUSED) residual += out; out = norm(residual), in place (x and
// residual_out are unused then, so no two __restrict__ pointers alias); APART: residual_out = x +
// residual; out = norm(residual_out).
template <typename T, int VEC, int NV, bool FUSED, int PEEL, bool APART = false>
__global__ void __launch_bounds__(norm_block_bound(NV), PEEL ? 1024 / norm_block_bound(NV) : 1)
    norm_block_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      T* __restrict__ residual_out, const T* __restrict__ weight, float eps, std::int64_t rows,
                      int hidden) {
  const int first = static_cast<int>(threadIdx.x);
  const int stride = static_cast<int>(blockDim.x);
  // One row per block, no row loop (a grid-stride loop kept more registers live): the grid is
  // rows_grid(rows), blockIdx.y counting whole rows of blocks.
  dualgpu::wait_for_previous_grid();
  const std::int64_t row = blockIdx.x + static_cast<std::int64_t>(blockIdx.y) * gridDim.x;
  if (row >= rows) return;  // the whole block: no barrier is skipped by part of it
  const norm_row<T> r = norm_row_at<FUSED, PEEL, VEC, APART>(out, x, residual, residual_out, row * hidden, hidden);
  row_slice<T, VEC, NV, FUSED> s;
  const float sum_squares = norm_row_sum<PEEL>(s, r, first, stride, true);
  const float inv_rms = block_inv_rms(sum_squares, hidden, eps);
  dualgpu::allow_next_grid();
  norm_row_store<PEEL>(s, r, weight, inv_rms, first, stride, true);
}

// One block per row as above, but the weight is loaded with x (and the residual), before the reduction,
// rather than after it, so the row costs one memory round trip instead of two. Where each row has an SM
// to itself (decode sizes; PEEL rows too), and for fused_add_rms_norm's wide aligned rows at any count;
// elsewhere the weight's registers, held across the reduction, cost more resident blocks than the round
// trip saves (docs/benchmarks.md). One grid line: at most 65535 rows. No row count is passed, and none
// checked: a block past the end would have to read it, and that read comes after the wait (where the
// compiler puts it), on the critical path of a decode-size call.
template <typename T, int VEC, int NV, bool FUSED, int PEEL = peel_none, bool APART = false>
__global__ void __launch_bounds__(norm_block_bound(NV))
    norm_weight_early_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                             T* __restrict__ residual_out, const T* __restrict__ weight, float eps, int hidden) {
  const int first = static_cast<int>(threadIdx.x);
  const int stride = static_cast<int>(blockDim.x);
  dualgpu::wait_for_previous_grid();  // the weight too may be an earlier kernel's output
  const norm_row<T> r =
      norm_row_at<FUSED, PEEL, VEC, APART>(out, x, residual, residual_out, blockIdx.x * std::int64_t{hidden}, hidden);
  row_slice<T, VEC, NV, FUSED> s;
  const float sum_squares = norm_row_sum<PEEL, true, false>(s, r, first, stride, true, weight);
  const float inv_rms = block_inv_rms(sum_squares, hidden, eps);
  dualgpu::allow_next_grid();
  norm_row_store<PEEL, true, false>(s, r, weight, inv_rms, first, stride, true);
}

// Decode-size rows on sm_90+: a row shared by a cluster of blocks (blockIdx.x = row * cluster + rank),
// cluster_vectors a thread (vector i of the cluster's thread t: t + i * the cluster's threads), the
// weight loaded with x. One SM moves a limited number of bytes a clock, so a wide row on one SM waits
// for its bytes long after the first arrive, while the other SMs idle; split over a cluster, each SM
// moves a share. Each block sums its share; the blocks read each other's sums from distributed shared
// memory; each scales and stores its share. A block must not exit while another may still read its
// sum: the second cluster barrier, split around the stores, keeps it.
// Only launched where dualgpu::max_active_clusters says clusters exist (empty elsewhere).
// Two vectors a thread, in half the threads, measured faster than one in every state; four slower
// (docs/benchmarks.md, "the cluster kernel's vectors a thread").
constexpr int cluster_vectors = 2;

template <typename T, int VEC, bool FUSED, bool APART = false>
__global__ void __launch_bounds__(1024)
    norm_cluster_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                        T* __restrict__ residual_out, const T* __restrict__ weight, float eps, int hidden) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  namespace cg = cooperative_groups;
  const cg::cluster_group cluster = cg::this_cluster();
  const int blocks = static_cast<int>(cluster.num_blocks());
  const int chunk = static_cast<int>(cluster.block_rank() * blockDim.x + threadIdx.x);
  const std::int64_t row = blockIdx.x / blocks;
  dualgpu::wait_for_previous_grid();
  const norm_row<T> r = norm_row_at<FUSED, peel_none, VEC, APART>(out, x, residual, residual_out, row * hidden, hidden);
  const bool live = chunk < r.split.chunks;
  const int stride = blocks * static_cast<int>(blockDim.x);
  row_slice<T, VEC, cluster_vectors, FUSED> s;
  const float partial = norm_row_sum<peel_none, true>(s, r, chunk, stride, live, weight);
  const float share = dualgpu::block_reduce_sum(partial);
  __shared__ float shares;
  if (threadIdx.x == 0) shares = share;
  cluster.sync();  // every block's sum written
  const int lane = dualgpu::lane_id();
  const float sum_squares = dualgpu::warp_reduce_sum(lane < blocks ? *cluster.map_shared_rank(&shares, lane) : 0.0f);
  auto done_reading = cluster.barrier_arrive();  // the others' sums read (a release)
  dualgpu::allow_next_grid();
  const float inv_rms = rsqrtf(sum_squares / static_cast<float>(hidden) + eps);
  norm_row_store<peel_none, true>(s, r, weight, inv_rms, chunk, stride, live);
  cluster.barrier_wait(std::move(done_reading));  // and so are this block's: it may exit
#else
  (void)out, (void)x, (void)residual, (void)residual_out, (void)weight, (void)eps, (void)hidden;
#endif  // sm_90+
}

// Small rows: a group of blockDim.x (a power of two <= 32, so inside one warp on every vendor)
// threads per row, blockDim.y rows per block; the sum is reduced with shuffles of width blockDim.x.
// The row loop is uniform over the block and no thread leaves early: every lane takes part in the
// shuffles (rows past the end just contribute nothing).
// CAPPED (weight-early rms_norm only): at most 64 registers a thread, four blocks of 256 an SM, for grids
// that miss one wave at the registers the compiler would take (bfloat16: 78, three blocks an SM).
template <typename T, int VEC, int NV, bool FUSED, int PEEL, bool WEIGHT_EARLY, bool CAPPED = false, bool APART = false>
__global__ void __launch_bounds__(256, CAPPED ? 4 : 1)
    norm_group_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                      T* __restrict__ residual_out, const T* __restrict__ weight, float eps, std::int64_t rows,
                      int hidden) {
  dualgpu::wait_for_previous_grid();
  const int group = static_cast<int>(blockDim.x);
  const int first = static_cast<int>(threadIdx.x);
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * blockDim.y; base < rows;
       base += static_cast<std::int64_t>(gridDim.x) * blockDim.y) {
    const std::int64_t row = base + threadIdx.y;
    const bool live = row < rows;
    const norm_row<T> r =
        norm_row_at<FUSED, PEEL, VEC, APART>(out, x, residual, residual_out, live ? row * hidden : 0, hidden);
    row_slice<T, VEC, NV, FUSED> s;
    float sum_squares = norm_row_sum<PEEL, WEIGHT_EARLY>(s, r, first, group, live, weight);
    for (int lane_offset = group / 2; lane_offset > 0; lane_offset /= 2)
      sum_squares += dualgpu::shfl_xor(sum_squares, lane_offset, group);
    const float inv_rms = rsqrtf(sum_squares / static_cast<float>(hidden) + eps);
    dualgpu::allow_next_grid();
    norm_row_store<PEEL, WEIGHT_EARLY>(s, r, weight, inv_rms, first, group, live);
  }
}

// Rows read twice: very many rows (rms_norm), and rows too wide for the register kernels (both norms).
// The first pass keeps the row in L2 (evict-last; FUSED: stores residual += x, read again at once), the
// second reads it from there, streamed. Nothing is held across the reduction but the sum, so the kernel
// needs few registers and fills the SM; two vectors per thread per trip keep loads in flight.
constexpr int two_pass_threads = 512;

// The two-pass kernel's second pass: out = src * inv_rms * weight over a row's vectors. src is aligned;
// the weight is read in pieces of W bytes (16: aligned); W = 0: src and the weight anywhere (load_any).
template <int W, typename T>
__device__ __forceinline__ void two_pass_scale(T* __restrict__ out_row, const T* __restrict__ src_row,
                                               const T* __restrict__ weight, float inv_rms, int chunks) {
  constexpr int VEC = dualgpu::max_vector_size<T>;
#pragma unroll 2
  for (int c = threadIdx.x; c < chunks; c += two_pass_threads) {
    const int i = c * VEC;
    aligned_vector<T, VEC> v, w;
    if constexpr (W == 0) {
      v = load_any<VEC>(src_row + i);
      w = load_any<VEC>(weight + i);
    } else {
      v = load_stream<VEC>(src_row + i);
      if constexpr (W == 16) w = load_aligned<VEC>(weight + i);
      else w = load_pieces<W, VEC>(weight + i);
    }
    aligned_vector<T, VEC> o;
#pragma unroll
    for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[j]) * inv_rms * to_float(w[j]));
    store_stream<VEC>(out_row + i, o);
  }
}

// Four blocks of 512 resident a SM: at most 32 registers a thread, which the compiler otherwise exceeds
// in the extension's relocatable build, leaving a quarter of the blocks out, which is slower on many
// wide rows (docs/benchmarks.md, example-extension bandwidth, run 6).
template <typename T, int VEC, bool FUSED, int PEEL, bool APART = false>
__global__ void __launch_bounds__(two_pass_threads, 4)
    norm_two_pass_kernel(T* __restrict__ out, const T* __restrict__ x, T* __restrict__ residual,
                         T* __restrict__ residual_out, const T* __restrict__ weight, float eps, std::int64_t rows,
                         int hidden) {
  dualgpu::wait_for_previous_grid();
  const std::int64_t row = blockIdx.x + static_cast<std::int64_t>(blockIdx.y) * gridDim.x;
  if (row >= rows) return;  // the whole block
  // The rows as norm_row_at picks them, spelled out: through norm_row_at this kernel compiled to other code
  // (its in-place SASS changed), which the figures of docs/benchmarks.md were not measured on.
  T* out_row = out + row * hidden;
  const T* in_row = FUSED && !APART ? out_row : x + row * hidden;
  T* res_row = FUSED ? residual + row * hidden : nullptr;
  T* res_out_row = APART ? residual_out + row * hidden : res_row;
  const row_split split = norm_split<PEEL, VEC>(out_row, hidden);
  const int h = split.head, chunks = split.chunks;
  const int first = static_cast<int>(threadIdx.x);
  // Which of the other rows share out's alignment (PEEL; always so otherwise): once per row. In place,
  // FUSED reads out's own row.
  const bool in_aligned = PEEL != peel_any || (FUSED && !APART) || aligned16(in_row + h);
  const bool res_aligned = PEEL != peel_any || !FUSED || aligned16(res_row + h);
  const bool res_out_aligned = APART ? PEEL != peel_any || aligned16(res_out_row + h) : res_aligned;
  const l2_keep_policy keep;
  float sum_squares = 0.0f;
#pragma unroll 2
  for (int c = first; c < chunks; c += two_pass_threads) {
    const int i = h + c * VEC;
    aligned_vector<T, VEC> v;
    if constexpr (FUSED) {
      v = in_aligned ? load_stream<VEC>(in_row + i) : load_any<VEC>(in_row + i);
      const aligned_vector<T, VEC> a = res_aligned ? load_stream<VEC>(res_row + i) : load_any<VEC>(res_row + i);
#pragma unroll
      for (int j = 0; j < VEC; ++j) v[j] = from_float<T>(to_float(v[j]) + to_float(a[j]));  // rounded, as stored
      if (res_out_aligned) store_aligned<VEC>(res_out_row + i, v);
      else store_values<VEC>(res_out_row + i, v);
    } else {
      v = in_aligned ? load_keep<VEC>(in_row + i, keep) : load_any<VEC>(in_row + i);
    }
#pragma unroll
    for (int j = 0; j < VEC; ++j) sum_squares += to_float(v[j]) * to_float(v[j]);
  }
  // Edges after the loop: held across it, they cost registers this kernel's 32 do not have, and with
  // many blocks resident a second round trip is hidden (unlike the register kernels' edges).
  if constexpr (PEEL)
    sum_squares += edges_sum<T, VEC, FUSED>(split, in_row, res_row, res_out_row, first, two_pass_threads);
  // block_reduce_sum's barriers also make the residual stores above visible to the block.
  const float inv_rms = block_inv_rms(sum_squares, hidden, eps);
  dualgpu::allow_next_grid();
  const T* src_row = FUSED ? res_out_row : in_row;
  const bool src_aligned = FUSED ? res_out_aligned : in_aligned;
  if constexpr (PEEL == peel_any) {
    if (!src_aligned || !aligned16(weight + h)) {
      two_pass_scale<0>(out_row + h, src_row + h, weight + h, inv_rms, chunks);
      edges_store<T, VEC, FUSED>(split, out_row, in_row, res_out_row, weight, inv_rms, first, two_pass_threads);
      return;
    }
  }
  if constexpr (PEEL != peel_none) {
    switch (piece_width(weight + h)) {  // each loop straight code: the choice is made once per row
      case 8: two_pass_scale<8>(out_row + h, src_row + h, weight + h, inv_rms, chunks); break;
      case 4: two_pass_scale<4>(out_row + h, src_row + h, weight + h, inv_rms, chunks); break;
      case 2: two_pass_scale<2>(out_row + h, src_row + h, weight + h, inv_rms, chunks); break;
      default: two_pass_scale<16>(out_row + h, src_row + h, weight + h, inv_rms, chunks);
    }
  } else {
    two_pass_scale<16>(out_row + h, src_row + h, weight + h, inv_rms, chunks);
  }
  if constexpr (PEEL)
    edges_store<T, VEC, FUSED>(split, out_row, in_row, res_out_row, weight, inv_rms, first, two_pass_threads);
}

// ---- the launch plan -------------------------------------------------------------------------
// rms_norm with at least this many rows of 1024 to 2048 vectors (two to four per thread of the
// two-pass kernel) takes it; fewer rows keep the register kernels (docs/benchmarks.md).
constexpr std::int64_t two_pass_rows = 16384;

// The register kernels hold a row of at most this many vectors; wider rows take the two-pass kernel.
constexpr std::int64_t max_register_chunks = 2048;

// Aligned rows that each get an SM (decode sizes) take one vector a thread up to this many vectors: the
// least work a thread does before the reduction, where a row's latency is the time; wider rows take two
// (wider rows were slower with one: docs/benchmarks.md, "decode-size norms, one vector a thread or two"),
// and rows of more than decode_two_vector_chunks four, in half the threads (fewer warps to launch and
// reduce: faster for rows of 7168 and 8192 float32 values, docs/benchmarks.md, "decode-size calls").
constexpr std::int64_t decode_one_vector_chunks = 512;
constexpr std::int64_t decode_two_vector_chunks = 1024;

// Aligned rows of 32 to decode_one_vector_chunks vectors take one block a row, one vector a thread, the
// weight early, as decode sizes do, up to this many rows per SM: at 256 to 512 rows of 896 to 4096
// values, faster or level in every state (back to back, behind another kernel, cold) than the row groups
// (up to 128 vectors) and the blocks with the weight late. At 1024 rows of 576 and 1024 values (7.8 per
// SM) the row groups stay: faster back to back, level behind another kernel, slower only behind an L2
// flush.
constexpr std::int64_t few_rows_per_sm = 4;

// fused_add_rms_norm's aligned rows of more than this many vectors load the weight early (with x) at
// any row count (faster than after the reduction at 2048 and 16384 rows of 2880 to 8192 values; slower
// for rows of 192 vectors, and for rms_norm: docs/benchmarks.md, example-extension bandwidth).
constexpr std::int64_t fused_weight_early_chunks = 256;

// Of those, 16-bit rows of more than this many vectors (and at most 1024, one block) take one vector a
// thread: 32 registers, two blocks of 1024 resident, where two vectors take 48. Measured faster at 896
// and 1024 vectors (7168 and 8192 values), no faster at 288 to 640, slower at 768; float32 rows of those
// vector counts were not measured with it (docs/benchmarks.md, "fused_add_rms_norm's many wide rows").
constexpr std::int64_t fused_one_vector_chunks = 768;

// rms_norm's many aligned 16-bit rows of exactly this many vectors (4096 values) take two vectors a
// thread in blocks of 256 rather than four in blocks of 128: with four they were slower than their
// neighbouring widths would say, and than Liger-Kernel, at 16384 rows. At the other widths two vectors
// gained little where they gained at all and lost much elsewhere (docs/benchmarks.md,
// "example-extension: many rows, two vectors a thread or four, and Liger-Kernel in place").
constexpr std::int64_t rms_two_vector_chunks = 512;

// Decode-size rows that read at least this many bytes (x, the weight and, FUSED, the residual) are each
// shared by a cluster of blocks on as many SMs (sm_90+), where the GPU has an SM for every block. A
// cluster launch costs more than it saves on narrower rows (docs/benchmarks.md, "decode-size calls":
// slower from 2048-wide bfloat16 rows to 8192-wide float32 rms_norm, faster for float32
// fused_add_rms_norm of 7168 and 8192).
constexpr std::int64_t cluster_row_bytes = 80 * 1024;
constexpr int cluster_blocks = 8;  // the portable cluster size

struct norm_plan {
  enum kind_t { group, group_weight_early, group_weight_early_capped, block, weight_early, cluster, two_pass } kind;
  int nv;  // vectors per thread
  dim3 threads;
  dim3 blocks;
  unsigned cluster_blocks = 1;
};

// One block per row for any row count: 65535 rows per line of the grid, as many lines as needed.
inline dim3 rows_grid(std::int64_t rows) {
  const std::int64_t per_line = max_grid_rows;
  return dim3(static_cast<unsigned>(std::min(rows, per_line)), static_cast<unsigned>(ceil_div(rows, per_line)));
}

// `chunks`: the most 16-byte vectors a row has (a PEEL row has at most hidden / VEC).
//   - very wide rows, and rms_norm's very many rows: the two-pass kernel;
//   - narrow rows (up to 128 vectors): a group of <= 32 threads per row, several rows per block of 256,
//     except aligned rows of 32 vectors or more, up to four per SM: one block a row, as decode sizes
//     (so are aligned rows of up to 512 vectors at those row counts);
//   - otherwise one block per row. Rows that all fit on the GPU at once with two vectors a thread
//     (one wave) keep that widest spread, the latency of one row being what counts; at most one row
//     per SM, with the weight loaded early (PEEL rows too, where x and the residual sit at out's
//     offset). More rows take four vectors a thread: half the
//     threads and fewer registers a row, so more rows resident and more bytes in flight; but
//     fused_add_rms_norm's wide aligned rows take two (one for 16-bit rows of 769 to 1024 vectors), with
//     the weight loaded early, and rms_norm's aligned 16-bit rows of 512 vectors two (docs/benchmarks.md).
template <typename T, bool FUSED, int PEEL, bool APART>
norm_plan plan_norm(std::int64_t rows, std::int64_t chunks) {
  if (chunks > max_register_chunks || (!FUSED && rows >= two_pass_rows && chunks >= 2 * two_pass_threads))
    return {norm_plan::two_pass, 0, dim3(two_pass_threads), rows_grid(rows)};
  // Rows that each get an SM (decode sizes): one block per row and the weight loaded early (below),
  // narrow rows too: a row's latency is what counts there, and a block of two vectors a thread spreads
  // its loads widest.
  const int sms = multiprocessors();
  const bool decode = sms > 0 && rows <= sms;
  const bool row_per_sm = PEEL == peel_none && decode;
  // Up to a few aligned rows per SM take that kernel too, one vector a thread, where its grid is one
  // wave: behind another op's kernel or cold, the row groups (narrow rows, below) were up to a quarter
  // slower, the blocks that load the weight late up to a fifth (docs/benchmarks.md, "rows, a few per SM").
  const bool few_rows =
      PEEL == peel_none && sms > 0 && !row_per_sm && chunks >= 32 && chunks <= decode_one_vector_chunks &&
      rows <= few_rows_per_sm * sms &&
      fits_one_wave<norm_weight_early_kernel<T, dualgpu::max_vector_size<T>, 1, FUSED, peel_none, APART>>(
          rows, threads_for(chunks));
  if (chunks <= 128 && !((row_per_sm || few_rows) && chunks >= 32)) {
    const int nv = 4;
    int group = 1;
    while (group < 32 && group * nv < chunks) group *= 2;
    // Fewer rows a block while that leaves SMs idle: rows spread over the GPU finish sooner.
    int per_block = 256 / group;
    while (per_block > 1 && ceil_div(rows, per_block) < sms) per_block /= 2;
    const std::int64_t blocks = std::min(ceil_div(rows, per_block), max_grid_rows);
    // The grid one wave (every block resident at once, so registers cost no resident rows): the weight
    // is loaded with x, as in the weight-early kernel. rms_norm's grids that miss one wave only for the
    // registers take the kernel capped at 64 (faster at 4096 bfloat16 rows of 576 and 1024; slower where
    // the uncapped one fits, and for fused_add_rms_norm: docs/benchmarks.md, "the group kernel's registers").
    constexpr int VEC = dualgpu::max_vector_size<T>;
    const dim3 threads(group, per_block), grid(static_cast<unsigned>(blocks));
    if constexpr (PEEL == peel_none) {
      if (fits_one_wave<norm_group_kernel<T, VEC, nv, FUSED, PEEL, true, false, APART>>(blocks, group * per_block))
        return {norm_plan::group_weight_early, nv, threads, grid};
      if constexpr (!FUSED) {
        if (fits_one_wave<norm_group_kernel<T, VEC, nv, FUSED, PEEL, true, true>>(blocks, group * per_block))
          return {norm_plan::group_weight_early_capped, nv, threads, grid};
      }
    }
    return {norm_plan::group, nv, threads, grid};
  }
  constexpr int VEC = dualgpu::max_vector_size<T>;
  static_assert(max_register_chunks <= 2 * norm_block_bound(2) && max_register_chunks <= 4 * norm_block_bound(4),
                "a register-kernel row fits one block at two and at four vectors a thread");
  const int threads2 = threads_for(ceil_div(chunks, 2));
  if constexpr (PEEL == peel_none) {
    const std::int64_t row_bytes = (FUSED ? 3 : 2) * chunks * 16;
    const int threads = threads_for(ceil_div(chunks, cluster_blocks * cluster_vectors));
    if (row_per_sm && rows * cluster_blocks <= sms && row_bytes >= cluster_row_bytes &&
        clusters_fit<norm_cluster_kernel<T, VEC, FUSED, APART>>(rows, cluster_blocks, threads))
      return {norm_plan::cluster, cluster_vectors, dim3(threads),
              dim3(static_cast<unsigned>(rows * cluster_blocks)), static_cast<unsigned>(cluster_blocks)};
  }
  if (row_per_sm && chunks > decode_two_vector_chunks)
    return {norm_plan::weight_early, 4, dim3(threads_for(ceil_div(chunks, 4))), rows_grid(rows)};
  if ((row_per_sm || few_rows) && chunks <= decode_one_vector_chunks)
    return {norm_plan::weight_early, 1, dim3(threads_for(chunks)), rows_grid(rows)};
  // So do decode-size rows of any width (PEEL rows with x and the residual at out's offset, the weight
  // realigned): one round trip instead of two, as for aligned rows; two vectors a thread, as the blocks
  // they took before (docs/benchmarks.md, "decode-size rows of any width").
  if (row_per_sm || (PEEL == peel_rows && decode))
    return {norm_plan::weight_early, 2, dim3(threads2), rows_grid(rows)};
  if (fits_one_wave<norm_block_kernel<T, VEC, 2, FUSED, PEEL, APART>>(rows, threads2))
    return {norm_plan::block, 2, dim3(threads2), rows_grid(rows)};
  if (FUSED && PEEL == peel_none && chunks > fused_weight_early_chunks && rows <= max_grid_rows) {
    const int nv = sizeof(T) == 2 && chunks > fused_one_vector_chunks && chunks <= norm_block_bound(1) ? 1 : 2;
    return {norm_plan::weight_early, nv, dim3(threads_for(ceil_div(chunks, nv))), rows_grid(rows)};
  }
  if (!FUSED && PEEL == peel_none && sizeof(T) == 2 && chunks == rms_two_vector_chunks)
    return {norm_plan::block, 2, dim3(threads2), rows_grid(rows)};
  return {norm_plan::block, 4, dim3(threads_for(ceil_div(chunks, 4))), rows_grid(rows)};
}

// A kernel as a type, so that a generic lambda can take it and launch it (launch_norm_vectors).
template <auto Kernel>
struct kernel_c {
  static constexpr auto value = Kernel;
};

template <bool FUSED, int PEEL, bool APART, typename T>
dualgpu::error_t launch_norm_vectors(T* out, const T* x, T* residual, T* residual_out, const T* w, float eps,
                                     std::int64_t rows, int hidden, dualgpu::stream_t stream) {
  using dualgpu::launch_dependent;
  constexpr int VEC = dualgpu::max_vector_size<T>;
  const norm_plan p = plan_norm<T, FUSED, PEEL, APART>(rows, hidden / VEC);
  // Every kernel but the weight-early and cluster ones (one grid line, no row count) takes these.
  const auto launch_rows = [&](auto kernel) {
    return launch_dependent<decltype(kernel)::value>(p.blocks, p.threads, 0, stream, out, x, residual, residual_out,
                                                     w, eps, rows, hidden);
  };
  const auto launch_one_line = [&](auto kernel) {
    return launch_dependent<decltype(kernel)::value>(p.blocks, p.threads, 0, stream, out, x, residual, residual_out,
                                                     w, eps, hidden);
  };
  switch (p.kind) {
    case norm_plan::group:
      return launch_rows(kernel_c<norm_group_kernel<T, VEC, 4, FUSED, PEEL, false, false, APART>>{});
    case norm_plan::group_weight_early:
      if constexpr (PEEL == peel_none)
        return launch_rows(kernel_c<norm_group_kernel<T, VEC, 4, FUSED, PEEL, true, false, APART>>{});
      break;  // not planned for PEEL rows
    case norm_plan::group_weight_early_capped:
      if constexpr (PEEL == peel_none && !FUSED)
        return launch_rows(kernel_c<norm_group_kernel<T, VEC, 4, FUSED, PEEL, true, true>>{});
      break;  // planned for aligned rms_norm rows only
    case norm_plan::weight_early:
      if constexpr (PEEL == peel_none) {
        if (p.nv == 4) return launch_one_line(kernel_c<norm_weight_early_kernel<T, VEC, 4, FUSED, PEEL, APART>>{});
        if (p.nv == 1) return launch_one_line(kernel_c<norm_weight_early_kernel<T, VEC, 1, FUSED, PEEL, APART>>{});
        return launch_one_line(kernel_c<norm_weight_early_kernel<T, VEC, 2, FUSED, PEEL, APART>>{});
      }
      if constexpr (PEEL == peel_rows)  // decode sizes only, two vectors a thread
        return launch_one_line(kernel_c<norm_weight_early_kernel<T, VEC, 2, FUSED, PEEL, APART>>{});
      break;  // not planned for other PEEL rows
    case norm_plan::cluster:
      if constexpr (PEEL == peel_none) {
        constexpr auto kernel = norm_cluster_kernel<T, VEC, FUSED, APART>;
        prefer_l1<kernel>(stream);
        return dualgpu::launch_dependent_clusters<kernel>(p.blocks, p.threads, p.cluster_blocks, 0, stream, out, x,
                                                          residual, residual_out, w, eps, hidden);
      }
      break;  // not planned for PEEL rows
    case norm_plan::block:
      if (p.nv == 2) return launch_rows(kernel_c<norm_block_kernel<T, VEC, 2, FUSED, PEEL, APART>>{});
      return launch_rows(kernel_c<norm_block_kernel<T, VEC, 4, FUSED, PEEL, APART>>{});
    case norm_plan::two_pass:
      break;
  }
  return launch_rows(kernel_c<norm_two_pass_kernel<T, VEC, FUSED, PEEL, APART>>{});
}

// Both norms: out = norm(x) (rms_norm), or residual += x; out = norm(residual) (FUSED: in place, out is
// x and residual_out null; APART, the out-of-place form: residual_out = x + residual, out =
// norm(residual_out), x and the residual left as they were).
// Every row start and the width 16-byte aligned: the plain vector kernels; any other width or offset:
// the same kernels with PEEL (head and tail of each row apart); the scalar loop only for rows of
// 2^31 values or more and rows narrower than two vectors (PEEL needs one whole vector in every row).
// Every kernel is launched dependent (dualgpu::launch_dependent): it may start while the kernel before
// it finishes, and waits for it before touching memory.
template <bool FUSED, bool APART, typename T>
dualgpu::error_t launch_norm(std::initializer_list<const void*> pointers, T* out, const T* x, T* residual,
                             T* residual_out, const T* w, float eps, std::int64_t rows, std::int64_t hidden,
                             dualgpu::stream_t stream) {
  static_assert(FUSED || !APART, "APART is fused_add_rms_norm's out-of-place form");
  constexpr int VEC = dualgpu::max_vector_size<T>;
  if (hidden <= std::numeric_limits<int>::max()) {
    const int h = static_cast<int>(hidden);
    if (can_vectorise<T>(hidden, pointers))
      return launch_norm_vectors<FUSED, peel_none, APART>(out, x, residual, residual_out, w, eps, rows, h, stream);
    if (hidden >= 2 * VEC - 1 && values_aligned<T>(pointers)) {
      // Every row read or written at out's 16-byte offset (x for rms_norm; the residual, in place, where
      // x is out; APART, x, the residual and residual_out): only the weight differs.
      const auto at_out_offset = [&](const void* p) {
        return (reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(out)) % 16 == 0;
      };
      const bool rows_at_out_offset = FUSED ? at_out_offset(residual) && (!APART || (at_out_offset(x) &&
                                                                                     at_out_offset(residual_out)))
                                            : at_out_offset(x);
      if (rows_at_out_offset)
        return launch_norm_vectors<FUSED, peel_rows, APART>(out, x, residual, residual_out, w, eps, rows, h, stream);
      return launch_norm_vectors<FUSED, peel_any, APART>(out, x, residual, residual_out, w, eps, rows, h, stream);
    }
  }
  return dualgpu::launch_dependent<norm_loop_kernel<T, FUSED, APART>>(grid_for(rows), threads_for(hidden), 0, stream,
                                                                      out, x, residual, residual_out, w, eps, rows,
                                                                      hidden);
}

}  // namespace
}  // namespace dualgpu_example
