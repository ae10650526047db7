// Per-row int8 quantization of bfloat16 activations, and a half-precision complex FIR filter, with
// the CUDA 11/12 conversions and half functions such kernels call: __bfloat162int_rn,
// __int2bfloat16_rn, __bfloat162short_rz, __float2bfloat16_rd/_ru, __double2bfloat16,
// __ull2bfloat16_rn, __hmul_rn/__hadd_rn (no fused multiply-add), __hcmadd, __hmax2_nan,
// __heq2_mask, __hfma2_relu, __double2half, __half2char_rz, htanh; block-scope atomics on shared
// memory (atomicMax_block, atomicAdd_block) and __isShared/__isGlobal. Checked on the CPU.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include "porting_common.h"

#define COLS 256

// One block per row: absmax in shared memory by block-scope atomics, then int8 codes and the
// dequantized row; the row's scale bounds rounded down and up.
__global__ void quantize_rows(const __nv_bfloat16* x, int8_t* q, __nv_bfloat16* back, float* bounds, int* where) {
  __shared__ int absmax_bits;
  __shared__ unsigned long long count;
  const int row = blockIdx.x;
  if (threadIdx.x == 0) { absmax_bits = 0; count = 0; }
  __syncthreads();
  for (int c = threadIdx.x; c < COLS; c += blockDim.x) {
    float v = fabsf(__bfloat162float(x[row * COLS + c]));
    atomicMax_block(&absmax_bits, __float_as_int(v));  // non-negative floats order as their bits
    atomicAdd_block(&count, 1ull);
  }
  __syncthreads();
  const float absmax = __int_as_float(absmax_bits);
  const float scale = absmax > 0.0f ? 127.0f / absmax : 0.0f;
  for (int c = threadIdx.x; c < COLS; c += blockDim.x) {
    __nv_bfloat16 scaled = __float2bfloat16(__bfloat162float(x[row * COLS + c]) * scale);
    int code = __bfloat162int_rn(scaled);
    q[row * COLS + c] = (int8_t)code;
    back[row * COLS + c] = __int2bfloat16_rn(code);
  }
  if (threadIdx.x == 0) {
    bounds[4 * row + 0] = __bfloat162float(__float2bfloat16_rd(scale));
    bounds[4 * row + 1] = __bfloat162float(__float2bfloat16_ru(scale));
    bounds[4 * row + 2] = __bfloat162float(__double2bfloat16(1.0 / 3.0 + row)) + (float)__bfloat162short_rz(x[row * COLS]);
    bounds[4 * row + 3] = __bfloat162float(__ull2bfloat16_rn(count * 1001ull));
    where[row] = (__isShared(&absmax_bits) ? 1 : 0) + (__isGlobal(x) ? 2 : 0) + (__isShared(x) ? 4 : 0);
  }
}

// y[i] = sum_k h[k] * x[i - k] on complex halves, then a few elementwise half functions.
__global__ void fir(const __half2* x, const __half2* h, int taps, __half2* y, float* misc, unsigned* masks, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 acc = __floats2half2_rn(0.0f, 0.0f);
  for (int k = 0; k < taps && k <= i; ++k) acc = __hcmadd(h[k], x[i - k], acc);
  y[i] = acc;
  __half a = __low2half(x[i]), b = __high2half(x[i]);
  misc[6 * i + 0] = __half2float(__hadd_rn(__hmul_rn(a, b), a));
  misc[6 * i + 1] = __half2float(__low2half(__hmax2_nan(x[i], h[i % taps])));
  misc[6 * i + 2] = __half2float(__high2half(__hfma2_relu(x[i], h[i % taps], x[i])));
  misc[6 * i + 3] = __half2float(__double2half(1.0 + i * 1e-4));
  misc[6 * i + 4] = (float)__half2char_rz(__hmul(a, __float2half(300.0f)));
  misc[6 * i + 5] = __half2float(htanh(b));
  masks[i] = __heq2_mask(x[i], __lowhigh2highlow(x[i])) ^ __hlt2_mask(x[i], h[i % taps]);
}

static float bf16_round(float f) {  // round to nearest even to bfloat16, on the host
  uint32_t u; memcpy(&u, &f, 4);
  u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
  memcpy(&f, &u, 4);
  return f;
}
static float half_round(float f) { return __half2float(__float2half(f)); }  // host conversion from cuda_fp16.h
static __half2 make_pair(float lo, float hi) {
  __half parts[2] = {__float2half(lo), __float2half(hi)};
  __half2 h;
  memcpy(&h, parts, 4);
  return h;
}
static float part(__half2 h, int k) {
  __half parts[2];
  memcpy(parts, &h, 4);
  return __half2float(parts[k]);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int rows = 64;
  std::vector<__nv_bfloat16> x(rows * COLS);
  std::vector<float> xf(rows * COLS);
  unsigned s = 3;
  for (int k = 0; k < rows * COLS; ++k) {
    s = s * 1664525u + 1013904223u;
    xf[k] = bf16_round(((int)(s >> 8) % 20001 - 10000) * 1e-3f * (1 + k / COLS));
    x[k] = __float2bfloat16(xf[k]);
  }
  __nv_bfloat16 *d_x, *d_back;
  int8_t* d_q;
  float* d_bounds;
  int* d_where;
  cudaMalloc(&d_x, x.size() * 2); cudaMalloc(&d_back, x.size() * 2); cudaMalloc(&d_q, x.size());
  cudaMalloc(&d_bounds, rows * 16); cudaMalloc(&d_where, rows * 4);
  cudaMemcpy(d_x, x.data(), x.size() * 2, cudaMemcpyHostToDevice);
  quantize_rows<<<rows, 128>>>(d_x, d_q, d_back, d_bounds, d_where);
  std::vector<int8_t> q(x.size());
  std::vector<__nv_bfloat16> back(x.size());
  std::vector<float> bounds(4 * rows);
  std::vector<int> where(rows);
  cudaMemcpy(q.data(), d_q, q.size(), cudaMemcpyDeviceToHost);
  cudaMemcpy(back.data(), d_back, back.size() * 2, cudaMemcpyDeviceToHost);
  cudaMemcpy(bounds.data(), d_bounds, rows * 16, cudaMemcpyDeviceToHost);
  cudaMemcpy(where.data(), d_where, rows * 4, cudaMemcpyDeviceToHost);

  int bad = 0;
  for (int r = 0; r < rows; ++r) {
    float absmax = 0.0f;
    for (int c = 0; c < COLS; ++c) absmax = std::fmax(absmax, std::fabs(xf[r * COLS + c]));
    const float scale = absmax > 0.0f ? 127.0f / absmax : 0.0f;
    for (int c = 0; c < COLS; ++c) {
      const int code = (int)std::nearbyint(bf16_round(xf[r * COLS + c] * scale));
      bad += q[r * COLS + c] != (int8_t)code;
      bad += __bfloat162float(back[r * COLS + c]) != bf16_round((float)code);
    }
    float lo_bf;  // the largest bfloat16 <= scale (positive: its top 16 bits), and the next one up
    { uint32_t u; memcpy(&u, &scale, 4); u &= 0xffff0000u; memcpy(&lo_bf, &u, 4); }
    float hi_bf = lo_bf;
    if (lo_bf != scale) { uint32_t u; memcpy(&u, &lo_bf, 4); u += 0x10000u; memcpy(&hi_bf, &u, 4); }
    bad += bounds[4 * r] != lo_bf || bounds[4 * r + 1] != hi_bf;
    bad += bounds[4 * r + 2] != bf16_round((float)(1.0 / 3.0 + r)) + std::trunc(xf[r * COLS]);
    bad += bounds[4 * r + 3] != bf16_round((float)(COLS * 1001));
    bad += where[r] != 3;
  }

  const int n = 2048, taps = 16;
  std::vector<__half2> hx(n), hh(taps);
  std::vector<float> fx(2 * n), fh(2 * taps);
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    fx[2 * i] = half_round(((int)(s >> 20) - 2048) / 1024.0f);
    fx[2 * i + 1] = i % 97 == 0 ? fx[2 * i] : half_round(((int)(s & 4095) - 2048) / 1024.0f);
    hx[i] = make_pair(fx[2 * i], fx[2 * i + 1]);
  }
  for (int k = 0; k < taps; ++k) {
    fh[2 * k] = half_round(0.25f / (k + 1)); fh[2 * k + 1] = half_round(-0.125f / (k + 2));
    hh[k] = make_pair(fh[2 * k], fh[2 * k + 1]);
  }
  __half2 *d_hx, *d_hh, *d_y;
  float* d_misc;
  unsigned* d_masks;
  cudaMalloc(&d_hx, n * 4); cudaMalloc(&d_hh, taps * 4); cudaMalloc(&d_y, n * 4);
  cudaMalloc(&d_misc, 6 * n * 4); cudaMalloc(&d_masks, n * 4);
  cudaMemcpy(d_hx, hx.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_hh, hh.data(), taps * 4, cudaMemcpyHostToDevice);
  fir<<<(n + 255) / 256, 256>>>(d_hx, d_hh, taps, d_y, d_misc, d_masks, n);
  std::vector<__half2> y(n);
  std::vector<float> misc(6 * n);
  std::vector<unsigned> masks(n);
  cudaMemcpy(y.data(), d_y, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(misc.data(), d_misc, 6 * n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(masks.data(), d_masks, n * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    double re = 0, im = 0;  // the exact filter, to half's tolerance
    for (int k = 0; k < taps && k <= i; ++k) {
      re += (double)fh[2 * k] * fx[2 * (i - k)] - (double)fh[2 * k + 1] * fx[2 * (i - k) + 1];
      im += (double)fh[2 * k] * fx[2 * (i - k) + 1] + (double)fh[2 * k + 1] * fx[2 * (i - k)];
    }
    bad += std::fabs(part(y[i], 0) - re) > 2e-2 || std::fabs(part(y[i], 1) - im) > 2e-2;
    const float a = fx[2 * i], b = fx[2 * i + 1], h0 = fh[2 * (i % taps)], h1 = fh[2 * (i % taps) + 1];
    bad += misc[6 * i + 0] != half_round(half_round(a * b) + a);
    bad += misc[6 * i + 1] != std::fmax(a, h0);
    bad += misc[6 * i + 2] != std::fmax(__half2float(__double2half((double)b * h1 + b)), 0.0f);  // one rounding
    bad += misc[6 * i + 3] != half_round((float)(1.0 + i * 1e-4));
    const float times = half_round(a * 300.0f);
    bad += misc[6 * i + 4] != std::fmin(127.0f, std::fmax(-128.0f, std::trunc(times)));
    bad += std::fabs(misc[6 * i + 5] - std::tanh(b)) > 1e-3;
    const unsigned want = ((a == b ? 0xffffu : 0u) | (b == a ? 0xffff0000u : 0u)) ^
                          ((a < h0 ? 0xffffu : 0u) | (b < h1 ? 0xffff0000u : 0u));
    bad += masks[i] != want;
  }
  printf("%d bad\n", bad);
  cudaFree(d_x); cudaFree(d_back); cudaFree(d_q); cudaFree(d_bounds); cudaFree(d_where);
  cudaFree(d_hx); cudaFree(d_hh); cudaFree(d_y); cudaFree(d_misc); cudaFree(d_masks);
  return bad ? 1 : 0;
}
