// kernels.h: the torch-free interface between gpu_ops.cpp (torch) and the kernel files (GPU).
// Raw pointers, sizes and a stream only, so the .cu files never include torch and compile
// in seconds, with nvcc, with hipcc, or on a machine that has no GPU build of torch.
//
// Every launch_* is asynchronous on `stream` and returns the launch error (error_success when the
// launch was accepted); gpu_ops.cpp checks it with DUALGPU_CHECK. The kernel files do not check
// themselves: check.hpp's messages need <string>, which cost each kernel file ~0.9 s to compile.
#pragma once

#include "dualgpu/runtime.hpp"

#include <cstdint>

namespace dualgpu_example {

enum class scalar_kind { float32, float16, bfloat16 };

// Rows are contiguous, `hidden` values each.
// The norms have one kernel file per op and dtype (rms_norm_bf16.cu, ...): touching one rebuilds a
// sixth of the norm kernels, and nvcc compiles the six in parallel. Each file instantiates its
// launcher for one scalar_kind.
template <scalar_kind K>
struct rms_norm_launcher {
  static dualgpu::error_t launch(void* out, const void* x, const void* weight, float eps, std::int64_t rows,
                                 std::int64_t hidden, dualgpu::stream_t stream);
};
// residual = x + residual; x = rms_norm(residual) * weight, both in place.
template <scalar_kind K>
struct fused_add_rms_norm_launcher {
  static dualgpu::error_t launch(void* x, void* residual, const void* weight, float eps, std::int64_t rows,
                                 std::int64_t hidden, dualgpu::stream_t stream);
};

// Compiled in those files only: these declarations keep a file that sees the launchers' definitions
// (norm_kernels.cuh) from instantiating every dtype's kernels for the dispatch below.
extern template struct rms_norm_launcher<scalar_kind::float32>;
extern template struct rms_norm_launcher<scalar_kind::float16>;
extern template struct rms_norm_launcher<scalar_kind::bfloat16>;
extern template struct fused_add_rms_norm_launcher<scalar_kind::float32>;
extern template struct fused_add_rms_norm_launcher<scalar_kind::float16>;
extern template struct fused_add_rms_norm_launcher<scalar_kind::bfloat16>;

// Launcher<kind>::launch(args...), for a kind known at run time.
template <template <scalar_kind> class Launcher, typename... Args>
dualgpu::error_t launch_as(scalar_kind kind, Args... args) {
  switch (kind) {
    case scalar_kind::float32: return Launcher<scalar_kind::float32>::launch(args...);
    case scalar_kind::float16: return Launcher<scalar_kind::float16>::launch(args...);
    case scalar_kind::bfloat16: return Launcher<scalar_kind::bfloat16>::launch(args...);
  }
  return dualgpu::error_success;  // unreachable: every kind is handled
}

inline dualgpu::error_t launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows,
                                        std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream) {
  return launch_as<rms_norm_launcher>(kind, out, x, weight, eps, rows, hidden, stream);
}

inline dualgpu::error_t launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps,
                                                  std::int64_t rows, std::int64_t hidden, scalar_kind kind,
                                                  dualgpu::stream_t stream) {
  return launch_as<fused_add_rms_norm_launcher>(kind, x, residual, weight, eps, rows, hidden, stream);
}

// out[r, i] = silu(x[r, i]) * x[r, d + i], x has 2 * d values per row.
dualgpu::error_t launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                                     dualgpu::stream_t stream);

// NeoX-style rotation of the first rot_dim values of every head, in place. cos_sin_cache is
// [max_position, rot_dim]: rot_dim / 2 cosines then rot_dim / 2 sines.
dualgpu::error_t launch_rotary_embedding(const std::int64_t* positions, void* query, void* key,
                                         const void* cos_sin_cache, std::int64_t tokens, std::int64_t query_heads,
                                         std::int64_t key_heads, std::int64_t head_size, std::int64_t rot_dim,
                                         scalar_kind kind, dualgpu::stream_t stream);

}  // namespace dualgpu_example
