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

// checkCudaErrors as cuda-samples' helper_cuda.h builds it: one check for the runtime and every library,
// with a _cudaGetErrorEnum overload per library behind that library's include guard (cuBLAS's
// CUBLAS_API_H_, cuFFT's _CUFFT_H_, cuSPARSE's CUSPARSEAPI, cuSOLVER's CUSOLVER_COMMON_H_, cuRAND's CURAND_H_).
// Include this after the library headers, as the samples include helper_cuda.h. The switches name every
// status both CUDA 13 and the HIP mapping have, so they also check that the mapped values are distinct.
inline const char* _cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }

#define LIBRARY_STATUS_NAME(name) \
  case name:                      \
    return #name;

#ifdef CUBLAS_API_H_
inline const char* _cudaGetErrorEnum(cublasStatus_t error) {
  switch (error) {
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_SUCCESS)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_NOT_INITIALIZED)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_ALLOC_FAILED)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_INVALID_VALUE)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_ARCH_MISMATCH)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_MAPPING_ERROR)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_EXECUTION_FAILED)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_INTERNAL_ERROR)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_NOT_SUPPORTED)
    LIBRARY_STATUS_NAME(CUBLAS_STATUS_LICENSE_ERROR)
    default: break;
  }
  return "<unknown>";
}
#endif  // CUBLAS_API_H_

#ifdef _CUFFT_H_
inline const char* _cudaGetErrorEnum(cufftResult error) {
  switch (error) {
    LIBRARY_STATUS_NAME(CUFFT_SUCCESS)
    LIBRARY_STATUS_NAME(CUFFT_INVALID_PLAN)
    LIBRARY_STATUS_NAME(CUFFT_ALLOC_FAILED)
    LIBRARY_STATUS_NAME(CUFFT_INVALID_TYPE)
    LIBRARY_STATUS_NAME(CUFFT_INVALID_VALUE)
    LIBRARY_STATUS_NAME(CUFFT_INTERNAL_ERROR)
    LIBRARY_STATUS_NAME(CUFFT_EXEC_FAILED)
    LIBRARY_STATUS_NAME(CUFFT_SETUP_FAILED)
    LIBRARY_STATUS_NAME(CUFFT_INVALID_SIZE)
    LIBRARY_STATUS_NAME(CUFFT_UNALIGNED_DATA)
    LIBRARY_STATUS_NAME(CUFFT_INVALID_DEVICE)
    LIBRARY_STATUS_NAME(CUFFT_NO_WORKSPACE)
    LIBRARY_STATUS_NAME(CUFFT_NOT_IMPLEMENTED)
    LIBRARY_STATUS_NAME(CUFFT_NOT_SUPPORTED)
    default: break;
  }
  return "<unknown>";
}
#endif  // _CUFFT_H_

#ifdef CUSPARSEAPI
inline const char* _cudaGetErrorEnum(cusparseStatus_t error) {
  switch (error) {
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_SUCCESS)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_NOT_INITIALIZED)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_ALLOC_FAILED)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_INVALID_VALUE)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_ARCH_MISMATCH)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_MAPPING_ERROR)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_EXECUTION_FAILED)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_INTERNAL_ERROR)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_ZERO_PIVOT)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_NOT_SUPPORTED)
    LIBRARY_STATUS_NAME(CUSPARSE_STATUS_INSUFFICIENT_RESOURCES)
    default: break;
  }
  return "<unknown>";
}
#endif  // CUSPARSEAPI

#ifdef CUSOLVER_COMMON_H_
inline const char* _cudaGetErrorEnum(cusolverStatus_t error) {
  switch (error) {
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_SUCCESS)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_NOT_INITIALIZED)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_ALLOC_FAILED)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_INVALID_VALUE)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_ARCH_MISMATCH)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_MAPPING_ERROR)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_EXECUTION_FAILED)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_INTERNAL_ERROR)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_NOT_SUPPORTED)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_ZERO_PIVOT)
    LIBRARY_STATUS_NAME(CUSOLVER_STATUS_INVALID_LICENSE)
    default: break;
  }
  return "<unknown>";
}
#endif  // CUSOLVER_COMMON_H_

#ifdef CURAND_H_
inline const char* _cudaGetErrorEnum(curandStatus_t error) {
  switch (error) {
    LIBRARY_STATUS_NAME(CURAND_STATUS_SUCCESS)
    LIBRARY_STATUS_NAME(CURAND_STATUS_VERSION_MISMATCH)
    LIBRARY_STATUS_NAME(CURAND_STATUS_NOT_INITIALIZED)
    LIBRARY_STATUS_NAME(CURAND_STATUS_ALLOCATION_FAILED)
    LIBRARY_STATUS_NAME(CURAND_STATUS_TYPE_ERROR)
    LIBRARY_STATUS_NAME(CURAND_STATUS_OUT_OF_RANGE)
    LIBRARY_STATUS_NAME(CURAND_STATUS_LENGTH_NOT_MULTIPLE)
    LIBRARY_STATUS_NAME(CURAND_STATUS_DOUBLE_PRECISION_REQUIRED)
    LIBRARY_STATUS_NAME(CURAND_STATUS_LAUNCH_FAILURE)
    LIBRARY_STATUS_NAME(CURAND_STATUS_PREEXISTING_FAILURE)
    LIBRARY_STATUS_NAME(CURAND_STATUS_INITIALIZATION_FAILED)
    LIBRARY_STATUS_NAME(CURAND_STATUS_ARCH_MISMATCH)
    LIBRARY_STATUS_NAME(CURAND_STATUS_INTERNAL_ERROR)
    default: break;
  }
  return "<unknown>";
}
#endif  // CURAND_H_

template <typename T>
void check(T result, const char* func, const char* file, int line) {
  if (result) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, static_cast<int>(result),
                 _cudaGetErrorEnum(result), func);
    std::exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

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
