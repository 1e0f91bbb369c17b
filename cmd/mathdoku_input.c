/*
 * mathdoku_input.c - the input options and the batch reader that the
 * mathdoku subcommands share.
 */
#include "mathdoku_cmd.h"

int mathdoku_input_option(cli_parser *ps, int id, mathdoku_layout *layout,
                          mathdoku_rules *rules)
{
    static const char *const layouts[] = { "auto", "letters", "list",
                                           "keen", NULL };
    int k, st;
    switch (id) {
    case MATHDOKU_OPT_FORMAT:
        st = cli_value_choice(ps, layouts, &k);
        *layout = (mathdoku_layout)k;
        return st;
    case MATHDOKU_OPT_NARY:
        rules->nary = 1;
        return 0;
    default:
        return -1;
    }
}

static int open_file(void *ctx, FILE *f, const char *name)
{
    mathdoku_input *in = ctx;
    in->name = name;
    mathdoku_reader_init(&in->r, f, in->layout, &in->rules);
    return 0;
}

static int next_puzzle(void *ctx, int *line, dlx_diag *err)
{
    mathdoku_input *in = ctx;
    int got = mathdoku_read(&in->r, &in->p, &in->line, err);
    *line = got == MATHDOKU_READ ? in->line : err->line;
    return cli_read_result(got);
}

static void process(void *ctx, const char *name, int line)
{
    mathdoku_input *in = ctx;
    (void)name;
    (void)line;
    in->process(in, in->ctx);
    mathdoku_free(&in->p);
}

static void close_file(void *ctx)
{
    mathdoku_input *in = ctx;
    mathdoku_reader_release(&in->r);
}

const cli_reader mathdoku_reader_of = { open_file, next_puzzle, process,
                                        close_file };
