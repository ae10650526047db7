// dualgpu/on_hip/curand.h: shim for HIP builds only. cuRAND's host API -> hipRAND (on rocRAND),
// same generators and calls under hiprand* names. Same seed, other numbers: rocRAND's generators
// follow their own stream layout, so only the distribution matches cuRAND's, not the values.
#pragma once
#include "dualgpu_cuda_to_hip.h"

#if __has_include(<hiprand/hiprand.h>) && !__has_include(<rocrand/rocrand.h>)
// Debian 12's libhiprand-dev does not pull in the rocRAND headers that hipRAND's own headers include.
#error "dualgpu: <curand.h> maps to hipRAND on ROCm, whose headers include rocRAND's, and rocRAND's headers were not found: install librocrand-dev (Debian 12 and later, Ubuntu) or rocrand-dev (AMD's ROCm repository). See docs/porting.md#libraries"
#elif __has_include(<hiprand/hiprand.h>)
#include <hiprand/hiprand.h>
#else
#error "dualgpu: <curand.h> maps to hipRAND on ROCm, and hipRAND was not found: install libhiprand-dev and librocrand-dev (Debian 12 and later, Ubuntu) or hiprand-dev (AMD's ROCm repository). See docs/porting.md#libraries"
#endif  // hipRAND

// NVIDIA's include guard: cuda-samples' helper_cuda.h names cuRAND's statuses behind it.
#define CURAND_H_

using curandGenerator_t = hiprandGenerator_t;
using curandStatus_t = hiprandStatus_t;
using curandStatus = hiprandStatus_t;
using curandRngType_t = hiprandRngType_t;

static constexpr auto& curandCreateGenerator = hiprandCreateGenerator;
static constexpr auto& curandCreateGeneratorHost = hiprandCreateGeneratorHost;
static constexpr auto& curandDestroyGenerator = hiprandDestroyGenerator;
static constexpr auto& curandSetStream = hiprandSetStream;
static constexpr auto& curandSetPseudoRandomGeneratorSeed = hiprandSetPseudoRandomGeneratorSeed;
static constexpr auto& curandSetGeneratorOffset = hiprandSetGeneratorOffset;
static constexpr auto& curandSetQuasiRandomGeneratorDimensions = hiprandSetQuasiRandomGeneratorDimensions;
static constexpr auto& curandGenerate = hiprandGenerate;
static constexpr auto& curandGenerateUniform = hiprandGenerateUniform;
static constexpr auto& curandGenerateUniformDouble = hiprandGenerateUniformDouble;
static constexpr auto& curandGenerateNormal = hiprandGenerateNormal;
static constexpr auto& curandGenerateNormalDouble = hiprandGenerateNormalDouble;
static constexpr auto& curandGenerateLogNormal = hiprandGenerateLogNormal;
static constexpr auto& curandGenerateLogNormalDouble = hiprandGenerateLogNormalDouble;
static constexpr auto& curandGeneratePoisson = hiprandGeneratePoisson;
static constexpr auto& curandGetVersion = hiprandGetVersion;

static constexpr hiprandRngType_t CURAND_RNG_PSEUDO_DEFAULT = HIPRAND_RNG_PSEUDO_DEFAULT;
static constexpr hiprandRngType_t CURAND_RNG_PSEUDO_XORWOW = HIPRAND_RNG_PSEUDO_XORWOW;
static constexpr hiprandRngType_t CURAND_RNG_PSEUDO_MRG32K3A = HIPRAND_RNG_PSEUDO_MRG32K3A;
static constexpr hiprandRngType_t CURAND_RNG_PSEUDO_MTGP32 = HIPRAND_RNG_PSEUDO_MTGP32;
static constexpr hiprandRngType_t CURAND_RNG_PSEUDO_MT19937 = HIPRAND_RNG_PSEUDO_MT19937;
static constexpr hiprandRngType_t CURAND_RNG_PSEUDO_PHILOX4_32_10 = HIPRAND_RNG_PSEUDO_PHILOX4_32_10;
static constexpr hiprandRngType_t CURAND_RNG_QUASI_DEFAULT = HIPRAND_RNG_QUASI_DEFAULT;
static constexpr hiprandRngType_t CURAND_RNG_QUASI_SOBOL32 = HIPRAND_RNG_QUASI_SOBOL32;
static constexpr hiprandStatus_t CURAND_STATUS_SUCCESS = HIPRAND_STATUS_SUCCESS;
static constexpr hiprandStatus_t CURAND_STATUS_VERSION_MISMATCH = HIPRAND_STATUS_VERSION_MISMATCH;
static constexpr hiprandStatus_t CURAND_STATUS_NOT_INITIALIZED = HIPRAND_STATUS_NOT_INITIALIZED;
static constexpr hiprandStatus_t CURAND_STATUS_ALLOCATION_FAILED = HIPRAND_STATUS_ALLOCATION_FAILED;
static constexpr hiprandStatus_t CURAND_STATUS_TYPE_ERROR = HIPRAND_STATUS_TYPE_ERROR;
static constexpr hiprandStatus_t CURAND_STATUS_OUT_OF_RANGE = HIPRAND_STATUS_OUT_OF_RANGE;
static constexpr hiprandStatus_t CURAND_STATUS_LENGTH_NOT_MULTIPLE = HIPRAND_STATUS_LENGTH_NOT_MULTIPLE;
static constexpr hiprandStatus_t CURAND_STATUS_LAUNCH_FAILURE = HIPRAND_STATUS_LAUNCH_FAILURE;
static constexpr hiprandStatus_t CURAND_STATUS_INTERNAL_ERROR = HIPRAND_STATUS_INTERNAL_ERROR;
static constexpr hiprandStatus_t CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED;
static constexpr hiprandStatus_t CURAND_STATUS_PREEXISTING_FAILURE = HIPRAND_STATUS_PREEXISTING_FAILURE;
static constexpr hiprandStatus_t CURAND_STATUS_INITIALIZATION_FAILED = HIPRAND_STATUS_INITIALIZATION_FAILED;
static constexpr hiprandStatus_t CURAND_STATUS_ARCH_MISMATCH = HIPRAND_STATUS_ARCH_MISMATCH;
