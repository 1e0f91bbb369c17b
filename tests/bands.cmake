add_executable(test_bands ${CMAKE_CURRENT_LIST_DIR}/test_bands.c)
target_link_libraries(test_bands PRIVATE sudoku_core excover_options)
target_include_directories(test_bands PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME sudoku_bands COMMAND test_bands)
add_test(NAME sudoku_grids_shards COMMAND sh
         ${CMAKE_CURRENT_LIST_DIR}/sudoku_grids_shards.sh ${EXCOVER_BIN})

# Every grid on MPI ranks, a job per band class (dlx-mpi --sudoku-grids):
# the published counts on 1 to 3 ranks.
if(TARGET dlx_mpi AND MPIEXEC_EXECUTABLE)
    foreach(run "1;2x3;28200960" "2;2x2;288" "2;3x2;28200960" "3;2x3;28200960")
        list(GET run 0 np)
        list(GET run 1 box)
        list(GET run 2 want)
        add_test(NAME dlx_mpi_grids_${box}_${np}
                 COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/mpirun.sh
                         ${MPIEXEC_EXECUTABLE} ${np}
                         $<TARGET_FILE:dlx_mpi> --sudoku-grids ${box})
        set_tests_properties(dlx_mpi_grids_${box}_${np} PROPERTIES
            PASS_REGULAR_EXPRESSION "^${want}\n")
    endforeach()
endif()
