# The engine: library tests, and the dlx command from the outside.
add_executable(test_dlx ${CMAKE_CURRENT_LIST_DIR}/test_dlx.c)
target_link_libraries(test_dlx PRIVATE dlx excover_options)
target_include_directories(test_dlx PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_engine COMMAND test_dlx ${EXCOVER_TEST_DATA})

add_test(NAME dlx_cli COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/dlx_cli.sh
         $<TARGET_FILE:dlx_cmd> ${EXCOVER_TEST_DATA})

add_executable(test_parallel ${CMAKE_CURRENT_LIST_DIR}/test_parallel.c)
target_link_libraries(test_parallel PRIVATE dlx excover_options)
target_include_directories(test_parallel PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_parallel COMMAND test_parallel ${EXCOVER_TEST_DATA})

# The shard recipes of the README, run with local processes.
add_test(NAME dlx_shards COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/dlx_shards.sh
         $<TARGET_FILE:dlx_cmd> ${EXCOVER_TEST_DATA})

if(TARGET dlx_mpi AND MPIEXEC_EXECUTABLE)
    foreach(np 1 2 3)
        add_test(NAME dlx_mpi_${np}
                 COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/mpirun.sh
                         ${MPIEXEC_EXECUTABLE} ${np}
                         $<TARGET_FILE:dlx_mpi> ${EXCOVER_TEST_DATA}/exact-cover/langford-11-break.dlx)
        set_tests_properties(dlx_mpi_${np} PROPERTIES
            PASS_REGULAR_EXPRESSION "^17792\n")
    endforeach()
else()
    # no MPI found: the MPI tests are not built; one test says why, as a
    # skip (a failure under EXCOVER_REQUIRE_TOOLS=1, as in CI)
    add_test(NAME dlx_mpi COMMAND sh -c "echo 'dlx_mpi: skipped: no MPI \
implementation found (install libopenmpi-dev or libmpich-dev), so dlx-mpi \
and its tests are not built'; [ \"\${EXCOVER_REQUIRE_TOOLS:-0}\" = 1 ] || exit 77; exit 1")
    set_tests_properties(dlx_mpi PROPERTIES SKIP_RETURN_CODE 77)
endif()

# dlx gen against published counts, dlx dfs against them and against
# Dancing Links (tests/gen_cli.sh, exact-cover/gen-counts.tsv).
add_test(NAME dlx_gen COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/gen_cli.sh
         $<TARGET_FILE:dlx_cmd> ${EXCOVER_TEST_DATA})

# The search page in a real browser (headless Chromium): the DOM at every
# step against the engine's trace (trace_state.c), the controls clicked
# through WebDriver, a screenshot.  Skipped (exit 77) without Chromium.
add_executable(trace_state ${CMAKE_CURRENT_LIST_DIR}/trace_state.c)
target_link_libraries(trace_state PRIVATE dlx excover_options)
add_test(NAME browser COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/browser.sh
         ${EXCOVER_BIN} $<TARGET_FILE:trace_state> ${EXCOVER_TEST_DATA}
         ${CMAKE_BINARY_DIR}/browser)
set_tests_properties(browser PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)

# The recorder of the search page: its tree against the engine's counts.
add_executable(test_view ${CMAKE_CURRENT_LIST_DIR}/test_view.c)
target_link_libraries(test_view PRIVATE view dlx excover_text excover_options)
target_include_directories(test_view PRIVATE ${CMAKE_CURRENT_LIST_DIR} ${PROJECT_SOURCE_DIR}/view)
add_test(NAME view COMMAND test_view ${EXCOVER_TEST_DATA})
add_test(NAME view_cli COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/view_cli.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})

# The memo counter: published counts memo on and off, dominoes against a
# transfer matrix (past 2^64), independent parts, colors by brute force.
add_executable(test_dlx_memo ${CMAKE_CURRENT_LIST_DIR}/test_dlx_memo.c)
target_link_libraries(test_dlx_memo PRIVATE dlx excover_options)
target_include_directories(test_dlx_memo PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_memo COMMAND test_dlx_memo ${EXCOVER_TEST_DATA})
# Multiplicities and costs against brute force, OEIS and the Hungarian
# method (tests/test_mcc.c); against Knuth's dlx3 and dlx5 when DLX3 and
# DLX5 name them (tests/mcc_knuth.sh, skipped otherwise).
add_executable(test_mcc ${CMAKE_CURRENT_LIST_DIR}/test_mcc.c)
target_link_libraries(test_mcc PRIVATE dlx excover_options problems)
target_include_directories(test_mcc PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_mcc COMMAND test_mcc)
add_test(NAME dlx_mcc_knuth COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/mcc_knuth.sh
         $<TARGET_FILE:dlx_cmd>)
set_tests_properties(dlx_mcc_knuth PROPERTIES SKIP_RETURN_CODE 77)
# The same comparison without the peer programs: the figures they printed,
# recorded in tests/data/exact-cover/knuth-figures.tsv.
add_test(NAME dlx_knuth_figures
         COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/knuth_figures.sh
         $<TARGET_FILE:dlx_cmd> ${EXCOVER_TEST_DATA})
# The harness: check_done fails when no check ran (issue 35).
add_executable(test_check ${CMAKE_CURRENT_LIST_DIR}/test_check.c)
target_link_libraries(test_check PRIVATE excover_options)
add_test(NAME check_harness COMMAND test_check)

# Multiplicities cut into jobs (--threads, shards, dlx-mpi): counts
# against brute force and OEIS, nodes against the single search.
add_executable(test_mcc_jobs ${CMAKE_CURRENT_LIST_DIR}/test_mcc_jobs.c)
target_link_libraries(test_mcc_jobs PRIVATE dlx excover_options)
target_include_directories(test_mcc_jobs PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_mcc_jobs COMMAND test_mcc_jobs)
if(TARGET dlx_mpi AND MPIEXEC_EXECUTABLE)
    add_test(NAME dlx_mcc_pieces COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/mcc_jobs.sh
             $<TARGET_FILE:dlx_cmd> ${MPIEXEC_EXECUTABLE} $<TARGET_FILE:dlx_mpi>)
else()
    add_test(NAME dlx_mcc_pieces COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/mcc_jobs.sh
             $<TARGET_FILE:dlx_cmd>)
endif()
# Counts of any size (dlx_bignum): published numbers past 2^128, and sums
# and products checked by residues computed on the decimal strings.
add_executable(test_bignum ${CMAKE_CURRENT_LIST_DIR}/test_bignum.c)
target_link_libraries(test_bignum PRIVATE dlx excover_options)
target_include_directories(test_bignum PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_bignum COMMAND test_bignum)

# The one table that chooses the engine: requests, AUTO's choices, the
# reasons (tests/test_dlx_choice.c); every status of each library has a
# message of its own (tests/test_status.c).
add_executable(test_dlx_choice ${CMAKE_CURRENT_LIST_DIR}/test_dlx_choice.c)
target_link_libraries(test_dlx_choice PRIVATE dlx excover_options)
target_include_directories(test_dlx_choice PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_choice COMMAND test_dlx_choice ${EXCOVER_TEST_DATA})
add_executable(test_status ${CMAKE_CURRENT_LIST_DIR}/test_status.c)
target_link_libraries(test_status PRIVATE dlx sudoku_core mathdoku_core
                      excover_options)
target_include_directories(test_status PRIVATE ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME dlx_status COMMAND test_status)

# Every engine's sanity() (Knuth's: every link and count of its layout,
# checked at every level; EXCOVER_SANITY) on small searches of the
# dance, the bitset and compact engines, Algorithm M and the memo
# counter (tests/test_sanity.c): a broken invariant aborts the test.
# With EXCOVER_SANITY on, every library test runs them too.
if(TARGET dlx_sanity)
    add_executable(test_dlx_sanity ${CMAKE_CURRENT_LIST_DIR}/test_sanity.c)
    target_include_directories(test_dlx_sanity PRIVATE
                               ${CMAKE_CURRENT_LIST_DIR})
    target_link_libraries(test_dlx_sanity PRIVATE dlx_sanity excover_options)
    add_test(NAME dlx_engine_sanity COMMAND test_dlx_sanity
             ${EXCOVER_TEST_DATA})
endif()
