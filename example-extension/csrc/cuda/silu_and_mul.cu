// silu_and_mul.cu: the SwiGLU gate, out = silu(gate) * up (CUDA spelling; HIP on ROCm). No torch here:
// the launcher takes raw pointers and is declared in ../silu_and_mul.cpp. The scalar kernel calls
// silu() from rdc_helper.cu, so this file needs relocatable device code.
#include "launch_common.cuh"
#include "rdc_helper.cuh"

#include <limits>

namespace dualgpu_example {
namespace {

using namespace detail;
using dualgpu::aligned_vector;

// x * sigmoid(x) with the fast exponential and division; exact enough for float32 outputs
// (a few ulp), and silu(-large) is -0 (1 + inf -> the reciprocal is 0).
__device__ __forceinline__ float silu_fast(float x) { return __fdividef(x, 1.0f + __expf(-x)); }

// Every kernel: blockIdx.x over a row's columns, blockIdx.y over rows (grid-stride past 65535 rows), so
// consecutive blocks sweep memory in order (rows on blockIdx.x put consecutive blocks a row apart).
//
// Launched dependent (dualgpu/launch.hpp), the vector kernel works out its row's split before it waits
// for the previous kernel (index arithmetic only, no memory), and lets the next kernel's blocks in as
// soon as the wait returns, before its own loads. The next kernel's launch and index work then overlap
// this one, which matters most at decode sizes. Letting it in after the loads measured slower (the
// signal waited for them); before the wait, slower from 64 rows on (the kernels after it pile up, each
// holding SM slots while it waits). One exception, `early_next` false: narrow aligned rows (one block
// of 128 a row) past 1024 rows, slower with it at 2048 to 16384 rows of 768 16-bit values; their blocks
// let the next kernel in as they exit (docs/benchmarks.md, example-extension bandwidth, and its section
// "silu_and_mul's narrow rows: when to let the next kernel in"). The gain needs a
// next kernel launched dependent too, as the extension's are.

// One vector of a row; PEEL: at any offset (in the widest pieces it allows).
template <int VEC, bool PEEL, typename T>
__device__ __forceinline__ aligned_vector<T, VEC> load_vector(const T* p) {
  if constexpr (PEEL) {
    if (!aligned16(p)) return load_any<VEC>(p);
  }
  return load_stream<VEC>(p);
}

// 16-byte vectors (8-byte: below), streamed (each value is touched once). One vector per thread, the
// grid covers a row's vectors exactly: little work per thread before its loads. Without PEEL, d and
// both pointers are aligned to VEC values. PEEL: any d and offset (row_split): the vectors start where
// out's row is aligned, and the first threads of the row also take its edge values, one each. gate and
// up then sit at other offsets, read in one of two ways:
//   ONE_WAVE (the whole grid resident at once, past the small kernel's decode sizes below, where the
//   latency of one block is still the time; and 16-bit rows at any size): as realigned granules
//   (launch_common.cuh), every load of a thread, its edge's too, issued before any is used, one memory
//   round trip; that takes up to 47 registers. On CUDA, 16-bit rows of many waves measured faster so too
//   (two 16-byte loads where load_any reads pieces of 2 to 8 bytes), float32 ones slower; HIP's compiler
//   merges load_any's pieces into one 16-byte access already (gfx942 code), so there the rule stays.
//   otherwise (float32 of an odd width, many rows): in the widest pieces their offset allows
//   (load_any), in at most 32 registers, so that 2048 threads stay resident and hide the latency
//   between them. float32 rows of an even width take 8-byte vectors and no edges instead (in one
//   wave VEC 2, not PEEL; past it silu_and_mul_pairs_kernel). Edge values are loaded with the
//   vectors: after them, in a second round trip, measured slower.
template <typename T, int VEC, bool PEEL, bool ONE_WAVE = false>
__global__ void __launch_bounds__(256, !PEEL ? 1 : ONE_WAVE ? 4 : 8)
    silu_and_mul_kernel(T* __restrict__ out, const T* __restrict__ x, std::int64_t rows, std::int64_t d,
                        bool early_next) {
  static_assert(PEEL || !ONE_WAVE, "aligned rows have a single kernel");
  const int c = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (!PEEL && c >= d / VEC) {
    dualgpu::wait_for_previous_grid();  // before any return, as launch_dependent asks
    return;
  }
  for (std::int64_t row = blockIdx.y; row < rows; row += gridDim.y) {
    T* out_row = out + row * d;
    const T* gate_row = x + row * 2 * d;
    const T* up_row = gate_row + d;
    row_split split{0, static_cast<int>(d / VEC), 0};
    if constexpr (PEEL) split = split_row<VEC>(out_row, static_cast<int>(d));
    dualgpu::wait_for_previous_grid();  // before the first access; returns at once from the second row on
    if (early_next) dualgpu::allow_next_grid();
    int edge = -1;  // this thread's edge value (PEEL), where it has one
    T edge_gate{}, edge_up{};
    auto load_edge = [&] {
      edge = split.edge_position<VEC>(c);
      edge_gate = gate_row[edge];
      edge_up = up_row[edge];
    };
    if (PEEL && c < split.edges) load_edge();  // with the vectors: one round trip
    if (c < split.chunks) {
      const std::int64_t i = split.head + static_cast<std::int64_t>(c) * VEC;
      aligned_vector<T, VEC> g, u;
      if constexpr (ONE_WAVE) {  // both rows' granules in flight together, then realigned
        const granules gate = load_granules(gate_row + i), up = load_granules(up_row + i);
        g = realign<VEC, T>(gate);
        u = realign<VEC, T>(up);
      } else {
        g = load_vector<VEC, PEEL>(gate_row + i);
        u = load_vector<VEC, PEEL>(up_row + i);
      }
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(silu_fast(to_float(g[j])) * to_float(u[j]));
      store_stream<VEC>(out_row + i, o);
    }
    if (edge >= 0) out_row[edge] = from_float<T>(silu_fast(to_float(edge_gate)) * to_float(edge_up));
  }
}

// float32 rows of an even width that 16-byte vectors do not divide (d % 4 == 2, every pointer 8-byte
// aligned), past one wave: four values a thread as two 8-byte vectors, as many bytes in flight a thread
// as the 16-byte kernel has (one vector a thread measured slower there; in one wave, faster: more
// threads, each with less to wait for). The row's last thread has two values: its second access is
// clamped onto its first (the same bytes loaded and stored twice), so nothing branches before the loads.
template <typename T>
__global__ void __launch_bounds__(256)
    silu_and_mul_pairs_kernel(T* __restrict__ out, const T* __restrict__ x, std::int64_t rows, std::int64_t d) {
  const std::int64_t first = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) * 4;
  if (first >= d) {
    dualgpu::wait_for_previous_grid();  // before any return, as launch_dependent asks
    return;
  }
  const std::int64_t second = first + 2 < d ? first + 2 : first;
  for (std::int64_t row = blockIdx.y; row < rows; row += gridDim.y) {
    const T* gate_row = x + row * 2 * d;
    const T* up_row = gate_row + d;
    T* out_row = out + row * d;
    dualgpu::wait_for_previous_grid();
    dualgpu::allow_next_grid();
    const aligned_vector<T, 2> g0 = load_stream<2>(gate_row + first), g1 = load_stream<2>(gate_row + second);
    const aligned_vector<T, 2> u0 = load_stream<2>(up_row + first), u1 = load_stream<2>(up_row + second);
    aligned_vector<T, 2> o0, o1;
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      o0[j] = from_float<T>(silu_fast(to_float(g0[j])) * to_float(u0[j]));
      o1[j] = from_float<T>(silu_fast(to_float(g1[j])) * to_float(u1[j]));
    }
    store_stream<2>(out_row + first, o0);
    store_stream<2>(out_row + second, o1);
  }
}

// Decode sizes: N values a thread (1 or 2), in blocks of 128, one row of blocks a grid line (rows <=
// SMs here). Such a call lasts as long as one thread's chain (parameters, loads, arithmetic, store), so
// nothing waits for the row width before the loads: each index is clamped into the row, and a thread
// past the row's end loads the row's last values and stores them again (the same bytes the thread that
// owns them stores). A branch on the width before the loads measured slower, and so did a store
// under a predicate, which nvcc turned into an exit ahead of the loads (float32); two
// values a thread as one access as fast as one value or faster, four or eight no faster
// (docs/benchmarks.md, "example-extension: decode-size silu_and_mul against torch.compile's own kernel"
// and "...: decode-size silu_and_mul's store with no predicate"). load_rounds.py checks the compiled code
// keeps no branch before the loads. WHOLE: the N values as one access (even widths, pointers aligned to
// N values); else value by value (any width, any offset).
template <typename T, int N, bool WHOLE>
__global__ void __launch_bounds__(128)
    silu_and_mul_small_kernel(T* __restrict__ out, const T* __restrict__ x, int d) {
  static_assert(N == 1 || N == 2, "one or two values a thread");
  const int first = (static_cast<int>(blockIdx.x) * 128 + static_cast<int>(threadIdx.x)) * N;
  const T* gate = x + static_cast<std::int64_t>(blockIdx.y) * 2 * d;
  const T* up = gate + d;
  T* out_row = out + static_cast<std::int64_t>(blockIdx.y) * d;
  int at[N];  // this thread's columns, clamped into the row
#pragma unroll
  for (int j = 0; j < N; ++j) at[j] = WHOLE ? min(first, d - N) + j : min(first + j, d - 1);
  dualgpu::wait_for_previous_grid();
  dualgpu::allow_next_grid();
  aligned_vector<T, N> g, u, o;
  if constexpr (WHOLE) {
    g = load_aligned<N>(gate + at[0]);
    u = load_aligned<N>(up + at[0]);
  } else {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      g[j] = gate[at[j]];
      u[j] = up[at[j]];
    }
  }
#pragma unroll
  for (int j = 0; j < N; ++j) o[j] = from_float<T>(silu_fast(to_float(g[j])) * to_float(u[j]));
  if constexpr (WHOLE) {
    store_aligned<N>(out_row + at[0], o);
  } else {
#pragma unroll
    for (int j = 0; j < N; ++j) out_row[at[j]] = o[j];
  }
}

// Scalar, any width: rows narrower than two vectors (PEEL needs one whole vector), rows of 2^31
// vectors or more, pointers not aligned to one value. One value per thread, silu() from rdc_helper.cu.
template <typename T>
__global__ void __launch_bounds__(256)
    silu_and_mul_scalar_kernel(T* __restrict__ out, const T* __restrict__ x, std::int64_t rows, std::int64_t d) {
  dualgpu::wait_for_previous_grid();
  for (std::int64_t row = blockIdx.y; row < rows; row += gridDim.y)
    for (std::int64_t c = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; c < d;
         c += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
      const T* gate = x + row * 2 * d + c;
      out[row * d + c] = from_float<T>(silu(to_float(gate[0])) * to_float(gate[d]));
    }
}

// Rows of at most this many vectors are narrow: one block a row, of the row's vectors in whole warps.
constexpr std::int64_t narrow_row_vectors = 128;
// Narrow aligned rows past this many rows let the next kernel in only as their blocks exit (`early_next`).
constexpr std::int64_t narrow_early_next_rows = 1024;

// One thread a vector. A narrow row: one block of its vectors in whole warps (32 threads on NVIDIA, where
// a row of 96 vectors in 96 threads measured faster than in 128; whole 64-wide waves on AMD). Blocks of
// 128 where blocks of 256 would leave SMs without one (decode sizes: a block's share of the row then
// arrives sooner). Otherwise a row's vectors are shared evenly among as few blocks of at most 256 as cover them, in
// whole 64-thread waves (threads_for: AMD's wave64, two NVIDIA warps): blocks of 256 would leave a row
// of 180 vectors (1440 bf16 values, a 2880-wide gate_up) with 76 idle threads a block, holding SM
// slots (docs/benchmarks.md, example-extension bandwidth: silu_and_mul 16384x2880).
int silu_block_threads(std::int64_t rows, std::int64_t vectors) {
  if (vectors <= narrow_row_vectors) {
#if defined(DUALGPU_PLATFORM_CUDA)
    return static_cast<int>(ceil_div(vectors, 32) * 32);
#else
    return threads_for(vectors);
#endif
  }
  const std::int64_t blocks = ceil_div(vectors, 256);
  if (rows * blocks < multiprocessors()) return 128;
  return threads_for(ceil_div(vectors, blocks));  // at most 256
}

// Values a thread for silu_and_mul_small_kernel: 2 as one access where the pointers and width allow it
// (`whole`), else 1 or 2 value by value, the fewer; 0 where none puts the call in at most one block of 128
// per SM (or the SM count is unknown): the vector kernels.
int small_values_per_thread(std::int64_t rows, std::int64_t d, bool whole) {
  const auto fits = [&](int n) { return rows * ceil_div(d, 128 * n) <= multiprocessors(); };
  if (whole) return fits(2) ? 2 : 0;
  for (int n = 1; n <= 2; ++n)
    if (fits(n)) return n;
  return 0;
}

// Unaligned rows that take the ONE_WAVE kernel however many waves their grid needs (its comment).
template <typename T>
constexpr bool granules_at_any_size() {
#if defined(DUALGPU_PLATFORM_CUDA)
  return sizeof(T) == 2;
#else
  return false;
#endif
}

dim3 silu_grid(std::int64_t rows, std::int64_t columns, int threads) {
  return dim3(static_cast<unsigned>(std::min(ceil_div(columns, threads), max_grid_rows)),
              static_cast<unsigned>(std::min(rows, max_grid_rows)));
}

template <typename T, int N, bool WHOLE>
dualgpu::error_t launch_small(T* out, const T* x, std::int64_t rows, std::int64_t d, dualgpu::stream_t stream) {
  const dim3 grid(static_cast<unsigned>(ceil_div(d, 128 * N)), static_cast<unsigned>(rows));
  return dualgpu::launch_dependent<silu_and_mul_small_kernel<T, N, WHOLE>>(grid, dim3(128), 0, stream, out, x,
                                                                          static_cast<int>(d));
}

// Rows that vectors of V values divide, every pointer aligned to them: no edges.
template <typename T, int V>
dualgpu::error_t launch_aligned(T* out, const T* x, std::int64_t rows, std::int64_t d, dualgpu::stream_t stream) {
  const std::int64_t vectors = d / V;
  const int threads = silu_block_threads(rows, vectors);
  const dim3 grid(static_cast<unsigned>(ceil_div(vectors, threads)),
                  static_cast<unsigned>(std::min(rows, max_grid_rows)));
  const bool early_next = vectors > narrow_row_vectors || rows <= narrow_early_next_rows;
  return dualgpu::launch_dependent<silu_and_mul_kernel<T, V, false>>(grid, dim3(threads), 0, stream, out, x, rows, d,
                                                                      early_next);
}

}  // namespace

dualgpu::error_t launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                                     dualgpu::stream_t stream) {
  if (rows == 0 || d == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    constexpr int vec = dualgpu::max_vector_size<T>;
    auto* o = static_cast<T*>(out);
    auto* in = static_cast<const T*>(x);
    const bool whole = can_vectorise<T, 2>(d, {out, x});
    switch (values_aligned<T>({out, x}) ? small_values_per_thread(rows, d, whole) : 0) {
      case 1: return launch_small<T, 1, false>(o, in, rows, d, stream);
      case 2: return whole ? launch_small<T, 2, true>(o, in, rows, d, stream)
                           : launch_small<T, 2, false>(o, in, rows, d, stream);
      default: break;
    }
    const std::int64_t vectors = d / vec;  // whole vectors: a PEEL row has at most as many
    const int threads = silu_block_threads(rows, vectors);
    const dim3 grid(static_cast<unsigned>(std::max<std::int64_t>(1, ceil_div(vectors, threads))),
                    static_cast<unsigned>(std::min(rows, max_grid_rows)));
    // A row of 2^31 vectors or more would overflow the column index.
    if (vectors < std::numeric_limits<int>::max() - threads) {
      // d % vec == 0 also aligns the second half.
      if (can_vectorise<T>(d, {out, x})) return launch_aligned<T, vec>(o, in, rows, d, stream);
      // float32 rows of an even width: 8-byte vectors, no edges (faster than 16-byte ones and edges).
      // One wave: one vector a thread, the most threads; past it, two (silu_and_mul_pairs_kernel).
      if constexpr (sizeof(T) == 4) {
        if (vectors < std::numeric_limits<int>::max() / 2 - threads && can_vectorise<T, vec / 2>(d, {out, x})) {
          const int t = silu_block_threads(rows, d / 2);
          if (fits_one_wave<silu_and_mul_kernel<T, vec / 2, false>>(ceil_div(d / 2, t) * rows, t))
            return launch_aligned<T, vec / 2>(o, in, rows, d, stream);
          const std::int64_t quads = ceil_div(d, 4);
          const int tq = silu_block_threads(rows, quads);
          return dualgpu::launch_dependent<silu_and_mul_pairs_kernel<T>>(
              dim3(static_cast<unsigned>(ceil_div(quads, tq)), grid_for(rows)), dim3(tq), 0, stream, o, in, rows, d);
        }
      }
      if (d >= 2 * vec - 1 && values_aligned<T>({out, x})) {
        const std::int64_t blocks = static_cast<std::int64_t>(grid.x) * rows;  // rows past grid.y: more waves
        if (granules_at_any_size<T>() || fits_one_wave<silu_and_mul_kernel<T, vec, true, true>>(blocks, threads))
          return dualgpu::launch_dependent<silu_and_mul_kernel<T, vec, true, true>>(grid, dim3(threads), 0, stream, o,
                                                                                   in, rows, d, true);
        return dualgpu::launch_dependent<silu_and_mul_kernel<T, vec, true>>(grid, dim3(threads), 0, stream, o, in,
                                                                           rows, d, true);
      }
    }
    return dualgpu::launch_dependent<silu_and_mul_scalar_kernel<T>>(silu_grid(rows, d, 256), dim3(256), 0,
                                                                    stream, o, in, rows, d);
  });
}

}  // namespace dualgpu_example
