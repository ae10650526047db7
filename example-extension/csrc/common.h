// common.h: what the ops' torch side (csrc/<op>.cpp) shares: input checks that raise a torch error
// naming the argument, the scalar_kind of a tensor, and the checks decode_step reuses from the ops it
// chains. Only <ATen/core/Tensor.h>: every op file that includes this stays light to compile.
#pragma once

#include "scalar_kind.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <utility>

namespace dualgpu_example {

// ---- common.cpp --------------------------------------------------------------------------------
// float32, float16 or bfloat16, contiguous.
void check_float_tensor(const at::Tensor& t, const char* name);
// check_float_tensor, and ref's device and dtype.
void check_like(const at::Tensor& t, const char* name, const at::Tensor& ref, const char* ref_name);
// The product of all but the last dimension (right also when the last one is 0).
int64_t leading_rows(const at::Tensor& t);
// The kernels' dtype for a tensor that passed check_float_tensor.
scalar_kind kind_of(const at::Tensor& t);

// ---- defined by the op files, reused by decode_step.cpp --------------------------------------------
void check_norm_inputs(const at::Tensor& x, const at::Tensor& weight);  // rms_norm.cpp
void check_silu_and_mul_input(const at::Tensor& x);                      // silu_and_mul.cpp
// rotary_embedding.cpp; returns the head counts of query and key.
std::pair<int64_t, int64_t> check_rotary_inputs(const at::Tensor& positions, const at::Tensor& query,
                                                const at::Tensor& key, int64_t head_size,
                                                const at::Tensor& cos_sin_cache);
// rms_norm.cpp: the norm in float32 of float32 rows (the CPU kernels of both norms).
at::Tensor rms_norm_float(const at::Tensor& xf, const at::Tensor& weight, double eps);

}  // namespace dualgpu_example
