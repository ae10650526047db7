# Builds one C++ file as HIP for the host only, with the CUDA names of the shim, and runs it:
#   cmake -DCOMPILER=<clang or hipcc [flags]> -DSHIM=<include/dualgpu/on_hip> -DSOURCE=<file> -DBINARY=<out>
#         -P run_host_program.cmake
# The program's exit status is the test's; its output is printed.
foreach(var COMPILER SHIM SOURCE BINARY)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_host_program.cmake needs -D${var}=...")
  endif()
endforeach()
execute_process(COMMAND ${COMPILER} -x hip --offload-host-only -std=c++17 -O2 "-I${SHIM}" -include "${SHIM}/cuda_runtime.h"
                        "${SOURCE}" -o "${BINARY}"
                RESULT_VARIABLE built TIMEOUT 600)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} failed (${built})")
endif()
execute_process(COMMAND "${BINARY}" RESULT_VARIABLE ran TIMEOUT 300)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "${BINARY} failed (${ran})")
endif()
