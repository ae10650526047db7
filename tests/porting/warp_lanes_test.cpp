// The lane each CUDA-spelled shuffle reads on an AMD wave (dualgpu_cuda_warp_lanes.h),
// checked on the CPU against CUDA's definition of __shfl*_sync (CUDA C++ Programming Guide,
// "Warp Shuffle Functions") applied to the warp the mask names: with a 32-bit mask each half
// of a 64-wide wave is one warp of 32; with a 64-bit mask (or an offset of 32 or more) the
// warp is the whole wave. Then whole loops, as public kernels write them, run on simulated
// waves of 32 and 64 lanes. Exits 1 on the first mismatch.
#include <cstdio>
#include <numeric>
#include <vector>

#include "dualgpu_cuda_warp_lanes.h"

namespace {

using namespace dualgpu::cuda_warp;

int failures = 0;

void expect(bool ok, const char* what, int wave, int self, int arg, int width, int got, int want) {
  if (!ok && failures++ < 10)
    std::printf("%s: wave %d lane %d arg %d width %d: reads lane %d, CUDA reads lane %d\n", what, wave, self, arg,
                width, got, want);
}

// CUDA's definition, written with division over segments of `w` lanes counted from lane 0.
int cuda_shfl(int self, int src, int w) { return (self / w) * w + src % w; }
int cuda_up(int self, int delta, int w) { return self % w >= delta ? self - delta : self; }
int cuda_down(int self, int delta, int w) { return self % w + delta < w ? self + delta : self; }
int cuda_xor(int self, int mask, int w, int wave) {
  const int target = (self ^ mask) % wave;
  return target / w > self / w ? self : target;  // a later segment gives back the caller's own value
}

// The documented rule for the width when the caller gives none (docs/porting.md).
int documented_width(bool wide_mask, int given, int arg, int wave) {
  const int w = given > 0 ? given : ((wide_mask || arg >= 32) ? wave : 32);
  return w < wave ? w : wave;
}

void check_rule(int wave) {
  for (bool wide : {false, true}) {
    for (int given : {0, 1, 2, 4, 8, 16, 32, 64}) {
      for (int arg = 0; arg < 64; ++arg) {
        const int w = documented_width(wide, given, arg, wave);
        const int width = shuffle_width(wide, given, static_cast<unsigned>(arg), wave);
        expect(width == w, "width", wave, -1, arg, given, width, w);
        for (int self = 0; self < wave; ++self) {
          expect(source_of_shfl(self, arg, width) == cuda_shfl(self, arg, w), "shfl", wave, self, arg, given,
                 source_of_shfl(self, arg, width), cuda_shfl(self, arg, w));
          if (arg < w) {
            expect(source_of_shfl_up(self, arg, width) == cuda_up(self, arg, w), "shfl_up", wave, self, arg, given,
                   source_of_shfl_up(self, arg, width), cuda_up(self, arg, w));
            expect(source_of_shfl_down(self, arg, width) == cuda_down(self, arg, w), "shfl_down", wave, self, arg,
                   given, source_of_shfl_down(self, arg, width), cuda_down(self, arg, w));
          }
          if (arg < wave) {
            expect(source_of_shfl_xor(self, arg, width) == cuda_xor(self, arg, w, wave), "shfl_xor", wave, self, arg,
                   given, source_of_shfl_xor(self, arg, width), cuda_xor(self, arg, w, wave));
          }
        }
      }
    }
  }
}

// One shuffle step on a simulated wave: every lane reads the lane the rule names.
template <typename Source>
std::vector<long> step(const std::vector<long>& v, Source source) {
  std::vector<long> out(v.size());
  for (int lane = 0; lane < static_cast<int>(v.size()); ++lane) out[lane] = v[source(lane)];
  return out;
}

void check_loops(int wave) {
  std::vector<long> x(wave);
  for (int i = 0; i < wave; ++i) x[i] = 3 * i * i - 7 * i + 1;
  const auto sum = [&](int from, int n) { return std::accumulate(x.begin() + from, x.begin() + from + n, 0L); };

  // for (offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffff, v, offset);
  std::vector<long> v = x;
  for (int offset = 16; offset > 0; offset /= 2) {
    const auto other = step(v, [&](int l) { return source_of_shfl_xor(l, offset, shuffle_width(false, 0, offset, wave)); });
    for (int l = 0; l < wave; ++l) v[l] += other[l];
  }
  for (int l = 0; l < wave; ++l) expect(v[l] == sum(l & ~31, 32), "xor butterfly of 32", wave, l, 0, 0, v[l], sum(l & ~31, 32));

  // for (offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  v = x;
  for (int offset = wave / 2; offset > 0; offset /= 2) {
    const auto other = step(v, [&](int l) { return source_of_shfl_down(l, offset, shuffle_width(false, 0, offset, wave)); });
    for (int l = 0; l < wave; ++l) v[l] += other[l];
  }
  expect(v[0] == sum(0, wave), "warpSize shfl_down reduction, lane 0", wave, 0, 0, 0, v[0], sum(0, wave));

  // Inclusive scan in warps of 32 (lane = threadIdx.x % 32, shfl_up with a full mask).
  v = x;
  for (int offset = 1; offset < 32; offset *= 2) {
    const auto other = step(v, [&](int l) { return source_of_shfl_up(l, offset, shuffle_width(false, 0, offset, wave)); });
    for (int l = 0; l < wave; ++l)
      if (l % 32 >= offset) v[l] += other[l];
  }
  for (int l = 0; l < wave; ++l) {
    const long want = sum(l & ~31, l % 32 + 1);
    expect(v[l] == want, "scan of 32", wave, l, 0, 0, v[l], want);
  }
  // The scan's total broadcast from lane 31 of each warp: __shfl_sync(0xffffffff, v, 31).
  const auto total = step(v, [&](int l) { return source_of_shfl(l, 31, shuffle_width(false, 0, 31, wave)); });
  for (int l = 0; l < wave; ++l) expect(total[l] == sum(l & ~31, 32), "broadcast of lane 31", wave, l, 31, 0, total[l], sum(l & ~31, 32));
}

}  // namespace

int main() {
  for (int wave : {32, 64}) {
    check_rule(wave);
    check_loops(wave);
  }
  std::printf("%s: %d mismatches\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
