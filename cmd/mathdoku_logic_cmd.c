/*
 * mathdoku explain | hint | rate - the logic solver seen from the command
 * line: every step in words, the next step only, or Keen's grade.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_util.h"
#include "mathdoku.h"
#include "mathdoku_logic.h"

int mathdoku_logic_main(int argc, char **argv);

static const char logic_usage[] =
"Usage: mathdoku explain|hint|rate [OPTION]... [FILE]...\n"
"Solve Mathdoku as a person does, one named step at a time.\n"
"\n"
"  explain   every step in words, to the end: 'C4 = 3: hidden single, the\n"
"            only place for 3 in row 4'; then the grade\n"
"  hint      the next step only\n"
"  rate      one line per puzzle: the grade and how often each technique\n"
"            was used\n"
"\n"
"Grades are Simon Tatham's Keen's, and mean what they mean there (the\n"
"techniques of each grade reach what Keen's solver reaches):\n"
"  Easy          naked and hidden singles; a cage's combinations (the\n"
"                digits that any way of filling it uses)\n"
"  Normal        a cage's cells (the digits each cell takes in some way of\n"
"                filling the cage)\n"
"  Hard          a digit every way of filling a cage puts in one row or\n"
"                column leaves the rest of that line; naked and hidden\n"
"                pairs, triples and larger sets in rows and columns\n"
"  Extreme       X-wing, swordfish and larger fish; forcing chains\n"
"  Unreasonable  the rest: a row's or column's remainder (the cages inside\n"
"                it add up to their targets, so its other cells add up to\n"
"                the rest of N(N+1)/2, or multiply to the rest of N!), a\n"
"                deduction Keen's solver lacks; then guesses, labelled as\n"
"                such, whose digit comes from the Dancing Links solution,\n"
"                so that every puzzle is explained to its end\n"
"\n"
"  --candidates      explain, hint: the candidate grid before each step\n"
"  -o, --output F    text (default), json (JSON lines: one per step for\n"
"                    explain and hint, one per puzzle for rate), csv (rate)\n"
"  -f, --format F    input layout, as for 'mathdoku solve'\n"
"      --nary        '-' and '/' cages may have more than two cells\n"
"\n"
"Exit status: 0 done, 1 some puzzle has no solution, 2 some puzzle has\n"
"several (rate says 'ambiguous', as Keen does; explain follows one), 3\n"
"some puzzle or file could not be read, 4 usage error, 6 no memory or\n"
"output not written.\n";

typedef enum mode { EXPLAIN, HINT, RATE } mode;
typedef enum out_kind { OUT_TEXT, OUT_JSON, OUT_CSV } out_kind;

static int logic_usage_error(const char *cmd, const char *fmt,
                             const char *arg)
{
    fprintf(stderr, "mathdoku %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'mathdoku %s --help' for more information.\n",
            cmd);
    return 4;
}

static void json_step(const char *file, int line, int n,
                      const mathdoku_step *st, int N)
{
    char name[16];
    printf("{\"file\":");
    dlx_json_string(stdout, file);
    printf(",\"line\":%d,\"step\":%d,\"technique\":\"%s\",\"grade\":\"%s\"",
           line, n, mathdoku_technique_key(st->tech),
           mathdoku_grade_name(mathdoku_technique_grade(st->tech)));
    if (st->cell >= 0)
        printf(",\"cell\":\"%s\",\"digit\":%d",
               mathdoku_cell_name(N, st->cell, name), st->digit);
    printf(",\"removed\":[");
    for (int k = 0; k < st->n_removed; k++)
        printf("%s[\"%s\",%d]", k ? "," : "",
               mathdoku_cell_name(N, st->removed_cell[k], name),
               st->removed_digit[k]);
    printf("],\"text\":");
    dlx_json_string(stdout, st->text);
    printf("}\n");
}

/* Solutions of p, up to 2, by the engine; the first into sol.  -1 when
 * the exact cover cannot be built (err). */
static int count_solutions(const mathdoku *p, const mathdoku_rules *rules,
                           int *sol, mathdoku_error *err)
{
    mathdoku_solver *sv = mathdoku_solver_new(p, rules, err);
    if (!sv)
        return -1;
    mathdoku_limits lim = { 0 };
    lim.max_solutions = 2;
    mathdoku_outcome out;
    int st = mathdoku_solve_dlx(sv, &lim, sol, &out);
    mathdoku_solver_free(sv);
    if (st != 0) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return -1;
    }
    return (int)out.solutions;
}

/* Runs one puzzle; returns an exit status (0, 1, 2, 6). */
static int run_puzzle(const mathdoku *p, const mathdoku_rules *rules,
                      const char *file, int line, mode md, int candidates,
                      out_kind out)
{
    int N = p->N, status = 0;
    int *sol = malloc((size_t)N * N * sizeof *sol);
    if (!sol) {
        fprintf(stderr, "%s:%d: out of memory\n", file, line);
        return 6;
    }
    mathdoku_error err;
    int solutions = count_solutions(p, rules, sol, &err);
    if (solutions <= 0) {
        if (solutions < 0)
            fprintf(stderr, "%s:%d: %s\n", file, err.line ? err.line : line,
                    err.message);
        else
            fprintf(stderr, "%s:%d: no solution\n", file, line);
        if (out == OUT_JSON)
            dlx_json_error(stdout, file, line, solutions < 0 ? err.message
                                                              : "no solution");
        free(sol);
        return 1;
    }
    if (solutions > 1) {
        status = 2;
        if (md == RATE) {
            if (out == OUT_CSV)
                printf("%s,%d,ambiguous,,0\n", file, line);
            else if (out == OUT_JSON) {
                printf("{\"file\":");
                dlx_json_string(stdout, file);
                printf(",\"line\":%d,\"grade\":\"ambiguous\"}\n", line);
            } else {
                printf("%s:%d: ambiguous (several solutions)\n", file, line);
            }
            free(sol);
            return status;
        }
        fprintf(stderr, "%s:%d: several solutions: the guesses follow one "
                "of them\n", file, line);
    }
    mathdoku_logic *lg = mathdoku_logic_new(p, rules, sol);
    if (!lg) {
        fprintf(stderr, "%s:%d: out of memory\n", file, line);
        free(sol);
        return 6;
    }
    int used[MD_TECH_COUNT] = { 0 }, grade = 0, steps = 0, got;
    mathdoku_step st;
    if (md == RATE)
        mathdoku_logic_set_quiet(lg, 1);
    for (;;) {
        if (candidates && md != RATE && out == OUT_TEXT) {
            mathdoku_logic_write_candidates(stdout, lg);
            putchar('\n');
        }
        got = mathdoku_logic_step(lg, &st);
        if (got != 1)
            break;
        steps++;
        used[st.tech]++;
        if ((int)mathdoku_technique_grade(st.tech) > grade)
            grade = mathdoku_technique_grade(st.tech);
        if (md != RATE) {
            if (out == OUT_JSON)
                json_step(file, line, steps, &st, N);
            else
                printf("%d. %s\n", steps, st.text);
        }
        if (md == HINT)
            break;
    }
    if (got < 0) {
        fprintf(stderr, "%s:%d: %s\n", file, line,
                got == -2 ? "out of memory" : st.text);
        status = got == -2 ? 6 : 1;
    } else if (md == EXPLAIN && out == OUT_TEXT) {
        int hardest = -1;
        for (int t = 0; t < MD_TECH_COUNT; t++)
            if (used[t] && (hardest < 0 || mathdoku_technique_grade(t) >=
                                               mathdoku_technique_grade(
                                                   hardest)))
                hardest = t;
        printf("solved in %d steps: %s (hardest: %s)\n", steps,
               mathdoku_grade_name(grade),
               hardest < 0 ? "none, it was full"
                           : mathdoku_technique_name(hardest));
    } else if (md == HINT && steps == 0 && out == OUT_TEXT) {
        printf("the grid is full\n");
    } else if (md == RATE) {
        if (out == OUT_CSV) {
            printf("%s,%d,%s,%d", file, line, mathdoku_grade_name(grade),
                   steps);
            for (int t = 0; t < MD_TECH_COUNT; t++)
                printf(",%d", used[t]);
            putchar('\n');
        } else if (out == OUT_JSON) {
            printf("{\"file\":");
            dlx_json_string(stdout, file);
            printf(",\"line\":%d,\"grade\":\"%s\",\"steps\":%d,"
                   "\"techniques\":{", line, mathdoku_grade_name(grade),
                   steps);
            for (int t = 0, first = 1; t < MD_TECH_COUNT; t++)
                if (used[t]) {
                    printf("%s\"%s\":%d", first ? "" : ",",
                           mathdoku_technique_key(t), used[t]);
                    first = 0;
                }
            printf("}}\n");
        } else {
            printf("%s:%d: %s;", file, line, mathdoku_grade_name(grade));
            for (int t = 0; t < MD_TECH_COUNT; t++)
                if (used[t])
                    printf(" %s %d,", mathdoku_technique_key(t), used[t]);
            printf(" %d steps\n", steps);
        }
    }
    mathdoku_logic_free(lg);
    free(sol);
    return status;
}

/* the worse of two exit statuses, in the order 6, 3, 1, 2, 0 */
static int worse(int a, int b)
{
    static const int rank[] = { 0, 2, 1, 3, 0, 0, 4 };
    return rank[b] > rank[a] ? b : a;
}

int mathdoku_logic_main(int argc, char **argv)
{
    mode md = !strcmp(argv[0], "hint") ? HINT
            : !strcmp(argv[0], "rate") ? RATE : EXPLAIN;
    out_kind out = OUT_TEXT;
    mathdoku_layout layout = MD_LAYOUT_AUTO;
    mathdoku_rules rules = { 0 };
    int candidates = 0, n_files = 0;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return 6;
    static const char *const with_value[] = { "-o", "--output", "-f",
                                              "--format", NULL };
    const char *wrong = NULL, *what = NULL;
    for (int k = 1; k < argc && !wrong; k++) {
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        const char *a = arg.name, *val = arg.value;
        what = val;
        if (bad) {
            wrong = dlx_arg_error(bad);
            what = argv[k];
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(logic_usage, stdout);
            free(files);
            return 0;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (!strcmp(val, "text"))
                out = OUT_TEXT;
            else if (!strcmp(val, "json"))
                out = OUT_JSON;
            else if (!strcmp(val, "csv") && md == RATE)
                out = OUT_CSV;
            else
                wrong = "--output: '%s' is not text, json (or csv for rate)";
        } else if (!strcmp(a, "-f") || !strcmp(a, "--format")) {
            static const char *const names[] = { "auto", "letters", "list",
                                                 "keen", NULL };
            int j = 0;
            while (names[j] && strcmp(val, names[j]))
                j++;
            if (names[j])
                layout = (mathdoku_layout)j;
            else
                wrong = "--format: '%s' is not auto, letters, list or keen";
        } else if (!strcmp(a, "--nary")) {
            rules.nary = 1;
        } else if (!strcmp(a, "--candidates")) {
            candidates = 1;
        } else if (a[0] == '-' && a[1]) {
            wrong = "unknown option '%s'";
            what = a;
        } else {
            files[n_files++] = a;
        }
    }
    if (wrong) {
        free(files);
        return logic_usage_error(argv[0], wrong, what);
    }
    if (n_files == 0)
        files[n_files++] = "-";
    if (md == RATE && out == OUT_CSV) {
        printf("file,line,grade,steps");
        for (int t = 0; t < MD_TECH_COUNT; t++)
            printf(",%s", mathdoku_technique_key(t));
        putchar('\n');
    }
    int status = 0, puzzles = 0;
    for (int k = 0; k < n_files; k++) {
        int std = !strcmp(files[k], "-");
        const char *shown = std ? "<stdin>" : files[k];
        FILE *f = std ? stdin : fopen(files[k], "r");
        if (!f) {
            fprintf(stderr, "mathdoku: %s: %s\n", shown, strerror(errno));
            status = worse(status, 3);
            continue;
        }
        mathdoku_reader r;
        mathdoku_reader_init(&r, f, layout, &rules);
        mathdoku p;
        mathdoku_error err;
        int first, got, before = puzzles;
        while ((got = mathdoku_read(&r, &p, &first, &err)) != 0) {
            if (got < 0) {
                if (got == -2)
                    fprintf(stderr, "mathdoku: %s: %s\n", shown, err.message);
                else if (err.col)
                    fprintf(stderr, "%s:%d:%d: %s\n", shown, err.line,
                            err.col, err.message);
                else
                    fprintf(stderr, "%s:%d: %s\n", shown, err.line,
                            err.message);
                if (got == -1 && out == OUT_JSON)
                    dlx_json_error(stdout, shown, err.line, err.message);
                status = worse(status, 3);
                puzzles++;
                if (got == -2)
                    break;
                continue;
            }
            if (md != RATE && out == OUT_TEXT && puzzles > 0)
                putchar('\n');
            if (md != RATE && out == OUT_TEXT &&
                (n_files > 1 || puzzles > 0 || k > 0))
                printf("%s:%d:\n", shown, first);
            puzzles++;
            status = worse(status, run_puzzle(&p, &rules, shown, first, md,
                                              candidates, out));
            mathdoku_free(&p);
        }
        if (got == 0 && puzzles == before) {
            fprintf(stderr, "mathdoku: %s: no puzzle in the input\n", shown);
            status = worse(status, 3);
        }
        mathdoku_reader_release(&r);
        if (!std)
            fclose(f);
    }
    free(files);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "mathdoku %s: error writing output: %s\n", argv[0],
                strerror(errno));
        return 6;
    }
    return status;
}
