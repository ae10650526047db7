// Thrust as host code uses it: device_vector from host data, thrust::sort, thrust::reduce,
// thrust::transform with a functor and thrust::sort_by_key, copied back to host vectors.
// Against std::sort / std::accumulate on the same data.
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include "library_common.h"

struct square_plus_one {
  __host__ __device__ long long operator()(int v) const { return static_cast<long long>(v) * v + 1; }
};

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int n = 1 << 18;
  std::vector<float> r = library_random_floats(n, 31);
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = static_cast<int>(r[i] * 1000000.0f);
  bool ok = true;

  thrust::device_vector<int> d_keys(keys.begin(), keys.end());
  thrust::sort(d_keys.begin(), d_keys.end());
  thrust::host_vector<int> sorted = d_keys;
  std::vector<int> want = keys;
  std::sort(want.begin(), want.end());
  const bool sort_ok = std::equal(want.begin(), want.end(), sorted.begin());
  std::printf("thrust::sort: %s\n", sort_ok ? "matches std::sort" : "differs from std::sort");
  ok &= sort_ok;

  const long long got_sum = thrust::reduce(d_keys.begin(), d_keys.end(), 0LL, thrust::plus<long long>());
  const long long want_sum = std::accumulate(keys.begin(), keys.end(), 0LL);
  std::printf("thrust::reduce: got %lld, want %lld\n", got_sum, want_sum);
  ok &= got_sum == want_sum;

  thrust::device_vector<long long> squares(n);
  thrust::transform(d_keys.begin(), d_keys.end(), squares.begin(), square_plus_one());
  const long long got_squares = thrust::reduce(squares.begin(), squares.end(), 0LL);
  long long want_squares = 0;
  for (int v : keys) want_squares += static_cast<long long>(v) * v + 1;
  std::printf("thrust::transform + reduce: got %lld, want %lld\n", got_squares, want_squares);
  ok &= got_squares == want_squares;

  // sort_by_key carries each original index along: the permutation must reproduce the sort.
  thrust::device_vector<int> unsorted(keys.begin(), keys.end());
  thrust::device_vector<int> index(n);
  thrust::sequence(index.begin(), index.end());
  thrust::sort_by_key(unsorted.begin(), unsorted.end(), index.begin());
  thrust::host_vector<int> perm = index;
  bool perm_ok = true;
  for (int i = 0; i < n && perm_ok; ++i) perm_ok = keys[perm[i]] == want[i];
  std::printf("thrust::sort_by_key: %s\n", perm_ok ? "permutation reproduces the sort" : "wrong permutation");
  ok &= perm_ok;

  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
