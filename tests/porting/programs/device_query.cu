// cuda-samples deviceQuery style: driver and runtime versions, the cudaDeviceProp fields such
// programs print, attributes by cudaDeviceGetAttribute, free memory, pointer attributes of a
// device allocation and peer access between every pair of devices; a kernel reports the warp size
// it runs with. Checked for consistency.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include "porting_common.h"

#define CHECK(call)                                                                 \
  do {                                                                              \
    cudaError_t e = (call);                                                         \
    if (e != cudaSuccess) {                                                         \
      printf("%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e));   \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

__global__ void report_warp_size(int* out) { *out = warpSize; }

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  int driver = 0, runtime = 0, count = 0;
  CHECK(cudaDriverGetVersion(&driver));
  CHECK(cudaRuntimeGetVersion(&runtime));
  CHECK(cudaGetDeviceCount(&count));
  int bad = 0;
  for (int dev = 0; dev < count; ++dev) {
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, dev));
    printf("Device %d: \"%s\" compute %d.%d, %d SMs, %zu MB, warp %d, L2 %d KB\n", dev, prop.name, prop.major,
           prop.minor, prop.multiProcessorCount, prop.totalGlobalMem >> 20, prop.warpSize, prop.l2CacheSize >> 10);
    printf("  max threads/block %d, max threads/SM %d, smem/block %zu, regs/block %d, grid %d x %d x %d\n",
           prop.maxThreadsPerBlock, prop.maxThreadsPerMultiProcessor, prop.sharedMemPerBlock, prop.regsPerBlock,
           prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
    printf("  bus width %d, concurrent kernels %d, managed %d, PCI %d:%d\n", prop.memoryBusWidth,
           prop.concurrentKernels, prop.managedMemory, prop.pciBusID, prop.pciDeviceID);
    int sms = 0, max_smem_optin = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CHECK(cudaDeviceGetAttribute(&max_smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    bad += sms != prop.multiProcessorCount;
    bad += max_smem_optin < (int)prop.sharedMemPerBlock / 2;
    bad += strlen(prop.name) == 0;
    CHECK(cudaSetDevice(dev));
    size_t free_bytes = 0, total_bytes = 0;
    CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    bad += free_bytes > total_bytes;
    void* p = nullptr;
    CHECK(cudaMalloc(&p, 1 << 20));
    report_warp_size<<<1, 1>>>(static_cast<int*>(p));
    int device_warp = 0;
    CHECK(cudaMemcpy(&device_warp, p, sizeof(int), cudaMemcpyDeviceToHost));
    bad += device_warp != prop.warpSize;
    cudaPointerAttributes attr;
    CHECK(cudaPointerGetAttributes(&attr, p));
    bad += attr.device != dev || attr.devicePointer != p;
    CHECK(cudaFree(p));
    for (int peer = 0; peer < count; ++peer) {
      if (peer == dev) continue;
      int can = 0;
      CHECK(cudaDeviceCanAccessPeer(&can, dev, peer));
      if (can) {
        cudaError_t e = cudaDeviceEnablePeerAccess(peer, 0);
        if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) ++bad;
      }
    }
  }
  printf("driver %d, runtime %d, %d device(s), %d inconsistent\n", driver, runtime, count, bad);
  return bad ? 1 : 0;
}
