// In the style of NVIDIA cuda-samples: <cuda.h>, <cuda_runtime.h> and <cuda_bf16.h>; a
// helper_cuda.h-like checkCudaErrors that exists only when the runtime's include guard
// __DRIVER_TYPES_H__ is defined; a device pick that skips cudaComputeModeProhibited GPUs;
// cudaFuncSetAttribute on the kernel itself to allow more dynamic shared memory than the
// default 48 KiB where the GPU has it; bfloat16 assigned from float; min(int, unsigned).
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "porting_common.h"

#ifdef __DRIVER_TYPES_H__
static const char* _cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }

template <typename T>
void check(T result, char const* const func, const char* const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line, static_cast<unsigned int>(result),
            _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

inline int gpuGetUsableDeviceId() {
  int device_count = 0;
  checkCudaErrors(cudaGetDeviceCount(&device_count));
  for (int dev = 0; dev < device_count; ++dev) {
    int compute_mode = -1;
    checkCudaErrors(cudaDeviceGetAttribute(&compute_mode, cudaDevAttrComputeMode, dev));
    if (compute_mode != cudaComputeModeProhibited) return dev;
  }
  fprintf(stderr, "gpuGetUsableDeviceId() CUDA error: all devices have compute mode prohibited.\n");
  exit(EXIT_FAILURE);
}

// Reverses each block's slice through dynamic shared memory and rounds it to bfloat16.
__global__ void reverse_bf16(__nv_bfloat16* out, const float* in, unsigned n) {
  extern __shared__ float tile[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[min(i, n - 1)];
  __syncthreads();
  if (i < static_cast<int>(n)) {
    __nv_bfloat16 v = tile[blockDim.x - 1 - threadIdx.x];
    out[i] = v;
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int dev = gpuGetUsableDeviceId();
  checkCudaErrors(cudaSetDevice(dev));
  int optin = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  const int threads = 1024;
  const int smem = threads * static_cast<int>(sizeof(float));
  const int allowed = optin > 48 * 1024 ? optin : smem;
  checkCudaErrors(cudaFuncSetAttribute(reverse_bf16, cudaFuncAttributeMaxDynamicSharedMemorySize, allowed));

  const unsigned n = 8 * threads;
  std::vector<float> h(n);
  for (unsigned i = 0; i < n; ++i) h[i] = 0.5f * i - 1000.0f;
  float* d_in;
  __nv_bfloat16* d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(__nv_bfloat16)));
  checkCudaErrors(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  reverse_bf16<<<n / threads, threads, smem>>>(d_out, d_in, n);
  checkCudaErrors(cudaGetLastError());
  std::vector<__nv_bfloat16> got(n);
  checkCudaErrors(cudaMemcpy(got.data(), d_out, n * sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (unsigned i = 0; i < n; ++i) {
    const unsigned block = i / threads, lane = i % threads;
    const float want = h[block * threads + threads - 1 - lane];
    const float have = __bfloat162float(got[i]);
    // bfloat16 keeps 8 significant bits: relative error at most 2^-8.
    if (std::abs(have - want) > std::abs(want) / 256.0f && bad++ < 5) printf("out[%u] = %g, expected %g\n", i, have, want);
  }
  printf("%s: %d mismatches\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
