/*
 * replay.c - runs a fuzz target on files and directories of inputs, for
 * compilers without libFuzzer: `fuzz_x_replay DIR_OR_FILE...`.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
            }
            buf = b;
        }
    }
    fclose(f);
    if (!buf)
        return 1;
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int files = 0, failed = 0;
    for (int k = 1; k < argc; k++) {
        struct stat st;
        if (stat(argv[k], &st) != 0) {
            perror(argv[k]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            failed += run_file(argv[k]);
            files++;
            continue;
        }
        DIR *d = opendir(argv[k]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[k], e->d_name);
            failed += run_file(path);
            files++;
        }
        if (d)
            closedir(d);
    }
    printf("%d passed, %d failed\n", files - failed, failed);
    return failed || files == 0;
}
