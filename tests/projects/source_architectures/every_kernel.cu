#include <cuda_runtime.h>

__global__ void every_kernel(float* x) { x[threadIdx.x] += 1.0f; }

void launch_every(float* x) { every_kernel<<<1, 32>>>(x); }
