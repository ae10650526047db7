# cmake -DCOMPILER=<clang or hipcc [flags]> -DSHIM=<include/dualgpu/on_hip> -DSOURCE=fp8_table.cpp
#       -DBINARY=<program> -DREFERENCE=<NVIDIA's table> -P compare_fp8_table.cmake
# Builds the FP8 table program as the host code of a HIP build with DualGPU's <cuda_fp8.h>, and fails unless
# its table is NVIDIA's, line for line; the first differences are printed.
foreach(var COMPILER SHIM SOURCE BINARY REFERENCE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_fp8_table.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT EXISTS "${REFERENCE}")
  message(FATAL_ERROR "no reference table at ${REFERENCE}: run porting.fp8_table.nvidia first")
endif()
execute_process(COMMAND ${COMPILER} -x hip --offload-host-only -std=c++17 -O2 "-I${SHIM}" -include "${SHIM}/cuda_runtime.h"
                        "${SOURCE}" -o "${BINARY}"
                RESULT_VARIABLE built TIMEOUT 600)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} with DualGPU's cuda_fp8.h failed (${built})")
endif()
execute_process(COMMAND "${BINARY}" OUTPUT_FILE "${BINARY}.txt" RESULT_VARIABLE ran TIMEOUT 300)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "${BINARY} failed (${ran})")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${REFERENCE}" "${BINARY}.txt" RESULT_VARIABLE differ TIMEOUT 120)
if(differ)
  execute_process(COMMAND diff "${REFERENCE}" "${BINARY}.txt" OUTPUT_VARIABLE lines TIMEOUT 120)
  string(SUBSTRING "${lines}" 0 3000 lines)
  message(FATAL_ERROR "DualGPU's FP8 conversions differ from NVIDIA's (< NVIDIA, > DualGPU; the line's first "
    "field is the input, see fp8_table.cpp):\n${lines}")
endif()
file(STRINGS "${REFERENCE}" count REGEX "^[hbp]")
list(LENGTH count count)
message("the same ${count} lines as NVIDIA's <cuda_fp8.h>")
