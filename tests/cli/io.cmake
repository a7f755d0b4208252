# The CLI's input and output are honest: write errors and read errors fail
# loudly, and every input line gets exactly one output line.
#   cmake -DMJK=path/to/mjk -DDATA=tests/data/cli -P cli_io.cmake
macro(expect what)
  if(NOT (${ARGN}))
    message(FATAL_ERROR "${what}")
  endif()
endmacro()

# Writing to a full device: non-zero exit and a message, in every mode.
foreach(args "--json;1112345678999m" "1112345678999m" "census;--tiles;14;--kinds;m" "forms;1112345678999m" "--help")
  execute_process(COMMAND ${MJK} ${args} OUTPUT_FILE /dev/full RESULT_VARIABLE rc ERROR_VARIABLE err)
  expect("mjk ${args} > /dev/full exited ${rc}" NOT rc EQUAL 0)
  expect("mjk ${args} > /dev/full said: ${err}" err MATCHES "error writing standard output")
endforeach()

# Reading fails (standard input is a directory): an error, not end of input.
execute_process(COMMAND ${MJK} --json INPUT_FILE / RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect("mjk --json < / exited ${rc}" NOT rc EQUAL 0)
expect("mjk --json < / said: ${err}" err MATCHES "error reading standard input")

# One output line per input line, blank lines included; a red winning tile
# stays red; non-UTF-8 bytes become U+FFFD, UTF-8 passes through.
execute_process(COMMAND ${MJK} --json INPUT_FILE ${DATA}/lines.txt RESULT_VARIABLE rc OUTPUT_VARIABLE out)
expect("bad lines must make the exit status 1, got ${rc}" rc EQUAL 1)
string(REGEX MATCHALL "\n" newlines "${out}")
list(LENGTH newlines n)
expect("5 input lines gave ${n} output lines:\n${out}" n EQUAL 5)
if(NOT out MATCHES "\n{\"hand\":\"\",\"error\":\"no tiles\"}\n{\"hand\":\"  \",\"error\":\"no tiles\"}\n{\"hand\":\"1m 0m\",")
  message(FATAL_ERROR "blank lines, red winning tile:\n${out}")
endif()
if(NOT out MATCHES "\n{\"hand\":\"東\\\\ufffd\",\"error\":\"unknown character at position 0\"}\n$")
  message(FATAL_ERROR "bytes:\n${out}")
endif()
message(STATUS "mjk's input and output are honest")
