# cmake -P print_version.cmake: DualGPU's version as CMake reads it (the reference the packaging tests
# compare `dualgpu --version`, the wheel and the installed copy with).
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/DualGPUVersion.cmake")
execute_process(COMMAND "${CMAKE_COMMAND}" -E echo "${DUALGPU_VERSION}")
