// The smallest CUDA program as tutorials write it: no #include at all. nvcc includes
// cuda_runtime.h in every .cu file, so cudaMalloc, threadIdx and <<<>>> need none; a HIP build
// gets the same from DualGPU's forced include. Checked against a double-precision CPU sum.
__global__ void vector_add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) return 77;  // no GPU: skipped
  const int n = 100003;
  float* a = new float[n];
  float* b = new float[n];
  float* c = new float[n];
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * (i % 97);
    b[i] = 1.0f / (1 + i % 13);
  }
  float *d_a, *d_b, *d_c;
  cudaMalloc((void**)&d_a, n * sizeof(float));
  cudaMalloc((void**)&d_b, n * sizeof(float));
  cudaMalloc((void**)&d_c, n * sizeof(float));
  cudaMemcpy(d_a, a, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(float), cudaMemcpyHostToDevice);
  vector_add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
  if (cudaGetLastError() != cudaSuccess) return 1;
  cudaMemcpy(c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    double want = (double)a[i] + (double)b[i];
    double diff = c[i] - want;
    if (diff < -1e-5 * want || diff > 1e-5 * want) ++bad;
  }
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  delete[] a;
  delete[] b;
  delete[] c;
  return bad == 0 ? 0 : 1;
}
