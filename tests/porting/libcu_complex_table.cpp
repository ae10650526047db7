// libcu++'s cuda::std::complex, printed as a table: the arithmetic and every function on float and double
// complex values from a grid of parts (signed zeros, small and large magnitudes, infinities, NaN), built
// once against NVIDIA's libcu++ (host code, g++) and once against DualGPU's (host code of a HIP build), and
// the two tables must be the same (run_host_program.cmake with REFERENCE). Parts print as hex floats with
// their sign; a NaN prints as "nan", since which NaN an operation makes is not part of either's contract.
#include <cuda/std/cmath>
#include <cuda/std/complex>

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace {

template <typename T>
void part(T x) {
  if (std::isnan(x))
    std::printf(" nan");
  else
    std::printf(" %a", static_cast<double>(x));
}
template <typename T>
void show(const char* what, const cuda::std::complex<T>& z) {
  std::printf(" %s", what);
  part(z.real());
  part(z.imag());
}
template <typename T>
void show(const char* what, T x) {
  std::printf(" %s", what);
  part(x);
}

template <typename T>
std::vector<T> parts() {
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  return {T(0), T(-0.0), T(1), T(-1), T(0.5), T(-2.75), T(3), T(1e-30), T(-7e20), std::numeric_limits<T>::max() / 4,
          std::numeric_limits<T>::denorm_min(), inf, -inf, nan};
}

template <typename T>
void table(const char* type) {
  using C = cuda::std::complex<T>;
  const auto values = parts<T>();
  for (T a : values)
    for (T b : values) {
      const C z(a, b);
      std::printf("%s", type);
      show("z", z);
      show("abs", cuda::std::abs(z));
      show("arg", cuda::std::arg(z));
      show("norm", cuda::std::norm(z));
      show("conj", cuda::std::conj(z));
      show("proj", cuda::std::proj(z));
      show("exp", cuda::std::exp(z));
      show("log", cuda::std::log(z));
      show("log10", cuda::std::log10(z));
      show("sqrt", cuda::std::sqrt(z));
      show("sin", cuda::std::sin(z));
      show("cos", cuda::std::cos(z));
      show("tan", cuda::std::tan(z));
      show("sinh", cuda::std::sinh(z));
      show("cosh", cuda::std::cosh(z));
      show("tanh", cuda::std::tanh(z));
      show("asin", cuda::std::asin(z));
      show("acos", cuda::std::acos(z));
      show("atan", cuda::std::atan(z));
      show("asinh", cuda::std::asinh(z));
      show("acosh", cuda::std::acosh(z));
      show("atanh", cuda::std::atanh(z));
      show("neg", -z);
      std::printf("\n");
      for (T c : values)
        for (T d : values) {
          const C w(c, d);
          std::printf("%s", type);
          show("z", z);
          show("w", w);
          show("mul", z * w);
          show("div", z / w);
          show("add", z + w);
          show("sub", z - w);
          show("eq", static_cast<T>(z == w));
          std::printf("\n");
        }
      std::printf("%s", type);
      show("z", z);
      show("times2", z * T(2));
      show("over4", z / T(4));
      show("plus1", T(1) + z);
      show("one_over", T(1) / z);
      show("polar", cuda::std::polar(std::fabs(a), b));
      if (std::isfinite(a) && std::isfinite(b) && std::fabs(a) < T(100) && std::fabs(b) < T(100)) {
        show("pow", cuda::std::pow(z, C(T(0.5), T(-1.5))));
        show("pow_real", cuda::std::pow(z, T(3)));
        show("real_pow", cuda::std::pow(T(2), z));
      }
      C acc(T(1), T(1));
      acc += z;
      acc *= C(T(2), T(-1));
      acc /= C(T(0.5), T(4));
      acc -= T(3);
      show("compound", acc);
      std::printf("\n");
    }
}

}  // namespace

int main() {
  table<float>("f");
  table<double>("d");
  const cuda::std::complex<double> widened(cuda::std::complex<float>(1.5f, -2.25f));
  std::printf("widened %a %a\n", widened.real(), widened.imag());
  // The real functions of the same names stay callable through cuda::std.
  std::printf("real functions %a %a %d %a %a %a\n", cuda::std::exp(1.0), static_cast<double>(cuda::std::sqrt(2.0f)),
              cuda::std::abs(-3), cuda::std::pow(2.0, 0.5), cuda::std::asinh(0.75), cuda::std::atan(2.0));
  return 0;
}
