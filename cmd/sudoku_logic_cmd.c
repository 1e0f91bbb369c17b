/*
 * sudoku explain | hint | rate - the logic solver seen from the command
 * line: every step in words, the next step only, or a difficulty grade.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_util.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solve.h"

int sudoku_logic_main(int argc, char **argv);

static const char logic_usage[] =
"Usage: sudoku explain|hint|rate [OPTION]... [FILE]...\n"
"Solve as a person does, one named step at a time.\n"
"\n"
"  explain   every step in words, to the end: r2c5 = 7: hidden single in\n"
"            row 2 (...); then the rating\n"
"  hint      the next step only\n"
"  rate      one line per puzzle: the grade (easy, medium, hard, expert,\n"
"            guessing) from the hardest technique needed, and how often\n"
"            each technique was used\n"
"\n"
"Techniques, simplest first: full house, naked single, hidden single,\n"
"locked candidates (pointing, claiming), naked and hidden pairs, triples\n"
"and quads, X-wing, swordfish, XY-wing.  When none applies the step is a\n"
"guess, labelled as such, whose digit comes from the Dancing Links\n"
"solution, so every puzzle is explained to its end.\n"
"\n"
"  -m, --method M    techniques (default) or reject (the reject-list\n"
"                    method: each cell keeps the digits it cannot take;\n"
"                    it finds naked and hidden singles and pairs)\n"
"      --candidates  explain: the candidate grid before each step\n"
"  -o, --output F    text (default), json (JSON lines: one per step for\n"
"                    explain and hint, one per puzzle for rate), csv (rate)\n"
"  -f, --format F    input layout, as for 'sudoku solve'\n"
"  -b, --box RxC     box shape\n"
"      --symbols S   input symbols\n"
"\n"
"Orders up to 64.  Exit status: 0 done, 1 some puzzle has no solution,\n"
"3 some puzzle or file could not be read, 4 usage error.\n";

typedef enum mode { EXPLAIN, HINT, RATE } mode;
typedef enum out_kind { OUT_TEXT, OUT_JSON, OUT_CSV } out_kind;

/* cmd: explain, hint or rate */
static int logic_usage_error(const char *cmd, const char *fmt,
                             const char *arg)
{
    fprintf(stderr, "sudoku %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'sudoku %s --help' for more information.\n",
            cmd);
    return 4;
}

static void json_step(const char *file, int line, int n, const sudoku_step *st,
                      const sudoku_shape *sh)
{
    char name[24];
    printf("{\"file\":");
    dlx_json_string(stdout, file);
    printf(",\"line\":%d,\"step\":%d,\"technique\":\"%s\"", line, n,
           sudoku_technique_key(st->tech));
    if (st->cell >= 0)
        printf(",\"cell\":\"%s\",\"digit\":%d",
               sudoku_cell_name(sh, st->cell, name), st->digit);
    printf(",\"removed\":[");
    for (int k = 0; k < st->n_removed; k++)
        printf("%s[\"%s\",%d]", k ? "," : "",
               sudoku_cell_name(sh, st->removed_cell[k], name),
               st->removed_digit[k]);
    printf("],\"text\":");
    dlx_json_string(stdout, st->text);
    printf("}\n");
}

/* Runs one puzzle; returns 0, or 1 when it has no solution. */
static int run_puzzle(const sudoku *s, const char *file, int line, mode md,
                      sudoku_logic_method method, int candidates,
                      out_kind out, sudoku_solver *sv)
{
    sudoku_logic *lg = sudoku_logic_new(s, method);
    if (!lg) {
        fprintf(stderr, "%s:%d: out of memory\n", file, line);
        return 1;
    }
    int used[SUDOKU_TECH_COUNT] = { 0 }, hardest = -1, steps = 0, status = 0;
    sudoku_step st;
    for (;;) {
        if (candidates && md == EXPLAIN && out == OUT_TEXT)
            sudoku_logic_write_candidates(stdout, lg);
        int got = sudoku_logic_step(lg, sv, &st);
        if (got == 0)
            break;
        if (got < 0) {
            fprintf(stderr, "%s:%d: %s\n", file, line, st.text);
            status = 1;
            break;
        }
        steps++;
        used[st.tech]++;
        if ((int)st.tech > hardest)
            hardest = st.tech;
        if (md != RATE) {
            if (out == OUT_JSON)
                json_step(file, line, steps, &st, &s->shape);
            else
                printf("%d. %s\n", steps, st.text);
        }
        if (md == HINT)
            break;
    }
    if (md == EXPLAIN && status == 0 && out == OUT_TEXT)
        printf("solved in %d steps: %s (hardest: %s)\n", steps,
               sudoku_rating_name(hardest < 0 ? SUDOKU_TECH_FULL_HOUSE
                                              : (sudoku_technique)hardest),
               hardest < 0 ? "none, it was full"
                           : sudoku_technique_name(hardest));
    if (md == HINT && steps == 0 && status == 0)
        printf("the grid is full\n");
    if (md == RATE && status == 0) {
        sudoku_technique h = hardest < 0 ? SUDOKU_TECH_FULL_HOUSE
                                         : (sudoku_technique)hardest;
        const char *hk = hardest < 0 ? "none" : sudoku_technique_key(h);
        if (out == OUT_CSV) {
            printf("%s,%d,%s,%s,%d", file, line, sudoku_rating_name(h), hk,
                   steps);
            for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
                printf(",%d", used[t]);
            putchar('\n');
        } else if (out == OUT_JSON) {
            printf("{\"file\":");
            dlx_json_string(stdout, file);
            printf(",\"line\":%d,\"rating\":\"%s\",\"hardest\":\"%s\","
                   "\"steps\":%d,\"techniques\":{", line,
                   sudoku_rating_name(h), hk, steps);
            for (int t = 0, first = 1; t < SUDOKU_TECH_COUNT; t++)
                if (used[t]) {
                    printf("%s\"%s\":%d", first ? "" : ",",
                           sudoku_technique_key(t), used[t]);
                    first = 0;
                }
            printf("}}\n");
        } else {
            printf("%s:%d: %s (hardest: %s);", file, line,
                   sudoku_rating_name(h), hardest < 0 ? "none"
                                                      : sudoku_technique_name(h));
            for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
                if (used[t])
                    printf(" %s %d,", sudoku_technique_key(t), used[t]);
            printf(" %d steps\n", steps);
        }
    }
    sudoku_logic_free(lg);
    return status;
}

int sudoku_logic_main(int argc, char **argv)
{
    mode md = !strcmp(argv[0], "hint") ? HINT
            : !strcmp(argv[0], "rate") ? RATE : EXPLAIN;
    sudoku_logic_method method = SUDOKU_LOGIC_TECHNIQUES;
    out_kind out = OUT_TEXT;
    int candidates = 0, n_files = 0;
    sudoku_read_options in = { 0 };
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return 6;
    static const char *const with_value[] = {
        "-m", "--method", "-o", "--output", "-f", "--format", "-b", "--box",
        "--symbols", NULL };
    static const char *const layouts[] = { "auto", "line", "grid",
                                           "numbers", "tatham", NULL };
    static const char *const symbol_sets[] = { "digits", "alnum", "letters",
                                               "hex", "numbers", NULL };
    const char *wrong = NULL, *what = NULL; /* a usage error, its subject */
    for (int k = 1; k < argc && !wrong; k++) {
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        const char *a = arg.name, *val = arg.value;
        int j;
        what = val;
        if (bad) {
            wrong = dlx_arg_error(bad);
            what = argv[k];
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(logic_usage, stdout);
            free(files);
            return 0;
        } else if (!strcmp(a, "-m") || !strcmp(a, "--method")) {
            if (!strcmp(val, "techniques"))
                method = SUDOKU_LOGIC_TECHNIQUES;
            else if (!strcmp(val, "reject") || !strcmp(val, "reject-list"))
                method = SUDOKU_LOGIC_REJECT_LIST;
            else
                wrong = "--method: '%s' is not techniques or reject";
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (!strcmp(val, "text"))
                out = OUT_TEXT;
            else if (!strcmp(val, "json"))
                out = OUT_JSON;
            else if (!strcmp(val, "csv") && md == RATE)
                out = OUT_CSV;
            else
                wrong = "--output: '%s' is not text, json (or csv for rate)";
        } else if (!strcmp(a, "--candidates")) {
            candidates = 1;
        } else if (!strcmp(a, "-f") || !strcmp(a, "--format")) {
            for (j = 0; layouts[j] && strcmp(val, layouts[j]); j++)
                ;
            in.layout = (sudoku_layout)j;
            if (!layouts[j])
                wrong = "--format: '%s' is not auto, line, grid, numbers "
                        "or tatham";
        } else if (!strcmp(a, "-b") || !strcmp(a, "--box")) {
            if (sudoku_parse_box(val, &in.box) != 0)
                wrong = "--box: '%s' is not RxC";
        } else if (!strcmp(a, "--symbols")) {
            for (j = 0; symbol_sets[j] && strcmp(val, symbol_sets[j]); j++)
                ;
            in.symbols = (sudoku_symbols)(j + 1);
            if (!symbol_sets[j])
                wrong = "--symbols: '%s' is not digits, alnum, letters, hex "
                        "or numbers";
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
        printf("file,line,rating,hardest,steps");
        for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
            printf(",%s", sudoku_technique_key(t));
        putchar('\n');
    }
    int status = 0, puzzles = 0;
    sudoku_solver *sv = NULL;
    sudoku_shape cur = { 0, 0, 0 };
    sudoku s;
    sudoku_init(&s);
    for (int k = 0; k < n_files; k++) {
        int std = !strcmp(files[k], "-");
        const char *shown = std ? "<stdin>" : files[k];
        FILE *f = std ? stdin : fopen(files[k], "r");
        if (!f) {
            fprintf(stderr, "sudoku: %s: %s\n", shown, strerror(errno));
            status = 3;
            continue;
        }
        sudoku_reader r;
        sudoku_reader_init(&r, f, shown, &in);
        sudoku_source src;
        sudoku_error err;
        int got;
        while ((got = sudoku_read(&r, &s, &src, &err)) != 0) {
            if (got < 0) {
                if (err.col)
                    fprintf(stderr, "%s:%d:%d: %s\n", shown, err.line,
                            err.col, err.message);
                else
                    fprintf(stderr, "%s:%d: %s\n", shown, err.line,
                            err.message);
                status = 3;
                if (got == -2)
                    break;
                continue;
            }
            if (s.shape.N > SUDOKU_LOGIC_MAX_ORDER) {
                fprintf(stderr, "%s:%d: the logic solver takes orders up to "
                        "%d\n", shown, src.line, SUDOKU_LOGIC_MAX_ORDER);
                status = 3;
                continue;
            }
            if (sudoku_check_givens(&s, &err) != 0) {
                fprintf(stderr, "%s:%d: %s\n", shown, src.line, err.message);
                status = 3;
                continue;
            }
            if (!sv || cur.R != s.shape.R || cur.C != s.shape.C) {
                sudoku_solver_free(sv);
                sv = sudoku_solver_new(s.shape);
                cur = s.shape;
            }
            if (md != RATE && out == OUT_TEXT && puzzles > 0)
                putchar('\n');
            if (md != RATE && out == OUT_TEXT &&
                (n_files > 1 || puzzles > 0 || k > 0))
                printf("%s:%d:\n", shown, src.line);
            puzzles++;
            if (run_puzzle(&s, shown, src.line, md, method, candidates, out,
                           sv) != 0 && status == 0)
                status = 1;
        }
        sudoku_reader_release(&r);
        if (!std)
            fclose(f);
    }
    sudoku_release(&s);
    sudoku_solver_free(sv);
    free(files);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku %s: error writing output: %s\n", argv[0],
                strerror(errno));
        return 6;
    }
    return status;
}
