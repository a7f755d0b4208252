# mjk ev --json HAND prints what mjk --json prints for the JSON request of
# the same hand with "ev" asked: one analysis, one writer, the same bytes
# (the search's options as the command line's or the request's fields).
#   -DMJK=path/to/mjk
foreach(pair
    "--dora;9m;123m456p789s1222z|{\"hand\": \"123m456p789s1222z\", \"dora\": \"9m\", \"ev\": {}}"
    "--hand-change;--extra;2;--seat;2z;4567m22z34p567s pon:111z@toimen|{\"hand\": \"4567m22z34p567s\", \"melds\": [{\"type\": \"pon\", \"tiles\": \"111z\", \"from\": \"toimen\"}], \"seat\": \"2z\", \"ev\": {\"hand_change\": true, \"extra\": 2}}")
  string(FIND "${pair}" "|" bar)
  string(SUBSTRING "${pair}" 0 ${bar} ev_args)
  math(EXPR from "${bar} + 1")
  string(SUBSTRING "${pair}" ${from} -1 request)
  execute_process(COMMAND ${MJK} ev --json ${ev_args} OUTPUT_VARIABLE by_ev RESULT_VARIABLE rc1)
  execute_process(COMMAND ${MJK} --json "${request}" OUTPUT_VARIABLE by_request RESULT_VARIABLE rc2)
  if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0 OR NOT by_ev MATCHES "\"ev\":{\"shanten\"")
    message(FATAL_ERROR "mjk ev --json ${ev_args}: ${rc1}, mjk --json: ${rc2}\n${by_ev}\n${by_request}")
  endif()
  if(NOT by_ev STREQUAL by_request)
    message(FATAL_ERROR "mjk ev --json ${ev_args} and mjk --json '${request}' differ:\n${by_ev}\n${by_request}")
  endif()
endforeach()
message(STATUS "mjk ev --json prints the JSON request's answer")
