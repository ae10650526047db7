// Which scaled_dot_product_attention backend serves given inputs, and why each other one does not.
// at::_fused_sdp_choice returns the backend torch's dispatcher picks; enabling one fused backend at a
// time (math off) makes torch explain its refusal through warnings ("Flash attention kernel not used
// because: ...") and then fail with "No available kernel", which is how the reasons are learned.
#pragma once

#include <ATen/ATen.h>
#include <ATen/Context.h>

#include <string>
#include <utility>
#include <vector>

#include "check_spec.hpp"
#include "warning_capture.hpp"

namespace dualgpu::smoke {

struct SdpaBackends {
  std::string chosen;                                        // "flash", "efficient", "cudnn", "math", ...
  std::vector<std::pair<std::string, std::string>> refused;  // backend -> reason
  std::vector<std::string> available;                        // fused backends that accept these inputs
};

// Integer values of sdp::SDPBackend (ATen/SDPBackend.h in 2.x): stable since 2.0, cudnn from 2.2.
inline std::string sdpa_backend_name(int64_t value) {
  switch (value) {
    case 0: return "math";
    case 1: return "flash";
    case 2: return "efficient";
    case 3: return "cudnn";
    case 4: return "overrideable";
    default: return "none";
  }
}

#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
namespace detail {

struct SdpaFlags {  // saved and restored around each probe
  bool flash, efficient, math;
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
  bool cudnn;
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
  static SdpaFlags current() {
    auto& ctx = at::globalContext();
    SdpaFlags f{ctx.userEnabledFlashSDP(), ctx.userEnabledMemEfficientSDP(), ctx.userEnabledMathSDP()};
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
    f.cudnn = ctx.userEnabledCuDNNSDP();
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
    return f;
  }
  void apply() const {
    auto& ctx = at::globalContext();
    ctx.setSDPUseFlash(flash);
    ctx.setSDPUseMemEfficient(efficient);
    ctx.setSDPUseMath(math);
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
    ctx.setSDPUseCuDNN(cudnn);
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
  }
};

inline std::string join(const std::vector<std::string>& lines) {
  std::string all;
  for (const auto& l : lines) all += (all.empty() ? "" : " | ") + l;
  return all;
}

}  // namespace detail
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)

inline SdpaBackends probe_sdpa_backends(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                        const at::Tensor& mask, bool causal) {
  SdpaBackends result;
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  // An undefined tensor is not "no mask" for every version: pass the optional empty.
  auto choice = [&] {
    return mask.defined() ? at::_fused_sdp_choice(q, k, v, mask, 0.0, causal) : at::_fused_sdp_choice(q, k, v, {}, 0.0, causal);
  };
  result.chosen = sdpa_backend_name(choice());
  const auto saved = detail::SdpaFlags::current();
  std::vector<std::pair<std::string, int>> fused{{"flash", 1}};
  if (!q.is_cpu()) {  // the CPU has only flash and math
    fused.emplace_back("efficient", 2);
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
    fused.emplace_back("cudnn", 3);
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
  }
  for (const auto& [name, value] : fused) {
    auto only = detail::SdpaFlags{value == 1, value == 2, false};
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
    only.cudnn = value == 3;
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 3)
    only.apply();
    WarningCapture reasons;
    std::string error;
    int64_t picked = -1;
    try {
      picked = choice();
    } catch (const c10::Error& e) {
      error = e.what_without_backtrace();
    }
    if (picked == value) {
      result.available.push_back(name);
    } else {
      auto why = detail::join(reasons.messages());
      if (why.empty()) why = error.empty() ? "not selected" : error.substr(0, error.find('\n'));
      result.refused.emplace_back(name, why);
    }
  }
  saved.apply();
#else
  (void)q, (void)k, (void)v, (void)mask, (void)causal;
  result.chosen = "n/a (libtorch < 2.0)";
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  return result;
}

}  // namespace dualgpu::smoke
