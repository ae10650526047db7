// dualgpu/device_info.hpp: questions about a device that only the runtime can answer, for host
// code that sizes launches.
//
//   dualgpu::device_warp_size(device)   the device's warp (wave) width: 32 on NVIDIA and RDNA, 64 on
//                                       GCN/CDNA. Throws dualgpu::runtime_error (check.hpp). On the
//                                       CPU platform 1, as dualgpu::warp_size.
//
// Apart from device.hpp because it throws: check.hpp's messages need <string>, which kernel files
// that include only device.hpp do not pay for.
#pragma once

#include "dualgpu/check.hpp"
#include "dualgpu/runtime.hpp"

namespace dualgpu {

inline int device_warp_size(int device) {
#if defined(DUALGPU_PLATFORM_CPU)
  (void)device;
  return 1;
#else
  int width = 0;
  DUALGPU_CHECK(DUALGPU_RT(DeviceGetAttribute)(&width,
#if defined(DUALGPU_PLATFORM_HIP)
                                              hipDeviceAttributeWarpSize,
#else
                                              cudaDevAttrWarpSize,
#endif  // DUALGPU_PLATFORM_HIP
                                              device));
  return width;
#endif  // DUALGPU_PLATFORM_CPU
}

}  // namespace dualgpu
