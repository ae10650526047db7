// dualgpu/on_hip/math_constants.h: CUDA's CUDART_* constants for HIP builds (HIP has no twin
// header before ROCm 6.1). Values as CUDA defines them.
#pragma once

#if __has_include(<hip/hip_math_constants.h>)
#include <hip/hip_math_constants.h>
#endif  // HIP's own header

#if !defined(CUDART_INF_F)
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_MIN_DENORM_F 1.40129846e-45f
#define CUDART_MAX_NORMAL_F 3.40282347e+38f
#define CUDART_NEG_ZERO_F (-0.0f)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_SQRT_TWO_F 1.414213562f
#define CUDART_PI_F 3.141592654f
#define CUDART_L2E_F 1.442695041f
#define CUDART_L2T_F 3.321928094f
#define CUDART_LG2_F 0.301029996f
#define CUDART_LGE_F 0.434294482f
#define CUDART_LN2_F 0.693147181f
#define CUDART_LNT_F 2.302585093f
#define CUDART_INF __builtin_huge_val()
#define CUDART_NAN __builtin_nan("")
#define CUDART_NEG_ZERO (-0.0)
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_SQRT_2 1.4142135623730951e+0
#define CUDART_LN2 6.9314718055994529e-1
#define CUDART_L2E 1.4426950408889634e+0
#endif  // CUDART_INF_F
