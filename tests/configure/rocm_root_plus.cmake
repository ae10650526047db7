# cmake -DWORK=<dir> -P rocm_root_plus.cmake: a ROCm root whose path holds '++' (ROCm under
# ~/c++/) must not crash the HIP set-up (it was matched as a regular expression), and its
# hip-lang package folder is added to CMAKE_PREFIX_PATH once, however often the set-up runs.
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/dualgpu/50-setup.cmake")
set(root "${WORK}/c++/rocm")
file(REMOVE_RECURSE "${WORK}/c++")
file(MAKE_DIRECTORY "${root}/lib/x86_64-linux-gnu/cmake/hip-lang")
set(DualGPU_ROCM_ROOT "${root}")
set(CMAKE_BINARY_DIR "${WORK}/build")
set(CMAKE_HIP_COMPILER_ROCM_ROOT "${root}")  # no link folder needed for this case
set(ENV{CMAKE_PREFIX_PATH} "/opt/other")
_dualgpu_prepare_hip_environment()
_dualgpu_prepare_hip_environment()
set(expected "/opt/other:${root}/lib/x86_64-linux-gnu/cmake")
if(NOT "$ENV{CMAKE_PREFIX_PATH}" STREQUAL "${expected}")
  message(FATAL_ERROR "CMAKE_PREFIX_PATH: expected [${expected}], got [$ENV{CMAKE_PREFIX_PATH}]")
endif()
message(STATUS "ok: ${expected}")
