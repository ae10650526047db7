// dualgpu/on_hip/dualgpu_cuda_simd_lanes.h: CUDA's SIMD intrinsics on a 32-bit word (__vadd4,
// __vabsdiffu4, __vcmpgts2, __vsadu4, ...) and its packed dot products (__dp4a, __dp2a_lo/hi), as
// plain constexpr arithmetic per lane (no HIP header), so every lane rule is tested on the CPU
// (tests/porting/simd_lanes_test.cpp). HIP declares none of them (ROCm 5.2 and 6.4);
// dualgpu_cuda_simd.h gives them their CUDA names.
//
// The dot products are written as the sum of four (two) products of sign-extended lanes: newer
// LLVM (ROCm 6.4's clang 21) selects the target's v_dot4 for that pattern wherever the target has
// one, and multiply-adds elsewhere, so no per-target code is needed (docs/porting.md has the figures).
#pragma once

#include <cstdint>

#include "dualgpu_cuda_plain_arithmetic.h"

namespace dualgpu {
namespace cuda_simd {

// A 32-bit word as 32/Bits lanes: Bits = 8 for CUDA's "4" functions, 16 for its "2" functions.
template <int Bits>
struct lanes {
  static constexpr int count = 32 / Bits;
  static constexpr unsigned mask = (1u << Bits) - 1u;
  static constexpr int signed_max = (1 << (Bits - 1)) - 1;
  static constexpr int signed_min = -(1 << (Bits - 1));
  static constexpr int unsigned_max = static_cast<int>(mask);

  static DUALGPU_CUDA_PLAIN_FN int as_unsigned(unsigned word, int lane) {
    return static_cast<int>((word >> (lane * Bits)) & mask);
  }
  // A sign extension the compiler recognises (the lane's top bit shifted to bit 31, then back),
  // so the dot products below still match the target's dot instructions.
  static DUALGPU_CUDA_PLAIN_FN int as_signed(unsigned word, int lane) {
    return static_cast<int>(word << (32 - (lane + 1) * Bits)) >> (32 - Bits);
  }
};

DUALGPU_CUDA_PLAIN_FN int clamp(int v, int low, int high) { return v < low ? low : (v > high ? high : v); }
DUALGPU_CUDA_PLAIN_FN int magnitude(int v) { return v < 0 ? -v : v; }

// What one lane of the result is, from the lanes of a and b read signed (sa, sb) and unsigned (ua, ub).
// "wrap" results keep the low Bits bits; "sat" ones clamp to the lane's range, as CUDA's "ss"
// (signed saturation) and "us" (unsigned saturation) functions do.
enum class lane_op {
  add,          // __vadd:   a + b, wrapping
  sub,          // __vsub:   a - b, wrapping
  add_sat_s,    // __vaddss
  add_sat_u,    // __vaddus
  sub_sat_s,    // __vsubss
  sub_sat_u,    // __vsubus
  avg_s,        // __vavgs:  rounded half away from zero, as CUDA's (a + b < 0 ? (a + b) >> 1 : (a + b + 1) >> 1)
  avg_u,        // __vavgu:  (a + b + 1) >> 1
  half_add_u,   // __vhaddu: (a + b) >> 1
  abs_diff_s,   // __vabsdiffs: |a - b| of signed lanes, as an unsigned lane
  abs_diff_u,   // __vabsdiffu
  max_s,
  max_u,
  min_s,
  min_u,
  abs,          // __vabs:   |a|, wrapping (the most negative lane stays itself)
  abs_sat,      // __vabsss: |a|, saturated
  neg,          // __vneg:   -a, wrapping
  neg_sat,      // __vnegss: -a, saturated
};

template <int Bits>
DUALGPU_CUDA_PLAIN_FN int one_lane(lane_op op, int sa, int sb, int ua, int ub) {
  using L = lanes<Bits>;
  switch (op) {
    case lane_op::add: return ua + ub;
    case lane_op::sub: return ua - ub;
    case lane_op::add_sat_s: return clamp(sa + sb, L::signed_min, L::signed_max);
    case lane_op::add_sat_u: return clamp(ua + ub, 0, L::unsigned_max);
    case lane_op::sub_sat_s: return clamp(sa - sb, L::signed_min, L::signed_max);
    case lane_op::sub_sat_u: return clamp(ua - ub, 0, L::unsigned_max);
    case lane_op::avg_s: return sa + sb < 0 ? (sa + sb) >> 1 : (sa + sb + 1) >> 1;
    case lane_op::avg_u: return (ua + ub + 1) >> 1;
    case lane_op::half_add_u: return (ua + ub) >> 1;
    case lane_op::abs_diff_s: return magnitude(sa - sb);
    case lane_op::abs_diff_u: return magnitude(ua - ub);
    case lane_op::max_s: return sa > sb ? sa : sb;
    case lane_op::max_u: return ua > ub ? ua : ub;
    case lane_op::min_s: return sa < sb ? sa : sb;
    case lane_op::min_u: return ua < ub ? ua : ub;
    case lane_op::abs: return magnitude(sa);
    case lane_op::abs_sat: return clamp(magnitude(sa), 0, L::signed_max);
    case lane_op::neg: return -sa;
    case lane_op::neg_sat: return clamp(-sa, L::signed_min, L::signed_max);
  }
  return 0;
}

template <int Bits>
DUALGPU_CUDA_PLAIN_FN unsigned per_lane(lane_op op, unsigned a, unsigned b) {
  using L = lanes<Bits>;
  unsigned result = 0;
  for (int i = 0; i < L::count; ++i) {
    const int r = one_lane<Bits>(op, L::as_signed(a, i), L::as_signed(b, i), L::as_unsigned(a, i), L::as_unsigned(b, i));
    result |= (static_cast<unsigned>(r) & L::mask) << (i * Bits);
  }
  return result;
}

// The comparisons: __vcmp* give a lane of all ones where true, __vset* give 1.
enum class lane_cmp { eq, ne, ge_s, ge_u, gt_s, gt_u, le_s, le_u, lt_s, lt_u };

template <int Bits>
DUALGPU_CUDA_PLAIN_FN bool lane_holds(lane_cmp cmp, int sa, int sb, int ua, int ub) {
  switch (cmp) {
    case lane_cmp::eq: return ua == ub;
    case lane_cmp::ne: return ua != ub;
    case lane_cmp::ge_s: return sa >= sb;
    case lane_cmp::ge_u: return ua >= ub;
    case lane_cmp::gt_s: return sa > sb;
    case lane_cmp::gt_u: return ua > ub;
    case lane_cmp::le_s: return sa <= sb;
    case lane_cmp::le_u: return ua <= ub;
    case lane_cmp::lt_s: return sa < sb;
    case lane_cmp::lt_u: return ua < ub;
  }
  return false;
}

template <int Bits>
DUALGPU_CUDA_PLAIN_FN unsigned compare(lane_cmp cmp, unsigned a, unsigned b, bool as_mask) {
  using L = lanes<Bits>;
  unsigned result = 0;
  for (int i = 0; i < L::count; ++i) {
    if (lane_holds<Bits>(cmp, L::as_signed(a, i), L::as_signed(b, i), L::as_unsigned(a, i), L::as_unsigned(b, i)))
      result |= (as_mask ? L::mask : 1u) << (i * Bits);
  }
  return result;
}

// __vsads/__vsadu: the sum over all lanes of |a - b|, as one number.
template <int Bits>
DUALGPU_CUDA_PLAIN_FN unsigned sum_abs_diff(bool is_signed, unsigned a, unsigned b) {
  using L = lanes<Bits>;
  unsigned sum = 0;
  for (int i = 0; i < L::count; ++i)
    sum += static_cast<unsigned>(is_signed ? magnitude(L::as_signed(a, i) - L::as_signed(b, i))
                                           : magnitude(L::as_unsigned(a, i) - L::as_unsigned(b, i)));
  return sum;
}

// __dp4a: c + the four products of a's and b's bytes; the sum wraps modulo 2^32 as CUDA's does.
DUALGPU_CUDA_PLAIN_FN unsigned dot4(bool is_signed, unsigned a, unsigned b, unsigned c) {
  using L = lanes<8>;
  unsigned sum = c;
  for (int i = 0; i < 4; ++i)
    sum += is_signed ? static_cast<unsigned>(L::as_signed(a, i) * L::as_signed(b, i))
                     : static_cast<unsigned>(L::as_unsigned(a, i) * L::as_unsigned(b, i));
  return sum;
}

// __dp2a_lo/__dp2a_hi: c + a's two 16-bit halves times b's bytes 0 and 1 (lo) or 2 and 3 (hi).
DUALGPU_CUDA_PLAIN_FN unsigned dot2(bool is_signed, bool high_bytes, unsigned a, unsigned b, unsigned c) {
  using H = lanes<16>;
  using B = lanes<8>;
  const int first = high_bytes ? 2 : 0;
  unsigned sum = c;
  for (int i = 0; i < 2; ++i)
    sum += is_signed ? static_cast<unsigned>(H::as_signed(a, i) * B::as_signed(b, first + i))
                     : static_cast<unsigned>(H::as_unsigned(a, i) * B::as_unsigned(b, first + i));
  return sum;
}

// CUDA 12's DPX functions (__vimax3_s32, __viaddmax_s16x2_relu, __vibmin_u32, ...), on one 32-bit
// lane or two 16-bit ones: max/min of three, (a + b) then max/min with c (the sum wraps in the
// lane), each optionally clamped below at 0 ("_relu").
enum class dpx_op { max3, min3, add_max, add_min };

template <int Bits>
DUALGPU_CUDA_PLAIN_FN long long dpx_lane(unsigned word, int lane, bool is_signed) {
  const std::uint64_t u = (word >> (lane * Bits)) & ((std::uint64_t{1} << Bits) - 1);
  return is_signed && (u >> (Bits - 1)) ? static_cast<long long>(u) - (1LL << Bits) : static_cast<long long>(u);
}

template <int Bits>
DUALGPU_CUDA_PLAIN_FN unsigned dpx(dpx_op op, bool is_signed, bool relu, unsigned a, unsigned b, unsigned c) {
  const std::uint64_t mask = (std::uint64_t{1} << Bits) - 1;
  unsigned result = 0;
  for (int i = 0; i < 32 / Bits; ++i) {
    const long long x = dpx_lane<Bits>(a, i, is_signed), y = dpx_lane<Bits>(b, i, is_signed), z = dpx_lane<Bits>(c, i, is_signed);
    const unsigned wrapped = static_cast<unsigned>(static_cast<std::uint64_t>(x + y) & mask);
    const long long sum = dpx_lane<Bits>(wrapped, 0, is_signed);
    long long r = 0;
    switch (op) {
      case dpx_op::max3: r = x > y ? (x > z ? x : z) : (y > z ? y : z); break;
      case dpx_op::min3: r = x < y ? (x < z ? x : z) : (y < z ? y : z); break;
      case dpx_op::add_max: r = sum > z ? sum : z; break;
      case dpx_op::add_min: r = sum < z ? sum : z; break;
    }
    if (relu && r < 0) r = 0;
    result |= static_cast<unsigned>(static_cast<std::uint64_t>(r) & mask) << (i * Bits);
  }
  return result;
}

// __vibmax/__vibmin: the max (min) of each lane, and for each lane whether a's was it (a >= b, a <= b).
template <int Bits>
DUALGPU_CUDA_PLAIN_FN unsigned dpx_select(bool is_max, bool is_signed, unsigned a, unsigned b, bool* a_won_high, bool* a_won_low) {
  const std::uint64_t mask = (std::uint64_t{1} << Bits) - 1;
  unsigned result = 0;
  for (int i = 0; i < 32 / Bits; ++i) {
    const long long x = dpx_lane<Bits>(a, i, is_signed), y = dpx_lane<Bits>(b, i, is_signed);
    const bool a_won = is_max ? x >= y : x <= y;
    *(i == 32 / Bits - 1 ? a_won_high : a_won_low) = a_won;
    result |= static_cast<unsigned>(static_cast<std::uint64_t>(a_won ? x : y) & mask) << (i * Bits);
  }
  return result;
}

}  // namespace cuda_simd
}  // namespace dualgpu

// Which CUDA function is which lane rule: the one list dualgpu_cuda_simd.h defines the functions
// from and the CPU test checks by name. UNARY(name, bits, lane_op), BINARY(name, bits, lane_op),
// COMPARE(__vcmp name, __vset name, bits, lane_cmp), SAD(name, bits, is_signed).
#define DUALGPU_CUDA_SIMD_TABLE(UNARY, BINARY, COMPARE, SAD)                                                  \
  UNARY(__vabs2, 16, abs) UNARY(__vabs4, 8, abs) UNARY(__vabsss2, 16, abs_sat) UNARY(__vabsss4, 8, abs_sat)     \
  UNARY(__vneg2, 16, neg) UNARY(__vneg4, 8, neg) UNARY(__vnegss2, 16, neg_sat) UNARY(__vnegss4, 8, neg_sat)     \
  BINARY(__vadd2, 16, add) BINARY(__vadd4, 8, add) BINARY(__vsub2, 16, sub) BINARY(__vsub4, 8, sub)             \
  BINARY(__vaddss2, 16, add_sat_s) BINARY(__vaddss4, 8, add_sat_s)                                              \
  BINARY(__vaddus2, 16, add_sat_u) BINARY(__vaddus4, 8, add_sat_u)                                              \
  BINARY(__vsubss2, 16, sub_sat_s) BINARY(__vsubss4, 8, sub_sat_s)                                              \
  BINARY(__vsubus2, 16, sub_sat_u) BINARY(__vsubus4, 8, sub_sat_u)                                              \
  BINARY(__vavgs2, 16, avg_s) BINARY(__vavgs4, 8, avg_s) BINARY(__vavgu2, 16, avg_u) BINARY(__vavgu4, 8, avg_u) \
  BINARY(__vhaddu2, 16, half_add_u) BINARY(__vhaddu4, 8, half_add_u)                                            \
  BINARY(__vabsdiffs2, 16, abs_diff_s) BINARY(__vabsdiffs4, 8, abs_diff_s)                                      \
  BINARY(__vabsdiffu2, 16, abs_diff_u) BINARY(__vabsdiffu4, 8, abs_diff_u)                                      \
  BINARY(__vmaxs2, 16, max_s) BINARY(__vmaxs4, 8, max_s) BINARY(__vmaxu2, 16, max_u) BINARY(__vmaxu4, 8, max_u) \
  BINARY(__vmins2, 16, min_s) BINARY(__vmins4, 8, min_s) BINARY(__vminu2, 16, min_u) BINARY(__vminu4, 8, min_u) \
  COMPARE(__vcmpeq2, __vseteq2, 16, eq) COMPARE(__vcmpeq4, __vseteq4, 8, eq)                                    \
  COMPARE(__vcmpne2, __vsetne2, 16, ne) COMPARE(__vcmpne4, __vsetne4, 8, ne)                                    \
  COMPARE(__vcmpges2, __vsetges2, 16, ge_s) COMPARE(__vcmpges4, __vsetges4, 8, ge_s)                            \
  COMPARE(__vcmpgeu2, __vsetgeu2, 16, ge_u) COMPARE(__vcmpgeu4, __vsetgeu4, 8, ge_u)                            \
  COMPARE(__vcmpgts2, __vsetgts2, 16, gt_s) COMPARE(__vcmpgts4, __vsetgts4, 8, gt_s)                            \
  COMPARE(__vcmpgtu2, __vsetgtu2, 16, gt_u) COMPARE(__vcmpgtu4, __vsetgtu4, 8, gt_u)                            \
  COMPARE(__vcmples2, __vsetles2, 16, le_s) COMPARE(__vcmples4, __vsetles4, 8, le_s)                            \
  COMPARE(__vcmpleu2, __vsetleu2, 16, le_u) COMPARE(__vcmpleu4, __vsetleu4, 8, le_u)                            \
  COMPARE(__vcmplts2, __vsetlts2, 16, lt_s) COMPARE(__vcmplts4, __vsetlts4, 8, lt_s)                            \
  COMPARE(__vcmpltu2, __vsetltu2, 16, lt_u) COMPARE(__vcmpltu4, __vsetltu4, 8, lt_u)                            \
  SAD(__vsads2, 16, true) SAD(__vsads4, 8, true) SAD(__vsadu2, 16, false) SAD(__vsadu4, 8, false)

// The DPX names: THREE(name, type, bits, dpx_op, is_signed, relu) take (a, b, c); TWO(name, type,
// bits, dpx_op) are the two-operand signed "_relu" forms, max/min of (a, b) clamped at 0;
// SELECT(name, type, bits, is_max, is_signed) return the max/min and which lanes of a won.
#define DUALGPU_CUDA_DPX_TABLE(THREE, TWO, SELECT)                                                            \
  THREE(__vimax3_s32, int, 32, max3, true, false) THREE(__vimax3_u32, unsigned int, 32, max3, false, false)   \
  THREE(__vimax3_s16x2, unsigned int, 16, max3, true, false)                                                  \
  THREE(__vimax3_u16x2, unsigned int, 16, max3, false, false)                                                 \
  THREE(__vimin3_s32, int, 32, min3, true, false) THREE(__vimin3_u32, unsigned int, 32, min3, false, false)   \
  THREE(__vimin3_s16x2, unsigned int, 16, min3, true, false)                                                  \
  THREE(__vimin3_u16x2, unsigned int, 16, min3, false, false)                                                 \
  THREE(__vimax3_s32_relu, int, 32, max3, true, true) THREE(__vimax3_s16x2_relu, unsigned int, 16, max3, true, true) \
  THREE(__vimin3_s32_relu, int, 32, min3, true, true) THREE(__vimin3_s16x2_relu, unsigned int, 16, min3, true, true) \
  THREE(__viaddmax_s32, int, 32, add_max, true, false) THREE(__viaddmax_u32, unsigned int, 32, add_max, false, false) \
  THREE(__viaddmax_s16x2, unsigned int, 16, add_max, true, false)                                             \
  THREE(__viaddmax_u16x2, unsigned int, 16, add_max, false, false)                                            \
  THREE(__viaddmin_s32, int, 32, add_min, true, false) THREE(__viaddmin_u32, unsigned int, 32, add_min, false, false) \
  THREE(__viaddmin_s16x2, unsigned int, 16, add_min, true, false)                                             \
  THREE(__viaddmin_u16x2, unsigned int, 16, add_min, false, false)                                            \
  THREE(__viaddmax_s32_relu, int, 32, add_max, true, true)                                                    \
  THREE(__viaddmax_s16x2_relu, unsigned int, 16, add_max, true, true)                                         \
  THREE(__viaddmin_s32_relu, int, 32, add_min, true, true)                                                    \
  THREE(__viaddmin_s16x2_relu, unsigned int, 16, add_min, true, true)                                         \
  TWO(__vimax_s32_relu, int, 32, max3) TWO(__vimax_s16x2_relu, unsigned int, 16, max3)                        \
  TWO(__vimin_s32_relu, int, 32, min3) TWO(__vimin_s16x2_relu, unsigned int, 16, min3)                        \
  SELECT(__vibmax_s32, int, 32, true, true) SELECT(__vibmax_u32, unsigned int, 32, true, false)               \
  SELECT(__vibmax_s16x2, unsigned int, 16, true, true) SELECT(__vibmax_u16x2, unsigned int, 16, true, false)  \
  SELECT(__vibmin_s32, int, 32, false, true) SELECT(__vibmin_u32, unsigned int, 32, false, false)             \
  SELECT(__vibmin_s16x2, unsigned int, 16, false, true) SELECT(__vibmin_u16x2, unsigned int, 16, false, false)
