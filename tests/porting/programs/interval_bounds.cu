// Interval arithmetic with CUDA's directed-rounding intrinsics, as verified-computing code writes it: each
// step rounds its lower bound down and its upper bound up (__dadd_rd/__dadd_ru, __dmul_rd/__dmul_ru,
// __fdiv_rd/__fdiv_ru, __dsqrt_rd/__dsqrt_ru, __fma_rd/__fma_ru, __fmaf_rd/__fmaf_ru, ...), so the interval always holds the
// exact value. Checked against the same steps done by the host's FPU with its rounding mode set.
#include <cfenv>
#include <cmath>
#include <cstdio>
#include "porting_common.h"

struct interval {
  double lo, hi;
};

// Horner's rule for a polynomial with positive coefficients at v >= 0: fma rounded down all the way is a
// lower bound, rounded up an upper bound.
__constant__ double coefficients[4] = {0.7, -0.0, 1.1, 1.0 / 7.0};

__global__ void evaluate(const double* x, int n, interval* out, interval* poly, float* fout) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = x[i];
  // (v * v + 1/3) / (v + 2), then its square root, with the bounds rounded outward at every step.
  interval sq = {__dmul_rd(v, v), __dmul_ru(v, v)};
  interval third = {__ddiv_rd(1.0, 3.0), __ddiv_ru(1.0, 3.0)};
  interval num = {__dadd_rd(sq.lo, third.lo), __dadd_ru(sq.hi, third.hi)};
  interval den = {__dadd_rd(v, 2.0), __dadd_ru(v, 2.0)};  // v >= 0 here: den > 0
  interval q = {__ddiv_rd(num.lo, den.hi), __ddiv_ru(num.hi, den.lo)};
  out[i] = {__dsqrt_rd(q.lo), __dsqrt_ru(q.hi)};
  interval h = {coefficients[3], coefficients[3]};
  for (int k = 2; k >= 0; --k) h = {__fma_rd(h.lo, v, coefficients[k]), __fma_ru(h.hi, v, coefficients[k])};
  poly[i] = h;
  const float f = static_cast<float>(v);
  fout[3 * i] = __fmaf_rd(f, f, __frcp_rd(f + 1.0f));
  fout[3 * i + 1] = __fmaf_ru(f, f, __frcp_ru(f + 1.0f));
  fout[3 * i + 2] = __fsub_rz(__fsqrt_rz(f), __fmul_rz(f, 0.1f));
}

// The host's steps go through volatile variables, so each is done after the fesetround before it.
static double host_sqrt_bound(double value, int down) {
  volatile double v = value;
  const int lo = FE_DOWNWARD, hi = FE_UPWARD;
  std::fesetround(down ? lo : hi);
  volatile double sq = v * v;
  volatile double one = 1.0;  // not 1.0 / 3.0, which the compiler would round to nearest itself
  volatile double third = one / 3.0;
  volatile double num = sq + third;
  std::fesetround(down ? hi : lo);  // the denominator's other bound
  volatile double den = v + 2.0;
  std::fesetround(down ? lo : hi);
  volatile double q = num / den;
  volatile double r = std::sqrt(q);
  std::fesetround(FE_TONEAREST);
  return r;
}

static double host_horner(double value, int mode) {
  const double c[4] = {0.7, -0.0, 1.1, 1.0 / 7.0};  // the same doubles as the kernel's
  volatile double v = value, h = c[3];
  std::fesetround(mode);
  for (int k = 2; k >= 0; --k) h = std::fma(double(h), double(v), c[k]);
  std::fesetround(FE_TONEAREST);
  return h;
}

static float host_float(float value, int which) {
  volatile float f = value;
  const int mode = which == 0 ? FE_DOWNWARD : which == 1 ? FE_UPWARD : FE_TOWARDZERO;
  volatile float one_more = f + 1.0f;  // round to nearest, as the kernel's plain +
  std::fesetround(mode);
  volatile float r;
  if (which < 2) {
    volatile float rcp = 1.0f / one_more;
    r = std::fma(float(f), float(f), float(rcp));
  } else {
    volatile float s = std::sqrt(float(f));
    volatile float t = f * 0.1f;
    r = s - t;
  }
  std::fesetround(FE_TONEAREST);
  return r;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 4096;
  double* h = new double[n];
  for (int i = 0; i < n; ++i) h[i] = std::ldexp(1.0 + (i * 2654435761u % 1000003) / 1000003.0, i % 61 - 30);
  double* d_x;
  interval *d_out, *d_poly;
  float* d_f;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(interval));
  cudaMalloc(&d_poly, n * sizeof(interval));
  cudaMalloc(&d_f, 3 * n * sizeof(float));
  cudaMemcpy(d_x, h, n * sizeof(double), cudaMemcpyHostToDevice);
  evaluate<<<(n + 127) / 128, 128>>>(d_x, n, d_out, d_poly, d_f);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  interval* out = new interval[n];
  interval* poly = new interval[n];
  float* f = new float[3 * n];
  cudaMemcpy(out, d_out, n * sizeof(interval), cudaMemcpyDeviceToHost);
  cudaMemcpy(poly, d_poly, n * sizeof(interval), cudaMemcpyDeviceToHost);
  cudaMemcpy(f, d_f, 3 * n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0, empty = 0;
  for (int i = 0; i < n; ++i) {
    bad += out[i].lo != host_sqrt_bound(h[i], 1) || out[i].hi != host_sqrt_bound(h[i], 0);
    bad += poly[i].lo != host_horner(h[i], FE_DOWNWARD) || poly[i].hi != host_horner(h[i], FE_UPWARD);
    empty += !(out[i].lo <= out[i].hi) + !(poly[i].lo <= poly[i].hi);
    for (int k = 0; k < 3; ++k) bad += f[3 * i + k] != host_float(static_cast<float>(h[i]), k);
  }
  std::printf("%d bounds differ from the FPU's, %d intervals empty, of %d\n", bad, empty, n);
  return bad == 0 && empty == 0 ? 0 : 1;
}
