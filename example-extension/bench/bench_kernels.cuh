// bench_kernels.cuh: what the torch-free kernel benchmarks (kernel_variants.cu, launch_floor.cu) share:
// the extension's kernel files compiled in, the names they use from them, and a check of every CUDA call.
#pragma once

#include "fused_add_rms_norm.cu"
#include "rdc_helper.cu"
#include "rms_norm.cu"
#include "silu_and_mul.cu"

#include <cstdio>
#include <cstdlib>

namespace bench {

using dualgpu::aligned_vector;
using dualgpu_example::from_float;
using dualgpu_example::scalar_kind;
using dualgpu_example::to_float;
namespace detail = dualgpu_example::detail;

}  // namespace bench

// Stops the program at the first failing CUDA call, naming the call's file and line.
#define CHECK_CUDA(call)                                                                          \
  do {                                                                                            \
    const cudaError_t e_ = (call);                                                                \
    if (e_ != cudaSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));           \
      std::exit(1);                                                                               \
    }                                                                                             \
  } while (0)
