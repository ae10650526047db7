// Synchronisation idioms of hand-written kernels: a spin lock with atomicCAS/atomicExch and
// __threadfence, a last-block-done counter with atomicInc's wrap-around, atomicSub/And/Or/Xor/Max,
// atomicAdd on double, __syncthreads_count/_and/_or, clock64 with __nanosleep backoff, per-thread
// malloc/free on the device heap (its size read with cudaDeviceGetLimit), and printf from one thread.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include "porting_common.h"

struct Totals {
  int lock;
  unsigned ticket;
  int guarded_sum;
  double dsum;
  int bits_and, bits_or, bits_xor, max_seen, countdown;
  int count_pos, all_pos, any_big, last_block_sum;
  long long cycles;
};

__device__ int partial[64];

__global__ void sync_kernel(const int* in, int n, Totals* t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int c = __syncthreads_count(v > 0);
  int a = __syncthreads_and(v >= 0);
  int o = __syncthreads_or(v > 1000);
  if (threadIdx.x == 0) {
    atomicAdd(&t->count_pos, c);
    atomicAnd(&t->all_pos, a);
    atomicOr(&t->any_big, o);
    long long start = clock64();
    while (atomicCAS(&t->lock, 0, 1) != 0) __nanosleep(32);  // one block at a time
    t->guarded_sum += blockIdx.x;  // plain update under the lock
    __threadfence();
    atomicExch(&t->lock, 0);
    atomicMax(&t->cycles, clock64() - start >= 0 ? 1LL : -1LL);
  }
  if (i < n) {
    atomicAdd(&t->dsum, 0.5 * v);
    atomicAnd(&t->bits_and, v | 0x100);
    atomicOr(&t->bits_or, v & 0xff);
    atomicXor(&t->bits_xor, v);
    atomicMax(&t->max_seen, v);
    atomicSub(&t->countdown, 1);
    int* scratch = (int*)malloc(4 * sizeof(int));
    if (scratch) {
      for (int k = 0; k < 4; ++k) scratch[k] = v + k;
      atomicAdd(&partial[blockIdx.x], scratch[3] - 3);
      free(scratch);
    }
  }
  __syncthreads();
  __shared__ bool last;
  if (threadIdx.x == 0) {
    __threadfence();
    unsigned ticket = atomicInc(&t->ticket, gridDim.x - 1);  // wraps to 0 after the last block
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int s = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) s += ((volatile int*)partial)[b];
    t->last_block_sum = s;
    printf("last block summed %d\n", s);
  }
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
  size_t heap = 0;
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 1201;
  int* d_in;
  Totals* d_t;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_t, sizeof(Totals));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  Totals h = {};
  h.bits_and = -1;
  h.all_pos = 1;
  h.countdown = n;
  cudaMemcpy(d_t, &h, sizeof h, cudaMemcpyHostToDevice);
  sync_kernel<<<blocks, threads>>>(d_in, n, d_t);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaMemcpy(&h, d_t, sizeof h, cudaMemcpyDeviceToHost);
  Totals w = {};
  w.bits_and = -1;
  w.countdown = n;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    int v = in[i];
    w.dsum += 0.5 * v;
    w.bits_and &= v | 0x100;
    w.bits_or |= v & 0xff;
    w.bits_xor ^= v;
    w.max_seen = v > w.max_seen ? v : w.max_seen;
    w.countdown -= 1;
    w.count_pos += v > 0;
    w.any_big |= v > 1000;
    sum += v;
  }
  int bad = h.guarded_sum != blocks * (blocks - 1) / 2;
  bad += h.dsum != w.dsum || h.bits_and != w.bits_and || h.bits_or != w.bits_or || h.bits_xor != w.bits_xor;
  bad += h.max_seen != w.max_seen || h.countdown != 0 || h.count_pos != w.count_pos || h.all_pos != 1;
  bad += h.any_big != w.any_big || h.last_block_sum != sum || h.ticket != 0 || h.cycles != 1 || heap == 0;
  printf("%d checks failed\n", bad);
  cudaFree(d_in);
  cudaFree(d_t);
  return bad ? 1 : 0;
}
