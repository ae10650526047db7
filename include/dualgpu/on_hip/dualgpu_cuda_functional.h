// dualgpu/on_hip/dualgpu_cuda_functional.h: libcu++'s function objects of <cuda/functional> on AMD, host and
// device: cuda::maximum and cuda::minimum (of one type, or of two in their common type with <void>), and
// cuda::proclaim_return_type<R>(f), which names a device lambda's result type for Thrust and CUB.
#pragma once

#include <type_traits>
#include <utility>

namespace cuda {

namespace dualgpu_detail {
// The larger (Larger) or the smaller of two values; with T = void, of two types in their common type.
template <bool Larger, typename T>
struct pick {
  __host__ __device__ constexpr T operator()(const T& a, const T& b) const { return (a < b) == Larger ? b : a; }
};
template <bool Larger>
struct pick<Larger, void> {
  template <typename A, typename B>
  __host__ __device__ constexpr std::common_type_t<A, B> operator()(const A& a, const B& b) const {
    return (a < b) == Larger ? b : a;
  }
};
}  // namespace dualgpu_detail

template <typename T = void>
struct maximum : dualgpu_detail::pick<true, T> {};
template <typename T = void>
struct minimum : dualgpu_detail::pick<false, T> {};

namespace dualgpu_detail {
// f, called as it is, with a result type that must be exactly R.
template <typename R, typename F>
class returning {
 public:
  returning() = delete;
  __host__ __device__ constexpr explicit returning(F f) : f_(std::move(f)) {}
  template <typename... Args>
  __host__ __device__ constexpr R operator()(Args&&... args) const {
    static_assert(std::is_same<R, decltype(std::declval<const F&>()(std::forward<Args>(args)...))>::value,
                  "cuda::proclaim_return_type: the function returns another type than the one proclaimed");
    return f_(std::forward<Args>(args)...);
  }
  template <typename... Args>
  __host__ __device__ constexpr R operator()(Args&&... args) {
    static_assert(std::is_same<R, decltype(std::declval<F&>()(std::forward<Args>(args)...))>::value,
                  "cuda::proclaim_return_type: the function returns another type than the one proclaimed");
    return f_(std::forward<Args>(args)...);
  }

 private:
  F f_;
};
}  // namespace dualgpu_detail

template <typename R, typename F>
__host__ __device__ constexpr dualgpu_detail::returning<R, std::decay_t<F>> proclaim_return_type(F&& f) {
  return dualgpu_detail::returning<R, std::decay_t<F>>(std::forward<F>(f));
}

}  // namespace cuda
