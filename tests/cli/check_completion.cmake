# Every option the full help (--help-all) names is in the man page and in the
# bash and zsh completions, which are printed from the option table.
#   -DMJK=path/to/mjk
execute_process(COMMAND ${MJK} --help-all OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mjk --help-all failed (${rc})")
endif()
string(REGEX MATCHALL "--[a-z][a-z-]*[a-z]" options "${help}")
list(REMOVE_DUPLICATES options)
foreach(what "--print-completion;bash" "--print-completion;zsh" "--print-man")
  execute_process(COMMAND ${MJK} ${what} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mjk ${what} failed (${rc})")
  endif()
  string(REPLACE "\\-" "-" text "${text}")  # roff's hyphens
  foreach(option ${options})
    string(FIND "${text}" "${option}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "mjk ${what}: ${option} (in mjk --help-all) is missing")
    endif()
  endforeach()
endforeach()
list(LENGTH options n)
message(STATUS "${n} options in every completion and the man page")
# An option whose rows differ by subcommand completes each one's values:
# mjk play --format offers the record formats, mjk --format the notations.
execute_process(COMMAND ${MJK} --print-completion bash OUTPUT_VARIABLE text)
string(FIND "${text}" "play) COMPREPLY=($(compgen -W \"mjai tenhou6 mjlog none\"" at)
if(at EQUAL -1)
  message(FATAL_ERROR "mjk --print-completion bash: mjk play --format does not complete mjai tenhou6 mjlog none")
endif()
