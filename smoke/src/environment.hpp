// Decides where the checks run and reports what serves them: device, GPU runtime, BLAS, cuDNN/MIOpen,
// scaled-dot-product-attention backends. Also decides whether the environment is unusable (exit 2).
#pragma once

#include "catalog.hpp"
#include "check_result.hpp"
#include "options.hpp"

namespace dualgpu::smoke {

EnvironmentReport probe_environment(const Options& options, const Catalog& catalog);

}  // namespace dualgpu::smoke
