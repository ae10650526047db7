// dualgpu/on_hip/dualgpu_cuda_cg_partitions.h: cooperative-groups partitions of a warp that HIP
// lacks: labeled_partition and binary_partition (HIP 6.4 has binary_partition only behind
// HIP_ENABLE_WARP_SYNC_BUILTINS, labeled_partition not at all), and coalesced_threads() on
// ROCm < 6.2, where DualGPU provides cooperative groups itself. HIP builds only.
//
// The groups they return are sets of lanes of one wave (lane_group): thread_rank() counts the
// members below the caller, shfl(v, rank) reads the member of that rank, as CUDA's
// coalesced_group does. coalesced_threads() on ROCm < 6.2 follows dualgpu_cuda_warp.h's rule:
// the active lanes of the caller's warp of 32 (a half of a 64-wide wave), the group CUDA forms.
// On ROCm >= 6.2 coalesced_threads() is HIP's (active lanes of the whole wave), and a partition
// is spelled `auto`: its type is DualGPU's lane_group, not HIP's coalesced_group.
#pragma once

#if defined(__HIP__)
#include <cstdint>

#include "dualgpu_cuda_warp.h"

namespace dualgpu {
namespace cuda_cg {

class lane_group {
 public:
  __device__ explicit lane_group(std::uint64_t members) : members_(members) {}
  __device__ std::uint64_t members() const { return members_; }
  __device__ unsigned size() const { return static_cast<unsigned>(__popcll(members_)); }
  __device__ unsigned num_threads() const { return size(); }
  __device__ unsigned thread_rank() const { return static_cast<unsigned>(__popcll(members_ & below_me())); }
  __device__ void sync() const { ::dualgpu::cuda_warp::syncwarp(); }

  template <typename T>
  __device__ T shfl(T value, unsigned src_rank) const {
    return ::dualgpu::cuda_warp::read_lane(value, lane_of_rank(src_rank % size()));
  }
  // Out-of-range sources keep the caller's value, as on CUDA.
  template <typename T>
  __device__ T shfl_down(T value, unsigned delta) const {
    const unsigned src = thread_rank() + delta;
    return ::dualgpu::cuda_warp::read_lane(value, lane_of_rank(src < size() ? src : thread_rank()));
  }
  template <typename T>
  __device__ T shfl_up(T value, unsigned delta) const {
    const unsigned rank = thread_rank();
    return ::dualgpu::cuda_warp::read_lane(value, lane_of_rank(rank >= delta ? rank - delta : rank));
  }
  __device__ int any(int predicate) const { return (__ballot64(predicate) & members_) != 0; }
  __device__ int all(int predicate) const { return (__ballot64(!predicate) & members_) == 0; }

 private:
  __device__ static std::uint64_t below_me() { return (std::uint64_t{1} << __lane_id()) - 1; }
  // The lane of the member of rank r: clear the r lowest member bits, take the lowest left.
  __device__ int lane_of_rank(unsigned r) const {
    std::uint64_t m = members_;
    for (unsigned i = 0; i < r; ++i) m &= m - 1;
    return __ffsll(static_cast<unsigned long long>(m)) - 1;
  }

  std::uint64_t members_;
};

// The active lanes of the caller's warp of 32 (CUDA's warp) within its wave.
__device__ inline std::uint64_t active_lanes_of_warp32() {
  const std::uint64_t active = __ballot64(1);
  if (::dualgpu::cuda_warp::wave == 64) return active & (0xffffffffull << (__lane_id() & 32));
  return active;
}

// The lanes of a group, for partitioning it.
template <unsigned N, typename Parent>
__device__ inline std::uint64_t members_of(const ::cooperative_groups::thread_block_tile<N, Parent>&) {
  static_assert(N <= 64, "labeled_partition/binary_partition: the parent must fit in one wave (a tile of at most 32 threads on CUDA)");
  const std::uint64_t range = N >= 64 ? ~0ull : (((1ull << N) - 1) << (__lane_id() & ~(N - 1)));
  return __ballot64(1) & range;
}
__device__ inline std::uint64_t members_of(const lane_group& group) { return group.members(); }

// The members of `group` whose label equals the caller's: one pass per distinct label.
template <typename Label>
__device__ inline lane_group partition_by(std::uint64_t group, Label label) {
  std::uint64_t remaining = group, mine = 0;
  while (remaining) {
    const int leader = __ffsll(static_cast<unsigned long long>(remaining)) - 1;
    const Label leader_label = ::dualgpu::cuda_warp::read_lane(label, leader);
    const std::uint64_t same = __ballot64(label == leader_label) & remaining;
    if (label == leader_label) mine = same;
    remaining &= ~same;
  }
  return lane_group(mine);
}

}  // namespace cuda_cg
}  // namespace dualgpu

namespace cooperative_groups {

#if !(HIP_VERSION_MAJOR > 6 || (HIP_VERSION_MAJOR == 6 && HIP_VERSION_MINOR >= 2))
using coalesced_group = ::dualgpu::cuda_cg::lane_group;
__device__ inline coalesced_group coalesced_threads() {
  return coalesced_group(::dualgpu::cuda_cg::active_lanes_of_warp32());
}
#define DUALGPU_CUDA_CG_OWN_COALESCED_GROUP 1
#endif  // HIP < 6.2

template <typename Group, typename Label>
__device__ inline ::dualgpu::cuda_cg::lane_group labeled_partition(const Group& group, Label label) {
  return ::dualgpu::cuda_cg::partition_by(::dualgpu::cuda_cg::members_of(group), label);
}

#if !defined(HIP_ENABLE_WARP_SYNC_BUILTINS) || defined(DUALGPU_CUDA_CG_OWN_COALESCED_GROUP)
template <typename Group>
__device__ inline ::dualgpu::cuda_cg::lane_group binary_partition(const Group& group, bool predicate) {
  return ::dualgpu::cuda_cg::partition_by(::dualgpu::cuda_cg::members_of(group), static_cast<int>(predicate));
}
#endif  // HIP's binary_partition absent
}  // namespace cooperative_groups
#endif  // __HIP__
