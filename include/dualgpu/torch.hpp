// dualgpu/torch.hpp: the few torch-facing pieces a GPU op needs, the same on CUDA, ROCm
// and CPU builds of torch.
//
//   dualgpu::current_stream()            torch's current stream on the current device, as a
//                                        cudaStream_t/hipStream_t (nullptr on CPU builds).
//                                        Launch on it: graphs capture it, other torch work
//                                        is ordered with it.
//   dualgpu::current_stream(tensor)      the same for the tensor's device.
//   dualgpu::device_guard g(tensor);     makes tensor's device current for the scope (no-op
//                                        for CPU tensors and on CPU builds).
//   DUALGPU_CHECK_INPUT(x)               x is on this build's device kind and contiguous.
//   DUALGPU_CHECK_DEVICE(x), DUALGPU_CHECK_CONTIGUOUS(x)
//   DUALGPU_CHECK_DTYPE(x, at::kFloat, at::kHalf, ...)   x has one of the listed dtypes.
//   DUALGPU_CHECK_SAME_DEVICE(x, y)      x and y live on the same device.
// All raise torch errors (c10::Error, a RuntimeError in Python; TypeError for dtypes) naming
// the argument, what was expected and what was found.
//
// ROCm builds of torch call their GPU device "cuda" and hipify c10::cuda to c10::hip; the
// *MasqueradingAsCUDA types used below are what hipified extensions use. That branch is not
// compiled in DualGPU's CI (no ROCm build of torch is installable there).
#pragma once

#include "dualgpu/runtime.hpp"

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
#include <c10/util/Exception.h>

#include <initializer_list>
#include <sstream>

#if defined(DUALGPU_PLATFORM_HIP)
#include <ATen/hip/impl/HIPGuardImplMasqueradingAsCUDA.h>
#include <ATen/hip/impl/HIPStreamMasqueradingAsCUDA.h>
#elif defined(DUALGPU_PLATFORM_CUDA)
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif  // torch GPU headers

namespace dualgpu {

/// The device kind tensors of this build live on: kCUDA for CUDA and ROCm torch, kCPU on CPU.
#if defined(DUALGPU_PLATFORM_CPU)
inline constexpr c10::DeviceType torch_device_type = c10::DeviceType::CPU;
#else
inline constexpr c10::DeviceType torch_device_type = c10::DeviceType::CUDA;
#endif  // DUALGPU_PLATFORM_CPU

/// Torch's current stream on the current device.
inline stream_t current_stream() {
#if defined(DUALGPU_PLATFORM_HIP)
  return c10::hip::getCurrentHIPStreamMasqueradingAsCUDA().stream();
#elif defined(DUALGPU_PLATFORM_CUDA)
  return c10::cuda::getCurrentCUDAStream().stream();
#else
  return nullptr;
#endif  // platform
}

/// Torch's current stream on the tensor's device (the current device for CPU tensors).
inline stream_t current_stream(const at::Tensor& t) {
#if defined(DUALGPU_PLATFORM_HIP)
  if (t.is_cuda()) return c10::hip::getCurrentHIPStreamMasqueradingAsCUDA(t.get_device()).stream();
#elif defined(DUALGPU_PLATFORM_CUDA)
  if (t.is_cuda()) return c10::cuda::getCurrentCUDAStream(t.get_device()).stream();
#endif  // platform
  (void)t;
  return current_stream();
}

/// Makes the tensor's device current until the end of the scope; restores the previous one.
class device_guard {
 public:
  explicit device_guard(const at::Tensor& t) {
#if !defined(DUALGPU_PLATFORM_CPU)
    if (t.is_cuda()) guard_.set_device(t.device());
#else
    (void)t;
#endif  // !DUALGPU_PLATFORM_CPU
  }
  device_guard(const device_guard&) = delete;
  device_guard& operator=(const device_guard&) = delete;

 private:
#if defined(DUALGPU_PLATFORM_HIP)
  c10::hip::OptionalHIPGuardMasqueradingAsCUDA guard_;
#elif defined(DUALGPU_PLATFORM_CUDA)
  c10::cuda::OptionalCUDAGuard guard_;
#endif  // platform
};

// ---- input checks -------------------------------------------------------------------------

inline void check_device(const at::Tensor& t, const char* name) {
  TORCH_CHECK(t.defined(), name, " must be a tensor, got an undefined tensor");
  TORCH_CHECK(t.device().type() == torch_device_type, name, " must be on the ",
              torch_device_type == c10::DeviceType::CPU ? "CPU (this extension was built for the CPU)"
                                                        : "GPU (device 'cuda', which ROCm builds of torch use too)",
              ", got a tensor on ", t.device());
}

inline void check_contiguous(const at::Tensor& t, const char* name) {
  TORCH_CHECK(t.is_contiguous(), name, " must be contiguous (call .contiguous()), got sizes ", t.sizes(),
              " and strides ", t.strides());
}

inline void check_dtype(const at::Tensor& t, const char* name, std::initializer_list<c10::ScalarType> allowed) {
  for (const c10::ScalarType s : allowed)
    if (t.scalar_type() == s) return;
  std::ostringstream list;
  const char* sep = "";
  for (const c10::ScalarType s : allowed) {
    list << sep << c10::toString(s);
    sep = ", ";
  }
  TORCH_CHECK_TYPE(false, name, " must have dtype ", list.str(), ", got ", c10::toString(t.scalar_type()));
}

inline void check_same_device(const at::Tensor& a, const char* a_name, const at::Tensor& b, const char* b_name) {
  TORCH_CHECK(a.device() == b.device(), a_name, " and ", b_name, " must be on the same device, got ", a.device(),
              " and ", b.device());
}

}  // namespace dualgpu

#define DUALGPU_CHECK_DEVICE(x) ::dualgpu::check_device((x), #x)
#define DUALGPU_CHECK_CONTIGUOUS(x) ::dualgpu::check_contiguous((x), #x)
#define DUALGPU_CHECK_INPUT(x)  \
  do {                          \
    DUALGPU_CHECK_DEVICE(x);     \
    DUALGPU_CHECK_CONTIGUOUS(x); \
  } while (0)
#define DUALGPU_CHECK_DTYPE(x, ...) ::dualgpu::check_dtype((x), #x, {__VA_ARGS__})
#define DUALGPU_CHECK_SAME_DEVICE(x, y) ::dualgpu::check_same_device((x), #x, (y), #y)
