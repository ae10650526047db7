// dualgpu/on_hip/dualgpu_cuda_int_math.h: libcu++'s integer helpers of <cuda/cmath> on AMD, host and device:
// cuda::ceil_div, cuda::round_up, cuda::round_down (integers or enums, the result in their common type, the
// arithmetic in the type they promote to, as libcu++ does it) and cuda::ilog2, cuda::ilog10 (the floor of
// the logarithm of a positive integer). Plain constexpr arithmetic, checked against NVIDIA's header on the
// host by porting.libcu_math_table.
#pragma once

#include <type_traits>

namespace dualgpu {
namespace cuda_int_math {

// An enum's value as its underlying integer, an integer as itself.
template <typename T, bool = std::is_enum<T>::value>
struct integer_of {
  using type = T;
};
template <typename T>
struct integer_of<T, true> {
  using type = std::underlying_type_t<T>;
};
template <typename T, typename U>
constexpr bool integers =
    std::is_integral<typename integer_of<T>::type>::value && std::is_integral<typename integer_of<U>::type>::value;

template <typename T, typename U>
__host__ __device__ constexpr std::common_type_t<T, U> ceil_div(T a, U b) {
  using common = std::common_type_t<T, U>;
  using promoted = decltype(T{} / U{});
  using wide = std::make_unsigned_t<promoted>;
  const auto a1 = static_cast<wide>(a), b1 = static_cast<wide>(b);
  if constexpr (std::is_signed<promoted>::value) {
    return static_cast<common>((a1 + b1 - 1) / b1);  // both below half the unsigned range: no wrap
  } else {
    const wide whole = a1 / b1;  // no a + b - 1, which could wrap
    return static_cast<common>(whole + (whole * b1 != a1));
  }
}

template <typename T>
__host__ __device__ constexpr int floor_log2(T t) {
  auto u = static_cast<std::make_unsigned_t<T>>(t);
  int log = -1;
  for (; u != 0; u >>= 1) ++log;
  return log;
}

}  // namespace cuda_int_math
}  // namespace dualgpu

namespace cuda {

template <typename T, typename U,
          typename = std::enable_if_t<::dualgpu::cuda_int_math::integers<T, U>>>
__host__ __device__ constexpr auto ceil_div(const T a, const U b) noexcept {
  namespace m = ::dualgpu::cuda_int_math;
  return m::ceil_div(static_cast<typename m::integer_of<T>::type>(a), static_cast<typename m::integer_of<U>::type>(b));
}

template <typename T, typename U,
          typename = std::enable_if_t<::dualgpu::cuda_int_math::integers<T, U>>>
__host__ __device__ constexpr auto round_up(const T a, const U b) noexcept {
  namespace m = ::dualgpu::cuda_int_math;
  using A = typename m::integer_of<T>::type;
  using B = typename m::integer_of<U>::type;
  using promoted = decltype(A{} / B{});
  const auto blocks = m::ceil_div(static_cast<promoted>(a), static_cast<promoted>(b));
  return static_cast<std::common_type_t<A, B>>(static_cast<promoted>(blocks) * static_cast<promoted>(b));
}

template <typename T, typename U,
          typename = std::enable_if_t<::dualgpu::cuda_int_math::integers<T, U>>>
__host__ __device__ constexpr auto round_down(const T a, const U b) noexcept {
  namespace m = ::dualgpu::cuda_int_math;
  using A = typename m::integer_of<T>::type;
  using B = typename m::integer_of<U>::type;
  using wide = std::make_unsigned_t<decltype(A{} / B{})>;
  return static_cast<std::common_type_t<A, B>>(static_cast<wide>(a) / static_cast<wide>(b) * static_cast<wide>(b));
}

template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>>
__host__ __device__ constexpr int ilog2(T t) noexcept {
  return ::dualgpu::cuda_int_math::floor_log2(t);
}

template <typename T, typename = std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>>
__host__ __device__ constexpr int ilog10(T t) noexcept {
  auto u = static_cast<std::make_unsigned_t<T>>(t);
  int log = 0;
  for (; u >= 10; u /= 10) ++log;
  return log;
}

}  // namespace cuda
