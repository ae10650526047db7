// dualgpu/on_hip/dualgpu_cuda_group_copy.h: the copy behind CUDA's asynchronous copies on AMD
// (cg::memcpy_async, cuda::memcpy_async): the group's threads copy at once, 16 bytes at a time where
// both addresses and the size allow. HIP exposes no asynchronous global-to-LDS copy, so the copy is done
// when the call returns, which satisfies every wait CUDA defines on it; only the overlap is lost.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dualgpu {
namespace cuda_copy {

// Any group with thread_rank() and size(): a cooperative group, or one thread.
template <typename Group>
__host__ __device__ inline void group_copy(const Group& group, void* dst, const void* src, std::size_t bytes) {
  const std::size_t rank = group.thread_rank(), step = group.size();
  const auto both = reinterpret_cast<std::uintptr_t>(dst) | reinterpret_cast<std::uintptr_t>(src);
  if (both % 16 == 0 && bytes % 16 == 0) {
    auto* d = static_cast<uint4*>(dst);
    const auto* s = static_cast<const uint4*>(src);
    for (std::size_t i = rank; i < bytes / 16; i += step) d[i] = s[i];
  } else {
    auto* d = static_cast<unsigned char*>(dst);
    const auto* s = static_cast<const unsigned char*>(src);
    for (std::size_t i = rank; i < bytes; i += step) d[i] = s[i];
  }
}

struct one_thread {
  __host__ __device__ static constexpr unsigned thread_rank() { return 0; }
  __host__ __device__ static constexpr unsigned size() { return 1; }
};

}  // namespace cuda_copy
}  // namespace dualgpu
