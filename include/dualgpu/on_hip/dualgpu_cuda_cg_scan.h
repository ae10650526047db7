// dualgpu/on_hip/dualgpu_cuda_cg_scan.h: CUDA's cg::inclusive_scan and cg::exclusive_scan
// (<cooperative_groups/scan.h>), which no ROCm ships. No HIP header here: the scans only call the
// group's thread_rank, size and shfl_up, so the CPU test (tests/porting/cg_scan_test.cpp) runs these
// same templates on simulated lanes.
//
// A Hillis-Steele scan in log2(size) rounds of the group's own shfl_up, which counts in ranks: any
// thread_block_tile (the wide ones of block_tile_memory too) and a coalesced group with gaps scan
// their members in rank order, as on CUDA. Each round combines as op(own, from_lower_rank), CUDA's
// order. exclusive_scan gives rank 0 a value-initialized T (0 for a number), as CUDA does for every
// op. The values are what the group's shuffles carry: numbers on HIP's tiles, at most 8 bytes on the
// wide ones.
//
// inclusive_scan_update and exclusive_scan_update also fold the group's total into an atomic
// (cuda::atomic or cuda::atomic_ref, <cuda/atomic>) and offset every result by what it held: the last
// rank does the atomic step (dualgpu_cuda_cg_atomic_fold.h), as CUDA does. How the offset combines follows CUDA's two code
// paths: in groups of up to 32 members op(held, scan), and exclusive rank 0 gets op(held, T{}); in wider
// tiles op(scan, held), and exclusive rank 0 gets what the atomic held. They use the group's shfl too,
// and the operator names cg::plus, ... that reduce.h defines (cooperative_groups/scan.h includes it first).
#pragma once

#include <type_traits>
#include <utility>

#include "dualgpu_cuda_cg_atomic_fold.h"

#if defined(__HIP__)
#define DUALGPU_CUDA_GROUP_FN __device__ inline
#else
#define DUALGPU_CUDA_GROUP_FN inline
#endif

namespace cooperative_groups {
namespace dualgpu_scan {

template <typename Group, typename = void>
struct shuffles_by_rank : std::false_type {};
template <typename Group>
struct shuffles_by_rank<Group, std::void_t<decltype(std::declval<const Group&>().shfl_up(0, 1u))>>
    : std::true_type {};

template <typename Group, typename Op, typename T>
DUALGPU_CUDA_GROUP_FN T inclusive(const Group& group, T value, Op& op) {
  static_assert(shuffles_by_rank<Group>::value,
                "dualgpu: cg::inclusive_scan and cg::exclusive_scan take a thread_block_tile or a coalesced_group, "
                "as on CUDA (a thread_group from tiled_partition(block, n) has no shuffles)");
  if constexpr (shuffles_by_rank<Group>::value) {  // else only the message above, no errors after it
    const unsigned rank = group.thread_rank();
    const unsigned size = group.size();
    for (unsigned delta = 1; delta < size; delta *= 2) {
      const T lower = group.shfl_up(value, delta);  // every member shuffles, also those that keep theirs
      if (rank >= delta) value = op(value, lower);
    }
  }
  return value;
}

template <typename Group, typename Op, typename T>
DUALGPU_CUDA_GROUP_FN T exclusive(const Group& group, T value, Op& op) {
  const T scanned = inclusive(group, value, op);
  if constexpr (shuffles_by_rank<Group>::value) {
    const T before = group.shfl_up(scanned, 1u);
    return group.thread_rank() == 0 ? T{} : before;
  }
  return scanned;
}

struct add {
  template <typename T>
  DUALGPU_CUDA_GROUP_FN T operator()(const T& a, const T& b) const { return a + b; }
};

}  // namespace dualgpu_scan

namespace dualgpu_scan {

template <bool Exclusive, typename Group, typename Atomic, typename Op, typename T>
DUALGPU_CUDA_GROUP_FN T scan_update(const Group& group, Atomic& dst, T value, Op& op) {
  const T scanned = inclusive(group, value, op);
  T held{};
  if constexpr (shuffles_by_rank<Group>::value) {
    const unsigned last = group.size() - 1;
    if (group.thread_rank() == last) held = dualgpu_fold::atomic_fold<std::decay_t<Op>>::apply(dst, scanned, op);
    held = group.shfl(held, last);
    const bool wide = group.size() > 32;
    if constexpr (!Exclusive) return wide ? op(scanned, held) : op(held, scanned);
    const T before = group.shfl_up(scanned, 1u);
    if (wide) return group.thread_rank() == 0 ? held : op(before, held);
    return op(held, group.thread_rank() == 0 ? T{} : before);
  }
  return held;
}

template <typename Atomic, typename T>
constexpr void check_update_types() {
  static_assert(std::is_same<typename std::decay_t<Atomic>::value_type, std::decay_t<T>>::value,
                "dualgpu: the atomic of cg::*_scan_update must hold the value's type, as on CUDA");
}

}  // namespace dualgpu_scan

template <typename Group, typename T, typename Op>
DUALGPU_CUDA_GROUP_FN auto inclusive_scan(const Group& group, T&& value, Op&& op) -> decltype(op(value, value)) {
  static_assert(std::is_same<std::decay_t<T>, std::decay_t<decltype(op(value, value))>>::value,
                "dualgpu: cg::inclusive_scan's op must return the type of the value, as on CUDA");
  return dualgpu_scan::inclusive<Group, Op, std::decay_t<T>>(group, value, op);
}

template <typename Group, typename T>
DUALGPU_CUDA_GROUP_FN std::decay_t<T> inclusive_scan(const Group& group, T&& value) {
  dualgpu_scan::add op;
  return dualgpu_scan::inclusive<Group, dualgpu_scan::add, std::decay_t<T>>(group, value, op);
}

template <typename Group, typename T, typename Op>
DUALGPU_CUDA_GROUP_FN auto exclusive_scan(const Group& group, T&& value, Op&& op) -> decltype(op(value, value)) {
  static_assert(std::is_same<std::decay_t<T>, std::decay_t<decltype(op(value, value))>>::value,
                "dualgpu: cg::exclusive_scan's op must return the type of the value, as on CUDA");
  return dualgpu_scan::exclusive<Group, Op, std::decay_t<T>>(group, value, op);
}

template <typename Group, typename T>
DUALGPU_CUDA_GROUP_FN std::decay_t<T> exclusive_scan(const Group& group, T&& value) {
  dualgpu_scan::add op;
  return dualgpu_scan::exclusive<Group, dualgpu_scan::add, std::decay_t<T>>(group, value, op);
}

template <typename Group, typename Atomic, typename T, typename Op>
DUALGPU_CUDA_GROUP_FN auto inclusive_scan_update(const Group& group, Atomic&& dst, T&& value, Op&& op)
    -> decltype(op(value, value)) {
  dualgpu_scan::check_update_types<Atomic, T>();
  return dualgpu_scan::scan_update<false, Group, std::remove_reference_t<Atomic>, Op, std::decay_t<T>>(group, dst, value, op);
}

template <typename Group, typename Atomic, typename T, typename Op>
DUALGPU_CUDA_GROUP_FN auto exclusive_scan_update(const Group& group, Atomic&& dst, T&& value, Op&& op)
    -> decltype(op(value, value)) {
  dualgpu_scan::check_update_types<Atomic, T>();
  return dualgpu_scan::scan_update<true, Group, std::remove_reference_t<Atomic>, Op, std::decay_t<T>>(group, dst, value, op);
}

// Without an op they add, as CUDA's do with cg::plus.
template <typename Group, typename Atomic, typename T>
DUALGPU_CUDA_GROUP_FN std::decay_t<T> inclusive_scan_update(const Group& group, Atomic&& dst, T&& value) {
  return inclusive_scan_update(group, dst, value, plus<std::decay_t<T>>());
}

template <typename Group, typename Atomic, typename T>
DUALGPU_CUDA_GROUP_FN std::decay_t<T> exclusive_scan_update(const Group& group, Atomic&& dst, T&& value) {
  return exclusive_scan_update(group, dst, value, plus<std::decay_t<T>>());
}

}  // namespace cooperative_groups

#undef DUALGPU_CUDA_GROUP_FN
