// CUDA's directed-rounding arithmetic as DualGPU provides it on AMD (dualgpu_cuda_directed_arith.h), held to
// the CPU's own: each function, in each of its three modes, on special values and on random operands of
// every magnitude (subnormals, ties, overflow), against the same operation done by the FPU with the rounding
// mode set (fesetround). Built as host code of a HIP build (run_host_program.cmake); exits 1 on a mismatch.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#pragma STDC FENV_ACCESS ON

namespace {

int failures = 0;
long checked = 0;

template <typename T>
bool same(T x, T y) {
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return std::memcmp(&x, &y, sizeof x) == 0;  // the sign of a zero counts
}

const int modes[] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
const char* mode_names[] = {"rd", "ru", "rz"};

// The FPU's result with `mode` set; the operands pass through volatile so nothing is folded early.
template <typename T, typename Op>
T hardware(int mode, Op op) {
  std::fesetround(mode);
  const T r = op();
  std::fesetround(FE_TONEAREST);
  return r;
}

template <typename T>
void report(const char* name, int mode, const std::vector<T>& args, T got, T want) {
  ++checked;
  if (same(got, want)) return;
  if (failures++ < 12) {
    std::printf("%s_%s(", name, mode_names[mode]);
    for (T a : args) std::printf(" %a", static_cast<double>(a));
    std::printf(" ) gives %a, the FPU %a\n", static_cast<double>(got), static_cast<double>(want));
  }
}

template <typename T>
void check_binary(T a, T b) {
  volatile T va = a, vb = b;
  using F = T (*)(T, T);
  struct row {
    const char* name;
    F fn[3];
    int op;  // 0 add, 1 sub, 2 mul, 3 div
  };
  const bool is_float = sizeof(T) == sizeof(float);
  const row rows[] = {
      {is_float ? "__fadd" : "__dadd", {}, 0},
      {is_float ? "__fsub" : "__dsub", {}, 1},
      {is_float ? "__fmul" : "__dmul", {}, 2},
      {is_float ? "__fdiv" : "__ddiv", {}, 3},
  };
  for (const row& r : rows)
    for (int m = 0; m < 3; ++m) {
      T got;
      if constexpr (sizeof(T) == sizeof(float)) {
        const F fns[4][3] = {{__fadd_rd, __fadd_ru, __fadd_rz}, {__fsub_rd, __fsub_ru, __fsub_rz},
                             {__fmul_rd, __fmul_ru, __fmul_rz}, {__fdiv_rd, __fdiv_ru, __fdiv_rz}};
        got = fns[r.op][m](a, b);
      } else {
        const F fns[4][3] = {{__dadd_rd, __dadd_ru, __dadd_rz}, {__dsub_rd, __dsub_ru, __dsub_rz},
                             {__dmul_rd, __dmul_ru, __dmul_rz}, {__ddiv_rd, __ddiv_ru, __ddiv_rz}};
        got = fns[r.op][m](a, b);
      }
      const T want = hardware<T>(modes[m], [&] {
        switch (r.op) {
          case 0: return T(va + vb);
          case 1: return T(va - vb);
          case 2: return T(va * vb);
          default: return T(va / vb);
        }
      });
      report(r.name, m, std::vector<T>{a, b}, got, want);
    }
}

template <typename T>
void check_unary(T a) {
  volatile T va = a;
  for (int m = 0; m < 3; ++m) {
    T sqrt_got, rcp_got;
    if constexpr (sizeof(T) == sizeof(float)) {
      float (*const sq[3])(float) = {__fsqrt_rd, __fsqrt_ru, __fsqrt_rz};
      float (*const rc[3])(float) = {__frcp_rd, __frcp_ru, __frcp_rz};
      sqrt_got = sq[m](a);
      rcp_got = rc[m](a);
    } else {
      double (*const sq[3])(double) = {__dsqrt_rd, __dsqrt_ru, __dsqrt_rz};
      double (*const rc[3])(double) = {__drcp_rd, __drcp_ru, __drcp_rz};
      sqrt_got = sq[m](a);
      rcp_got = rc[m](a);
    }
    report(sizeof(T) == 4 ? "__fsqrt" : "__dsqrt", m, std::vector<T>{a}, sqrt_got,
           hardware<T>(modes[m], [&] { return T(std::sqrt(T(va))); }));
    report(sizeof(T) == 4 ? "__frcp" : "__drcp", m, std::vector<T>{a}, rcp_got,
           hardware<T>(modes[m], [&] { return T(T(1) / va); }));
  }
}

void check_fmaf(float a, float b, float c) {
  volatile float va = a, vb = b, vc = c;
  float (*const plain[3])(float, float, float) = {__fmaf_rd, __fmaf_ru, __fmaf_rz};
  float (*const ieee[3])(float, float, float) = {__fmaf_ieee_rd, __fmaf_ieee_ru, __fmaf_ieee_rz};
  for (int m = 0; m < 3; ++m) {
    const float want = hardware<float>(modes[m], [&] { return std::fma(float(va), float(vb), float(vc)); });
    report("__fmaf", m, std::vector<float>{a, b, c}, plain[m](a, b, c), want);
    report("__fmaf_ieee", m, std::vector<float>{a, b, c}, ieee[m](a, b, c), want);
  }
}

void check_fma(double a, double b, double c) {
  volatile double va = a, vb = b, vc = c;
  double (*const fns[3])(double, double, double) = {__fma_rd, __fma_ru, __fma_rz};
  for (int m = 0; m < 3; ++m)
    report("__fma", m, std::vector<double>{a, b, c}, fns[m](a, b, c),
           hardware<double>(modes[m], [&] { return std::fma(double(va), double(vb), double(vc)); }));
}

// A c for a*b + c that makes the fma hard: the product cancelled to its last bits, c at the edges of the
// 2^200 gap where DualGPU's fma treats one side by its sign alone, or c a random value of close magnitude.
double hard_addend(double a, double b, double random_c, int kind, std::mt19937_64& rng) {
  const double p = a * b;
  if (!std::isfinite(p) || p == 0.0) return random_c;
  const int shift = static_cast<int>(rng() % 9) - 4;
  switch (kind) {
    case 0: return -p;                                                   // the result is the product's error
    case 1: return -p * (1.0 + std::ldexp(1.0, -40 + shift));            // a few bits left
    case 2: return std::ldexp(random_c, std::ilogb(p) - std::ilogb(random_c) + 200 + shift);
    case 3: return std::ldexp(random_c, std::ilogb(p) - std::ilogb(random_c) - 200 + shift);
    case 4: return std::ldexp(random_c, std::ilogb(p) - std::ilogb(random_c) + shift);
    default: return random_c;
  }
}

template <typename T, typename Bits>
std::vector<T> specials() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {T(0), T(1), T(3), T(0.1), L::min(), L::denorm_min(), L::max(), L::infinity(), L::quiet_NaN(),
                      std::nextafter(T(1), T(2)), std::nextafter(T(1), T(0)), std::nextafter(L::min(), T(0)),
                      std::nextafter(L::max(), T(0)), T(0.5) * L::epsilon(), T(1) + L::epsilon() * T(0.5)};
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  return v;
}

// Random bit patterns: every exponent is as likely as any other, subnormals and huge values included.
template <typename T, typename Bits>
T random_value(std::mt19937_64& rng) {
  const Bits bits = static_cast<Bits>(rng());
  T x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

template <typename T, typename Bits>
void run(std::mt19937_64& rng, int randoms) {
  const auto special = specials<T, Bits>();
  for (T a : special) {
    check_unary(a);
    for (T b : special) check_binary(a, b);
  }
  for (int i = 0; i < randoms; ++i) {
    const T a = random_value<T, Bits>(rng);
    T b = random_value<T, Bits>(rng);
    if (i % 4 == 1) b = std::ldexp(b, -std::ilogb(b) + std::ilogb(a));  // close magnitudes: cancellation
    check_unary(a);
    check_binary(a, b);
    check_binary(a, std::nextafter(-a, T(0)));  // a sum of one ulp
  }
}

}  // namespace

int main() {
  std::mt19937_64 rng(20261205);
  run<float, std::uint32_t>(rng, 200000);
  run<double, std::uint64_t>(rng, 200000);
  const auto special = specials<float, std::uint32_t>();
  for (float a : special)
    for (float b : special)
      for (float c : special) check_fmaf(a, b, c);
  for (int i = 0; i < 200000; ++i) {
    const float a = random_value<float, std::uint32_t>(rng), b = random_value<float, std::uint32_t>(rng);
    float c = random_value<float, std::uint32_t>(rng);
    if (i % 2 == 0 && std::isfinite(a * b) && a * b != 0.0f) c = -a * b * (1.0f + std::ldexp(1.0f, -20));  // cancellation
    check_fmaf(a, b, c);
  }
  const auto special_doubles = specials<double, std::uint64_t>();
  for (double a : special_doubles)
    for (double b : special_doubles)
      for (double c : special_doubles) check_fma(a, b, c);
  for (int i = 0; i < 300000; ++i) {
    const double a = random_value<double, std::uint64_t>(rng);
    double b = random_value<double, std::uint64_t>(rng);
    if (i % 3 == 0 && std::isfinite(a) && a != 0.0) b = std::ldexp(b, -std::ilogb(b) - std::ilogb(a));  // a*b near 1
    check_fma(a, b, hard_addend(a, b, random_value<double, std::uint64_t>(rng), i % 6, rng));
  }
  std::printf("%ld results checked against the FPU's directed rounding, %d wrong\n", checked, failures);
  return failures ? 1 : 0;
}
