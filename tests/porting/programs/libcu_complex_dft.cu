// libcu++'s cuda::std::complex in kernels, as signal-processing and fractal code writes it: a direct DFT
// with cuda::std::exp and polar twiddles in double, a Mandelbrot escape count in float with abs and norm,
// and complex division, sqrt and the inverse functions in a per-element transform; each against a double CPU
// reference.
#include <cuda/std/complex>
#include <cmath>
#include <complex>
#include <cstdio>
#include "porting_common.h"

using cd = cuda::std::complex<double>;
using cf = cuda::std::complex<float>;

__global__ void dft(const cd* x, int n, cd* out) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  cd sum(0.0, 0.0);
  for (int t = 0; t < n; ++t) {
    const double angle = -2.0 * 3.14159265358979323846 * k * t / n;
    sum += x[t] * (t % 2 ? cuda::std::exp(cd(0.0, angle)) : cuda::std::polar(1.0, angle));
  }
  out[k] = sum;
}

__global__ void mandelbrot(int width, int height, int max_iter, int* counts) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y;
  if (px >= width) return;
  const cf c(-2.0f + 2.5f * px / width, -1.25f + 2.5f * py / height);
  cf z(0.0f, 0.0f);
  int i = 0;
  while (i < max_iter && cuda::std::norm(z) <= 4.0f) {
    z = z * z + c;
    ++i;
  }
  counts[py * width + px] = i;
}

__global__ void transform(const cd* a, const cd* b, int n, cd* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = cuda::std::sqrt(a[i] / b[i]) + cuda::std::conj(a[i]) * 0.5 - cuda::std::log(b[i]) +
           cuda::std::asinh(a[i]) * cuda::std::atan(b[i]) - cuda::std::acos(a[i] * 0.5);
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 256, width = 320, height = 200, max_iter = 200;
  cd* h_x = new cd[n];
  cd* h_b = new cd[n];
  for (int t = 0; t < n; ++t) {
    h_x[t] = cd(std::sin(0.1 * t) + 0.25 * std::cos(0.37 * t), 0.5 * std::sin(0.05 * t));
    h_b[t] = cd(1.5 + std::cos(0.2 * t), 0.75 - std::sin(0.3 * t));
  }
  cd *d_x, *d_b, *d_dft, *d_tr;
  int* d_counts;
  cudaMalloc(&d_x, n * sizeof(cd));
  cudaMalloc(&d_b, n * sizeof(cd));
  cudaMalloc(&d_dft, n * sizeof(cd));
  cudaMalloc(&d_tr, n * sizeof(cd));
  cudaMalloc(&d_counts, width * height * sizeof(int));
  cudaMemcpy(d_x, h_x, n * sizeof(cd), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, h_b, n * sizeof(cd), cudaMemcpyHostToDevice);
  dft<<<(n + 127) / 128, 128>>>(d_x, n, d_dft);
  mandelbrot<<<dim3((width + 127) / 128, height), 128>>>(width, height, max_iter, d_counts);
  transform<<<(n + 127) / 128, 128>>>(d_x, d_b, n, d_tr);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernels failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  cd* got = new cd[n];
  cd* tr = new cd[n];
  int* counts = new int[width * height];
  cudaMemcpy(got, d_dft, n * sizeof(cd), cudaMemcpyDeviceToHost);
  cudaMemcpy(tr, d_tr, n * sizeof(cd), cudaMemcpyDeviceToHost);
  cudaMemcpy(counts, d_counts, width * height * sizeof(int), cudaMemcpyDeviceToHost);
  // References with the host's std::complex in double.
  double worst_dft = 0.0, worst_tr = 0.0;
  for (int k = 0; k < n; ++k) {
    std::complex<double> sum(0.0, 0.0);
    for (int t = 0; t < n; ++t)
      sum += std::complex<double>(h_x[t].real(), h_x[t].imag()) * std::polar(1.0, -2.0 * M_PI * k * t / n);
    worst_dft = std::fmax(worst_dft, std::abs(std::complex<double>(got[k].real(), got[k].imag()) - sum));
    const std::complex<double> a(h_x[k].real(), h_x[k].imag()), b(h_b[k].real(), h_b[k].imag());
    const std::complex<double> want =
        std::sqrt(a / b) + std::conj(a) * 0.5 - std::log(b) + std::asinh(a) * std::atan(b) - std::acos(a * 0.5);
    worst_tr = std::fmax(worst_tr, std::abs(std::complex<double>(tr[k].real(), tr[k].imag()) - want));
  }
  // Escape counts in double: points near the set's edge may escape an iteration apart in float.
  int far_off = 0;
  for (int py = 0; py < height; ++py)
    for (int px = 0; px < width; ++px) {
      const std::complex<double> c(-2.0 + 2.5 * px / width, -1.25 + 2.5 * py / height);
      std::complex<double> z(0.0, 0.0);
      int i = 0;
      while (i < max_iter && std::norm(z) <= 4.0) {
        z = z * z + c;
        ++i;
      }
      if (std::abs(counts[py * width + px] - i) > 2) ++far_off;
    }
  std::printf("dft error %.3g, transform error %.3g, escape counts off by more than 2: %d of %d\n", worst_dft, worst_tr,
              far_off, width * height);
  return worst_dft < 1e-9 && worst_tr < 1e-12 && far_off <= width * height / 100 ? 0 : 1;
}
