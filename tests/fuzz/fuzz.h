/*
 * fuzz.h - what every fuzz target shares.
 *
 * Each target defines LLVMFuzzerTestOneInput.  Built with clang and
 * -fsanitize=fuzzer it is a libFuzzer binary; built with any compiler and
 * replay.c it is a plain program that runs the seed corpus, so that ctest
 * replays every corpus with gcc too.
 */
#ifndef FUZZ_H
#define FUZZ_H

#define _POSIX_C_SOURCE 200809L

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A property that must hold for every input: abort, so that libFuzzer
 * keeps the input and the replay fails. */
#define FUZZ_ASSERT(cond)                                                    \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__,        \
                    __LINE__, #cond);                                        \
            abort();                                                         \
        }                                                                    \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
