// dualgpu/on_hip/dualgpu_cuda_16bit_atomics.h: what CUDA's atomicAdd on __half, __half2, __nv_bfloat16
// and __nv_bfloat162 is built from on HIP, which declares none of them (ROCm 5.2 and 6.4). HIP builds
// only; cuda_fp16.h and cuda_bf16.h define the atomicAdd of their types with it.
//
// Each is a compare-and-swap loop on the aligned 32-bit word that holds the value, so it is atomic
// on every AMD GPU and every kind of memory (HIP's unsafeAtomicAdd is not, on fine-grained memory).
// They are templates limited to their one type (only_for): should a later HIP declare the same
// functions, its plain ones win overload resolution and these stand aside instead of clashing.
#pragma once

#if defined(__HIP__)
#include <hip/hip_runtime.h>

#include <cstdint>
#include <type_traits>

namespace dualgpu {
namespace cuda_atomics {

// Replaces the 2- or 4-byte T at <address> by next(old) atomically; returns the old value.
template <typename T, typename Next>
__device__ inline T update_by_cas(T* address, Next next) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "a 16-bit value or a pair of them");
  const auto where = reinterpret_cast<std::uintptr_t>(address);
  auto* word = reinterpret_cast<unsigned int*>(where & ~std::uintptr_t{3});
  const unsigned shift = sizeof(T) == 2 ? static_cast<unsigned>(where & 2) * 8u : 0u;
  const unsigned mask = sizeof(T) == 2 ? 0xffffu << shift : 0xffffffffu;
  unsigned int seen = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned int assumed;
  T old;
  do {
    assumed = seen;
    const unsigned old_bits = (assumed & mask) >> shift;
    __builtin_memcpy(&old, &old_bits, sizeof(T));  // little-endian: the low bytes
    const T updated = next(old);
    unsigned new_bits = 0;
    __builtin_memcpy(&new_bits, &updated, sizeof(T));
    seen = atomicCAS(word, assumed, (assumed & ~mask) | (new_bits << shift));
  } while (seen != assumed);
  return old;
}

template <typename T, typename U> using only_for = std::enable_if_t<std::is_same<T, U>::value, int>;
// The value's type taken from the pointer's (not deduced), so that a value of another type converts
// to it as in CUDA's plain declaration: atomicAdd(half_pointer, 1.0f).
template <typename T> using value_of = typename std::enable_if<true, T>::type;

}  // namespace cuda_atomics
}  // namespace dualgpu

#endif  // __HIP__
