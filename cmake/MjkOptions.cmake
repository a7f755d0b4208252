# Warning and sanitizer flags, applied per target (never via CMAKE_CXX_FLAGS).

add_library(mjk_warnings INTERFACE)
add_library(mjk::warnings ALIAS mjk_warnings)
target_compile_options(mjk_warnings INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>
  $<$<AND:$<BOOL:${MJK_WERROR}>,$<CXX_COMPILER_ID:GNU,Clang>>:-Werror>
  # g++ 12 reports false -Wrestrict positives inside std::string (GCC bug 105329).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)

add_library(mjk_sanitize INTERFACE)
if(MJK_SANITIZE OR MJK_FUZZ)
  target_compile_options(mjk_sanitize INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(mjk_sanitize INTERFACE -fsanitize=address,undefined)
endif()
if(MJK_FUZZ)
  # Coverage for libFuzzer in every target (kernel, per-ISA objects, reference),
  # so the fuzzers are guided by the code they test, not only by their harness;
  # the fuzzer runtime itself is linked into the fuzz targets only.
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "MJK_FUZZ needs clang (libFuzzer): configure with CMAKE_CXX_COMPILER=clang++ (the fuzz preset does)")
  endif()
  target_compile_options(mjk_sanitize INTERFACE -fsanitize=fuzzer-no-link)
endif()
if(MJK_TSAN)
  target_compile_options(mjk_sanitize INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(mjk_sanitize INTERFACE -fsanitize=thread)
endif()

# WebAssembly: C++ exceptions are caught, as natively. Emscripten's default
# turns every throw into abort(), so a std::bad_alloc (the EV search growing
# past the memory the browser gives) would kill the module instead of being
# the library's out_of_memory error. Emscripten's JavaScript-based exceptions:
# its wasm-native ones need system libraries Debian's emscripten does not
# ship. Every object on the way from operator new to the catch must be
# compiled with them (or its destructors are skipped), hence every target.
add_library(mjk_exceptions INTERFACE)
if(EMSCRIPTEN)
  target_compile_options(mjk_exceptions INTERFACE -fexceptions)
  target_link_options(mjk_exceptions INTERFACE -fexceptions)
endif()

# Every mjk target: warnings (errors when MJK_WERROR), sanitizers when asked.
function(mjk_target_defaults target)
  target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:mjk_warnings> $<BUILD_INTERFACE:mjk_sanitize>
                                          $<BUILD_INTERFACE:mjk_exceptions>)
endfunction()

# Debian packages only; say which one is missing.
macro(mjk_require_package name package)
  find_package(${name} ${ARGN} CONFIG QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR "mjk needs ${name}: install the Debian package '${package}' (apt-get install -y ${package})")
  endif()
endmacro()
