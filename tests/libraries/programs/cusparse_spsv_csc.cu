// cuSPARSE's triangular solve and CSR-to-CSC conversion as its samples write them (spsv_csr,
// csr2csc, the preconditioned conjugate gradient's solves): a lower-triangular CSR matrix with its fill
// mode and diagonal type set by cusparseSpMatSetAttribute, an SpSV descriptor, bufferSize, analysis and
// solve; then cusparseCsr2cscEx2 for its transpose, checked index for index against a CPU transpose and
// solved as an upper-triangular CSR matrix. Against float64 forward and back substitution.
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

// y = alpha * op^-1 x for a triangular CSR matrix, with the fill mode set on its descriptor.
static std::vector<float> gpu_triangular_solve(cusparseHandle_t handle, int n, int nnz, int* d_rows, int* d_cols,
                                               float* d_vals, cusparseFillMode_t fill, float alpha,
                                               const std::vector<float>& x) {
  float *d_x, *d_y;
  checkCudaErrors(cudaMalloc(&d_x, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_y, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cusparseSpMatDescr_t mat;
  cusparseDnVecDescr_t vec_x, vec_y;
  cusparseSpSVDescr_t spsv;
  checkCudaErrors(cusparseCreateCsr(&mat, n, n, nnz, d_rows, d_cols, d_vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  checkCudaErrors(cusparseSpMatSetAttribute(mat, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  checkCudaErrors(cusparseSpMatSetAttribute(mat, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
  checkCudaErrors(cusparseCreateDnVec(&vec_x, n, d_x, CUDA_R_32F));
  checkCudaErrors(cusparseCreateDnVec(&vec_y, n, d_y, CUDA_R_32F));
  checkCudaErrors(cusparseSpSV_createDescr(&spsv));
  size_t bytes = 0;
  checkCudaErrors(cusparseSpSV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x, vec_y,
                                          CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, spsv, &bytes));
  void* buffer;
  checkCudaErrors(cudaMalloc(&buffer, bytes > 0 ? bytes : 1));
  checkCudaErrors(cusparseSpSV_analysis(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x, vec_y,
                                        CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, spsv, buffer));
  checkCudaErrors(cusparseSpSV_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x, vec_y, CUDA_R_32F,
                                     CUSPARSE_SPSV_ALG_DEFAULT, spsv));
  std::vector<float> y(n);
  checkCudaErrors(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cusparseSpSV_destroyDescr(spsv));
  checkCudaErrors(cusparseDestroyDnVec(vec_x));
  checkCudaErrors(cusparseDestroyDnVec(vec_y));
  checkCudaErrors(cusparseDestroySpMat(mat));
  checkCudaErrors(cudaFree(buffer));
  checkCudaErrors(cudaFree(d_x));
  checkCudaErrors(cudaFree(d_y));
  return y;
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int n = 300;
  // L: a diagonal of 2 + i/n and up to three entries left of it, at columns i-1, i-7 and i/2.
  std::vector<int> rows(1, 0), cols;
  std::vector<float> vals;
  const std::vector<float> noise = library_random_floats(4 * n, 91);
  for (int i = 0; i < n; ++i) {
    for (int c : {i / 2, i - 7, i - 1})
      if (c >= 0 && c < i && (cols.empty() || rows.back() == static_cast<int>(cols.size()) || cols.back() < c)) {
        cols.push_back(c);
        vals.push_back(noise[cols.size() % noise.size()]);
      }
    cols.push_back(i);
    vals.push_back(2.0f + static_cast<float>(i) / n);
    rows.push_back(static_cast<int>(cols.size()));
  }
  const int nnz = static_cast<int>(cols.size());
  int *d_rows, *d_cols, *d_t_cols, *d_t_rows;
  float *d_vals, *d_t_vals;
  checkCudaErrors(cudaMalloc(&d_rows, (n + 1) * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_cols, nnz * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_vals, nnz * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_t_cols, (n + 1) * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_t_rows, nnz * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_t_vals, nnz * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_rows, rows.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_cols, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_vals, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  cusparseHandle_t handle;
  checkCudaErrors(cusparseCreate(&handle));
  bool ok = true;

  // L y = 2 b, forward substitution as the reference.
  const std::vector<float> b = library_random_floats(n, 92);
  const float alpha = 2.0f;
  const std::vector<float> y = gpu_triangular_solve(handle, n, nnz, d_rows, d_cols, d_vals, CUSPARSE_FILL_MODE_LOWER,
                                                    alpha, b);
  std::vector<double> y_want(n);
  for (int i = 0; i < n; ++i) {
    double acc = alpha * double(b[i]);
    for (int k = rows[i]; k < rows[i + 1] - 1; ++k) acc -= double(vals[k]) * y_want[cols[k]];
    y_want[i] = acc / vals[rows[i + 1] - 1];
  }
  ok &= library_all_close("SpSV_lower", y.data(), y_want.data(), n, 1e-5, 1e-6);

  // CSC of L = CSR of L^T, against a CPU transpose (rows in order within each column).
  size_t bytes = 0;
  checkCudaErrors(cusparseCsr2cscEx2_bufferSize(handle, n, n, nnz, d_vals, d_rows, d_cols, d_t_vals, d_t_cols, d_t_rows,
                                                CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
                                                CUSPARSE_CSR2CSC_ALG1, &bytes));
  void* buffer;
  checkCudaErrors(cudaMalloc(&buffer, bytes > 0 ? bytes : 1));
  checkCudaErrors(cusparseCsr2cscEx2(handle, n, n, nnz, d_vals, d_rows, d_cols, d_t_vals, d_t_cols, d_t_rows, CUDA_R_32F,
                                     CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, buffer));
  std::vector<int> t_cols(n + 1), t_rows(nnz), want_cols(n + 1, 0), want_rows(nnz);
  std::vector<float> t_vals(nnz), want_vals(nnz);
  checkCudaErrors(cudaMemcpy(t_cols.data(), d_t_cols, (n + 1) * sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(t_rows.data(), d_t_rows, nnz * sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(t_vals.data(), d_t_vals, nnz * sizeof(float), cudaMemcpyDeviceToHost));
  for (int k = 0; k < nnz; ++k) ++want_cols[cols[k] + 1];
  for (int c = 0; c < n; ++c) want_cols[c + 1] += want_cols[c];
  std::vector<int> next(want_cols.begin(), want_cols.end() - 1);
  for (int i = 0; i < n; ++i)
    for (int k = rows[i]; k < rows[i + 1]; ++k) {
      want_rows[next[cols[k]]] = i;
      want_vals[next[cols[k]]++] = vals[k];
    }
  const bool same_csc = t_cols == want_cols && t_rows == want_rows && t_vals == want_vals;
  std::printf("Csr2cscEx2: %s the CPU transpose (%d nonzeros)\n", same_csc ? "equal to" : "differs from", nnz);
  ok &= same_csc;

  // L^T z = b: the CSC arrays as an upper-triangular CSR matrix, back substitution as the reference.
  const std::vector<float> z = gpu_triangular_solve(handle, n, nnz, d_t_cols, d_t_rows, d_t_vals,
                                                    CUSPARSE_FILL_MODE_UPPER, 1.0f, b);
  std::vector<double> z_want(n);
  for (int i = n - 1; i >= 0; --i) {
    double acc = b[i];
    for (int k = want_cols[i] + 1; k < want_cols[i + 1]; ++k) acc -= double(want_vals[k]) * z_want[want_rows[k]];
    z_want[i] = acc / want_vals[want_cols[i]];
  }
  ok &= library_all_close("SpSV_upper_of_csc", z.data(), z_want.data(), n, 1e-5, 1e-6);

  checkCudaErrors(cudaFree(buffer));
  for (void* p : {static_cast<void*>(d_rows), static_cast<void*>(d_cols), static_cast<void*>(d_vals),
                  static_cast<void*>(d_t_cols), static_cast<void*>(d_t_rows), static_cast<void*>(d_t_vals)})
    checkCudaErrors(cudaFree(p));
  checkCudaErrors(cusparseDestroy(handle));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
