// A program with its own error-checking macros, as countless repositories define them instead
// of using helper_cuda.h: checkCudaErrors(call) and getLastCudaError(msg) built on
// cudaGetErrorString and cudaGetLastError. An allocation that must fail checks that the error
// path reports what CUDA reports; a kernel then runs through the macros.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "porting_common.h"

#define checkCudaErrors(call)                                                                   \
  do {                                                                                          \
    cudaError_t err = (call);                                                                   \
    if (err != cudaSuccess) {                                                                   \
      fprintf(stderr, "CUDA error %d at %s:%d: %s\n", (int)err, __FILE__, __LINE__,            \
              cudaGetErrorString(err));                                                         \
      exit(EXIT_FAILURE);                                                                       \
    }                                                                                           \
  } while (0)

#define getLastCudaError(msg)                                                                   \
  do {                                                                                          \
    cudaError_t err = cudaGetLastError();                                                       \
    if (err != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s: CUDA error %d: %s\n", msg, (int)err, cudaGetErrorString(err));      \
      exit(EXIT_FAILURE);                                                                       \
    }                                                                                           \
  } while (0)

__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  // More memory than any GPU has: CUDA answers cudaErrorMemoryAllocation with a message.
  void* huge = nullptr;
  cudaError_t err = cudaMalloc(&huge, (size_t)1 << 62);
  const char* text = cudaGetErrorString(err);
  if (err != cudaErrorMemoryAllocation || text == nullptr || std::strlen(text) == 0) {
    std::printf("huge cudaMalloc: error %d (want cudaErrorMemoryAllocation)\n", (int)err);
    return 1;
  }
  cudaGetLastError();  // clear the sticky-free allocation error, as CUDA code does
  const int n = 10000;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = (float)i;
  float* d;
  checkCudaErrors(cudaMalloc(&d, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  scale_kernel<<<(n + 127) / 128, 128>>>(d, 2.5f, n);
  getLastCudaError("scale_kernel launch failed");
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d));
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += h[i] != 2.5f * i;
  std::printf("%d mismatches\n", bad);
  return bad == 0 ? 0 : 1;
}
