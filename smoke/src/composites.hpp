// Composite implementations that serve as float64 references, shared by the nn and LLM checks
// (defined in checks_nn.cpp).
#pragma once

#include <string>

#include "check_spec.hpp"

namespace dualgpu::smoke {

// "<what> needs libtorch >= <since> (this is <version>)": the skip reason of an operator this libtorch lacks.
std::string too_old(const char* what, const char* since);

// Hand-written attention in the input's dtype; also the float64 reference of every SDPA check.
at::Tensor attention_composite(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                               const at::Tensor& additive_mask, bool causal);

// x * rsqrt(mean(x^2) + eps) * weight over the last dimension.
at::Tensor rms_norm_composite(const at::Tensor& x, const at::Tensor& weight, double eps);

// A scaled_dot_product_attention check (skipped before libtorch 2.0) against attention_composite.
CheckSpec sdpa_check(const char* category, const char* name, std::vector<at::ScalarType> dtypes,
                     std::function<Tensors(const CheckContext&)> inputs, bool causal);

}  // namespace dualgpu::smoke
