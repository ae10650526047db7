// dualgpu/on_hip/dualgpu_cuda_compat.h: CUDA runtime calls whose HIP twin has another signature,
// and host/device overloads CUDA's runtime header brings that HIP 5.x lacks. HIP builds only.
//   cudaGraphInstantiate(&exec, graph[, flags])   CUDA 12's form, and CUDA 11's five arguments
//   cudaFuncSetAttribute(kernel, attr, value)     a kernel (CUDA's template) or a const void*
//   cudaFuncGetAttributes(&attr, kernel)          same
//   min/max on mixed types                        CUDA's overload set (dualgpu_cuda_minmax.h)
//   isfinite/isnan/isinf(float|double) on the host, as CUDA's runtime header declares them
#pragma once

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstddef>

namespace dualgpu {
namespace cuda_compat {

// CUDA 12 (exec, graph, flags = 0); CUDA 11 (exec, graph, errorNode, log, logSize).
inline hipError_t graph_instantiate(hipGraphExec_t* exec, hipGraph_t graph, unsigned long long flags = 0) {
  return hipGraphInstantiateWithFlags(exec, graph, flags);
}
inline hipError_t graph_instantiate(hipGraphExec_t* exec, hipGraph_t graph, hipGraphNode_t* error_node,
                                    char* log, std::size_t log_size) {
  return hipGraphInstantiate(exec, graph, error_node, log, log_size);
}

template <typename Kernel>
inline hipError_t func_set_attribute(Kernel* kernel, hipFuncAttribute attribute, int value) {
  return hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), attribute, value);
}

template <typename Kernel>
inline hipError_t func_get_attributes(hipFuncAttributes* attributes, Kernel* kernel) {
  return hipFuncGetAttributes(attributes, reinterpret_cast<const void*>(kernel));
}

}  // namespace cuda_compat
}  // namespace dualgpu

#define cudaGraphInstantiate ::dualgpu::cuda_compat::graph_instantiate
#define cudaFuncSetAttribute ::dualgpu::cuda_compat::func_set_attribute
#define cudaFuncGetAttributes ::dualgpu::cuda_compat::func_get_attributes

// Mixed-type min/max as CUDA declares them.
#include "dualgpu_cuda_minmax.h"

// Host isfinite/isnan/isinf in the global namespace: HIP declares them for the device only
// (ROCm 5.2 and 6.4), so host code that CUDA accepts (`if (!isfinite(x))` in main) fails to compile.
#if defined(__HIP__)
__host__ inline bool isfinite(float x) { return std::isfinite(x); }
__host__ inline bool isfinite(double x) { return std::isfinite(x); }
__host__ inline bool isnan(float x) { return std::isnan(x); }
__host__ inline bool isnan(double x) { return std::isnan(x); }
__host__ inline bool isinf(float x) { return std::isinf(x); }
__host__ inline bool isinf(double x) { return std::isinf(x); }
#endif  // __HIP__ host classification
