include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS mjk_kernel EXPORT mjkTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/kernel/include/mjk DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT mjkTargets NAMESPACE mjk:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mjk)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/mjkConfig.cmake.in
  ${PROJECT_BINARY_DIR}/mjkConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mjk)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/mjkConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/mjkConfig.cmake ${PROJECT_BINARY_DIR}/mjkConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/mjk)
if(MJK_BUILD_CLI)
  install(TARGETS mjk RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
