add_executable(test_bands ${CMAKE_CURRENT_LIST_DIR}/test_bands.c)
target_link_libraries(test_bands PRIVATE sudoku_core excover_options)
target_include_directories(test_bands PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME sudoku_bands COMMAND test_bands)
add_test(NAME sudoku_grids_shards COMMAND sh
         ${CMAKE_CURRENT_LIST_DIR}/sudoku_grids_shards.sh ${EXCOVER_BIN})
