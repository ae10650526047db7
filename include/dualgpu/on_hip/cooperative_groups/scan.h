// dualgpu/on_hip/cooperative_groups/scan.h: CUDA's cg::inclusive_scan, cg::exclusive_scan and their
// _update forms on AMD. HIP builds only. No ROCm ships them: DualGPU's (dualgpu_cuda_cg_scan.h), over a
// thread_block_tile or a coalesced_group. As CUDA's header does, it also gives cg::plus, cg::less, ...
// (reduce.h), and the _update forms take libcu++'s atomics (<cuda/atomic>).
#pragma once

#include "reduce.h"

#if defined(__HIP__)
#include "../dualgpu_cuda_atomic.h"
#include "../dualgpu_cuda_cg_scan.h"
#endif
