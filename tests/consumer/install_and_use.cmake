# cmake -DREPO=<repo> -DWORK=<dir> -DPLATFORM=rocm|cpu [-DARCHS=<gfx>] -P install_and_use.cmake
# Installs DualGPU into a prefix, then builds the rdc consumer (PLATFORM, with RDC) against that prefix alone.
if(NOT ARCHS)
  set(ARCHS gfx90a)
endif()
file(REMOVE_RECURSE "${WORK}")
foreach(step
    "-S;${REPO};-B;${WORK}/pkg;-G;Ninja;-DBUILD_TESTING=OFF;-DCMAKE_INSTALL_PREFIX=${WORK}/prefix"
    "--build;${WORK}/pkg"
    "--install;${WORK}/pkg"
    "-S;${REPO}/tests/projects/rdc;-B;${WORK}/consumer;-G;Ninja;-DCMAKE_PREFIX_PATH=${WORK}/prefix;-DDUALGPU_PLATFORM=${PLATFORM};-DDUALGPU_ARCHITECTURES=${ARCHS}"
    "--build;${WORK}/consumer")
  execute_process(COMMAND "${CMAKE_COMMAND}" ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake ${step} failed:\n${out}${err}")
  endif()
endforeach()
if(NOT EXISTS "${WORK}/prefix/share/dualgpu/cmake/DualGPUConfig.cmake")
  message(FATAL_ERROR "no installed DualGPUConfig.cmake")
endif()
file(READ "${WORK}/consumer/CMakeCache.txt" cache)
if(NOT cache MATCHES "DualGPU_DIR:PATH=${WORK}/prefix/share/dualgpu/cmake")
  message(FATAL_ERROR "the consumer did not use the installed package")
endif()
message(STATUS "installed package used from ${WORK}/prefix")
