// cuBLAS's level 1, 2 and 3 routines beyond GEMM, as simpleCUBLAS and linear-algebra code call them: data
// moved with cublasSetVector/SetMatrix and back with GetVector/GetMatrix; nrm2, asum, amax (1-based) and
// amin, copy, swap and rot; ger and symv; a lower-triangular solve (trsm) checked by multiplying back
// (trmm), syrk, dgmm, geam with a transpose, and a pointer-array batched DGEMM. Every result against a
// float64 CPU reference of the same inputs.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

static void require(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s failed with status %d\n", what, static_cast<int>(status));
    std::exit(EXIT_FAILURE);
  }
}

#define IDX2C(i, j, ld) (((j) * (ld)) + (i))  // column-major, as cuBLAS's documentation writes it

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  cublasHandle_t handle;
  checkCudaErrors(cublasCreate(&handle));  // helper_cuda.h's check takes library statuses too
  bool ok = true;
  const int n = 48;

  // Level 1 on vectors set and read back through cuBLAS.
  const std::vector<float> xf = library_random_floats(n, 81), yf = library_random_floats(n, 82);
  std::vector<double> xd(xf.begin(), xf.end());
  float *d_x, *d_y;
  double* d_xd;
  checkCudaErrors(cudaMalloc(&d_x, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_y, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_xd, n * sizeof(double)));
  require(cublasSetVector(n, sizeof(float), xf.data(), 1, d_x, 1), "cublasSetVector");
  require(cublasSetVector(n, sizeof(float), yf.data(), 1, d_y, 1), "cublasSetVector");
  require(cublasSetVector(n, sizeof(double), xd.data(), 1, d_xd, 1), "cublasSetVector");
  double nrm = 0.0, asum = 0.0, nrm_want = 0.0, asum_want = 0.0;
  int amax = 0, amin = 0, amax_want = 1, amin_want = 1;
  require(cublasDnrm2(handle, n, d_xd, 1, &nrm), "cublasDnrm2");
  require(cublasDasum(handle, n, d_xd, 1, &asum), "cublasDasum");
  require(cublasIdamax(handle, n, d_xd, 1, &amax), "cublasIdamax");
  require(cublasIsamin(handle, n, d_x, 1, &amin), "cublasIsamin");
  for (int i = 0; i < n; ++i) {
    nrm_want += xd[i] * xd[i];
    asum_want += std::fabs(xd[i]);
    if (std::fabs(xd[i]) > std::fabs(xd[amax_want - 1])) amax_want = i + 1;
    if (std::fabs(xd[i]) < std::fabs(xd[amin_want - 1])) amin_want = i + 1;
  }
  nrm_want = std::sqrt(nrm_want);
  ok &= library_all_close("Dnrm2", &nrm, &nrm_want, 1, 1e-14, 0.0);
  ok &= library_all_close("Dasum", &asum, &asum_want, 1, 1e-14, 0.0);
  std::printf("Idamax %d (want %d), Isamin %d (want %d)\n", amax, amax_want, amin, amin_want);
  ok &= amax == amax_want && amin == amin_want;
  // rot by (c, s) on (x, y), then swap them, then copy x over y: y ends as the rotated y.
  const float c = 0.6f, s = 0.8f;
  require(cublasSrot(handle, n, d_x, 1, d_y, 1, &c, &s), "cublasSrot");
  require(cublasSswap(handle, n, d_x, 1, d_y, 1), "cublasSswap");
  float* d_z;
  checkCudaErrors(cudaMalloc(&d_z, n * sizeof(float)));
  require(cublasScopy(handle, n, d_x, 1, d_z, 1), "cublasScopy");
  std::vector<float> rx(n), rz(n);
  require(cublasGetVector(n, sizeof(float), d_y, 1, rx.data(), 1), "cublasGetVector");
  require(cublasGetVector(n, sizeof(float), d_z, 1, rz.data(), 1), "cublasGetVector");
  std::vector<double> rot_x(n), rot_y(n);
  for (int i = 0; i < n; ++i) {
    rot_x[i] = double(c) * xf[i] + double(s) * yf[i];
    rot_y[i] = double(c) * yf[i] - double(s) * xf[i];
  }
  ok &= library_all_close("rot_then_swap_x", rx.data(), rot_x.data(), n, 1e-6, 1e-7);
  ok &= library_all_close("rot_then_swap_copy_y", rz.data(), rot_y.data(), n, 1e-6, 1e-7);

  // Level 2: A = M + alpha x y^T (ger), then y2 = S x (symv, S's lower triangle).
  const int m = 40;
  std::vector<float> M = library_random_floats(static_cast<size_t>(m) * n, 83), S = library_random_floats(static_cast<size_t>(n) * n, 84);
  float *d_M, *d_S, *d_v;
  checkCudaErrors(cudaMalloc(&d_M, M.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_S, S.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_v, m * sizeof(float)));
  require(cublasSetMatrix(m, n, sizeof(float), M.data(), m, d_M, m), "cublasSetMatrix");
  require(cublasSetMatrix(n, n, sizeof(float), S.data(), n, d_S, n), "cublasSetMatrix");
  const std::vector<float> v = library_random_floats(m, 85);
  require(cublasSetVector(m, sizeof(float), v.data(), 1, d_v, 1), "cublasSetVector");
  const float alpha = 1.5f, zero = 0.0f, one = 1.0f;
  require(cublasSger(handle, m, n, &alpha, d_v, 1, d_z, 1, d_M, m), "cublasSger");  // d_z holds rz
  std::vector<float> ger(M.size());
  require(cublasGetMatrix(m, n, sizeof(float), d_M, m, ger.data(), m), "cublasGetMatrix");
  std::vector<double> ger_want(M.size());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      ger_want[IDX2C(i, j, m)] = M[IDX2C(i, j, m)] + double(alpha) * v[i] * rz[j];
  ok &= library_all_close("Sger", ger.data(), ger_want.data(), ger.size(), 1e-5, 1e-6);
  float* d_w;
  checkCudaErrors(cudaMalloc(&d_w, n * sizeof(float)));
  require(cublasSsymv(handle, CUBLAS_FILL_MODE_LOWER, n, &one, d_S, n, d_z, 1, &zero, d_w, 1), "cublasSsymv");
  std::vector<float> w(n);
  require(cublasGetVector(n, sizeof(float), d_w, 1, w.data(), 1), "cublasGetVector");
  std::vector<double> w_want(n, 0.0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)  // the lower triangle stands for both
      w_want[i] += double(i >= j ? S[IDX2C(i, j, n)] : S[IDX2C(j, i, n)]) * rz[j];
  ok &= library_all_close("Ssymv", w.data(), w_want.data(), n, 1e-5, 1e-5);

  // Level 3. L lower triangular, well conditioned; X = L^-1 (2 B) by trsm, then L X by trmm gives 2 B.
  const int k = 24;
  std::vector<float> L(static_cast<size_t>(n) * n, 0.0f), B = library_random_floats(static_cast<size_t>(n) * k, 86);
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) L[IDX2C(i, j, n)] = i == j ? 2.0f + 0.01f * i : 0.1f * S[IDX2C(i, j, n)];
  float *d_L, *d_B, *d_C;
  checkCudaErrors(cudaMalloc(&d_L, L.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_B, B.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_C, static_cast<size_t>(n) * n * sizeof(float)));
  require(cublasSetMatrix(n, n, sizeof(float), L.data(), n, d_L, n), "cublasSetMatrix");
  require(cublasSetMatrix(n, k, sizeof(float), B.data(), n, d_B, n), "cublasSetMatrix");
  const float two = 2.0f;
  require(cublasStrsm(handle, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, k, &two, d_L, n,
                      d_B, n), "cublasStrsm");
  std::vector<float> X(B.size());
  require(cublasGetMatrix(n, k, sizeof(float), d_B, n, X.data(), n), "cublasGetMatrix");
  std::vector<double> X_want(B.size());
  for (int j = 0; j < k; ++j)
    for (int i = 0; i < n; ++i) {  // forward substitution
      double acc = 2.0 * B[IDX2C(i, j, n)];
      for (int p = 0; p < i; ++p) acc -= double(L[IDX2C(i, p, n)]) * X_want[IDX2C(p, j, n)];
      X_want[IDX2C(i, j, n)] = acc / L[IDX2C(i, i, n)];
    }
  ok &= library_all_close("Strsm", X.data(), X_want.data(), X.size(), 1e-5, 1e-6);
  require(cublasStrmm(handle, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, k, &one, d_L, n,
                      d_B, n, d_C, n), "cublasStrmm");
  std::vector<float> back(B.size());
  require(cublasGetMatrix(n, k, sizeof(float), d_C, n, back.data(), n), "cublasGetMatrix");
  std::vector<double> twice_B(B.size());
  for (size_t i = 0; i < B.size(); ++i) twice_B[i] = 2.0 * B[i];
  ok &= library_all_close("Strmm_of_Strsm", back.data(), twice_B.data(), back.size(), 1e-5, 1e-6);
  // syrk: C = B B^T (n x n, lower triangle written); dgmm: B diag(d) into d_C's first n x k.
  require(cublasSsyrk(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &one, d_B, n, &zero, d_C, n), "cublasSsyrk");
  std::vector<float> syrk(static_cast<size_t>(n) * n);
  require(cublasGetMatrix(n, n, sizeof(float), d_C, n, syrk.data(), n), "cublasGetMatrix");
  std::vector<float> syrk_lower;
  std::vector<double> syrk_want;
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) {
      double acc = 0.0;
      for (int p = 0; p < k; ++p) acc += double(X[IDX2C(i, p, n)]) * X[IDX2C(j, p, n)];
      syrk_lower.push_back(syrk[IDX2C(i, j, n)]);
      syrk_want.push_back(acc);
    }
  ok &= library_all_close("Ssyrk", syrk_lower.data(), syrk_want.data(), syrk_want.size(), 1e-5, 1e-6);
  const std::vector<float> diag = library_random_floats(k, 87);
  float* d_diag;
  checkCudaErrors(cudaMalloc(&d_diag, k * sizeof(float)));
  require(cublasSetVector(k, sizeof(float), diag.data(), 1, d_diag, 1), "cublasSetVector");
  require(cublasSdgmm(handle, CUBLAS_SIDE_RIGHT, n, k, d_B, n, d_diag, 1, d_C, n), "cublasSdgmm");
  std::vector<float> dgmm(B.size());
  require(cublasGetMatrix(n, k, sizeof(float), d_C, n, dgmm.data(), n), "cublasGetMatrix");
  std::vector<double> dgmm_want(B.size());
  for (int j = 0; j < k; ++j)
    for (int i = 0; i < n; ++i) dgmm_want[IDX2C(i, j, n)] = double(X[IDX2C(i, j, n)]) * diag[j];
  ok &= library_all_close("Sdgmm", dgmm.data(), dgmm_want.data(), dgmm.size(), 1e-6, 1e-7);

  // geam in double: D = 0.5 P^T + 2 Q (P k x n, Q n x k); then a batched DGEMM over pointer arrays.
  std::vector<double> P(static_cast<size_t>(k) * n), Q(static_cast<size_t>(n) * k);
  for (size_t i = 0; i < P.size(); ++i) P[i] = std::sin(0.37 * i);
  for (size_t i = 0; i < Q.size(); ++i) Q[i] = std::cos(0.11 * i);
  double *d_P, *d_Q, *d_D;
  checkCudaErrors(cudaMalloc(&d_P, P.size() * sizeof(double)));
  checkCudaErrors(cudaMalloc(&d_Q, Q.size() * sizeof(double)));
  checkCudaErrors(cudaMalloc(&d_D, Q.size() * sizeof(double)));
  require(cublasSetMatrix(k, n, sizeof(double), P.data(), k, d_P, k), "cublasSetMatrix");
  require(cublasSetMatrix(n, k, sizeof(double), Q.data(), n, d_Q, n), "cublasSetMatrix");
  const double half = 0.5, dtwo = 2.0, dzero = 0.0, done = 1.0;
  require(cublasDgeam(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, k, &half, d_P, k, &dtwo, d_Q, n, d_D, n), "cublasDgeam");
  std::vector<double> D(Q.size()), D_want(Q.size());
  require(cublasGetMatrix(n, k, sizeof(double), d_D, n, D.data(), n), "cublasGetMatrix");
  for (int j = 0; j < k; ++j)
    for (int i = 0; i < n; ++i) D_want[IDX2C(i, j, n)] = 0.5 * P[IDX2C(j, i, k)] + 2.0 * Q[IDX2C(i, j, n)];
  ok &= library_all_close("Dgeam", D.data(), D_want.data(), D.size(), 1e-15, 1e-15);
  const int batch = 3;
  double* d_out;
  checkCudaErrors(cudaMalloc(&d_out, batch * static_cast<size_t>(n) * n * sizeof(double)));
  std::vector<const double*> a_ptrs(batch), b_ptrs(batch);
  std::vector<double*> c_ptrs(batch);
  for (int b = 0; b < batch; ++b) {  // batch b: (Q or D) times P, n x k times k x n
    a_ptrs[b] = b % 2 ? d_D : d_Q;
    b_ptrs[b] = d_P;
    c_ptrs[b] = d_out + static_cast<size_t>(b) * n * n;
  }
  const double** d_a_ptrs;
  const double** d_b_ptrs;
  double** d_c_ptrs;
  checkCudaErrors(cudaMalloc(&d_a_ptrs, batch * sizeof(double*)));
  checkCudaErrors(cudaMalloc(&d_b_ptrs, batch * sizeof(double*)));
  checkCudaErrors(cudaMalloc(&d_c_ptrs, batch * sizeof(double*)));
  checkCudaErrors(cudaMemcpy(d_a_ptrs, a_ptrs.data(), batch * sizeof(double*), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_b_ptrs, b_ptrs.data(), batch * sizeof(double*), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_c_ptrs, c_ptrs.data(), batch * sizeof(double*), cudaMemcpyHostToDevice));
  require(cublasDgemmBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, k, &done, d_a_ptrs, n, d_b_ptrs, k, &dzero, d_c_ptrs, n,
                             batch), "cublasDgemmBatched");
  std::vector<double> out(batch * static_cast<size_t>(n) * n), out_want(out.size(), 0.0);
  checkCudaErrors(cudaMemcpy(out.data(), d_out, out.size() * sizeof(double), cudaMemcpyDeviceToHost));
  for (int b = 0; b < batch; ++b)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        for (int p = 0; p < k; ++p)
          out_want[b * static_cast<size_t>(n) * n + IDX2C(i, j, n)] +=
              (b % 2 ? D_want : Q)[IDX2C(i, p, n)] * P[IDX2C(p, j, k)];
  ok &= library_all_close("DgemmBatched", out.data(), out_want.data(), out.size(), 1e-12, 1e-12);

  for (void* p : {static_cast<void*>(d_x), static_cast<void*>(d_y), static_cast<void*>(d_xd), static_cast<void*>(d_z),
                  static_cast<void*>(d_M), static_cast<void*>(d_S), static_cast<void*>(d_v), static_cast<void*>(d_w),
                  static_cast<void*>(d_L), static_cast<void*>(d_B), static_cast<void*>(d_C), static_cast<void*>(d_diag),
                  static_cast<void*>(d_P), static_cast<void*>(d_Q), static_cast<void*>(d_D), static_cast<void*>(d_out),
                  static_cast<void*>(d_a_ptrs), static_cast<void*>(d_b_ptrs), static_cast<void*>(d_c_ptrs)})
    checkCudaErrors(cudaFree(p));
  require(cublasDestroy(handle), "cublasDestroy");
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
