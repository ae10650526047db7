# Builds one C++ file as HIP for the host only, with the CUDA names of the shim, and runs it:
#   cmake -DCOMPILER=<clang or hipcc [flags]> -DSHIM=<include/dualgpu/on_hip> -DSOURCE=<file> -DBINARY=<out>
#         [-DREFERENCE=<file>] -P run_host_program.cmake
# The program's exit status is the test's; its output is printed. With REFERENCE, its output goes to
# <out>.txt instead and must be that file, line for line (the first differences are printed).
foreach(var COMPILER SHIM SOURCE BINARY)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_host_program.cmake needs -D${var}=...")
  endif()
endforeach()
if(REFERENCE AND NOT EXISTS "${REFERENCE}")
  message(FATAL_ERROR "no reference output at ${REFERENCE}: run the test that writes it first")
endif()
execute_process(COMMAND ${COMPILER} -x hip --offload-host-only -std=c++17 -O2 -pthread "-I${SHIM}" -include "${SHIM}/cuda_runtime.h"
                        "${SOURCE}" -o "${BINARY}"
                RESULT_VARIABLE built TIMEOUT 600)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} failed (${built})")
endif()
if(NOT REFERENCE)
  execute_process(COMMAND "${BINARY}" RESULT_VARIABLE ran TIMEOUT 300)
  if(NOT ran EQUAL 0)
    message(FATAL_ERROR "${BINARY} failed (${ran})")
  endif()
  return()
endif()
execute_process(COMMAND "${BINARY}" OUTPUT_FILE "${BINARY}.txt" RESULT_VARIABLE ran TIMEOUT 300)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "${BINARY} failed (${ran})")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${REFERENCE}" "${BINARY}.txt" RESULT_VARIABLE differ TIMEOUT 120)
if(differ)
  execute_process(COMMAND diff "${REFERENCE}" "${BINARY}.txt" OUTPUT_VARIABLE lines TIMEOUT 120)
  string(SUBSTRING "${lines}" 0 3000 lines)
  message(FATAL_ERROR "${BINARY}'s output differs from ${REFERENCE} (< reference, > this build):\n${lines}")
endif()
file(STRINGS "${REFERENCE}" count)
list(LENGTH count count)
message("the same ${count} lines as ${REFERENCE}")
