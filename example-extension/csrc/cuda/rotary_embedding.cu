// rotary_embedding.cu: NeoX-style rotary embedding of query and key, in place (CUDA spelling;
// HIP on ROCm). No torch here: the launcher takes raw pointers and is declared in
// ../rotary_embedding.cpp.
#include "launch_common.cuh"

namespace dualgpu_example {
namespace {

using namespace detail;
using dualgpu::aligned_vector;

// One block per token; threadIdx.x walks the VEC-wide chunks of a half rotation (rot_dim / 2),
// threadIdx.y the heads (query heads then key heads). A thread loads its cos/sin chunk once and
// applies it to every head it visits; no division in the loop.
template <typename T, int VEC>
__global__ void __launch_bounds__(1024)
    rotary_embedding_kernel(const std::int64_t* __restrict__ positions, T* __restrict__ query,
                               T* __restrict__ key, const T* __restrict__ cos_sin_cache, std::int64_t tokens,
                               int query_heads, int key_heads, int head_size, int rot_dim) {
  dualgpu::wait_for_previous_grid();  // launched dependent
  const int half = rot_dim / 2;
  const int chunks = half / VEC;
  const int heads = query_heads + key_heads;
#pragma unroll 1  // grid-stride: rarely more than one trip
  for (std::int64_t t = blockIdx.x; t < tokens; t += gridDim.x) {
    const T* cos_row = cos_sin_cache + positions[t] * rot_dim;
    T* q = query + t * query_heads * head_size;
    T* k = key + t * key_heads * head_size;
    for (int c = threadIdx.x; c < chunks; c += blockDim.x) {
      const aligned_vector<T, VEC> cv = load_aligned<VEC>(cos_row + c * VEC);
      const aligned_vector<T, VEC> sv = load_aligned<VEC>(cos_row + half + c * VEC);
      float cf[VEC], sf[VEC];
#pragma unroll
      for (int j = 0; j < VEC; ++j) {
        cf[j] = to_float(cv[j]);
        sf[j] = to_float(sv[j]);
      }
      for (int h = threadIdx.y; h < heads; h += blockDim.y) {
        T* head = h < query_heads ? q + static_cast<std::int64_t>(h) * head_size
                                  : k + static_cast<std::int64_t>(h - query_heads) * head_size;
        const aligned_vector<T, VEC> a = load_aligned<VEC>(head + c * VEC);
        const aligned_vector<T, VEC> b = load_aligned<VEC>(head + half + c * VEC);
        aligned_vector<T, VEC> ra, rb;
#pragma unroll
        for (int j = 0; j < VEC; ++j) {
          const float af = to_float(a[j]), bf = to_float(b[j]);
          ra[j] = from_float<T>(af * cf[j] - bf * sf[j]);
          rb[j] = from_float<T>(bf * cf[j] + af * sf[j]);
        }
        store_aligned<VEC>(head + c * VEC, ra);
        store_aligned<VEC>(head + half + c * VEC, rb);
      }
    }
  }
}

}  // namespace

dualgpu::error_t launch_rotary_embedding(const std::int64_t* positions, void* query, void* key,
                                         const void* cos_sin_cache, std::int64_t tokens, std::int64_t query_heads,
                                         std::int64_t key_heads, std::int64_t head_size, std::int64_t rot_dim,
                                         scalar_kind kind, dualgpu::stream_t stream) {
  if (tokens == 0 || rot_dim == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    auto* q = static_cast<T*>(query);
    auto* k = static_cast<T*>(key);
    auto* cache = static_cast<const T*>(cos_sin_cache);
    // Each half (rot_dim / 2 values) of each head read as whole vectors: every head start, half
    // start and cache row start must be aligned (head_size and rot_dim / 2 multiples of the vector).
    constexpr int vec = dualgpu::max_vector_size<T>;
    const std::int64_t half = rot_dim / 2;
    const bool wide = half % vec == 0 && head_size % vec == 0 && can_vectorise<T>(vec, {query, key, cos_sin_cache});
    const std::int64_t chunks = wide ? half / vec : half;
    const int tx = static_cast<int>(std::min<std::int64_t>(chunks, 256));
    const int ty = static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(query_heads + key_heads, 1024 / tx)));
    const dim3 grid(grid_for(tokens)), threads(tx, ty);
    const int qh = static_cast<int>(query_heads), kh = static_cast<int>(key_heads);
    const int hs = static_cast<int>(head_size), rd = static_cast<int>(rot_dim);
    if (wide)
      return dualgpu::launch_dependent<rotary_embedding_kernel<T, vec>>(grid, threads, 0, stream, positions, q, k,
                                                                        cache, tokens, qh, kh, hs, rd);
    return dualgpu::launch_dependent<rotary_embedding_kernel<T, 1>>(grid, threads, 0, stream, positions, q, k, cache,
                                                                    tokens, qh, kh, hs, rd);
  });
}

}  // namespace dualgpu_example
