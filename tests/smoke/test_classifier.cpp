// The classifier against the real messages users hit (texts from shared/reference/gpu-errors.md and the
// issues cited in smoke/catalog.tsv), read through the real catalog file.
#include <doctest.h>

#include "catalog.hpp"

using dualgpu::smoke::Catalog;

namespace {

const Catalog& real_catalog() {
  static const Catalog catalog = [] {
    Catalog c;
    c.load_file(DUALGPU_SMOKE_CATALOG_FILE);
    return c;
  }();
  return catalog;
}

std::string category_of(const std::string& message) { return real_catalog().classify("error", message).category; }

}  // namespace

TEST_CASE("real error texts map to their catalog category") {
  const std::pair<const char*, const char*> cases[] = {
      {"RuntimeError: HIP error: invalid device function\nHIP kernel errors might be asynchronously reported", "no-code-object"},
      {"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", "no-code-object"},
      {"HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid.", "invalid-isa"},
      {"CUDA error: no kernel image is available for execution on the device", "no-kernel-image"},
      {"NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.", "no-kernel-image"},
      {"AssertionError: Torch not compiled with CUDA enabled", "not-compiled-with-gpu"},
      {"The NVIDIA driver on your system is too old (found version 11040).", "driver-too-old"},
      {"CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 6.00 GiB total capacity). If reserved but unallocated "
       "memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True", "out-of-memory"},
      {"HIP out of memory. Tried to allocate 2.00 GiB", "out-of-memory"},
      {"CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, "
       "CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, CUDA_R_32F, CUBLAS_GEMM_DFALT_TENSOR_OP)`", "bf16-unsupported"},
      {"Attempting to use hipBLASLt on an unsupported architecture! Overriding blas backend to hipblas", "hipblaslt-unsupported-arch"},
      {"MIOpen(HIP): Error [Compile] 'hiprtcCompileProgram(prog.get(), c_options.size(), c_options.data())' "
       "MIOpenBatchNormFwdTrainSpatial.cpp: HIPRTC_ERROR_COMPILATION (6)", "miopen-hiprtc-compile"},
      {"MIOpenBatchNormFwdTrainSpatial.cpp:28:10: fatal error: 'type_traits' file not found", "miopen-hiprtc-compile"},
      {"MIOpen(HIP): Warning [SQLiteBase] Missing system database file: gfx1030_40.kdb Performance may degrade", "miopen-missing-database"},
      {"RuntimeError: miopenStatusUnknownError", "miopen-error"},
      {"Memory efficient kernel not used because: Query, key and value must be on the same device", "sdpa-backend-unavailable"},
      {"Flash attention kernel not used because: Flash attention only supports gpu architectures in the range [sm80, sm90]", "sdpa-backend-unavailable"},
      {"Torch was not compiled with flash attention.", "sdpa-backend-not-built"},
      {"No available kernel. Aborting execution.", "sdpa-backend-unavailable"},
      {"Flash Efficient attention on Current AMD GPU is still experimental. Enable it with TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1.", "sdpa-backend-experimental"},
      {"CUDA error: operation not permitted when stream is capturing", "stream-capture"},
      {"hipErrorStreamCaptureUnsupported: operation not permitted when stream is capturing", "stream-capture"},
      {"Memory access fault by GPU node-1 (Agent handle: 0x5581a0a0) on address 0x7f. Reason: Page not present or supervisor privilege.", "gpu-memory-fault"},
      {"RuntimeError: No HIP GPUs are available", "device-permissions"},
      {"ROCk module is NOT loaded, possibly no GPU devices", "driver-not-loaded"},
      {"FileNotFoundError: [Errno 2] No such file or directory: '/sys/class/kfd/kfd/topology/nodes/'", "driver-not-loaded"},
      {"Field \"compute_cap\" is not a valid field to query.", "driver-too-old"},
      {"\"addmm_impl_cpu_\" not implemented for 'Half'", "dtype-not-implemented"},
      {"Could not run 'aten::empty_strided' with arguments from the 'CUDA' backend.", "operator-not-built"},
  };
  for (const auto& [message, expected] : cases) {
    CAPTURE(message);
    CHECK(category_of(message) == expected);
  }
}

TEST_CASE("every catalog entry has advice and a source") {
  for (const auto& e : real_catalog().entries()) {
    CAPTURE(e.line);
    CHECK_FALSE(e.category.empty());
    CHECK_FALSE(e.advice.empty());
    CHECK_FALSE(e.source.empty());
  }
}

TEST_CASE("an unknown message is unclassified, with advice on what to do") {
  const auto d = real_catalog().classify("error", "something nobody has seen");
  CHECK(d.category == "unclassified");
  CHECK_FALSE(d.advice.empty());
}

TEST_CASE("a user catalog read first overrides the built-in one") {
  Catalog c;
  c.load_text("invalid device function\tmy-cluster\trun on the gfx90a partition\tour wiki\n", "user.tsv");
  c.load_file(DUALGPU_SMOKE_CATALOG_FILE);
  CHECK(c.classify("error", "HIP error: invalid device function").category == "my-cluster");
  CHECK(c.classify("error", "HIP out of memory. Tried to allocate 2 GiB").category == "out-of-memory");
}

TEST_CASE("malformed catalog lines are errors naming file and line") {
  Catalog c;
  CHECK_THROWS_WITH_AS(c.load_text("# comment\n\nonly two\tcolumns\n", "bad.tsv"),
                       doctest::Contains("bad.tsv:3"), std::runtime_error);
  CHECK_THROWS_WITH_AS(c.load_text("([unclosed\tcat\tadvice\tsource\n", "regex.tsv"),
                       doctest::Contains("bad regular expression"), std::runtime_error);
}
