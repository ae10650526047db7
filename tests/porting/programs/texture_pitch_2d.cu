// 2D image in a CUDA array sampled through a texture object (point filter, clamp), and a pitched
// copy with cudaMallocPitch / cudaMemcpy2D, as cuda-samples' simpleTexture and image filters do.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include "porting_common.h"

#define CUDA_CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  printf("%s failed: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void shift_sample(float* out, size_t out_pitch, cudaTextureObject_t tex, int w, int h) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float v = tex2D<float>(tex, x + 1.5f, y + 0.5f);  // the texel to the right, clamped at the edge
  float* row = (float*)((char*)out + y * out_pitch);
  row[x] = 2.0f * v;
}

int main() {
  if (int skip = porting_gpu_or_skip()) return skip;
  const int w = 37, h = 23;
  std::vector<float> img(w * h), out(w * h);
  for (int i = 0; i < w * h; ++i) img[i] = (float)(i % 101);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  CUDA_CHECK(cudaMallocArray(&array, &desc, w, h));
  CUDA_CHECK(cudaMemcpy2DToArray(array, 0, 0, img.data(), w * sizeof(float), w * sizeof(float), h,
                                 cudaMemcpyHostToDevice));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeClamp;
  td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  CUDA_CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
  float* d_out;
  size_t pitch;
  CUDA_CHECK(cudaMallocPitch((void**)&d_out, &pitch, w * sizeof(float), h));
  dim3 block(16, 8), grid((w + 15) / 16, (h + 7) / 8);
  shift_sample<<<grid, block>>>(d_out, pitch, tex, w, h);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy2D(out.data(), w * sizeof(float), d_out, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int xs = x + 1 < w ? x + 1 : w - 1;
      if (out[y * w + x] != 2.0f * img[y * w + xs]) ++bad;
    }
  CUDA_CHECK(cudaDestroyTextureObject(tex));
  CUDA_CHECK(cudaFreeArray(array));
  CUDA_CHECK(cudaFree(d_out));
  printf("%d mismatches\n", bad);
  return bad ? 1 : 0;
}
