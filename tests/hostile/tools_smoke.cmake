# `bin/dualgpu smoke` against hostile input: a user's folder as --build-dir (with --rebuild, through a
# symbolic link), missing option values, a --torch-dir that defines no torch. The smoke program's own
# option errors are in tests/smoke/CMakeLists.txt (they need the program built).
get_filename_component(_hostile_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
foreach(_case rebuild_user_folder build_in_user_folder build_in_other_cmake_tree rebuild_through_symlink missing_option_value
              torch_dir_defines_no_torch)
  add_test(NAME hostile.smoke.${_case} COMMAND bash "${_hostile_repo}/tests/smoke/hostile_wrapper.sh" ${_case})
  set_tests_properties(hostile.smoke.${_case} PROPERTIES LABELS "unit;hostile" TIMEOUT 120)
endforeach()
# This one configures the smoke project (DualGPU's torch probe imports torch): a torch-level test.
set_tests_properties(hostile.smoke.torch_dir_defines_no_torch PROPERTIES LABELS "torch;hostile")
