// libcu++ in device code as newer kernels write it: cuda::std::numeric_limits for the identity of a
// max-reduction, cuda::std::is_floating_point and is_same_v, cuda::std::array, make_pair and pair,
// with CUDART_VERSION choosing the managed-memory prefetch call of the CUDA it builds with.
#include <cuda/std/array>
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <cuda_runtime.h>
#include <cstdio>
#include "porting_common.h"

template <typename T>
__global__ void row_max(const T* x, T* out, int* argmax, int rows, int cols) {
  static_assert(cuda::std::is_floating_point<T>::value, "floating point rows");
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  cuda::std::array<T, 2> best = {-cuda::std::numeric_limits<T>::infinity(), cuda::std::numeric_limits<T>::lowest()};
  cuda::std::array<int, 2> at = {-1, -1};
  for (int c = 0; c < cols; ++c) {
    T v = x[r * cols + c];
    if (v > best[c % 2]) best[c % 2] = v, at[c % 2] = c;
  }
  const cuda::std::pair<T, int> winner =
      best[0] >= best[1] ? cuda::std::make_pair(best[0], at[0]) : cuda::std::make_pair(best[1], at[1]);
  T m = winner.first;
  if constexpr (cuda::std::is_same_v<T, double>) m += 0.0;
  out[r] = m;
  argmax[r] = winner.second;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int rows = 100, cols = 33;
  float *x, *out;
  int* argmax;
  cudaMallocManaged(&x, rows * cols * sizeof(float));
  cudaMallocManaged(&out, rows * sizeof(float));
  cudaMallocManaged(&argmax, rows * sizeof(int));
  for (int i = 0; i < rows * cols; ++i) x[i] = (float)((i * 37) % 101) - 50.0f;
  int dev = 0;
  cudaGetDevice(&dev);
#if CUDART_VERSION >= 13000
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = dev;
  cudaMemPrefetchAsync(x, rows * cols * sizeof(float), loc, 0, 0);
#else
  cudaMemPrefetchAsync(x, rows * cols * sizeof(float), dev, 0);
#endif
  row_max<<<(rows + 63) / 64, 64>>>(x, out, argmax, rows, cols);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int r = 0; r < rows; ++r) {
    float m = -1e30f;
    for (int c = 0; c < cols; ++c)
      if (x[r * cols + c] > m) m = x[r * cols + c];
    bad += out[r] != m || x[r * cols + argmax[r]] != m;
  }
  printf("%d bad\n", bad);
  cudaFree(x);
  cudaFree(out);
  cudaFree(argmax);
  return bad ? 1 : 0;
}
