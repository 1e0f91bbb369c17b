// knuth.cpp - the same user in C++: links only if the public headers
// declare the API extern "C".
#include <cstdio>

#include <dlx.h>
#include <dlx_read.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 4;
    std::FILE *f = std::fopen(argv[1], "rb");
    if (!f)
        return 3;
    dlx_problem *p = nullptr;
    dlx_diag err;
    int st = dlx_read_file(f, &p, &err);
    std::fclose(f);
    if (st != DLX_OK)
        return 3;
    dlx_result r;
    if (dlx_count_solutions(p->matrix, 0, nullptr, 0, &r) != DLX_OK)
        return 6;
    char count[DLX_COUNT_STRLEN];
    std::printf("version %s\n", DLX_VERSION);
    std::printf("solutions %s\n", dlx_count_str(r.solutions, count));
    for (int k = 0; k < r.first_n; k++) {
        dlx_write_option(stdout, p, r.first[k]);
        std::putchar('\n');
    }
    dlx_problem_free(p);
    return r.first_n > 0 ? 0 : 1;
}
