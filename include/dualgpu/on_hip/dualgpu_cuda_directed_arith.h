// dualgpu/on_hip/dualgpu_cuda_directed_arith.h: CUDA's arithmetic with a directed rounding mode on AMD
// (__fadd_rd, __fmul_ru, __fdiv_rz, __fsqrt_rd, __frcp_ru, __fmaf_rz, __dadd_rd, __dmul_ru, __ddiv_rz,
// __dsqrt_ru, __drcp_rd, __fma_rz, ...), host and device. HIP keeps them behind OCML_BASIC_ROUNDED_OPERATIONS,
// which no ROCm's device libraries provide, so they are computed here from round-to-nearest arithmetic:
// the nearest result plus the sign of what it missed by, which an error-free step gives exactly, and a
// step of one ulp where the direction asks for it.
// - float: the exact result, or the nearest double and the exact sign of its error, from double
//   arithmetic (a product of two floats, and of a float fma, is exact in double);
// - double: Knuth's two-sum for + and -; for *, / and sqrt the operands' mantissas (frexp, exact) meet in
//   [0.25, 2), where fma gives the exact error, and the exponent comes back with ldexp, whose own rounding
//   in the subnormal range is measured the same way; for fma the same mantissas and c, scaled to meet them,
//   go through Boldo and Muller's ErrFma, which gives the exact error of an fma as two doubles.
// tests/porting/directed_arith_test.cpp holds every function to the CPU's own directed rounding.
#pragma once

#include <cmath>
#include <limits>

namespace dualgpu {
namespace directed {

enum class mode { down, up, toward_zero };

template <typename T>
__host__ __device__ inline int sign_of(T x) {
  return (x > T(0)) - (x < T(0));
}

// `nearest` is the round-to-nearest result and `missed` the sign of (exact - nearest); the result in `m`.
template <typename T>
__host__ __device__ inline T step(T nearest, int missed, mode m) {
  const T inf = ::std::numeric_limits<T>::infinity();
  if (missed == 0 || ::std::isnan(nearest)) return nearest;
  if (m == mode::up) return missed > 0 ? ::std::nextafter(nearest, inf) : nearest;
  if (m == mode::down) return missed < 0 ? ::std::nextafter(nearest, -inf) : nearest;
  const bool away = (nearest > T(0) && missed < 0) || (nearest < T(0) && missed > 0);
  return away ? ::std::nextafter(nearest, T(0)) : nearest;
}

// An exact zero sum: -0 when rounding down unless both addends are +0 (IEEE 754), the nearest's otherwise.
template <typename R, typename T>
__host__ __device__ inline R zero_sum(T x, T y, R nearest, mode m) {
  if (m == mode::down) return (::std::signbit(x) || ::std::signbit(y)) ? R(-0.0) : R(0.0);
  return nearest;
}

// The float of the value hi + lo (hi a double, lo smaller than half an ulp of hi, known by its sign).
__host__ __device__ inline float to_float(double hi, int lo_sign, mode m) {
  const float f = static_cast<float>(hi);
  if (::std::isnan(hi)) return f;
  const double diff = hi - static_cast<double>(f);  // exact: f is hi rounded to nearest
  return step(f, diff != 0.0 ? sign_of(diff) : lo_sign, m);
}

// Knuth's two-sum: the exact error of s = a + b.
template <typename T>
__host__ __device__ inline T two_sum_error(T a, T b, T s) {
  const T b_part = s - a;
  return (a - (s - b_part)) + (b - b_part);
}

__host__ __device__ inline float add(float a, float b, mode m) {
  const double x = a, y = b, s = x + y;
  if (s == 0.0) return zero_sum(a, b, static_cast<float>(s), m);
  return to_float(s, sign_of(two_sum_error(x, y, s)), m);
}
__host__ __device__ inline float mul(float a, float b, mode m) {
  return to_float(static_cast<double>(a) * b, 0, m);  // exact: 24 + 24 bits
}
__host__ __device__ inline float div(float a, float b, mode m) {
  const double x = a, y = b, q = x / y;
  if (!::std::isfinite(q) || q == 0.0) return to_float(q, 0, m);
  return to_float(q, sign_of(::std::fma(-q, y, x)) * sign_of(y), m);  // the remainder is exact
}
__host__ __device__ inline float sqrt(float a, mode m) {
  const double x = a, s = ::std::sqrt(x);
  if (!::std::isfinite(s) || s == 0.0) return to_float(s, 0, m);
  return to_float(s, sign_of(::std::fma(-s, s, x)), m);
}
__host__ __device__ inline float fma(float a, float b, float c, mode m) {
  const double p = static_cast<double>(a) * b, z = c, s = p + z;  // p exact
  if (s == 0.0 && ::std::isfinite(p)) return zero_sum(p, z, static_cast<float>(s), m);
  return to_float(s, ::std::isfinite(s) ? sign_of(two_sum_error(p, z, s)) : 0, m);
}

// Past the largest double, where two-sum's error is meaningless: the largest finite or an infinity.
__host__ __device__ inline double overflowed(double s, mode m) {
  const double top = ::std::numeric_limits<double>::max();
  if (s > 0) return m == mode::up ? s : top;
  return m == mode::down ? s : -top;
}

__host__ __device__ inline double add(double a, double b, mode m) {
  const double s = a + b;
  if (s == 0.0) return zero_sum(a, b, s, m);
  if (::std::isinf(s)) return ::std::isfinite(a) && ::std::isfinite(b) ? overflowed(s, m) : s;
  return step(s, sign_of(two_sum_error(a, b, s)), m);
}

// mantissa * 2^exponent rounded to nearest (ldexp), then stepped by the sign of what both roundings missed:
// the mantissa's own error `missed` and ldexp's, measured by scaling its result back (exact).
__host__ __device__ inline double scaled(double mantissa, int missed, int exponent, mode m) {
  const double r = ::std::ldexp(mantissa, exponent);
  if (::std::isinf(r)) return overflowed(r, m);
  const double diff = mantissa - ::std::ldexp(r, -exponent);  // exact: r is mantissa's nearest, rescaled
  return step(r, diff != 0.0 ? sign_of(diff) : missed, m);
}

__host__ __device__ inline double mul(double a, double b, mode m) {
  if (!::std::isfinite(a) || !::std::isfinite(b) || a == 0.0 || b == 0.0) return a * b;
  int ea, eb;
  const double ma = ::std::frexp(a, &ea), mb = ::std::frexp(b, &eb);
  const double p = ma * mb;  // in [0.25, 1): fma's error below is exact
  return scaled(p, sign_of(::std::fma(ma, mb, -p)), ea + eb, m);
}
__host__ __device__ inline double div(double a, double b, mode m) {
  if (!::std::isfinite(a) || !::std::isfinite(b) || a == 0.0 || b == 0.0) return a / b;
  int ea, eb;
  const double ma = ::std::frexp(a, &ea), mb = ::std::frexp(b, &eb);
  const double q = ma / mb;  // in (0.5, 2): the remainder below is exact
  return scaled(q, sign_of(::std::fma(-q, mb, ma)) * sign_of(mb), ea - eb, m);
}
__host__ __device__ inline double sqrt(double a, mode m) {
  if (!::std::isfinite(a) || a <= 0.0) return ::std::sqrt(a);
  int e;
  double x = ::std::frexp(a, &e);
  if (e % 2 != 0) {  // an even exponent halves exactly
    x *= 2.0;
    e -= 1;
  }
  const double s = ::std::sqrt(x);
  return scaled(s, sign_of(::std::fma(-s, s, x)), e / 2, m);
}

// Boldo and Muller's ErrFma: with r = fma(a, b, c) rounded to nearest, a*b + c - r = g + z exactly when
// nothing underflows; the sign of that sum is the sign of its nearest double.
__host__ __device__ inline int fma_error_sign(double a, double b, double c, double r) {
  const double u1 = a * b, u2 = ::std::fma(a, b, -u1);  // a*b = u1 + u2
  const double a1 = c + u2, z = two_sum_error(c, u2, a1);
  const double b1 = u1 + a1, b2 = two_sum_error(u1, a1, b1);
  const double g = (b1 - r) + b2;
  return sign_of(g + z);
}

// a*b + c with the product's mantissas (frexp, exact) in [0.5, 1) and c scaled by the same power of two, so
// that ErrFma's terms stay far above the subnormal range. A c or a product more than 2^200 below the other
// counts only by its sign: a stand-in of that sign, below every bit the other can round at, rounds the same.
__host__ __device__ inline double fma(double a, double b, double c, mode m) {
  if (!::std::isfinite(a) || !::std::isfinite(b) || !::std::isfinite(c)) return ::std::fma(a, b, c);
  if (a == 0.0 || b == 0.0) return c != 0.0 ? c : zero_sum(a * b, c, ::std::fma(a, b, c), m);
  int ea, eb;
  const double ma = ::std::frexp(a, &ea), mb = ::std::frexp(b, &eb);
  const int e = ea + eb;
  double cs = c;  // c / 2^e
  if (c != 0.0) {
    const int gap = ::std::ilogb(c) - e;
    if (gap > 200) return step(c, sign_of(ma) * sign_of(mb), m);
    cs = gap < -200 ? ::std::copysign(0x1p-300, c) : ::std::ldexp(c, -e);
  }
  const double r = ::std::fma(ma, mb, cs);
  if (r == 0.0) return zero_sum(ma * mb, c, r, m);  // an exact zero: the product and c cancel
  return scaled(r, fma_error_sign(ma, mb, cs, r), e, m);
}

}  // namespace directed
}  // namespace dualgpu

// CUDA's names: _rd rounds down, _ru up, _rz toward zero. `call` uses the mode as m.
#define DUALGPU_DIRECTED(type, name, params, call)                                     \
  __host__ __device__ inline type name##_rd params {                                   \
    constexpr auto m = ::dualgpu::directed::mode::down;                                \
    return ::dualgpu::directed::call;                                                  \
  }                                                                                    \
  __host__ __device__ inline type name##_ru params {                                   \
    constexpr auto m = ::dualgpu::directed::mode::up;                                  \
    return ::dualgpu::directed::call;                                                  \
  }                                                                                    \
  __host__ __device__ inline type name##_rz params {                                   \
    constexpr auto m = ::dualgpu::directed::mode::toward_zero;                         \
    return ::dualgpu::directed::call;                                                  \
  }

DUALGPU_DIRECTED(float, __fadd, (float a, float b), add(a, b, m))
DUALGPU_DIRECTED(float, __fsub, (float a, float b), add(a, -b, m))
DUALGPU_DIRECTED(float, __fmul, (float a, float b), mul(a, b, m))
DUALGPU_DIRECTED(float, __fdiv, (float a, float b), div(a, b, m))
DUALGPU_DIRECTED(float, __frcp, (float a), div(1.0f, a, m))
DUALGPU_DIRECTED(float, __fsqrt, (float a), sqrt(a, m))
DUALGPU_DIRECTED(float, __fmaf, (float a, float b, float c), fma(a, b, c, m))
DUALGPU_DIRECTED(float, __fmaf_ieee, (float a, float b, float c), fma(a, b, c, m))
DUALGPU_DIRECTED(double, __dadd, (double a, double b), add(a, b, m))
DUALGPU_DIRECTED(double, __dsub, (double a, double b), add(a, -b, m))
DUALGPU_DIRECTED(double, __dmul, (double a, double b), mul(a, b, m))
DUALGPU_DIRECTED(double, __ddiv, (double a, double b), div(a, b, m))
DUALGPU_DIRECTED(double, __drcp, (double a), div(1.0, a, m))
DUALGPU_DIRECTED(double, __dsqrt, (double a), sqrt(a, m))
DUALGPU_DIRECTED(double, __fma, (double a, double b, double c), fma(a, b, c, m))
#undef DUALGPU_DIRECTED
