// dualgpu/on_hip/dualgpu_cuda_std.h: libcu++'s cuda::std for HIP builds, where the headers of
// cuda/std/ that hold only constexpr code include this.
//
// libcu++ is the C++ standard library made usable in device code. Under HIP's clang a constexpr
// function is a host and device function (-fcuda-host-device-constexpr, on by default), so for
// type traits, numeric_limits, pair, array, tuple and the C headers the host's standard library
// already does the job in kernels: cuda::std finds ::std's names. It is a namespace of its own, not an
// alias, so that what needs device code of its own (the atomics, dualgpu_cuda_atomic.h) can be declared
// in it and hide the host's. What has no such code here (barriers, semaphores, complex arithmetic)
// stops with an #error that names HIP's own route (docs/porting.md "libcu++").
#pragma once

namespace cuda {
namespace std {
using namespace ::std;
}  // namespace std
}  // namespace cuda
