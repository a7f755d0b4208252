# Regenerates the request's schema and reference page with mjk_schema and
# fails when the committed copy differs (run with -DUPDATE=ON to rewrite it).
#   -DTOOL=mjk_schema -DMODE=--json|--markdown -DCOMMITTED=file [-DUPDATE=ON]
execute_process(COMMAND ${TOOL} ${MODE} OUTPUT_VARIABLE fresh RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TOOL} ${MODE} failed (${rc})")
endif()
if(UPDATE)
  file(WRITE ${COMMITTED} "${fresh}")
  return()
endif()
if(EXISTS ${COMMITTED})
  file(READ ${COMMITTED} committed)
else()
  set(committed "")
endif()
if(NOT fresh STREQUAL committed)
  message(FATAL_ERROR "${COMMITTED} is stale: regenerate it with `${TOOL} ${MODE} > ${COMMITTED}` "
                      "(or configure with -DMJK_UPDATE_GOLDEN=ON and run ctest -R '^schema\\.')")
endif()
