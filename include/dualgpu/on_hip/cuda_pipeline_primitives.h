// dualgpu/on_hip/cuda_pipeline_primitives.h: CUDA's pipeline primitives on AMD, HIP builds only:
// __pipeline_memcpy_async (4, 8 or 16 bytes, the last `zfill` of them zeros), __pipeline_commit and
// __pipeline_wait_prior. HIP exposes no asynchronous global-to-LDS copy: the copy is made when the call
// returns, so a batch is complete before it is committed and waiting has nothing to wait for; what the
// thread reads after __pipeline_wait_prior is what CUDA gives it. Only the overlap is lost. Not mapped:
// __pipeline_arrive_on (it takes an asynchronous barrier of <cuda_awbarrier.h>).
#pragma once

#include <cstddef>

#if defined(__HIP__)
__device__ inline void __pipeline_memcpy_async(void* __restrict__ dst_shared, const void* __restrict__ src_global,
                                               std::size_t size_and_align, std::size_t zfill = 0) {
  auto* dst = static_cast<unsigned char*>(dst_shared);
  const auto* src = static_cast<const unsigned char*>(src_global);
  if (zfill == 0 && size_and_align == 16) {  // the common case, one 16-byte access each way
    *static_cast<uint4*>(dst_shared) = *static_cast<const uint4*>(src_global);
    return;
  }
  const std::size_t copied = size_and_align - zfill;
  for (std::size_t i = 0; i < size_and_align; ++i) dst[i] = i < copied ? src[i] : 0;
}
__device__ inline void __pipeline_commit() {}
__device__ inline void __pipeline_wait_prior(std::size_t) {}
#endif  // __HIP__
