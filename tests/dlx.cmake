# The engine: library tests, and the dlx command from the outside.
add_executable(test_dlx ${CMAKE_CURRENT_LIST_DIR}/test_dlx.c)
target_link_libraries(test_dlx PRIVATE dlx excover_options)
target_include_directories(test_dlx PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_engine COMMAND test_dlx ${EXCOVER_TEST_DATA})

add_test(NAME dlx_cli COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/dlx_cli.sh
         $<TARGET_FILE:dlx_cmd> ${EXCOVER_TEST_DATA})
