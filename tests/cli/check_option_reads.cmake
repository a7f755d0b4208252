# Nothing reads an option but the option table's reader (cli/options.cpp's
# read_arguments): no other source of the command compares a word with an
# option's name ("--json", "-h"), so an option cannot be read without a row.
#   -DCLI=path/to/cli
file(GLOB sources ${CLI}/*.cpp ${CLI}/*.hpp)
set(found "")
foreach(source ${sources})
  get_filename_component(name ${source} NAME)
  if(name STREQUAL "options.cpp")
    continue()
  endif()
  file(STRINGS ${source} lines REGEX "(==|!=) *\"--?[a-z]|\"--?[a-z][a-z-]*\" *(==|!=)")
  foreach(line ${lines})
    string(APPEND found "\n  ${name}: ${line}")
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "an option read outside the option table:${found}")
endif()
list(LENGTH sources n)
message(STATUS "${n} sources read no option by hand")
