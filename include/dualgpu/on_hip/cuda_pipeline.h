// dualgpu/on_hip/cuda_pipeline.h: shim for HIP builds only. CUDA's pipeline primitives
// (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior: cuda_pipeline_primitives.h). Not
// mapped: CUDA 11's nvcuda::experimental::pipeline class of this header; libcu++'s cuda::pipeline
// (<cuda/pipeline>) is.
#pragma once
#include "cuda_pipeline_primitives.h"
