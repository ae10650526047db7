// dualgpu/on_hip/cooperative_groups/memcpy_async.h: CUDA's cg::memcpy_async, cg::wait and
// cg::wait_prior on AMD. HIP builds only; no ROCm has them.
// The copy is made by the group's threads when memcpy_async is called (dualgpu_cuda_group_copy.h), and
// wait/wait_prior sync the group, so the data is visible to every thread of the group after wait,
// exactly what CUDA guarantees. Only the overlap CUDA allows between the copy and the code before wait
// is lost.
#pragma once

#include "../cooperative_groups.h"

#if defined(__HIP__)
#include <cstddef>

#include "../dualgpu_cuda_group_copy.h"

namespace cooperative_groups {

template <typename Group>
__device__ inline void memcpy_async(const Group& group, void* dst, const void* src, std::size_t bytes) {
  ::dualgpu::cuda_copy::group_copy(group, dst, src, bytes);
}

// CUDA's element-count form: copies min(dst_count, src_count) elements.
template <typename Group, typename T>
__device__ inline void memcpy_async(const Group& group, T* dst, std::size_t dst_count, const T* src, std::size_t src_count) {
  memcpy_async(group, static_cast<void*>(dst), static_cast<const void*>(src),
               (dst_count < src_count ? dst_count : src_count) * sizeof(T));
}

template <typename Group>
__device__ inline void wait(const Group& group) {
  group.sync();
}

// Every earlier copy is already complete, so waiting for all but the last N is waiting for all.
template <unsigned int N, typename Group>
__device__ inline void wait_prior(const Group& group) {
  group.sync();
}

}  // namespace cooperative_groups
#endif  // __HIP__
