# cmake -DPROGRAM=... -DEXPECT_STATUS=N -DEXPECT_REGEX=... -DARGS="a;b" -DWORK_DIR=... -P expect_run.cmake
# Runs the smoke program, then checks its exit status and that its output matches a regular expression.
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(COMMAND "${PROGRAM}" ${ARGS} WORKING_DIRECTORY "${WORK_DIR}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "\n" " " flat "${out} ${err}")
if(NOT status EQUAL EXPECT_STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_STATUS}\n--- output ---\n${out}\n${err}")
endif()
if(NOT flat MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "output does not match '${EXPECT_REGEX}'\n--- output ---\n${out}\n${err}")
endif()
foreach(report IN ITEMS report.json report.md)
  if(ARGS MATCHES "${report}" AND NOT EXISTS "${WORK_DIR}/${report}")
    message(FATAL_ERROR "${report} was not written")
  endif()
endforeach()
message(STATUS "ok: exit status ${status}")
