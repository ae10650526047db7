// cuSOLVER's dense LU solve as its samples write it (cusolverDn_LinearSolver): query the
// workspace with cusolverDnSgetrf_bufferSize, factor with cusolverDnSgetrf (pivots and a device
// info flag), solve with cusolverDnSgetrs. Against a float64 CPU Gaussian elimination with
// partial pivoting; a matrix with a zero column must report its zero pivot in info.
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "library_common.h"

// Solves A X = B (column-major, n x n and n x nrhs) in float64 with partial pivoting.
static std::vector<double> reference_solve(int n, int nrhs, std::vector<double> A, std::vector<double> B) {
  for (int c = 0; c < n; ++c) {
    int p = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(A[r + static_cast<size_t>(c) * n]) > std::fabs(A[p + static_cast<size_t>(c) * n])) p = r;
    for (int k = 0; k < n; ++k) std::swap(A[c + static_cast<size_t>(k) * n], A[p + static_cast<size_t>(k) * n]);
    for (int k = 0; k < nrhs; ++k) std::swap(B[c + static_cast<size_t>(k) * n], B[p + static_cast<size_t>(k) * n]);
    for (int r = c + 1; r < n; ++r) {
      const double f = A[r + static_cast<size_t>(c) * n] / A[c + static_cast<size_t>(c) * n];
      for (int k = c; k < n; ++k) A[r + static_cast<size_t>(k) * n] -= f * A[c + static_cast<size_t>(k) * n];
      for (int k = 0; k < nrhs; ++k) B[r + static_cast<size_t>(k) * n] -= f * B[c + static_cast<size_t>(k) * n];
    }
  }
  for (int k = 0; k < nrhs; ++k)
    for (int r = n - 1; r >= 0; --r) {
      double acc = B[r + static_cast<size_t>(k) * n];
      for (int c = r + 1; c < n; ++c) acc -= A[r + static_cast<size_t>(c) * n] * B[c + static_cast<size_t>(k) * n];
      B[r + static_cast<size_t>(k) * n] = acc / A[r + static_cast<size_t>(r) * n];
    }
  return B;
}

// Factors and solves on the GPU; returns getrf's info and leaves the solution in X.
static int gpu_solve(cusolverDnHandle_t handle, int n, int nrhs, const std::vector<float>& A, const std::vector<float>& B,
                     std::vector<float>& X) {
  float *d_A, *d_B, *d_work;
  int *d_pivots, *d_info;
  checkCudaErrors(cudaMalloc(&d_A, A.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_B, B.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_pivots, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_info, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_A, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice));
  int lwork = 0;
  checkCudaErrors(cusolverDnSgetrf_bufferSize(handle, n, n, d_A, n, &lwork));
  checkCudaErrors(cudaMalloc(&d_work, (lwork > 0 ? lwork : 1) * sizeof(float)));
  checkCudaErrors(cusolverDnSgetrf(handle, n, n, d_A, n, d_work, d_pivots, d_info));
  int info = 0;
  checkCudaErrors(cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost));
  if (info == 0) {
    checkCudaErrors(cusolverDnSgetrs(handle, CUBLAS_OP_N, n, nrhs, d_A, n, d_pivots, d_B, n, d_info));
    X.resize(B.size());
    checkCudaErrors(cudaMemcpy(X.data(), d_B, B.size() * sizeof(float), cudaMemcpyDeviceToHost));
  }
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_work));
  checkCudaErrors(cudaFree(d_pivots));
  checkCudaErrors(cudaFree(d_info));
  return info;
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int n = 128, nrhs = 3;
  // A random matrix plus a diagonal that keeps it well conditioned, so float32 stays close.
  std::vector<float> A = library_random_floats(static_cast<size_t>(n) * n, 61), B = library_random_floats(static_cast<size_t>(n) * nrhs, 62);
  for (int i = 0; i < n; ++i) A[i + static_cast<size_t>(i) * n] += 4.0f;
  cusolverDnHandle_t handle;
  checkCudaErrors(cusolverDnCreate(&handle));
  std::vector<float> X;
  const int info = gpu_solve(handle, n, nrhs, A, B, X);
  bool ok = info == 0;
  std::printf("getrf info: %d (want 0)\n", info);
  if (ok) {
    const std::vector<double> want = reference_solve(n, nrhs, std::vector<double>(A.begin(), A.end()), std::vector<double>(B.begin(), B.end()));
    ok &= library_all_close("getrs_solution", X.data(), want.data(), X.size(), 1e-4, 1e-5);
  }
  // Column 7 zero: exactly singular (elimination keeps it zero), which getrf reports as info = 8,
  // the 1-based index of the zero pivot, not through its status.
  std::vector<float> S = A;
  for (int r = 0; r < n; ++r) S[r + static_cast<size_t>(7) * n] = 0.0f;
  const int singular_info = gpu_solve(handle, n, nrhs, S, B, X);
  std::printf("getrf info for a singular matrix: %d (want 8)\n", singular_info);
  ok &= singular_info == 8;
  checkCudaErrors(cusolverDnDestroy(handle));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
