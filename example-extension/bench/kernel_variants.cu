// kernel_variants.cu: the candidates behind the extension's norm and silu_and_mul kernels, timed side by
// side with the extension's own launchers, without torch. It is how the choices documented at the top
// of csrc/cuda/norm_kernels.cuh and csrc/cuda/silu_and_mul.cu were made; run it again on a new GPU.
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -DDUALGPU_PLATFORM_CUDA -I../../include -I../csrc -I../csrc/cuda \
//        kernel_variants.cu -o kernel_variants && ./kernel_variants
//
// Timing: CUDA events around 200 back-to-back launches, median of 7 windows; inputs rotate over
// >= 256 MiB so no launch finds its input in L2. Percentages are of a 1 GiB device-to-device
// cudaMemcpyAsync (bytes read + written), as in bench_bandwidth.py. CUDA only (the streaming
// accesses and register caps measured here are NVIDIA-specific).
#include "bench_kernels.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace bench;

// ---- candidate norm kernels: one block per row, NV 16-byte vectors per thread -----------------
// STREAM: evict-first accesses for x and out. WEIGHT_FIRST: the weight loaded with x, before the
// reduction. All loads of a thread are issued before the first use in every candidate. Launched
// dependent (dualgpu::launch_dependent), NEXT says when the next kernel may start: at once, or after
// the reduction (without a dependent launch both are plain kernels).
enum next_start { next_at_once, next_after_reduction };
template <typename T, int NV, bool STREAM, bool WEIGHT_FIRST, next_start NEXT = next_after_reduction>
__global__ void candidate_rms_norm(T* __restrict__ out, const T* __restrict__ x, const T* __restrict__ w, float eps,
                                   int hidden) {
  constexpr int VEC = 16 / sizeof(T);
  dualgpu::wait_for_previous_grid();
  if (NEXT == next_at_once) dualgpu::allow_next_grid();
  const std::int64_t offset = static_cast<std::int64_t>(blockIdx.x) * hidden;
  aligned_vector<T, VEC> v[NV], wv[NV];
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = threadIdx.x + i * blockDim.x;
    v[i] = STREAM ? detail::load_stream<VEC>(x + offset + c * VEC) : detail::load_aligned<VEC>(x + offset + c * VEC);
    if (WEIGHT_FIRST) wv[i] = detail::load_aligned<VEC>(w + c * VEC);
  }
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < NV; ++i)
#pragma unroll
    for (int j = 0; j < VEC; ++j) s += to_float(v[i][j]) * to_float(v[i][j]);
  const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(s) / hidden + eps);
  if (NEXT == next_after_reduction) dualgpu::allow_next_grid();
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = threadIdx.x + i * blockDim.x;
    if (!WEIGHT_FIRST) wv[i] = detail::load_aligned<VEC>(w + c * VEC);
    aligned_vector<T, VEC> o;
#pragma unroll
    for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[i][j]) * inv_rms * to_float(wv[i][j]));
    if (STREAM)
      detail::store_stream<VEC>(out + offset + c * VEC, o);
    else
      detail::store_aligned<VEC>(out + offset + c * VEC, o);
  }
}

// The same with a register cap (what the extension's kernel does for rms_norm).
template <typename T, int NV, int REGS>
__global__ void __maxnreg__(REGS) candidate_rms_norm_capped(T* __restrict__ out, const T* __restrict__ x,
                                                            const T* __restrict__ w, float eps, int hidden) {
  constexpr int VEC = 16 / sizeof(T);
  const std::int64_t offset = static_cast<std::int64_t>(blockIdx.x) * hidden;
  aligned_vector<T, VEC> v[NV], wv[NV];
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const int c = threadIdx.x + i * blockDim.x;
    v[i] = detail::load_stream<VEC>(x + offset + c * VEC);
    wv[i] = detail::load_aligned<VEC>(w + c * VEC);
  }
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < NV; ++i)
#pragma unroll
    for (int j = 0; j < VEC; ++j) s += to_float(v[i][j]) * to_float(v[i][j]);
  const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(s) / hidden + eps);
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    aligned_vector<T, VEC> o;
#pragma unroll
    for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[i][j]) * inv_rms * to_float(wv[i][j]));
    detail::store_stream<VEC>(out + offset + (threadIdx.x + i * blockDim.x) * VEC, o);
  }
}

// Two passes over the row (torch.compile's kernel for many rows): THREADS per row, U vectors per
// thread per trip in flight; KEEP: the first pass keeps the row in L2 and the second streams it
// (otherwise both are plain loads). Few registers: a full SM.
template <typename T, int THREADS, int U, bool KEEP>
__global__ void __launch_bounds__(THREADS) candidate_two_pass(T* __restrict__ out, const T* __restrict__ x,
                                                              const T* __restrict__ w, float eps, int hidden) {
  constexpr int VEC = 16 / sizeof(T);
  dualgpu::wait_for_previous_grid();
  const T* row = x + static_cast<std::int64_t>(blockIdx.x) * hidden;
  const int chunks = hidden / VEC;
  const detail::l2_keep_policy keep;
  float s = 0.0f;
#pragma unroll U
  for (int c = threadIdx.x; c < chunks; c += THREADS) {
    const auto v = KEEP ? detail::load_keep<VEC>(row + c * VEC, keep) : detail::load_aligned<VEC>(row + c * VEC);
#pragma unroll
    for (int j = 0; j < VEC; ++j) s += to_float(v[j]) * to_float(v[j]);
  }
  const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(s) / hidden + eps);
  dualgpu::allow_next_grid();
#pragma unroll U
  for (int c = threadIdx.x; c < chunks; c += THREADS) {
    const auto v = KEEP ? detail::load_stream<VEC>(row + c * VEC) : detail::load_aligned<VEC>(row + c * VEC);
    const auto wv = detail::load_aligned<VEC>(w + c * VEC);
    aligned_vector<T, VEC> o;
#pragma unroll
    for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[j]) * inv_rms * to_float(wv[j]));
    detail::store_stream<VEC>(out + static_cast<std::int64_t>(blockIdx.x) * hidden + c * VEC, o);
  }
}

// The same over a persistent grid: BLOCKS_PER_SM blocks of THREADS on every SM, each looping over
// rows, so no block is launched per row (16384 rows are 31 waves of blocks on an H200).
template <typename T, int THREADS, int U>
__global__ void __launch_bounds__(THREADS, 2048 / THREADS) candidate_two_pass_persistent(T* __restrict__ out, const T* __restrict__ x,
                                                                         const T* __restrict__ w, float eps,
                                                                         int hidden, int rows) {
  constexpr int VEC = 16 / sizeof(T);
  dualgpu::wait_for_previous_grid();
  const int chunks = hidden / VEC;
  const detail::l2_keep_policy keep;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    const T* row = x + static_cast<std::int64_t>(r) * hidden;
    float s = 0.0f;
#pragma unroll U
    for (int c = threadIdx.x; c < chunks; c += THREADS) {
      const auto v = detail::load_keep<VEC>(row + c * VEC, keep);
#pragma unroll
      for (int j = 0; j < VEC; ++j) s += to_float(v[j]) * to_float(v[j]);
    }
    const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(s) / hidden + eps);
    if (r == static_cast<int>(blockIdx.x)) dualgpu::allow_next_grid();  // uniform over the block
#pragma unroll U
    for (int c = threadIdx.x; c < chunks; c += THREADS) {
      const auto v = detail::load_stream<VEC>(row + c * VEC);
      const auto wv = detail::load_aligned<VEC>(w + c * VEC);
      aligned_vector<T, VEC> o;
#pragma unroll
      for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(to_float(v[j]) * inv_rms * to_float(wv[j]));
      detail::store_stream<VEC>(out + static_cast<std::int64_t>(r) * hidden + c * VEC, o);
    }
  }
}

// ---- candidate silu_and_mul: one vector per thread, rows on blockIdx.x or on blockIdx.y ----------
template <typename T, bool ROWS_ON_Y, bool STREAM>
__global__ void __launch_bounds__(256) candidate_silu(T* __restrict__ out, const T* __restrict__ x, int d) {
  constexpr int VEC = 16 / sizeof(T);
  const std::int64_t row = ROWS_ON_Y ? blockIdx.y : blockIdx.x;
  const int c = (ROWS_ON_Y ? blockIdx.x : blockIdx.y) * blockDim.x + threadIdx.x;
  if (c >= d / VEC) return;
  const T* gate = x + row * 2 * d + c * VEC;
  const auto g = STREAM ? detail::load_stream<VEC>(gate) : detail::load_aligned<VEC>(gate);
  const auto u = STREAM ? detail::load_stream<VEC>(gate + d) : detail::load_aligned<VEC>(gate + d);
  aligned_vector<T, VEC> o;
#pragma unroll
  for (int j = 0; j < VEC; ++j) o[j] = from_float<T>(__fdividef(to_float(g[j]), 1.0f + __expf(-to_float(g[j]))) * to_float(u[j]));
  if (STREAM)
    detail::store_stream<VEC>(out + row * d + c * VEC, o);
  else
    detail::store_aligned<VEC>(out + row * d + c * VEC, o);
}

__global__ void copy_kernel(int4* __restrict__ out, const int4* __restrict__ in, std::size_t n) {
  for (std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; k < n;
       k += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[k] = in[k];
}

// ---- timing ----------------------------------------------------------------------------------
constexpr std::size_t rotate_bytes = 256u << 20;
double copy_gbps = 0.0;

float median_us(const std::function<void(int)>& launch, int sets) {
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) launch(i % sets);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> windows;
  for (int r = 0; r < 7; ++r) {
    constexpr int iters = 200;
    CHECK_CUDA(cudaEventRecord(start));
    for (int i = 0; i < iters; ++i) launch(i % sets);
    CHECK_CUDA(cudaEventRecord(stop));
    CHECK_CUDA(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    windows.push_back(ms * 1e3f / iters);
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  std::sort(windows.begin(), windows.end());
  return windows[windows.size() / 2];
}

void report(const std::string& what, double bytes, float us) {
  const double gbps = bytes / us / 1e3;
  std::printf("| %-60s | %8.2f | %6.0f | %5.1f%% |\n", what.c_str(), us, gbps, 100.0 * gbps / copy_gbps);
  std::fflush(stdout);
}

struct buffers {  // `sets` copies of each, so the launches rotate through >= rotate_bytes
  std::vector<void*> in, out;
  buffers(std::size_t in_bytes, std::size_t out_bytes, int sets) {
    for (int i = 0; i < sets; ++i) {
      void *a = nullptr, *b = nullptr;
      CHECK_CUDA(cudaMalloc(&a, in_bytes));
      CHECK_CUDA(cudaMalloc(&b, out_bytes));
      CHECK_CUDA(cudaMemset(a, 0x3c, in_bytes));  // 0x3c3c: small finite values in fp32 and bf16
      CHECK_CUDA(cudaMemset(b, 0x3c, out_bytes));
      in.push_back(a);
      out.push_back(b);
    }
  }
  ~buffers() {
    for (void* p : in) cudaFree(p);
    for (void* p : out) cudaFree(p);
  }
};

int sets_for(std::size_t bytes_per_launch) {
  return static_cast<int>(std::min<std::size_t>(32, rotate_bytes / bytes_per_launch + 1));
}

template <typename T>
void norms(int rows, int hidden, const char* dtype) {
  constexpr int VEC = 16 / sizeof(T);
  const std::size_t bytes_one = static_cast<std::size_t>(rows) * hidden * sizeof(T);
  const double bytes = 2.0 * bytes_one + hidden * sizeof(T);
  const int sets = sets_for(2 * bytes_one);
  buffers b(bytes_one, bytes_one, sets);
  T* w = nullptr;
  CHECK_CUDA(cudaMalloc(&w, hidden * sizeof(T)));
  CHECK_CUDA(cudaMemset(w, 0x3c, hidden * sizeof(T)));
  const scalar_kind kind = sizeof(T) == 2 ? scalar_kind::bfloat16 : scalar_kind::float32;
  const std::string shape = "rms_norm " + std::to_string(rows) + "x" + std::to_string(hidden) + " " + dtype + " ";
  auto in = [&](int i) { return static_cast<const T*>(b.in[i]); };
  auto out = [&](int i) { return static_cast<T*>(b.out[i]); };
  // Threads per row for many rows as the extension first planned them: max(256, chunks / 4), NV = chunks /
  // threads (it now takes NV = 4 once a launch needs more than one wave: plan_norm in norm_kernels.cuh).
  const int chunks = hidden / VEC;
  const int threads = std::max(256, chunks / 4);
  const int nv = chunks / threads;
  auto candidate = [&](auto kernel, const char* name) {
    report(shape + name + " nv" + std::to_string(nv), bytes,
           median_us([&](int i) { kernel<<<rows, threads>>>(out(i), in(i), w, 1e-6f, hidden); }, sets));
  };
  auto dependent = [&](auto launch, int t, const std::string& name) {  // launch(i) -> error
    report(shape + name + ", dependent", bytes, median_us([&](int i) { CHECK_CUDA(launch(i, t)); }, sets));
  };
#define DEPENDENT(kernel, t, name)                                                                    \
  dependent([&](int i, int tt) {                                                                      \
    return dualgpu::launch_dependent<kernel>(dim3(rows), dim3(tt), 0, nullptr, out(i), in(i), w, 1e-6f, hidden); \
  }, t, name)
  if (nv == 2) {
    candidate(candidate_rms_norm<T, 2, false, false>, "plain");
    candidate(candidate_rms_norm<T, 2, true, false>, "+stream");
    candidate(candidate_rms_norm<T, 2, true, true>, "+stream +weight first");
    candidate(candidate_rms_norm_capped<T, 2, 40>, "+stream +weight first, 40 regs");
    DEPENDENT((candidate_rms_norm<T, 2, true, false, next_at_once>), threads, "+stream nv2, next at once");
    DEPENDENT((candidate_rms_norm<T, 2, true, false, next_after_reduction>), threads, "+stream nv2, next after reduce");
  } else if (nv == 4) {
    candidate(candidate_rms_norm<T, 4, false, false>, "plain");
    candidate(candidate_rms_norm<T, 4, true, false>, "+stream");
    candidate(candidate_rms_norm<T, 4, true, true>, "+stream +weight first");
    candidate(candidate_rms_norm_capped<T, 4, 64>, "+stream +weight first, 64 regs");
    DEPENDENT((candidate_rms_norm<T, 4, true, false, next_at_once>), threads, "+stream nv4, next at once");
    DEPENDENT((candidate_rms_norm<T, 4, true, false, next_after_reduction>), threads, "+stream nv4, next after reduce");
  }
  DEPENDENT((candidate_two_pass<T, 512, 1, false>), 512, "two-pass 512 threads, plain");
  DEPENDENT((candidate_two_pass<T, 512, 2, false>), 512, "two-pass 512 threads x2, plain");
  DEPENDENT((candidate_two_pass<T, 512, 2, true>), 512, "two-pass 512 threads x2, L2 keep");
  DEPENDENT((candidate_two_pass<T, 256, 2, true>), 256, "two-pass 256 threads x2, L2 keep");
#undef DEPENDENT
  int sms = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  auto persistent = [&](auto launch, int t, int per_sm, const std::string& name) {
    const dim3 grid(static_cast<unsigned>(std::min(rows, sms * per_sm)));
    report(shape + name, bytes, median_us([&](int i) { CHECK_CUDA(launch(grid, t, i)); }, sets));
  };
  persistent([&](dim3 g, int t, int i) {
    return dualgpu::launch_dependent<candidate_two_pass_persistent<T, 512, 2>>(g, dim3(t), 0, nullptr, out(i), in(i), w,
                                                                                1e-6f, hidden, rows);
  }, 512, 4, "two-pass 512 threads x2, L2 keep, persistent 4/SM");
  persistent([&](dim3 g, int t, int i) {
    return dualgpu::launch_dependent<candidate_two_pass_persistent<T, 256, 2>>(g, dim3(t), 0, nullptr, out(i), in(i), w,
                                                                                1e-6f, hidden, rows);
  }, 256, 8, "two-pass 256 threads x2, L2 keep, persistent 8/SM");
  persistent([&](dim3 g, int t, int i) {
    return dualgpu::launch_dependent<candidate_two_pass_persistent<T, 1024, 2>>(g, dim3(t), 0, nullptr, out(i), in(i), w,
                                                                                 1e-6f, hidden, rows);
  }, 1024, 2, "two-pass 1024 threads x2, L2 keep, persistent 2/SM");
  report(shape + "extension (launch_rms_norm)", bytes, median_us([&](int i) {
           dualgpu_example::launch_rms_norm(out(i), in(i), w, 1e-6f, rows, hidden, kind, nullptr);
         }, sets));
  report(shape + "extension (launch_fused_add_rms_norm)", 2 * bytes, median_us([&](int i) {
           dualgpu_example::launch_fused_add_rms_norm(out(i), b.in[i], w, 1e-6f, rows, hidden, kind, nullptr);
         }, sets));
  report(shape + "copy kernel, same bytes", 2.0 * bytes_one, median_us([&](int i) {
           copy_kernel<<<sms * 8, 256>>>(static_cast<int4*>(b.out[i]), static_cast<const int4*>(b.in[i]), bytes_one / 16);
         }, sets));
  CHECK_CUDA(cudaFree(w));
}

template <typename T>
void silu(int rows, int d, const char* dtype) {
  constexpr int VEC = 16 / sizeof(T);
  const std::size_t in_bytes = static_cast<std::size_t>(rows) * 2 * d * sizeof(T), out_bytes = in_bytes / 2;
  const double bytes = static_cast<double>(in_bytes + out_bytes);
  const int sets = sets_for(in_bytes + out_bytes);
  buffers b(in_bytes, out_bytes, sets);
  const std::string shape = "silu_and_mul " + std::to_string(rows) + "x" + std::to_string(2 * d) + " " + dtype + " ";
  const unsigned column_blocks = static_cast<unsigned>((d / VEC + 255) / 256);
  auto candidate = [&](auto kernel, bool rows_on_y, const char* name) {
    const dim3 grid = rows_on_y ? dim3(column_blocks, rows) : dim3(rows, column_blocks);
    report(shape + name, bytes, median_us([&](int i) {
             kernel<<<grid, 256>>>(static_cast<T*>(b.out[i]), static_cast<const T*>(b.in[i]), d);
           }, sets));
  };
  candidate(candidate_silu<T, false, false>, false, "rows on blockIdx.x");
  candidate(candidate_silu<T, true, false>, true, "rows on blockIdx.y");
  candidate(candidate_silu<T, true, true>, true, "rows on blockIdx.y +stream");
  const scalar_kind kind = sizeof(T) == 2 ? scalar_kind::bfloat16 : scalar_kind::float32;
  report(shape + "extension (launch_silu_and_mul)", bytes, median_us([&](int i) {
           dualgpu_example::launch_silu_and_mul(b.out[i], b.in[i], rows, d, kind, nullptr);
         }, sets));
}

}  // namespace

int main() {
  {
    constexpr std::size_t n = std::size_t{1} << 30;
    buffers b(n, n, 1);
    const float us = median_us([&](int) { cudaMemcpyAsync(b.out[0], b.in[0], n, cudaMemcpyDeviceToDevice); }, 1);
    copy_gbps = 2.0 * n / us / 1e3;
  }
  cudaDeviceProp prop{};
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s: device-to-device copy of 1 GiB %.0f GB/s = 100%%\n\n", prop.name, copy_gbps);
  std::printf("| %-60s | %8s | %6s | %6s |\n|---|---:|---:|---:|\n", "kernel", "us", "GB/s", "copy");
  norms<__nv_bfloat16>(4096, 4096, "bf16");
  norms<__nv_bfloat16>(4096, 8192, "bf16");
  norms<__nv_bfloat16>(16384, 8192, "bf16");
  norms<float>(4096, 4096, "fp32");
  norms<float>(4096, 8192, "fp32");
  norms<float>(16384, 8192, "fp32");
  silu<__nv_bfloat16>(4096, 14336, "bf16");
  silu<float>(4096, 14336, "fp32");
  return 0;
}
