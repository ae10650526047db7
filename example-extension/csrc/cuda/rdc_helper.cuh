// rdc_helper.cuh: device functions defined in rdc_helper.cu and called from silu_and_mul.cu.
// A __device__ call across .cu files links only with relocatable device code (-rdc /
// -fgpu-rdc): this pair is the extension's proof that RDC works on the platform.
#pragma once

#include "dualgpu/runtime.hpp"

namespace dualgpu_example {

// x * sigmoid(x), in float.
__device__ float silu(float x);

}  // namespace dualgpu_example
