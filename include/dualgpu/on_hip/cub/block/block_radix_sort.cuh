// dualgpu/on_hip/cub/block/block_radix_sort.cuh: shim for HIP builds only; hipCUB whole, see cub/cub.cuh.
#pragma once
#if !__has_include(<hipcub/hipcub.hpp>)
#error "dualgpu: <cub/block/block_radix_sort.cuh> maps to hipCUB on ROCm, which is not installed (the message below says how to get it); see docs/porting.md#libraries"
#endif  // hipCUB
#include "../cub.cuh"
