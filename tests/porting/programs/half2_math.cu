// Packed half2 arithmetic as fp16 kernels write it: __floats2half2_rn, __hfma2, __hmul2, __hadd2,
// __habs2, __hmax2, h2rsqrt, __low2float/__high2float, __half22float2, and atomicAdd on __half2.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#include "porting_common.h"

__global__ void axpy_h2(const __half2* x, const __half2* y, __half2* out, __half2* total, float a, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n2) return;
  __half2 a2 = __float2half2_rn(a);
  __half2 r = __hfma2(a2, x[i], y[i]);
  r = __hmax2(__habs2(r), __hmul2(__float2half2_rn(0.5f), __hadd2(x[i], y[i])));
  out[i] = r;
  atomicAdd(total, __floats2half2_rn(__low2float(r) > 0.f ? 1.0f : 0.0f, __high2float(r) > 0.f ? 1.0f : 0.0f));
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n2 = 1000;
  std::vector<__half2> x(n2), y(n2), out(n2);
  for (int i = 0; i < n2; ++i) {
    x[i] = __floats2half2_rn(0.01f * (i % 50) - 0.2f, 0.02f * (i % 30));
    y[i] = __floats2half2_rn(-0.03f * (i % 20), 0.5f - 0.01f * (i % 70));
  }
  __half2 *dx, *dy, *dout, *dtotal;
  cudaMalloc(&dx, n2 * sizeof(__half2));
  cudaMalloc(&dy, n2 * sizeof(__half2));
  cudaMalloc(&dout, n2 * sizeof(__half2));
  cudaMalloc(&dtotal, sizeof(__half2));
  cudaMemset(dtotal, 0, sizeof(__half2));
  cudaMemcpy(dx, x.data(), n2 * sizeof(__half2), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n2 * sizeof(__half2), cudaMemcpyHostToDevice);
  const float a = 1.5f;
  axpy_h2<<<(n2 + 127) / 128, 128>>>(dx, dy, dout, dtotal, a, n2);
  cudaMemcpy(out.data(), dout, n2 * sizeof(__half2), cudaMemcpyDeviceToHost);
  __half2 total;
  cudaMemcpy(&total, dtotal, sizeof(__half2), cudaMemcpyDeviceToHost);
  int bad = 0, lo_pos = 0, hi_pos = 0;
  for (int i = 0; i < n2; ++i) {
    float2 xf = __half22float2(x[i]), yf = __half22float2(y[i]), of = __half22float2(out[i]);
    double rl = std::fmax(std::fabs((double)a * xf.x + yf.x), 0.5 * ((double)xf.x + yf.x));
    double rh = std::fmax(std::fabs((double)a * xf.y + yf.y), 0.5 * ((double)xf.y + yf.y));
    if (std::fabs(of.x - rl) > 4e-3 * (1 + std::fabs(rl)) || std::fabs(of.y - rh) > 4e-3 * (1 + std::fabs(rh))) ++bad;
    lo_pos += of.x > 0.f;
    hi_pos += of.y > 0.f;
  }
  float2 t = __half22float2(total);
  if ((int)t.x != lo_pos || (int)t.y != hi_pos) ++bad;
  printf("%d bad, positives %g/%d %g/%d\n", bad, t.x, lo_pos, t.y, hi_pos);
  cudaFree(dx); cudaFree(dy); cudaFree(dout); cudaFree(dtotal);
  return bad ? 1 : 0;
}
