// dualgpu/launch.hpp: letting a kernel start while the kernel before it on the stream finishes
// (CUDA's programmatic dependent launch, Hopper and newer), and what such a kernel must do.
//
// Back-to-back kernels on one stream normally leave the GPU idle between them: the next grid is
// launched only once the last block of the previous one has exited. For short memory-bound kernels
// that gap is a visible share of their time, so launch them this way (docs/benchmarks.md, "Candidate
// kernels beside the extension's own": the streaming rms_norm with and without a dependent launch).
//
//   dualgpu::launch_dependent<kernel>(grid, block, shared_bytes, stream, args...)
//       launches kernel<<<grid, block, shared_bytes, stream>>>(args...) and returns the launch
//       error (error_success when it was accepted). Where the device is sm_90 or newer and the
//       kernel's code loaded for it was compiled for sm_90 or newer, the kernel may start before
//       the previous kernel on the stream has finished. Elsewhere (HIP, older GPUs, code JIT-compiled
//       from older PTX, DUALGPU_PDL=0 in the environment) it is an ordinary launch.
//       In a stream being captured into a CUDA graph it is dependent only where the node it follows
//       is a kernel launched through launch_dependent too (in this process): after any other
//       kernel, a copy or a join, a dependent launch gains nothing and measured slower than an
//       ordinary one (docs/benchmarks.md,
//       "example-extension: dependent launches after a kernel that is not one").
//       Outside a capture the kernel before is not known, and the launch is dependent.
//   In a kernel launched this way, every thread must call
//   dualgpu::wait_for_previous_grid()
//       before its first access to global memory that an earlier kernel may read or write, and
//       before any early return (a grid that exits without waiting could complete before its
//       predecessor, and the kernel after it would then wait for nothing). It returns once the
//       previous grid has completed and its writes are visible; in an ordinary launch at once.
//   dualgpu::allow_next_grid()
//       optional: lets the next dependent kernel start its blocks now (they still wait, in
//       wait_for_previous_grid(), for this grid to complete). Without it they start when this grid
//       exits. Call it after wait_for_previous_grid(): called before, the kernels after this one can
//       pile up, each holding SM slots while it waits. Called before this kernel's own loads rather
//       than after them, it lets the next kernel in sooner (example-extension's silu_and_mul; its
//       cases: docs/benchmarks.md, "example-extension against every peer, on every shape").
//   dualgpu::launch_dependent_clusters<kernel>(grid, block, cluster_blocks, shared_bytes, stream, args...)
//       the same, the grid's blocks in thread block clusters of cluster_blocks along x (grid.x a
//       multiple of it). Clusters are CUDA's, sm_90 and newer: choose this launch only where
//       dualgpu::max_active_clusters<kernel>(block, cluster_blocks) is above 0 (how many such
//       clusters fit on the current device at once; 0 on HIP, older devices, or older code). On HIP,
//       cluster_blocks above 1 is an invalid-value error.
//   dualgpu::launches_dependent<kernel>()
//       whether launch_dependent<kernel> launches it dependent on the current device.
//
// Device code (.cu files) only. Includes no <string>: kernel files that include it stay fast to compile.
#pragma once

#include "dualgpu/runtime.hpp"

#if DUALGPU_GPU_COMPILER

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <utility>

namespace dualgpu {

DUALGPU_DEVICE DUALGPU_INLINE void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif  // sm_90+
}

DUALGPU_DEVICE DUALGPU_INLINE void allow_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif  // sm_90+
}

namespace detail {

#if defined(DUALGPU_PLATFORM_CUDA)
// DUALGPU_PDL=0 turns dependent launches off (to rule them out when hunting a race).
inline bool dependent_launch_allowed() {
  static const bool allowed = [] {
    const char* v = std::getenv("DUALGPU_PDL");
    return !(v != nullptr && v[0] == '0' && v[1] == '\0');
  }();
  return allowed;
}

// The kernels launch_dependent may launch dependent in this process (their host entry points), so
// that a launch being captured can tell whether the node before it is one of them. Append-only and
// lock-free; once full, the kernels not in it are launched ordinarily after one another in graphs,
// which is only slower.
constexpr int dependent_kernel_slots = 1024;
inline std::atomic<const void*> dependent_kernels[dependent_kernel_slots];
inline std::atomic<int> dependent_kernel_count{0};

inline bool is_dependent_kernel(const void* kernel) {
  const int count = dependent_kernel_count.load(std::memory_order_acquire);
  for (int i = 0; i < count && i < dependent_kernel_slots; ++i)
    if (dependent_kernels[i].load(std::memory_order_acquire) == kernel) return true;
  return false;
}

inline void remember_dependent_kernel(const void* kernel) {
  if (is_dependent_kernel(kernel)) return;  // a race may add it twice: harmless
  const int slot = dependent_kernel_count.fetch_add(1, std::memory_order_acq_rel);
  if (slot < dependent_kernel_slots) dependent_kernels[slot].store(kernel, std::memory_order_release);
}
#endif  // DUALGPU_PLATFORM_CUDA

// Per kernel and device: whether its loaded code may be launched dependent. 0 not asked yet, 1 yes,
// -1 no. The only per-kernel host state: everything else below is compiled once per file, which is
// what keeps launch_dependent cheap to compile.
constexpr int dependent_launch_max_devices = 64;
template <auto Kernel>
inline std::atomic<signed char> dependent_launch_known[dependent_launch_max_devices];

// Whether `kernel`, as loaded for the current device, contains the wait: its code was compiled for
// sm_90+ (ptxVersion) and the device is sm_90+. Asked once per kernel and device.
inline bool dependent_launch_supported(const void* kernel, std::atomic<signed char>* known) {
#if defined(DUALGPU_PLATFORM_CUDA)
  int device = -1;
  if (!dependent_launch_allowed() || cudaGetDevice(&device) != cudaSuccess || device < 0 ||
      device >= dependent_launch_max_devices)
    return false;
  signed char state = known[device].load(std::memory_order_relaxed);
  if (state == 0) {
    cudaFuncAttributes attributes{};
    int major = 0;
    const bool yes = cudaFuncGetAttributes(&attributes, kernel) == cudaSuccess && attributes.ptxVersion >= 90 &&
                     cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) == cudaSuccess &&
                     major >= 9;
    state = yes ? 1 : -1;
    if (yes) remember_dependent_kernel(kernel);
    known[device].store(state, std::memory_order_relaxed);  // a race only computes the same answer twice
  }
  return state > 0;
#else
  (void)kernel, (void)known;
  return false;
#endif  // DUALGPU_PLATFORM_CUDA
}

#if defined(DUALGPU_PLATFORM_CUDA)
// Whether a dependent launch on `stream` would follow a kernel that takes part: outside a capture,
// yes (not known: as the header says); in one, when the single node the launch will depend on is one
// of those kernels. Any query that fails answers no, its error cleared (the caller's
// launch check must not see it).
inline bool follows_dependent_kernel(stream_t stream) {
  const auto ok = [](cudaError_t e) { return e == cudaSuccess || (static_cast<void>(cudaGetLastError()), false); };
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  const cudaGraphNode_t* nodes = nullptr;
  std::size_t count = 0;
#if CUDART_VERSION >= 13000
  if (!ok(cudaStreamGetCaptureInfo(stream, &status, nullptr, nullptr, &nodes, nullptr, &count))) return false;
#else
  if (!ok(cudaStreamGetCaptureInfo_v2(stream, &status, nullptr, nullptr, &nodes, &count))) return false;
#endif  // CUDA 13 folded _v2 into the plain name
  if (status != cudaStreamCaptureStatusActive) return true;
  if (count != 1) return false;
  cudaGraphNodeType type{};
  cudaKernelNodeParams params{};
  return ok(cudaGraphNodeGetType(nodes[0], &type)) && type == cudaGraphNodeTypeKernel &&
         ok(cudaGraphKernelNodeGetParams(nodes[0], &params)) && is_dependent_kernel(params.func);
}
#endif  // DUALGPU_PLATFORM_CUDA

// Launches `kernel` with its arguments already laid out (args[i] points at parameter i), its blocks
// in clusters of `cluster` along x (1: no clusters).
inline error_t launch_laid_out(const void* kernel, std::atomic<signed char>* known, dim3 grid, dim3 block,
                               unsigned cluster, std::size_t shared_bytes, stream_t stream, void** args) {
#if defined(DUALGPU_PLATFORM_CUDA)
  const bool dependent = dependent_launch_supported(kernel, known) && follows_dependent_kernel(stream);
  if (dependent || cluster > 1) {
    cudaLaunchAttribute attributes[2]{};
    unsigned count = 0;
    if (dependent) {
      attributes[count].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attributes[count++].val.programmaticStreamSerializationAllowed = 1;
    }
    if (cluster > 1) {
      attributes[count].id = cudaLaunchAttributeClusterDimension;
      attributes[count++].val.clusterDim = {cluster, 1, 1};
    }
    cudaLaunchConfig_t config{};
    config.gridDim = grid;
    config.blockDim = block;
    config.dynamicSmemBytes = shared_bytes;
    config.stream = stream;
    config.attrs = attributes;
    config.numAttrs = count;
    return cudaLaunchKernelExC(&config, kernel, args);
  }
#else
  if (cluster > 1) return DUALGPU_RT(ErrorInvalidValue);  // no thread block clusters on this platform
#endif  // DUALGPU_PLATFORM_CUDA
  return DUALGPU_RT(LaunchKernel)(kernel, grid, block, args, shared_bytes, stream);
}

template <typename T>
struct same_type {  // std::type_identity (C++20): keeps a parameter out of template deduction
  using type = T;
};

// Converts the arguments to the kernel's parameter types (as <<<>>> does) and lays them out.
template <typename... Params>
error_t launch_converted(void (*kernel)(Params...), std::atomic<signed char>* known, dim3 grid, dim3 block,
                         unsigned cluster, std::size_t shared_bytes, stream_t stream,
                         typename same_type<Params>::type... params) {
  void* args[] = {const_cast<void*>(static_cast<const void*>(&params))..., nullptr};  // never empty
  return launch_laid_out(reinterpret_cast<const void*>(kernel), known, grid, block, cluster, shared_bytes, stream,
                         args);
}

}  // namespace detail

// Whether launch_dependent<Kernel> launches it dependent on the current device (for logs and tests).
template <auto Kernel>
bool launches_dependent() {
  return detail::dependent_launch_supported(reinterpret_cast<const void*>(Kernel),
                                            detail::dependent_launch_known<Kernel>);
}

template <auto Kernel, typename... Args>
error_t launch_dependent(dim3 grid, dim3 block, std::size_t shared_bytes, stream_t stream, Args&&... args) {
  return detail::launch_converted(Kernel, detail::dependent_launch_known<Kernel>, grid, block, 1, shared_bytes,
                                  stream, std::forward<Args>(args)...);
}

// How many clusters of cluster_blocks blocks of `block` threads Kernel can have resident at once on
// the current device; 0 where it has no clusters (HIP, a device older than sm_90, code loaded for an
// older one) or a query failed (its error cleared). Not cached: ask once per launch shape.
template <auto Kernel>
int max_active_clusters(dim3 block, unsigned cluster_blocks, std::size_t shared_bytes = 0) {
#if defined(DUALGPU_PLATFORM_CUDA)
  const void* kernel = reinterpret_cast<const void*>(Kernel);
  int device = -1, major = 0, clusters = 0;
  cudaFuncAttributes attributes{};
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim = {cluster_blocks, 1, 1};
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(cluster_blocks);
  config.blockDim = block;
  config.dynamicSmemBytes = shared_bytes;
  config.attrs = &attribute;
  config.numAttrs = 1;
  const auto ok = [](cudaError_t e) { return e == cudaSuccess || (static_cast<void>(cudaGetLastError()), false); };
  const bool yes = ok(cudaGetDevice(&device)) &&
                   ok(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device)) && major >= 9 &&
                   ok(cudaFuncGetAttributes(&attributes, kernel)) && attributes.ptxVersion >= 90 &&
                   ok(cudaOccupancyMaxActiveClusters(&clusters, kernel, &config));
  return yes ? clusters : 0;
#else
  (void)block, (void)cluster_blocks, (void)shared_bytes;
  return 0;
#endif  // DUALGPU_PLATFORM_CUDA
}

template <auto Kernel, typename... Args>
error_t launch_dependent_clusters(dim3 grid, dim3 block, unsigned cluster_blocks, std::size_t shared_bytes,
                                  stream_t stream, Args&&... args) {
  return detail::launch_converted(Kernel, detail::dependent_launch_known<Kernel>, grid, block, cluster_blocks,
                                  shared_bytes, stream, std::forward<Args>(args)...);
}

}  // namespace dualgpu

#endif  // DUALGPU_GPU_COMPILER
