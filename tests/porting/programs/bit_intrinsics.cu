// Integer and fast-math intrinsics hashing and bit-manipulation kernels use: __popc, __popcll,
// __clz, __ffs, __brev, __byte_perm, __funnelshift_l, __umulhi, __mul24, __float_as_uint,
// __uint_as_float, __fdividef, __saturatef, __expf, rsqrtf, sincospif, with CUDART constants.
#include <cuda_runtime.h>
#include <math_constants.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>
#include "porting_common.h"

__global__ void bits(const unsigned* in, unsigned* out, float* f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i];
  unsigned long long w = ((unsigned long long)v << 32) | (v ^ 0x9e3779b9u);
  out[8 * i + 0] = __popc(v);
  out[8 * i + 1] = __popcll(w);
  out[8 * i + 2] = __clz(v);
  out[8 * i + 3] = __ffs(v);
  out[8 * i + 4] = __brev(v);
  out[8 * i + 5] = __byte_perm(v, 0x01234567u, 0x5140);
  out[8 * i + 6] = __funnelshift_l(v, 0xdeadbeefu, i % 40);
  out[8 * i + 7] = __umulhi(v, 0x85ebca6bu) + __mul24(i, 3);
  float x = __uint_as_float((v & 0x007fffffu) | 0x3f800000u);  // [1, 2)
  float s, c;
  sincospif(x, &s, &c);
  f[4 * i + 0] = __fdividef(x, 3.0f);
  f[4 * i + 1] = __saturatef(x - 1.5f) + rsqrtf(x);
  f[4 * i + 2] = s * s + c * c;
  f[4 * i + 3] = __float_as_uint(x) == ((v & 0x007fffffu) | 0x3f800000u) ? CUDART_PI_F : CUDART_NAN_F;
}

static unsigned ref_funnel_l(unsigned lo, unsigned hi, unsigned shift) {
  shift &= 31;
  unsigned long long both = ((unsigned long long)hi << 32) | lo;
  return (unsigned)((both << shift) >> 32);
}
static unsigned ref_byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long both = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) r |= (unsigned)((both >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
  return r;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1000;
  std::vector<unsigned> in(n), out(8 * n);
  std::vector<float> f(4 * n);
  uint32_t s = 12345;
  for (int i = 0; i < n; ++i) in[i] = s = s * 1664525u + 1013904223u;
  in[0] = 0;
  unsigned* d_in; unsigned* d_out; float* d_f;
  cudaMalloc(&d_in, n * 4); cudaMalloc(&d_out, 8 * n * 4); cudaMalloc(&d_f, 4 * n * 4);
  cudaMemcpy(d_in, in.data(), n * 4, cudaMemcpyHostToDevice);
  bits<<<(n + 127) / 128, 128>>>(d_in, d_out, d_f, n);
  cudaMemcpy(out.data(), d_out, 8 * n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(f.data(), d_f, 4 * n * 4, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    unsigned v = in[i];
    unsigned long long w = ((unsigned long long)v << 32) | (v ^ 0x9e3779b9u);
    unsigned rev = 0;
    for (int b = 0; b < 32; ++b) rev |= ((v >> b) & 1u) << (31 - b);
    unsigned want[8] = {(unsigned)__builtin_popcount(v), (unsigned)__builtin_popcountll(w),
                        v ? (unsigned)__builtin_clz(v) : 32u, v ? (unsigned)__builtin_ctz(v) + 1 : 0u, rev,
                        ref_byte_perm(v, 0x01234567u, 0x5140), ref_funnel_l(v, 0xdeadbeefu, i % 40),
                        (unsigned)(((unsigned long long)v * 0x85ebca6bu) >> 32) + (unsigned)(i * 3)};
    for (int k = 0; k < 8; ++k) bad += out[8 * i + k] != want[k];
    float x = 1.0f + (v & 0x007fffffu) / 8388608.0f;
    double sat = std::fmin(1.0, std::fmax(0.0, (double)x - 1.5));
    bad += std::fabs(f[4 * i] - x / 3.0) > 1e-6;
    bad += std::fabs(f[4 * i + 1] - (sat + 1.0 / std::sqrt((double)x))) > 1e-6;
    bad += std::fabs(f[4 * i + 2] - 1.0) > 1e-6;
    bad += f[4 * i + 3] != 3.141592654f;
  }
  printf("%d bad\n", bad);
  cudaFree(d_in); cudaFree(d_out); cudaFree(d_f);
  return bad ? 1 : 0;
}
