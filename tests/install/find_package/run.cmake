# Installs this build into a scratch prefix, then builds and runs the consumer against it.
set(prefix ${BINARY_DIR}/find_package_test/prefix)
set(build ${BINARY_DIR}/find_package_test/build)
file(REMOVE_RECURSE ${BINARY_DIR}/find_package_test)
foreach(step
    "${CMAKE_COMMAND};--install;${BINARY_DIR};--prefix;${prefix}"
    "${CMAKE_COMMAND};-S;${SOURCE_DIR};-B;${build};-DCMAKE_PREFIX_PATH=${prefix};-DCMAKE_CXX_COMPILER=${CXX}"
    "${CMAKE_COMMAND};--build;${build}"
    "${build}/consumer"
    "${build}/consumer_shared"
    "${build}/consumer_records")
  execute_process(COMMAND ${step} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "step failed: ${step}\n${out}")
  endif()
endforeach()
message(STATUS "${out}")
