// dualgpu/on_hip/dualgpu_cuda_warp_lanes.h: which lane a CUDA-spelled shuffle reads on an AMD
// wave, as plain constexpr arithmetic (no HIP header), so the rule of dualgpu_cuda_warp.h is
// tested on the CPU against CUDA's definition (tests/porting/warp_lanes_test.cpp).
#pragma once

#include "dualgpu_cuda_plain_arithmetic.h"

namespace dualgpu {
namespace cuda_warp {

// Lanes one shuffle may reach. `given` > 0 is the caller's width; else 32 for code written
// with a 32-bit mask unless the offset/lane (`reach`) is past 31, which only code reading
// warpSize (64 on the wave) produces; a 64-bit mask means the whole wave.
DUALGPU_CUDA_PLAIN_FN int shuffle_width(bool wide_mask, int given, unsigned reach, int wave) {
  const int w = given > 0 ? given : ((wide_mask || reach >= 32) ? wave : 32);
  return w > wave ? wave : w;
}

// CUDA: srcLane is taken modulo width, within the caller's segment of `width` lanes.
DUALGPU_CUDA_PLAIN_FN int source_of_shfl(int self, int src, int width) {
  return (self & ~(width - 1)) + (src & (width - 1));
}

// CUDA: a lane with no lane `delta` below it in its segment keeps its own value.
DUALGPU_CUDA_PLAIN_FN int source_of_shfl_up(int self, unsigned delta, int width) {
  return (self & (width - 1)) < static_cast<int>(delta) ? self : self - static_cast<int>(delta);
}

DUALGPU_CUDA_PLAIN_FN int source_of_shfl_down(int self, unsigned delta, int width) {
  return (self & (width - 1)) + static_cast<int>(delta) >= width ? self : self + static_cast<int>(delta);
}

// CUDA: a lane may read from earlier segments; one past its own segment gives its own value.
DUALGPU_CUDA_PLAIN_FN int source_of_shfl_xor(int self, int lane_mask, int width) {
  const int src = self ^ lane_mask;
  return src >= ((self + width) & ~(width - 1)) ? self : src;
}

}  // namespace cuda_warp
}  // namespace dualgpu
