# Tree-wide guards of the hostile suite (label unit; not bad input themselves, so not `hostile`):
#   unit.rm_rf_lint        no tracked script deletes a folder recursively that it did not create
#   unit.readme_hostile_count  the README's count of bad inputs tried is the number of `hostile` tests
get_filename_component(_hostile_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME unit.rm_rf_lint COMMAND "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/tools_rm_rf_lint.py" "${_hostile_repo}")
add_test(NAME unit.readme_hostile_count COMMAND "${Python3_EXECUTABLE}" "${CMAKE_CURRENT_LIST_DIR}/tools_readme_count.py"
  "${_hostile_repo}/README.md" "${CMAKE_CTEST_COMMAND}" "${CMAKE_BINARY_DIR}")
set_tests_properties(unit.rm_rf_lint unit.readme_hostile_count PROPERTIES LABELS unit)
