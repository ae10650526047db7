// scalar_kind.h: the dtypes the kernels take, shared by the torch side (csrc/<op>.cpp) and the
// torch-free kernel files (csrc/cuda/<op>.cu). Nothing else: both sides include it.
#pragma once

namespace dualgpu_example {

enum class scalar_kind { float32, float16, bfloat16 };

}  // namespace dualgpu_example
