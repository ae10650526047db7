// dualgpu/on_hip/nccl.h: shim for HIP builds only. RCCL is NCCL's API under the same names
// (ncclComm_t, ncclAllReduce, ...), so <nccl.h> is RCCL's header where ROCm has it.
#pragma once
#include "dualgpu_cuda_to_hip.h"

#if __has_include(<rccl/rccl.h>)
#include <rccl/rccl.h>
#elif __has_include(<rccl.h>)
#include <rccl.h>
#else
#error "dualgpu: <nccl.h> maps to RCCL on ROCm, and RCCL was not found (install rccl / librccl-dev); see docs/porting.md#libraries"
#endif  // RCCL
