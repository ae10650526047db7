// A kernel in CUDA spelling; compiles as CUDA with nvcc and as HIP with clang.
__global__ void minimal_kernel(float* x) { x[threadIdx.x] += 1.0f; }
