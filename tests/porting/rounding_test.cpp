// dualgpu_cuda_rounding.h on the CPU: integers and doubles rounded to bfloat16 and half in CUDA's
// four modes, against the two neighbours of the exact value found in a table of every finite value
// of the format (long double holds each input exactly); and the saturating float-to-integer
// conversion against CUDA's documented rule. Exits 1 on any mismatch.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "dualgpu_cuda_rounding.h"

namespace {

using namespace dualgpu::cuda_rounding;

int failures = 0;

// Every non-negative finite value of the format with its bits, in order, then infinity as the value
// just past the largest (2^(max_exponent + 1)), where round-to-nearest and the upward modes overflow.
struct table {
  std::vector<long double> value;
  std::vector<std::uint16_t> bits;
};

table every_value(format f) {
  table t;
  const int fraction_bits = f.digits - 1;
  const std::uint16_t infinity = static_cast<std::uint16_t>(((1u << (15 - fraction_bits)) - 1) << fraction_bits);
  for (std::uint32_t b = 0; b < infinity; ++b) {
    const int biased = static_cast<int>(b >> fraction_bits);
    const long double fraction = static_cast<long double>(b & ((1u << fraction_bits) - 1));
    const long double v = biased ? std::ldexp(fraction + std::ldexp(1.0L, fraction_bits), biased - 1 + f.min_exponent - fraction_bits)
                                 : std::ldexp(fraction, f.min_exponent - fraction_bits);
    t.value.push_back(v);
    t.bits.push_back(static_cast<std::uint16_t>(b));
  }
  t.value.push_back(std::ldexp(1.0L, f.max_exponent + 1));
  t.bits.push_back(infinity);
  return t;
}

std::uint16_t reference(const table& t, long double x, mode how) {
  const bool negative = std::signbit(x);
  const long double a = std::fabs(x);
  const auto hi = std::lower_bound(t.value.begin(), t.value.end(), a);  // first >= a
  std::size_t up = static_cast<std::size_t>(hi - t.value.begin());
  if (up == t.value.size()) up = t.value.size() - 1;  // beyond infinity's stand-in: infinity
  const std::size_t last = t.value.size() - 1;  // infinity's stand-in is not a value the format holds
  const std::size_t down = t.value[up] == a && up != last ? up : up - 1;
  std::size_t pick = down;
  const bool away = (how == mode::up && !negative) || (how == mode::down && negative);
  if (how == mode::nearest_even) {
    const long double below = a - t.value[down], above = t.value[up] - a;
    pick = below < above ? down : above < below ? up : ((t.bits[down] & 1) ? up : down);
  } else if (away) {
    pick = up;
  }
  return static_cast<std::uint16_t>((negative ? 0x8000u : 0u) | t.bits[pick]);
}

const char* name_of(mode how) {
  switch (how) {
    case mode::nearest_even: return "rn";
    case mode::toward_zero: return "rz";
    case mode::down: return "rd";
    case mode::up: return "ru";
  }
  return "?";
}

void expect(bool ok, const char* what, const char* fmt_name, mode how, long double x, unsigned got, unsigned want) {
  if (!ok && failures++ < 20)
    std::printf("%s to %s (%s) of %.21Lg: 0x%04x, want 0x%04x\n", what, fmt_name, name_of(how), x, got, want);
}

void check_format(format f, const char* fmt_name) {
  const table t = every_value(f);
  std::mt19937_64 random(5);
  const mode modes[] = {mode::nearest_even, mode::toward_zero, mode::down, mode::up};
  // Integers: every one up to 2^17, then random ones of every length, both signs.
  std::vector<std::uint64_t> integers;
  for (std::uint64_t m = 0; m <= (1u << 17); ++m) integers.push_back(m);
  for (int length = 1; length <= 64; ++length)
    for (int k = 0; k < 2000; ++k) {
      const std::uint64_t top = std::uint64_t{1} << (length - 1);
      integers.push_back(top | (random() & (top - 1)));
    }
  for (std::uint64_t m : integers)
    for (bool negative : {false, true})
      for (mode how : modes) {
        const long double x = negative ? -static_cast<long double>(m) : static_cast<long double>(m);
        const unsigned got = bits_of_integer(f, negative, m, how), want = m ? reference(t, x, how) : (negative ? 0x8000u : 0u);
        expect(got == want, "integer", fmt_name, how, x, got, want);
      }
  // Doubles: random bit patterns over the whole exponent range, and values near the format's ends.
  std::vector<double> doubles;
  for (int k = 0; k < 400000; ++k) {
    std::uint64_t bits = random();
    const int exponent = static_cast<int>(random() % 120) - 60 + (k % 2 ? f.min_exponent : f.max_exponent);
    bits = (bits & 0x800fffffffffffffull) | static_cast<std::uint64_t>(std::clamp(exponent + 1023, 1, 2046)) << 52;
    double d;
    std::memcpy(&d, &bits, 8);
    doubles.push_back(d);
  }
  for (std::size_t i = 0; i + 1 < t.value.size(); ++i)  // each value, and the midpoint after it
    if (i % 7 == 0) {
      doubles.push_back(static_cast<double>(t.value[i]));
      doubles.push_back(static_cast<double>((t.value[i] + t.value[i + 1]) / 2));
    }
  for (double d : doubles) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, 8);
    for (mode how : modes) {
      const unsigned got = bits_of_double(f, bits, how), want = reference(t, static_cast<long double>(d), how);
      expect(got == want, "double", fmt_name, how, d, got, want);
    }
  }
  // Infinities and NaNs keep their kind.
  const std::uint16_t infinity = t.bits.back();
  expect(bits_of_double(f, 0x7ff0000000000000ull, mode::toward_zero) == infinity, "double +inf", fmt_name, mode::toward_zero, 0, 0, infinity);
  const std::uint16_t nan = bits_of_double(f, 0xfff8000000000001ull, mode::nearest_even);
  expect((nan & 0x7fff) > infinity, "double NaN", fmt_name, mode::nearest_even, 0, nan, infinity + 1);
}

template <typename T>
void check_saturate(const char* type_name) {
  constexpr bool is_signed = T(-1) < T(0);
  const long double high = is_signed ? std::ldexp(1.0L, 8 * static_cast<int>(sizeof(T)) - 1) - 1
                                     : std::ldexp(1.0L, 8 * static_cast<int>(sizeof(T))) - 1;
  const long double low = is_signed ? -high - 1 : 0;
  std::mt19937 random(11);
  for (int k = 0; k < 200000; ++k) {
    std::uint32_t bits = random();
    float f;
    std::memcpy(&f, &bits, 4);
    if (!std::isnan(f)) f = std::rint(f);
    const T got = saturate<T>(f);
    long double want = std::isnan(f) ? (sizeof(T) == 8 ? static_cast<long double>(static_cast<T>(std::uint64_t{1} << 63)) : 0)
                                     : std::clamp(static_cast<long double>(f), low, high);
    if (static_cast<long double>(got) != want && failures++ < 20)
      std::printf("saturate<%s>(%g) = %.0Lf, want %.0Lf\n", type_name, f, static_cast<long double>(got), want);
  }
}

}  // namespace

int main() {
  check_format(bfloat16, "bfloat16");
  check_format(half, "half");
  check_saturate<signed char>("signed char");
  check_saturate<unsigned char>("unsigned char");
  check_saturate<short>("short");
  check_saturate<unsigned short>("unsigned short");
  check_saturate<int>("int");
  check_saturate<unsigned>("unsigned");
  check_saturate<long long>("long long");
  check_saturate<unsigned long long>("unsigned long long");
  std::printf("%s: %d mismatches\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
