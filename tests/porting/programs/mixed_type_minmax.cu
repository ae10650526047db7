// min/max on mixed types, as llm.c's dev/cuda kernels and many launch computations write them:
// max(int, unsigned), min(unsigned, int), min(float, double), max(long long, unsigned long long).
// nvcc resolves each to one of CUDA's overloads (unsigned comparison for a signed/unsigned pair,
// double for float/double); the host calls are checked without a GPU, the device ones after.
#include <cuda_runtime.h>

#include <cstdio>

#include "porting_common.h"

struct Results {
  unsigned int a, b;
  double c, d;
  unsigned long long e;
  long long f;
};

__host__ __device__ Results mixed(int i, unsigned int u, float x, double y, long long l, unsigned long long ul) {
  Results r;
  r.a = max(i, u);
  r.b = min(u, i);
  r.c = min(x, y);
  r.d = max(y, x);
  r.e = max(l, ul);
  r.f = min(l, l + 1);
  return r;
}

__global__ void mixed_kernel(Results* out, int i, unsigned int u, float x, double y, long long l, unsigned long long ul) {
  *out = mixed(i, u, x, y, l, ul);
}

// CUDA's definitions: both operands converted to the result type, then compared.
static bool expected(const Results& r, int i, unsigned int u, float x, double y, long long l, unsigned long long ul) {
  const unsigned iu = (unsigned)i;
  const unsigned long long lu = (unsigned long long)l;
  return r.a == (iu > u ? iu : u) && r.b == (u < iu ? u : iu) && r.c == ((double)x < y ? (double)x : y) &&
         r.d == (y > (double)x ? y : (double)x) && r.e == (lu > ul ? lu : ul) && r.f == l;
}

int main() {
  // -1 as unsigned is the largest value: CUDA's max(int, unsigned) returns it.
  const int i = -1;
  const unsigned u = 7;
  const float x = 0.1f;
  const double y = 0.1;
  const long long l = -5;
  const unsigned long long ul = 3;
  Results host = mixed(i, u, x, y, l, ul);
  if (!expected(host, i, u, x, y, l, ul)) {
    std::printf("host: wrong overloads (max(-1, 7u) = %u)\n", host.a);
    return 1;
  }
  if (int skip = porting_gpu_or_skip()) return skip;
  Results* d;
  cudaMalloc(&d, sizeof(Results));
  mixed_kernel<<<1, 1>>>(d, i, u, x, y, l, ul);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  Results dev;
  cudaMemcpy(&dev, d, sizeof(Results), cudaMemcpyDeviceToHost);
  cudaFree(d);
  const bool ok = expected(dev, i, u, x, y, l, ul);
  std::printf("host ok, device %s\n", ok ? "ok" : "wrong overloads");
  return ok ? 0 : 1;
}
