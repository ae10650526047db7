// rotary_embedding.cpp: the op's schema, input checks, CPU kernel and registration; on GPU platforms
// also the GPU wrapper, which calls the torch-free launcher of cuda/rotary_embedding.cu declared below.
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "common.h"

#include "dualgpu/torch.hpp"

#include <torch/library.h>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#endif

namespace dualgpu_example {

std::pair<int64_t, int64_t> check_rotary_inputs(const at::Tensor& positions, const at::Tensor& query,
                                                const at::Tensor& key, int64_t head_size,
                                                const at::Tensor& cos_sin_cache) {
  TORCH_CHECK_TYPE(positions.scalar_type() == at::kLong, "positions must have dtype Long, got ",
                   positions.scalar_type());
  dualgpu::check_contiguous(positions, "positions");
  check_float_tensor(query, "query");
  check_like(key, "key", query, "query");
  check_like(cos_sin_cache, "cos_sin_cache", query, "query");
  dualgpu::check_same_device(positions, "positions", query, "query");
  TORCH_CHECK(head_size > 0, "head_size must be positive, got ", head_size);
  TORCH_CHECK(cos_sin_cache.dim() == 2, "cos_sin_cache must be [max_position, rot_dim], got ", cos_sin_cache.sizes());
  const int64_t rot_dim = cos_sin_cache.size(1);
  TORCH_CHECK(rot_dim % 2 == 0 && rot_dim <= head_size, "cos_sin_cache's rot_dim (", rot_dim,
              ") must be even and at most head_size (", head_size, ")");
  const int64_t tokens = positions.numel();
  const int64_t per_token = tokens == 0 ? 0 : head_size * tokens;
  TORCH_CHECK(tokens == 0 ? query.numel() == 0 && key.numel() == 0
                          : query.numel() % per_token == 0 && key.numel() % per_token == 0,
              "query and key must hold positions.numel() (", tokens, ") tokens of whole heads of ", head_size,
              " values, got query ", query.sizes(), " and key ", key.sizes());
  return {tokens == 0 ? 0 : query.numel() / per_token, tokens == 0 ? 0 : key.numel() / per_token};
}

namespace {

void rotate_cpu(at::Tensor& t, const at::Tensor& cos, const at::Tensor& sin, int64_t tokens, int64_t heads,
                int64_t head_size, int64_t half) {
  at::Tensor heads_view = t.view({tokens, heads, head_size});
  at::Tensor first = heads_view.narrow(-1, 0, half), second = heads_view.narrow(-1, half, half);
  // copy=true: for float32 .to() would alias the halves we are about to overwrite.
  const at::Tensor a = first.to(at::kFloat, false, /*copy=*/true), b = second.to(at::kFloat, false, /*copy=*/true);
  first.copy_(a.mul(cos).sub(b.mul(sin)));
  second.copy_(b.mul(cos).add(a.mul(sin)));
}

void rotary_embedding_cpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache) {
  const auto heads = check_rotary_inputs(positions, query, key, head_size, cos_sin_cache);
  const int64_t tokens = positions.numel(), half = cos_sin_cache.size(1) / 2;
  if (tokens == 0 || half == 0) return;
  // [tokens, 1, rot_dim]: broadcast over the heads. index_select also bounds-checks positions.
  const at::Tensor rows = cos_sin_cache.index_select(0, positions.reshape(-1)).to(at::kFloat).unsqueeze(1);
  const at::Tensor cos = rows.narrow(-1, 0, half), sin = rows.narrow(-1, half, half);
  rotate_cpu(query, cos, sin, tokens, heads.first, head_size, half);
  rotate_cpu(key, cos, sin, tokens, heads.second, head_size, half);
}

}  // namespace

#if !defined(DUALGPU_PLATFORM_CPU)
// cuda/rotary_embedding.cu: NeoX-style rotation of the first rot_dim values of every head, in place.
// cos_sin_cache is [max_position, rot_dim]: rot_dim / 2 cosines then rot_dim / 2 sines. Asynchronous
// on `stream`; returns the launch error.
dualgpu::error_t launch_rotary_embedding(const std::int64_t* positions, void* query, void* key,
                                         const void* cos_sin_cache, std::int64_t tokens, std::int64_t query_heads,
                                         std::int64_t key_heads, std::int64_t head_size, std::int64_t rot_dim,
                                         scalar_kind kind, dualgpu::stream_t stream);

namespace {

void rotary_embedding_gpu(const at::Tensor& positions, at::Tensor& query, at::Tensor& key, int64_t head_size,
                          const at::Tensor& cos_sin_cache) {
  const auto heads = check_rotary_inputs(positions, query, key, head_size, cos_sin_cache);
  const dualgpu::device_guard guard(query);
  // Positions are not bounds-checked on the GPU (it would cost a sync); the CPU kernel checks them.
  DUALGPU_CHECK(launch_rotary_embedding(positions.data_ptr<int64_t>(), query.data_ptr(), key.data_ptr(),
                                        cos_sin_cache.data_ptr(), positions.numel(), heads.first, heads.second,
                                        head_size, cos_sin_cache.size(1), kind_of(query), dualgpu::current_stream(query)));
}

}  // namespace
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace dualgpu_example

TORCH_LIBRARY_FRAGMENT(dualgpu_example, m) {
  m.def("rotary_embedding(Tensor positions, Tensor(a!) query, Tensor(b!) key, int head_size, Tensor cos_sin_cache) -> ()");
}

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) {
  m.impl("rotary_embedding", &dualgpu_example::rotary_embedding_cpu);
}

#if !defined(DUALGPU_PLATFORM_CPU)
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) {
  m.impl("rotary_embedding", &dualgpu_example::rotary_embedding_gpu);
}
#endif
