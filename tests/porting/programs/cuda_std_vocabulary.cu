// libcu++'s vocabulary types in device code, as RAPIDS-style kernels write them: cuda::std::optional for
// a lookup that may miss, cuda::std::gcd and lcm, cuda::std::distance and next over a pointer range, and
// cuda::std::ratio and chrono durations for a unit conversion.
#include <cuda/std/chrono>
#include <cuda/std/iterator>
#include <cuda/std/numeric>
#include <cuda/std/optional>
#include <cuda/std/ratio>
#include <cstdio>
#include "porting_common.h"

__device__ cuda::std::optional<int> find_key(const int* keys, int n, int key) {
  for (int i = 0; i < n; ++i)
    if (keys[i] == key) return i;
  return cuda::std::nullopt;
}

__global__ void vocabulary(const int* keys, int n, const int* queries, int q, long long* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= q) return;
  const cuda::std::optional<int> at = find_key(keys, n, queries[i]);
  const long long found = at.has_value() ? *at : -1;
  const int g = cuda::std::gcd(queries[i] + 1, 36), l = cuda::std::lcm(i % 7 + 1, 4);
  const int* tail = cuda::std::next(keys, n / 2);
  const long long span = cuda::std::distance(tail, keys + n);
  const long long fallback = find_key(keys, n, -5).value_or(-7);
  using per_mille = cuda::std::ratio<1, 1000>;
  const cuda::std::chrono::duration<long long, per_mille> ms(queries[i] * 1500);
  const long long seconds = cuda::std::chrono::duration_cast<cuda::std::chrono::seconds>(ms).count();
  out[i] = found * 1000003 + g * 1009 + l * 101 + span * 7 + fallback + seconds * 13 + per_mille::den;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 50, q = 300;
  int h_keys[n], h_queries[q];
  for (int i = 0; i < n; ++i) h_keys[i] = i * 3;
  for (int i = 0; i < q; ++i) h_queries[i] = (i * 17) % 160;
  int *d_keys, *d_queries;
  long long* d_out;
  cudaMalloc(&d_keys, sizeof h_keys);
  cudaMalloc(&d_queries, sizeof h_queries);
  cudaMalloc(&d_out, sizeof(long long) * q);
  cudaMemcpy(d_keys, h_keys, sizeof h_keys, cudaMemcpyHostToDevice);
  cudaMemcpy(d_queries, h_queries, sizeof h_queries, cudaMemcpyHostToDevice);
  vocabulary<<<(q + 127) / 128, 128>>>(d_keys, n, d_queries, q, d_out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  long long out[q];
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < q; ++i) {  // the same arithmetic, written out plainly
    long long found = -1;
    for (int k = 0; k < n; ++k)
      if (h_keys[k] == h_queries[i]) {
        found = k;
        break;
      }
    const int x = h_queries[i];
    int a = x + 1, b = 36;
    while (b != 0) {
      const int t = a % b;
      a = b;
      b = t;
    }
    const int g = a, m = i % 7 + 1;
    int l = m;
    while (l % 4 != 0) l += m;
    const long long want = found * 1000003 + g * 1009 + l * 101 + (n - n / 2) * 7 - 7 + (x * 1500LL / 1000) * 13 + 1000;
    bad += out[i] != want;
  }
  std::printf("%d of %d wrong\n", bad, q);
  return bad == 0 ? 0 : 1;
}
