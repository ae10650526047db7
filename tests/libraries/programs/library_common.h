// Shared by the library programs: the exit codes CTest reads and a CPU comparison, kept apart
// from the programs so that they stay as public CUDA samples write them.
#pragma once
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// 77: CTest's SKIP_RETURN_CODE for "no GPU here".
inline int library_gpu_or_skip() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("no GPU visible: skipped\n");
    return 77;
  }
  return 0;
}

// checkCudaErrors as cuda-samples' helper_cuda.h spells it, for the runtime's own calls.
#define checkCudaErrors(call)                                                                  \
  do {                                                                                         \
    cudaError_t err_ = (call);                                                                 \
    if (err_ != cudaSuccess) {                                                                 \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)

// The cuSOLVER programs' status check, as cuSOLVER's samples write theirs (cusolverDn.h's types).
#define CHECK_CUSOLVER(call)                                                                \
  do {                                                                                      \
    cusolverStatus_t st_ = (call);                                                          \
    if (st_ != CUSOLVER_STATUS_SUCCESS) {                                                   \
      std::fprintf(stderr, "%s:%d: %s failed with status %d\n", __FILE__, __LINE__, #call, (int)st_); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

// |got - want| <= atol + rtol * |want| for every element; prints the first few misses.
template <class Got>
inline bool library_all_close(const char* what, const Got* got, const double* want, size_t n, double rtol, double atol) {
  size_t bad = 0;
  double worst = 0.0;
  for (size_t i = 0; i < n; ++i) {
    const double g = static_cast<double>(got[i]);
    const double err = std::fabs(g - want[i]);
    worst = std::fmax(worst, err);
    if (!(err <= atol + rtol * std::fabs(want[i]))) {
      if (bad < 5) std::printf("%s[%zu]: got %.7g, want %.7g\n", what, i, g, want[i]);
      ++bad;
    }
  }
  std::printf("%s: %zu of %zu outside tolerance (largest error %.3g)\n", what, bad, n, worst);
  return bad == 0;
}

// Uniform values in [-0.5, 0.5], the same on every platform for a given seed.
inline std::vector<float> library_random_floats(size_t n, unsigned seed) {
  std::vector<float> v(n);
  std::srand(seed);
  for (auto& x : v) x = static_cast<float>(std::rand() / static_cast<double>(RAND_MAX) - 0.5);
  return v;
}
