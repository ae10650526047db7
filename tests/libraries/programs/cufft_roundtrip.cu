// cuFFT as its simpleCUFFT-style samples use it: cufftPlan1d for a batch of complex-to-complex
// transforms, cufftExecC2C forward in place, inverse into another buffer. The forward result
// against a float64 direct DFT; the round trip against the input times n (cuFFT's inverse is
// unnormalised). Lengths 256 (radix 2) and 360 (mixed radix 2, 3, 5).
#include <cuda_runtime.h>
#include <cufft.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

#define CHECK_CUFFT(call)                                                                   \
  do {                                                                                      \
    cufftResult r_ = (call);                                                                \
    if (r_ != CUFFT_SUCCESS) {                                                              \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, _cudaGetErrorEnum(r_)); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

static bool roundtrip(int n, int batch) {
  const size_t total = static_cast<size_t>(n) * batch;
  std::vector<float> re = library_random_floats(total, 50 + n), im = library_random_floats(total, 51 + n);
  std::vector<cufftComplex> h(total);
  for (size_t i = 0; i < total; ++i) {
    h[i].x = re[i];
    h[i].y = im[i];
  }
  cufftComplex *d_data, *d_back;
  checkCudaErrors(cudaMalloc(&d_data, total * sizeof(cufftComplex)));
  checkCudaErrors(cudaMalloc(&d_back, total * sizeof(cufftComplex)));
  checkCudaErrors(cudaMemcpy(d_data, h.data(), total * sizeof(cufftComplex), cudaMemcpyHostToDevice));
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreate(&stream));
  cufftHandle plan;
  CHECK_CUFFT(cufftPlan1d(&plan, n, CUFFT_C2C, batch));
  checkCudaErrors(cufftSetStream(plan, stream));  // helper_cuda.h's check takes library statuses too
  CHECK_CUFFT(cufftExecC2C(plan, d_data, d_data, CUFFT_FORWARD));
  CHECK_CUFFT(cufftExecC2C(plan, d_data, d_back, CUFFT_INVERSE));
  std::vector<cufftComplex> spectrum(total), back(total);
  checkCudaErrors(cudaMemcpyAsync(spectrum.data(), d_data, total * sizeof(cufftComplex), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaMemcpyAsync(back.data(), d_back, total * sizeof(cufftComplex), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));

  // X[k] = sum_j x[j] * exp(-2 pi i j k / n), per batch, flattened as (re, im) pairs.
  const double pi = std::acos(-1.0);
  std::vector<double> want(2 * total), want_back(2 * total);
  std::vector<float> got(2 * total), got_back(2 * total);
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < n; ++k) {
      std::complex<double> acc = 0.0;
      for (int j = 0; j < n; ++j)
        acc += std::complex<double>(re[b * n + j], im[b * n + j]) * std::polar(1.0, -2.0 * pi * ((static_cast<long long>(j) * k) % n) / n);
      const size_t i = static_cast<size_t>(b) * n + k;
      want[2 * i] = acc.real();
      want[2 * i + 1] = acc.imag();
      want_back[2 * i] = static_cast<double>(re[i]) * n;
      want_back[2 * i + 1] = static_cast<double>(im[i]) * n;
      got[2 * i] = spectrum[i].x;
      got[2 * i + 1] = spectrum[i].y;
      got_back[2 * i] = back[i].x;
      got_back[2 * i + 1] = back[i].y;
    }
  // Single precision FFT: error grows like log2(n) roundings of values of size sqrt(n).
  const double atol = 1e-5 * n;
  char name[64];
  std::snprintf(name, sizeof name, "c2c_forward_n%d", n);
  bool ok = library_all_close(name, got.data(), want.data(), 2 * total, 1e-4, atol);
  std::snprintf(name, sizeof name, "c2c_roundtrip_n%d", n);
  ok &= library_all_close(name, got_back.data(), want_back.data(), 2 * total, 1e-4, atol);
  CHECK_CUFFT(cufftDestroy(plan));
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(d_data));
  checkCudaErrors(cudaFree(d_back));
  return ok;
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  bool ok = roundtrip(256, 4);
  ok &= roundtrip(360, 3);
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
