// rdc_helper.cu: see rdc_helper.cuh - defined out of line on purpose.
#include "rdc_helper.cuh"

namespace dualgpu_example {

__device__ float silu(float x) { return x / (1.0f + expf(-x)); }

}  // namespace dualgpu_example
