// dualgpu/runtime.hpp: the one place that decides CUDA, HIP or CPU.
//
// Every other DualGPU header includes this one and asks only these macros:
//   DUALGPU_PLATFORM_CUDA / DUALGPU_PLATFORM_HIP / DUALGPU_PLATFORM_CPU
//       exactly one is defined afterwards. DualGPU::runtime defines it on the
//       command line; without it the compiler decides (__HIPCC__ -> HIP,
//       __CUDACC__ -> CUDA). A plain host compiler with none of them is an error.
//   DUALGPU_GPU_COMPILER   1 when the translation unit is compiled by nvcc or
//                          clang -x hip (kernels, __device__ code possible), else 0.
//   DUALGPU_DEVICE_PASS    1 only in a device compilation pass.
//   DUALGPU_HOST_DEVICE, DUALGPU_DEVICE, DUALGPU_INLINE   function qualifiers,
//                          empty where no GPU compiler is used.
//   DUALGPU_UNROLL         #pragma unroll where the compiler knows it.
//   DUALGPU_WARP_SIZE      the warp (wave) width as a preprocessor number: 32 on CUDA,
//                          64 in HIP device passes for gfx9 (GCN/CDNA: gfx90a, gfx940/942),
//                          32 for RDNA (gfx10/11/12), 1 on CPU. The HIP *host* pass serves
//                          every GPU of the binary and has no single value: there it is 64
//                          (DUALGPU_MAX_WARP_SIZE); use it in device code only and ask the
//                          device at run time for launch sizes (docs/porting.md#warpsize).
//   DUALGPU_MAX_WARP_SIZE  the widest warp of the platform: 32 CUDA, 64 HIP, 1 CPU.
//   DUALGPU_RT(Name)       cuda##Name or hip##Name: how DualGPU's own headers
//                          call the runtime (DUALGPU_RT(StreamSynchronize)(s)).
//                          User code writes the CUDA spelling; see on_hip/.
// Types in namespace dualgpu (void* stand-ins on CPU so host code compiles):
//   dualgpu::stream_t, event_t, error_t (and error_success), graph_t, graph_exec_t.
#pragma once

#if (defined(DUALGPU_PLATFORM_CUDA) + defined(DUALGPU_PLATFORM_HIP) + defined(DUALGPU_PLATFORM_CPU)) > 1
#error "DualGPU: define only one of DUALGPU_PLATFORM_CUDA, DUALGPU_PLATFORM_HIP, DUALGPU_PLATFORM_CPU"
#endif  // more than one platform

// Pick the platform from the compiler when the build system did not say.
#if !defined(DUALGPU_PLATFORM_CUDA) && !defined(DUALGPU_PLATFORM_HIP) && !defined(DUALGPU_PLATFORM_CPU)
#if defined(__HIPCC__) || defined(__HIP__)
#define DUALGPU_PLATFORM_HIP 1
#elif defined(__CUDACC__)
#define DUALGPU_PLATFORM_CUDA 1
#else
#error "DualGPU: no platform. Supported: CUDA (nvcc, or -DDUALGPU_PLATFORM_CUDA), ROCm/HIP (hipcc/clang -x hip, or -DDUALGPU_PLATFORM_HIP), CPU (-DDUALGPU_PLATFORM_CPU). Linking DualGPU::runtime sets this."
#endif  // compiler-detected platform
#endif  // no platform given

#if defined(DUALGPU_PLATFORM_HIP)
// The CUDA-spelled shim dir (on_hip/) may be first on the include path; HIP's own
// header is always included by its real name here.
#include <hip/hip_runtime.h>
#define DUALGPU_RT(name) hip##name
#define DUALGPU_PLATFORM_NAME "HIP"
#if defined(__HIP__)
#define DUALGPU_GPU_COMPILER 1
#else
#define DUALGPU_GPU_COMPILER 0
#endif  // __HIP__
#if defined(__HIP_DEVICE_COMPILE__)
#define DUALGPU_DEVICE_PASS 1
#else
#define DUALGPU_DEVICE_PASS 0
#endif  // __HIP_DEVICE_COMPILE__

#elif defined(DUALGPU_PLATFORM_CUDA)
#include <cuda_runtime.h>
#define DUALGPU_RT(name) cuda##name
#define DUALGPU_PLATFORM_NAME "CUDA"
#if defined(__CUDACC__)
#define DUALGPU_GPU_COMPILER 1
#else
#define DUALGPU_GPU_COMPILER 0
#endif  // __CUDACC__
#if defined(__CUDA_ARCH__)
#define DUALGPU_DEVICE_PASS 1
#else
#define DUALGPU_DEVICE_PASS 0
#endif  // __CUDA_ARCH__

#elif defined(DUALGPU_PLATFORM_CPU)
#define DUALGPU_PLATFORM_NAME "CPU"
#define DUALGPU_GPU_COMPILER 0
#define DUALGPU_DEVICE_PASS 0

#else
#error "DualGPU: unsupported platform. Supported: DUALGPU_PLATFORM_CUDA, DUALGPU_PLATFORM_HIP, DUALGPU_PLATFORM_CPU"
#endif  // platform choice

// Warp width, as a plain number. clang 20+ marks its wave-size macros deprecated (a warning at every
// use): they are read once here, with that warning off, and never expanded in user code.
#if defined(DUALGPU_PLATFORM_HIP)
#define DUALGPU_MAX_WARP_SIZE 64
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-pragma"
#endif  // __clang__
#if defined(__AMDGCN_WAVEFRONT_SIZE__) && __AMDGCN_WAVEFRONT_SIZE__ == 32
#define DUALGPU_WARP_SIZE 32
#elif defined(__AMDGCN_WAVEFRONT_SIZE__)
#define DUALGPU_WARP_SIZE 64
#elif defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 32
#define DUALGPU_WARP_SIZE 32
#elif defined(__AMDGCN_WAVEFRONT_SIZE)
#define DUALGPU_WARP_SIZE 64
#elif defined(__HIP_DEVICE_COMPILE__) && (defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__))
#define DUALGPU_WARP_SIZE 32
#else
#define DUALGPU_WARP_SIZE 64  // gfx9 device pass, and the host pass (no single value: the widest)
#endif  // wavefront size macros
#if defined(__clang__)
#pragma clang diagnostic pop
#endif  // __clang__
#elif defined(DUALGPU_PLATFORM_CUDA)
#define DUALGPU_MAX_WARP_SIZE 32
#define DUALGPU_WARP_SIZE 32
#else
#define DUALGPU_MAX_WARP_SIZE 1
#define DUALGPU_WARP_SIZE 1  // CPU: one "lane", so the same loops stay correct
#endif  // warp width

// Qualifiers: a host compiler (g++ for a .cpp in a GPU build) still sees
// __host__/__device__ from the runtime header, but on CPU they do not exist.
#if defined(DUALGPU_PLATFORM_CPU)
#define DUALGPU_HOST_DEVICE
#define DUALGPU_DEVICE
#define DUALGPU_INLINE inline
#else
#define DUALGPU_HOST_DEVICE __host__ __device__
#define DUALGPU_DEVICE __device__
#define DUALGPU_INLINE __forceinline__
#endif  // qualifiers

// "#pragma unroll" for compilers that know it; g++ (a .cpp in any build) warns on it.
#if DUALGPU_GPU_COMPILER || defined(__clang__)
#define DUALGPU_UNROLL _Pragma("unroll")
#else
#define DUALGPU_UNROLL
#endif  // unroll pragma

namespace dualgpu {

#if defined(DUALGPU_PLATFORM_CPU)
using stream_t = void*;
using event_t = void*;
using graph_t = void*;
using graph_exec_t = void*;
using error_t = int;
inline constexpr error_t error_success = 0;
#else
using stream_t = DUALGPU_RT(Stream_t);
using event_t = DUALGPU_RT(Event_t);
using graph_t = DUALGPU_RT(Graph_t);
using graph_exec_t = DUALGPU_RT(GraphExec_t);
using error_t = DUALGPU_RT(Error_t);
inline constexpr error_t error_success = DUALGPU_RT(Success);
#endif  // DUALGPU_PLATFORM_CPU

/// "CUDA", "HIP" or "CPU": for messages.
inline constexpr const char* platform_name = DUALGPU_PLATFORM_NAME;

}  // namespace dualgpu
