#include <cuda_runtime.h>

#ifndef NARROW_SCALE
#error "the target's compile definitions did not reach this source"
#endif  // NARROW_SCALE

__global__ void narrow_kernel(float* x) { x[threadIdx.x] *= NARROW_SCALE; }

void launch_narrow(float* x) { narrow_kernel<<<1, 32>>>(x); }
