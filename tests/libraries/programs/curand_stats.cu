// cuRAND both ways public code uses it: a host generator (curandCreateGenerator, seed,
// curandGenerateUniform / curandGenerateNormal into device memory) and the device API
// (curand_init per thread, curand_uniform / curand_normal in a kernel). HIP's generators give
// other numbers for the same seed, so what is checked is what both promise: the range, the
// mean and variance within five standard errors, and that one seed reproduces its numbers.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

#define CURAND_CALL(call)                                                                   \
  do {                                                                                      \
    curandStatus_t st_ = (call);                                                            \
    if (st_ != CURAND_STATUS_SUCCESS) {                                                     \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, _cudaGetErrorEnum(st_)); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

constexpr int kThreads = 256, kBlocks = 64, kPerThread = 64;

__global__ void draw_kernel(unsigned long long seed, float* uniforms, float* normals) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, id, 0, &state);  // one subsequence per thread, as the cuRAND guide shows
  for (int i = 0; i < kPerThread; ++i) {
    uniforms[static_cast<size_t>(i) * kThreads * kBlocks + id] = curand_uniform(&state);
    normals[static_cast<size_t>(i) * kThreads * kBlocks + id] = curand_normal(&state);
  }
}

// Mean and variance within `sigmas` standard errors of the distribution's; values in [lo, hi].
static bool check_moments(const char* what, const std::vector<float>& v, double mean, double var, double lo, double hi) {
  const double n = static_cast<double>(v.size());
  double sum = 0.0, sq = 0.0;
  size_t outside = 0;
  for (float x : v) {
    sum += x;
    if (!(x >= lo && x <= hi)) ++outside;
  }
  const double m = sum / n;
  for (float x : v) sq += (x - m) * (x - m);
  const double s2 = sq / (n - 1.0);
  // Standard error of the mean: sqrt(var / n); of the variance: var * sqrt(2 / (n - 1)) for a
  // normal sample (the uniform's is smaller), five of each.
  const double mean_tol = 5.0 * std::sqrt(var / n), var_tol = 5.0 * var * std::sqrt(2.0 / (n - 1.0));
  const bool ok = outside == 0 && std::fabs(m - mean) <= mean_tol && std::fabs(s2 - var) <= var_tol;
  std::printf("%s: n %.0f, mean %.5f (want %.5f +- %.5f), variance %.5f (want %.5f +- %.5f), %zu outside [%g, %g]: %s\n",
              what, n, m, mean, mean_tol, s2, var, var_tol, outside, lo, hi, ok ? "ok" : "WRONG");
  return ok;
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const size_t n = static_cast<size_t>(kThreads) * kBlocks * kPerThread;
  bool ok = true;
  float *d_a, *d_b;
  checkCudaErrors(cudaMalloc(&d_a, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_b, n * sizeof(float)));
  std::vector<float> uniforms(n), normals(n), again(n);

  // Host API.
  curandGenerator_t gen;
  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  checkCudaErrors(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));  // helper_cuda.h's check takes library statuses too
  CURAND_CALL(curandGenerateUniform(gen, d_a, n));
  CURAND_CALL(curandGenerateNormal(gen, d_b, n, 0.0f, 1.0f));
  checkCudaErrors(cudaMemcpy(uniforms.data(), d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(normals.data(), d_b, n * sizeof(float), cudaMemcpyDeviceToHost));
  ok &= check_moments("host curandGenerateUniform", uniforms, 0.5, 1.0 / 12.0, 0.0, 1.0);
  ok &= check_moments("host curandGenerateNormal", normals, 0.0, 1.0, -10.0, 10.0);
  CURAND_CALL(curandDestroyGenerator(gen));
  // A new generator with the same seed starts the same stream again.
  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CURAND_CALL(curandGenerateUniform(gen, d_a, n));
  checkCudaErrors(cudaMemcpy(again.data(), d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  const bool host_repeat = again == uniforms;
  std::printf("host generator, same seed: %s\n", host_repeat ? "same numbers" : "DIFFERENT numbers");
  ok &= host_repeat;
  CURAND_CALL(curandDestroyGenerator(gen));

  // Device API.
  draw_kernel<<<kBlocks, kThreads>>>(42ULL, d_a, d_b);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(uniforms.data(), d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(normals.data(), d_b, n * sizeof(float), cudaMemcpyDeviceToHost));
  // curand_uniform's range is (0, 1]: 0 excluded, 1 included.
  ok &= check_moments("device curand_uniform", uniforms, 0.5, 1.0 / 12.0, 1e-30, 1.0);
  ok &= check_moments("device curand_normal", normals, 0.0, 1.0, -10.0, 10.0);
  draw_kernel<<<kBlocks, kThreads>>>(42ULL, d_a, d_b);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(again.data(), d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  const bool device_repeat = again == uniforms;
  draw_kernel<<<kBlocks, kThreads>>>(43ULL, d_a, d_b);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(again.data(), d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  const bool seed_matters = again != uniforms;
  std::printf("device states, same seed: %s; another seed: %s\n", device_repeat ? "same numbers" : "DIFFERENT numbers",
              seed_matters ? "other numbers" : "the SAME numbers");
  ok &= device_repeat && seed_matters;

  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_b));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
