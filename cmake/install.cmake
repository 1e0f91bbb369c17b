# What `cmake --install build --prefix P` puts under P (GNUInstallDirs),
# by component, so that cpack can make one Debian package of each:
#
#   tools    bin/dlx, bin/sudoku, bin/mathdoku, their man pages and
#            shell completions (doc/CMakeLists.txt), the README
#   mpi      bin/dlx-mpi and its man page, when MPI was found
#   runtime  lib/libdlx.so.SOVERSION
#   dev      include/dlx*.h, lib/libdlx.a, lib/libdlx.so,
#            lib/pkgconfig/libdlx.pc, lib/cmake/excover/, libdlx(3)
#
# The commands link libdlx statically: they need nothing but libc.

install(TARGETS dlx_cmd sudoku_cmd mathdoku_cmd
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
if(TARGET dlx_mpi)
    install(TARGETS dlx_mpi
            RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT mpi)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT tools)

install(TARGETS dlx_shared dlx_static EXPORT excoverTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime
                NAMELINK_COMPONENT dev
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
# Every header in dlx/include is public, and nothing else is.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/dlx/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
        FILES_MATCHING PATTERN "*.h")

# find_package(excover CONFIG): excover::dlx (shared), excover::dlx_static.
set(EXCOVER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/excover)
include(CMakePackageConfigHelpers)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/excoverConfig.cmake.in
    ${PROJECT_BINARY_DIR}/excoverConfig.cmake
    INSTALL_DESTINATION ${EXCOVER_CMAKE_DIR})
# Before 1.0 a minor release may change the API.
if(PROJECT_VERSION_MAJOR EQUAL 0)
    set(_compat SameMinorVersion)
else()
    set(_compat SameMajorVersion)
endif()
write_basic_package_version_file(
    ${PROJECT_BINARY_DIR}/excoverConfigVersion.cmake
    COMPATIBILITY ${_compat})
install(EXPORT excoverTargets NAMESPACE excover::
        DESTINATION ${EXCOVER_CMAKE_DIR} COMPONENT dev)
install(FILES ${PROJECT_BINARY_DIR}/excoverConfig.cmake
              ${PROJECT_BINARY_DIR}/excoverConfigVersion.cmake
        DESTINATION ${EXCOVER_CMAKE_DIR} COMPONENT dev)

# pkg-config --cflags --libs libdlx.  The prefix is written when
# installing, so that it is the one installed to (cmake --install
# --prefix P), not the one configured.
string(STRIP "${CMAKE_THREAD_LIBS_INIT} -lm" EXCOVER_PC_LIBS_PRIVATE)
foreach(_dir LIBDIR INCLUDEDIR)
    if(IS_ABSOLUTE "${CMAKE_INSTALL_${_dir}}")
        set(EXCOVER_PC_${_dir} "${CMAKE_INSTALL_${_dir}}")
    else()
        set(EXCOVER_PC_${_dir} "\${prefix}/${CMAKE_INSTALL_${_dir}}")
    endif()
endforeach()
configure_file(${CMAKE_CURRENT_LIST_DIR}/libdlx.pc.in
               ${PROJECT_BINARY_DIR}/libdlx.pc.in @ONLY)
install(CODE "
    file(READ [[${PROJECT_BINARY_DIR}/libdlx.pc.in]] _pc)
    string(REPLACE [[%prefix%]] \"\${CMAKE_INSTALL_PREFIX}\" _pc \"\${_pc}\")
    file(WRITE [[${PROJECT_BINARY_DIR}/libdlx.pc]] \"\${_pc}\")
    " COMPONENT dev)
install(FILES ${PROJECT_BINARY_DIR}/libdlx.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
