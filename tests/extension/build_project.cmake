# Configures and builds one CMake project with Ninja, the way a user would: a CTest fixture step.
#   cmake -DSOURCE=<dir> -DBINARY=<dir> -DPLATFORM=cpu|cuda|rocm [-DARCHS=a,b,c] [-DPYTHON=<exe>]
#         -P build_project.cmake
# ARCHS is comma-separated because a ';' does not survive add_test's COMMAND line.
foreach(var SOURCE BINARY PLATFORM)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "build_project.cmake: pass -D${var}=...")
  endif()
endforeach()
set(args -G Ninja -S "${SOURCE}" -B "${BINARY}" "-DDUALGPU_PLATFORM=${PLATFORM}")
if(ARCHS)
  string(REPLACE "," "\\;" archs "${ARCHS}")  # an escaped ';' stays inside the one -D argument
  list(APPEND args "-DDUALGPU_ARCHITECTURES=${archs}")
endif()
if(PYTHON)
  list(APPEND args "-DDUALGPU_PYTHON=${PYTHON}")
endif()
if(PLATFORM STREQUAL "rocm")
  # Debian's hip-config.cmake asks for cmake_minimum_required(< 3.5), an error in CMake 4.
  list(APPEND args -DCMAKE_POLICY_VERSION_MINIMUM=3.5)
endif()
# nice: the build machines are shared; -j2: a torch translation unit needs ~2 GB of memory.
find_program(nice nice)
execute_process(COMMAND ${nice} "${CMAKE_COMMAND}" ${args} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring ${SOURCE} failed (${rc})")
endif()
execute_process(COMMAND ${nice} "${CMAKE_COMMAND}" --build "${BINARY}" -j 2 RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} failed (${rc})")
endif()
