// Runs the scale kernel where a GPU is present; exits 77 (skipped) where none is.
#include <cstdio>
#include <vector>
#if !defined(DUALGPU_PLATFORM_CPU)
#include <cuda_runtime.h>
#endif  // !DUALGPU_PLATFORM_CPU

int launch_scale(float* data, float factor, int n);

int main() {
  const int n = 1000;
  std::vector<float> host(n, 2.0f);
#if defined(DUALGPU_PLATFORM_CPU)
  launch_scale(host.data(), 3.0f, n);
#else
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::puts("no GPU visible: skipped");
    return 77;
  }
  float* device = nullptr;
  cudaMalloc(&device, n * sizeof(float));
  cudaMemcpy(device, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  if (launch_scale(device, 3.0f, n) != 0) return 1;
  cudaMemcpy(host.data(), device, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(device);
#endif  // DUALGPU_PLATFORM_CPU
  for (float v : host) {
    if (v != 6.0f) {
      std::printf("wrong result %f\n", v);
      return 1;
    }
  }
  std::puts("scale: ok");
  return 0;
}
