# The default build makes the page, not the wasm test binary (ctest builds
# that: build-tests.cmake.in). Read from the generated build files, Unix
# Makefiles' or Ninja's:
#   cmake -D BUILD_DIR=build/wasm -P web/test/default-build.cmake   (ctest: web.default_build)
# Skipped (it says so; ctest: SKIP_REGULAR_EXPRESSION) for another generator.
if(EXISTS "${BUILD_DIR}/CMakeFiles/Makefile2")
  file(STRINGS "${BUILD_DIR}/CMakeFiles/Makefile2" in_all REGEX "^web-build/all: ")
elseif(EXISTS "${BUILD_DIR}/build.ninja")
  file(STRINGS "${BUILD_DIR}/build.ninja" in_all REGEX "^build web-build/all: phony ")
else()
  message("skipped: neither Unix Makefiles' nor Ninja's build files in ${BUILD_DIR}")
  return()
endif()
string(JOIN "\n" in_all ${in_all})
if(NOT in_all MATCHES "mjk[-_]wasm")
  message(FATAL_ERROR "the default build of ${BUILD_DIR} does not make the page's module:\n${in_all}")
endif()
if(in_all MATCHES "mjk_wasm_tests")
  message(FATAL_ERROR "the default build of ${BUILD_DIR} makes the wasm test binary (ctest's to build):\n${in_all}")
endif()
message("the default build makes the page's module and not the wasm test binary")
