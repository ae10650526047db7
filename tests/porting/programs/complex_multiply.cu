// cuComplex.h arithmetic as signal-processing code writes it around cuFFT: cuFloatComplex and
// cuDoubleComplex, make_cuFloatComplex, cuCmulf, cuCaddf, cuConjf, cuCabsf, cuCrealf/cuCimagf,
// cuComplexFloatToDouble.
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>
#include "porting_common.h"

__global__ void multiply_conj(const cuFloatComplex* a, const cuFloatComplex* b, cuFloatComplex* c, float* mag,
                              cuDoubleComplex* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuFloatComplex p = cuCmulf(a[i], cuConjf(b[i]));
  c[i] = cuCaddf(p, make_cuFloatComplex(1.0f, 0.0f));
  mag[i] = cuCabsf(c[i]);
  wide[i] = cuCmul(cuComplexFloatToDouble(c[i]), make_cuDoubleComplex(0.0, 1.0));
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 513;
  std::vector<cuFloatComplex> a(n), b(n), c(n);
  std::vector<float> mag(n);
  std::vector<cuDoubleComplex> wide(n);
  for (int i = 0; i < n; ++i) {
    a[i] = make_cuFloatComplex(0.1f * (i % 17), -0.05f * (i % 11));
    b[i] = make_cuFloatComplex(0.2f * (i % 5) - 0.3f, 0.07f * (i % 9));
  }
  cuFloatComplex *da, *db, *dc;
  float* dm;
  cuDoubleComplex* dw;
  cudaMalloc(&da, n * sizeof(cuFloatComplex));
  cudaMalloc(&db, n * sizeof(cuFloatComplex));
  cudaMalloc(&dc, n * sizeof(cuFloatComplex));
  cudaMalloc(&dm, n * sizeof(float));
  cudaMalloc(&dw, n * sizeof(cuDoubleComplex));
  cudaMemcpy(da, a.data(), n * sizeof(cuFloatComplex), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(cuFloatComplex), cudaMemcpyHostToDevice);
  multiply_conj<<<(n + 255) / 256, 256>>>(da, db, dc, dm, dw, n);
  cudaMemcpy(c.data(), dc, n * sizeof(cuFloatComplex), cudaMemcpyDeviceToHost);
  cudaMemcpy(mag.data(), dm, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(wide.data(), dw, n * sizeof(cuDoubleComplex), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    std::complex<double> za(cuCrealf(a[i]), cuCimagf(a[i])), zb(cuCrealf(b[i]), cuCimagf(b[i]));
    std::complex<double> want = za * std::conj(zb) + 1.0, want_wide = want * std::complex<double>(0, 1);
    if (std::abs(std::complex<double>(cuCrealf(c[i]), cuCimagf(c[i])) - want) > 1e-5 * (1 + std::abs(want))) ++bad;
    if (std::fabs(mag[i] - std::abs(want)) > 1e-5 * (1 + std::abs(want))) ++bad;
    if (std::abs(std::complex<double>(cuCreal(wide[i]), cuCimag(wide[i])) - want_wide) > 1e-5 * (1 + std::abs(want))) ++bad;
  }
  printf("%d bad\n", bad);
  cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dm); cudaFree(dw);
  return bad ? 1 : 0;
}
