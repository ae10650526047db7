// dualgpu/on_hip/cub/cub.cuh: shim for HIP builds only. CUB -> hipCUB, which offers CUB's block,
// warp and device algorithms under the same names in namespace hipcub (on rocPRIM): here
// `cub::` is `hipcub::`. The <cub/...> headers beside this one include it whole.
#pragma once
#include "../dualgpu_cuda_to_hip.h"

#if __has_include(<hipcub/hipcub.hpp>)
#include <hipcub/hipcub.hpp>
#else
#error "dualgpu: <cub/cub.cuh> maps to hipCUB on ROCm, and hipCUB was not found: install libhipcub-dev (Debian 13 or sid) or hipcub-dev (AMD's ROCm repository). Debian 12 has rocPRIM (librocprim-dev) but no hipCUB package: build in a Debian sid root (ci/rocm-root.sh) or a ROCm container image. See docs/porting.md#libraries"
#endif  // hipCUB

namespace cub = hipcub;
