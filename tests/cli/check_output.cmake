# One CLI case: runs MJK with ARGS and compares its standard output, then its
# standard error, with the file GOLDEN, byte for byte; FAILS (ON/OFF) says
# whether the exit status must be non-zero. UPDATE=ON writes GOLDEN instead.
# ARGS separates the arguments with the byte 0x1f (cases.cmake writes it).
# MASK, when given, is a regular expression whose matches (timings) are
# replaced by "<masked>" in the output before it is compared or written.
string(ASCII 31 separator)
string(REPLACE "${separator}" ";" ARGS "${ARGS}")
execute_process(COMMAND ${MJK} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(FAILS AND status EQUAL 0)
  message(FATAL_ERROR "expected a non-zero exit status; output:\n${out}${err}")
elseif(NOT FAILS AND NOT status EQUAL 0)
  message(FATAL_ERROR "exit status ${status}; output:\n${out}${err}")
endif()
if(MASK)
  string(REGEX REPLACE "${MASK}" "<masked>" out "${out}")
  string(REGEX REPLACE "${MASK}" "<masked>" err "${err}")
endif()
if(UPDATE)
  file(WRITE ${GOLDEN} "${out}${err}")
  return()
endif()
file(READ ${GOLDEN} expected)
if(NOT "${out}${err}" STREQUAL "${expected}")
  message(FATAL_ERROR "output differs from ${GOLDEN}:\n--- got\n${out}${err}--- expected\n${expected}")
endif()
