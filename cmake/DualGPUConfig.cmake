# Entry point for using DualGPU straight from its source tree:
#   cmake -DDualGPU_DIR=<repo>/cmake ...    or    list(APPEND CMAKE_PREFIX_PATH <repo>)
# An installed copy uses the DualGPUConfig.cmake generated from DualGPUConfig.cmake.in.
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUVersion.cmake")
get_filename_component(_DualGPU_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}/../include" ABSOLUTE)
if(NOT TARGET DualGPU::headers)
  add_library(DualGPU::headers INTERFACE IMPORTED)
  set_target_properties(DualGPU::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_DualGPU_INCLUDE_DIR}")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/DualGPU.cmake")
