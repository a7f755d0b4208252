# Warning and sanitizer flags, applied per target (never via CMAKE_CXX_FLAGS).

add_library(mjk_warnings INTERFACE)
add_library(mjk::warnings ALIAS mjk_warnings)
target_compile_options(mjk_warnings INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Werror>
  # g++ 12 reports false -Wrestrict positives inside std::string (GCC bug 105329).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)

add_library(mjk_sanitize INTERFACE)
if(MJK_SANITIZE)
  target_compile_options(mjk_sanitize INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(mjk_sanitize INTERFACE -fsanitize=address,undefined)
endif()

# Every mjk target: warnings as errors, sanitizers when asked.
function(mjk_target_defaults target)
  target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:mjk_warnings> $<BUILD_INTERFACE:mjk_sanitize>)
endfunction()

# Debian packages only; say which one is missing.
macro(mjk_require_package name package)
  find_package(${name} ${ARGN} CONFIG QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR "mjk needs ${name}: install the Debian package '${package}' (apt-get install -y ${package})")
  endif()
endmacro()
