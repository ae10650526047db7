// dualgpu/on_hip/curand_kernel.h: shim for HIP builds only. cuRAND's device API -> hipRAND's (on
// rocRAND): per-thread states initialised with curand_init(seed, subsequence, offset, &state)
// and drawn with curand_uniform / curand_normal. The same seed gives other numbers than cuRAND
// (rocRAND's own stream layout); only the distributions match.
#pragma once
#include "curand.h"

#if __has_include(<hiprand/hiprand_kernel.h>)
#include <hiprand/hiprand_kernel.h>
#else
#error "dualgpu: <curand_kernel.h> maps to hipRAND on ROCm, and hipRAND was not found: install libhiprand-dev and librocrand-dev (Debian 12 and later, Ubuntu) or hiprand-dev (AMD's ROCm repository). See docs/porting.md#libraries"
#endif  // hipRAND

using curandStateXORWOW_t = hiprandStateXORWOW_t;
using curandStateXORWOW = hiprandStateXORWOW_t;
using curandState_t = hiprandStateXORWOW_t;
using curandState = hiprandStateXORWOW_t;
using curandStatePhilox4_32_10_t = hiprandStatePhilox4_32_10_t;
using curandStatePhilox4_32_10 = hiprandStatePhilox4_32_10_t;
using curandStateMRG32k3a_t = hiprandStateMRG32k3a_t;
using curandStateMRG32k3a = hiprandStateMRG32k3a_t;

// hipRAND's device calls are templates over the state type: forwarded as templates.
template <class State>
__device__ __forceinline__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                            unsigned long long offset, State* state) {
  hiprand_init(seed, subsequence, offset, state);
}
template <class State>
__device__ __forceinline__ unsigned int curand(State* state) { return hiprand(state); }
template <class State>
__device__ __forceinline__ float curand_uniform(State* state) { return hiprand_uniform(state); }
template <class State>
__device__ __forceinline__ double curand_uniform_double(State* state) { return hiprand_uniform_double(state); }
template <class State>
__device__ __forceinline__ float curand_normal(State* state) { return hiprand_normal(state); }
template <class State>
__device__ __forceinline__ float2 curand_normal2(State* state) { return hiprand_normal2(state); }
template <class State>
__device__ __forceinline__ double curand_normal_double(State* state) { return hiprand_normal_double(state); }
template <class State>
__device__ __forceinline__ float curand_log_normal(State* state, float mean, float stddev) {
  return hiprand_log_normal(state, mean, stddev);
}
template <class State>
__device__ __forceinline__ unsigned int curand_poisson(State* state, double lambda) {
  return hiprand_poisson(state, lambda);
}
__device__ __forceinline__ float4 curand_uniform4(hiprandStatePhilox4_32_10_t* state) { return hiprand_uniform4(state); }
__device__ __forceinline__ float4 curand_normal4(hiprandStatePhilox4_32_10_t* state) { return hiprand_normal4(state); }
