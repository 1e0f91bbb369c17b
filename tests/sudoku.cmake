# Sudoku: the library against outside numbers (test_sudoku), and the
# command line: messages, exit codes, layouts (sudoku_cli.sh).
add_executable(test_sudoku ${CMAKE_CURRENT_LIST_DIR}/test_sudoku.c)
target_link_libraries(test_sudoku PRIVATE sudoku_core excover_options)
target_include_directories(test_sudoku PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME sudoku_lib COMMAND test_sudoku ${EXCOVER_TEST_DATA})
add_test(NAME sudoku_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/sudoku_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
