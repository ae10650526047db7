// Which convolution implementation ATen picks for given inputs (cuDNN, MIOpen, oneDNN, a slow
// fallback...), from ATen's own selector, so "conv2d passed" also says what served it.
#pragma once

#include <ATen/ATen.h>
#include <ATen/native/ConvUtils.h>

#include <string>

#include "check_spec.hpp"

namespace dualgpu::smoke {

inline std::string conv_backend_name(at::native::ConvBackend b) {
  using B = at::native::ConvBackend;
  switch (b) {
    case B::CudaDepthwise2d: return "cuda-depthwise";
    case B::Cudnn: return "cudnn";
    case B::CudnnTranspose: return "cudnn-transpose";
    case B::Miopen: return "miopen";
    case B::MiopenDepthwise: return "miopen-depthwise";
    case B::MiopenTranspose: return "miopen-transpose";
    case B::Mkldnn: return "onednn";
    case B::NnpackSpatial: return "nnpack";
    case B::Slow2d: return "slow2d (im2col)";
    case B::SlowDilated2d: return "slow-dilated2d";
    case B::SlowTranspose2d: return "slow-transpose2d";
    case B::Xnnpack2d: return "xnnpack";
    default: return "aten(" + std::to_string(static_cast<int>(b)) + ")";
  }
}

inline std::string conv_backend_for(const at::Tensor& input, const at::Tensor& weight, const CheckSpec::Conv& p) {
  // The selector's signature moved from IntArrayRef to SymIntArrayRef in 2.x.
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 1)
  auto sym = [](const std::vector<int64_t>& v) { return c10::fromIntArrayRefSlow(v); };
  return conv_backend_name(at::native::select_conv_backend(input, weight, at::Tensor(), sym(p.stride), sym(p.padding),
                                                           sym(p.dilation), p.transposed, sym(p.output_padding),
                                                           c10::SymInt(p.groups), std::nullopt));
#else
  return conv_backend_name(at::native::select_conv_backend(input, weight, at::Tensor(), p.stride, p.padding, p.dilation,
                                                           p.transposed, p.output_padding, p.groups));
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 1)
}

}  // namespace dualgpu::smoke
