# cmake -DSOURCE=<programs> -DBINARY=<dir> -DPLATFORM=cuda|rocm -DARCHS=<a b> -DDUALGPU_DIR=<repo/cmake>
#       [-DGENERATOR=<g>] [-DCUDA_INCLUDE=<the CUDA toolkit's include folder>] -P build_logged.cmake
# Configures and builds the porting programs from scratch, and keeps everything CMake and the
# compilers printed in <dir>/build-output.txt for count_warnings.cmake. A HIP build given
# CUDA_INCLUDE then fails if any program read a header from the CUDA toolkit (through a link such as
# /usr/local/include/cuComplex.h, say): it would build here and nowhere without CUDA.
foreach(var SOURCE BINARY PLATFORM ARCHS DUALGPU_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "build_logged: -D${var}=... is required (see the usage line at the top of this file)")
  endif()
endforeach()
if(NOT GENERATOR)
  set(GENERATOR Ninja)
endif()
string(REPLACE " " ";" ARCHS "${ARCHS}")
# From scratch without deleting anything: --fresh configures anew, --clean-first rebuilds every file, so
# every warning is printed again on a second run too.
execute_process(COMMAND "${CMAKE_COMMAND}" --fresh -S "${SOURCE}" -B "${BINARY}" -G "${GENERATOR}" "-DDualGPU_DIR=${DUALGPU_DIR}"
                        "-DDUALGPU_PLATFORM=${PLATFORM}" "-DDUALGPU_ARCHITECTURES=${ARCHS}"
                OUTPUT_VARIABLE configure_out ERROR_VARIABLE configure_out RESULT_VARIABLE rc)
if(rc EQUAL 0)
  set(jobs 2)  # the CI machine's share; CMAKE_BUILD_PARALLEL_LEVEL sets it elsewhere
  if(DEFINED ENV{CMAKE_BUILD_PARALLEL_LEVEL})
    set(jobs "$ENV{CMAKE_BUILD_PARALLEL_LEVEL}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY}" --clean-first -j ${jobs}
                  OUTPUT_VARIABLE build_out ERROR_VARIABLE build_out RESULT_VARIABLE rc)
endif()
file(WRITE "${BINARY}/build-output.txt" "${configure_out}${build_out}")
message("${configure_out}${build_out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build_logged: the porting programs did not build for ${PLATFORM} ${ARCHS} (output above)")
endif()

# Which headers the HIP build read, from Ninja's record of the compilers' dependency files.
if(PLATFORM STREQUAL "rocm" AND CUDA_INCLUDE AND IS_DIRECTORY "${CUDA_INCLUDE}" AND GENERATOR STREQUAL "Ninja")
  file(REAL_PATH "${CUDA_INCLUDE}" cuda_real)
  find_program(ninja NAMES ninja ninja-build REQUIRED)
  execute_process(COMMAND "${ninja}" -C "${BINARY}" -t deps OUTPUT_VARIABLE deps RESULT_VARIABLE rc TIMEOUT 120)
  string(REGEX MATCHALL "\n    [^\n]+" headers "${deps}")
  list(TRANSFORM headers STRIP)
  list(REMOVE_DUPLICATES headers)
  set(from_cuda "")
  foreach(header IN LISTS headers)
    file(REAL_PATH "${header}" real BASE_DIRECTORY "${BINARY}")
    string(FIND "${real}" "${cuda_real}/" at)
    if(at EQUAL 0)
      list(APPEND from_cuda "${header}")
    endif()
  endforeach()
  list(LENGTH headers count)
  if(from_cuda)
    list(JOIN from_cuda "\n  " list)
    message(FATAL_ERROR "build_logged: the HIP build read headers of the CUDA toolkit (${cuda_real}):\n  ${list}\n"
      "A HIP build must find every CUDA header in DualGPU's include/dualgpu/on_hip (a mapping, or an #error naming the fix).")
  endif()
  message(STATUS "build_logged: ${count} headers read, none from the CUDA toolkit (${cuda_real})")
endif()
