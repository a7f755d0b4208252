# Runs MJK with ARGS; passes if it exits 0 and prints nothing at all.
execute_process(COMMAND ${MJK} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out STREQUAL "" OR NOT err STREQUAL "")
  message(FATAL_ERROR "expected silence and exit 0, got ${status}:\n${out}${err}")
endif()
