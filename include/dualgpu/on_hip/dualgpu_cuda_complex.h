// dualgpu/on_hip/dualgpu_cuda_complex.h: libcu++'s cuda::std::complex (<cuda/std/complex>) on AMD, host and
// device. The host's std::complex cannot be used in kernels (its arithmetic is not constexpr), so this is a
// complex of its own: the arithmetic, comparisons, real, imag, abs, arg, norm, conj, proj, polar, exp, log,
// log10, sqrt, pow, sin, cos, tan, sinh, cosh, tanh and their inverses.
//
// Multiplication and division are the C standard's (C11 Annex G.5.1, as libcu++ and libc++ do them):
// scaled division, and infinities and NaNs recovered the way the annex shows, so a product or quotient
// with an infinite operand is infinite, not NaN. The other functions are the usual formulas on the real
// functions of <cmath>, with Annex G's special values where libcu++ gives them too (exp, log, sqrt at
// infinities and signed zeros); tests/porting/libcu_complex_table.cpp holds every result to libcu++'s.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "dualgpu_cuda_std.h"

namespace cuda {
namespace std {

// The real functions that share these names: declaring the complex ones here would otherwise hide them
// from cuda::std::exp(x) and the like, which find ::std's only through the using-directive.
using ::std::abs;
using ::std::acos;
using ::std::acosh;
using ::std::asin;
using ::std::asinh;
using ::std::atan;
using ::std::atanh;
using ::std::cos;
using ::std::cosh;
using ::std::exp;
using ::std::log;
using ::std::log10;
using ::std::pow;
using ::std::sin;
using ::std::sinh;
using ::std::sqrt;
using ::std::tan;
using ::std::tanh;

template <typename T>
class complex {
 public:
  using value_type = T;

  __host__ __device__ constexpr complex(const T& re = T(), const T& im = T()) : re_(re), im_(im) {}
  template <typename U>
  __host__ __device__ constexpr explicit complex(const complex<U>& other)
      : re_(static_cast<T>(other.real())), im_(static_cast<T>(other.imag())) {}

  __host__ __device__ constexpr T real() const { return re_; }
  __host__ __device__ constexpr T imag() const { return im_; }
  __host__ __device__ constexpr void real(T re) { re_ = re; }
  __host__ __device__ constexpr void imag(T im) { im_ = im; }

  __host__ __device__ constexpr complex& operator=(const T& re) {
    re_ = re;
    im_ = T();
    return *this;
  }
  template <typename U>
  __host__ __device__ constexpr complex& operator=(const complex<U>& z) {
    re_ = static_cast<T>(z.real());
    im_ = static_cast<T>(z.imag());
    return *this;
  }
  __host__ __device__ constexpr complex& operator+=(const T& x) {
    re_ += x;
    return *this;
  }
  __host__ __device__ constexpr complex& operator-=(const T& x) {
    re_ -= x;
    return *this;
  }
  __host__ __device__ constexpr complex& operator*=(const T& x) {
    re_ *= x;
    im_ *= x;
    return *this;
  }
  __host__ __device__ constexpr complex& operator/=(const T& x) {
    re_ /= x;
    im_ /= x;
    return *this;
  }
  template <typename U>
  __host__ __device__ constexpr complex& operator+=(const complex<U>& z) {
    re_ += static_cast<T>(z.real());
    im_ += static_cast<T>(z.imag());
    return *this;
  }
  template <typename U>
  __host__ __device__ constexpr complex& operator-=(const complex<U>& z) {
    re_ -= static_cast<T>(z.real());
    im_ -= static_cast<T>(z.imag());
    return *this;
  }
  template <typename U>
  __host__ __device__ complex& operator*=(const complex<U>& z) {
    return *this = *this * complex(z);
  }
  template <typename U>
  __host__ __device__ complex& operator/=(const complex<U>& z) {
    return *this = *this / complex(z);
  }

 private:
  T re_, im_;
};

namespace dualgpu_complex {
template <typename T>
__host__ __device__ inline T infinity() {
  return ::std::numeric_limits<T>::infinity();
}
// ±1 where x is infinite, ±0 elsewhere: how the annex brings an infinite operand back into range.
template <typename T>
__host__ __device__ inline T unit_if_infinite(T x) {
  return ::std::copysign(::std::isinf(x) ? T(1) : T(0), x);
}
template <typename T>
__host__ __device__ inline T zero_if_nan(T x) {
  return ::std::isnan(x) ? ::std::copysign(T(0), x) : x;
}
}  // namespace dualgpu_complex

// C11 Annex G.5.1's multiplication.
template <typename T>
__host__ __device__ complex<T> operator*(const complex<T>& z, const complex<T>& w) {
  namespace g = dualgpu_complex;
  T a = z.real(), b = z.imag(), c = w.real(), d = w.imag();
  const T ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  T x = ac - bd, y = ad + bc;
  if (::std::isnan(x) && ::std::isnan(y)) {
    bool again = false;
    if (::std::isinf(a) || ::std::isinf(b)) {
      a = g::unit_if_infinite(a);
      b = g::unit_if_infinite(b);
      c = g::zero_if_nan(c);
      d = g::zero_if_nan(d);
      again = true;
    }
    if (::std::isinf(c) || ::std::isinf(d)) {
      c = g::unit_if_infinite(c);
      d = g::unit_if_infinite(d);
      a = g::zero_if_nan(a);
      b = g::zero_if_nan(b);
      again = true;
    }
    if (!again && (::std::isinf(ac) || ::std::isinf(bd) || ::std::isinf(ad) || ::std::isinf(bc))) {
      a = g::zero_if_nan(a);
      b = g::zero_if_nan(b);
      c = g::zero_if_nan(c);
      d = g::zero_if_nan(d);
      again = true;
    }
    if (again) {
      x = g::infinity<T>() * (a * c - b * d);
      y = g::infinity<T>() * (a * d + b * c);
    }
  }
  return complex<T>(x, y);
}

// C11 Annex G.5.1's division: the divisor scaled by a power of two so that c*c + d*d neither overflows
// nor underflows, and infinities, zeros and NaNs recovered as the annex shows.
template <typename T>
__host__ __device__ complex<T> operator/(const complex<T>& z, const complex<T>& w) {
  namespace g = dualgpu_complex;
  T a = z.real(), b = z.imag(), c = w.real(), d = w.imag();
  const T logbw = ::std::logb(::std::fmax(::std::fabs(c), ::std::fabs(d)));
  int scale = 0;
  if (::std::isfinite(logbw)) {
    scale = static_cast<int>(logbw);
    c = ::std::scalbn(c, -scale);
    d = ::std::scalbn(d, -scale);
  }
  const T denom = c * c + d * d;
  T x = ::std::scalbn((a * c + b * d) / denom, -scale);
  T y = ::std::scalbn((b * c - a * d) / denom, -scale);
  if (::std::isnan(x) && ::std::isnan(y)) {
    if (denom == T(0) && (!::std::isnan(a) || !::std::isnan(b))) {
      x = ::std::copysign(g::infinity<T>(), c) * a;
      y = ::std::copysign(g::infinity<T>(), c) * b;
    } else if ((::std::isinf(a) || ::std::isinf(b)) && ::std::isfinite(c) && ::std::isfinite(d)) {
      a = g::unit_if_infinite(a);
      b = g::unit_if_infinite(b);
      x = g::infinity<T>() * (a * c + b * d);
      y = g::infinity<T>() * (b * c - a * d);
    } else if (::std::isinf(logbw) && logbw > T(0) && ::std::isfinite(a) && ::std::isfinite(b)) {
      c = g::unit_if_infinite(c);
      d = g::unit_if_infinite(d);
      x = T(0) * (a * c + b * d);
      y = T(0) * (b * c - a * d);
    }
  }
  return complex<T>(x, y);
}

template <typename T>
__host__ __device__ constexpr complex<T> operator+(const complex<T>& z, const complex<T>& w) {
  return complex<T>(z.real() + w.real(), z.imag() + w.imag());
}
template <typename T>
__host__ __device__ constexpr complex<T> operator+(const complex<T>& z, const T& x) {
  return complex<T>(z.real() + x, z.imag());
}
template <typename T>
__host__ __device__ constexpr complex<T> operator+(const T& x, const complex<T>& z) {
  return complex<T>(x + z.real(), z.imag());
}
template <typename T>
__host__ __device__ constexpr complex<T> operator-(const complex<T>& z, const complex<T>& w) {
  return complex<T>(z.real() - w.real(), z.imag() - w.imag());
}
template <typename T>
__host__ __device__ constexpr complex<T> operator-(const complex<T>& z, const T& x) {
  return complex<T>(z.real() - x, z.imag());
}
template <typename T>
__host__ __device__ constexpr complex<T> operator-(const T& x, const complex<T>& z) {
  return complex<T>(x - z.real(), -z.imag());
}
template <typename T>
__host__ __device__ constexpr complex<T> operator*(const complex<T>& z, const T& x) {
  return complex<T>(z.real() * x, z.imag() * x);
}
template <typename T>
__host__ __device__ constexpr complex<T> operator*(const T& x, const complex<T>& z) {
  return complex<T>(z.real() * x, z.imag() * x);
}
template <typename T>
__host__ __device__ constexpr complex<T> operator/(const complex<T>& z, const T& x) {
  return complex<T>(z.real() / x, z.imag() / x);
}
template <typename T>
__host__ __device__ complex<T> operator/(const T& x, const complex<T>& z) {
  return complex<T>(x) / z;
}
template <typename T>
__host__ __device__ constexpr complex<T> operator+(const complex<T>& z) {
  return z;
}
template <typename T>
__host__ __device__ constexpr complex<T> operator-(const complex<T>& z) {
  return complex<T>(-z.real(), -z.imag());
}
template <typename T>
__host__ __device__ constexpr bool operator==(const complex<T>& z, const complex<T>& w) {
  return z.real() == w.real() && z.imag() == w.imag();
}
template <typename T>
__host__ __device__ constexpr bool operator==(const complex<T>& z, const T& x) {
  return z.real() == x && z.imag() == T(0);
}
template <typename T>
__host__ __device__ constexpr bool operator==(const T& x, const complex<T>& z) {
  return z == x;
}
template <typename T>
__host__ __device__ constexpr bool operator!=(const complex<T>& z, const complex<T>& w) {
  return !(z == w);
}
template <typename T>
__host__ __device__ constexpr bool operator!=(const complex<T>& z, const T& x) {
  return !(z == x);
}
template <typename T>
__host__ __device__ constexpr bool operator!=(const T& x, const complex<T>& z) {
  return !(z == x);
}

template <typename T>
__host__ __device__ constexpr T real(const complex<T>& z) {
  return z.real();
}
template <typename T>
__host__ __device__ constexpr T imag(const complex<T>& z) {
  return z.imag();
}
template <typename T>
__host__ __device__ T abs(const complex<T>& z) {
  return ::std::hypot(z.real(), z.imag());
}
template <typename T>
__host__ __device__ T arg(const complex<T>& z) {
  return ::std::atan2(z.imag(), z.real());
}
// |z|^2, infinite where a part is (even with a NaN in the other).
template <typename T>
__host__ __device__ T norm(const complex<T>& z) {
  if (::std::isinf(z.real())) return ::std::fabs(z.real());
  if (::std::isinf(z.imag())) return ::std::fabs(z.imag());
  return z.real() * z.real() + z.imag() * z.imag();
}
template <typename T>
__host__ __device__ constexpr complex<T> conj(const complex<T>& z) {
  return complex<T>(z.real(), -z.imag());
}
// The Riemann sphere's point: every infinity is (inf, ±0).
template <typename T>
__host__ __device__ complex<T> proj(const complex<T>& z) {
  if (::std::isinf(z.real()) || ::std::isinf(z.imag()))
    return complex<T>(dualgpu_complex::infinity<T>(), ::std::copysign(T(0), z.imag()));
  return z;
}
template <typename T>
__host__ __device__ complex<T> polar(const T& rho, const T& theta = T()) {
  if (::std::isnan(rho) || ::std::signbit(rho)) return complex<T>(::std::numeric_limits<T>::quiet_NaN(), ::std::numeric_limits<T>::quiet_NaN());
  if (::std::isnan(theta)) {
    if (::std::isinf(rho)) return complex<T>(rho, theta);
    return complex<T>(theta, theta);
  }
  if (::std::isinf(theta)) {
    if (::std::isinf(rho)) return complex<T>(rho, ::std::numeric_limits<T>::quiet_NaN());
    return complex<T>(::std::numeric_limits<T>::quiet_NaN(), ::std::numeric_limits<T>::quiet_NaN());
  }
  T x = rho * ::std::cos(theta);
  if (::std::isnan(x)) x = 0;
  T y = rho * ::std::sin(theta);
  if (::std::isnan(y)) y = 0;
  return complex<T>(x, y);
}

template <typename T>
__host__ __device__ complex<T> exp(const complex<T>& z) {
  T im = z.imag();
  if (im == T(0)) return complex<T>(::std::exp(z.real()), ::std::copysign(T(0), z.imag()));
  if (::std::isinf(z.real())) {
    if (z.real() < T(0)) {
      if (!::std::isfinite(im)) im = T(1);
    } else if (im == T(0) || !::std::isfinite(im)) {
      if (::std::isinf(im)) im = ::std::numeric_limits<T>::quiet_NaN();
      return complex<T>(z.real(), im);
    }
  }
  const T e = ::std::exp(z.real());
  return complex<T>(e * ::std::cos(im), e * ::std::sin(im));
}
template <typename T>
__host__ __device__ complex<T> log(const complex<T>& z) {
  return complex<T>(::std::log(abs(z)), arg(z));
}
template <typename T>
__host__ __device__ complex<T> log10(const complex<T>& z) {
  return log(z) / ::std::log(T(10));
}
template <typename T>
__host__ __device__ complex<T> sqrt(const complex<T>& z) {
  if (::std::isinf(z.imag())) return complex<T>(dualgpu_complex::infinity<T>(), z.imag());
  if (::std::isinf(z.real())) {
    if (z.real() > T(0))
      return complex<T>(z.real(), ::std::isnan(z.imag()) ? z.imag() : ::std::copysign(T(0), z.imag()));
    return complex<T>(::std::isnan(z.imag()) ? z.imag() : T(0), ::std::copysign(z.real(), z.imag()));
  }
  return polar(::std::sqrt(abs(z)), arg(z) / T(2));
}
template <typename T>
__host__ __device__ complex<T> pow(const complex<T>& z, const complex<T>& w) {
  return exp(w * log(z));
}
template <typename T>
__host__ __device__ complex<T> pow(const complex<T>& z, const T& x) {
  return pow(z, complex<T>(x));
}
template <typename T>
__host__ __device__ complex<T> pow(const T& x, const complex<T>& w) {
  return pow(complex<T>(x), w);
}
template <typename T>
__host__ __device__ complex<T> sinh(const complex<T>& z) {
  if (::std::isinf(z.real()) && !::std::isfinite(z.imag()))
    return complex<T>(z.real(), ::std::numeric_limits<T>::quiet_NaN());
  if (z.real() == T(0) && !::std::isfinite(z.imag()))
    return complex<T>(z.real(), ::std::numeric_limits<T>::quiet_NaN());
  if (z.imag() == T(0) && !::std::isfinite(z.real())) return z;
  return complex<T>(::std::sinh(z.real()) * ::std::cos(z.imag()), ::std::cosh(z.real()) * ::std::sin(z.imag()));
}
template <typename T>
__host__ __device__ complex<T> cosh(const complex<T>& z) {
  if (::std::isinf(z.real()) && !::std::isfinite(z.imag()))
    return complex<T>(::std::fabs(z.real()), ::std::numeric_limits<T>::quiet_NaN());
  if (z.real() == T(0) && !::std::isfinite(z.imag()))
    return complex<T>(::std::numeric_limits<T>::quiet_NaN(), z.real());
  if (z.real() == T(0) && z.imag() == T(0)) return complex<T>(T(1), z.imag());
  if (z.imag() == T(0) && !::std::isfinite(z.real())) return complex<T>(::std::fabs(z.real()), z.imag());
  return complex<T>(::std::cosh(z.real()) * ::std::cos(z.imag()), ::std::sinh(z.real()) * ::std::sin(z.imag()));
}
template <typename T>
__host__ __device__ complex<T> tanh(const complex<T>& z) {
  if (::std::isinf(z.real())) {
    if (!::std::isfinite(z.imag())) return complex<T>(::std::copysign(T(1), z.real()), T(0));
    return complex<T>(::std::copysign(T(1), z.real()), ::std::copysign(T(0), ::std::sin(T(2) * z.imag())));
  }
  if (::std::isnan(z.real()) && z.imag() == T(0)) return z;
  const T x2 = T(2) * z.real(), y2 = T(2) * z.imag();
  const T d = ::std::cosh(x2) + ::std::cos(y2);
  const T s = ::std::sinh(x2);
  if (::std::isinf(s) && ::std::isinf(d))
    return complex<T>(s > T(0) ? T(1) : T(-1), y2 > T(0) ? T(0) : T(-0.0));
  return complex<T>(s / d, ::std::sin(y2) / d);
}
// sin z = -i sinh(iz), cos z = cosh(iz), tan z = -i tanh(iz).
namespace dualgpu_complex {
template <typename T>
__host__ __device__ constexpr complex<T> times_i(const complex<T>& z) {
  return complex<T>(-z.imag(), z.real());
}
template <typename T>
__host__ __device__ constexpr complex<T> times_minus_i(const complex<T>& z) {
  return complex<T>(z.imag(), -z.real());
}
}  // namespace dualgpu_complex
template <typename T>
__host__ __device__ complex<T> sin(const complex<T>& z) {
  return dualgpu_complex::times_minus_i(sinh(dualgpu_complex::times_i(z)));
}
template <typename T>
__host__ __device__ complex<T> cos(const complex<T>& z) {
  return cosh(dualgpu_complex::times_i(z));
}
template <typename T>
__host__ __device__ complex<T> tan(const complex<T>& z) {
  return dualgpu_complex::times_minus_i(tanh(dualgpu_complex::times_i(z)));
}

// The inverses, as libcu++ and libc++ compute them: log of z plus a square root, with C11 Annex G's values at
// infinities, NaNs and the branch points; asin z = -i asinh(iz), atan z = -i atanh(iz).
namespace dualgpu_complex {
template <typename T>
__host__ __device__ constexpr T pi() {
  return static_cast<T>(3.14159265358979323846);  // the double nearest pi, then T's nearest, as libcu++'s
}
template <typename T>
__host__ __device__ complex<T> square(const complex<T>& z) {
  return complex<T>((z.real() - z.imag()) * (z.real() + z.imag()), T(2) * z.real() * z.imag());
}
}  // namespace dualgpu_complex

template <typename T>
__host__ __device__ complex<T> asinh(const complex<T>& z) {
  const T pi = dualgpu_complex::pi<T>(), x = z.real(), y = z.imag();
  if (::std::isinf(x)) {
    if (::std::isnan(y)) return z;
    if (::std::isinf(y)) return complex<T>(x, ::std::copysign(pi * T(0.25), y));
    return complex<T>(x, ::std::copysign(T(0), y));
  }
  if (::std::isnan(x)) {
    if (::std::isinf(y)) return complex<T>(y, x);
    if (y == T(0)) return z;
    return complex<T>(x, x);
  }
  if (::std::isinf(y)) return complex<T>(::std::copysign(y, x), ::std::copysign(pi / T(2), y));
  const complex<T> w = log(z + sqrt(dualgpu_complex::square(z) + T(1)));
  return complex<T>(::std::copysign(w.real(), x), ::std::copysign(w.imag(), y));
}
template <typename T>
__host__ __device__ complex<T> acosh(const complex<T>& z) {
  const T pi = dualgpu_complex::pi<T>(), x = z.real(), y = z.imag();
  if (::std::isinf(x)) {
    if (::std::isnan(y)) return complex<T>(::std::fabs(x), y);
    if (::std::isinf(y)) return complex<T>(::std::fabs(x), ::std::copysign(pi * (x > T(0) ? T(0.25) : T(0.75)), y));
    if (x < T(0)) return complex<T>(-x, ::std::copysign(pi, y));
    return complex<T>(x, ::std::copysign(T(0), y));
  }
  if (::std::isnan(x)) return ::std::isinf(y) ? complex<T>(::std::fabs(y), x) : complex<T>(x, x);
  if (::std::isinf(y)) return complex<T>(::std::fabs(y), ::std::copysign(pi / T(2), y));
  const complex<T> w = log(z + sqrt(dualgpu_complex::square(z) - T(1)));
  return complex<T>(::std::copysign(w.real(), T(0)), ::std::copysign(w.imag(), y));
}
template <typename T>
__host__ __device__ complex<T> atanh(const complex<T>& z) {
  const T pi = dualgpu_complex::pi<T>(), x = z.real(), y = z.imag();
  if (::std::isinf(y)) return complex<T>(::std::copysign(T(0), x), ::std::copysign(pi / T(2), y));
  if (::std::isnan(y)) {
    if (::std::isinf(x) || x == T(0)) return complex<T>(::std::copysign(T(0), x), y);
    return complex<T>(y, y);
  }
  if (::std::isnan(x)) return complex<T>(x, x);
  if (::std::isinf(x)) return complex<T>(::std::copysign(T(0), x), ::std::copysign(pi / T(2), y));
  if (::std::fabs(x) == T(1) && y == T(0))
    return complex<T>(::std::copysign(dualgpu_complex::infinity<T>(), x), ::std::copysign(T(0), y));
  const complex<T> w = log((T(1) + z) / (T(1) - z)) / T(2);
  return complex<T>(::std::copysign(w.real(), x), ::std::copysign(w.imag(), y));
}
template <typename T>
__host__ __device__ complex<T> asin(const complex<T>& z) {
  return dualgpu_complex::times_minus_i(asinh(dualgpu_complex::times_i(z)));
}
template <typename T>
__host__ __device__ complex<T> acos(const complex<T>& z) {
  const T pi = dualgpu_complex::pi<T>(), x = z.real(), y = z.imag();
  if (::std::isinf(x)) {
    if (::std::isnan(y)) return complex<T>(y, x);
    if (::std::isinf(y)) return complex<T>((x < T(0) ? T(0.75) : T(0.25)) * pi, -y);
    if (x < T(0)) return complex<T>(pi, ::std::signbit(y) ? -x : x);
    return complex<T>(T(0), ::std::signbit(y) ? x : -x);
  }
  if (::std::isnan(x)) return ::std::isinf(y) ? complex<T>(x, -y) : complex<T>(x, x);
  if (::std::isinf(y)) return complex<T>(pi / T(2), -y);
  if (x == T(0) && (y == T(0) || ::std::isnan(y))) return complex<T>(pi / T(2), -y);
  const complex<T> w = log(z + sqrt(dualgpu_complex::square(z) - T(1)));
  if (::std::signbit(y)) return complex<T>(::std::fabs(w.imag()), ::std::fabs(w.real()));
  return complex<T>(::std::fabs(w.imag()), -::std::fabs(w.real()));
}
template <typename T>
__host__ __device__ complex<T> atan(const complex<T>& z) {
  return dualgpu_complex::times_minus_i(atanh(dualgpu_complex::times_i(z)));
}

}  // namespace std
}  // namespace cuda
