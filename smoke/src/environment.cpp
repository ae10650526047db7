// Where the checks run, and what serves them.
#include "environment.hpp"

#include <ATen/ATen.h>
#include <ATen/Context.h>
#include <ATen/Version.h>
#include <torch/cuda.h>
#include <unistd.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "blas_backend.hpp"
#include "check_spec.hpp"
#include "device_timer.hpp"
#include "sdpa_backend.hpp"
#include "stderr_capture.hpp"
#include "warning_capture.hpp"

namespace dualgpu::smoke {
namespace {

// "KEY=value" from at::show_config()'s build settings; empty when absent.
std::string build_setting(const std::string& config, const std::string& key) {
  std::smatch m;
  if (std::regex_search(config, m, std::regex("[ ,]" + key + "=([^,\\n]*)"))) return m[1].str();
  return "";
}

bool exists(const char* path) { return ::access(path, F_OK) == 0; }
bool usable(const char* path) { return ::access(path, R_OK | W_OK) == 0; }

// Runs `probe` with torch warnings and stderr captured; everything seen becomes a classified diagnosis.
template <typename Probe>
bool captured(EnvironmentReport& env, const Catalog& catalog, Probe probe, std::string* error = nullptr) {
  StderrCapture stderr_text;
  bool ok = true;
  {
    WarningCapture warnings;
    try {
      probe();
    } catch (const c10::Error& e) {
      ok = false;
      if (error) *error = e.what_without_backtrace();
    } catch (const std::exception& e) {
      ok = false;
      if (error) *error = e.what();
    }
    for (const auto& w : warnings.messages()) env.diagnoses.push_back(catalog.classify("torch-warning", w));
  }
  std::istringstream lines(stderr_text.finish());
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty()) env.diagnoses.push_back(catalog.classify("stderr", line));
  if (!ok && error) env.diagnoses.push_back(catalog.classify("error", *error));
  return ok;
}

std::string gpu_device_files() {
  std::string found;
  for (const char* f : {"/dev/nvidiactl", "/dev/nvidia0", "/dev/kfd"})
    if (exists(f)) found += std::string(found.empty() ? "" : ", ") + f;
  return found;
}

void check_device_permissions(EnvironmentReport& env, const Catalog& catalog) {
  for (const char* f : {"/dev/kfd", "/dev/nvidiactl", "/dev/nvidia0"})
    if (exists(f) && !usable(f))
      env.diagnoses.push_back(catalog.classify("environment", std::string("Permission denied: cannot open ") + f +
                                                                  " (no read/write access for this user)"));
}

void describe_backends(EnvironmentReport& env, const std::string& config, bool gpu) {
  auto& ctx = at::globalContext();
  env.backends.emplace_back("torch", TORCH_VERSION);
  env.backends.emplace_back("cpu blas", build_setting(config, "BLAS_INFO"));
  env.backends.emplace_back("onednn (mkldnn)", ctx.userEnabledMkldnn() ? "enabled" : "disabled");
  if (!gpu) return;
  const bool rocm = env.platform == "rocm";
  env.gpu_blas = preferred_gpu_blas(rocm);
  env.backends.emplace_back("gpu blas (preferred)", env.gpu_blas);
  const auto cudnn_version = build_setting(config, "CUDNN_VERSION");
  env.backends.emplace_back(rocm ? "miopen" : "cudnn", std::string(ctx.userEnabledCuDNN() ? "enabled" : "disabled") +
                                                          (cudnn_version.empty() ? "" : " (" + cudnn_version + ")"));
  env.tf32_convolutions = !rocm && ctx.allowTF32CuDNN();
  env.tf32_matmul = !rocm && ctx.allowTF32CuBLAS();
  env.backends.emplace_back("tf32", std::string("convolutions ") + (env.tf32_convolutions ? "on" : "off") +
                                        ", matmul " + (env.tf32_matmul ? "on" : "off"));
}

// Which attention backend serves a typical fp16 (GPU) / fp32 (CPU) shape, and why the others do not.
void describe_sdpa(EnvironmentReport& env, const Catalog& catalog, const at::Device& device) {
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  const auto dtype = device.is_cpu() ? at::kFloat : at::kHalf;
  const auto q = at::randn({1, 8, 256, 64}, at::TensorOptions().dtype(dtype).device(device));
  SdpaBackends b;
  captured(env, catalog, [&] { b = probe_sdpa_backends(q, q, q, at::Tensor(), true); });
  std::string text = b.chosen + " (" + (device.is_cpu() ? "fp32" : "fp16") + " causal 256x64)";
  for (const auto& name : b.available) text += "; " + name + " available";
  for (const auto& [name, why] : b.refused) {
    text += "; " + name + " refused";
    if (!device.is_cpu()) env.diagnoses.push_back(catalog.classify("backend", name + ": " + why));
  }
  env.backends.emplace_back("sdpa", text);
#else
  (void)catalog, (void)device;
  env.backends.emplace_back("sdpa", "not in libtorch < 2.0 (attention checks use the hand-written path only)");
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
}

// float16 / bfloat16 are skipped, with the reason, where the device cannot run them.
void probe_dtypes(EnvironmentReport& env, const Catalog& catalog, const at::Device& device, const Options& options) {
  if (device.is_cpu()) {
    // Not what models run on a CPU: checked on GPUs only, unless --dtype asks for it.
    const bool asked = std::find(options.dtypes.begin(), options.dtypes.end(), "float16") != options.dtypes.end();
    if (!asked) {
      env.dtypes_not_run.emplace_back("float16");
      env.backends.emplace_back("dtypes", "float32, bfloat16 (float16 is checked on GPUs only; --dtype float16 asks for it)");
    }
    return;
  }
  for (auto [dtype, name] : {std::pair{at::kHalf, "float16"}, std::pair{at::kBFloat16, "bfloat16"}}) {
    std::string error;
    EnvironmentReport scratch;  // a refusal here is reported as a skip reason, not as an environment problem
    const bool ok = captured(scratch, catalog, [&] {
      auto a = at::ones({64, 64}, at::TensorOptions().dtype(dtype).device(device));
      at::matmul(a, a).sum().item<float>();
    }, &error);
    if (!ok) env.unsupported_dtypes.emplace_back(name, "this GPU refused a " + std::string(name) + " GEMM: " +
                                                           error.substr(0, error.find('\n')));
  }
}

}  // namespace

EnvironmentReport probe_environment(const Options& options, const Catalog& catalog) {
  EnvironmentReport env;
  env.torch_version = TORCH_VERSION;
  const std::string config = at::show_config();
  const bool rocm_build = build_setting(config, "USE_ROCM") == "ON" || build_setting(config, "USE_ROCM") == "1";
  const auto use_cuda = build_setting(config, "USE_CUDA");
  // at::hasCUDA() is false when the driver is missing, so ask the build settings; ROCm torch presents the HIP GPU as "cuda".
  const bool cuda_build = use_cuda == "1" || use_cuda == "ON" || rocm_build;
  std::smatch hip;
  std::regex_search(config, hip, std::regex("HIP Runtime ([0-9.]+)"));
  env.gpu_runtime_version = rocm_build ? "HIP " + (hip.empty() ? build_setting(config, "HIP_VERSION") : hip[1].str())
                                       : (cuda_build ? "CUDA " + build_setting(config, "CUDA_VERSION") : "");
  const std::string device_files = gpu_device_files();

  int64_t gpus = 0;
  if (options.device != "cpu" && cuda_build)
    captured(env, catalog, [&] { gpus = static_cast<int64_t>(torch::cuda::device_count()); });

  if (options.device == "cpu") {
    env.why_cpu = "--device cpu";
  } else if (!cuda_build) {
    env.why_cpu = "this libtorch is built for the CPU only";
    if (!device_files.empty() || options.device == "cuda")
      env.diagnoses.push_back(catalog.classify("environment", "Torch not compiled with CUDA enabled (GPU device files: " +
                                                                  (device_files.empty() ? "none" : device_files) + ")"));
    if (options.device == "cuda") env.environment_unusable = true;
  } else if (gpus == 0) {
    check_device_permissions(env, catalog);
    if (device_files.empty() && options.device == "auto") {
      env.why_cpu = "no GPU on this machine (no /dev/nvidia*, no /dev/kfd)";
    } else {
      // A GPU runtime is installed and device files exist, yet torch sees no GPU: broken driver or permissions.
      env.environment_unusable = true;
      env.why_cpu = "torch sees no GPU although " + (device_files.empty() ? std::string("--device cuda was asked")
                                                                          : "device files exist (" + device_files + ")");
    }
  } else {
    env.device = "cuda:0";
    env.platform = rocm_build ? "rocm" : "cuda";
    env.gpu_usable = true;
  }
  if (env.environment_unusable) return env;

  const at::Device device(env.device);
  if (env.gpu_usable) {
    // The first real kernel: a missing code object or a too-old driver shows up here, before any check.
    std::string error;
    if (!captured(env, catalog, [&] { at::ones({16}, at::TensorOptions().device(device)).sum().item<float>(); }, &error)) {
      env.environment_unusable = true;
      env.why_cpu = "the GPU runtime does not run a kernel: " + error.substr(0, error.find('\n'));
      return env;
    }
  }
  describe_backends(env, config, env.gpu_usable);
  describe_sdpa(env, catalog, device);
  probe_dtypes(env, catalog, device, options);
  return env;
}

}  // namespace dualgpu::smoke
