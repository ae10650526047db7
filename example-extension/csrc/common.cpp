// common.cpp: the checks and helpers of common.h.
#include "common.h"

#include "dualgpu/torch.hpp"

namespace dualgpu_example {

void check_float_tensor(const at::Tensor& t, const char* name) {
  dualgpu::check_dtype(t, name, {at::kFloat, at::kHalf, at::kBFloat16});
  dualgpu::check_contiguous(t, name);
}

void check_like(const at::Tensor& t, const char* name, const at::Tensor& ref, const char* ref_name) {
  check_float_tensor(t, name);
  dualgpu::check_same_device(t, name, ref, ref_name);
  TORCH_CHECK_TYPE(t.scalar_type() == ref.scalar_type(), name, " must have the dtype of ", ref_name, " (",
                   ref.scalar_type(), "), got ", t.scalar_type());
}

int64_t leading_rows(const at::Tensor& t) {
  int64_t rows = 1;
  for (int64_t i = 0; i + 1 < t.dim(); ++i) rows *= t.size(i);
  return rows;
}

scalar_kind kind_of(const at::Tensor& t) {
  switch (t.scalar_type()) {
    case at::kHalf: return scalar_kind::float16;
    case at::kBFloat16: return scalar_kind::bfloat16;
    default: return scalar_kind::float32;  // the checks allowed nothing else
  }
}

}  // namespace dualgpu_example
