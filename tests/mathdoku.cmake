# Mathdoku: the library against outside numbers (test_mathdoku), and the
# command line: messages, exit codes, layouts (mathdoku_cli.sh).
add_executable(test_mathdoku ${CMAKE_CURRENT_LIST_DIR}/test_mathdoku.c)
target_link_libraries(test_mathdoku PRIVATE mathdoku_core excover_options)
target_include_directories(test_mathdoku PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME mathdoku_lib COMMAND test_mathdoku ${EXCOVER_TEST_DATA})
add_test(NAME mathdoku_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/mathdoku_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
# The writers: Tatham's Keen IDs written back as he wrote them, every
# layout read back; a cage's tuples against brute force; the logic
# solver's grades against Keen's on the collection, its techniques on
# positions made for them; generated puzzles unique by the plain DLX and
# the DFS, in every layout.
foreach(area write cage logic gen)
    add_executable(test_mathdoku_${area} ${CMAKE_CURRENT_LIST_DIR}/test_mathdoku_${area}.c)
    target_link_libraries(test_mathdoku_${area} PRIVATE mathdoku_core excover_options)
    target_include_directories(test_mathdoku_${area} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
    add_test(NAME mathdoku_${area} COMMAND test_mathdoku_${area} ${EXCOVER_TEST_DATA})
endforeach()
add_test(NAME mathdoku_gen_cli COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/mathdoku_gen_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
