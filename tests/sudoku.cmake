# Sudoku: the library against outside numbers, one program per module so
# that a failure names its area and the suites run in parallel
# (test_sudoku_<module>.c), and the command line: messages, exit codes,
# layouts (sudoku_cli.sh).
foreach(module grid solve variant gen logic canon solo roundtrip)
    add_executable(test_sudoku_${module} ${CMAKE_CURRENT_LIST_DIR}/test_sudoku_${module}.c)
    target_link_libraries(test_sudoku_${module} PRIVATE sudoku_core excover_options)
    target_include_directories(test_sudoku_${module} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
    add_test(NAME sudoku_${module} COMMAND test_sudoku_${module} ${EXCOVER_TEST_DATA})
endforeach()
add_test(NAME sudoku_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/sudoku_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
add_test(NAME sudoku_variant_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/sudoku_variant_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
add_test(NAME sudoku_solo_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/sudoku_solo_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
add_test(NAME sudoku_vargen_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/sudoku_vargen_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
