// A warp-sum helper written for every CUDA release, as older libraries keep it: the masked
// __shfl_down_sync where CUDART_VERSION says CUDA 9+, the unmasked __shfl_down before. A HIP
// build has no CUDART_VERSION and takes the unmasked branch, which HIP provides. The block sum
// keeps one partial per warp of 32; compared with a double-precision CPU sum.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

#if defined(CUDART_VERSION) && CUDART_VERSION >= 9000
#define SHFL_DOWN(val, offset) __shfl_down_sync(0xffffffff, val, offset)
#else
#define SHFL_DOWN(val, offset) __shfl_down(val, offset)
#endif

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2) val += SHFL_DOWN(val, offset);
  return val;
}

__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % 32;
  int wid = threadIdx.x / 32;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / 32) ? shared[lane] : 0.0f;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceKernel(const float* in, float* out, int N) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 20, blocks = 120, threads = 512;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = 1.0f + std::sin(0.05f * i);
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, blocks * sizeof(float));
  cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  deviceReduceKernel<<<blocks, threads>>>(d_in, d_out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> partial(blocks);
  cudaMemcpy(partial.data(), d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  double got = 0.0, want = 0.0;
  for (float p : partial) got += p;
  for (float v : h) want += v;
  std::printf("sum %.2f (want %.2f)\n", got, want);
  cudaFree(d_in);
  cudaFree(d_out);
  return std::fabs(got - want) <= 1e-5 * want ? 0 : 1;
}
