// dualgpu/on_hip/dualgpu_cuda_simd.h: CUDA's SIMD intrinsics (__vadd4, __vabsdiffu4, __vcmpgts2,
// __vsadu4, ... all 82 of them), its DPX functions (__vimax3_s32, __viaddmax_s16x2_relu, __vibmin_u32,
// ... 36) and packed dot products (__dp4a, __dp2a_lo, __dp2a_hi) in kernels.
// HIP declares none of them (ROCm 5.2 and 6.4). HIP builds only; the arithmetic of each lane is in
// dualgpu_cuda_simd_lanes.h, where the CPU test checks it.
//
// Each is a function template with one defaulted parameter, called exactly as CUDA's plain
// function is (arguments convert the same way): should a later HIP declare the same names, its
// plain functions win overload resolution and these stand aside instead of clashing.
#pragma once

#if defined(__HIP__)
#include <hip/hip_runtime.h>

#include <type_traits>

#include "dualgpu_cuda_simd_lanes.h"

#define DUALGPU_CUDA_SIMD_UNARY(name, bits, op)                                           \
  template <int = 0>                                                                      \
  __device__ __forceinline__ unsigned int name(unsigned int a) {                          \
    return ::dualgpu::cuda_simd::per_lane<bits>(::dualgpu::cuda_simd::lane_op::op, a, 0u); \
  }
#define DUALGPU_CUDA_SIMD_BINARY(name, bits, op)                                         \
  template <int = 0>                                                                     \
  __device__ __forceinline__ unsigned int name(unsigned int a, unsigned int b) {         \
    return ::dualgpu::cuda_simd::per_lane<bits>(::dualgpu::cuda_simd::lane_op::op, a, b); \
  }
#define DUALGPU_CUDA_SIMD_COMPARE(cmp_name, set_name, bits, cmp)                                  \
  template <int = 0>                                                                              \
  __device__ __forceinline__ unsigned int cmp_name(unsigned int a, unsigned int b) {              \
    return ::dualgpu::cuda_simd::compare<bits>(::dualgpu::cuda_simd::lane_cmp::cmp, a, b, true);  \
  }                                                                                               \
  template <int = 0>                                                                              \
  __device__ __forceinline__ unsigned int set_name(unsigned int a, unsigned int b) {              \
    return ::dualgpu::cuda_simd::compare<bits>(::dualgpu::cuda_simd::lane_cmp::cmp, a, b, false); \
  }
#define DUALGPU_CUDA_SIMD_SAD(name, bits, is_signed)                             \
  template <int = 0>                                                             \
  __device__ __forceinline__ unsigned int name(unsigned int a, unsigned int b) { \
    return ::dualgpu::cuda_simd::sum_abs_diff<bits>(is_signed, a, b);            \
  }

DUALGPU_CUDA_SIMD_TABLE(DUALGPU_CUDA_SIMD_UNARY, DUALGPU_CUDA_SIMD_BINARY, DUALGPU_CUDA_SIMD_COMPARE,
                        DUALGPU_CUDA_SIMD_SAD)

#undef DUALGPU_CUDA_SIMD_UNARY
#undef DUALGPU_CUDA_SIMD_BINARY
#undef DUALGPU_CUDA_SIMD_COMPARE
#undef DUALGPU_CUDA_SIMD_SAD

// CUDA 12's DPX functions, host and device as in CUDA.
#define DUALGPU_CUDA_DPX_THREE(name, type, bits, op, is_signed, relu)                                         \
  template <int = 0>                                                                                         \
  __host__ __device__ __forceinline__ type name(type a, type b, type c) {                                    \
    using namespace ::dualgpu::cuda_simd;                                                                    \
    return static_cast<type>(dpx<bits>(dpx_op::op, is_signed, relu, static_cast<unsigned>(a),                \
                                       static_cast<unsigned>(b), static_cast<unsigned>(c)));                 \
  }
#define DUALGPU_CUDA_DPX_TWO(name, type, bits, op)                                                            \
  template <int = 0>                                                                                         \
  __host__ __device__ __forceinline__ type name(type a, type b) {                                            \
    using namespace ::dualgpu::cuda_simd;                                                                    \
    return static_cast<type>(dpx<bits>(dpx_op::op, true, true, static_cast<unsigned>(a), static_cast<unsigned>(b), \
                                       static_cast<unsigned>(b)));                                           \
  }
// CUDA's 32-bit forms report one lane (a_won); its 16x2 forms two (a_won_high, a_won_low).
#define DUALGPU_CUDA_DPX_SELECT(name, type, bits, is_max, is_signed)                                          \
  template <int B = bits, std::enable_if_t<B == 32, int> = 0>                                                \
  __host__ __device__ __forceinline__ type name(type a, type b, bool* a_won) {                               \
    return static_cast<type>(::dualgpu::cuda_simd::dpx_select<bits>(is_max, is_signed, static_cast<unsigned>(a), \
                                                                    static_cast<unsigned>(b), a_won, a_won)); \
  }                                                                                                          \
  template <int B = bits, std::enable_if_t<B == 16, int> = 0>                                                \
  __host__ __device__ __forceinline__ type name(type a, type b, bool* a_won_high, bool* a_won_low) {         \
    return static_cast<type>(::dualgpu::cuda_simd::dpx_select<bits>(is_max, is_signed, static_cast<unsigned>(a), \
                                                                    static_cast<unsigned>(b), a_won_high, a_won_low)); \
  }
DUALGPU_CUDA_DPX_TABLE(DUALGPU_CUDA_DPX_THREE, DUALGPU_CUDA_DPX_TWO, DUALGPU_CUDA_DPX_SELECT)
#undef DUALGPU_CUDA_DPX_THREE
#undef DUALGPU_CUDA_DPX_TWO
#undef DUALGPU_CUDA_DPX_SELECT

// The packed dot products, in CUDA's four spellings each: on 32-bit words or on vector types.
namespace dualgpu {
namespace cuda_simd {
template <typename V>
__device__ __forceinline__ unsigned packed_bytes(V v) {
  return static_cast<unsigned>(static_cast<unsigned char>(v.x)) |
         static_cast<unsigned>(static_cast<unsigned char>(v.y)) << 8 |
         static_cast<unsigned>(static_cast<unsigned char>(v.z)) << 16 |
         static_cast<unsigned>(static_cast<unsigned char>(v.w)) << 24;
}
template <typename V>
__device__ __forceinline__ unsigned packed_halves(V v) {
  return static_cast<unsigned>(static_cast<unsigned short>(v.x)) |
         static_cast<unsigned>(static_cast<unsigned short>(v.y)) << 16;
}
}  // namespace cuda_simd
}  // namespace dualgpu

template <int = 0>
__device__ __forceinline__ int __dp4a(int a, int b, int c) {
  return static_cast<int>(::dualgpu::cuda_simd::dot4(true, a, b, c));
}
template <int = 0>
__device__ __forceinline__ unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  return ::dualgpu::cuda_simd::dot4(false, a, b, c);
}
template <int = 0>
__device__ __forceinline__ int __dp4a(char4 a, char4 b, int c) {
  using ::dualgpu::cuda_simd::packed_bytes;
  return static_cast<int>(::dualgpu::cuda_simd::dot4(true, packed_bytes(a), packed_bytes(b), c));
}
template <int = 0>
__device__ __forceinline__ unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  using ::dualgpu::cuda_simd::packed_bytes;
  return ::dualgpu::cuda_simd::dot4(false, packed_bytes(a), packed_bytes(b), c);
}

#define DUALGPU_CUDA_DP2A(name, high)                                                                         \
  template <int = 0>                                                                                          \
  __device__ __forceinline__ int name(int a, int b, int c) {                                                  \
    return static_cast<int>(::dualgpu::cuda_simd::dot2(true, high, a, b, c));                                \
  }                                                                                                           \
  template <int = 0>                                                                                          \
  __device__ __forceinline__ unsigned int name(unsigned int a, unsigned int b, unsigned int c) {              \
    return ::dualgpu::cuda_simd::dot2(false, high, a, b, c);                                                  \
  }                                                                                                           \
  template <int = 0>                                                                                          \
  __device__ __forceinline__ int name(short2 a, char4 b, int c) {                                             \
    using namespace ::dualgpu::cuda_simd;                                                                     \
    return static_cast<int>(dot2(true, high, packed_halves(a), packed_bytes(b), c));                          \
  }                                                                                                           \
  template <int = 0>                                                                                          \
  __device__ __forceinline__ unsigned int name(ushort2 a, uchar4 b, unsigned int c) {                         \
    using namespace ::dualgpu::cuda_simd;                                                                     \
    return dot2(false, high, packed_halves(a), packed_bytes(b), c);                                           \
  }
DUALGPU_CUDA_DP2A(__dp2a_lo, false)
DUALGPU_CUDA_DP2A(__dp2a_hi, true)
#undef DUALGPU_CUDA_DP2A

#endif  // __HIP__
