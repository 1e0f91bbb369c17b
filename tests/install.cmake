# The installed tree as its users meet it (tests/install.sh): cmake
# --install into build/test-install, then a C program built against it
# with pkg-config and with find_package(excover CONFIG); the symbols the
# shared libdlx exports (tests/symbols.sh).
set(EXCOVER_TEST_PREFIX ${PROJECT_BINARY_DIR}/test-install)
set(EXCOVER_SANITIZED $<$<BOOL:${EXCOVER_SANITIZE}>:sanitized>)

add_test(NAME install_tree
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/install.sh tree
                 ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR}
                 ${EXCOVER_TEST_PREFIX} $<$<NOT:$<BOOL:${EXCOVER_DOCS}>>:nodocs>)
set_tests_properties(install_tree PROPERTIES FIXTURES_SETUP installed
                     ENVIRONMENT CC=${CMAKE_C_COMPILER})
add_test(NAME install_pkgconfig
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/install.sh pkgconfig
                 ${EXCOVER_TEST_PREFIX} ${EXCOVER_TEST_DATA} ${CMAKE_C_COMPILER}
                 ${EXCOVER_SANITIZED})
add_test(NAME install_cmake
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/install.sh cmake
                 ${EXCOVER_TEST_PREFIX} ${EXCOVER_TEST_DATA} ${CMAKE_COMMAND}
                 ${CMAKE_C_COMPILER} ${PROJECT_VERSION} ${EXCOVER_SANITIZED})
set_tests_properties(install_pkgconfig install_cmake PROPERTIES
                     FIXTURES_REQUIRED installed SKIP_RETURN_CODE 77)

add_test(NAME libdlx_symbols
         COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/symbols.sh
                 $<TARGET_FILE:dlx_shared> ${PROJECT_SOURCE_DIR}/dlx/include
                 ${CMAKE_C_COMPILER})

# The installed man pages as `man` shows them, and every option of every
# --help in them (tests/man_pages.sh); the installed bash completions
# loaded in bash (tests/completion.sh).
if(NOT EXCOVER_DOCS)
    return()
endif()
add_test(NAME man_pages
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/man_pages.sh ${EXCOVER_BIN}
                 ${EXCOVER_TEST_PREFIX}/${CMAKE_INSTALL_MANDIR}
                 $<TARGET_FILE:dlx_shared>)
add_test(NAME completion
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/completion.sh ${EXCOVER_BIN}
                 ${EXCOVER_TEST_PREFIX})
set_tests_properties(man_pages completion PROPERTIES
                     FIXTURES_REQUIRED installed SKIP_RETURN_CODE 77)
