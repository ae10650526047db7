// ops.h: the operators' torch-side functions, shared by ops.cpp (registration), checks.cpp,
// cpu_ops.cpp and gpu_ops.cpp. Only <ATen/core/Tensor.h>: every file that includes this stays light.
#pragma once

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>
#include <utility>

namespace dualgpu_example {

// ---- checks.cpp: each raises a torch error naming the argument -----------------------------
void check_like(const at::Tensor& t, const char* name, const at::Tensor& ref, const char* ref_name);
void check_norm_inputs(const at::Tensor& x, const at::Tensor& weight);
void check_silu_and_mul_input(const at::Tensor& x);
// Both return the head counts of query and key.
std::pair<int64_t, int64_t> check_rotary_inputs(const at::Tensor& positions, const at::Tensor& query,
                                                const at::Tensor& key, int64_t head_size,
                                                const at::Tensor& cos_sin_cache);
std::pair<int64_t, int64_t> check_decode_step_inputs(const at::Tensor& x, const at::Tensor& residual,
                                                     const at::Tensor& weight, const at::Tensor& positions,
                                                     const at::Tensor& query, const at::Tensor& key,
                                                     int64_t head_size, const at::Tensor& cos_sin_cache,
                                                     const at::Tensor& gate_up, const at::Tensor& out);

// ---- cpu_ops.cpp --------------------------------------------------------------------------
at::Tensor rms_norm_cpu(const at::Tensor& x, const at::Tensor& weight, double eps);
void fused_add_rms_norm_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps);
at::Tensor silu_and_mul_cpu(const at::Tensor& x);
void rotary_embedding_cpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache);
void decode_step_cpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps,
                     const at::Tensor& positions, at::Tensor& query, at::Tensor& key,
                     const at::Tensor& cos_sin_cache, int64_t head_size, const at::Tensor& gate_up, at::Tensor& out,
                     bool use_graph);

// ---- gpu_ops.cpp (GPU platforms) ----------------------------------------------------------
at::Tensor rms_norm_gpu(const at::Tensor& x, const at::Tensor& weight, double eps);
void fused_add_rms_norm_gpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps);
at::Tensor silu_and_mul_gpu(const at::Tensor& x);
void rotary_embedding_gpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache);
void decode_step_gpu(at::Tensor& x, at::Tensor& residual, const at::Tensor& weight, double eps,
                     const at::Tensor& positions, at::Tensor& query, at::Tensor& key,
                     const at::Tensor& cos_sin_cache, int64_t head_size, const at::Tensor& gate_up, at::Tensor& out,
                     bool use_graph);

// The graph launcher's counters as one line (ops.cpp on the CPU platform, gpu_ops.cpp on GPUs).
std::string graph_stats_line();

}  // namespace dualgpu_example
