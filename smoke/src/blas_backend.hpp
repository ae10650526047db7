// The BLAS library torch prefers for GEMMs on the GPU (cuBLAS or cuBLASLt; hipBLAS or hipBLASLt on ROCm).
#pragma once

#include <ATen/Context.h>

#include <string>

#include "check_spec.hpp"

namespace dualgpu::smoke {

inline std::string preferred_gpu_blas(bool rocm) {
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 4)
  const auto b = at::globalContext().blasPreferredBackend();
  if (b == at::BlasBackend::Cublas) return rocm ? "hipblas" : "cublas";
  if (b == at::BlasBackend::Cublaslt) return rocm ? "hipblaslt" : "cublaslt";
  return "other (" + std::to_string(static_cast<int>(b)) + ")";
#else
  (void)rocm;
  return "unknown (libtorch < 2.4 has no preference API)";
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 4)
}

}  // namespace dualgpu::smoke
