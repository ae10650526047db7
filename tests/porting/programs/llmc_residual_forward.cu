// In the style of llm.c's dev/cuda residual and GELU kernels: streaming loads and stores
// (__ldcs/__stcs) for data used once, __ldcg/__stcg for data kept in L2, and the remaining
// hints (__ldca, __ldlu, __stwt) on the same buffers. Compared with a CPU reference.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

__global__ void residual_forward_kernel(float* out, const float* inp1, const float* inp2, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N) __stcs(&out[idx], __ldcs(&inp1[idx]) + __ldcs(&inp2[idx]));
}

// The same with 128-bit accesses, as llm.c's x128 kernels: __ldcs/__stcs on float4.
__global__ void residual_forward_kernel4(float4* out, const float4* inp1, const float4* inp2, int N4) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N4) {
    float4 a = __ldcs(&inp1[idx]), b = __ldcs(&inp2[idx]);
    __stcs(&out[idx], make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w));
  }
}

__global__ void gelu_forward_kernel(float* out, const float* inp, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float xi = __ldcg(&inp[i]);
    float cube = 0.044715f * xi * xi * xi;
    __stcg(&out[i], 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube))));
  }
}

__global__ void scale_kernel(float* out, const float* inp, const int* scale, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) __stwt(&out[i], __ldca(&inp[i]) * __ldlu(&scale[i % 4]));
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int N = 1 << 16, block = 256, grid = (N + block - 1) / block;
  std::vector<float> a(N), b(N);
  std::vector<int> s = {1, 2, -3, 4};
  for (int i = 0; i < N; ++i) {
    a[i] = std::cos(0.01f * i);
    b[i] = 0.5f - (i % 97) / 97.0f;
  }
  float *da, *db, *dr, *dr4, *dg, *ds;
  int* dscale;
  cudaMalloc(&da, N * sizeof(float));
  cudaMalloc(&db, N * sizeof(float));
  cudaMalloc(&dr, N * sizeof(float));
  cudaMalloc(&dr4, N * sizeof(float));
  cudaMalloc(&dg, N * sizeof(float));
  cudaMalloc(&ds, N * sizeof(float));
  cudaMalloc(&dscale, 4 * sizeof(int));
  cudaMemcpy(da, a.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dscale, s.data(), 4 * sizeof(int), cudaMemcpyHostToDevice);
  residual_forward_kernel<<<grid, block>>>(dr, da, db, N);
  residual_forward_kernel4<<<grid / 4, block>>>(reinterpret_cast<float4*>(dr4), reinterpret_cast<const float4*>(da),
                                                reinterpret_cast<const float4*>(db), N / 4);
  gelu_forward_kernel<<<grid, block>>>(dg, dr, N);
  scale_kernel<<<grid, block>>>(ds, dg, dscale, N);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAILED: kernel error %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  std::vector<float> r(N), r4(N), g(N), sc(N);
  cudaMemcpy(r.data(), dr, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(r4.data(), dr4, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(g.data(), dg, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(sc.data(), ds, N * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    const double res = double(a[i]) + b[i];
    const double x = r[i];
    const double gelu = 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
    const double scaled = double(g[i]) * s[i % 4];
    if ((std::fabs(r[i] - res) > 1e-6 || r4[i] != r[i] || std::fabs(g[i] - gelu) > 1e-5 || std::fabs(sc[i] - scaled) > 1e-5) &&
        bad++ < 5)
      printf("i=%d residual %g/%g (float4 %g) gelu %g/%g scaled %g/%g\n", i, r[i], res, r4[i], g[i], gelu, sc[i], scaled);
  }
  printf("%s: %d mismatches\n", bad ? "FAILED" : "PASSED", bad);
  return bad ? 1 : 0;
}
