// dualgpu/on_hip/dualgpu_cuda_fp8_bits.h: the bits of CUDA's FP8 formats (<cuda_fp8.h>), computed as
// CUDA defines them, from the bits of a float, double, half or bfloat16, and back. Plain constexpr
// arithmetic (no HIP header), so one table program is checked on the CPU against NVIDIA's own header
// (tests/porting/fp8_table.cpp); cuda_fp8.h gives the CUDA names on top.
//
// E4M3 (bias 7, largest 448, no infinity, NaN S.1111.111) and E5M2 (bias 15, largest 57344, infinity
// S.11111.00, NaN 0x7F), the OCP formats NVIDIA uses; not AMD's FNUZ variants (gfx942's native ones,
// which encode other values). Rounding to nearest even (dualgpu_cuda_narrow_float_bits.h); past the
// largest finite value, __NV_SATFINITE gives that value (infinity too), __NV_NOSAT gives NaN (E4M3) or
// infinity (E5M2). A NaN gives 0x7F; from a double, with its sign, and in E5M2 0x7E with the second
// leading bit of its mantissa as the last bit (a signalling NaN too), as NVIDIA's header does.
//
// E8M0 (CUDA 12.8's scale factor of the MX formats) is a bare exponent, not a case of the rounding above:
// 2^(x - 127) for every byte but 0xFF, which is NaN; no sign, no zero, no subnormal.
#pragma once

#include <cstdint>

#include "dualgpu_cuda_narrow_float_bits.h"
#include "dualgpu_cuda_plain_arithmetic.h"
#include "dualgpu_cuda_rounding.h"

namespace dualgpu {
namespace cuda_fp8 {

using narrow_float::format;
constexpr format e4m3{4, 3, 7, false, true};
constexpr format e5m2{5, 2, 15, true, true};
constexpr std::uint8_t nan_bits = 0x7F;

DUALGPU_CUDA_PLAIN_FN std::uint8_t of_value(format f, narrow_float::ieee_value v, bool saturate) {
  if (v.nan) return nan_bits;
  const std::uint8_t sign = v.negative ? 0x80 : 0;
  if (v.infinity) return static_cast<std::uint8_t>(sign | (saturate ? narrow_float::largest(f) : narrow_float::overflow_bits(f)));
  if (v.m == 0) return sign;
  return narrow_float::of_exact(f, v.negative, v.m, v.e, narrow_float::rounding::nearest_even, saturate);
}

DUALGPU_CUDA_PLAIN_FN std::uint8_t of_float_bits(format f, std::uint32_t x, bool saturate) {
  return of_value(f, narrow_float::read_float(x), saturate);
}
// CUDA's double conversion keeps a NaN's sign, and in E5M2 ORs its two leading mantissa bits into 0x7E.
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_double_bits(format f, std::uint64_t x, bool saturate) {
  if ((x & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
    return static_cast<std::uint8_t>(((x >> 56) & 0x80) | (f.has_infinity ? 0x7E | ((x >> 50) & 3) : 0x7F));
  return of_value(f, narrow_float::read_double(x), saturate);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_half_bits(format f, std::uint16_t x, bool saturate) {
  return of_value(f, narrow_float::read_half(x), saturate);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t of_bfloat16_bits(format f, std::uint16_t x, bool saturate) {
  return of_value(f, narrow_float::read_bfloat16(x), saturate);
}

// The half with the value of an FP8 number (every one is a half, exactly); NaN is 0x7FFF.
using narrow_float::half_bits_of;

// E8M0 from a value: its magnitude rounded to a power of two, toward zero or up (CUDA's two modes for
// it); below 2^-127 (zero too) clipped to 2^-127, the smallest (0x00); past 2^127 (infinity too) 2^127
// (0xFE) when saturating, else NaN (0xFF). NaN gives 0xFF.
DUALGPU_CUDA_PLAIN_FN std::uint8_t e8m0_of_value(narrow_float::ieee_value v, bool up, bool saturate) {
  if (v.nan) return 0xFF;
  if (v.infinity) return saturate ? 0xFE : 0xFF;
  if (v.m == 0) return 0x00;
  int exponent = cuda_rounding::bit_length(v.m) - 1 + v.e;
  if (up && (v.m & (v.m - 1)) != 0) ++exponent;  // not a power of two
  if (exponent < -127) return 0x00;
  if (exponent > 127) return saturate ? 0xFE : 0xFF;
  return static_cast<std::uint8_t>(exponent + 127);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t e8m0_of_float_bits(std::uint32_t x, bool up, bool saturate) {
  return e8m0_of_value(narrow_float::read_float(x), up, saturate);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t e8m0_of_bfloat16_bits(std::uint16_t x, bool up, bool saturate) {
  return e8m0_of_value(narrow_float::read_bfloat16(x), up, saturate);
}
DUALGPU_CUDA_PLAIN_FN std::uint8_t e8m0_of_half_bits(std::uint16_t x, bool up, bool saturate) {
  return e8m0_of_value(narrow_float::read_half(x), up, saturate);
}
// CUDA narrows a double to float first, rounding to odd (which keeps all the power-of-two rounding
// needs), so a finite double past float's range is float's largest: 2^127 toward zero even without
// saturation, where an infinity gives NaN.
DUALGPU_CUDA_PLAIN_FN std::uint8_t e8m0_of_double_bits(std::uint64_t x, bool up, bool saturate) {
  narrow_float::ieee_value v = narrow_float::read_double(x);
  if (!v.nan && !v.infinity && v.m != 0 && cuda_rounding::bit_length(v.m) - 1 + v.e > 127) {
    v.m = 0xFFFFFF;  // float's largest, (2^24 - 1) * 2^104
    v.e = 104;
  }
  return e8m0_of_value(v, up, saturate);
}
// An integer's magnitude, exactly (CUDA's constructors from 64-bit integers round up through bfloat16,
// which lands on the same power of two).
DUALGPU_CUDA_PLAIN_FN std::uint8_t e8m0_of_integer(std::uint64_t magnitude, bool up, bool saturate) {
  return e8m0_of_value(narrow_float::ieee_value{false, false, false, magnitude, 0}, up, saturate);
}

// The bfloat16 with the value of an E8M0 byte (every one is a bfloat16, 2^-127 a subnormal); NaN is 0x7FFF.
DUALGPU_CUDA_PLAIN_FN std::uint16_t e8m0_bfloat16_bits(std::uint8_t x) {
  return x == 0xFF ? std::uint16_t{0x7FFF} : x == 0 ? std::uint16_t{0x0040} : static_cast<std::uint16_t>(x << 7);
}

}  // namespace cuda_fp8
}  // namespace dualgpu
