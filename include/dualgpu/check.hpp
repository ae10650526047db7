// dualgpu/check.hpp: checking runtime calls and kernel launches.
//
//   DUALGPU_CHECK(expr)      expr returns cudaError_t/hipError_t; on failure throws
//                            dualgpu::runtime_error (a std::runtime_error, so torch turns it
//                            into a Python RuntimeError) whose text holds file:line, the
//                            expression, the error's name and text, and for the classic
//                            failures what to do about them.
//   DUALGPU_CHECK_LAUNCH()   after a <<<>>> launch: reports launch errors (bad configuration,
//                            no code object for this GPU) at the launch site.
//   DUALGPU_CHECK_WARN(expr) same report on stderr, never throws: for destructors.
//   dualgpu::error_hint(e)   the advice text alone ("" when there is none).
//
// Host code only. On DUALGPU_PLATFORM_CPU the macros evaluate expr and compare to 0.
#pragma once

#include "dualgpu/runtime.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

// The architectures this translation unit was compiled for, when the compiler tells us
// (nvcc >= 11.5 defines __CUDA_ARCH_LIST__ in every pass). clang's HIP has no such macro:
// the build may pass -DDUALGPU_COMPILED_ARCHITECTURES="gfx90a;gfx1030".
#define DUALGPU_DETAIL_STR2(...) #__VA_ARGS__  // variadic: the list holds commas
#define DUALGPU_DETAIL_STR(...) DUALGPU_DETAIL_STR2(__VA_ARGS__)
#if defined(DUALGPU_COMPILED_ARCHITECTURES)
#define DUALGPU_DETAIL_ARCHS DUALGPU_COMPILED_ARCHITECTURES
#elif defined(__CUDA_ARCH_LIST__)
#define DUALGPU_DETAIL_ARCHS DUALGPU_DETAIL_STR(__CUDA_ARCH_LIST__)
#else
#define DUALGPU_DETAIL_ARCHS "unknown to this file (list them with cuobjdump --list-elf or roc-obj-ls)"
#endif  // compiled architectures

namespace dualgpu {

/// Thrown by DUALGPU_CHECK; code() is the runtime's error value.
class runtime_error : public std::runtime_error {
 public:
  runtime_error(const std::string& what, error_t code) : std::runtime_error(what), code_(code) {}
  error_t code() const noexcept { return code_; }

 private:
  error_t code_;
};

namespace detail {

#if !defined(DUALGPU_PLATFORM_CPU)
// The current device's architecture, for the "no code object" advice. Errors here are
// ignored on purpose: we are already reporting a failure and must not mask it.
inline std::string current_device_arch() {
  int device = -1;
  if (DUALGPU_RT(GetDevice)(&device) != error_success) return "unknown";
#if defined(DUALGPU_PLATFORM_HIP)
  hipDeviceProp_t prop{};
  if (hipGetDeviceProperties(&prop, device) != hipSuccess) return "unknown";
  return prop.gcnArchName;
#else
  int major = 0, minor = 0;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
    return "unknown";
  return "sm_" + std::to_string(major) + std::to_string(minor);
#endif  // DUALGPU_PLATFORM_HIP
}
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace detail

/// What to do about the classic failures; "" when there is no specific advice.
inline std::string error_hint(error_t e, const char* compiled_archs = DUALGPU_DETAIL_ARCHS) {
#if defined(DUALGPU_PLATFORM_CPU)
  (void)e;
  (void)compiled_archs;
  return {};
#else
  const bool no_code_object =
#if defined(DUALGPU_PLATFORM_HIP)
      e == hipErrorNoBinaryForGpu || e == hipErrorInvalidDeviceFunction;
#else
      e == cudaErrorNoKernelImageForDevice || e == cudaErrorInvalidDeviceFunction;
#endif  // DUALGPU_PLATFORM_HIP
  if (no_code_object) {
    std::string hint = "no code object for this GPU. This device is " + detail::current_device_arch() +
                       "; this code was compiled for " + compiled_archs +
                       ". Rebuild with the device's architecture in DUALGPU_ARCHITECTURES"
#if defined(DUALGPU_PLATFORM_HIP)
                       " (or PYTORCH_ROCM_ARCH / GPU_TARGETS). If another GPU (an iGPU) is visible, hide it"
                       " with HIP_VISIBLE_DEVICES. Unsupported RDNA cards sometimes run with"
                       " HSA_OVERRIDE_GFX_VERSION=10.3.0 (RDNA2) or 11.0.0 (RDNA3), at your own risk.";
#else
                       " (or TORCH_CUDA_ARCH_LIST), or ship PTX (e.g. 90-virtual) for forward compatibility.";
#endif  // DUALGPU_PLATFORM_HIP
    return hint;
  }
  if (e == DUALGPU_RT(ErrorMemoryAllocation)) {
    std::size_t free_bytes = 0, total_bytes = 0;
    std::string hint = "out of device memory";
    if (DUALGPU_RT(MemGetInfo)(&free_bytes, &total_bytes) == error_success)
      hint += " (" + std::to_string(free_bytes >> 20) + " MiB free of " + std::to_string(total_bytes >> 20) +
              " MiB)";
    hint +=
        ". Use smaller inputs; under PyTorch, memory may be held by its caching allocator or graph pools:"
#if defined(DUALGPU_PLATFORM_HIP)
        " try PYTORCH_HIP_ALLOC_CONF=expandable_segments:True (PYTORCH_CUDA_ALLOC_CONF in newer torch).";
#else
        " try PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.";
#endif  // DUALGPU_PLATFORM_HIP
    return hint;
  }
  if (e == DUALGPU_RT(ErrorStreamCaptureUnsupported) || e == DUALGPU_RT(ErrorStreamCaptureInvalidated) ||
      e == DUALGPU_RT(ErrorStreamCaptureImplicit) || e == DUALGPU_RT(ErrorStreamCaptureWrongThread) ||
      e == DUALGPU_RT(ErrorStreamCaptureIsolation) || e == DUALGPU_RT(ErrorStreamCaptureUnjoined) ||
      e == DUALGPU_RT(ErrorCapturedEvent)) {
    return "an operation that is illegal during stream capture (an allocation, a synchronisation, an event "
           "query, or library initialisation, possibly from another thread). Capture in thread-local mode, "
           "allocate workspace and initialise libraries before capturing (warm up once), or turn graphs off "
           "with DUALGPU_GRAPHS=0."
#if defined(DUALGPU_PLATFORM_HIP)
           " AMD_LOG_LEVEL=4 shows the offending call; ROCm 7 rejects calls ROCm 6 accepted."
#endif  // DUALGPU_PLATFORM_HIP
        ;
  }
  if (e == DUALGPU_RT(ErrorIllegalAddress) || e == DUALGPU_RT(ErrorLaunchFailure)) {
    return "a kernel accessed memory it must not (out of bounds, freed, or host memory)."
#if defined(DUALGPU_PLATFORM_HIP)
           " Rerun with AMD_SERIALIZE_KERNEL=3 and DUALGPU_GRAPHS=0 to find the kernel; check bounds.";
#else
           " Rerun with CUDA_LAUNCH_BLOCKING=1 and DUALGPU_GRAPHS=0, or under compute-sanitizer.";
#endif  // DUALGPU_PLATFORM_HIP
  }
  if (e == DUALGPU_RT(ErrorInvalidConfiguration) || e == DUALGPU_RT(ErrorLaunchOutOfResources)) {
    return "bad launch configuration: more than 1024 threads per block, too much shared memory, or too many "
           "registers for this block size. Size blocks with dualgpu::max_warp_size in mind.";
  }
  if (e == DUALGPU_RT(ErrorNoDevice) || e == DUALGPU_RT(ErrorInsufficientDriver)) {
#if defined(DUALGPU_PLATFORM_HIP)
    return "no usable GPU: check /dev/kfd and /dev/dri access (render/video group), then rocminfo.";
#else
    return "no usable GPU: check nvidia-smi; the driver may be older than this CUDA runtime.";
#endif  // DUALGPU_PLATFORM_HIP
  }
  return {};
#endif  // DUALGPU_PLATFORM_CPU
}

namespace detail {

inline std::string format_error(error_t e, const char* expr, const char* file, int line,
                                const char* compiled_archs) {
  std::string msg = std::string(file) + ":" + std::to_string(line) + ": " + expr + " failed: ";
#if defined(DUALGPU_PLATFORM_CPU)
  msg += "error " + std::to_string(e);
#else
  msg += std::string(DUALGPU_RT(GetErrorName)(e)) + " (" + DUALGPU_RT(GetErrorString)(e) + ")";
#endif  // DUALGPU_PLATFORM_CPU
  const std::string hint = error_hint(e, compiled_archs);
  if (!hint.empty()) msg += "\n  hint: " + hint;
  return msg;
}

inline void throw_error(error_t e, const char* expr, const char* file, int line, const char* archs) {
  throw runtime_error(format_error(e, expr, file, line, archs), e);
}

inline void warn_error(error_t e, const char* expr, const char* file, int line, const char* archs) noexcept {
  try {
    std::fprintf(stderr, "[dualgpu] warning: %s\n", format_error(e, expr, file, line, archs).c_str());
  } catch (...) {  // formatting can only fail on allocation; a warning must never throw
  }
}

}  // namespace detail
}  // namespace dualgpu

#define DUALGPU_CHECK(expr)                                                                           \
  do {                                                                                                \
    const ::dualgpu::error_t dualgpu_check_err_ = (expr);                                             \
    if (dualgpu_check_err_ != ::dualgpu::error_success)                                               \
      ::dualgpu::detail::throw_error(dualgpu_check_err_, #expr, __FILE__, __LINE__, DUALGPU_DETAIL_ARCHS); \
  } while (0)

#define DUALGPU_CHECK_WARN(expr)                                                                     \
  do {                                                                                               \
    const ::dualgpu::error_t dualgpu_check_err_ = (expr);                                            \
    if (dualgpu_check_err_ != ::dualgpu::error_success)                                              \
      ::dualgpu::detail::warn_error(dualgpu_check_err_, #expr, __FILE__, __LINE__, DUALGPU_DETAIL_ARCHS); \
  } while (0)

#if defined(DUALGPU_PLATFORM_CPU)
#define DUALGPU_CHECK_LAUNCH() \
  do {                         \
  } while (0)
#else
// GetLastError returns and clears the launch error of the last <<<>>> on this thread.
#define DUALGPU_CHECK_LAUNCH() DUALGPU_CHECK(DUALGPU_RT(GetLastError)())
#endif  // DUALGPU_PLATFORM_CPU
