// Every conversion of <cuda_fp8.h>, printed as a table of bits: built once against NVIDIA's header (host
// code, g++) and once against DualGPU's (host code of a HIP build), and the two tables must be the same
// (run_host_program.cmake with REFERENCE). Inputs: every half and bfloat16 bit pattern, floats and doubles
// around every bfloat16 value (rounding ties and their neighbours, NaNs, infinities), doubles past float's
// range, every FP8 byte, in E4M3 and E5M2 and both saturation modes; and the E8M0 scale type on the same
// inputs in both saturation modes and both of its rounding modes, every E8M0 byte back, integers.
#include <cuda_fp8.h>

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

const __nv_fp8_interpretation_t kinds[] = {__NV_E4M3, __NV_E5M2};
const __nv_saturation_t modes[] = {__NV_NOSAT, __NV_SATFINITE};
const cudaRoundMode e8m0_roundings[] = {cudaRoundZero, cudaRoundPosInf};

void from_16bit(unsigned p) {
  std::printf("h%04x", p);
  for (auto k : kinds)
    for (auto s : modes) {
      __half_raw h;
      h.x = static_cast<unsigned short>(p);
      __nv_bfloat16_raw b;
      b.x = static_cast<unsigned short>(p);
      std::printf(" %02x %02x", __nv_cvt_halfraw_to_fp8(h, s, k), __nv_cvt_bfloat16raw_to_fp8(b, s, k));
    }
  // Floats around the bfloat16 value p: itself, a tie at bfloat16 precision, its neighbours, the next below.
  const std::uint32_t around[] = {p << 16, (p << 16) | 0x8000u, (p << 16) | 0x7FFFu, (p << 16) | 0x0001u,
                                  (p << 16) | 0xFFFFu, (p << 16) | 0x4000u};
  for (std::uint32_t f : around) {
    const float x = bits<float>(f);
    const double d = static_cast<double>(x);
    const double nudged = d + d * 0x1p-40;  // between two floats: rounds once from the double
    for (auto k : kinds)
      for (auto s : modes)
        std::printf(" %02x%02x%02x", __nv_cvt_float_to_fp8(x, s, k), __nv_cvt_double_to_fp8(d, s, k),
                    __nv_cvt_double_to_fp8(nudged, s, k));
  }
  std::printf("\n");
}

// E8M0 from the same inputs: bfloat16 bits, the half p through the constructor, floats and doubles around
// the bfloat16 value p.
void e8m0_from_16bit(unsigned p) {
  __nv_bfloat16_raw b;
  b.x = static_cast<unsigned short>(p);
  __half_raw h;
  h.x = static_cast<unsigned short>(p);
  std::printf("e%04x %02x %02x", p, __nv_fp8_e8m0(__half(h)).__x, __nv_fp8_e8m0(__ushort_as_bfloat16(b.x)).__x);
  for (auto r : e8m0_roundings)
    for (auto s : modes) std::printf(" %02x", __nv_cvt_bfloat16raw_to_e8m0(b, s, r));
  const std::uint32_t around[] = {p << 16, (p << 16) | 0x8000u, (p << 16) | 0x7FFFu, (p << 16) | 0x0001u,
                                  (p << 16) | 0xFFFFu, (p << 16) | 0x4000u};
  for (std::uint32_t f : around) {
    const float x = bits<float>(f);
    const double d = static_cast<double>(x);
    const double nudged = d + d * 0x1p-40;
    const double below = d - d * 0x1p-40;
    std::printf(" ");
    for (auto r : e8m0_roundings)
      for (auto s : modes)
        std::printf("%02x%02x%02x%02x", __nv_cvt_float_to_e8m0(x, s, r), __nv_cvt_double_to_e8m0(d, s, r),
                    __nv_cvt_double_to_e8m0(nudged, s, r), __nv_cvt_double_to_e8m0(below, s, r));
  }
  std::printf("\n");
}

template <typename T>
void from_fp8(unsigned byte) {
  T v;
  v.__x = static_cast<__nv_fp8_storage_t>(byte);
  const float f = static_cast<float>(v);
  std::printf(" %04x %08x %016llx %04x %d %d %u %d %u %d %u %lld %llu %d", static_cast<__half_raw>(static_cast<__half>(v)).x,
              bits<std::uint32_t>(f), static_cast<unsigned long long>(bits<std::uint64_t>(static_cast<double>(v))),
              static_cast<unsigned>(bits<std::uint16_t>(static_cast<__nv_bfloat16>(v))), static_cast<int>(static_cast<bool>(v)),
              static_cast<int>(static_cast<signed char>(v)), static_cast<unsigned>(static_cast<unsigned char>(v)),
              static_cast<int>(static_cast<short>(v)), static_cast<unsigned>(static_cast<unsigned short>(v)),
              static_cast<int>(v), static_cast<unsigned>(v), static_cast<long long>(v),
              static_cast<unsigned long long>(v), static_cast<T>(f).__x);
}

void fp8_byte(unsigned byte) {
  std::printf("b%02x %04x %04x", byte, __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(byte), __NV_E4M3).x,
              __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(byte), __NV_E5M2).x);
  from_fp8<__nv_fp8_e4m3>(byte);
  from_fp8<__nv_fp8_e5m2>(byte);
  std::printf("\n");
}

// An E8M0 byte back: bfloat16 bits, and every conversion of __nv_fp8_e8m0; with its neighbour as a pair
// and a quad.
void e8m0_byte(unsigned byte) {
  __nv_fp8_e8m0 v;
  v.__x = static_cast<__nv_fp8_storage_t>(byte);
  const float f = static_cast<float>(v);
  std::printf("s%02x %04x %08x %016llx %04x %04x %d", byte, __nv_cvt_e8m0_to_bf16raw(v.__x).x, bits<std::uint32_t>(f),
              static_cast<unsigned long long>(bits<std::uint64_t>(static_cast<double>(v))),
              static_cast<unsigned>(bits<std::uint16_t>(static_cast<__nv_bfloat16>(v))),
              static_cast<__half_raw>(static_cast<__half>(v)).x, static_cast<int>(static_cast<bool>(v)));
  std::printf(" %d %u %d %d %u %d %u %ld %lu %lld %llu", static_cast<int>(static_cast<signed char>(v)),
              static_cast<unsigned>(static_cast<unsigned char>(v)), static_cast<int>(static_cast<char>(v)),
              static_cast<int>(static_cast<short>(v)), static_cast<unsigned>(static_cast<unsigned short>(v)),
              static_cast<int>(v), static_cast<unsigned>(v), static_cast<long>(v), static_cast<unsigned long>(v),
              static_cast<long long>(v), static_cast<unsigned long long>(v));
  __nv_fp8x2_e8m0 p2;
  p2.__x = static_cast<__nv_fp8x2_storage_t>(byte | ((byte ^ 0xA5u) << 8));
  const __nv_bfloat162_raw r2 = __nv_cvt_e8m0x2_to_bf162raw(p2.__x);
  const float2 f2 = static_cast<float2>(p2);
  const __half2_raw h2 = static_cast<__half2_raw>(static_cast<__half2>(p2));
  __nv_fp8x4_e8m0 p4;
  p4.__x = byte | ((byte ^ 0xFFu) << 8) | ((byte ^ 0x0Fu) << 16) | ((byte ^ 0xF0u) << 24);
  const float4 f4 = static_cast<float4>(p4);
  std::printf(" %04x%04x %08x%08x %08x %08x%08x%08x%08x\n", r2.x, r2.y, bits<std::uint32_t>(f2.x), bits<std::uint32_t>(f2.y),
              bits<std::uint32_t>(h2), bits<std::uint32_t>(f4.x), bits<std::uint32_t>(f4.y), bits<std::uint32_t>(f4.z),
              bits<std::uint32_t>(f4.w));
}

// Doubles past float's range and below its subnormals, and NaNs with signs and payloads: FP8 and E8M0.
void doubles() {
  const std::uint64_t specials[] = {0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000001ull,
                                    0x7FF4000000000000ull, 0xFFFC000000000000ull, 0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull,
                                    0x47F0000000000000ull, 0x47EFFFFFFFFFFFFFull, 0x47EFFFFFF0000000ull, 0x47EFFFFFE0000000ull,
                                    0x47EFFFFFE0000001ull, 0x47EFFFFFF0000001ull, 0x4800000000000001ull, 0x0000000000000001ull,
                                    0x8000000000000001ull, 0x0010000000000000ull, 0x3690000000000000ull, 0x36A0000000000001ull,
                                    0x3800000000000000ull, 0x37F0000000000001ull, 0x37FFFFFFFFFFFFFFull, 0x3810000000000000ull};
  for (std::uint64_t u : specials) {
    const double d = bits<double>(u);
    std::printf("d%016llx", static_cast<unsigned long long>(u));
    for (auto k : kinds)
      for (auto s : modes) std::printf(" %02x", __nv_cvt_double_to_fp8(d, s, k));
    for (auto r : e8m0_roundings)
      for (auto s : modes) std::printf(" %02x", __nv_cvt_double_to_e8m0(d, s, r));
    std::printf(" %02x %04x\n", __nv_fp8_e8m0(d).__x, __nv_cvt_double2_to_e8m0x2(make_double2(d, -d), __NV_NOSAT, cudaRoundZero));
  }
}

// E8M0's constructors from integers (each type CUDA declares one for).
template <typename Int>
void e8m0_of(Int v) {
  std::printf(" %02x", __nv_fp8_e8m0(v).__x);
}
void e8m0_integers() {
  const unsigned long long values[] = {0ull, 1ull, 2ull, 3ull, 5ull, 127ull, 128ull, 129ull, 255ull, 256ull, 257ull, 32767ull,
                                       32768ull, 32769ull, 65535ull, 0x7FFFFFFFull, 0x80000000ull, 0x80000001ull, 0xFFFFFFFFull,
                                       0x100000001ull, 0x20000000000001ull, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
                                       0x8000000000000001ull, 0xFFFFFFFFFFFFFFFFull, 0xFF80000000000000ull, 0xFF7FFFFFFFFFFFFFull,
                                       0x4080000000000000ull, 0x4080000000000001ull, 0x407FFFFFFFFFFFFFull};
  for (unsigned long long u : values)
    for (int negate = 0; negate < 2; ++negate) {
      const unsigned long long x = negate ? 0ull - u : u;
      std::printf("i%016llx", x);
      e8m0_of(static_cast<unsigned short>(x));
      e8m0_of(static_cast<unsigned int>(x));
      e8m0_of(static_cast<unsigned long>(x));
      e8m0_of(static_cast<unsigned long long>(x));
      e8m0_of(static_cast<short>(x));
      e8m0_of(static_cast<int>(x));
      e8m0_of(static_cast<long>(x));
      e8m0_of(static_cast<long long>(x));
      std::printf("\n");
    }
}

// The packed forms and the constructors from other types, on a few values.
void packed() {
  const float values[] = {0.0f, -0.0f, 1.0f, -1.5f, 0.3f, 448.0f, 500.0f, -60000.0f, 1e-3f, 3e-5f};
  for (float a : values)
    for (float b : values) {
      const float2 f2 = make_float2(a, b);
      const double2 d2 = make_double2(a, b);
      const __half2_raw h2 = static_cast<__half2_raw>(__halves2half2(__float2half(a), __float2half(b)));
      __nv_bfloat162_raw b2;
      b2.x = bits<std::uint16_t>(__float2bfloat16(a));
      b2.y = bits<std::uint16_t>(__float2bfloat16(b));
      std::printf("p%08x%08x", bits<std::uint32_t>(a), bits<std::uint32_t>(b));
      for (auto k : kinds)
        for (auto s : modes)
          std::printf(" %04x %04x %04x %04x", __nv_cvt_float2_to_fp8x2(f2, s, k), __nv_cvt_double2_to_fp8x2(d2, s, k),
                      __nv_cvt_halfraw2_to_fp8x2(h2, s, k), __nv_cvt_bfloat16raw2_to_fp8x2(b2, s, k));
      const __nv_fp8x2_e4m3 p4(f2);
      const __nv_fp8x2_e5m2 p5(d2);
      const float2 back4 = static_cast<float2>(p4), back5 = static_cast<float2>(p5);
      const __nv_fp8x4_e4m3 q4(make_float4(a, b, b, a));
      const __nv_fp8x4_e5m2 q5(make_double4(a, b, -a, -b));
      const float4 back_q5 = static_cast<float4>(q5);
#if defined(__HIP__) && !__has_include(<hip/hip_bf16.h>)  // ROCm 5.x: no bfloat16 pairs; the same bits from bfloat16s
      const __nv_fp8x2_storage_t from_pair = __nv_cvt_bfloat16raw2_to_fp8x2(b2, __NV_SATFINITE, __NV_E4M3);
      const __nv_fp8x4_storage_t from_pairs = from_pair | (static_cast<__nv_fp8x4_storage_t>(from_pair) << 16);
#else
      const __nv_bfloat162 bf2 = __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b));
      const __nv_fp8x2_storage_t from_pair = __nv_fp8x2_e4m3(bf2).__x;
      const __nv_fp8x4_storage_t from_pairs = __nv_fp8x4_e4m3(bf2, bf2).__x;
#endif
      std::printf(" %04x %08x", from_pair, from_pairs);
      std::printf(" %04x %04x %08x %08x %08x %08x %08x %08x %08x %02x %02x %02x %02x %02x %02x\n", p4.__x, p5.__x,
                  bits<std::uint32_t>(back4.x), bits<std::uint32_t>(back4.y), bits<std::uint32_t>(back5.y), q4.__x, q5.__x,
                  bits<std::uint32_t>(back_q5.z), bits<std::uint32_t>(back_q5.w), __nv_fp8_e4m3(__float2half(a)).__x,
                  __nv_fp8_e5m2(__float2bfloat16(a)).__x, __nv_fp8_e4m3(static_cast<double>(a) * 3).__x,
                  __nv_fp8_e4m3(static_cast<int>(a * 1000)).__x, __nv_fp8_e5m2(static_cast<unsigned>(a * a * 100)).__x,
                  __nv_fp8_e5m2(static_cast<long long>(a) * 123456789LL).__x);
    }
}

// E8M0's pairs and quads, and its constructors from each type, on a few values.
void e8m0_packed() {
  const float values[] = {0.0f, -0.0f, 1.0f, -1.5f, 0.3f, 3e38f, -1e-39f, 6e-39f, 1e-45f, 65504.0f};
  for (float a : values)
    for (float b : values) {
      const float2 f2 = make_float2(a, b);
      const double2 d2 = make_double2(a, b);
      __nv_bfloat162_raw b2;
      b2.x = bits<std::uint16_t>(__float2bfloat16(a));
      b2.y = bits<std::uint16_t>(__float2bfloat16(b));
      const __half2 h2 = __halves2half2(__float2half(a), __float2half(b));
      std::printf("q%08x%08x", bits<std::uint32_t>(a), bits<std::uint32_t>(b));
      for (auto r : e8m0_roundings)
        for (auto s : modes)
          std::printf(" %04x %04x %04x", __nv_cvt_float2_to_e8m0x2(f2, s, r), __nv_cvt_double2_to_e8m0x2(d2, s, r),
                      __nv_cvt_bfloat162raw_to_e8m0x2(b2, s, r));
#if defined(__HIP__) && !__has_include(<hip/hip_bf16.h>)  // ROCm 5.x: no bfloat16 pairs; the same bits from bfloat16s
      const __nv_fp8x2_storage_t from_pair = __nv_cvt_bfloat162raw_to_e8m0x2(b2, __NV_SATFINITE, cudaRoundPosInf);
      const __nv_fp8x4_storage_t from_pairs = from_pair | (static_cast<__nv_fp8x4_storage_t>(from_pair) << 16);
#else
      const __nv_bfloat162 bf2 = __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b));
      const __nv_fp8x2_storage_t from_pair = __nv_fp8x2_e8m0(bf2).__x;
      const __nv_fp8x4_storage_t from_pairs = __nv_fp8x4_e8m0(bf2, bf2).__x;
#endif
      std::printf(" %04x %08x %04x %04x %04x %08x %08x %08x %02x %02x %02x %02x\n", from_pair, from_pairs,
                  __nv_fp8x2_e8m0(h2).__x, __nv_fp8x2_e8m0(f2).__x, __nv_fp8x2_e8m0(d2).__x, __nv_fp8x4_e8m0(h2, h2).__x,
                  __nv_fp8x4_e8m0(make_float4(a, b, -b, a * 3)).__x, __nv_fp8x4_e8m0(make_double4(a, b, -a, b / 3)).__x,
                  __nv_fp8_e8m0(__float2half(a)).__x, __nv_fp8_e8m0(__float2bfloat16(a)).__x, __nv_fp8_e8m0(a).__x,
                  __nv_fp8_e8m0(static_cast<double>(a) * 1.0000001).__x);
    }
}

}  // namespace

int main() {
  for (unsigned p = 0; p < 0x10000; ++p) from_16bit(p);
  for (unsigned b = 0; b < 0x100; ++b) fp8_byte(b);
  packed();
  for (unsigned p = 0; p < 0x10000; ++p) e8m0_from_16bit(p);
  for (unsigned b = 0; b < 0x100; ++b) e8m0_byte(b);
  doubles();
  e8m0_integers();
  e8m0_packed();
  return 0;
}
