// dualgpu/on_hip/cuda_profiler_api.h: shim for HIP builds only; cudaProfilerStart/Stop.
#pragma once
#include "dualgpu_cuda_to_hip.h"

#define cudaProfilerStart hipProfilerStart
#define cudaProfilerStop hipProfilerStop
