// cuBLASLt as llm.c's matmul_forward drives it: one handle, a matmul descriptor with
// CUBLAS_COMPUTE_32F and transposes, matrix layouts, a preference capping the workspace, the
// heuristic's first algorithm, and a bias epilogue; fp16 inputs and output. Against a float64
// CPU GEMM + bias of the same rounded inputs.
#include <cublasLt.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "library_common.h"

#define checkCublas(call)                                                                   \
  do {                                                                                      \
    cublasStatus_t st_ = (call);                                                            \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                     \
      std::fprintf(stderr, "%s:%d: %s failed with status %d\n", __FILE__, __LINE__, #call, (int)st_); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  // out(OC x B*T) = weight(C x OC)^T * inp(C x B*T) + bias, column-major, as llm.c lays it out.
  const int BT = 64, C = 128, OC = 96;
  std::vector<float> w = library_random_floats(static_cast<size_t>(C) * OC, 11), x = library_random_floats(static_cast<size_t>(C) * BT, 12),
                     b = library_random_floats(OC, 13);
  std::vector<__half> hw(w.size()), hx(x.size()), hb(b.size());
  std::vector<double> rw(w.size()), rx(x.size()), rb(b.size());
  for (size_t i = 0; i < w.size(); ++i) rw[i] = __half2float(hw[i] = __float2half(w[i]));
  for (size_t i = 0; i < x.size(); ++i) rx[i] = __half2float(hx[i] = __float2half(x[i]));
  for (size_t i = 0; i < b.size(); ++i) rb[i] = __half2float(hb[i] = __float2half(b[i]));

  __half *dw, *dx, *db, *dout;
  checkCudaErrors(cudaMalloc(&dw, hw.size() * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&dx, hx.size() * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&db, hb.size() * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&dout, static_cast<size_t>(OC) * BT * sizeof(__half)));
  checkCudaErrors(cudaMemcpy(dw, hw.data(), hw.size() * sizeof(__half), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dx, hx.data(), hx.size() * sizeof(__half), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(db, hb.data(), hb.size() * sizeof(__half), cudaMemcpyHostToDevice));
  const size_t workspace_bytes = 32u << 20;
  void* workspace;
  checkCudaErrors(cudaMalloc(&workspace, workspace_bytes));

  cublasLtHandle_t lt;
  checkCublas(cublasLtCreate(&lt));
  cublasLtMatmulDesc_t desc;
  checkCublas(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  const cublasOperation_t trans = CUBLAS_OP_T, no_trans = CUBLAS_OP_N;
  checkCublas(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof(trans)));
  checkCublas(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &no_trans, sizeof(no_trans)));
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  checkCublas(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
  const void* bias = db;
  checkCublas(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));

  cublasLtMatrixLayout_t wLayout, xLayout, outLayout;
  checkCublas(cublasLtMatrixLayoutCreate(&wLayout, CUDA_R_16F, C, OC, C));
  checkCublas(cublasLtMatrixLayoutCreate(&xLayout, CUDA_R_16F, C, BT, C));
  checkCublas(cublasLtMatrixLayoutCreate(&outLayout, CUDA_R_16F, OC, BT, OC));
  cublasLtMatmulPreference_t preference;
  checkCublas(cublasLtMatmulPreferenceCreate(&preference));
  const uint64_t cap = workspace_bytes;
  checkCublas(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &cap, sizeof(cap)));
  cublasLtMatmulHeuristicResult_t heuristic;
  int returned = 0;
  checkCublas(cublasLtMatmulAlgoGetHeuristic(lt, desc, wLayout, xLayout, outLayout, outLayout, preference, 1, &heuristic, &returned));
  if (returned == 0) {
    std::printf("cublasLtMatmulAlgoGetHeuristic: no algorithm for fp16 with a bias epilogue\nFAILED\n");
    return 1;
  }
  const float alpha = 1.0f, beta = 0.0f;
  checkCublas(cublasLtMatmul(lt, desc, &alpha, dw, wLayout, dx, xLayout, &beta, dout, outLayout, dout, outLayout,
                             &heuristic.algo, workspace, workspace_bytes, 0));
  std::vector<__half> hout(static_cast<size_t>(OC) * BT);
  checkCudaErrors(cudaMemcpy(hout.data(), dout, hout.size() * sizeof(__half), cudaMemcpyDeviceToHost));
  std::vector<float> got(hout.size());
  std::vector<double> want(hout.size());
  for (int t = 0; t < BT; ++t)
    for (int o = 0; o < OC; ++o) {
      double acc = rb[o];
      for (int c = 0; c < C; ++c) acc += rw[c + static_cast<size_t>(o) * C] * rx[c + static_cast<size_t>(t) * C];
      want[o + static_cast<size_t>(t) * OC] = acc;
      got[o + static_cast<size_t>(t) * OC] = __half2float(hout[o + static_cast<size_t>(t) * OC]);
    }
  // fp16 output: one rounding of the fp32 result (2^-11 relative) on top of fp32 accumulation.
  const bool ok = library_all_close("lt_matmul_bias_fp16", got.data(), want.data(), got.size(), 2e-3, 2e-3);

  checkCublas(cublasLtMatmulPreferenceDestroy(preference));
  checkCublas(cublasLtMatrixLayoutDestroy(wLayout));
  checkCublas(cublasLtMatrixLayoutDestroy(xLayout));
  checkCublas(cublasLtMatrixLayoutDestroy(outLayout));
  checkCublas(cublasLtMatmulDescDestroy(desc));
  checkCublas(cublasLtDestroy(lt));
  checkCudaErrors(cudaFree(dw));
  checkCudaErrors(cudaFree(dx));
  checkCudaErrors(cudaFree(db));
  checkCudaErrors(cudaFree(dout));
  checkCudaErrors(cudaFree(workspace));
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
