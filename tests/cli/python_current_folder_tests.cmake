# No Python that DualGPU's commands start imports from the user's current folder, and the example's
# build folder follows the owned-folder rule (python_current_folder_cases.sh has the cases).
foreach(_case runner_code runner_module smoke_probe example_build_dir)
  add_test(NAME hostile.python.${_case} COMMAND bash "${CMAKE_CURRENT_LIST_DIR}/python_current_folder_cases.sh" ${_case})
  set_tests_properties(hostile.python.${_case} PROPERTIES LABELS "unit;hostile" TIMEOUT 300
                       ENVIRONMENT "DUALGPU_PYTHON=${Python3_EXECUTABLE}")
endforeach()
