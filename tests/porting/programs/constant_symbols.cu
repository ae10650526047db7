// cuda-samples convolutionSeparable style: filter taps in __constant__ memory set with
// cudaMemcpyToSymbol, read back with cudaMemcpyFromSymbol, address taken with cudaGetSymbolAddress.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include "porting_common.h"

#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
__constant__ float c_Kernel[KERNEL_LENGTH];
__device__ int d_calls;

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const* const func, const char* const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line, static_cast<unsigned int>(result),
            cudaGetErrorName(result), func);
    exit(EXIT_FAILURE);
  }
}

__global__ void convolutionRowsKernel(float* d_Dst, const float* d_Src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) atomicAdd(&d_calls, 1);
  if (i >= n) return;
  float sum = 0;
#pragma unroll
  for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) {
    int k = min(max(i + j, 0), n - 1);
    sum += c_Kernel[KERNEL_RADIUS - j] * d_Src[k];
  }
  d_Dst[i] = sum;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 4099;
  std::vector<float> h_Kernel(KERNEL_LENGTH), h_Src(n), h_Dst(n), back(KERNEL_LENGTH);
  for (int i = 0; i < KERNEL_LENGTH; i++) h_Kernel[i] = (float)(rand() % 16) / 16.0f;
  for (int i = 0; i < n; i++) h_Src[i] = (float)(rand() % 16);
  checkCudaErrors(cudaMemcpyToSymbol(c_Kernel, h_Kernel.data(), KERNEL_LENGTH * sizeof(float)));
  checkCudaErrors(cudaMemcpyFromSymbol(back.data(), c_Kernel, KERNEL_LENGTH * sizeof(float)));
  int zero = 0;
  checkCudaErrors(cudaMemcpyToSymbol(d_calls, &zero, sizeof(int), 0, cudaMemcpyHostToDevice));
  int* calls_ptr = nullptr;
  checkCudaErrors(cudaGetSymbolAddress((void**)&calls_ptr, d_calls));
  size_t calls_size = 0;
  checkCudaErrors(cudaGetSymbolSize(&calls_size, d_calls));
  float *d_Src, *d_Dst;
  checkCudaErrors(cudaMalloc((void**)&d_Src, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void**)&d_Dst, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_Src, h_Src.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  convolutionRowsKernel<<<(n + 127) / 128, 128>>>(d_Dst, d_Src, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(h_Dst.data(), d_Dst, n * sizeof(float), cudaMemcpyDeviceToHost));
  int calls = 0;
  checkCudaErrors(cudaMemcpy(&calls, calls_ptr, sizeof(int), cudaMemcpyDeviceToHost));
  int bad = calls != 1 || calls_size != sizeof(int);
  for (int j = 0; j < KERNEL_LENGTH; j++) bad += back[j] != h_Kernel[j];
  for (int i = 0; i < n; i++) {
    double sum = 0;
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) {
      int k = std::min(std::max(i + j, 0), n - 1);
      sum += (double)h_Kernel[KERNEL_RADIUS - j] * h_Src[k];
    }
    if (std::fabs(h_Dst[i] - sum) > 1e-4 * (1 + std::fabs(sum))) bad++;
  }
  checkCudaErrors(cudaFree(d_Src));
  checkCudaErrors(cudaFree(d_Dst));
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
