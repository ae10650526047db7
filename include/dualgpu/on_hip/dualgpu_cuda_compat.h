// dualgpu/on_hip/dualgpu_cuda_compat.h: CUDA runtime calls whose HIP twin has another signature,
// and host/device overloads CUDA's runtime header brings that HIP 5.x lacks. HIP builds only.
//   cudaGraphInstantiate(&exec, graph[, flags])   CUDA 12's form, and CUDA 11's five arguments
//   cudaFuncSetAttribute(kernel, attr, value)     a kernel (CUDA's template) or a const void*
//   cudaFuncGetAttributes(&attr, kernel)          same
//   min/max on mixed types                        CUDA's overload set (dualgpu_cuda_minmax.h)
//   isfinite/isnan/isinf(float|double) on the host, as CUDA's runtime header declares them
//   __nanosleep(ns) in kernels, and device malloc/free where clang's HIP wrapper is not read
//   cudaLaunchHostFunc on HIP 5.x, whose runtime library does not export hipLaunchHostFunc
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

#if HIP_VERSION_MAJOR < 6
// HIP 5.2 declares hipLaunchHostFunc, but its libamdhip64 does not export it: the function runs as
// a stream callback instead, which is ordered in the stream the same way.
namespace dualgpu {
namespace cuda_compat {
struct host_call {
  hipHostFn_t function;
  void* data;
};
inline void run_host_call(hipStream_t, hipError_t, void* call) {
  auto* c = static_cast<host_call*>(call);
  c->function(c->data);
  delete c;
}
inline hipError_t launch_host_func(hipStream_t stream, hipHostFn_t function, void* data) {
  auto* call = new host_call{function, data};
  const hipError_t err = hipStreamAddCallback(stream, run_host_call, call, 0);
  if (err != hipSuccess) delete call;
  return err;
}
}  // namespace cuda_compat
}  // namespace dualgpu
#undef cudaLaunchHostFunc
#define cudaLaunchHostFunc ::dualgpu::cuda_compat::launch_host_func
#endif  // HIP 5.x

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

#if defined(__HIP__)
// CUDA (sm_70+): sleep about <ns> nanoseconds, at most about a millisecond; a spin-wait's backoff.
// AMD's s_sleep takes a constant of 64 clocks each, so it is repeated: one per 64 ns, which is
// within CUDA's promise ([0, 2 * ns]) for clocks from 1 to 2 GHz.
__device__ inline void __nanosleep(unsigned int ns) {
  const unsigned int capped = ns < 1000000u ? ns : 1000000u;
  for (unsigned int slept = 0; slept < capped; slept += 64) __builtin_amdgcn_s_sleep(1);
}

// Kernels' malloc/free: clang's HIP wrapper header declares them on ockl's device heap, but Debian
// 12's clang 15 does not read that header (it does not take /usr for a HIP installation), so a
// kernel calling malloc failed to compile there. Declared here the same way where it is missing.
#if !defined(__CLANG_HIP_RUNTIME_WRAPPER_H__)
extern "C" __device__ unsigned long long __ockl_dm_alloc(unsigned long long size);
extern "C" __device__ void __ockl_dm_dealloc(unsigned long long address);
extern "C" __attribute__((weak)) inline __device__ void* malloc(std::size_t size) {
  return reinterpret_cast<void*>(__ockl_dm_alloc(size));
}
extern "C" __attribute__((weak)) inline __device__ void free(void* pointer) {
  __ockl_dm_dealloc(reinterpret_cast<unsigned long long>(pointer));
}
#endif  // no HIP wrapper
#endif  // __HIP__ device calls
