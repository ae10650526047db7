// dualgpu/on_hip/dualgpu_cuda_cg_atomic_fold.h: the atomic step of CUDA's cooperative-groups collectives
// that update a libcu++ atomic (cg::*_scan_update, cg::reduce_update_async): one member folds a value into
// the atomic with the atomic's own fetch_add, fetch_min, fetch_max, fetch_and, fetch_or or fetch_xor for
// cg::plus, less, greater, bit_and, bit_or and bit_xor, and with a compare-and-swap loop for any other op,
// as CUDA does. It only calls the atomic's members, so the CPU test (tests/porting/cg_scan_test.cpp) runs
// it on its own atomic; the operator names are declared here and defined by reduce.h.
#pragma once

#include <atomic>  // std::memory_order, which cuda::memory_order names
#include <type_traits>

#if defined(__HIP__)
#define DUALGPU_CG_FOLD_FN __device__ inline
#else
#define DUALGPU_CG_FOLD_FN inline
#endif

namespace cooperative_groups {

template <typename T>
struct plus;
template <typename T>
struct less;
template <typename T>
struct greater;
template <typename T>
struct bit_and;
template <typename T>
struct bit_or;
template <typename T>
struct bit_xor;

namespace dualgpu_fold {

// `total` folded into `dst`, returning what it held. Any op: a compare-and-swap loop.
template <typename Op>
struct atomic_fold {
  template <typename Atomic, typename T>
  static DUALGPU_CG_FOLD_FN T apply(Atomic& dst, const T& total, const Op& op) {
    T held = dst.load(std::memory_order_relaxed);
    while (!dst.compare_exchange_weak(held, op(held, total), std::memory_order_relaxed)) {
    }
    return held;
  }
};
#define DUALGPU_CG_ATOMIC_FOLD(cg_op, member)                                  \
  template <typename V>                                                       \
  struct atomic_fold<cg_op<V>> {                                              \
    template <typename Atomic, typename T>                                    \
    static DUALGPU_CG_FOLD_FN T apply(Atomic& dst, const T& total, const cg_op<V>&) { \
      return dst.member(total, std::memory_order_relaxed);                    \
    }                                                                         \
  };
DUALGPU_CG_ATOMIC_FOLD(plus, fetch_add)
DUALGPU_CG_ATOMIC_FOLD(less, fetch_min)
DUALGPU_CG_ATOMIC_FOLD(greater, fetch_max)
DUALGPU_CG_ATOMIC_FOLD(bit_and, fetch_and)
DUALGPU_CG_ATOMIC_FOLD(bit_or, fetch_or)
DUALGPU_CG_ATOMIC_FOLD(bit_xor, fetch_xor)
#undef DUALGPU_CG_ATOMIC_FOLD

}  // namespace dualgpu_fold
}  // namespace cooperative_groups

#undef DUALGPU_CG_FOLD_FN
