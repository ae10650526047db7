// CUDA's SIMD intrinsics and packed dot products as dualgpu_cuda_simd_lanes.h computes them for HIP,
// checked on the CPU:
//   1. every function of DUALGPU_CUDA_SIMD_TABLE, by its CUDA name, against what a public CUDA test
//      program expects of it (argv[1]: tests/fixtures/cuda-simd-intrinsics-outputs.tsv);
//   2. each lane rule on every pair of byte values and on many pairs of halfwords, against the rule
//      written again with the host's int8_t/int16_t arithmetic (std::clamp, std::lround, ...);
//   3. __dp4a and __dp2a_lo/hi against 64-bit sums;
//   4. the DPX functions of DUALGPU_CUDA_DPX_TABLE against std::max/std::min on the lane types.
// Exits 1 on any mismatch.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "dualgpu_cuda_simd_lanes.h"

namespace {

using namespace dualgpu::cuda_simd;

int failures = 0;

void expect(bool ok, const std::string& what, unsigned a, unsigned b, unsigned got, unsigned want) {
  if (!ok && failures++ < 20)
    std::printf("%s(0x%08x, 0x%08x) = 0x%08x, want 0x%08x\n", what.c_str(), a, b, got, want);
}

struct entry {
  int bits;
  std::function<unsigned(unsigned, unsigned)> fn;
  bool unary;
};

// The table, as dualgpu_cuda_simd.h defines the CUDA names from it.
std::map<std::string, entry> by_name() {
  std::map<std::string, entry> t;
#define UNARY(name, bits, op) t[#name] = {bits, [](unsigned a, unsigned) { return per_lane<bits>(lane_op::op, a, 0u); }, true};
#define BINARY(name, bits, op) t[#name] = {bits, [](unsigned a, unsigned b) { return per_lane<bits>(lane_op::op, a, b); }, false};
#define COMPARE(cmp_name, set_name, bits, cmp)                                                      \
  t[#cmp_name] = {bits, [](unsigned a, unsigned b) { return compare<bits>(lane_cmp::cmp, a, b, true); }, false}; \
  t[#set_name] = {bits, [](unsigned a, unsigned b) { return compare<bits>(lane_cmp::cmp, a, b, false); }, false};
#define SAD(name, bits, is_signed) t[#name] = {bits, [](unsigned a, unsigned b) { return sum_abs_diff<bits>(is_signed, a, b); }, false};
  DUALGPU_CUDA_SIMD_TABLE(UNARY, BINARY, COMPARE, SAD)
#undef UNARY
#undef BINARY
#undef COMPARE
#undef SAD
  return t;
}

// 1. The recorded outputs, by name.
void check_recorded(const std::map<std::string, entry>& table, const char* path) {
  const unsigned unary_in[5] = {214321u, 3u, 2147483647u, 0u, 4294967295u};
  const unsigned binary_in[5][2] = {{4u, 3u}, {214321u, 2147483647u}, {4294967295u, 2147483647u},
                                    {4294967295u, 4294967295u}, {3u, 4u}};
  std::ifstream in(path);
  if (!in) {
    std::printf("cannot read %s\n", path);
    std::exit(1);
  }
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name;
    fields >> name;
    const auto found = table.find(name);
    if (found == table.end()) {
      expect(false, name + " (not in DUALGPU_CUDA_SIMD_TABLE)", 0, 0, 0, 0);
      continue;
    }
    ++rows;
    for (int k = 0; k < 5; ++k) {
      unsigned long long want = 0;
      fields >> want;
      const unsigned a = found->second.unary ? unary_in[k] : binary_in[k][0];
      const unsigned b = found->second.unary ? 0u : binary_in[k][1];
      const unsigned got = found->second.fn(a, b);
      expect(got == want, name, a, b, got, static_cast<unsigned>(want));
    }
  }
  expect(rows == static_cast<int>(table.size()), "recorded rows vs table size", rows, table.size(), rows, table.size());
}

// 2. Each rule again, on the host's narrow integer types, one lane at a time.
template <typename S, typename U>
long long rule(const std::string& name, S sa, S sb, U ua, U ub) {
  const long long lo = std::numeric_limits<S>::min(), hi = std::numeric_limits<S>::max();
  const long long umax = std::numeric_limits<U>::max();
  const long long ssum = static_cast<long long>(sa) + sb, sdiff = static_cast<long long>(sa) - sb;
  const long long usum = static_cast<long long>(ua) + ub, udiff = static_cast<long long>(ua) - ub;
  const std::string op = name.substr(3, name.size() - 4);  // "__vaddss4" -> "addss"
  if (op == "abs") return std::llabs(sa);
  if (op == "absss") return std::min<long long>(std::llabs(sa), hi);
  if (op == "neg") return -static_cast<long long>(sa);
  if (op == "negss") return std::clamp<long long>(-static_cast<long long>(sa), lo, hi);
  if (op == "add") return usum;
  if (op == "sub") return udiff;
  if (op == "addss") return std::clamp(ssum, lo, hi);
  if (op == "addus") return std::min(usum, umax);
  if (op == "subss") return std::clamp(sdiff, lo, hi);
  if (op == "subus") return std::max(udiff, 0LL);
  if (op == "avgs") return std::lround(ssum / 2.0);  // halves away from zero
  if (op == "avgu") return std::lround(usum / 2.0);
  if (op == "haddu") return usum / 2;
  if (op == "absdiffs") return std::llabs(sdiff);
  if (op == "absdiffu") return std::llabs(udiff);
  if (op == "maxs") return std::max(sa, sb);
  if (op == "maxu") return std::max(ua, ub);
  if (op == "mins") return std::min(sa, sb);
  if (op == "minu") return std::min(ua, ub);
  const bool is_cmp = op.compare(0, 3, "cmp") == 0;
  const std::string rel = op.substr(3);  // "eq", "ges", "ltu", ...
  bool holds = false;
  if (rel == "eq") holds = ua == ub;
  else if (rel == "ne") holds = ua != ub;
  else if (rel == "ges") holds = sa >= sb;
  else if (rel == "geu") holds = ua >= ub;
  else if (rel == "gts") holds = sa > sb;
  else if (rel == "gtu") holds = ua > ub;
  else if (rel == "les") holds = sa <= sb;
  else if (rel == "leu") holds = ua <= ub;
  else if (rel == "lts") holds = sa < sb;
  else if (rel == "ltu") holds = ua < ub;
  else {
    std::printf("no rule for %s\n", name.c_str());
    std::exit(1);
  }
  return holds ? (is_cmp ? umax : 1) : 0;
}

template <typename S, typename U>
unsigned whole_word(const std::string& name, unsigned a, unsigned b) {
  constexpr int bits = 8 * sizeof(U), count = 32 / bits;
  const bool sad = name.compare(0, 5, "__vsa") == 0;
  const std::string per_lane_name = sad ? "__vabsdiff" + name.substr(6) : name;  // __vsadu4 sums __vabsdiffu4's lanes
  unsigned result = 0, sum = 0;
  for (int i = 0; i < count; ++i) {
    const U ua = static_cast<U>(a >> (i * bits)), ub = static_cast<U>(b >> (i * bits));
    const long long r = rule<S, U>(per_lane_name, static_cast<S>(ua), static_cast<S>(ub), ua, ub);
    sum += static_cast<unsigned>(r);
    result |= static_cast<unsigned>(static_cast<U>(r)) << (i * bits);
  }
  return sad ? sum : result;
}

void check_rules(const std::map<std::string, entry>& table) {
  std::mt19937 random(2024);
  for (const auto& [name, e] : table) {
    if (e.bits == 8) {
      // Every pair of byte values, in a lane that moves, beside random lanes.
      for (unsigned x = 0; x < 256; ++x)
        for (unsigned y = 0; y < 256; ++y) {
          const int lane = static_cast<int>((x + y) % 4);
          const unsigned keep = ~(0xffu << (8 * lane));
          const unsigned a = (random() & keep) | x << (8 * lane), b = e.unary ? 0u : ((random() & keep) | y << (8 * lane));
          const unsigned got = e.fn(a, b), want = whole_word<std::int8_t, std::uint8_t>(name, a, b);
          expect(got == want, name, a, b, got, want);
        }
    } else {
      const unsigned edges[] = {0x0000, 0x0001, 0x0002, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 0x00ff, 0xff00};
      for (unsigned x : edges)
        for (unsigned y : edges) {
          const unsigned a = x | (y ^ 0x8000u) << 16, b = e.unary ? 0u : (y | x << 16);
          const unsigned got = e.fn(a, b), want = whole_word<std::int16_t, std::uint16_t>(name, a, b);
          expect(got == want, name, a, b, got, want);
        }
      for (int k = 0; k < 200000; ++k) {
        const unsigned a = random(), b = e.unary ? 0u : static_cast<unsigned>(random());
        const unsigned got = e.fn(a, b), want = whole_word<std::int16_t, std::uint16_t>(name, a, b);
        expect(got == want, name, a, b, got, want);
      }
    }
  }
}

// 3. The dot products against 64-bit sums of the narrow types' products, taken modulo 2^32.
void check_dots() {
  std::mt19937 random(7);
  auto byte_of = [](unsigned w, int i) { return static_cast<std::uint8_t>(w >> (8 * i)); };
  auto half_of = [](unsigned w, int i) { return static_cast<std::uint16_t>(w >> (16 * i)); };
  for (int k = 0; k < 300000; ++k) {
    const unsigned a = k < 4 ? 0x80808080u * (k & 1) + 0x7f7f7f7fu * (k >> 1) : random();
    const unsigned b = k < 4 ? 0x80808080u : random(), c = random();
    long long s4 = static_cast<std::int32_t>(c), u4 = c;
    for (int i = 0; i < 4; ++i) {
      s4 += static_cast<std::int8_t>(byte_of(a, i)) * static_cast<std::int8_t>(byte_of(b, i));
      u4 += static_cast<long long>(byte_of(a, i)) * byte_of(b, i);
    }
    expect(dot4(true, a, b, c) == static_cast<unsigned>(s4), "__dp4a(int)", a, b, dot4(true, a, b, c), static_cast<unsigned>(s4));
    expect(dot4(false, a, b, c) == static_cast<unsigned>(u4), "__dp4a(unsigned)", a, b, dot4(false, a, b, c), static_cast<unsigned>(u4));
    for (int high = 0; high < 2; ++high) {
      long long s2 = static_cast<std::int32_t>(c), u2 = c;
      for (int i = 0; i < 2; ++i) {
        s2 += static_cast<std::int16_t>(half_of(a, i)) * static_cast<std::int8_t>(byte_of(b, 2 * high + i));
        u2 += static_cast<long long>(half_of(a, i)) * byte_of(b, 2 * high + i);
      }
      const std::string name = high ? "__dp2a_hi" : "__dp2a_lo";
      expect(dot2(true, high, a, b, c) == static_cast<unsigned>(s2), name + "(int)", a, b, dot2(true, high, a, b, c), static_cast<unsigned>(s2));
      expect(dot2(false, high, a, b, c) == static_cast<unsigned>(u2), name + "(unsigned)", a, b, dot2(false, high, a, b, c), static_cast<unsigned>(u2));
    }
  }
}


// 4. DPX: each lane as int16_t/uint16_t/int32_t/uint32_t, the sum wrapped by the narrow type.
template <typename L>
unsigned dpx_reference(const std::string& name, unsigned a, unsigned b, unsigned c, bool* high, bool* low) {
  constexpr int bits = 8 * sizeof(L);
  unsigned result = 0;
  for (int i = 0; i < 32 / bits; ++i) {
    const L x = static_cast<L>(a >> (i * bits)), y = static_cast<L>(b >> (i * bits)), z = static_cast<L>(c >> (i * bits));
    const L sum = static_cast<L>(static_cast<L>(x) + static_cast<L>(y));
    L r = 0;
    if (name.find("vimax3") != std::string::npos) r = std::max({x, y, z});
    else if (name.find("vimin3") != std::string::npos) r = std::min({x, y, z});
    else if (name.find("viaddmax") != std::string::npos) r = std::max(sum, z);
    else if (name.find("viaddmin") != std::string::npos) r = std::min(sum, z);
    else if (name.find("vimax_") != std::string::npos) r = std::max(x, y);
    else if (name.find("vimin_") != std::string::npos) r = std::min(x, y);
    else if (name.find("vibmax") != std::string::npos) { r = std::max(x, y); *(i == 32 / bits - 1 ? high : low) = x >= y; }
    else if (name.find("vibmin") != std::string::npos) { r = std::min(x, y); *(i == 32 / bits - 1 ? high : low) = x <= y; }
    if (name.find("relu") != std::string::npos) r = std::max<L>(r, 0);
    result |= static_cast<unsigned>(static_cast<std::make_unsigned_t<L>>(r)) << (i * bits);
  }
  return result;
}

void check_dpx() {
  std::mt19937 random(3);
  std::vector<unsigned> values = {0u, 1u, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0x7fff8000u, 0x80007fffu, 0xffff0001u};
  for (int k = 0; k < 3000; ++k) values.push_back(random());
  int names = 0;
  auto run = [&](const std::string& name, bool is_signed, int bits, auto fn) {
    ++names;
    for (std::size_t k = 0; k + 2 < values.size(); ++k) {
      const unsigned a = values[k], b = values[(k * 7 + 1) % values.size()], c = values[(k * 13 + 2) % values.size()];
      bool got_high = false, got_low = false, want_high = false, want_low = false;
      const unsigned got = fn(a, b, c, &got_high, &got_low);
      const unsigned want = bits == 32 ? (is_signed ? dpx_reference<std::int32_t>(name, a, b, c, &want_high, &want_low)
                                                    : dpx_reference<std::uint32_t>(name, a, b, c, &want_high, &want_low))
                                       : (is_signed ? dpx_reference<std::int16_t>(name, a, b, c, &want_high, &want_low)
                                                    : dpx_reference<std::uint16_t>(name, a, b, c, &want_high, &want_low));
      expect(got == want && got_high == want_high && got_low == want_low, name, a, b, got, want);
    }
  };
#define THREE(name, type, bits, op, is_signed, relu)                                                   \
  run(#name, is_signed, bits, [](unsigned a, unsigned b, unsigned c, bool*, bool*) {                  \
    return dpx<bits>(dpx_op::op, is_signed, relu, a, b, c);                                           \
  });
#define TWO(name, type, bits, op) \
  run(#name, true, bits, [](unsigned a, unsigned b, unsigned, bool*, bool*) { return dpx<bits>(dpx_op::op, true, true, a, b, b); });
#define SELECT(name, type, bits, is_max, is_signed)                                                     \
  run(#name, is_signed, bits, [](unsigned a, unsigned b, unsigned, bool* high, bool* low) {            \
    return dpx_select<bits>(is_max, is_signed, a, b, high, low);                                       \
  });
  DUALGPU_CUDA_DPX_TABLE(THREE, TWO, SELECT)
#undef THREE
#undef TWO
#undef SELECT
  expect(names == 36, "DPX functions in the table", names, 36, names, 36);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::printf("usage: %s cuda-simd-intrinsics-outputs.tsv\n", argv[0]);
    return 2;
  }
  const auto table = by_name();
  check_recorded(table, argv[1]);
  check_rules(table);
  check_dots();
  check_dpx();
  std::printf("%s: %zu SIMD functions, 36 DPX functions, __dp4a, __dp2a: %d mismatches\n", failures ? "FAILED" : "PASSED", table.size(), failures);
  return failures ? 1 : 0;
}
