# No Python that DualGPU's commands start imports from the user's current folder, and the example's
# build folder follows the owned-folder rule (tools_python_current_folder.sh has the cases).
get_filename_component(_hostile_repo "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
foreach(_case runner_code runner_module smoke_probe example_build_dir)
  add_test(NAME hostile.python.${_case} COMMAND bash "${CMAKE_CURRENT_LIST_DIR}/tools_python_current_folder.sh" ${_case})
  set_tests_properties(hostile.python.${_case} PROPERTIES LABELS "unit;hostile" TIMEOUT 300
                       ENVIRONMENT "DUALGPU_PYTHON=${Python3_EXECUTABLE}")
endforeach()
add_test(NAME lint.python_started_safely COMMAND "${Python3_EXECUTABLE}" "${_hostile_repo}/tests/lint/python_started_safely.py" "${_hostile_repo}")
set_tests_properties(lint.python_started_safely PROPERTIES LABELS unit)
