// dualgpu/on_hip/cub/device/device_histogram.cuh: shim for HIP builds only; hipCUB whole, see cub/cub.cuh.
#pragma once
#if !__has_include(<hipcub/hipcub.hpp>)
#error "dualgpu: <cub/device/device_histogram.cuh> maps to hipCUB on ROCm, which is not installed (the message below says how to get it); see docs/porting.md#libraries"
#endif  // hipCUB
#include "../cub.cuh"
