# The `dualgpu` front door (python/dualgpu/cli/): --help builds nothing, one decision for every entry,
# no import from the current folder, Ctrl-C in `dualgpu new`, and hostile settings, tools and places.
set(_cli_dir "${CMAKE_CURRENT_LIST_DIR}")

add_test(NAME cli.help_builds_nothing COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/help_builds_nothing.py" all)
set_tests_properties(cli.help_builds_nothing PROPERTIES LABELS unit TIMEOUT 120)

# The one runner (python/dualgpu/run.py) itself, against tools that misbehave.
foreach(_case answers_while_reading closes_output_before_exit child_holding_output ignores_sigterm endless_output no_shell_no_inherited_environment)
  add_test(NAME cli.runner.${_case} COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/runner_bounds.py" ${_case})
  set_tests_properties(cli.runner.${_case} PROPERTIES LABELS unit TIMEOUT 120)
endforeach()

# The owned-folder rule of the commands (python/dualgpu/owned.py) against the shell rule of ci/'s scripts.
foreach(_case shell_stamp_accepted python_stamp_accepted_by_shell refusals_match_the_shell_rule files_whole_and_never_through_links)
  add_test(NAME cli.owned.${_case} COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/owned_rule.py" ${_case})
  set_tests_properties(cli.owned.${_case} PROPERTIES LABELS unit TIMEOUT 120)
endforeach()

# The lints of DualGPU's Python catch each way to start a process or write outside the runner and the rule.
add_test(NAME cli.lints_catch_planted COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/lints_catch.py" all)
set_tests_properties(cli.lints_catch_planted PROPERTIES LABELS unit TIMEOUT 120)

# doctor --json, `dualgpu example --dry-run` and a configure with COMPONENTS Torch agree (torch is asked).
add_test(NAME cli.decision_agrees
  COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/decision_agrees.py" all "${CMAKE_COMMAND}" "${Python3_EXECUTABLE}")
set_tests_properties(cli.decision_agrees PROPERTIES LABELS torch TIMEOUT 1200)

foreach(_case launcher doctor example new smoke check_abi)
  add_test(NAME hostile.cli.current_folder.${_case} COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/current_folder.py" ${_case})
  set_tests_properties(hostile.cli.current_folder.${_case} PROPERTIES LABELS "unit;hostile" TIMEOUT 600
                       ENVIRONMENT "DUALGPU_PYTHON=${Python3_EXECUTABLE}")
endforeach()

add_test(NAME hostile.cli.new_interrupted COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/new_interrupted.py" sigint)
set_tests_properties(hostile.cli.new_interrupted PROPERTIES LABELS "unit;hostile" TIMEOUT 300
                     ENVIRONMENT "DUALGPU_PYTHON=${Python3_EXECUTABLE}")

# <file>|<cases>: each case a test hostile.cli.<case>.
foreach(_group
    "hostile_settings|platform_unknown probe_timeout_runs_nothing python_missing smoke_jobs_shell_text example_build_dir_blank cmake_missing smoke_plain_torch_word"
    "hostile_tools|compiler_leaves_child compiler_prints_without_end compiler_hangs_ignoring_sigterm nm_prints_without_end cmake_prints_without_end cmake_leaves_child nvidia_smi_prints_without_end"
    "hostile_places|two_examples_one_build_folder report_unwritable report_through_link example_build_folder_is_a_link smoke_build_folder_in_dualgpu_tree new_python_keyword new_macro_without_compiler")
  string(REPLACE "|" ";" _group "${_group}")
  list(GET _group 0 _file)
  list(GET _group 1 _cases)
  string(REPLACE " " ";" _cases "${_cases}")
  foreach(_case IN LISTS _cases)
    add_test(NAME hostile.cli.${_case} COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/${_file}.py" ${_case})
    set_tests_properties(hostile.cli.${_case} PROPERTIES LABELS "unit;hostile" TIMEOUT 600 SKIP_RETURN_CODE 77
                         ENVIRONMENT "DUALGPU_PYTHON=${Python3_EXECUTABLE};DUALGPU_TEST_CMAKE=${CMAKE_COMMAND}")
  endforeach()
endforeach()

# DUALGPU_PLATFORM's spellings: one table (cmake/dualgpu/00-data.cmake), the same answer from CMake, the
# commands and the wheel's version tag.
add_test(NAME cli.platform_spellings COMMAND "${Python3_EXECUTABLE}" "${_cli_dir}/platform_spellings.py" all "${CMAKE_COMMAND}")
set_tests_properties(cli.platform_spellings PROPERTIES LABELS unit TIMEOUT 120)
