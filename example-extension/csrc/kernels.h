// kernels.h: the torch-free interface between ops.cpp (torch) and the kernel files (GPU).
// Raw pointers, sizes and a stream only, so the .cu files never include torch and compile
// in seconds, with nvcc, with hipcc, or on a machine that has no GPU build of torch.
#pragma once

#include "dualgpu/runtime.hpp"

#include <cstdint>

namespace dualgpu_example {

enum class scalar_kind { float32, float16, bfloat16 };

// Rows are contiguous, `hidden` values each. All launches are asynchronous on `stream`.
void launch_rms_norm(void* out, const void* x, const void* weight, float eps, std::int64_t rows,
                     std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream);

// residual = x + residual; x = rms_norm(residual) * weight, both in place.
void launch_fused_add_rms_norm(void* x, void* residual, const void* weight, float eps, std::int64_t rows,
                               std::int64_t hidden, scalar_kind kind, dualgpu::stream_t stream);

// out[r, i] = silu(x[r, i]) * x[r, d + i], x has 2 * d values per row.
void launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                         dualgpu::stream_t stream);

// NeoX-style rotation of the first rot_dim values of every head, in place. cos_sin_cache is
// [max_position, rot_dim]: rot_dim / 2 cosines then rot_dim / 2 sines.
void launch_rotary_embedding(const std::int64_t* positions, void* query, void* key, const void* cos_sin_cache,
                             std::int64_t tokens, std::int64_t query_heads, std::int64_t key_heads,
                             std::int64_t head_size, std::int64_t rot_dim, scalar_kind kind,
                             dualgpu::stream_t stream);

}  // namespace dualgpu_example
