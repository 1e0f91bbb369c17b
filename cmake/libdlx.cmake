# libdlx for other programs: a shared library (libdlx.so.SOVERSION) and a
# static one (libdlx.a), built from the sources of the internal target
# `dlx` (dlx/CMakeLists.txt), which the project's own libraries and
# commands keep linking.  Included from the top level after every
# directory, so that sources added to `dlx` anywhere are picked up.
#
#   dlx          internal, static; links the text layer (text/,
#                excover_text) as every library of the project does
#   dlx_shared   installed as excover::dlx: exports exactly the dlx_* API
#                (libdlx.map); the text layer's objects are compiled in
#                but hidden
#   dlx_static   installed as excover::dlx_static
#
# The soname follows the project version: libdlx.so.MAJOR once the version
# reaches 1.0, and libdlx.so.0.MINOR before, since every 0.x release may
# change the ABI.

get_target_property(_dlx_dir dlx SOURCE_DIR)
get_target_property(_dlx_sources dlx SOURCES)
set(EXCOVER_DLX_SOURCES "")
foreach(_src IN LISTS _dlx_sources)
    if(_src MATCHES "^\\$<" OR IS_ABSOLUTE "${_src}")
        list(APPEND EXCOVER_DLX_SOURCES "${_src}")
    else()
        list(APPEND EXCOVER_DLX_SOURCES "${_dlx_dir}/${_src}")
    endif()
endforeach()

# The project version is DLX_VERSION in dlx.h (the top CMakeLists.txt
# reads it); it names the library files and packages.
if(PROJECT_VERSION_MAJOR EQUAL 0)
    set(EXCOVER_DLX_SOVERSION 0.${PROJECT_VERSION_MINOR})
else()
    set(EXCOVER_DLX_SOVERSION ${PROJECT_VERSION_MAJOR})
endif()

foreach(_kind shared static)
    string(TOUPPER ${_kind} _KIND)
    add_library(dlx_${_kind} ${_KIND} ${EXCOVER_DLX_SOURCES}
                $<TARGET_OBJECTS:excover_text_objects>)
    set_target_properties(dlx_${_kind} PROPERTIES
        OUTPUT_NAME dlx
        ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
        LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
        POSITION_INDEPENDENT_CODE ON)
    # the internal target's private include folders, the text layer's
    # and definitions, so that both builds compile the same code
    target_include_directories(dlx_${_kind}
        PUBLIC $<BUILD_INTERFACE:${_dlx_dir}/include>
               $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
        PRIVATE $<TARGET_PROPERTY:dlx,INCLUDE_DIRECTORIES>
                $<TARGET_PROPERTY:excover_text,INTERFACE_INCLUDE_DIRECTORIES>)
    target_compile_definitions(dlx_${_kind}
        PRIVATE $<TARGET_PROPERTY:dlx,COMPILE_DEFINITIONS>)
    target_link_libraries(dlx_${_kind}
        PRIVATE $<BUILD_INTERFACE:excover_options>)
endforeach()

set_target_properties(dlx_static PROPERTIES EXPORT_NAME dlx_static)
# A static library's users link what it needs; a shared one carries it.
target_link_libraries(dlx_static PUBLIC Threads::Threads m)
target_link_libraries(dlx_shared PRIVATE Threads::Threads m)

set_target_properties(dlx_shared PROPERTIES
    EXPORT_NAME dlx
    VERSION ${PROJECT_VERSION}
    SOVERSION ${EXCOVER_DLX_SOVERSION}
    LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/libdlx.map)
# Only the dlx_* API leaves the shared library: the text layer (text_*)
# compiled into it stays internal (tests/symbols.sh checks that the
# exported names are exactly the functions of the public headers).
include(CheckLinkerFlag)
check_linker_flag(C "-Wl,--version-script=${CMAKE_CURRENT_LIST_DIR}/libdlx.map"
                  EXCOVER_HAVE_VERSION_SCRIPT)
if(EXCOVER_HAVE_VERSION_SCRIPT)
    target_link_options(dlx_shared PRIVATE
        "-Wl,--version-script=${CMAKE_CURRENT_LIST_DIR}/libdlx.map")
    # every symbol resolved at link time, but sanitized builds leave the
    # sanitizer runtime to the program
    if(NOT EXCOVER_SANITIZE AND NOT EXCOVER_FUZZ)
        target_link_options(dlx_shared PRIVATE -Wl,--no-undefined)
    endif()
endif()
