// Overlapped copies and kernels over several streams with pinned host memory, timed with events
// (NVIDIA's "How to Overlap Data Transfers in CUDA C/C++"): cudaMallocHost, one
// cudaMemcpyAsync/kernel/cudaMemcpyAsync chain per stream, cudaEventRecord around them and
// cudaEventElapsedTime. The result against the CPU; the time must be positive and finite.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>

#include "porting_common.h"

__global__ void kernel(float* a, int offset) {
  int i = offset + threadIdx.x + blockIdx.x * blockDim.x;
  float x = (float)i;
  float s = sinf(x);
  float c = cosf(x);
  a[i] = a[i] + sqrtf(s * s + c * c);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int blockSize = 256, nStreams = 4;
  const int n = 4 * 1024 * blockSize * nStreams;
  const int streamSize = n / nStreams;
  const size_t streamBytes = streamSize * sizeof(float), bytes = n * sizeof(float);
  float *a, *d_a;
  cudaMallocHost((void**)&a, bytes);
  cudaMalloc((void**)&d_a, bytes);
  cudaEvent_t startEvent, stopEvent;
  cudaStream_t stream[nStreams];
  cudaEventCreate(&startEvent);
  cudaEventCreate(&stopEvent);
  for (int i = 0; i < nStreams; ++i) cudaStreamCreate(&stream[i]);
  for (int i = 0; i < n; ++i) a[i] = (float)(i % 10);
  cudaEventRecord(startEvent, 0);
  for (int i = 0; i < nStreams; ++i) {
    int offset = i * streamSize;
    cudaMemcpyAsync(&d_a[offset], &a[offset], streamBytes, cudaMemcpyHostToDevice, stream[i]);
    kernel<<<streamSize / blockSize, blockSize, 0, stream[i]>>>(d_a, offset);
    cudaMemcpyAsync(&a[offset], &d_a[offset], streamBytes, cudaMemcpyDeviceToHost, stream[i]);
  }
  cudaEventRecord(stopEvent, 0);
  cudaEventSynchronize(stopEvent);
  float ms = -1.0f;
  cudaEventElapsedTime(&ms, startEvent, stopEvent);
  if (cudaGetLastError() != cudaSuccess) return 1;
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += std::fabs(a[i] - ((i % 10) + 1.0)) > 1e-5;
  std::printf("%d streams: %.3f ms, %d mismatches\n", nStreams, ms, bad);
  for (int i = 0; i < nStreams; ++i) cudaStreamDestroy(stream[i]);
  cudaEventDestroy(startEvent);
  cudaEventDestroy(stopEvent);
  cudaFree(d_a);
  cudaFreeHost(a);
  return (bad == 0 && ms > 0.0f && std::isfinite(ms)) ? 0 : 1;
}
