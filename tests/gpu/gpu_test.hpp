// gpu_test.hpp: what every GPU test program here shares: EXPECT, which counts a failed check and says
// where and why, and gpu_test::run, the program's exit status: 77 (shown as skipped) when no GPU is
// visible, 1 on a failed check or an exception, 0 otherwise.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <exception>

namespace gpu_test {

inline int failures = 0;

template <typename Body>
int run(Body body) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no GPU visible: skipped\n");
    return 77;
  }
  try {
    body();
  } catch (const std::exception& e) {
    std::printf("FAIL: exception: %s\n", e.what());
    return 1;
  }
  std::printf("%s: %d failed check(s)\n", failures ? "FAILED" : "ok", failures);
  return failures ? 1 : 0;
}

}  // namespace gpu_test

#define EXPECT(cond, ...)                                         \
  do {                                                            \
    if (!(cond)) {                                                \
      ++gpu_test::failures;                                       \
      std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      std::printf(__VA_ARGS__);                                   \
      std::printf("\n");                                          \
    }                                                             \
  } while (0)
