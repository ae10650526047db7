// libcu++'s <cuda/cmath> integer helpers and <cuda/functional> objects, printed as a table for every integer
// type and for values at the ends of their ranges: built once against NVIDIA's libcu++ (host code, g++) and
// once against DualGPU's (host code of a HIP build), and the two tables must be the same
// (run_host_program.cmake with REFERENCE). The result types are printed too (size and signedness), since
// the common type is part of what these functions promise.
#include <cuda/cmath>
#include <cuda/functional>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <type_traits>

namespace {

enum class lanes : short { wave = 64 };
enum block : unsigned { block_size = 256 };

template <typename R>
void show(const char* what, R r) {
  std::printf(" %s:%c%zu:%lld", what, std::is_signed<R>::value ? 's' : 'u', sizeof(R),
              static_cast<long long>(r));
}

// a and b both positive, as the functions require.
template <typename A, typename B>
void divide(A a, B b) {
  std::printf("%lld/%lld", static_cast<long long>(a), static_cast<long long>(b));
  show("ceil_div", cuda::ceil_div(a, b));
  show("round_up", cuda::round_up(a, b));
  show("round_down", cuda::round_down(a, b));
  std::printf("\n");
}

template <typename A, typename B>
void divide_all() {
  const unsigned long long a_values[] = {0, 1, 2, 7, 63, 64, 65, 127, 255, 1000, 32767, 65535, 2147483647ull,
                                         4294967295ull, 9223372036854775807ull};
  const unsigned long long b_values[] = {1, 2, 3, 7, 64, 100, 127};
  for (auto a : a_values)
    for (auto b : b_values) {
      if (a > static_cast<unsigned long long>(std::numeric_limits<A>::max()) ||
          b > static_cast<unsigned long long>(std::numeric_limits<B>::max()))
        continue;
      // round_up must not overflow: keep a at most the largest multiple of b the common type holds.
      using C = std::common_type_t<A, B>;
      const auto top = static_cast<unsigned long long>(std::numeric_limits<C>::max());
      if (a > top / b * b) continue;
      divide(static_cast<A>(a), static_cast<B>(b));
    }
}

template <typename T>
void logs() {
  std::printf("logs %c%zu", std::is_signed<T>::value ? 's' : 'u', sizeof(T));
  const unsigned long long top = static_cast<unsigned long long>(std::numeric_limits<T>::max());
  // 1 to 1000, then growing by three times: a bounded walk up to the type's largest value.
  for (unsigned long long v = 1; v <= top;) {
    std::printf(" %llu:%d:%d", v, cuda::ilog2(static_cast<T>(v)), cuda::ilog10(static_cast<T>(v)));
    if (v >= 1000 && v > (top - 1) / 3) break;
    v = v < 1000 ? v + 1 : v * 3 + 1;
  }
  for (unsigned long long p = 10; p < top; p *= 10) {  // each power of ten and its neighbours
    std::printf(" %llu:%d:%d %llu:%d", p - 1, cuda::ilog10(static_cast<T>(p - 1)), cuda::ilog10(static_cast<T>(p)), p + 1,
                cuda::ilog10(static_cast<T>(p + 1)));
    if (p > top / 10) break;
  }
  std::printf(" max:%d:%d\n", cuda::ilog2(std::numeric_limits<T>::max()), cuda::ilog10(std::numeric_limits<T>::max()));
}

void functional() {
  std::printf("maximum %d %g %lld", cuda::maximum<int>()(3, -4), cuda::maximum<double>()(0.5, 0.25),
              static_cast<long long>(cuda::maximum<>()(-3, 2u)));
  show("max_mixed", cuda::maximum<>()(short(-3), 7LL));
  show("min_mixed", cuda::minimum<>()(static_cast<unsigned char>(200), -1));
  std::printf(" minimum %d %g\n", cuda::minimum<int>()(3, -4), cuda::minimum<float>()(0.5f, -0.25f));
  const auto twice = cuda::proclaim_return_type<long>([](int v) { return 2L * v; });
  std::printf("proclaimed %ld plus %d\n", twice(21), cuda::std::plus<int>()(2, 3));
}

}  // namespace

int main() {
  divide_all<int, int>();
  divide_all<unsigned, int>();
  divide_all<int, unsigned>();
  divide_all<std::int8_t, std::int8_t>();
  divide_all<std::uint8_t, std::uint16_t>();
  divide_all<std::int16_t, std::uint8_t>();
  divide_all<long long, int>();
  divide_all<unsigned long long, unsigned>();
  divide_all<std::size_t, int>();
  divide_all<std::int64_t, std::uint64_t>();
  std::printf("enums");
  show("ceil_div", cuda::ceil_div(1000, block_size));
  show("round_up", cuda::round_up(1000u, lanes::wave));
  show("round_down", cuda::round_down(lanes::wave, 48));
  show("both", cuda::ceil_div(block_size, lanes::wave));
  std::printf("\n");
  logs<std::int8_t>();
  logs<std::uint8_t>();
  logs<short>();
  logs<std::uint16_t>();
  logs<int>();
  logs<unsigned>();
  logs<long long>();
  logs<unsigned long long>();
  functional();
  return 0;
}
