// Profiler ranges as llm.c and training loops mark them: <nvtx3/nvToolsExt.h>, an RAII range class,
// nvtxRangePushA/Pop, nvtxRangePushEx with a coloured nvtxEventAttributes_t, nvtxMarkA,
// nvtxRangeStartA/End. They never change results; the kernel's output is checked.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <cstdio>
#include <string>
#include "porting_common.h"

class NvtxRange {
 public:
  NvtxRange(const char* s) { nvtxRangePush(s); }
  NvtxRange(const std::string& base_str, int number) {
    std::string range_string = base_str + " " + std::to_string(number);
    nvtxRangePush(range_string.c_str());
  }
  ~NvtxRange() { nvtxRangePop(); }
};
#define NVTX_RANGE_FN() NvtxRange nvtx_range(__FUNCTION__)

__global__ void scale(float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

void step(float* d, int n, int k) {
  NVTX_RANGE_FN();
  NvtxRange inner("scale", k);
  scale<<<(n + 255) / 256, 256>>>(d, 2.0f, n);
}

int main() {
  nvtxEventAttributes_t attr = {};
  attr.version = NVTX_VERSION;
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attr.colorType = NVTX_COLOR_ARGB;
  attr.color = 0xff00ff00;
  attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attr.message.ascii = "main";
  nvtxRangePushEx(&attr);
  nvtxMarkA("start");
  if (int skip = porting_gpu_or_skip()) return skip;
  const int n = 1000;
  float h[n];
  for (int i = 0; i < n; ++i) h[i] = (float)i;
  float* d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  nvtxRangeId_t id = nvtxRangeStartA("steps");
  for (int k = 0; k < 3; ++k) step(d, n, k);
  nvtxRangeEnd(id);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  nvtxRangePop();
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += h[i] != 8.0f * i;
  cudaFree(d);
  printf("%d bad\n", bad);
  return bad ? 1 : 0;
}
