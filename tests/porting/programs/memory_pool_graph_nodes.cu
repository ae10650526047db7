// An explicit memory pool and a hand-built CUDA graph, as runtime-API samples write them:
// cudaMemPoolCreate with cudaMemPoolProps, cudaMemPoolSetAccess, a release threshold,
// cudaMallocFromPoolAsync; a graph of a memset node, a kernel node, a child graph and a host node,
// queried back (cudaGraphGetRootNodes, cudaGraphHostNodeGetParams,
// cudaGraphChildGraphNodeGetGraph, cudaGraphMemsetNodeGetParams) and launched; cudaMemset3D on a
// pitched 3D allocation. Checked against what the graph must have computed.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "porting_common.h"

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t e = (call);                                                              \
    if (e != cudaSuccess) {                                                              \
      printf("%s failed at line %d: %s\n", #call, __LINE__, cudaGetErrorString(e));      \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)

__global__ void add_index(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += i;
}

__global__ void double_all(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 2;
}

static void CUDART_CB count_call(void* counter) { ++*static_cast<int*>(counter); }

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  int device = 0;
  CHECK(cudaSetDevice(device));
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  // An explicit pool of device memory, kept after frees up to 64 MiB.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaMemPool_t pool;
  CHECK(cudaMemPoolCreate(&pool, &props));
  cudaMemAccessDesc access = {};
  access.location = props.location;
  access.flags = cudaMemAccessFlagsProtReadWrite;
  CHECK(cudaMemPoolSetAccess(pool, &access, 1));
  unsigned long long threshold = 64ull << 20;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  const int n = 1 << 16;
  int* data = nullptr;
  CHECK(cudaMallocFromPoolAsync((void**)&data, n * sizeof(int), pool, stream));
  CHECK(cudaStreamSynchronize(stream));

  // memset(7) -> add_index -> child graph { double_all } -> host node.
  cudaGraph_t graph, child;
  CHECK(cudaGraphCreate(&graph, 0));
  CHECK(cudaGraphCreate(&child, 0));
  cudaMemsetParams memset_params = {};
  memset_params.dst = data;
  memset_params.value = 7;
  memset_params.elementSize = sizeof(int);
  memset_params.width = n;
  memset_params.height = 1;
  cudaGraphNode_t memset_node, add_node, child_node, host_node, double_node;
  CHECK(cudaGraphAddMemsetNode(&memset_node, graph, nullptr, 0, &memset_params));
  int count = n;
  void* add_args[] = {&data, &count};
  cudaKernelNodeParams kernel = {};
  kernel.func = (void*)add_index;
  kernel.gridDim = dim3((n + 255) / 256);
  kernel.blockDim = dim3(256);
  kernel.kernelParams = add_args;
  CHECK(cudaGraphAddKernelNode(&add_node, graph, &memset_node, 1, &kernel));
  cudaKernelNodeParams twice = kernel;
  twice.func = (void*)double_all;
  CHECK(cudaGraphAddKernelNode(&double_node, child, nullptr, 0, &twice));
  CHECK(cudaGraphAddChildGraphNode(&child_node, graph, &add_node, 1, child));
  int host_calls = 0;
  cudaHostNodeParams host = {};
  host.fn = count_call;
  host.userData = &host_calls;
  CHECK(cudaGraphAddHostNode(&host_node, graph, &child_node, 1, &host));

  // Query the graph back.
  int bad = 0;
  size_t nodes = 0, roots = 0;
  CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
  CHECK(cudaGraphGetRootNodes(graph, nullptr, &roots));
  std::vector<cudaGraphNode_t> root(roots);
  CHECK(cudaGraphGetRootNodes(graph, root.data(), &roots));
  bad += nodes != 4 || roots != 1 || root[0] != memset_node;
  cudaHostNodeParams read_host = {};
  CHECK(cudaGraphHostNodeGetParams(host_node, &read_host));
  bad += read_host.fn != count_call || read_host.userData != &host_calls;
  cudaGraph_t embedded;
  CHECK(cudaGraphChildGraphNodeGetGraph(child_node, &embedded));
  size_t child_nodes = 0;
  CHECK(cudaGraphGetNodes(embedded, nullptr, &child_nodes));
  bad += child_nodes != 1;
  cudaMemsetParams read_memset = {};
  CHECK(cudaGraphMemsetNodeGetParams(memset_node, &read_memset));
  bad += read_memset.value != 7 || read_memset.width != (size_t)n;

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CHECK(cudaGraphLaunch(exec, stream));
  CHECK(cudaStreamSynchronize(stream));
  std::vector<int> out(n);
  CHECK(cudaMemcpy(out.data(), data, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) bad += out[i] != 2 * (7 + i);  // elementSize 4: the value is the int 7
  bad += host_calls != 1;

  // A pitched 3D allocation set to one byte value.
  cudaExtent extent = make_cudaExtent(40 * sizeof(float), 8, 4);
  cudaPitchedPtr pitched;
  CHECK(cudaMalloc3D(&pitched, extent));
  CHECK(cudaMemset3D(pitched, 0x3c, extent));
  std::vector<unsigned char> plane(pitched.pitch * 8 * 4);
  CHECK(cudaMemcpy(plane.data(), pitched.ptr, plane.size(), cudaMemcpyDeviceToHost));
  for (size_t z = 0; z < 4; ++z)
    for (size_t y = 0; y < 8; ++y)
      for (size_t x = 0; x < extent.width; ++x) bad += plane[(z * 8 + y) * pitched.pitch + x] != 0x3c;

  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaGraphDestroy(child));
  CHECK(cudaFreeAsync(data, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemPoolDestroy(pool));
  CHECK(cudaFree(pitched.ptr));
  CHECK(cudaStreamDestroy(stream));
  printf("%d bad\n", bad);
  return bad ? 1 : 0;
}
