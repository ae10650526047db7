// Includes a DualGPU header, so the build proves the include path came with the package.
#include "dualgpu/runtime.hpp"

float fetch_consumer_scale(float x) { return 2.0f * x; }
