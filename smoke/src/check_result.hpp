// What one check produced: the record every report writer reads. Torch-free on purpose,
// so the report writers and the classifier compile in seconds.
#pragma once

#include <string>
#include <vector>

namespace dualgpu::smoke {

// A message matched against the catalog (see catalog.hpp).
struct Diagnosis {
  std::string origin;    // "error", "torch-warning", "stderr", "backend", "result"
  std::string message;   // the text as seen, trimmed
  std::string category;  // catalog category, or "unclassified"
  std::string advice;
  std::string source;    // where the catalog entry came from (issue numbers)
};

enum class Status { passed, failed, skipped };

inline const char* to_string(Status s) {
  switch (s) {
    case Status::passed: return "passed";
    case Status::failed: return "failed";
    case Status::skipped: return "skipped";
  }
  return "unknown";
}

struct CheckResult {
  std::string category;     // one of the nine (or "llm-prefill" / "llm-decode")
  std::string name;         // e.g. "matmul"
  std::string dtype;        // "float32", "float16", "bfloat16"
  std::string shape;        // human-readable input shapes
  Status status = Status::skipped;
  std::string failure_category;  // why it failed or was skipped (catalog category or a harness one)
  std::string detail;            // one line for the table
  std::string output_device;     // where the output tensor lived
  std::string backend;           // implementation that served, where it can be known
  double max_error = -1;         // max |out - ref| / max(|ref|, 1), -1 when not compared
  double tolerance = 0;
  double median_us = -1;         // median of repeated timed runs, -1 when not timed
  double min_us = -1;
  int timed_runs = 0;
  double flop = 0;               // work per call, for a throughput column (0: unknown)
  double bytes = 0;
  std::string reference_covers;  // what the float64 reference recomputed: "all", or "64/4096 of dim 0"
  // Where the check's time went (ms; -1 when not reached): all of it, building the inputs (float64,
  // rounding, copies to the device), the float64 reference and the comparison, and the timed runs.
  double wall_ms = -1, inputs_ms = -1, reference_ms = -1, timing_ms = -1;
  std::vector<Diagnosis> diagnoses;  // every warning, stderr line and error, classified
};

// One line about the environment (device, versions, backends) and its diagnoses.
struct EnvironmentReport {
  std::string device = "cpu";        // "cpu" or "cuda:0"
  std::string platform = "cpu";      // "cuda", "rocm" or "cpu"
  std::string device_name;           // e.g. "NVIDIA H200", when known
  std::string torch_version;
  std::string gpu_runtime_version;   // CUDA or HIP version torch was built with
  bool gpu_usable = false;
  bool environment_unusable = false; // exit status 2
  std::string why_cpu;               // why the run is on the CPU, for the first line
  std::vector<std::pair<std::string, std::string>> backends;  // name -> value, printed in order
  std::vector<std::pair<std::string, std::string>> unsupported_dtypes;  // dtype -> why it is skipped here
  std::vector<std::string> dtypes_not_run;  // left out of the plan on this device (float16 on the CPU)
  bool tf32_convolutions = false;  // cuDNN may use TF32 for fp32 convolutions
  bool tf32_matmul = false;        // cuBLAS may use TF32 for fp32 GEMMs
  std::string gpu_blas;            // preferred GPU BLAS, e.g. "cublaslt"
  std::vector<Diagnosis> diagnoses;
};

}  // namespace dualgpu::smoke
