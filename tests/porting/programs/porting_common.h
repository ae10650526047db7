// Shared by the porting programs: the exit codes CTest reads. Kept apart from the programs so
// they stay as their public models write them.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>

// 77: CTest's SKIP_RETURN_CODE for "no GPU here".
inline int porting_gpu_or_skip() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("no GPU visible: skipped\n");
    return 77;
  }
  return 0;
}
