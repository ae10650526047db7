// silu_and_mul.cu: the SwiGLU gate, out = silu(gate) * up (CUDA spelling; HIP on ROCm). The
// previous kernel calls silu() from rdc_helper.cu, so this file needs relocatable device code.
#include "launch_common.cuh"
#include "rdc_helper.cuh"

namespace dualgpu_example {
namespace {

using namespace detail;
using dualgpu::aligned_vector;

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

}  // namespace dualgpu_example
