# _dualgpu_check_settings: the one check of settings with a fixed kind of value. Reference: CMake's
# boolean constants (if() documentation: ON/OFF, TRUE/FALSE, YES/NO, Y/N, 1/0, any case) and what
# each setting's docs/cmake.md row accepts.
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")
function(check_one name value expected)
  set(${name} "${value}")
  _dualgpu_check_settings(errors)
  expect_eq("${name}='${value}'" "${errors}" "${expected}")
endfunction()
check_one(DUALGPU_RDC on "")
check_one(DUALGPU_RDC No "")
check_one(DUALGPU_RDC perhaps "DUALGPU_RDC='perhaps': give ON or OFF (from the CMake variable)")
check_one(DUALGPU_ARCHITECTURE_JOBS 8 "")
check_one(DUALGPU_ARCHITECTURE_JOBS auto "")
check_one(DUALGPU_ARCHITECTURE_JOBS -2 "DUALGPU_ARCHITECTURE_JOBS='-2': give AUTO, OFF or a number of jobs (from the CMake variable)")
check_one(DUALGPU_OFFLOAD_COMPRESS AUTO "")
check_one(DUALGPU_LINKER LLD "")
check_one(DUALGPU_COMPILER_CACHE "redis://cache:6379" "")
check_one(DUALGPU_COMPILER_CACHE "redis+unix:/run/redis.sock" "")
check_one(DUALGPU_COMPILER_CACHE OFF "")
# a launcher may carry arguments: its first element is the program
check_one(DUALGPU_COMPILER_LAUNCHER "${CMAKE_COMMAND};-E;env" "")
check_one(DUALGPU_COMPILER_LAUNCHER "/nonexistent/ccache" "DUALGPU_COMPILER_LAUNCHER='/nonexistent/ccache': give AUTO, OFF, or a program that exists (a path, or a name on PATH) (from the CMake variable)")
check_one(DUALGPU_PYTHON "${CMAKE_COMMAND}" "")
check_one(DUALGPU_PYTHON "/" "DUALGPU_PYTHON='/': give a Python interpreter that exists (a path, or a name on PATH) (from the CMake variable)")
# the environment is read when no CMake variable is set, and named as the origin
set(ENV{DUALGPU_WARN_WAVE64} loud)
_dualgpu_check_settings(errors)
expect_eq("from the environment" "${errors}" "DUALGPU_WARN_WAVE64='loud': give ON or OFF (from the environment)")
