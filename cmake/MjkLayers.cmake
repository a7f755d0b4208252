# The library's layers and what each may include (docs/hacking.md). The
# stack, bottom first: a layer includes and links only the layers before it,
# and the top CMakeLists.txt adds them in this order. Beside the stack,
# "layer:bases": a layer that includes its bases alone. The private reads,
# "layer:path": another layer's src/ header a layer includes (ev/README.md
# says why). The structure tests (tests/CMakeLists.txt, label `structure`)
# check the tree against these lists; a layer listed whose folder is absent
# is skipped, so a new layer is one word here and one add_subdirectory line.
set(MJK_LAYER_STACK core kernel score ev io engine records capi)
set(MJK_LAYER_BESIDE scalar_ref:core)
set(MJK_LAYER_PRIVATE_READS ev:kernel/src/shanten_tables.hpp)

# One function builds the layers whose objects make libmjk.so (core, kernel,
# score, ev, io, engine, capi): an object library compiled position-independent with
# hidden visibility (only what MJK_API marks leaves libmjk.so), and a static
# library `mjk::<layer>` of those objects that links the layers below it.
# libmjk.so (capi/CMakeLists.txt) is made of those objects, and of the
# objects of records' own static library (records/CMakeLists.txt: it needs
# zlib) that the C ABI's review uses; scalar_ref, the reference, builds its
# own library and is not in libmjk.so.
#
#   mjk_layer(<layer> SOURCES <files...> [LINKS <lower layers...>] [OBJECTS <prebuilt objects...>])

# Position-independent, hidden by default, so the static libraries also
# link into shared objects (Python, Node).
function(mjk_library_object target)
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_compile_features(${target} PRIVATE cxx_std_20)
  mjk_target_defaults(${target})
endfunction()

set_property(GLOBAL PROPERTY MJK_LAYER_OBJECTS "")
set_property(GLOBAL PROPERTY MJK_LAYER_INCLUDES "")

function(mjk_layer layer)
  cmake_parse_arguments(arg "" "" "SOURCES;LINKS;OBJECTS" ${ARGN})
  set(objects mjk_${layer}_objects)
  add_library(${objects} OBJECT ${arg_SOURCES})
  mjk_library_object(${objects})
  target_include_directories(${objects} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_link_libraries(${objects} PUBLIC ${arg_LINKS})  # the lower layers' include paths

  add_library(mjk_${layer} STATIC $<TARGET_OBJECTS:${objects}> ${arg_OBJECTS})
  add_library(mjk::${layer} ALIAS mjk_${layer})
  set_target_properties(mjk_${layer} PROPERTIES OUTPUT_NAME mjk_${layer} EXPORT_NAME ${layer} LINKER_LANGUAGE CXX)
  target_include_directories(mjk_${layer} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(mjk_${layer} PUBLIC cxx_std_20)
  target_link_libraries(mjk_${layer} PUBLIC ${arg_LINKS} PRIVATE $<BUILD_INTERFACE:mjk_sanitize>)

  set_property(GLOBAL APPEND PROPERTY MJK_LAYER_OBJECTS $<TARGET_OBJECTS:${objects}> ${arg_OBJECTS})
  set_property(GLOBAL APPEND PROPERTY MJK_LAYER_INCLUDES ${CMAKE_CURRENT_SOURCE_DIR}/include)
  set_property(GLOBAL APPEND PROPERTY MJK_LAYERS mjk_${layer})
endfunction()

# For a link line outside CMake (the Python package's setup.py): the static
# libraries, records first and then every layer top to bottom, and every
# include directory, each '|'-separated (generator expressions).
function(mjk_static_library_files files_var includes_var)
  get_property(layers GLOBAL PROPERTY MJK_LAYERS)
  get_property(includes GLOBAL PROPERTY MJK_LAYER_INCLUDES)
  list(REVERSE layers)
  set(files "$<TARGET_FILE:mjk_records>")
  foreach(layer IN LISTS layers)
    string(APPEND files "|$<TARGET_FILE:${layer}>")
  endforeach()
  list(APPEND includes ${mjk_BINARY_DIR}/capi/include)  # the generated mjk/version.h (mjk_: also when mjk is a subproject)
  set(${files_var} "${files}" PARENT_SCOPE)
  set(${includes_var} "$<JOIN:$<REMOVE_DUPLICATES:${includes}>,|>" PARENT_SCOPE)
endfunction()
