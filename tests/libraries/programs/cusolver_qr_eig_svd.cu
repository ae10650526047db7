// cuSOLVER's QR, symmetric eigensolver and SVD as its samples write them (cusolverDn_LinearSolver's QR
// path, syevd and gesvd examples): a least-squares fit with geqrf, ormqr (Q^T b) and a back substitution
// of R; Q formed with orgqr; eigenpairs of a symmetric matrix with Dsyevd; singular values and vectors with
// Sgesvd. References in float64 on the CPU: normal equations for the fit, cyclic Jacobi for eigenvalues
// (and for the singular values, as square roots of A^T A's); Q^T Q = I, A v = lambda v and U S V^T = A checked.
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

// Column-major element (r, c) of a matrix with leading dimension ld.
#define AT(M, r, c, ld) (M)[(r) + static_cast<size_t>(c) * (ld)]

// Eigenvalues of a symmetric n x n matrix by cyclic Jacobi rotations, in float64, ascending.
static std::vector<double> jacobi_eigenvalues(std::vector<double> S, int n) {
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0.0;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) off += AT(S, p, q, n) * AT(S, p, q, n);
    if (off < 1e-30) break;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) {
        if (AT(S, p, q, n) == 0.0) continue;
        const double theta = (AT(S, q, q, n) - AT(S, p, p, n)) / (2.0 * AT(S, p, q, n));
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < n; ++k) {  // columns p and q
          const double kp = AT(S, k, p, n), kq = AT(S, k, q, n);
          AT(S, k, p, n) = c * kp - s * kq;
          AT(S, k, q, n) = s * kp + c * kq;
        }
        for (int k = 0; k < n; ++k) {  // rows p and q
          const double pk = AT(S, p, k, n), qk = AT(S, q, k, n);
          AT(S, p, k, n) = c * pk - s * qk;
          AT(S, q, k, n) = s * pk + c * qk;
        }
      }
  }
  std::vector<double> w(n);
  for (int i = 0; i < n; ++i) w[i] = AT(S, i, i, n);
  std::sort(w.begin(), w.end());
  return w;
}

// A^T A (n x n) of an m x n matrix, in float64.
static std::vector<double> gram(const std::vector<float>& A, int m, int n) {
  std::vector<double> G(static_cast<size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < m; ++k) AT(G, i, j, n) += double(AT(A, k, i, m)) * double(AT(A, k, j, m));
  return G;
}

// Least squares by the normal equations A^T A x = A^T b, Gaussian elimination in float64.
static std::vector<double> normal_equations(const std::vector<float>& A, const std::vector<float>& b, int m, int n) {
  std::vector<double> G = gram(A, m, n), x(n, 0.0);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < m; ++k) x[i] += double(AT(A, k, i, m)) * b[k];
  for (int c = 0; c < n; ++c)
    for (int r = c + 1; r < n; ++r) {
      const double f = AT(G, r, c, n) / AT(G, c, c, n);
      for (int k = c; k < n; ++k) AT(G, r, k, n) -= f * AT(G, c, k, n);
      x[r] -= f * x[c];
    }
  for (int r = n - 1; r >= 0; --r) {
    for (int c = r + 1; c < n; ++c) x[r] -= AT(G, r, c, n) * x[c];
    x[r] /= AT(G, r, r, n);
  }
  return x;
}

static int device_info(const int* d_info) {
  int info = -1;
  checkCudaErrors(cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost));
  return info;
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int m = 12, n = 5;
  const std::vector<float> A = library_random_floats(static_cast<size_t>(m) * n, 71), b = library_random_floats(m, 72);
  cusolverDnHandle_t handle;
  checkCudaErrors(cusolverDnCreate(&handle));
  bool ok = true;
  int* d_info;
  checkCudaErrors(cudaMalloc(&d_info, sizeof(int)));

  // QR: A = Q R. Q^T b with ormqr, then R x = (Q^T b)[0:n] on the host; Q itself with orgqr.
  float *d_A, *d_tau, *d_b, *d_work;
  checkCudaErrors(cudaMalloc(&d_A, A.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_tau, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_b, m * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_A, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_b, b.data(), m * sizeof(float), cudaMemcpyHostToDevice));
  int lwork_geqrf = 0, lwork_ormqr = 0, lwork_orgqr = 0;
  checkCudaErrors(cusolverDnSgeqrf_bufferSize(handle, m, n, d_A, m, &lwork_geqrf));
  checkCudaErrors(cusolverDnSormqr_bufferSize(handle, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, d_A, m, d_tau, d_b, m,
                                             &lwork_ormqr));
  checkCudaErrors(cusolverDnSorgqr_bufferSize(handle, m, n, n, d_A, m, d_tau, &lwork_orgqr));
  const int lwork = std::max({lwork_geqrf, lwork_ormqr, lwork_orgqr, 1});
  checkCudaErrors(cudaMalloc(&d_work, lwork * sizeof(float)));
  checkCudaErrors(cusolverDnSgeqrf(handle, m, n, d_A, m, d_tau, d_work, lwork, d_info));
  ok &= device_info(d_info) == 0;
  checkCudaErrors(cusolverDnSormqr(handle, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, d_A, m, d_tau, d_b, m, d_work, lwork,
                                  d_info));
  ok &= device_info(d_info) == 0;
  std::vector<float> QR(A.size()), Qtb(m);
  checkCudaErrors(cudaMemcpy(QR.data(), d_A, QR.size() * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(Qtb.data(), d_b, m * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> x(n);
  for (int r = n - 1; r >= 0; --r) {
    double acc = Qtb[r];
    for (int c = r + 1; c < n; ++c) acc -= double(AT(QR, r, c, m)) * x[c];
    x[r] = acc / AT(QR, r, r, m);
  }
  const std::vector<double> x_want = normal_equations(A, b, m, n);
  std::vector<float> x_got(x.begin(), x.end());
  ok &= library_all_close("least_squares", x_got.data(), x_want.data(), n, 1e-3, 1e-4);
  checkCudaErrors(cusolverDnSorgqr(handle, m, n, n, d_A, m, d_tau, d_work, lwork, d_info));
  ok &= device_info(d_info) == 0;
  std::vector<float> Q(A.size());
  checkCudaErrors(cudaMemcpy(Q.data(), d_A, Q.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> QtQ(static_cast<size_t>(n) * n), QR_product(A.size()), identity(QtQ.size(), 0.0), A_d(A.begin(), A.end());
  for (int i = 0; i < n; ++i) {
    AT(identity, i, i, n) = 1.0;
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < m; ++k) AT(QtQ, i, j, n) += double(AT(Q, k, i, m)) * AT(Q, k, j, m);
  }
  for (int r = 0; r < m; ++r)  // Q R, R the upper triangle geqrf left
    for (int c = 0; c < n; ++c)
      for (int k = 0; k <= c; ++k) AT(QR_product, r, c, m) += double(AT(Q, r, k, m)) * AT(QR, k, c, m);
  ok &= library_all_close("QtQ", QtQ.data(), identity.data(), QtQ.size(), 0.0, 1e-5);
  ok &= library_all_close("Q_times_R", QR_product.data(), A_d.data(), A_d.size(), 1e-4, 1e-5);

  // Symmetric eigenproblem in float64: S = A^T A + I, eigenvalues ascending and eigenvectors.
  std::vector<double> S = gram(A, m, n);
  for (int i = 0; i < n; ++i) AT(S, i, i, n) += 1.0;
  double *d_S, *d_W, *d_dwork;
  checkCudaErrors(cudaMalloc(&d_S, S.size() * sizeof(double)));
  checkCudaErrors(cudaMalloc(&d_W, n * sizeof(double)));
  checkCudaErrors(cudaMemcpy(d_S, S.data(), S.size() * sizeof(double), cudaMemcpyHostToDevice));
  int lwork_syevd = 0;
  checkCudaErrors(cusolverDnDsyevd_bufferSize(handle, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, d_S, n, d_W,
                                             &lwork_syevd));
  checkCudaErrors(cudaMalloc(&d_dwork, std::max(lwork_syevd, 1) * sizeof(double)));
  checkCudaErrors(cusolverDnDsyevd(handle, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, d_S, n, d_W, d_dwork,
                                  lwork_syevd, d_info));
  ok &= device_info(d_info) == 0;
  std::vector<double> V(S.size()), W(n);
  checkCudaErrors(cudaMemcpy(V.data(), d_S, V.size() * sizeof(double), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(W.data(), d_W, n * sizeof(double), cudaMemcpyDeviceToHost));
  const std::vector<double> W_want = jacobi_eigenvalues(S, n);
  ok &= library_all_close("syevd_eigenvalues", W.data(), W_want.data(), n, 1e-12, 1e-12);
  std::vector<double> residual(S.size(), 0.0), zeros(S.size(), 0.0);
  for (int j = 0; j < n; ++j)  // S v_j - w_j v_j
    for (int r = 0; r < n; ++r) {
      double sv = 0.0;
      for (int k = 0; k < n; ++k) sv += AT(S, r, k, n) * AT(V, k, j, n);
      AT(residual, r, j, n) = sv - W[j] * AT(V, r, j, n);
    }
  ok &= library_all_close("syevd_residual", residual.data(), zeros.data(), residual.size(), 0.0, 1e-10 * W_want.back());

  // SVD of A (m >= n, as gesvd asks): singular values descending, U S V^T = A.
  float *d_sv, *d_U, *d_VT, *d_rwork, *d_swork;
  checkCudaErrors(cudaMemcpy(d_A, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMalloc(&d_sv, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_U, static_cast<size_t>(m) * m * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_VT, static_cast<size_t>(n) * n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_rwork, (n - 1) * sizeof(float)));
  int lwork_gesvd = 0;
  checkCudaErrors(cusolverDnSgesvd_bufferSize(handle, m, n, &lwork_gesvd));
  checkCudaErrors(cudaMalloc(&d_swork, std::max(lwork_gesvd, 1) * sizeof(float)));
  signed char jobu = 'A', jobvt = 'A';
  checkCudaErrors(cusolverDnSgesvd(handle, jobu, jobvt, m, n, d_A, m, d_sv, d_U, m, d_VT, n, d_swork, lwork_gesvd, d_rwork,
                                  d_info));
  ok &= device_info(d_info) == 0;
  std::vector<float> sv(n), U(static_cast<size_t>(m) * m), VT(static_cast<size_t>(n) * n);
  checkCudaErrors(cudaMemcpy(sv.data(), d_sv, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(U.data(), d_U, U.size() * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(VT.data(), d_VT, VT.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> sv_want = jacobi_eigenvalues(gram(A, m, n), n);
  for (double& s : sv_want) s = std::sqrt(std::max(s, 0.0));
  std::reverse(sv_want.begin(), sv_want.end());
  ok &= library_all_close("gesvd_singular_values", sv.data(), sv_want.data(), n, 1e-4, 1e-5);
  std::vector<double> USVt(A.size(), 0.0);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c)
      for (int k = 0; k < n; ++k) AT(USVt, r, c, m) += double(AT(U, r, k, m)) * sv[k] * AT(VT, k, c, n);
  ok &= library_all_close("U_S_Vt", USVt.data(), A_d.data(), A_d.size(), 1e-4, 1e-5);

  for (void* p : {static_cast<void*>(d_A), static_cast<void*>(d_tau), static_cast<void*>(d_b), static_cast<void*>(d_work),
                  static_cast<void*>(d_S), static_cast<void*>(d_W), static_cast<void*>(d_dwork), static_cast<void*>(d_sv),
                  static_cast<void*>(d_U), static_cast<void*>(d_VT), static_cast<void*>(d_rwork), static_cast<void*>(d_swork),
                  static_cast<void*>(d_info)})
    checkCudaErrors(cudaFree(p));
  checkCudaErrors(cusolverDnDestroy(handle));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
