/*
 * sudoku_input.c - the options and the batch reader that the sudoku
 * subcommands share.
 */
#include "sudoku_cmd.h"

#include <string.h>

static const char *const layouts[] = { "auto", "line", "grid", "numbers",
                                       "tatham", NULL };
static const char *const out_layouts[] = { "same", "line", "grid", "numbers",
                                           "tatham", "json", NULL };
/* in the order of sudoku_symbols, after SUDOKU_SYM_AUTO */
static const char *const symbol_sets[] = { "digits", "alnum", "letters",
                                           "hex", "numbers", NULL };

int sudoku_input_option(cli_parser *ps, int id, sudoku_read_options *in)
{
    int k;
    switch (id) {
    case SUDOKU_OPT_FORMAT:
        if (cli_value_choice(ps, layouts, &k))
            return CLI_EXIT_USAGE;
        in->layout = (sudoku_layout)k;
        return 0;
    case SUDOKU_OPT_BOX:
        if (sudoku_parse_box(ps->value, &in->box) != SUDOKU_OK) {
            char q[120];
            return cli_usage_error(ps->prog, "--box: %s is not RxC with R*C "
                                   "from 1 to %d",
                                   text_quote(ps->value, strlen(ps->value),
                                              40, q, sizeof q),
                                   SUDOKU_MAX_ORDER);
        }
        return 0;
    case SUDOKU_OPT_SIZE:
        if (cli_value_int(ps, 1, SUDOKU_MAX_ORDER, &k))
            return CLI_EXIT_USAGE;
        sudoku_default_shape(k, &in->box);
        return 0;
    case SUDOKU_OPT_SYMBOLS:
        if (cli_value_choice(ps, symbol_sets, &k))
            return CLI_EXIT_USAGE;
        in->symbols = (sudoku_symbols)(k + 1);
        return 0;
    case SUDOKU_OPT_MIXED:
        in->mixed_orders = 1;
        return 0;
    case SUDOKU_OPT_X:
        in->diagonals = 1;
        return 0;
    default:
        return -1;
    }
}

int sudoku_output_option(cli_parser *ps, int id, sudoku_layout *layout,
                         sudoku_symbols *symbols)
{
    int k;
    switch (id) {
    case SUDOKU_OPT_OUTPUT:
        if (cli_value_choice(ps, out_layouts, &k))
            return CLI_EXIT_USAGE;
        *layout = (sudoku_layout)k;   /* "same" is SUDOKU_LAYOUT_AUTO */
        return 0;
    case SUDOKU_OPT_OUT_SYMBOLS:
        if (cli_value_choice(ps, symbol_sets, &k))
            return CLI_EXIT_USAGE;
        *symbols = (sudoku_symbols)(k + 1);
        return 0;
    default:
        return -1;
    }
}

void sudoku_print_warning(void *ctx, const dlx_diag *w)
{
    cli_report_diag(ctx, w);
}

static int open_file(void *ctx, FILE *f, const char *name)
{
    sudoku_input *in = ctx;
    in->name = name;
    sudoku_read_options opt = in->opt;
    if (!opt.on_warning) {
        opt.on_warning = sudoku_print_warning;
        opt.warning_ctx = (void *)name;
    }
    sudoku_reader_init(&in->r, f, name, &opt);
    return 0;
}

static int next_puzzle(void *ctx, int *line, dlx_diag *err)
{
    sudoku_input *in = ctx;
    int got = sudoku_read(&in->r, &in->s, &in->src, err);
    *line = in->src.line;
    return cli_read_result(got);
}

static void process(void *ctx, const char *name, int line)
{
    sudoku_input *in = ctx;
    (void)name;
    (void)line;
    in->process(in, in->ctx);
}

static void close_file(void *ctx)
{
    sudoku_input *in = ctx;
    sudoku_reader_release(&in->r);
}

const cli_reader sudoku_reader_of = { open_file, next_puzzle, process,
                                      close_file };
