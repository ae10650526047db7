// A CUDA graph as CUDA 12 code builds it: stream capture, then the three-argument
// cudaGraphInstantiate(&exec, graph, 0), launched several times; the host checks the result
// with isfinite/isnan, as CUDA's runtime header allows without <cmath>.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "porting_common.h"

#define CUDA_CHECK(call)                                                                   \
  do {                                                                                     \
    cudaError_t status = (call);                                                           \
    if (status != cudaSuccess) {                                                           \
      printf("FAILED: %s at %s:%d\n", cudaGetErrorString(status), __FILE__, __LINE__);     \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

__global__ void axpy(float* y, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void halve(float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] *= 0.5f;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 4096, replays = 5;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0f + i % 7;
    y[i] = 0.25f * (i % 3);
  }
  float *dx, *dy;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  axpy<<<(n + 255) / 256, 256, 0, stream>>>(dy, dx, 2.0f, n);
  halve<<<(n + 255) / 256, 256, 0, stream>>>(dy, n);
  CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int r = 0; r < replays; ++r) CUDA_CHECK(cudaGraphLaunch(exec, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<float> got(n);
  CUDA_CHECK(cudaMemcpy(got.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaStreamDestroy(stream));

  int bad = 0;
  for (int i = 0; i < n; ++i) {
    double want = y[i];
    for (int r = 0; r < replays; ++r) want = (2.0 * x[i] + want) * 0.5;
    if ((!isfinite(got[i]) || isnan(got[i]) || got[i] != static_cast<float>(want)) && bad++ < 5)
      printf("y[%d] = %g, expected %g\n", i, got[i], want);
  }
  printf("%s: %d mismatches\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
