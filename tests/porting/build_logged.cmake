# cmake -DSOURCE=<programs> -DBINARY=<dir> -DPLATFORM=cuda|rocm -DARCHS=<a b> -DDUALGPU_DIR=<repo/cmake>
#       [-DGENERATOR=<g>] -P build_logged.cmake
# Configures and builds the porting programs from scratch, and keeps everything CMake and the
# compilers printed in <dir>/build-output.txt for count_warnings.cmake.
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
