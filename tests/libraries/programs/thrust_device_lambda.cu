// Thrust as tutorials write it: device_vector, sequence, transform with a __device__ lambda (nvcc needs
// --extended-lambda, which DualGPU gives on cuda: DUALGPU_NVCC_RELAXED), a functor for transform_reduce,
// inclusive_scan, count_if with a __host__ __device__ lambda, and a zip_iterator. Against float64 and exact
// integer CPU results.
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>
#include <cstdio>
#include "library_common.h"

struct square {
  __host__ __device__ double operator()(float x) const { return (double)x * x; }
};

struct saxpy_tuple {
  float a;
  __host__ __device__ float operator()(const thrust::tuple<float, float>& t) const {
    return a * thrust::get<0>(t) + thrust::get<1>(t);
  }
};

int main() {
  if (int skip = library_gpu_or_skip()) return skip;
  const int n = 1 << 16;
  thrust::device_vector<float> x(n), y(n);
  thrust::sequence(x.begin(), x.end(), 0.0f, 0.5f);
  thrust::transform(x.begin(), x.end(), y.begin(), [] __device__(float v) { return 2.0f * v + 1.0f; });
  double sum_sq = thrust::transform_reduce(x.begin(), x.end(), square(), 0.0, thrust::plus<double>());
  thrust::device_vector<float> z(n);
  auto first = thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin()));
  thrust::transform(first, first + n, z.begin(), saxpy_tuple{3.0f});
  thrust::device_vector<int> ones(n, 1), prefix(n);
  thrust::inclusive_scan(ones.begin(), ones.end(), prefix.begin());
  int big = thrust::count_if(z.begin(), z.end(), [] __host__ __device__(float v) { return v > 1000.0f; });
  thrust::host_vector<float> hz = z;
  thrust::host_vector<int> hp = prefix;
  double want_sq = 0;
  int want_big = 0, bad = 0;
  for (int i = 0; i < n; ++i) {
    double xi = 0.5 * i, yi = 2.0 * xi + 1.0, zi = 3.0 * xi + yi;
    want_sq += xi * xi;
    if (zi > 1000.0) ++want_big;
    if (hz[i] != (float)zi || hp[i] != i + 1) ++bad;
  }
  if (sum_sq != want_sq) ++bad;  // squares of multiples of 0.5 below 2^53: exact in any order
  if (big != want_big) ++bad;
  std::printf("sum of squares %.6g, %d above 1000, %d wrong\n", sum_sq, big, bad);
  return bad == 0 ? 0 : 1;
}
