// dualgpu/on_hip/cuda_pipeline.h: shim for HIP builds only. CUDA's pipeline primitives
// (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior: cuda_pipeline_primitives.h) and
// CUDA 11's per-thread pipeline class on them, nvcuda::experimental::pipeline with memcpy_async and
// segment. As with the primitives, a copy is made when memcpy_async returns (HIP has no asynchronous
// global-to-LDS copy), so commit counts batches and the waits have nothing left to wait for. arrive_on
// is exact as nothing: CUDA's adds one pending arrival that the finished copies take back, as CUDA's own
// header does on GPUs without asynchronous copies. Not mapped: <cuda_awbarrier.h>'s awbarrier.
// libcu++'s cuda::pipeline (<cuda/pipeline>) is mapped too.
#pragma once
#include "cuda_pipeline_primitives.h"

#if defined(__HIP__)
#include <cstddef>
#include <type_traits>

namespace nvcuda {
namespace experimental {

class pipeline {
 public:
  __device__ pipeline() = default;
  pipeline(const pipeline&) = delete;
  pipeline& operator=(const pipeline&) = delete;

  __device__ std::size_t commit() { return batch_++; }
  __device__ void commit_and_wait() { (void)commit(); }
  __device__ void wait(std::size_t) {}
  template <unsigned N>
  __device__ void wait_prior() {}
  template <typename Barrier>
  __device__ void arrive_on(Barrier&) {}

 private:
  std::size_t batch_ = 0;
};

template <std::size_t N, typename T>
__device__ auto segment(T* ptr) -> T (*)[N] {
  return reinterpret_cast<T(*)[N]>(ptr);
}

template <typename T>
__device__ void memcpy_async(T& dst, const T& src, pipeline&) {
  if constexpr (std::is_trivially_copyable<T>::value)
    __builtin_memcpy(&dst, &src, sizeof(T));
  else
    dst = src;
}

// DstN values, the first SrcN from src and the rest value-initialised, in one copy of 4, 8 or 16 bytes.
template <typename T, std::size_t DstN, std::size_t SrcN>
__device__ void memcpy_async(T (*dst)[DstN], const T (*src)[SrcN], pipeline&) {
  static_assert(sizeof(*dst) == 4 || sizeof(*dst) == 8 || sizeof(*dst) == 16, "Unsupported copy size.");
  static_assert(sizeof(*src) <= sizeof(*dst), "Source size must be less than or equal to destination size.");
  if constexpr (std::is_trivially_copyable<T>::value) {
    __pipeline_memcpy_async(*dst, *src, sizeof(*dst), sizeof(*dst) - sizeof(*src));
  } else {
    for (std::size_t i = 0; i < DstN; ++i) (*dst)[i] = i < SrcN ? (*src)[i] : T();
  }
}

}  // namespace experimental
}  // namespace nvcuda
#endif  // __HIP__
