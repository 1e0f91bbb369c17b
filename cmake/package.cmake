# cpack -G DEB: one Debian package per install component
# (cmake/install.cmake), as Debian splits a library from its tools:
#
#   excover      tools     dlx, sudoku, mathdoku, their man pages and
#                          bash completions; needs only libc
#   excover-mpi  mpi       dlx-mpi (built when MPI was found), which
#                          pulls in Open MPI
#   libdlxN      runtime   libdlx.so.N, N the soname's version
#   libdlx-dev   dev       headers, libdlx.a, libdlx.so, pkg-config and
#                          CMake files, libdlx(3)
#
#   cpack -G DEB --config build/CPackConfig.cmake -B build/packages
#   apt-get install ./build/packages/excover_*.deb
#
# Dependencies come from dpkg-shlibdeps (Debian: dpkg-dev) when it is
# installed, and are libc's alone otherwise.  Each package carries the
# copyright file and a changelog in /usr/share/doc/PACKAGE, installed only
# for packaging (EXCLUDE_FROM_ALL), not by `cmake --install`.

set(EXCOVER_DEB_MAINTAINER "excover maintainers <excover@example.org>"
    CACHE STRING "Maintainer of the Debian packages: Name <email>")
set(EXCOVER_DEB_RELEASE 1 CACHE STRING "Debian revision of the packages")

set(_deb_runtime libdlx${EXCOVER_DLX_SOVERSION})
set(_deb_components tools runtime dev)
if(TARGET dlx_mpi)
    list(APPEND _deb_components mpi)
endif()
set(_deb_name_tools excover)
set(_deb_name_runtime ${_deb_runtime})
set(_deb_name_dev libdlx-dev)
set(_deb_name_mpi excover-mpi)

# The changelog and copyright of each package, gzipped as Debian wants.
string(TIMESTAMP _deb_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
find_program(EXCOVER_GZIP gzip)
foreach(_comp IN LISTS _deb_components)
    set(PKG ${_deb_name_${_comp}})
    set(VERSION ${PROJECT_VERSION})
    set(RELEASE ${EXCOVER_DEB_RELEASE})
    set(MAINTAINER ${EXCOVER_DEB_MAINTAINER})
    set(DATE ${_deb_date})
    set(_dir ${PROJECT_BINARY_DIR}/packaging/${PKG})
    configure_file(${PROJECT_SOURCE_DIR}/packaging/deb/changelog.in
                   ${_dir}/changelog.Debian @ONLY)
    if(EXCOVER_GZIP)
        execute_process(COMMAND ${EXCOVER_GZIP} -9nf ${_dir}/changelog.Debian)
        set(_changelog ${_dir}/changelog.Debian.gz)
    else()
        set(_changelog ${_dir}/changelog.Debian)
    endif()
    install(FILES ${PROJECT_SOURCE_DIR}/packaging/deb/copyright ${_changelog}
            DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${PKG}
            COMPONENT ${_comp} EXCLUDE_FROM_ALL)
    file(READ ${PROJECT_SOURCE_DIR}/packaging/deb/lintian-overrides _ovr)
    if(EXISTS ${PROJECT_SOURCE_DIR}/packaging/deb/lintian-overrides-${_comp})
        file(READ ${PROJECT_SOURCE_DIR}/packaging/deb/lintian-overrides-${_comp}
             _more)
        string(APPEND _ovr "${_more}")
    endif()
    file(WRITE ${_dir}/lintian-overrides "${_ovr}")
    install(FILES ${_dir}/lintian-overrides
            DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/lintian/overrides
            RENAME ${PKG} COMPONENT ${_comp} EXCLUDE_FROM_ALL)
endforeach()

# Each package's Description is its own (first line: the synopsis); CPack
# prepends the summary to it unless the summary is CPack's default.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_NAME} built using CMake")
set(CPACK_PACKAGE_NAME excover)
set(CPACK_PACKAGE_VENDOR "excover")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${EXCOVER_DEB_MAINTAINER})
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL ${_deb_components})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE ${EXCOVER_DEB_RELEASE})
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
find_program(EXCOVER_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(EXCOVER_DPKG_SHLIBDEPS)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6")
endif()

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME excover)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION math)
set(CPACK_DEBIAN_TOOLS_DESCRIPTION
"exact cover by Dancing Links: sudoku and mathdoku solvers
Knuth's Algorithm X with dancing links as three commands: dlx solves,
counts and splits exact cover problems in Knuth's text format; sudoku
solves, counts, checks, generates and explains sudoku of any size;
mathdoku solves Mathdoku (KenKen) puzzles.")

set(CPACK_DEBIAN_MPI_PACKAGE_NAME excover-mpi)
set(CPACK_DEBIAN_MPI_PACKAGE_SECTION math)
set(CPACK_DEBIAN_MPI_DESCRIPTION
"exact cover by Dancing Links: counting on MPI ranks
dlx-mpi counts the solutions of an exact cover problem on the ranks of an
MPI job: rank 0 hands out the jobs of a split search and adds up their
counts.")

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${_deb_runtime})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
"exact cover by Dancing Links: the shared library
libdlx solves, counts and splits exact cover problems with Knuth's
Algorithm X and dancing links, and reads Knuth's text format.")
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# The ldconfig cache is refreshed by libc's trigger, as Debian policy
# asks; our postinst and postrm stand in for CPack's, which would call
# ldconfig themselves.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/deb/triggers
    ${PROJECT_SOURCE_DIR}/packaging/deb/postinst
    ${PROJECT_SOURCE_DIR}/packaging/deb/postrm)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libdlx-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "${_deb_runtime} (= ${PROJECT_VERSION}-${EXCOVER_DEB_RELEASE})")
set(CPACK_DEBIAN_DEV_DESCRIPTION
"exact cover by Dancing Links: development files
The headers, the static library, and the pkg-config (libdlx) and CMake
(find_package(excover)) files of libdlx.")

# cpack --config build/CPackSourceConfig.cmake: the sources, without
# git's files and the build folders
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\.git/" "/\\.git$" "/build[^/]*/")

include(CPack)
