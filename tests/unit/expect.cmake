# Small assertion helpers for cmake -P unit tests. A failed expectation stops the script
# with a non-zero exit, which CTest reports as a failure.
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/dualgpu/30-decide.cmake")
set(DUALGPU_TEST_FIXTURES "${CMAKE_CURRENT_LIST_DIR}/../fixtures")

function(expect_eq what actual expected)
  if(NOT "${actual}" STREQUAL "${expected}")
    message(FATAL_ERROR "${what}:\n  expected [${expected}]\n  got      [${actual}]")
  endif()
endfunction()

function(expect_match what actual regex)
  if(NOT "${actual}" MATCHES "${regex}")
    message(FATAL_ERROR "${what}:\n  expected a match of [${regex}]\n  got [${actual}]")
  endif()
endfunction()

# expect_arch(<platform> <spelling> <expected-list>)
function(expect_arch platform spelling expected)
  dualgpu_parse_architectures(out err "${platform}" "${spelling}")
  expect_eq("error for '${spelling}'" "${err}" "")
  expect_eq("architectures for '${spelling}'" "${out}" "${expected}")
endfunction()

# expect_arch_error(<platform> <spelling> <regex>)
function(expect_arch_error platform spelling regex)
  dualgpu_parse_architectures(out err "${platform}" "${spelling}")
  expect_eq("result for bad '${spelling}'" "${out}" "")
  expect_match("error for bad '${spelling}'" "${err}" "${regex}")
endfunction()

function(read_fixture out name)
  file(READ "${DUALGPU_TEST_FIXTURES}/${name}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
