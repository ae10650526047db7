// module_probe.cu: the extension's kernel files in one translation unit, behind extern "C" launchers,
// for module_probe.py: build it once per variant of the kernels (a commit's sources, a -D flag) and
// time the variants against each other and the peers in the same torch process. No torch here.
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -shared -Xcompiler -fPIC -DDUALGPU_PLATFORM_CUDA -Iinclude \
//        -Iexample-extension/csrc -Iexample-extension/csrc/cuda example-extension/bench/module_probe.cu -o a.so
//
// (from the repository root, or with -I paths into another checkout for an older variant). -rdc=true
// compiles the kernels as the extension's relocatable build does (its register counts and code): built
// without it, the same sources can time differently from the extension.
#include "cuda/rdc_helper.cu"
#include "cuda/silu_and_mul.cu"
#include "cuda/rms_norm.cu"
#include "cuda/fused_add_rms_norm.cu"

using dualgpu_example::scalar_kind;

// kind: 0 float32, 1 float16, 2 bfloat16 (scalar_kind's order); the return value is the launch's error.
extern "C" int probe_rms_norm(void* out, const void* x, const void* w, float eps, long rows, long hidden, int kind,
                              void* stream) {
  return dualgpu_example::launch_rms_norm(out, x, w, eps, rows, hidden, static_cast<scalar_kind>(kind),
                                          static_cast<cudaStream_t>(stream));
}
extern "C" int probe_fused_add_rms_norm(void* x, void* residual, const void* w, float eps, long rows, long hidden,
                                        int kind, void* stream) {
  return dualgpu_example::launch_fused_add_rms_norm(x, residual, w, eps, rows, hidden, static_cast<scalar_kind>(kind),
                                                    static_cast<cudaStream_t>(stream));
}
extern "C" int probe_silu_and_mul(void* out, const void* x, long rows, long d, int kind, void* stream) {
  return dualgpu_example::launch_silu_and_mul(out, x, rows, d, static_cast<scalar_kind>(kind),
                                              static_cast<cudaStream_t>(stream));
}
