# The benchmark harness validates every answer before timing it; that
# validation is tested here (bench_validation.sh).  bench/run --quick runs
# in CI (.ci/run), without timing assertions.
add_test(NAME bench_validation COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench_validation.sh
         ${EXCOVER_BIN} ${EXCOVER_TEST_DATA})
