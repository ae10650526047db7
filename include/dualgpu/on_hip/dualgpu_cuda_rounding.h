// dualgpu/on_hip/dualgpu_cuda_rounding.h: rounding an exact value to bfloat16 or half in each of
// CUDA's four modes (_rn, _rz, _rd, _ru), and a float to an integer type as CUDA's conversions
// saturate it. Plain constexpr arithmetic (no HIP header), so the CPU test checks it against long
// double (tests/porting/rounding_test.cpp); dualgpu_cuda_bf16_conversions.h and cuda_fp16.h give the
// CUDA names that no ROCm declares (__int2bfloat16_rd, __ull2bfloat16_rn, __double2half, ...).
#pragma once

#include <cstdint>

#include "dualgpu_cuda_plain_arithmetic.h"

namespace dualgpu {
namespace cuda_rounding {

enum class mode { nearest_even, toward_zero, down, up };

// A binary format with `digits` significant bits (with the implicit one) and normal exponents from
// `min_exponent` to `max_exponent`: bfloat16 is {8, -126, 127}, half is {11, -14, 15}.
struct format {
  int digits;
  int min_exponent;
  int max_exponent;
};
constexpr format bfloat16{8, -126, 127};
constexpr format half{11, -14, 15};

DUALGPU_CUDA_PLAIN_FN int bit_length(std::uint64_t m) {
  int n = 0;
  while (m) {
    ++n;
    m >>= 1;
  }
  return n;
}

// The bits of (-1)^negative * m * 2^e rounded to `f` by `how`: subnormals, and overflow to infinity
// or to the largest finite value as the mode says.
DUALGPU_CUDA_PLAIN_FN std::uint16_t bits_of_exact(format f, bool negative, std::uint64_t m, int e, mode how) {
  const int exponent_bits = 15 - (f.digits - 1);
  const std::uint16_t sign = negative ? 0x8000u : 0u;
  if (m == 0) return sign;
  int exponent = bit_length(m) - 1 + e;  // of the leading bit
  const bool normal = exponent >= f.min_exponent;
  const int last = (normal ? exponent : f.min_exponent) - (f.digits - 1);  // exponent of the last bit kept
  const int shift = last - e;  // bits of m below the last bit kept
  std::uint64_t kept = 0;
  bool above_half = false, at_half = false, below_half_nonzero = false;
  if (shift <= 0) {
    kept = m << -shift;
  } else if (shift > 64) {
    below_half_nonzero = true;
  } else {
    kept = shift == 64 ? 0 : m >> shift;
    const std::uint64_t rest = shift == 64 ? m : m & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half_way = std::uint64_t{1} << (shift - 1);
    above_half = rest > half_way;
    at_half = rest == half_way;
    below_half_nonzero = rest != 0 && rest < half_way;
  }
  const bool inexact = above_half || at_half || below_half_nonzero;
  bool round_up = false;  // away from zero
  switch (how) {
    case mode::nearest_even: round_up = above_half || (at_half && (kept & 1)); break;
    case mode::toward_zero: break;
    case mode::down: round_up = negative && inexact; break;
    case mode::up: round_up = !negative && inexact; break;
  }
  kept += round_up ? 1 : 0;
  const std::uint64_t implicit = std::uint64_t{1} << (f.digits - 1);
  if (!normal) return static_cast<std::uint16_t>(sign | kept);  // kept == implicit is the least normal
  if (kept == implicit << 1) {
    kept = implicit;
    ++exponent;
  }
  if (exponent > f.max_exponent) {
    const bool to_infinity = how == mode::nearest_even || (how == mode::up && !negative) || (how == mode::down && negative);
    const std::uint16_t infinity = static_cast<std::uint16_t>(((1u << exponent_bits) - 1) << (f.digits - 1));
    return static_cast<std::uint16_t>(sign | (to_infinity ? infinity : infinity - 1));
  }
  const unsigned biased = static_cast<unsigned>(exponent - f.min_exponent + 1);
  return static_cast<std::uint16_t>(sign | biased << (f.digits - 1) | (kept - implicit));
}

// A 64-bit integer, exactly.
DUALGPU_CUDA_PLAIN_FN std::uint16_t bits_of_integer(format f, bool negative, std::uint64_t magnitude, mode how) {
  return bits_of_exact(f, negative, magnitude, 0, how);
}

// A double, exactly (infinities and NaNs kept).
DUALGPU_CUDA_PLAIN_FN std::uint16_t bits_of_double(format f, std::uint64_t d, mode how) {
  const bool negative = d >> 63;
  const int biased = static_cast<int>((d >> 52) & 0x7ff);
  const std::uint64_t fraction = d & ((std::uint64_t{1} << 52) - 1);
  const int exponent_bits = 15 - (f.digits - 1);
  const std::uint16_t infinity = static_cast<std::uint16_t>(((1u << exponent_bits) - 1) << (f.digits - 1));
  if (biased == 0x7ff) {
    const std::uint16_t quiet = static_cast<std::uint16_t>(1u << (f.digits - 2));
    return static_cast<std::uint16_t>((negative ? 0x8000u : 0u) | infinity | (fraction ? quiet : 0u));
  }
  const std::uint64_t m = biased ? fraction | (std::uint64_t{1} << 52) : fraction;
  return bits_of_exact(f, negative, m, (biased ? biased : 1) - 1075, how);
}

// A float's value (already rounded to an integer, or NaN) to T as CUDA converts: NaN to 0 (to
// 0x8000000000000000 for 64-bit types), out-of-range values to T's nearest end.
template <typename T>
DUALGPU_CUDA_PLAIN_FN T saturate(float rounded) {
  constexpr bool is_signed = T(-1) < T(0);
  constexpr int bits = 8 * sizeof(T);
  if (rounded != rounded) return bits == 64 ? static_cast<T>(std::uint64_t{1} << 63) : T(0);
  constexpr double high = is_signed ? static_cast<double>(std::uint64_t{1} << (bits - 1)) : 2.0 * static_cast<double>(std::uint64_t{1} << (bits - 1));
  constexpr double low = is_signed ? -high : 0.0;
  if (rounded < low) return is_signed ? static_cast<T>(std::uint64_t{1} << (bits - 1)) : T(0);  // T's least
  if (rounded >= high) return static_cast<T>(is_signed ? (std::uint64_t{1} << (bits - 1)) - 1 : ~std::uint64_t{0});
  return static_cast<T>(rounded);
}

}  // namespace cuda_rounding
}  // namespace dualgpu
