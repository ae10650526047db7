// libcu++'s scoped atomics as newer kernels write them: a histogram in shared memory through
// block-scoped atomic_ref, merged with device-scoped ones; a float absmax with fetch_max; the
// "last block finishes the sum" pattern with a device-scoped ticket and a fence; 16-bit counters; a
// work queue on cuda::std::atomic.
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cmath>
#include <cstdio>
#include "porting_common.h"

constexpr int kBins = 64;

__global__ void histogram(const unsigned* keys, int n, unsigned* bins, unsigned short* narrow_bins) {
  __shared__ unsigned local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> bin(local[keys[i] % kBins]);
    bin.fetch_add(1u, cuda::memory_order_relaxed);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(bins[b]).fetch_add(local[b], cuda::memory_order_relaxed);
    cuda::atomic_ref<unsigned short, cuda::thread_scope_device> small(narrow_bins[b]);
    small += static_cast<unsigned short>(local[b]);
  }
}

// Each block adds its partial sum; the block that takes the last ticket adds them all up.
__global__ void sum_and_absmax(const float* x, int n, float* partials, unsigned* ticket, float* total,
                               float* absmax) {
  __shared__ float block_sum[256];
  float s = 0.0f, m = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    s += x[i];
    m = fmaxf(m, fabsf(x[i]));
  }
  cuda::atomic_ref<float, cuda::thread_scope_device>(*absmax).fetch_max(m);
  block_sum[threadIdx.x] = s;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) block_sum[threadIdx.x] += block_sum[threadIdx.x + stride];
    __syncthreads();
  }
  __shared__ bool last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = block_sum[0];
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(*ticket);
    last = done.fetch_add(1u, cuda::memory_order_acq_rel) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    float all = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b) all += partials[b];
    *total = all;
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*ticket).store(0u, cuda::memory_order_relaxed);
  }
}

// Blocks take items from a shared queue until it is empty; each item is taken exactly once.
__global__ void drain_queue(int* next, int items, int* taken_by) {
  cuda::std::atomic_ref<int> head(*next);
  for (int item = head.fetch_add(1); item < items; item = head.fetch_add(1)) {
    cuda::atomic_ref<int, cuda::thread_scope_device> owner(taken_by[item]);
    int none = -1;
    if (!owner.compare_exchange_strong(none, static_cast<int>(blockIdx.x))) owner.store(-2);  // taken twice
  }
}

// sum_and_absmax's float additions in its own order: each thread's strided sum, each block's tree, the
// partials in block order. The last block adds them whichever block it is, so the result is exact.
float block_order_sum(const float* x, int n, int blocks, int threads) {
  float all = 0.0f;
  float* sums = new float[threads];
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < threads; ++t) {
      float s = 0.0f;
      for (int i = b * threads + t; i < n; i += blocks * threads) s += x[i];
      sums[t] = s;
    }
    for (int stride = threads / 2; stride > 0; stride /= 2)
      for (int t = 0; t < stride; ++t) sums[t] += sums[t + stride];
    all += sums[0];
  }
  delete[] sums;
  return all;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1 << 20, blocks = 120, threads = 256, items = 5000;
  unsigned* keys = new unsigned[n];
  float* x = new float[n];
  for (int i = 0; i < n; ++i) {
    keys[i] = (static_cast<unsigned>(i) * 2654435761u) >> 7;
    x[i] = static_cast<float>((i * 37) % 1001 - 500) / 256.0f;
  }
  unsigned *d_keys, *d_bins, *d_ticket;
  unsigned short* d_narrow;
  float *d_x, *d_partials, *d_total, *d_absmax;
  int *d_next, *d_taken;
  cudaMalloc(&d_keys, n * sizeof(unsigned));
  cudaMalloc(&d_bins, kBins * sizeof(unsigned));
  cudaMalloc(&d_narrow, kBins * sizeof(unsigned short));
  cudaMalloc(&d_ticket, sizeof(unsigned));
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_partials, blocks * sizeof(float));
  cudaMalloc(&d_total, sizeof(float));
  cudaMalloc(&d_absmax, sizeof(float));
  cudaMalloc(&d_next, sizeof(int));
  cudaMalloc(&d_taken, items * sizeof(int));
  cudaMemcpy(d_keys, keys, n * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_bins, 0, kBins * sizeof(unsigned));
  cudaMemset(d_narrow, 0, kBins * sizeof(unsigned short));
  cudaMemset(d_ticket, 0, sizeof(unsigned));
  cudaMemset(d_absmax, 0, sizeof(float));
  cudaMemset(d_next, 0, sizeof(int));
  cudaMemset(d_taken, 0xFF, items * sizeof(int));  // -1: nobody
  histogram<<<blocks, threads>>>(d_keys, n, d_bins, d_narrow);
  sum_and_absmax<<<blocks, threads>>>(d_x, n, d_partials, d_ticket, d_total, d_absmax);
  drain_queue<<<blocks, threads>>>(d_next, items, d_taken);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernels failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  unsigned bins[kBins], ticket = 1;
  unsigned short narrow[kBins];
  float total = 0.0f, absmax = 0.0f;
  int* taken = new int[items];
  cudaMemcpy(bins, d_bins, sizeof bins, cudaMemcpyDeviceToHost);
  cudaMemcpy(narrow, d_narrow, sizeof narrow, cudaMemcpyDeviceToHost);
  cudaMemcpy(&ticket, d_ticket, sizeof ticket, cudaMemcpyDeviceToHost);
  cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost);
  cudaMemcpy(&absmax, d_absmax, sizeof absmax, cudaMemcpyDeviceToHost);
  cudaMemcpy(taken, d_taken, items * sizeof(int), cudaMemcpyDeviceToHost);

  unsigned want[kBins] = {};
  double want_absmax = 0.0;
  for (int i = 0; i < n; ++i) {
    ++want[keys[i] % kBins];
    want_absmax = std::fmax(want_absmax, std::fabs(static_cast<double>(x[i])));
  }
  const float want_total = block_order_sum(x, n, blocks, threads);
  int bad = 0;
  for (int b = 0; b < kBins; ++b)
    if (bins[b] != want[b] || narrow[b] != static_cast<unsigned short>(want[b])) ++bad;
  int untaken = 0;
  for (int i = 0; i < items; ++i)
    if (taken[i] < 0 || taken[i] >= blocks) ++untaken;
  std::printf("bins wrong %d, total %.3f (want %.3f), absmax %.5f (want %.5f), ticket %u, items not taken once %d\n",
              bad, total, want_total, absmax, want_absmax, ticket, untaken);
  const bool ok = bad == 0 && total == want_total && absmax == static_cast<float>(want_absmax) &&
                  ticket == 0 && untaken == 0;
  return ok ? 0 : 1;
}
