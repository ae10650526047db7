// dualgpu/on_hip/dualgpu_cuda_minmax.h: CUDA's global min/max overload set on HIP. HIP builds only.
// CUDA's math_functions.h declares min and max for host and device on every pairing of int,
// unsigned, long, unsigned long, long long, unsigned long long (a signed/unsigned pair compares
// and returns unsigned), float and double (a float/double pair returns double). HIP's compilers
// (clang's HIP headers, ROCm 5.2 and 6.4 checked) declare only (int, int), (float, float) and
// (double, double) and a same-type template on the device and (int, int) on the host; ROCm 5.x
// adds a device (uint32_t, int) returning int. So `max(i, n)` with `unsigned n` or `min(x, 1.0)`
// with `float x` is ambiguous or picks a float overload there. The missing pairs are declared
// here, each as CUDA defines it. (clang's opt-in __HIP_DEFINE_MIXED_HOST_MIN_MAX__ and
// __HIP_DEFINE_EXTENDED_HOST_MIN_MAX__ declare some of the host ones again: leave them unset.)
#pragma once

#if defined(__HIP__)
#include <cmath>

namespace dualgpu {
namespace cuda_minmax {
// Both operands converted to the result type first, as CUDA's definitions do.
template <typename R, typename A, typename B>
__host__ __device__ constexpr R smaller(A a, B b) {
  return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);
}
template <typename R, typename A, typename B>
__host__ __device__ constexpr R larger(A a, B b) {
  return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);
}
}  // namespace cuda_minmax
}  // namespace dualgpu

// CUDA's pairs that HIP lacks on both sides.
__host__ __device__ inline unsigned int min(int a, unsigned int b) { return ::dualgpu::cuda_minmax::smaller<unsigned int>(a, b); }
__host__ __device__ inline unsigned int max(int a, unsigned int b) { return ::dualgpu::cuda_minmax::larger<unsigned int>(a, b); }
__host__ __device__ inline unsigned int min(unsigned int a, unsigned int b) { return ::dualgpu::cuda_minmax::smaller<unsigned int>(a, b); }
__host__ __device__ inline unsigned int max(unsigned int a, unsigned int b) { return ::dualgpu::cuda_minmax::larger<unsigned int>(a, b); }
__host__ __device__ inline long min(long a, long b) { return ::dualgpu::cuda_minmax::smaller<long>(a, b); }
__host__ __device__ inline long max(long a, long b) { return ::dualgpu::cuda_minmax::larger<long>(a, b); }
__host__ __device__ inline unsigned long min(unsigned long a, unsigned long b) { return ::dualgpu::cuda_minmax::smaller<unsigned long>(a, b); }
__host__ __device__ inline unsigned long max(unsigned long a, unsigned long b) { return ::dualgpu::cuda_minmax::larger<unsigned long>(a, b); }
__host__ __device__ inline unsigned long min(long a, unsigned long b) { return ::dualgpu::cuda_minmax::smaller<unsigned long>(a, b); }
__host__ __device__ inline unsigned long max(long a, unsigned long b) { return ::dualgpu::cuda_minmax::larger<unsigned long>(a, b); }
__host__ __device__ inline unsigned long min(unsigned long a, long b) { return ::dualgpu::cuda_minmax::smaller<unsigned long>(a, b); }
__host__ __device__ inline unsigned long max(unsigned long a, long b) { return ::dualgpu::cuda_minmax::larger<unsigned long>(a, b); }
__host__ __device__ inline long long min(long long a, long long b) { return ::dualgpu::cuda_minmax::smaller<long long>(a, b); }
__host__ __device__ inline long long max(long long a, long long b) { return ::dualgpu::cuda_minmax::larger<long long>(a, b); }
__host__ __device__ inline unsigned long long min(unsigned long long a, unsigned long long b) { return ::dualgpu::cuda_minmax::smaller<unsigned long long>(a, b); }
__host__ __device__ inline unsigned long long max(unsigned long long a, unsigned long long b) { return ::dualgpu::cuda_minmax::larger<unsigned long long>(a, b); }
__host__ __device__ inline unsigned long long min(long long a, unsigned long long b) { return ::dualgpu::cuda_minmax::smaller<unsigned long long>(a, b); }
__host__ __device__ inline unsigned long long max(long long a, unsigned long long b) { return ::dualgpu::cuda_minmax::larger<unsigned long long>(a, b); }
__host__ __device__ inline unsigned long long min(unsigned long long a, long long b) { return ::dualgpu::cuda_minmax::smaller<unsigned long long>(a, b); }
__host__ __device__ inline unsigned long long max(unsigned long long a, long long b) { return ::dualgpu::cuda_minmax::larger<unsigned long long>(a, b); }
// ROCm 5.x's device (uint32_t, int) returns int after the same comparison: there only the host
// one is added.
#if HIP_VERSION_MAJOR < 6
__host__ inline unsigned int min(unsigned int a, int b) { return ::dualgpu::cuda_minmax::smaller<unsigned int>(a, b); }
__host__ inline unsigned int max(unsigned int a, int b) { return ::dualgpu::cuda_minmax::larger<unsigned int>(a, b); }
#else
__host__ __device__ inline unsigned int min(unsigned int a, int b) { return ::dualgpu::cuda_minmax::smaller<unsigned int>(a, b); }
__host__ __device__ inline unsigned int max(unsigned int a, int b) { return ::dualgpu::cuda_minmax::larger<unsigned int>(a, b); }
#endif  // __HIP__

// Floating point: NaN loses, as in fminf/fmax; HIP has the same-type ones on the device only.
__host__ inline float min(float a, float b) { return std::fmin(a, b); }
__host__ inline float max(float a, float b) { return std::fmax(a, b); }
__host__ inline double min(double a, double b) { return std::fmin(a, b); }
__host__ inline double max(double a, double b) { return std::fmax(a, b); }
__host__ __device__ inline double min(float a, double b) { return fmin(static_cast<double>(a), b); }
__host__ __device__ inline double max(float a, double b) { return fmax(static_cast<double>(a), b); }
__host__ __device__ inline double min(double a, float b) { return fmin(a, static_cast<double>(b)); }
__host__ __device__ inline double max(double a, float b) { return fmax(a, static_cast<double>(b)); }
#endif  // __HIP__
