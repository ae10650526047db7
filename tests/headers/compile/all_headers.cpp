// Every DualGPU header from a C++ file compiled by the host compiler.
#include "dualgpu/check.hpp"
#include "dualgpu/device.hpp"
#include "dualgpu/device_info.hpp"
#include "dualgpu/graph.hpp"
#include "dualgpu/graph_cache.hpp"
#include "dualgpu/launch.hpp"  // device code only: empty here, but must compile
#include "dualgpu/runtime.hpp"

#include <string>

std::string dualgpu_headers_host_summary() {
  dualgpu::aligned_vector<float, 4> v{};
  float data[4] = {1, 2, 3, 4};
  v = dualgpu::load_vector<4>(data);
  dualgpu::graph_key k;
  k.param(v[0]).pointer(data);
  return std::string(dualgpu::platform_name) + " warp=" +
         std::to_string(dualgpu::device_warp_size(0)) + " warp<=" + std::to_string(dualgpu::max_warp_size) +
         dualgpu::error_hint(dualgpu::error_success) + std::to_string(k.hash());
}
