// Asynchronous pipelines as inference servers write them: the stream-ordered allocator
// (cudaMallocAsync / cudaFreeAsync with a pool release threshold), pinned host memory
// (cudaMallocHost, and cudaHostAlloc mapped into the device's address space), cudaMemcpyAsync,
// an event that orders a second stream after the first, and cudaLaunchHostFunc reporting back.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include "porting_common.h"

__global__ void square(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}
__global__ void add_mapped(const float* x, float* mapped_out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) mapped_out[i] = x[i] + 1.0f;
}
static void CUDART_CB mark_done(void* flag) { *static_cast<volatile int*>(flag) = 1; }

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 16;
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  uint64_t threshold = UINT64_MAX;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  float *h_in, *h_mapped, *d_mapped;
  cudaMallocHost(&h_in, n * sizeof(float));
  cudaHostAlloc(&h_mapped, n * sizeof(float), cudaHostAllocMapped);
  cudaHostGetDevicePointer((void**)&d_mapped, h_mapped, 0);
  for (int i = 0; i < n; ++i) h_in[i] = 0.001f * (i % 1000);
  float *d_in, *d_sq;
  cudaMallocAsync(&d_in, n * sizeof(float), s1);
  cudaMallocAsync(&d_sq, n * sizeof(float), s1);
  cudaMemcpyAsync(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice, s1);
  square<<<(n + 255) / 256, 256, 0, s1>>>(d_in, d_sq, n);
  cudaEvent_t squared;
  cudaEventCreateWithFlags(&squared, cudaEventDisableTiming);
  cudaEventRecord(squared, s1);
  cudaStreamWaitEvent(s2, squared, 0);
  add_mapped<<<(n + 255) / 256, 256, 0, s2>>>(d_sq, d_mapped, n);
  volatile int done = 0;
  cudaLaunchHostFunc(s2, mark_done, (void*)&done);
  cudaFreeAsync(d_in, s1);
  cudaStreamSynchronize(s2);
  cudaFreeAsync(d_sq, s2);
  cudaStreamSynchronize(s2);
  int bad = done != 1;
  for (int i = 0; i < n; ++i) {
    double want = (double)h_in[i] * h_in[i] + 1.0;
    if (h_mapped[i] < want - 1e-5 || h_mapped[i] > want + 1e-5) ++bad;
  }
  printf("%d bad\n", bad);
  cudaEventDestroy(squared);
  cudaFreeHost(h_in);
  cudaFreeHost(h_mapped);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  return bad ? 1 : 0;
}
