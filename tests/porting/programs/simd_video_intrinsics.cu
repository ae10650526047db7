// Byte- and halfword-SIMD intrinsics as image and sequence-alignment kernels use them: a block
// matcher's sum of absolute differences over four pixels per word (__vsadu4, __vabsdiffu4), a
// saturating brightness change and a threshold mask (__vaddus4, __vsubus4, __vcmpgtu4, __vavgu4,
// __vmaxu4, __vminu4), and a Smith-Waterman-style cell update on pairs of 16-bit scores
// (__vaddss2, __vsubss2, __vmaxs2, __vseteq2), plus the signed average (__vavgs2/4) with odd
// negative sums. Each checked against the documented rule computed on the CPU.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <vector>
#include "porting_common.h"

// One 4x4 block of 8-bit pixels is 4 words; the best of 16 candidate offsets by SAD.
__global__ void block_match(const unsigned* ref, const unsigned* cur, unsigned* best_sad, int* best_off, int nblocks) {
  int blk = blockIdx.x * blockDim.x + threadIdx.x;
  if (blk >= nblocks) return;
  unsigned best = 0xffffffffu;
  int where = -1;
  for (int off = 0; off < 16; ++off) {
    unsigned sad = 0;
    for (int r = 0; r < 4; ++r) sad += __vsadu4(cur[blk * 4 + r], ref[(blk + off) * 4 + r]);
    if (sad < best) { best = sad; where = off; }
  }
  best_sad[blk] = best;
  best_off[blk] = where;
}

__global__ void pixel_ops(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  out[10 * i + 0] = __vaddus4(x, 0x10101010u);
  out[10 * i + 1] = __vsubus4(x, y);
  out[10 * i + 2] = __vcmpgtu4(x, y) & __vabsdiffu4(x, y);
  out[10 * i + 3] = __vavgu4(x, y);
  out[10 * i + 4] = __vmaxu4(x, y) ^ __vminu4(x, y);
  // Two 16-bit alignment scores per word: H = max(diag + match/mismatch, up - gap, 0).
  unsigned match = __vseteq2(x & 0x00ff00ffu, y & 0x00ff00ffu);  // 1 per equal halfword
  unsigned score = __vsubss2(__vaddss2(x, match * 5u), 0x00020002u);
  out[10 * i + 5] = __vmaxs2(__vmaxs2(score, __vsubss2(y, 0x00030003u)), 0u);
  out[10 * i + 6] = __vavgs2(x, y);
  out[10 * i + 7] = __vavgs4(x, y);
  out[10 * i + 8] = __vcmplts4(x, y) | __vnegss2(x);
  out[10 * i + 9] = __vhaddu2(x, y) + __vsads2(x, y);
}

// The rules, written on the host's narrow types.
static unsigned lanes(unsigned a, unsigned b, int bits, long long (*f)(long long sa, long long sb, long long ua, long long ub)) {
  unsigned r = 0, mask = bits == 8 ? 0xffu : 0xffffu;
  for (int k = 0; k < 32 / bits; ++k) {
    long long ua = (a >> (k * bits)) & mask, ub = (b >> (k * bits)) & mask;
    long long sa = bits == 8 ? (long long)(int8_t)ua : (long long)(int16_t)ua;
    long long sb = bits == 8 ? (long long)(int8_t)ub : (long long)(int16_t)ub;
    r |= ((unsigned)f(sa, sb, ua, ub) & mask) << (k * bits);
  }
  return r;
}
static long long clamp_ll(long long v, long long lo, long long hi) { return v < lo ? lo : v > hi ? hi : v; }
static long long avg_away(long long s) { return s < 0 ? -((-s + 1) / 2) : (s + 1) / 2; }  // halves away from zero

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  uint32_t s = 99;
  auto next = [&]() { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; };

  const int nblocks = 512;
  std::vector<unsigned> ref((nblocks + 16) * 4), cur(nblocks * 4);
  for (auto& v : ref) v = next();
  for (int blk = 0; blk < nblocks; ++blk)  // each block is a noisy copy of the reference at offset blk % 16
    for (int r = 0; r < 4; ++r) cur[blk * 4 + r] = ref[(blk + blk % 16) * 4 + r] ^ (next() & 0x01010101u);

  const int n = 1 << 14;
  std::vector<unsigned> a(n), b(n);
  for (int i = 0; i < n; ++i) { a[i] = next(); b[i] = next(); }
  a[0] = 0xff7f8001u; b[0] = 0xfe80ff00u;  // odd negative sums, the extremes
  a[1] = 0x80008000u; b[1] = 0xffffffffu;

  unsigned *d_ref, *d_cur, *d_sad, *d_a, *d_b, *d_out;
  int* d_off;
  cudaMalloc(&d_ref, ref.size() * 4); cudaMalloc(&d_cur, cur.size() * 4);
  cudaMalloc(&d_sad, nblocks * 4); cudaMalloc(&d_off, nblocks * 4);
  cudaMalloc(&d_a, n * 4); cudaMalloc(&d_b, n * 4); cudaMalloc(&d_out, 10 * n * 4);
  cudaMemcpy(d_ref, ref.data(), ref.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_cur, cur.data(), cur.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, a.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b.data(), n * 4, cudaMemcpyHostToDevice);
  block_match<<<(nblocks + 127) / 128, 128>>>(d_ref, d_cur, d_sad, d_off, nblocks);
  pixel_ops<<<(n + 255) / 256, 256>>>(d_a, d_b, d_out, n);
  std::vector<unsigned> sad(nblocks), out(10 * n);
  std::vector<int> off(nblocks);
  cudaMemcpy(sad.data(), d_sad, nblocks * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(off.data(), d_off, nblocks * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(out.data(), d_out, 10 * n * 4, cudaMemcpyDeviceToHost);

  int bad = 0;
  for (int blk = 0; blk < nblocks; ++blk) {
    unsigned best = 0xffffffffu;
    int where = -1;
    for (int o = 0; o < 16; ++o) {
      unsigned total = 0;
      for (int r = 0; r < 4; ++r)
        for (int k = 0; k < 4; ++k) {
          int p = (cur[blk * 4 + r] >> (8 * k)) & 255, q = (ref[(blk + o) * 4 + r] >> (8 * k)) & 255;
          total += p > q ? p - q : q - p;
        }
      if (total < best) { best = total; where = o; }
    }
    bad += sad[blk] != best || off[blk] != where;
  }
  for (int i = 0; i < n; ++i) {
    unsigned x = a[i], y = b[i], want[10];
    want[0] = lanes(x, 0x10101010u, 8, [](long long, long long, long long ua, long long ub) { return clamp_ll(ua + ub, 0, 255); });
    want[1] = lanes(x, y, 8, [](long long, long long, long long ua, long long ub) { return clamp_ll(ua - ub, 0, 255); });
    want[2] = lanes(x, y, 8, [](long long, long long, long long ua, long long ub) { return ua > ub ? ua - ub : 0LL; });
    want[3] = lanes(x, y, 8, [](long long, long long, long long ua, long long ub) { return (ua + ub + 1) / 2; });
    want[4] = lanes(x, y, 8, [](long long, long long, long long ua, long long ub) { return ua ^ ub; });
    unsigned match = lanes(x & 0x00ff00ffu, y & 0x00ff00ffu, 16, [](long long, long long, long long ua, long long ub) { return (long long)(ua == ub); });
    auto adds = [](long long sa, long long sb, long long, long long) { return clamp_ll(sa + sb, -32768, 32767); };
    auto subs = [](long long sa, long long sb, long long, long long) { return clamp_ll(sa - sb, -32768, 32767); };
    auto maxs = [](long long sa, long long sb, long long, long long) { return sa > sb ? sa : sb; };
    unsigned score = lanes(lanes(x, match * 5u, 16, adds), 0x00020002u, 16, subs);
    want[5] = lanes(lanes(score, lanes(y, 0x00030003u, 16, subs), 16, maxs), 0u, 16, maxs);
    want[6] = lanes(x, y, 16, [](long long sa, long long sb, long long, long long) { return avg_away(sa + sb); });
    want[7] = lanes(x, y, 8, [](long long sa, long long sb, long long, long long) { return avg_away(sa + sb); });
    want[8] = lanes(x, y, 8, [](long long sa, long long sb, long long, long long) { return sa < sb ? 255LL : 0LL; }) |
              lanes(x, 0u, 16, [](long long sa, long long, long long, long long) { return clamp_ll(-sa, -32768, 32767); });
    unsigned sads = 0;
    for (int k = 0; k < 2; ++k) {
      long long p = (int16_t)(x >> (16 * k)), q = (int16_t)(y >> (16 * k));
      sads += (unsigned)(p > q ? p - q : q - p);
    }
    want[9] = lanes(x, y, 16, [](long long, long long, long long ua, long long ub) { return (ua + ub) / 2; }) + sads;
    for (int k = 0; k < 10; ++k) {
      if (out[10 * i + k] != want[k] && bad < 5)
        printf("element %d, result %d: 0x%08x, want 0x%08x\n", i, k, out[10 * i + k], want[k]);
      bad += out[10 * i + k] != want[k];
    }
  }
  printf("%d bad\n", bad);
  cudaFree(d_ref); cudaFree(d_cur); cudaFree(d_sad); cudaFree(d_off);
  cudaFree(d_a); cudaFree(d_b); cudaFree(d_out);
  return bad ? 1 : 0;
}
