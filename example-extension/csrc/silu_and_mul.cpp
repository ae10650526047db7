// silu_and_mul.cpp: the op's schema, input check, CPU kernel and registration; on GPU platforms also
// the GPU wrapper, which calls the torch-free launcher of cuda/silu_and_mul.cu declared below.
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "common.h"

#include <torch/library.h>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#include "dualgpu/torch.hpp"

#include <vector>
#endif

namespace dualgpu_example {

void check_silu_and_mul_input(const at::Tensor& x) {
  check_float_tensor(x, "x");
  TORCH_CHECK(x.dim() >= 1 && x.size(-1) % 2 == 0, "x's last dimension must be even (gate and up halves), got shape ",
              x.sizes());
}

namespace {

// silu(gate) * up in float, rounded once at the end.
at::Tensor silu_and_mul_cpu(const at::Tensor& x) {
  check_silu_and_mul_input(x);
  const int64_t d = x.size(-1) / 2;
  const at::Tensor xf = x.to(at::kFloat);
  const at::Tensor gate = xf.narrow(-1, 0, d);
  return gate.mul(gate.sigmoid()).mul(xf.narrow(-1, d, d)).to(x.scalar_type());
}

}  // namespace

#if !defined(DUALGPU_PLATFORM_CPU)
// cuda/silu_and_mul.cu: out[r, i] = silu(x[r, i]) * x[r, d + i], x has 2 * d values per row.
// Asynchronous on `stream`; returns the launch error.
dualgpu::error_t launch_silu_and_mul(void* out, const void* x, std::int64_t rows, std::int64_t d, scalar_kind kind,
                                     dualgpu::stream_t stream);

namespace {

at::Tensor silu_and_mul_gpu(const at::Tensor& x) {
  check_silu_and_mul_input(x);
  const dualgpu::device_guard guard(x);
  std::vector<int64_t> out_shape = x.sizes().vec();
  out_shape.back() /= 2;
  at::Tensor out = x.new_empty(out_shape);
  DUALGPU_CHECK(launch_silu_and_mul(out.data_ptr(), x.data_ptr(), leading_rows(x), out_shape.back(), kind_of(x),
                                    dualgpu::current_stream(x)));
  return out;
}

}  // namespace
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace dualgpu_example

TORCH_LIBRARY_FRAGMENT(dualgpu_example, m) { m.def("silu_and_mul(Tensor x) -> Tensor"); }

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) { m.impl("silu_and_mul", &dualgpu_example::silu_and_mul_cpu); }

#if !defined(DUALGPU_PLATFORM_CPU)
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) { m.impl("silu_and_mul", &dualgpu_example::silu_and_mul_gpu); }
#endif
