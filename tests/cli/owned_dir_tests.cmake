# The safe-delete rule, bin/lib/dualgpu-owned-dir.sh (used by ci/run-tests.sh; python/dualgpu/owned.py is the same rule for the commands),
# against folders it must not delete or write into; under sh (dash) and bash, which both source it.
get_filename_component(_owned_dir_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
find_program(DUALGPU_TEST_SH sh REQUIRED)
find_program(DUALGPU_TEST_BASH bash)
set(_owned_dir_cases "${CMAKE_CURRENT_LIST_DIR}/owned_dir_cases.sh")
add_test(NAME unit.owned_dir.made_stamped_removed COMMAND "${DUALGPU_TEST_SH}" "${_owned_dir_cases}" made_stamped_removed)
set_tests_properties(unit.owned_dir.made_stamped_removed PROPERTIES LABELS unit)
foreach(_case unstamped_folder_kept symlinks_not_followed root_and_home_refused shared_folders_refused)
  add_test(NAME hostile.owned_dir.${_case} COMMAND "${DUALGPU_TEST_SH}" "${_owned_dir_cases}" ${_case})
  set_tests_properties(hostile.owned_dir.${_case} PROPERTIES LABELS "unit;hostile")
endforeach()
if(DUALGPU_TEST_BASH)
  add_test(NAME unit.owned_dir.bash COMMAND "${DUALGPU_TEST_BASH}" -c
    "for c in made_stamped_removed unstamped_folder_kept symlinks_not_followed root_and_home_refused shared_folders_refused; do bash \"$0\" $c || exit 1; done"
    "${_owned_dir_cases}")
  set_tests_properties(unit.owned_dir.bash PROPERTIES LABELS unit)
endif()

find_program(DUALGPU_SHELLCHECK shellcheck)
if(DUALGPU_SHELLCHECK)
  add_test(NAME unit.owned_dir.shellcheck COMMAND "${DUALGPU_SHELLCHECK}" -x bin/lib/dualgpu-owned-dir.sh
           bin/dualgpu ci/run-tests.sh tests/cli/owned_dir_cases.sh tests/smoke/hostile_wrapper.sh
           tests/smoke/expect_usage_error.sh WORKING_DIRECTORY "${_owned_dir_repo}")
else()
  dualgpu_test_skipped(unit.owned_dir.shellcheck "shellcheck not found")
endif()
set_tests_properties(unit.owned_dir.shellcheck PROPERTIES LABELS unit)
