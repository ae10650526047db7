// Compares a device output with its float64 CPU reference. The error is normwise:
// max |out - ref| / max |ref| over the finite reference values, so it reads the same for a loss
// (one number) and a 16M-element activation; a NaN or Inf where the reference is finite fails.
#pragma once

#include <ATen/ATen.h>

#include <sstream>
#include <string>

namespace dualgpu::smoke {

struct Comparison {
  bool ok = false;
  double error = -1;
  std::string why;  // empty when ok
};

// Tolerance for the normwise error, by dtype: a few units in the last place after fp32 accumulation.
inline double tolerance_for(at::ScalarType dtype) {
  switch (dtype) {
    case at::kHalf: return 1e-2;      // 10-bit mantissa
    case at::kBFloat16: return 3e-2;  // 7-bit mantissa
    default: return 1e-4;             // float32
  }
}

// TF32 has fp16's 10-bit mantissa: when cuDNN/cuBLAS may use it for fp32, the fp32 result is TF32-accurate.
constexpr double kTf32Tolerance = 5e-3;

// CPU matrix and convolution kernels in bf16 may keep their partial sums in bf16 (torch 1.13's generic
// CPU path does: 0.015 normwise over 128 terms, up to 0.06 over 2048), so their error grows with the
// sum's length; a wrong kernel is off by about 1, far above this.
constexpr double kCpuBf16SumTolerance = 1e-1;

inline std::string shape_string(const at::Tensor& t) {
  std::ostringstream s;
  s << t.sizes();
  return s.str();
}

inline Comparison compare_with_reference(const at::Tensor& output, const at::Tensor& reference, double tolerance) {
  Comparison c;
  if (output.sizes() != reference.sizes()) {
    c.why = "shape " + shape_string(output) + " differs from the reference's " + shape_string(reference);
    return c;
  }
  auto out = output.detach().to(at::kCPU, at::kDouble);
  auto ref = reference.to(at::kDouble);
  auto finite = at::isfinite(ref);
  at::Tensor out_finite = out, ref_finite = ref;
  if (!finite.all().item<bool>()) {  // the usual case skips these copies
    // Where the reference is +-inf (masked scores), the output must be the same inf.
    if (!at::equal(out.masked_select(~finite), ref.masked_select(~finite))) {
      c.why = "infinite reference values not reproduced";
      return c;
    }
    out_finite = out.masked_select(finite);
    ref_finite = ref.masked_select(finite);
  }
  if (out_finite.numel() == 0) {
    c.ok = true;
    c.error = 0;
    return c;
  }
  if (!at::isfinite(out_finite).all().item<bool>()) {
    c.why = "NaN or Inf in the output where the reference is finite";
    return c;
  }
  const double scale = std::max(ref_finite.abs().max().item<double>(), 1e-30);
  c.error = (out_finite - ref_finite).abs().max().item<double>() / scale;
  c.ok = c.error <= tolerance;
  if (!c.ok) {
    std::ostringstream s;
    s << "wrong values: normwise error " << c.error << " > tolerance " << tolerance;
    c.why = s.str();
  }
  return c;
}

}  // namespace dualgpu::smoke
