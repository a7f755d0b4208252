include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Every layer's static library (mjk::core, mjk::kernel, mjk::score, mjk::io,
# mjk::capi), mjk::records, and mjk::shared (libmjk.so.<ABI>, SONAME with the
# ABI major); the headers of all of them in one include directory.
get_property(MJK_INSTALLED_LAYERS GLOBAL PROPERTY MJK_LAYERS)
get_property(MJK_INSTALLED_INCLUDES GLOBAL PROPERTY MJK_LAYER_INCLUDES)
install(TARGETS ${MJK_INSTALLED_LAYERS} mjk_records mjk_shared EXPORT mjkTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Unspecified)
foreach(dir IN LISTS MJK_INSTALLED_INCLUDES)
  install(DIRECTORY ${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})  # mjk.h, mjk/*.hpp
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/capi/include/mjk/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mjk)
install(EXPORT mjkTargets NAMESPACE mjk:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mjk)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/mjkConfig.cmake.in
  ${PROJECT_BINARY_DIR}/mjkConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mjk)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/mjkConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/mjkConfig.cmake ${PROJECT_BINARY_DIR}/mjkConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mjk)

# pkg-config (mjk.pc), relocatable: the prefix is found from the .pc file's
# own place, so `cmake --install --prefix ANYWHERE` works.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(MJK_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
  set(MJK_PC_UP "../..")  # unused: every path is absolute
else()
  file(RELATIVE_PATH MJK_PC_UP /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
  string(REGEX REPLACE "/$" "" MJK_PC_UP "${MJK_PC_UP}")
  set(MJK_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(MJK_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(MJK_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/mjk.pc.in ${PROJECT_BINARY_DIR}/mjk.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/mjk.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(MJK_BUILD_CLI)
  install(TARGETS mjk RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${PROJECT_BINARY_DIR}/cli/mjk.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${PROJECT_BINARY_DIR}/cli/mjk.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
          RENAME mjk)
  install(FILES ${PROJECT_BINARY_DIR}/cli/_mjk DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
endif()

# The CLI's man page and shell completions: when a build generates them it
# lists the files in MJK_CLI_DOC_FILES (man: share/man/man1) and
# MJK_CLI_COMPLETION_FILES (bash: share/bash-completion/completions), and
# they are installed (and packed into the .deb) with bin/mjk.
if(MJK_BUILD_CLI)
  if(MJK_CLI_DOC_FILES)
    install(FILES ${MJK_CLI_DOC_FILES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
  if(MJK_CLI_COMPLETION_FILES)
    install(FILES ${MJK_CLI_COMPLETION_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  endif()
endif()

# `cpack -G DEB` in the build directory: a .deb of the install tree (bin/mjk,
# the libraries, headers, CMake and pkg-config files); needs only dpkg tools.
set(CPACK_PACKAGE_NAME mjk)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "mjk maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libstdc++6, zlib1g")
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/dist)
set(CPACK_OUTPUT_CONFIG_FILE ${PROJECT_BINARY_DIR}/CPackConfig.cmake)
include(CPack)
