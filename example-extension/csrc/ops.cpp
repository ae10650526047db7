// ops.cpp: the operator schemas and which implementation runs on which device. The
// implementations are in cpu_ops.cpp and gpu_ops.cpp, the checks in checks.cpp: torch's registration
// templates are the slowest code of the extension to compile, so they get a file of their own and
// the rest compiles beside it in parallel.
#include "ops.h"

#include <torch/library.h>

#if defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/graph.hpp"

namespace dualgpu_example {
// A CPU build has no graphs: the counters are all zero.
std::string graph_stats_line() { return dualgpu::graph_stats{}.to_string(); }
}  // namespace dualgpu_example
#endif  // DUALGPU_PLATFORM_CPU

// The namespace is the library's name: torch.ops.dualgpu_example.<op>.
TORCH_LIBRARY(dualgpu_example, m) {
  m.def("rms_norm(Tensor x, Tensor weight, float eps) -> Tensor");
  m.def("fused_add_rms_norm(Tensor(a!) x, Tensor(b!) residual, Tensor weight, float eps) -> ()");
  m.def("silu_and_mul(Tensor x) -> Tensor");
  m.def("rotary_embedding(Tensor positions, Tensor(a!) query, Tensor(b!) key, int head_size, Tensor cos_sin_cache) -> ()");
  m.def(
      "decode_step(Tensor(a!) x, Tensor(b!) residual, Tensor weight, float eps, Tensor positions, Tensor(c!) query, "
      "Tensor(d!) key, Tensor cos_sin_cache, int head_size, Tensor gate_up, Tensor(e!) out, bool use_graph=True) -> ()");
  // No tensor arguments, so no dispatch key: one kernel for every backend.
  m.def("graph_stats() -> str", &dualgpu_example::graph_stats_line);
}

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) {
  m.impl("rms_norm", &dualgpu_example::rms_norm_cpu);
  m.impl("fused_add_rms_norm", &dualgpu_example::fused_add_rms_norm_cpu);
  m.impl("silu_and_mul", &dualgpu_example::silu_and_mul_cpu);
  m.impl("rotary_embedding", &dualgpu_example::rotary_embedding_cpu);
  m.impl("decode_step", &dualgpu_example::decode_step_cpu);
}

#if !defined(DUALGPU_PLATFORM_CPU)
// ROCm builds of torch register their GPU under the CUDA key too.
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) {
  m.impl("rms_norm", &dualgpu_example::rms_norm_gpu);
  m.impl("fused_add_rms_norm", &dualgpu_example::fused_add_rms_norm_gpu);
  m.impl("silu_and_mul", &dualgpu_example::silu_and_mul_gpu);
  m.impl("rotary_embedding", &dualgpu_example::rotary_embedding_gpu);
  m.impl("decode_step", &dualgpu_example::decode_step_gpu);
}
#endif  // !DUALGPU_PLATFORM_CPU
