// dualgpu/on_hip/dualgpu_cuda_narrow_float_bits.h: the arithmetic of the small sign/exponent/mantissa
// formats that CUDA's <cuda_fp8.h>, <cuda_fp6.h> and <cuda_fp4.h> convert to (E4M3, E5M2, E3M2, E2M3,
// E2M1): one descriptor per format and one rounding routine for all of them, from the exact value of an
// IEEE float, double, half or bfloat16, and back to half, which holds every value of these formats
// exactly. What each header does with NaN, infinity and overflow is its own rule, on top of this
// (dualgpu_cuda_fp8_bits.h, dualgpu_cuda_fp6_fp4_bits.h). Plain constexpr arithmetic (no HIP header),
// so the table programs check it on the CPU against NVIDIA's headers (tests/porting/fp8_table.cpp,
// tests/porting/fp6_fp4_table.cpp).
#pragma once

#include <cstdint>

#include "dualgpu_cuda_plain_arithmetic.h"
#include "dualgpu_cuda_rounding.h"

namespace dualgpu {
namespace narrow_float {

// A sign bit on top of `exponent_bits` and `mantissa_bits`, IEEE-style (implicit leading one, subnormals
// at the smallest exponent field). The special values are where the format has them: with NaN and
// infinity (E5M2) the largest exponent field is IEEE's; with NaN only (E4M3) the all-ones magnitude is
// NaN; with neither (the FP6 and FP4 formats) every pattern is a number.
struct format {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  bool has_infinity;
  bool has_nan;
};

DUALGPU_CUDA_PLAIN_FN std::uint8_t magnitude_mask(format f) {
  return static_cast<std::uint8_t>((1u << (f.exponent_bits + f.mantissa_bits)) - 1);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t sign_bit(format f) {
  return static_cast<std::uint8_t>(1u << (f.exponent_bits + f.mantissa_bits));
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t infinity_bits(format f) {
  return static_cast<std::uint8_t>(((1u << f.exponent_bits) - 1) << f.mantissa_bits);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t largest(format f) {
  if (f.has_infinity) return static_cast<std::uint8_t>(infinity_bits(f) - 1);
  return static_cast<std::uint8_t>(magnitude_mask(f) - (f.has_nan ? 1 : 0));
}
// What a value past the largest finite one becomes without saturation: infinity, else NaN, else (no
// special values at all) the largest.
DUALGPU_CUDA_PLAIN_FN std::uint8_t overflow_bits(format f) {
  return f.has_infinity ? infinity_bits(f) : f.has_nan ? magnitude_mask(f) : largest(f);
}

// The two modes CUDA's conversions to these formats take.
enum class rounding { nearest_even, toward_zero };

// (-1)^negative * m * 2^e (m > 0) rounded in `f`: past the largest finite value, that value when
// `saturate`, else overflow_bits.
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_exact(format f, bool negative, std::uint64_t m, int e, rounding how, bool saturate) {
  const std::uint8_t sign = negative ? sign_bit(f) : 0;
  const int lead = cuda_rounding::bit_length(m) - 1 + e;  // exponent of the leading bit
  const int min_exponent = 1 - f.bias;
  const int scale = lead > min_exponent ? lead : min_exponent;  // subnormals share the smallest normal scale
  const int last = scale - f.mantissa_bits;                     // exponent of the last bit kept
  const int shift = last - e;                                   // bits of m below it
  std::uint64_t kept = 0;
  if (shift <= 0) {
    kept = m << -shift;  // a short m (an integer): nothing to round
  } else if (shift < 64) {
    kept = m >> shift;
    const std::uint64_t rest = m & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half_way = std::uint64_t{1} << (shift - 1);
    if (how == rounding::nearest_even && (rest > half_way || (rest == half_way && (kept & 1)))) ++kept;
  }  // else m, at most 53 bits here, lies below half the least subnormal: zero either way
  // kept counts units of 2^last: below 2^mantissa_bits it is a subnormal's bits as they stand, and a
  // carry past 2^(mantissa_bits + 1) moves into the exponent field by itself.
  const std::int64_t bits =
      (static_cast<std::int64_t>(scale - min_exponent) << f.mantissa_bits) + static_cast<std::int64_t>(kept);
  if (bits > largest(f)) return static_cast<std::uint8_t>(sign | (saturate ? largest(f) : overflow_bits(f)));
  return static_cast<std::uint8_t>(sign | bits);
}

// An IEEE binary number read from its bits: its class, sign and, when finite, its value m * 2^e
// (m == 0 for a zero).
struct ieee_value {
  bool negative;
  bool nan;
  bool infinity;
  std::uint64_t m;
  int e;
};
DUALGPU_CUDA_PLAIN_FN ieee_value read_ieee(std::uint64_t x, int mantissa_bits, int exponent_bits) {
  const bool negative = (x >> (mantissa_bits + exponent_bits)) & 1;
  const std::uint64_t max_field = (std::uint64_t{1} << exponent_bits) - 1;
  const std::uint64_t field = (x >> mantissa_bits) & max_field;
  const std::uint64_t mantissa = x & ((std::uint64_t{1} << mantissa_bits) - 1);
  if (field == max_field) return ieee_value{negative, mantissa != 0, mantissa == 0, 0, 0};
  const int bias = static_cast<int>(max_field >> 1);
  const std::uint64_t m = field == 0 ? mantissa : mantissa | (std::uint64_t{1} << mantissa_bits);
  return ieee_value{negative, false, false, m, (field == 0 ? 1 : static_cast<int>(field)) - bias - mantissa_bits};
}
DUALGPU_CUDA_PLAIN_FN ieee_value read_float(std::uint32_t x) { return read_ieee(x, 23, 8); }
DUALGPU_CUDA_PLAIN_FN ieee_value read_double(std::uint64_t x) { return read_ieee(x, 52, 11); }
DUALGPU_CUDA_PLAIN_FN ieee_value read_half(std::uint16_t x) { return read_ieee(x, 10, 5); }
DUALGPU_CUDA_PLAIN_FN ieee_value read_bfloat16(std::uint16_t x) { return read_ieee(x, 7, 8); }

// The half with the value of `x` in `f` (bits above the format's ignored, as CUDA ignores them): exact,
// every such value is a half. NaN is 0x7FFF, CUDA's canonical half NaN, whatever its sign.
DUALGPU_CUDA_PLAIN_FN std::uint16_t half_bits_of(format f, std::uint8_t x) {
  const std::uint8_t magnitude = x & magnitude_mask(f);
  const bool negative = (x & sign_bit(f)) != 0;
  if (f.has_infinity && magnitude >= infinity_bits(f)) {
    return magnitude == infinity_bits(f) ? static_cast<std::uint16_t>((negative ? 0x8000u : 0u) | 0x7C00u)
                                         : std::uint16_t{0x7FFF};
  }
  if (f.has_nan && magnitude == magnitude_mask(f)) return 0x7FFF;
  const int field = magnitude >> f.mantissa_bits;
  const std::uint64_t mantissa = magnitude & ((1u << f.mantissa_bits) - 1);
  const std::uint64_t m = field == 0 ? mantissa : mantissa | (std::uint64_t{1} << f.mantissa_bits);
  const int e = (field == 0 ? 1 : field) - f.bias - f.mantissa_bits;
  return cuda_rounding::bits_of_exact(cuda_rounding::half, negative, m, e, cuda_rounding::mode::nearest_even);
}

}  // namespace narrow_float
}  // namespace dualgpu
