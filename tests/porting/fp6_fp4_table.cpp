// Every conversion of <cuda_fp6.h> and <cuda_fp4.h>, printed as a table of bits: built once against
// NVIDIA's headers (host code, g++) and once against DualGPU's (host code of a HIP build), and the two
// tables must be the same (run_host_program.cmake with REFERENCE). Inputs: every half and bfloat16 bit
// pattern, floats and doubles around every bfloat16 value (rounding ties and their neighbours, NaNs,
// infinities), doubles past float's range and below its subnormals, every storage byte back to each type,
// the packed forms and the constructors, in E2M3, E3M2 and E2M1 and both rounding modes CUDA takes.
#include <cuda_fp4.h>
#include <cuda_fp6.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

template <typename To, typename From>
To bits(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

const __nv_fp6_interpretation_t kinds[] = {__NV_E2M3, __NV_E3M2};
const cudaRoundMode roundings[] = {cudaRoundNearest, cudaRoundZero};

// Six results of one input: E2M3, E3M2 and E2M1, each to nearest and toward zero.
template <typename Fp6, typename Fp4>
void six(Fp6 fp6, Fp4 fp4) {
  for (auto k : kinds)
    for (auto r : roundings) std::printf("%02x", fp6(k, r));
  for (auto r : roundings) std::printf("%02x", fp4(r));
}

void from_16bit(unsigned p) {
  __half_raw h;
  h.x = static_cast<unsigned short>(p);
  __nv_bfloat16_raw b;
  b.x = static_cast<unsigned short>(p);
  std::printf("h%04x ", p);
  six([&](__nv_fp6_interpretation_t k, cudaRoundMode r) { return __nv_cvt_halfraw_to_fp6(h, k, r); },
      [&](cudaRoundMode r) { return __nv_cvt_halfraw_to_fp4(h, __NV_E2M1, r); });
  std::printf(" ");
  six([&](__nv_fp6_interpretation_t k, cudaRoundMode r) { return __nv_cvt_bfloat16raw_to_fp6(b, k, r); },
      [&](cudaRoundMode r) { return __nv_cvt_bfloat16raw_to_fp4(b, __NV_E2M1, r); });
  // The constructors (to nearest) from the half and the bfloat16 p.
  const __half hv(h);
  const __nv_bfloat16 bv = __ushort_as_bfloat16(b.x);
  std::printf(" %02x%02x%02x%02x%02x%02x", __nv_fp6_e2m3(hv).__x, __nv_fp6_e3m2(hv).__x, __nv_fp4_e2m1(hv).__x,
              __nv_fp6_e2m3(bv).__x, __nv_fp6_e3m2(bv).__x, __nv_fp4_e2m1(bv).__x);
  // Floats around the bfloat16 value p: itself, a tie at bfloat16 precision, its neighbours, the next below;
  // each as a float, a double, and a double between two floats.
  const std::uint32_t around[] = {
      p << 16, (p << 16) | 0x8000u, (p << 16) | 0x7FFFu, (p << 16) | 0x0001u, (p << 16) | 0xFFFFu, (p << 16) | 0x4000u};
  for (std::uint32_t f : around) {
    const float x = bits<float>(f);
    const double d = static_cast<double>(x);
    const double nudged = d + d * 0x1p-40;
    std::printf(" ");
    six([&](__nv_fp6_interpretation_t k, cudaRoundMode r) { return __nv_cvt_float_to_fp6(x, k, r); },
        [&](cudaRoundMode r) { return __nv_cvt_float_to_fp4(x, __NV_E2M1, r); });
    six([&](__nv_fp6_interpretation_t k, cudaRoundMode r) { return __nv_cvt_double_to_fp6(d, k, r); },
        [&](cudaRoundMode r) { return __nv_cvt_double_to_fp4(d, __NV_E2M1, r); });
    six([&](__nv_fp6_interpretation_t k, cudaRoundMode r) { return __nv_cvt_double_to_fp6(nudged, k, r); },
        [&](cudaRoundMode r) { return __nv_cvt_double_to_fp4(nudged, __NV_E2M1, r); });
  }
  std::printf("\n");
}

// One storage byte as a scalar of type T: every conversion back.
template <typename T>
void scalar_back(unsigned byte) {
  T v;
  v.__x = static_cast<unsigned char>(byte);
  const float f = static_cast<float>(v);
  std::printf(" %04x %08x %016llx %04x %d", static_cast<__half_raw>(static_cast<__half>(v)).x, bits<std::uint32_t>(f),
              static_cast<unsigned long long>(bits<std::uint64_t>(static_cast<double>(v))),
              static_cast<unsigned>(bits<std::uint16_t>(static_cast<__nv_bfloat16>(v))), static_cast<int>(static_cast<bool>(v)));
  std::printf(" %d %u %d %d %u %d %u %ld %lu %lld %llu", static_cast<int>(static_cast<signed char>(v)),
              static_cast<unsigned>(static_cast<unsigned char>(v)), static_cast<int>(static_cast<char>(v)),
              static_cast<int>(static_cast<short>(v)), static_cast<unsigned>(static_cast<unsigned short>(v)), static_cast<int>(v),
              static_cast<unsigned>(v), static_cast<long>(v), static_cast<unsigned long>(v), static_cast<long long>(v),
              static_cast<unsigned long long>(v));
}

// A storage byte back: the __nv_cvt_* functions (the bits above the format's width included), the scalar
// types, and the byte with others as pairs and quads.
void storage_byte(unsigned byte) {
  const unsigned char s = static_cast<unsigned char>(byte);
  std::printf("b%02x %04x %04x %04x", byte, __nv_cvt_fp6_to_halfraw(s, __NV_E2M3).x, __nv_cvt_fp6_to_halfraw(s, __NV_E3M2).x,
              __nv_cvt_fp4_to_halfraw(s, __NV_E2M1).x);
  scalar_back<__nv_fp6_e2m3>(byte);
  scalar_back<__nv_fp6_e3m2>(byte);
  scalar_back<__nv_fp4_e2m1>(byte);
  const unsigned short x2 = static_cast<unsigned short>(byte | ((byte ^ 0x5Au) << 8));
  std::printf(" %08x %08x %08x", bits<std::uint32_t>(__nv_cvt_fp6x2_to_halfraw2(x2, __NV_E2M3)),
              bits<std::uint32_t>(__nv_cvt_fp6x2_to_halfraw2(x2, __NV_E3M2)),
              bits<std::uint32_t>(__nv_cvt_fp4x2_to_halfraw2(s, __NV_E2M1)));
  __nv_fp6x2_e2m3 a2;
  a2.__x = x2;
  __nv_fp6x2_e3m2 b2;
  b2.__x = x2;
  __nv_fp4x2_e2m1 c2;
  c2.__x = s;
  const float2 fa = static_cast<float2>(a2), fb = static_cast<float2>(b2), fc = static_cast<float2>(c2);
  std::printf(" %08x %08x %08x %08x%08x %08x%08x %08x%08x",
              bits<std::uint32_t>(static_cast<__half2_raw>(static_cast<__half2>(a2))),
              bits<std::uint32_t>(static_cast<__half2_raw>(static_cast<__half2>(b2))),
              bits<std::uint32_t>(static_cast<__half2_raw>(static_cast<__half2>(c2))), bits<std::uint32_t>(fa.x),
              bits<std::uint32_t>(fa.y), bits<std::uint32_t>(fb.x), bits<std::uint32_t>(fb.y), bits<std::uint32_t>(fc.x),
              bits<std::uint32_t>(fc.y));
  __nv_fp6x4_e2m3 a4;
  a4.__x = byte | ((byte ^ 0xFFu) << 8) | ((byte ^ 0x3Cu) << 16) | ((byte ^ 0xC3u) << 24);
  __nv_fp6x4_e3m2 b4;
  b4.__x = a4.__x;
  __nv_fp4x4_e2m1 c4;
  c4.__x = static_cast<unsigned short>(byte | ((byte ^ 0x96u) << 8));
  for (const float4& q : {static_cast<float4>(a4), static_cast<float4>(b4), static_cast<float4>(c4)})
    std::printf(" %08x%08x%08x%08x", bits<std::uint32_t>(q.x), bits<std::uint32_t>(q.y), bits<std::uint32_t>(q.z),
                bits<std::uint32_t>(q.w));
  std::printf("\n");
}

// Doubles past float's range, below its subnormals, and NaNs with signs and payloads.
void doubles() {
  const std::uint64_t specials[] = {0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000001ull,
                                    0x7FF4000000000000ull, 0xFFFC000000000000ull, 0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull,
                                    0x47F0000000000000ull, 0x4800000000000001ull, 0x0000000000000001ull, 0x8000000000000001ull,
                                    0x0010000000000000ull, 0x3690000000000000ull, 0x3FD0000000000001ull, 0xBFD0000000000001ull,
                                    0x3FCFFFFFFFFFFFFFull, 0x3FB0000000000000ull, 0x3FB0000000000001ull, 0x3FA0000000000000ull,
                                    0x3FA0000000000001ull, 0x401E000000000000ull, 0x401E000000000001ull, 0x401F000000000000ull,
                                    0x403C000000000000ull, 0x403C000000000001ull, 0x403E000000000000ull, 0x4018000000000001ull};
  for (std::uint64_t u : specials) {
    const double d = bits<double>(u);
    std::printf("d%016llx ", static_cast<unsigned long long>(u));
    six([&](__nv_fp6_interpretation_t k, cudaRoundMode r) { return __nv_cvt_double_to_fp6(d, k, r); },
        [&](cudaRoundMode r) { return __nv_cvt_double_to_fp4(d, __NV_E2M1, r); });
    std::printf(" %02x %02x %02x\n", __nv_fp6_e2m3(d).__x, __nv_fp6_e3m2(d).__x, __nv_fp4_e2m1(d).__x);
  }
}

// The constructors from integers (each type CUDA declares one for; through float).
template <typename Int>
void from_int(Int v) {
  std::printf(" %02x%02x%02x", __nv_fp6_e2m3(v).__x, __nv_fp6_e3m2(v).__x, __nv_fp4_e2m1(v).__x);
}
void integers() {
  for (long long i = -40; i <= 40; ++i) {
    const unsigned long long x = static_cast<unsigned long long>(i);
    std::printf("i%lld", i);
    from_int(static_cast<unsigned short>(x));
    from_int(static_cast<unsigned int>(x));
    from_int(static_cast<unsigned long>(x));
    from_int(static_cast<unsigned long long>(x));
    from_int(static_cast<short>(x));
    from_int(static_cast<int>(x));
    from_int(static_cast<long>(x));
    from_int(static_cast<long long>(x));
    std::printf("\n");
  }
}

// The packed forms and the pair and quad constructors, on a few values.
void packed() {
  const float values[] = {0.0f, -0.0f, 0.25f, -0.3f, 0.75f, 1.0f, -1.25f, 3.5f, 5.0f, -6.5f, 7.75f, 30.0f, 1e-3f, 0.0625f};
  for (float a : values)
    for (float b : values) {
      const float2 f2 = make_float2(a, b);
      const double2 d2 = make_double2(a, b);
      const __half2 hh = __halves2half2(__float2half(a), __float2half(b));
      const __half2_raw h2 = static_cast<__half2_raw>(hh);
      __nv_bfloat162_raw b2;
      b2.x = bits<std::uint16_t>(__float2bfloat16(a));
      b2.y = bits<std::uint16_t>(__float2bfloat16(b));
      std::printf("p%08x%08x", bits<std::uint32_t>(a), bits<std::uint32_t>(b));
      for (auto r : roundings) {
        for (auto k : kinds)
          std::printf(" %04x %04x %04x %04x", __nv_cvt_float2_to_fp6x2(f2, k, r), __nv_cvt_double2_to_fp6x2(d2, k, r),
                      __nv_cvt_halfraw2_to_fp6x2(h2, k, r), __nv_cvt_bfloat16raw2_to_fp6x2(b2, k, r));
        std::printf(" %02x %02x %02x %02x", __nv_cvt_float2_to_fp4x2(f2, __NV_E2M1, r),
                    __nv_cvt_double2_to_fp4x2(d2, __NV_E2M1, r), __nv_cvt_halfraw2_to_fp4x2(h2, __NV_E2M1, r),
                    __nv_cvt_bfloat16raw2_to_fp4x2(b2, __NV_E2M1, r));
      }
#if defined(__HIP__) && !__has_include(<hip/hip_bf16.h>)  // ROCm 5.x: no bfloat16 pairs; the same bits from bfloat16s
      const unsigned short pa = __nv_cvt_bfloat16raw2_to_fp6x2(b2, __NV_E2M3, cudaRoundNearest);
      const unsigned char pc = __nv_cvt_bfloat16raw2_to_fp4x2(b2, __NV_E2M1, cudaRoundNearest);
      std::printf(" %04x %08x %02x %04x", pa, pa | (static_cast<unsigned>(pa) << 16), pc, pc | (pc << 8));
#else
      const __nv_bfloat162 bf2 = __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b));
      std::printf(" %04x %08x %02x %04x", __nv_fp6x2_e2m3(bf2).__x, __nv_fp6x4_e2m3(bf2, bf2).__x, __nv_fp4x2_e2m1(bf2).__x,
                  __nv_fp4x4_e2m1(bf2, bf2).__x);
#endif
      const float4 f4 = make_float4(a, b, -b, a * 3);
      std::printf(" %04x %04x %04x %04x %04x %04x %02x %02x %02x", __nv_fp6x2_e2m3(hh).__x, __nv_fp6x2_e3m2(f2).__x,
                  __nv_fp6x2_e2m3(d2).__x, __nv_fp6x2_e3m2(hh).__x, __nv_fp6x2_e2m3(f2).__x, __nv_fp6x2_e3m2(d2).__x,
                  __nv_fp4x2_e2m1(hh).__x, __nv_fp4x2_e2m1(f2).__x, __nv_fp4x2_e2m1(d2).__x);
      std::printf(" %08x %08x %08x %08x %08x %08x %04x %04x %04x", __nv_fp6x4_e2m3(hh, hh).__x, __nv_fp6x4_e2m3(f4).__x,
                  __nv_fp6x4_e2m3(make_double4(a, b, -a, b / 3)).__x, __nv_fp6x4_e3m2(hh, hh).__x, __nv_fp6x4_e3m2(f4).__x,
                  __nv_fp6x4_e3m2(make_double4(a, b, -a, b / 3)).__x, __nv_fp4x4_e2m1(hh, hh).__x, __nv_fp4x4_e2m1(f4).__x,
                  __nv_fp4x4_e2m1(make_double4(a, b, -a, b / 3)).__x);
      std::printf(" %02x %02x %02x %02x %02x %02x\n", __nv_fp6_e2m3(a).__x, __nv_fp6_e3m2(static_cast<double>(a) * 1.0000001).__x,
                  __nv_fp4_e2m1(a * 1.0000001f).__x, __nv_fp6_e2m3(static_cast<double>(b) / 3).__x, __nv_fp6_e3m2(b * 7).__x,
                  __nv_fp4_e2m1(static_cast<double>(b) * 0.999999).__x);
    }
}

}  // namespace

int main() {
  for (unsigned p = 0; p < 0x10000; ++p) from_16bit(p);
  for (unsigned b = 0; b < 0x100; ++b) storage_byte(b);
  doubles();
  integers();
  packed();
  return 0;
}
