// Runtime calls of real applications beyond the basics: stream priorities, a stream callback, registered
// host memory, managed memory advice, a kernel launched through cudaLaunchKernel, the device heap's size,
// __ldg and a system-wide fence; CUDART_VERSION picks cudaMemAdvise's form for the CUDA it builds with.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include "porting_common.h"

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const* const func, const char* const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line, static_cast<unsigned int>(result),
            cudaGetErrorName(result), func);
    exit(EXIT_FAILURE);
  }
}

__global__ void scale(const float* __restrict__ in, float* out, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __ldg(in + i) * factor;
  __threadfence_system();
}

static int callbacks = 0;
void CUDART_CB on_done(cudaStream_t, cudaError_t status, void* user) {
  if (status == cudaSuccess) ++*static_cast<int*>(user);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  int least = 0, greatest = 0;
  checkCudaErrors(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t high;
  checkCudaErrors(cudaStreamCreateWithPriority(&high, cudaStreamNonBlocking, greatest));
  int priority = 0;
  checkCudaErrors(cudaStreamGetPriority(high, &priority));
  size_t heap = 0;
  checkCudaErrors(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));

  const int n = 4096;
  float* host = static_cast<float*>(malloc(n * sizeof(float)));
  for (int i = 0; i < n; ++i) host[i] = i * 0.25f;
  checkCudaErrors(cudaHostRegister(host, n * sizeof(float), cudaHostRegisterDefault));
  float* managed;
  checkCudaErrors(cudaMallocManaged(&managed, n * sizeof(float)));
  int device = 0;
  checkCudaErrors(cudaGetDevice(&device));
#if CUDART_VERSION >= 13000
  cudaMemLocation here = {cudaMemLocationTypeDevice, device};
  checkCudaErrors(cudaMemAdvise(managed, n * sizeof(float), cudaMemAdviseSetPreferredLocation, here));
#else
  checkCudaErrors(cudaMemAdvise(managed, n * sizeof(float), cudaMemAdviseSetPreferredLocation, device));
#endif
  float* in;
  checkCudaErrors(cudaMalloc(&in, n * sizeof(float)));
  checkCudaErrors(cudaMemcpyAsync(in, host, n * sizeof(float), cudaMemcpyHostToDevice, high));
  float factor = 3.0f;
  int count = n;
  void* args[] = {&in, &managed, &factor, &count};
  checkCudaErrors(cudaLaunchKernel((const void*)scale, dim3((n + 255) / 256), dim3(256), args, 0, high));
  checkCudaErrors(cudaStreamAddCallback(high, on_done, &callbacks, 0));
  checkCudaErrors(cudaStreamSynchronize(high));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (managed[i] != host[i] * 3.0f) ++bad;
  printf("priorities %d..%d (stream %d), heap %zu, callbacks %d, %d wrong\n", least, greatest, priority, heap,
         callbacks, bad);
  checkCudaErrors(cudaHostUnregister(host));
  checkCudaErrors(cudaFree(managed));
  checkCudaErrors(cudaFree(in));
  checkCudaErrors(cudaStreamDestroy(high));
  free(host);
  return bad == 0 && callbacks == 1 && heap > 0 ? 0 : 1;
}
