// bf16 used on the host, as mixed-precision code prepares weights: __float2bfloat16 and
// __bfloat162float in main(), __nv_bfloat16 vectors copied to the GPU, and on the device the
// integer and bit conversions (__bfloat162int_rn, __float2bfloat16_rz, __bfloat16_as_ushort).
// The host half is checked against round-to-nearest-even computed on the float's bits, so it
// runs (and can fail) without a GPU; the device half against the same reference.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "porting_common.h"

// IEEE round to nearest even of a float to its top 16 bits (finite inputs).
static uint16_t bf16_bits_rne(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static float bits_to_float(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

__global__ void to_int_kernel(const __nv_bfloat16* x, int* rn, int* rz_bits, unsigned short* bits, const float* f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  rn[i] = __bfloat162int_rn(x[i]);
  rz_bits[i] = __bfloat16_as_ushort(__float2bfloat16_rz(f[i]));
  bits[i] = __bfloat16_as_ushort(x[i]);
}

int main() {
  const int n = 4096;
  std::vector<float> f(n);
  std::vector<__nv_bfloat16> h(n);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    f[i] = (i - n / 2) * 0.37f + 0.001f * (i % 17);
    h[i] = __float2bfloat16(f[i]);
    uint16_t got;
    std::memcpy(&got, &h[i], 2);
    bad += got != bf16_bits_rne(f[i]);
    bad += __bfloat162float(h[i]) != bits_to_float(bf16_bits_rne(f[i]));
  }
  std::printf("host: %d mismatches\n", bad);
  if (bad) return 1;
  if (int skip = porting_gpu_or_skip()) return skip;
  __nv_bfloat16* d_x;
  float* d_f;
  int *d_rn, *d_rz;
  unsigned short* d_bits;
  cudaMalloc(&d_x, n * sizeof(__nv_bfloat16));
  cudaMalloc(&d_f, n * sizeof(float));
  cudaMalloc(&d_rn, n * sizeof(int));
  cudaMalloc(&d_rz, n * sizeof(int));
  cudaMalloc(&d_bits, n * sizeof(unsigned short));
  cudaMemcpy(d_x, h.data(), n * sizeof(__nv_bfloat16), cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, f.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  to_int_kernel<<<n / 256, 256>>>(d_x, d_rn, d_rz, d_bits, d_f, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::vector<int> rn(n), rz(n);
  std::vector<unsigned short> bits(n);
  cudaMemcpy(rn.data(), d_rn, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(rz.data(), d_rz, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(bits.data(), d_bits, n * sizeof(unsigned short), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    const uint16_t b = bf16_bits_rne(f[i]);
    uint32_t u;
    std::memcpy(&u, &f[i], 4);
    bad += rn[i] != (int)std::nearbyint((double)bits_to_float(b));
    bad += rz[i] != (int)(u >> 16);
    bad += bits[i] != b;
  }
  std::printf("device: %d mismatches\n", bad);
  cudaFree(d_x);
  cudaFree(d_f);
  cudaFree(d_rn);
  cudaFree(d_rz);
  cudaFree(d_bits);
  return bad == 0 ? 0 : 1;
}
