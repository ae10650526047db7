// launch_floor.cu: at decode sizes, how much of a call is the launch and how much is the kernel.
// Times, per call, an empty kernel, minimal kernels for the same work and the extension's launchers,
// so that a gap to a peer can be put on the launch, the kernel's fixed work, or the dependent launch.
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -DDUALGPU_PLATFORM_CUDA -I../../include -I../csrc -I../csrc/cuda \
//        launch_floor.cu -o launch_floor && ./launch_floor && DUALGPU_PDL=0 ./launch_floor
//
// Timing as bench_bandwidth.py's: a CUDA graph of 100 calls, replayed; the median over 15 replays.
//   hot:  the calls back to back on the same inputs (the kernel before each is the same one).
//   cold: an ordinary fill kernel over 256 MiB (the L2 flush) before each call; a graph of the
//         flushes alone is timed too and subtracted.
// CUDA only.
#include "bench_kernels.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace bench;
using bf16 = __nv_bfloat16;

constexpr int calls_per_graph = 100;
constexpr std::size_t flush_bytes = std::size_t{256} << 20;

__global__ void fill_kernel(int4* p, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += std::size_t{gridDim.x} * blockDim.x)
    p[i] = make_int4(static_cast<int>(i), 0, 0, 0);
}

__global__ void empty_kernel() {}

__global__ void empty_waiting_kernel() { dualgpu::wait_for_previous_grid(); }

// The least a norm row needs: one block of `blockDim.x` threads a row, one 16-byte vector of x and of
// the weight a thread (aligned rows of at most 8 * blockDim.x values), a warp-shuffle and shared-memory
// reduction, one store. DEPENDENT: waits for the previous grid and lets the next in after the reduction.
template <bool DEPENDENT>
__global__ void __launch_bounds__(128) minimal_rms_norm(bf16* __restrict__ out, const bf16* __restrict__ x,
                                                        const bf16* __restrict__ w, float eps, int hidden) {
  if (DEPENDENT) dualgpu::wait_for_previous_grid();
  const int c = threadIdx.x;
  const bool live = c < hidden / 8;
  const std::int64_t offset = static_cast<std::int64_t>(blockIdx.x) * hidden;
  aligned_vector<bf16, 8> v{}, wv{};
  if (live) {
    v = detail::load_aligned<8>(x + offset + c * 8);
    wv = detail::load_aligned<8>(w + c * 8);
  }
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 8; ++j) s += to_float(v[j]) * to_float(v[j]);
  const float inv_rms = rsqrtf(dualgpu::block_reduce_sum(s) / hidden + eps);
  if (DEPENDENT) dualgpu::allow_next_grid();
  if (!live) return;
  aligned_vector<bf16, 8> o;
#pragma unroll
  for (int j = 0; j < 8; ++j) o[j] = from_float<bf16>(to_float(v[j]) * inv_rms * to_float(wv[j]));
  detail::store_aligned<8>(out + offset + c * 8, o);
}

// The least silu_and_mul needs at any width: one value a thread, scalar, a block of 256 a row slice.
__global__ void __launch_bounds__(256) minimal_silu_and_mul(bf16* __restrict__ out, const bf16* __restrict__ x, int d) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= d) return;
  const bf16* gate = x + static_cast<std::int64_t>(blockIdx.y) * 2 * d;
  const float g = to_float(gate[c]);
  out[static_cast<std::int64_t>(blockIdx.y) * d + c] = from_float<bf16>(__fdividef(g, 1.0f + __expf(-g)) * to_float(gate[d + c]));
}

struct device_buffers {
  void* flush = nullptr;
  void* in = nullptr;
  void* residual = nullptr;
  void* out = nullptr;
  void* weight = nullptr;
  device_buffers() {
    CHECK_CUDA(cudaMalloc(&flush, flush_bytes));
    for (void** p : {&in, &residual, &out, &weight}) {
      CHECK_CUDA(cudaMalloc(p, std::size_t{64} << 20));
      CHECK_CUDA(cudaMemset(*p, 0x3c, std::size_t{64} << 20));  // bf16 ~0.0115: finite, not zero
    }
  }
};

float graph_us(cudaStream_t stream, const std::function<void()>& body) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  body();
  CHECK_CUDA(cudaStreamEndCapture(stream, &graph));
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) CHECK_CUDA(cudaGraphLaunch(exec, stream));
  std::vector<float> times;
  for (int i = 0; i < 15; ++i) {
    CHECK_CUDA(cudaEventRecord(start, stream));
    CHECK_CUDA(cudaGraphLaunch(exec, stream));
    CHECK_CUDA(cudaEventRecord(stop, stream));
    CHECK_CUDA(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms * 1000.0f);
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(graph));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

struct timer {
  cudaStream_t stream;
  device_buffers& b;
  float flush_alone = 0;
  void flush() { fill_kernel<<<132 * 4, 512, 0, stream>>>(static_cast<int4*>(b.flush), flush_bytes / 16); }
  void report(const std::string& name, const std::function<void(cudaStream_t)>& call) {
    const float hot = graph_us(stream, [&] {
      for (int i = 0; i < calls_per_graph; ++i) call(stream);
    });
    const float cold = graph_us(stream, [&] {
      for (int i = 0; i < calls_per_graph; ++i) {
        flush();
        call(stream);
      }
    });
    std::printf("| %-58s | %6.2f | %6.2f |\n", name.c_str(), hot / calls_per_graph, (cold - flush_alone) / calls_per_graph);
  }
};

}  // namespace

int main() {
  device_buffers b;
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  timer t{stream, b};
  t.flush_alone = graph_us(stream, [&] {
    for (int i = 0; i < calls_per_graph; ++i) t.flush();
  });
  const char* pdl = std::getenv("DUALGPU_PDL");
  std::printf("DUALGPU_PDL=%s; flush alone %.2f us a call\n\n", pdl ? pdl : "(unset)", t.flush_alone / calls_per_graph);
  std::printf("| %-58s | %6s | %6s |\n|---|---:|---:|\n", "call", "hot us", "cold us");
  auto* out = static_cast<bf16*>(b.out);
  auto* in = static_cast<const bf16*>(b.in);
  auto* w = static_cast<const bf16*>(b.weight);
  t.report("empty kernel, 1 block of 128", [](cudaStream_t s) { empty_kernel<<<1, 128, 0, s>>>(); });
  t.report("empty kernel, dependent launch", [](cudaStream_t s) {
    CHECK_CUDA(dualgpu::launch_dependent<empty_waiting_kernel>(dim3(1), dim3(128), 0, s));
  });
  for (int rows : {1, 16, 64}) {
    const std::string shape = "rms_norm " + std::to_string(rows) + "x896 bf16: ";
    t.report(shape + "minimal kernel", [&](cudaStream_t s) {
      minimal_rms_norm<false><<<rows, 128, 0, s>>>(out, in, w, 1e-6f, 896);
    });
    t.report(shape + "minimal kernel, dependent launch", [&](cudaStream_t s) {
      CHECK_CUDA((dualgpu::launch_dependent<minimal_rms_norm<true>>(dim3(rows), dim3(128), 0, s, out, in, w, 1e-6f, 896)));
    });
    t.report(shape + "extension", [&](cudaStream_t s) {
      CHECK_CUDA(dualgpu_example::launch_rms_norm(b.out, b.in, b.weight, 1e-6f, rows, 896, scalar_kind::bfloat16, s));
    });
  }
  t.report("fused_add_rms_norm 16x896 bf16: extension", [&](cudaStream_t s) {
    CHECK_CUDA(dualgpu_example::launch_fused_add_rms_norm(b.out, b.residual, b.weight, 1e-6f, 16, 896,
                                                          scalar_kind::bfloat16, s));
  });
  for (auto [rows, d] : {std::pair{1, 1001}, std::pair{64, 2048}, std::pair{1, 4096}}) {
    const std::string shape = "silu_and_mul " + std::to_string(rows) + "x" + std::to_string(2 * d) + " bf16: ";
    t.report(shape + "minimal kernel", [&, rows = rows, d = d](cudaStream_t s) {
      minimal_silu_and_mul<<<dim3((d + 255) / 256, rows), 256, 0, s>>>(out, in, d);
    });
    t.report(shape + "extension", [&, rows = rows, d = d](cudaStream_t s) {
      CHECK_CUDA(dualgpu_example::launch_silu_and_mul(b.out, b.in, rows, d, scalar_kind::bfloat16, s));
    });
  }
  return 0;
}
