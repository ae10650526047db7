# ci/selfcheck.sh against hostile input: one test per case_* of tests/selfcheck/hostile_cases.sh.
get_filename_component(_hostile_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(_hostile_selfcheck_cases "${_hostile_repo}/tests/selfcheck/hostile_cases.sh")
find_program(DUALGPU_TEST_SH sh REQUIRED)
find_program(DUALGPU_TEST_PYTHON3 python3 REQUIRED)
execute_process(COMMAND "${DUALGPU_TEST_PYTHON3}" -c "import sys; print(sys.executable)"
                OUTPUT_VARIABLE _hostile_python OUTPUT_STRIP_TRAILING_WHITESPACE)
file(STRINGS "${_hostile_selfcheck_cases}" _hostile_case_lines REGEX "^case_[a-z0-9_]+\\(\\) {$")
foreach(_line IN LISTS _hostile_case_lines)
  string(REGEX REPLACE "^case_([a-z0-9_]+)\\(\\) {$" "\\1" _case "${_line}")
  add_test(NAME hostile.selfcheck.${_case} COMMAND "${DUALGPU_TEST_SH}" "${_hostile_selfcheck_cases}" "${_case}")
  set_tests_properties(hostile.selfcheck.${_case} PROPERTIES LABELS "unit;hostile" TIMEOUT 90
                       ENVIRONMENT "SELFCHECK_PYTHON=${_hostile_python}")
endforeach()
