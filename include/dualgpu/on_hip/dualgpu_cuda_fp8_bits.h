// dualgpu/on_hip/dualgpu_cuda_fp8_bits.h: the bits of CUDA's two FP8 formats (<cuda_fp8.h>), computed as
// CUDA defines them, from the bits of a float, double, half or bfloat16 and back to half. Plain constexpr
// arithmetic (no HIP header), so one table program is checked on the CPU against NVIDIA's own header
// (tests/porting/fp8_table.cpp); cuda_fp8.h gives the CUDA names on top.
//
// E4M3 (bias 7, largest 448, no infinity, NaN S.1111.111) and E5M2 (bias 15, largest 57344, infinity
// S.11111.00, NaN 0x7F), the OCP formats NVIDIA uses; not AMD's FNUZ variants (gfx942's native ones,
// which encode other values). Rounding to nearest even; past the largest finite value, __NV_SATFINITE
// gives that value (infinity too), __NV_NOSAT gives NaN (E4M3) or infinity (E5M2). A NaN gives 0x7F,
// from a double with its sign and, in E5M2, its two leading mantissa bits, as NVIDIA's header does.
#pragma once

#include <cstdint>

#include "dualgpu_cuda_plain_arithmetic.h"
#include "dualgpu_cuda_rounding.h"

namespace dualgpu {
namespace cuda_fp8 {

struct format {
  int mantissa_bits;
  int bias;
  std::uint8_t largest;  // bits of the largest finite value
  std::uint8_t overflow;  // what __NV_NOSAT gives past it: NaN (E4M3) or infinity (E5M2)
};
constexpr format e4m3{3, 7, 0x7E, 0x7F};
constexpr format e5m2{2, 15, 0x7B, 0x7C};
constexpr std::uint8_t nan_bits = 0x7F;

// (-1)^negative * m * 2^e (m > 0) rounded to nearest even in `f`.
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_exact(format f, bool negative, std::uint64_t m, int e, bool saturate) {
  const std::uint8_t sign = negative ? 0x80 : 0;
  const int lead = cuda_rounding::bit_length(m) - 1 + e;  // exponent of the leading bit
  const int min_exponent = 1 - f.bias;
  const int scale = lead > min_exponent ? lead : min_exponent;  // subnormals share the smallest normal scale
  const int last = scale - f.mantissa_bits;                     // exponent of the last bit kept
  const int shift = last - e;                                   // bits of m below it
  std::uint64_t kept = 0;
  if (shift <= 0) {
    kept = m << -shift;  // only for a 64-bit m far below the range: cannot happen with these inputs
  } else if (shift < 64) {
    kept = m >> shift;
    const std::uint64_t rest = m & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half_way = std::uint64_t{1} << (shift - 1);
    if (rest > half_way || (rest == half_way && (kept & 1))) ++kept;
  }
  // kept counts units of 2^last: below 2^mantissa_bits it is a subnormal's bits as they stand, and a
  // carry past 2^(mantissa_bits + 1) moves into the exponent field by itself.
  const std::int64_t bits = (static_cast<std::int64_t>(scale - min_exponent) << f.mantissa_bits) + static_cast<std::int64_t>(kept);
  if (bits > f.largest) return sign | (saturate ? f.largest : f.overflow);
  return sign | static_cast<std::uint8_t>(bits);
}

// From an IEEE binary format of `mantissa_bits` and `exponent_bits`, given its bits (sign at the top).
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_ieee(format f, std::uint64_t x, int mantissa_bits, int exponent_bits, bool saturate) {
  const bool negative = (x >> (mantissa_bits + exponent_bits)) & 1;
  const std::uint64_t max_field = (std::uint64_t{1} << exponent_bits) - 1;
  const std::uint64_t field = (x >> mantissa_bits) & max_field;
  const std::uint64_t mantissa = x & ((std::uint64_t{1} << mantissa_bits) - 1);
  const std::uint8_t sign = negative ? 0x80 : 0;
  if (field == max_field) {
    if (mantissa != 0) return nan_bits;
    return sign | (saturate ? f.largest : f.overflow);
  }
  const int bias = static_cast<int>(max_field >> 1);
  if (field == 0 && mantissa == 0) return sign;
  const std::uint64_t m = field == 0 ? mantissa : mantissa | (std::uint64_t{1} << mantissa_bits);
  const int e = (field == 0 ? 1 : static_cast<int>(field)) - bias - mantissa_bits;
  return of_exact(f, negative, m, e, saturate);
}

DUALGPU_CUDA_PLAIN_FN std::uint8_t of_float_bits(format f, std::uint32_t x, bool saturate) {
  return of_ieee(f, x, 23, 8, saturate);
}
// CUDA's double conversion keeps a NaN's sign, and in E5M2 its two leading mantissa bits.
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_double_bits(format f, std::uint64_t x, bool saturate) {
  if ((x & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
    return static_cast<std::uint8_t>(((x >> 56) & 0x80) | (f.mantissa_bits == 2 ? 0x7C | ((x >> 50) & 3) : 0x7F));
  return of_ieee(f, x, 52, 11, saturate);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_half_bits(format f, std::uint16_t x, bool saturate) {
  return of_ieee(f, x, 10, 5, saturate);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_bfloat16_bits(format f, std::uint16_t x, bool saturate) {
  return of_ieee(f, x, 7, 8, saturate);
}

// The half with the value of an FP8 number (every one is a half, exactly); NaN is 0x7FFF.
DUALGPU_CUDA_PLAIN_FN std::uint16_t half_bits_of(format f, std::uint8_t x) {
  const std::uint16_t sign = static_cast<std::uint16_t>((x & 0x80) << 8);
  const std::uint8_t magnitude = x & 0x7F;
  if (f.mantissa_bits == 2) {  // E5M2 is the top byte of a half
    return (magnitude > 0x7C) ? std::uint16_t{0x7FFF} : static_cast<std::uint16_t>(x << 8);
  }
  if (magnitude == 0x7F) return 0x7FFF;
  if (magnitude == 0) return sign;
  int field = magnitude >> 3;
  std::uint16_t mantissa = magnitude & 0x7;
  if (field == 0) {  // subnormal E4M3: a normal half
    int e = 1 - 7;
    while (!(mantissa & 0x8)) {
      mantissa = static_cast<std::uint16_t>(mantissa << 1);
      --e;
    }
    return static_cast<std::uint16_t>(sign | ((e + 15) << 10) | ((mantissa & 0x7) << 7));
  }
  return static_cast<std::uint16_t>(sign | ((field - 7 + 15) << 10) | (mantissa << 7));
}

}  // namespace cuda_fp8
}  // namespace dualgpu
