// A kernel calling a __device__ function defined elsewhere: needs relocatable device code.
#include <cuda_runtime.h>

extern __device__ float scale_one(float x, float factor);

__global__ void scale_kernel(float* data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = scale_one(data[i], factor);
}

int launch_scale(float* device_data, float factor, int n) {
  scale_kernel<<<(n + 255) / 256, 256>>>(device_data, factor, n);
  return static_cast<int>(cudaGetLastError());
}
