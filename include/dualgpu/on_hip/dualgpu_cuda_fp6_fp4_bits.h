// dualgpu/on_hip/dualgpu_cuda_fp6_fp4_bits.h: the bits of CUDA's FP6 and FP4 formats (<cuda_fp6.h>,
// <cuda_fp4.h>), computed as NVIDIA's headers define them, from the bits of a float, double, half or
// bfloat16. Plain constexpr arithmetic (no HIP header), checked on the CPU against NVIDIA's own headers
// (tests/porting/fp6_fp4_table.cpp); cuda_fp6.h and cuda_fp4.h give the CUDA names on top.
//
// E2M3 (bias 1, largest 7.5), E3M2 (bias 3, largest 28) and E2M1 (bias 1, largest 6), the OCP MX
// formats: no infinity, no NaN. NVIDIA's rule for all three: rounding to nearest even for
// cudaRoundNearest, toward zero for any other mode (CUDA asserts it is cudaRoundZero); always
// saturating, an infinity to the largest value with its sign, and a NaN to the largest positive one.
// A result has the format's width: the sign at bit 5 (FP6) or bit 3 (FP4), the bits above it zero.
#pragma once

#include <cstdint>

#include "dualgpu_cuda_narrow_float_bits.h"
#include "dualgpu_cuda_plain_arithmetic.h"

namespace dualgpu {
namespace cuda_fp6_fp4 {

using narrow_float::format;
constexpr format e2m3{2, 3, 1, false, false};
constexpr format e3m2{3, 2, 3, false, false};
constexpr format e2m1{2, 1, 1, false, false};

DUALGPU_CUDA_PLAIN_FN std::uint8_t of_value(format f, narrow_float::ieee_value v, bool nearest) {
  if (v.nan) return narrow_float::largest(f);
  const std::uint8_t sign = v.negative ? narrow_float::sign_bit(f) : 0;
  if (v.infinity) return static_cast<std::uint8_t>(sign | narrow_float::largest(f));
  if (v.m == 0) return sign;
  return narrow_float::of_exact(f, v.negative, v.m, v.e,
                                nearest ? narrow_float::rounding::nearest_even : narrow_float::rounding::toward_zero, true);
}

DUALGPU_CUDA_PLAIN_FN std::uint8_t of_float_bits(format f, std::uint32_t x, bool nearest) {
  return of_value(f, narrow_float::read_float(x), nearest);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_double_bits(format f, std::uint64_t x, bool nearest) {
  return of_value(f, narrow_float::read_double(x), nearest);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_half_bits(format f, std::uint16_t x, bool nearest) {
  return of_value(f, narrow_float::read_half(x), nearest);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_bfloat16_bits(format f, std::uint16_t x, bool nearest) {
  return of_value(f, narrow_float::read_bfloat16(x), nearest);
}

// The half with the value of an FP6 or FP4 number (exact; the bits above the format ignored).
using narrow_float::half_bits_of;

}  // namespace cuda_fp6_fp4
}  // namespace dualgpu
