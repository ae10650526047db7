# cmake -DCXX=<host C++ compiler> -DCUDA_INCLUDE=<CUDA's include folder> -DSOURCE=<table program> -DBINARY=<program>
#       -DOUT=<table> -P nvidia_reference_table.cmake
# Builds a table program (fp8_table.cpp, fp6_fp4_table.cpp, libcu_*_table.cpp) as plain host C++ against
# NVIDIA's headers and writes its table: the reference that run_host_program.cmake holds DualGPU's against
# (porting.<table>.<toolchain>). libcu++ is in <CUDA_INCLUDE>/cccl since CUDA 13, where nvcc looks for it.
foreach(var CXX CUDA_INCLUDE SOURCE BINARY OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "nvidia_reference_table.cmake needs -D${var}=...")
  endif()
endforeach()
execute_process(COMMAND "${CXX}" -std=c++17 -O2 -pthread "-I${CUDA_INCLUDE}/cccl" "-I${CUDA_INCLUDE}" "${SOURCE}" -o "${BINARY}"
                RESULT_VARIABLE built TIMEOUT 600)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} against ${CUDA_INCLUDE} failed (${built})")
endif()
execute_process(COMMAND "${BINARY}" OUTPUT_FILE "${OUT}.partial" RESULT_VARIABLE ran TIMEOUT 300)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "${BINARY} failed (${ran})")
endif()
file(RENAME "${OUT}.partial" "${OUT}")  # whole or not at all
message("NVIDIA's table: ${OUT}")
