// dualgpu/on_hip/nvToolsExt.h: shim for HIP builds only. NVTX 2's header name (CUDA 12.8 and older):
// the same calls as <nvtx3/nvToolsExt.h>, which says what they do on AMD GPUs.
#pragma once
#include "nvtx3/nvToolsExt.h"
