// The CUDA-named bf16 and half functions the HIP shim adds (dualgpu_cuda_bf16_conversions.h,
// dualgpu_cuda_half_functions.h), called by their CUDA names on real HIP types, on the host: built
// as HIP with each ROCm toolchain (host only) and run on the CPU. Each result is checked against a
// reference written here from CUDA's documented rule: long double arithmetic, the two neighbours of a
// value in the format found by stepping its bits, CUDA's NaN and saturation rules. Exits 1 on a mismatch.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

namespace {

int failures = 0;

void expect(bool ok, const char* what, double input, double got, double want) {
  if (!ok && failures++ < 20) std::printf("%s(%.17g) = %.17g, want %.17g\n", what, input, got, want);
}

std::uint16_t bits(__nv_bfloat16 b) { std::uint16_t u; std::memcpy(&u, &b, 2); return u; }
std::uint16_t bits(__half h) { std::uint16_t u; std::memcpy(&u, &h, 2); return u; }
__nv_bfloat16 bf16_of(std::uint16_t u) { __nv_bfloat16 b; std::memcpy(&b, &u, 2); return b; }
__half half_of(std::uint16_t u) { __half h; std::memcpy(&h, &u, 2); return h; }
long double value(__nv_bfloat16 b) { return __bfloat162float(b); }
long double value(__half h) { return __half2float(h); }

// CUDA's conversion of a rounded value to T: NaN to 0 (0x8000000000000000 for 64-bit), saturated.
template <typename T>
long double cuda_integer(long double rounded) {
  if (std::isnan(rounded)) return sizeof(T) == 8 ? static_cast<long double>(static_cast<T>(std::uint64_t{1} << 63)) : 0;
  const long double low = std::numeric_limits<T>::min(), high = std::numeric_limits<T>::max();
  return rounded < low ? low : rounded > high ? high : rounded;
}

template <typename T>
void check_to_integer(const char* name, T (*fn)(__nv_bfloat16), long double (*round)(long double)) {
  for (std::uint32_t u = 0; u < 65536; ++u) {
    const __nv_bfloat16 b = bf16_of(static_cast<std::uint16_t>(u));
    const long double want = cuda_integer<T>(std::isnan(value(b)) ? value(b) : round(value(b)));
    const long double got = fn(b);
    expect(got == want, name, static_cast<double>(value(b)), static_cast<double>(got), static_cast<double>(want));
  }
}

long double nearest_even(long double x) { return std::nearbyint(x); }  // the default rounding mode is to nearest even
long double toward_zero(long double x) { return std::trunc(x); }
long double down(long double x) { return std::floor(x); }
long double up(long double x) { return std::ceil(x); }

// The neighbours of x in a 16-bit format, by stepping the bits of the format's finite values.
template <typename F>
void neighbours(long double x, F (*of)(std::uint16_t), std::uint16_t largest_finite, F* below, F* above) {
  std::uint16_t lo = 0, hi = largest_finite;  // non-negative values are ordered as their bits
  const long double a = std::fabs(x);
  if (a > value(of(largest_finite))) {
    *below = of(largest_finite);
    *above = of(static_cast<std::uint16_t>(largest_finite + 1));  // infinity
  } else {
    while (hi - lo > 1) {
      const std::uint16_t mid = static_cast<std::uint16_t>((lo + hi) / 2);
      (value(of(mid)) <= a ? lo : hi) = mid;
    }
    if (value(of(hi)) <= a) lo = hi;
    *below = of(lo);
    *above = value(of(lo)) == a ? of(lo) : of(hi);
  }
  if (x < 0) {  // mirror: the one nearer zero is above
    const F b = of(static_cast<std::uint16_t>(bits(*above) | 0x8000u)), a2 = of(static_cast<std::uint16_t>(bits(*below) | 0x8000u));
    *below = b;
    *above = a2;
  }
}

template <typename F>
bool rounded_right(long double x, F got, F (*of)(std::uint16_t), std::uint16_t largest_finite, char mode) {
  F below, above;
  neighbours(x, of, largest_finite, &below, &above);
  if (bits(below) == bits(above)) return bits(got) == bits(below) || (x == 0 && value(got) == 0);
  switch (mode) {
    case 'd': return bits(got) == bits(below);
    case 'u': return bits(got) == bits(above);
    case 'z': return bits(got) == bits(x < 0 ? above : below);
    default: {
      const long double to_below = x - value(below), to_above = value(above) - x;
      const bool finite_above = std::isfinite(value(above)), finite_below = std::isfinite(value(below));
      if (!finite_above || !finite_below) {  // past the largest finite value: IEEE overflow threshold
        const long double largest = value(of(largest_finite));
        const long double ulp = largest - value(of(static_cast<std::uint16_t>(largest_finite - 1)));
        const bool overflow = std::fabs(x) >= largest + ulp / 2;
        return overflow ? std::isinf(value(got)) : std::fabs(value(got)) == largest;
      }
      if (to_below != to_above) return bits(got) == bits(to_below < to_above ? below : above);
      return bits(got) == bits((bits(below) & 1) ? above : below);
    }
  }
}

template <typename T>
void check_from_integer(const char* name, __nv_bfloat16 (*rn)(T), __nv_bfloat16 (*rz)(T), __nv_bfloat16 (*rd)(T),
                        __nv_bfloat16 (*ru)(T)) {
  std::mt19937_64 random(9);
  for (int k = 0; k < 20000; ++k) {
    T v = static_cast<T>(random() >> (random() % 64));
    if (k < 4) v = k == 0 ? std::numeric_limits<T>::min() : k == 1 ? std::numeric_limits<T>::max() : static_cast<T>(k);
    const long double x = static_cast<long double>(v);
    bool ok = rounded_right(x, rn(v), bf16_of, 0x7f7f, 'n') && rounded_right(x, rz(v), bf16_of, 0x7f7f, 'z') &&
              rounded_right(x, rd(v), bf16_of, 0x7f7f, 'd') && rounded_right(x, ru(v), bf16_of, 0x7f7f, 'u');
    expect(ok, name, static_cast<double>(x), static_cast<double>(value(rn(v))), 0);
  }
}

void check_bf16() {
  check_to_integer<short>("__bfloat162short_rn", __bfloat162short_rn, nearest_even);
  check_to_integer<short>("__bfloat162short_rz", __bfloat162short_rz, toward_zero);
  check_to_integer<unsigned short>("__bfloat162ushort_rd", __bfloat162ushort_rd, down);
  check_to_integer<unsigned short>("__bfloat162ushort_ru", __bfloat162ushort_ru, up);
  check_to_integer<int>("__bfloat162int_rn", __bfloat162int_rn, nearest_even);
  check_to_integer<unsigned>("__bfloat162uint_rz", __bfloat162uint_rz, toward_zero);
  check_to_integer<long long>("__bfloat162ll_rd", __bfloat162ll_rd, down);
  check_to_integer<unsigned long long>("__bfloat162ull_ru", __bfloat162ull_ru, up);
  check_to_integer<unsigned long long>("__bfloat162ull_rn", __bfloat162ull_rn, nearest_even);
  check_to_integer<signed char>("__bfloat162char_rz", __bfloat162char_rz, toward_zero);
  check_to_integer<unsigned char>("__bfloat162uchar_rz", __bfloat162uchar_rz, toward_zero);
  check_from_integer<int>("__int2bfloat16_*", __int2bfloat16_rn, __int2bfloat16_rz, __int2bfloat16_rd, __int2bfloat16_ru);
  check_from_integer<unsigned>("__uint2bfloat16_*", __uint2bfloat16_rn, __uint2bfloat16_rz, __uint2bfloat16_rd,
                               __uint2bfloat16_ru);
  check_from_integer<short>("__short2bfloat16_*", __short2bfloat16_rn, __short2bfloat16_rz, __short2bfloat16_rd,
                            __short2bfloat16_ru);
  check_from_integer<long long>("__ll2bfloat16_*", __ll2bfloat16_rn, __ll2bfloat16_rz, __ll2bfloat16_rd, __ll2bfloat16_ru);
  check_from_integer<unsigned long long>("__ull2bfloat16_*", __ull2bfloat16_rn, __ull2bfloat16_rz, __ull2bfloat16_rd,
                                         __ull2bfloat16_ru);
  std::mt19937 random(4);
  for (int k = 0; k < 200000; ++k) {
    std::uint32_t u = random();
    float f;
    std::memcpy(&f, &u, 4);
    if (std::isnan(f)) {
      expect(std::isnan(value(__float2bfloat16_rd(f))) && std::isnan(value(__float2bfloat16_ru(f))), "NaN kept", f, 0, 0);
      continue;
    }
    expect(rounded_right(f, __float2bfloat16_rd(f), bf16_of, 0x7f7f, 'd'), "__float2bfloat16_rd", f, value(__float2bfloat16_rd(f)), 0);
    expect(rounded_right(f, __float2bfloat16_ru(f), bf16_of, 0x7f7f, 'u'), "__float2bfloat16_ru", f, value(__float2bfloat16_ru(f)), 0);
    const double d = static_cast<double>(f) * (1.0 + std::ldexp(static_cast<double>(random() % 1024), -40));
    expect(rounded_right(d, __double2bfloat16(d), bf16_of, 0x7f7f, 'n'), "__double2bfloat16", d, value(__double2bfloat16(d)), 0);
  }
}

void check_half() {
  std::mt19937 random(6);
  // From double, to nearest even.
  for (int k = 0; k < 200000; ++k) {
    const double d = std::ldexp(static_cast<double>(random()) / 4294967296.0 - 0.5, static_cast<int>(random() % 48) - 30);
    expect(rounded_right(d, __double2half(d), half_of, 0x7bff, 'n'), "__double2half", d, value(__double2half(d)), 0);
  }
  // To 8-bit integers toward zero, on every half.
  for (std::uint32_t u = 0; u < 65536; ++u) {
    const __half h = half_of(static_cast<std::uint16_t>(u));
    const long double v = value(h);
    const long double c = cuda_integer<signed char>(std::isnan(v) ? v : std::trunc(v));
    const long double uc = cuda_integer<unsigned char>(std::isnan(v) ? v : std::trunc(v));
    expect(__half2char_rz(h) == c, "__half2char_rz", static_cast<double>(v), __half2char_rz(h), static_cast<double>(c));
    expect(__half2uchar_rz(h) == uc, "__half2uchar_rz", static_cast<double>(v), __half2uchar_rz(h), static_cast<double>(uc));
  }
  // max/min keeping NaN, +0 above -0; no fused rounding; masks; on pairs of special and random halves.
  std::uint16_t pool[64] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x0001, 0x8001, 0x7bff, 0xfbff};
  for (int k = 12; k < 64; ++k) pool[k] = static_cast<std::uint16_t>(random());
  for (std::uint16_t ua : pool)
    for (std::uint16_t ub : pool) {
      const __half a = half_of(ua), b = half_of(ub);
      const long double x = value(a), y = value(b);
      const bool any_nan = std::isnan(x) || std::isnan(y);
      // CUDA: NaN if either is NaN, else the larger (smaller), +0 above -0. ROCm 6 declares its own
      // __hmax_nan/__hmin_nan, which order the two zeros as they come (docs/porting.md): there a zero
      // pair may give either zero.
      const bool zeros = x == 0 && y == 0;
      const std::uint16_t max_want = (x > y || (x == y && !std::signbit(static_cast<double>(x)))) ? ua : ub;
      const std::uint16_t min_want = (x < y || (x == y && std::signbit(static_cast<double>(x)))) ? ua : ub;
      const bool hip_orders_zeros = HIP_VERSION_MAJOR >= 6 && zeros;
      const __half got_max = __hmax_nan(a, b), got_min = __hmin_nan(a, b);
      expect(any_nan ? std::isnan(value(got_max)) : (hip_orders_zeros ? value(got_max) == 0 : bits(got_max) == max_want),
             "__hmax_nan", static_cast<double>(x), bits(got_max), max_want);
      expect(any_nan ? std::isnan(value(got_min)) : (hip_orders_zeros ? value(got_min) == 0 : bits(got_min) == min_want),
             "__hmin_nan", static_cast<double>(x), bits(got_min), min_want);
      // The exact result (long double holds a sum or product of two halves), rounded once; NaN stays NaN.
      const auto rounded_once = [&](long double exact, __half got) {
        return std::isnan(exact) ? std::isnan(value(got)) : rounded_right(exact, got, half_of, 0x7bff, 'n');
      };
      expect(rounded_once(x * y, __hmul_rn(a, b)), "__hmul_rn", static_cast<double>(x), value(__hmul_rn(a, b)), 0);
      expect(rounded_once(x + y, __hadd_rn(a, b)), "__hadd_rn", static_cast<double>(x), value(__hadd_rn(a, b)), 0);
      expect(rounded_once(x - y, __hsub_rn(a, b)), "__hsub_rn", static_cast<double>(x), value(__hsub_rn(a, b)), 0);
      const __half2 p = __halves2half2(a, b), q = __halves2half2(b, a);
      const unsigned lt = (x < y ? 0xffffu : 0u) | (y < x ? 0xffff0000u : 0u);
      const unsigned geu = (!(x < y) ? 0xffffu : 0u) | (!(y < x) ? 0xffff0000u : 0u);
      const unsigned ne = (x < y || x > y ? 0xffffffffu : 0u);
      expect(__hlt2_mask(p, q) == lt, "__hlt2_mask", static_cast<double>(x), __hlt2_mask(p, q), lt);
      expect(__hgeu2_mask(p, q) == geu, "__hgeu2_mask", static_cast<double>(x), __hgeu2_mask(p, q), geu);
      expect(__hne2_mask(p, q) == ne, "__hne2_mask", static_cast<double>(x), __hne2_mask(p, q), ne);
    }
}

}  // namespace

int main() {
  check_bf16();
  check_half();
  std::printf("%s: %d mismatches\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
