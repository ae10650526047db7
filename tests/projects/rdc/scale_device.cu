// Defines the __device__ function that scale_kernel.cu calls from another translation unit.
#include <cuda_runtime.h>

__device__ float scale_one(float x, float factor) { return x * factor; }
