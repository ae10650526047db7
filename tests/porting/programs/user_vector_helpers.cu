// Vector helpers in the style of cuda-samples' helper_math.h, defined by the program itself:
// one-argument and mixed make_float4 overloads, binary operators on float4 and float2, dot and
// length. (helper_math.h's compound assignments, `operator+=(float4&, float4)`, are ambiguous
// with HIP's member operators; see docs/porting.md.) A per-element blend against the CPU.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "porting_common.h"

inline __host__ __device__ float4 make_float4(float s) { return make_float4(s, s, s, s); }
inline __host__ __device__ float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
inline __host__ __device__ float4 operator+(float4 a, float4 b) {
  return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
inline __host__ __device__ float4 operator*(float4 a, float b) { return make_float4(a.x * b, a.y * b, a.z * b, a.w * b); }
inline __host__ __device__ float2 operator-(float2 a) { return make_float2(-a.x, -a.y); }
inline __host__ __device__ float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
inline __host__ __device__ float length(float4 v) { return sqrtf(dot(v, v)); }

__global__ void blend_kernel(const float4* a, float* len, float2* neg, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = a[i] * 0.5f + make_float4(make_float3(1.0f, 2.0f, 3.0f), 4.0f) + make_float4(0.25f);
  len[i] = length(v);
  neg[i] = -make_float2(v.x, v.w);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 4096;
  std::vector<float4> a(n);
  for (int i = 0; i < n; ++i) a[i] = make_float4(i * 0.01f, -i * 0.02f, 1.0f, (float)(i % 9));
  float4* d_a;
  float* d_len;
  float2* d_neg;
  cudaMalloc(&d_a, n * sizeof(float4));
  cudaMalloc(&d_len, n * sizeof(float));
  cudaMalloc(&d_neg, n * sizeof(float2));
  cudaMemcpy(d_a, a.data(), n * sizeof(float4), cudaMemcpyHostToDevice);
  blend_kernel<<<n / 128, 128>>>(d_a, d_len, d_neg, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<float> len(n);
  std::vector<float2> neg(n);
  cudaMemcpy(len.data(), d_len, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(neg.data(), d_neg, n * sizeof(float2), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const double x = 0.5 * a[i].x + 1.25, y = 0.5 * a[i].y + 2.25, z = 0.5 * a[i].z + 3.25, w = 0.5 * a[i].w + 4.25;
    const double want = std::sqrt(x * x + y * y + z * z + w * w);
    bad += std::fabs(len[i] - want) > 1e-5 * want;
    bad += std::fabs(neg[i].x + x) > 1e-5 * (1 + std::fabs(x)) || std::fabs(neg[i].y + w) > 1e-5 * (1 + w);
  }
  std::printf("%d mismatches\n", bad);
  cudaFree(d_a);
  cudaFree(d_len);
  cudaFree(d_neg);
  return bad == 0 ? 0 : 1;
}
