// cuBLAS as model code drives it: a handle on a stream, a workspace, math modes, column-major
// SGEMM, a strided-batched SGEMM, and GemmEx with half and bfloat16 inputs accumulating in fp32
// (CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP). Each result against a float64 CPU GEMM of
// the same (rounded) inputs.
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

#define checkCublas(call)                                                                   \
  do {                                                                                      \
    cublasStatus_t st_ = (call);                                                            \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                     \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, _cudaGetErrorEnum(st_)); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

// C = alpha * A(m x k) * B(k x n) + beta * C, column-major, in float64.
static void reference_gemm(int m, int n, int k, double alpha, const std::vector<double>& A, const std::vector<double>& B,
                           double beta, const std::vector<double>& C0, std::vector<double>& C) {
  C.assign(static_cast<size_t>(m) * n, 0.0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double acc = 0.0;
      for (int p = 0; p < k; ++p) acc += A[i + static_cast<size_t>(p) * m] * B[p + static_cast<size_t>(j) * k];
      C[i + static_cast<size_t>(j) * m] = alpha * acc + beta * C0[i + static_cast<size_t>(j) * m];
    }
}

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int m = 96, n = 80, k = 64, batch = 3;
  const size_t sa = static_cast<size_t>(m) * k, sb = static_cast<size_t>(k) * n, sc = static_cast<size_t>(m) * n;
  bool ok = true;

  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreate(&stream));
  cublasHandle_t handle;
  checkCublas(cublasCreate(&handle));
  checkCublas(cublasSetStream(handle, stream));
  void* workspace = nullptr;
  const size_t workspace_bytes = 4u << 20;
  checkCudaErrors(cudaMalloc(&workspace, workspace_bytes));
  checkCublas(cublasSetWorkspace(handle, workspace, workspace_bytes));

  // FP32 SGEMM, default math: no reduced precision anywhere.
  checkCublas(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));
  cublasMath_t mode;
  checkCublas(cublasGetMathMode(handle, &mode));
  if (mode != CUBLAS_DEFAULT_MATH) {
    std::printf("cublasGetMathMode: got %d, want CUBLAS_DEFAULT_MATH\n", (int)mode);
    ok = false;
  }
  std::vector<float> hA = library_random_floats(sa * batch, 1), hB = library_random_floats(sb * batch, 2), hC = library_random_floats(sc * batch, 3);
  float *dA, *dB, *dC;
  checkCudaErrors(cudaMalloc(&dA, sa * batch * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dB, sb * batch * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dC, sc * batch * sizeof(float)));
  checkCudaErrors(cudaMemcpy(dA, hA.data(), sa * batch * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dB, hB.data(), sb * batch * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dC, hC.data(), sc * batch * sizeof(float), cudaMemcpyHostToDevice));
  const float alpha = 1.5f, beta = -0.5f;
  checkCublas(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, dB, k, &beta, dC, m));
  std::vector<float> got(sc * batch);
  checkCudaErrors(cudaMemcpyAsync(got.data(), dC, sc * sizeof(float), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  std::vector<double> A(hA.begin(), hA.end()), B(hB.begin(), hB.end()), C0(hC.begin(), hC.end()), want;
  reference_gemm(m, n, k, alpha, A, B, beta, C0, want);
  ok &= library_all_close("sgemm", got.data(), want.data(), sc, 1e-4, 1e-5);

  // Strided batched: batch b reads A + b*sa, B + b*sb and updates C + b*sc.
  checkCudaErrors(cudaMemcpy(dC, hC.data(), sc * batch * sizeof(float), cudaMemcpyHostToDevice));
  checkCublas(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, sa, dB, k, sb, &beta,
                                        dC, m, sc, batch));
  checkCudaErrors(cudaMemcpy(got.data(), dC, sc * batch * sizeof(float), cudaMemcpyDeviceToHost));
  for (int b = 0; b < batch; ++b) {
    std::vector<double> Ab(A.begin() + b * sa, A.begin() + (b + 1) * sa), Bb(B.begin() + b * sb, B.begin() + (b + 1) * sb),
        Cb(C0.begin() + b * sc, C0.begin() + (b + 1) * sc);
    reference_gemm(m, n, k, alpha, Ab, Bb, beta, Cb, want);
    ok &= library_all_close("sgemm_strided_batched", got.data() + b * sc, want.data(), sc, 1e-4, 1e-5);
  }

  // GemmEx: half / bfloat16 inputs, fp32 output and accumulation, tensor cores allowed.
  checkCublas(cublasSetMathMode(handle, CUBLAS_TENSOR_OP_MATH));
  std::vector<__half> hA16(sa), hB16(sb);
  std::vector<__nv_bfloat16> hAbf(sa), hBbf(sb);
  std::vector<double> A16(sa), B16(sb), Abf(sa), Bbf(sb);
  for (size_t i = 0; i < sa; ++i) {
    hA16[i] = __float2half(hA[i]);
    A16[i] = __half2float(hA16[i]);
    hAbf[i] = __float2bfloat16(hA[i]);
    Abf[i] = __bfloat162float(hAbf[i]);
  }
  for (size_t i = 0; i < sb; ++i) {
    hB16[i] = __float2half(hB[i]);
    B16[i] = __half2float(hB16[i]);
    hBbf[i] = __float2bfloat16(hB[i]);
    Bbf[i] = __bfloat162float(hBbf[i]);
  }
  void *dA16, *dB16;
  checkCudaErrors(cudaMalloc(&dA16, sa * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&dB16, sb * sizeof(__half)));
  const std::vector<double> C0first(C0.begin(), C0.begin() + sc);
  struct Case { const char* name; cudaDataType_t type; const void* a; const void* b; const std::vector<double>* ra; const std::vector<double>* rb; };
  const Case cases[] = {{"gemm_ex_fp16", CUDA_R_16F, hA16.data(), hB16.data(), &A16, &B16},
                        {"gemm_ex_bf16", CUDA_R_16BF, hAbf.data(), hBbf.data(), &Abf, &Bbf}};
  for (const Case& c : cases) {
    checkCudaErrors(cudaMemcpy(dA16, c.a, sa * 2, cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(dB16, c.b, sb * 2, cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(dC, hC.data(), sc * sizeof(float), cudaMemcpyHostToDevice));
    checkCublas(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA16, c.type, m, dB16, c.type, k, &beta,
                             dC, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP));
    checkCudaErrors(cudaMemcpy(got.data(), dC, sc * sizeof(float), cudaMemcpyDeviceToHost));
    reference_gemm(m, n, k, alpha, *c.ra, *c.rb, beta, C0first, want);
    ok &= library_all_close(c.name, got.data(), want.data(), sc, 1e-3, 1e-4);
  }

  checkCudaErrors(cudaFree(dA16));
  checkCudaErrors(cudaFree(dB16));
  checkCudaErrors(cudaFree(dA));
  checkCudaErrors(cudaFree(dB));
  checkCudaErrors(cudaFree(dC));
  checkCudaErrors(cudaFree(workspace));
  checkCublas(cublasDestroy(handle));
  checkCudaErrors(cudaStreamDestroy(stream));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
