# The architecture table is the single source: ci/selfcheck.sh's lists and docs/rocm.md's table are
# written from it, and this test fails when a copy disagrees (a tampered copy must be caught too).
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")
set(repo "${CMAKE_CURRENT_LIST_DIR}/../..")
set(script "${repo}/cmake/update_architecture_lists.cmake")

execute_process(COMMAND "${CMAKE_COMMAND}" -DCHECK=ON -P "${script}" RESULT_VARIABLE rc ERROR_VARIABLE err)
expect_eq("selfcheck.sh and docs/rocm.md agree with the table (${err})" "${rc}" "0")

# A selfcheck.sh whose integrated-GPU list drifted (gfx1037 for gfx1013, as it once did) fails.
string(RANDOM LENGTH 8 tag)
set(copy "${CMAKE_CURRENT_BINARY_DIR}/selfcheck-drift-${tag}.sh")
file(READ "${repo}/ci/selfcheck.sh" text)
string(REPLACE " gfx1013 " " gfx1037 " drifted "${text}")
if(drifted STREQUAL text)
  message(FATAL_ERROR "selfcheck.sh's list has no gfx1013 to change")
endif()
file(WRITE "${copy}" "${drifted}")
execute_process(COMMAND "${CMAKE_COMMAND}" -DCHECK=ON "-DSELFCHECK=${copy}" -P "${script}" RESULT_VARIABLE rc ERROR_VARIABLE err)
file(REMOVE "${copy}")
expect_eq("drift fails" "${rc}" "1")
string(REGEX REPLACE "[ \n]+" " " err "${err}")  # CMake wraps the message
expect_match("and says how to fix it" "${err}" "disagrees with the architecture table.*run: cmake -P cmake/update_architecture_lists.cmake")

# The first-LLVM column against the clang installed here: a target the table says LLVM 15 knows
# must be accepted by clang 15, and one it says is newer must be refused.
find_program(clang15 NAMES clang++-15 clang-15 NO_CACHE)
if(clang15)
  foreach(row IN LISTS _DUALGPU_AMD_TARGETS)
    string(REPLACE "|" ";" f "${row}")
    list(GET f 0 name)
    list(GET f 5 llvm)
    execute_process(COMMAND "${clang15}" -x hip "--offload-arch=${name}" -nogpulib -nogpuinc --cuda-device-only
      -E -o /dev/null /dev/null RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(llvm LESS_EQUAL 15)
      expect_eq("${name} (first LLVM ${llvm}) is known to clang 15" "${rc}" "0")
    else()
      expect_eq("${name} (first LLVM ${llvm}) is unknown to clang 15" "${rc}" "1")
    endif()
  endforeach()
else()
  message(STATUS "clang 15 is not installed here: the first-LLVM column is not checked")
endif()
