/*
 * knuth.c - a program of a libdlx user, built against the installed
 * library (tests/install.sh builds it with pkg-config and with
 * find_package(excover CONFIG)): reads a problem in Knuth's format,
 * counts its solutions and prints the first one, an option per line.
 *
 *   knuth FILE   ->   "version 0.1.0", "solutions 1", then the options
 */
#include <stdio.h>

#include <dlx.h>
#include <dlx_read.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: knuth FILE\n");
        return 4;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 3;
    }
    dlx_problem *p;
    dlx_diag err;
    int st = dlx_read_file(f, &p, &err);
    fclose(f);
    if (st != DLX_OK) {
        fprintf(stderr, "%s:%d:%d: %s\n", argv[1], err.line, err.col,
                err.message);
        return 3;
    }
    dlx_result r;
    st = dlx_count_solutions(p->matrix, 0, NULL, 0, &r);
    if (st != DLX_OK) {
        fprintf(stderr, "knuth: %s\n", dlx_strerror(st));
        dlx_problem_free(p);
        return 6;
    }
    char count[DLX_COUNT_STRLEN];
    printf("version %s\n", DLX_VERSION);
    printf("solutions %s\n", dlx_count_str(r.solutions, count));
    for (int k = 0; k < r.first_n; k++) {
        dlx_write_option(stdout, p, r.first[k]);
        putchar('\n');
    }
    dlx_problem_free(p);
    return r.first_n > 0 ? 0 : 1;
}
