# Fuzz targets.  Each is built twice: always as a replay program that runs
# its seed corpus under ctest (any compiler), and with -DEXCOVER_FUZZ=ON
# (clang) as a libFuzzer binary; tests/fuzz/run.sh fuzzes for N minutes.
set(EXCOVER_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR}/fuzz)

# excover_fuzz_target(NAME SOURCE LIBRARY...): corpus in tests/fuzz/corpus/NAME
function(excover_fuzz_target name source)
    add_executable(fuzz_${name}_replay ${source} ${EXCOVER_FUZZ_DIR}/replay.c)
    target_include_directories(fuzz_${name}_replay PRIVATE ${EXCOVER_FUZZ_DIR})
    target_link_libraries(fuzz_${name}_replay PRIVATE ${ARGN} excover_options)
    add_test(NAME fuzz_${name}_corpus
             COMMAND fuzz_${name}_replay ${EXCOVER_FUZZ_DIR}/corpus/${name})
    if(EXCOVER_FUZZ)
        add_executable(fuzz_${name} ${source})
        target_include_directories(fuzz_${name} PRIVATE ${EXCOVER_FUZZ_DIR})
        target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
        target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
        target_link_libraries(fuzz_${name} PRIVATE ${ARGN} excover_options)
    endif()
endfunction()

excover_fuzz_target(dlx ${EXCOVER_FUZZ_DIR}/fuzz_dlx.c dlx)
excover_fuzz_target(sudoku ${EXCOVER_FUZZ_DIR}/fuzz_sudoku.c sudoku_core)
excover_fuzz_target(mathdoku ${EXCOVER_FUZZ_DIR}/fuzz_mathdoku.c mathdoku_core)
excover_fuzz_target(jobs ${EXCOVER_FUZZ_DIR}/fuzz_jobs.c dlx)
# The Solo and Keen ID readers alone (issue 35): the targets above with the
# layout forced, over seeds of every variant ID and the malformed IDs met.
excover_fuzz_target(solo ${EXCOVER_FUZZ_DIR}/fuzz_solo.c sudoku_core)
excover_fuzz_target(keen ${EXCOVER_FUZZ_DIR}/fuzz_keen.c mathdoku_core)
