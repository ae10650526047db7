// cuSPARSE's generic API as its samples use it (spmv_csr): a CSR matrix and dense vector
// descriptors, cusparseSpMV_bufferSize, an external buffer, cusparseSpMV with
// CUSPARSE_SPMV_ALG_DEFAULT, y = alpha * A * x + beta * y. Against a float64 CPU SpMV.
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

#define CHECK_CUSPARSE(call)                                                                \
  do {                                                                                      \
    cusparseStatus_t st_ = (call);                                                          \
    if (st_ != CUSPARSE_STATUS_SUCCESS) {                                                   \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, _cudaGetErrorEnum(st_)); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  // A 300 x 200 matrix with about one entry in eight, in CSR with zero-based indices.
  const int rows = 300, cols = 200;
  std::vector<float> dense = library_random_floats(static_cast<size_t>(rows) * cols, 41);
  std::vector<int> offsets(1, 0), columns;
  std::vector<float> values;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const float v = dense[static_cast<size_t>(r) * cols + c];
      if (v > 0.375f || c == r % cols) {  // the diagonal keeps every row non-empty
        columns.push_back(c);
        values.push_back(v);
      }
    }
    offsets.push_back(static_cast<int>(columns.size()));
  }
  const int nnz = static_cast<int>(values.size());
  std::vector<float> x = library_random_floats(cols, 42), y = library_random_floats(rows, 43);
  const float alpha = 2.0f, beta = -1.0f;

  int *d_offsets, *d_columns;
  float *d_values, *d_x, *d_y;
  checkCudaErrors(cudaMalloc(&d_offsets, (rows + 1) * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_columns, nnz * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_values, nnz * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_x, cols * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_y, rows * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_offsets, offsets.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_columns, columns.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_values, values.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_x, x.data(), cols * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_y, y.data(), rows * sizeof(float), cudaMemcpyHostToDevice));

  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  checkCudaErrors(cusparseCreate(&handle));  // helper_cuda.h's check takes library statuses too
  CHECK_CUSPARSE(cusparseCreateCsr(&matA, rows, cols, nnz, d_offsets, d_columns, d_values, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecX, cols, d_x, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecY, rows, d_y, CUDA_R_32F));
  size_t buffer_bytes = 0;
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                                         CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &buffer_bytes));
  void* d_buffer = nullptr;
  checkCudaErrors(cudaMalloc(&d_buffer, buffer_bytes > 0 ? buffer_bytes : 1));
  CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY, CUDA_R_32F,
                              CUSPARSE_SPMV_ALG_DEFAULT, d_buffer));
  std::vector<float> got(rows);
  checkCudaErrors(cudaMemcpy(got.data(), d_y, rows * sizeof(float), cudaMemcpyDeviceToHost));

  std::vector<double> want(rows);
  for (int r = 0; r < rows; ++r) {
    double acc = 0.0;
    for (int i = offsets[r]; i < offsets[r + 1]; ++i) acc += static_cast<double>(values[i]) * x[columns[i]];
    want[r] = alpha * acc + beta * y[r];
  }
  std::printf("CSR %d x %d, %d non-zeros\n", rows, cols, nnz);
  const bool ok = library_all_close("spmv_csr", got.data(), want.data(), rows, 1e-5, 1e-5);

  CHECK_CUSPARSE(cusparseDestroySpMat(matA));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecX));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecY));
  CHECK_CUSPARSE(cusparseDestroy(handle));
  checkCudaErrors(cudaFree(d_buffer));
  checkCudaErrors(cudaFree(d_offsets));
  checkCudaErrors(cudaFree(d_columns));
  checkCudaErrors(cudaFree(d_values));
  checkCudaErrors(cudaFree(d_x));
  checkCudaErrors(cudaFree(d_y));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
