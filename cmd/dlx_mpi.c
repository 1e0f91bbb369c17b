/*
 * dlx-mpi - count the solutions of an exact cover problem on MPI ranks.
 *
 *   mpirun -np N dlx-mpi [--depth D] [--min-jobs K] [--stats] FILE
 *
 *   mpirun -np N dlx-mpi --sudoku-grids RxC [--stats]
 *
 * Every rank reads FILE and splits it the same way (the split is
 * deterministic), so only job ids and counts travel.  Rank 0 hands out
 * jobs on demand, one at a time, and adds up the counts; ranks 1..N-1
 * count.  With one rank, rank 0 counts everything itself.
 *
 * The sudoku grids are counted as shards: rank r counts the band classes
 * r, r + N, ... in one call, whose cache of band counts serves all its
 * classes (a class counted alone pays for its cache again: 44 9x9
 * classes handed out one at a time took over 8 times the CPU), and rank
 * 0 adds up the ranks' grids.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_read.h"
#include "sudoku_bands.h"

enum { TAG_RESULT = 1, TAG_JOB = 2 };

/* A worker's message: the job it finished (-1 on the first request), the
 * status of its count (DLX_OK, or why it has no count) and how it ended
 * (DLX_COMPLETE, or cut short by the budget). */
typedef struct result_msg {
    int64_t job, status, outcome;
    uint64_t hi, lo, nodes;
    double seconds;
} result_msg;

/* Rank 0's message: the job to count (-1: no more), within max_nodes
 * (0: no budget), what is left of --max-nodes when it is handed out. */
typedef struct job_msg {
    int64_t job;
    uint64_t max_nodes;
} job_msg;

/* What the ranks count: job k of n, into *r; DLX_OK or a status. */
typedef struct work {
    int n_jobs, depth;
    uint64_t max_nodes;            /* --max-nodes: the jobs' total; 0: none */
    double deadline;               /* --timeout on MPI_Wtime; 0: none */
    int (*count)(const struct work *w, int job, uint64_t max_nodes,
                 dlx_result *r);
    dlx_matrix *m;                 /* a problem's jobs */
    const dlx_jobs *jobs;
} work;

enum { OPT_DEPTH = CLI_OPT_OWN, OPT_MIN_JOBS, OPT_GRIDS };

static const cli_option options[] = {
    { OPT_DEPTH, 0, "depth", "D", "cut the search at depth D (default 3)" },
    { OPT_MIN_JOBS, 0, "min-jobs", "K", "go deeper until at least K jobs "
      "(default 256 per rank)" },
    { OPT_GRIDS, 0, "sudoku-grids", "RxC", "instead of FILE: count every "
      "sudoku grid with R x C boxes, one job per band class (as 'sudoku "
      "bands --grids --split'); the total as 'sudoku bands --grids' "
      "prints it" },
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_OPTION_STATS,
    CLI_HELP_OPTIONS
};

static const cli_command command = {
    "dlx-mpi",
    CLI_USAGE("mpirun -np N dlx-mpi [--depth D] [--min-jobs K] [OPTION]... "
              "FILE",
              "mpirun -np N dlx-mpi --sudoku-grids RxC [--timeout SEC] "
              "[--stats]"),
    "Count the solutions of FILE (Knuth's format) on N MPI ranks: rank 0\n"
    "hands out jobs (the cut of the search at depth D, or deeper until K\n"
    "jobs) and adds up their counts; every rank reads and splits FILE\n"
    "itself, so only job ids and counts travel.  Input with multiplicities\n"
    "(lo:hi|name) is split along Algorithm M's own branches.",
    options,
    "Budgets: --timeout SEC holds for the split and every job (each rank\n"
    "counts from its own start); --max-nodes N holds for the split, then\n"
    "for the jobs' nodes in total: each job is handed out with what is\n"
    "left of N after the jobs counted so far, and none once they reach N\n"
    "(jobs counting at once each get what was left: on P ranks the jobs\n"
    "count at most P - 1 times N nodes, N on one rank).  A count cut short\n"
    "by a budget is printed with a '+' (598+): a lower bound, as dlx\n"
    "prints it.  --sudoku-grids takes --timeout only.\n",
    { "counted", NULL, NULL, "the input is not valid", NULL,
      "the search was cut short by --max-nodes or --timeout",
      "out of memory" }
};

typedef struct args {
    int depth, min_jobs;
    int R, C;     /* --sudoku-grids; 0: a FILE */
} args;

/* RxC with 1 <= R, C and R * C <= SUDOKU_BAND_MAX_N */
static int grids_value(cli_parser *ps, args *a)
{
    const char *v = ps->value, *x = strchr(v, 'x'), *end;
    long long r, c;
    if (!x || text_number(v, SUDOKU_BAND_MAX_N, &r, &end) != 0 || end != x ||
        text_number(x + 1, SUDOKU_BAND_MAX_N, &c, &end) != 0 || *end ||
        r < 1 || c < 1 || r * c > SUDOKU_BAND_MAX_N) {
        char q[120];
        return cli_usage_error(command.prog, "--sudoku-grids: %s is not RxC "
                               "with R*C from 1 to %d",
                               text_quote(v, strlen(v), 40, q, sizeof q),
                               SUDOKU_BAND_MAX_N);
    }
    a->R = (int)r;
    a->C = (int)c;
    return 0;
}

static int own_option(void *ctx, cli_parser *ps, int id)
{
    args *a = ctx;
    if (id == OPT_GRIDS)
        return grids_value(ps, a);
    return id == OPT_DEPTH ? cli_value_int(ps, 1, 10000, &a->depth)
                           : cli_value_int(ps, 0, 100000000, &a->min_jobs);
}

/* Reads the command line on every rank; only rank 0 speaks (help, usage
 * errors), the others read the same words in silence.  -1 to go on, or
 * an exit status. */
static int parse(int argc, char **argv, int rank, args *a, cli_search *s,
                 const char **file)
{
    int saved_out = -1, saved_err = -1;
    if (rank != 0) {
        fflush(stdout);
        fflush(stderr);
        int null = open("/dev/null", O_WRONLY);
        saved_out = dup(1);
        saved_err = dup(2);
        if (null >= 0) {
            dup2(null, 1);
            dup2(null, 2);
            close(null);
        }
    }
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    int n = 0, st = files ? cli_parse(&command, argc, argv, 1, s, files, &n,
                                      own_option, a)
                          : CLI_EXIT_SYSTEM;
    if (st < 0 && a->R && n > 0)
        st = cli_usage_error(command.prog, "--sudoku-grids counts the grids: "
                             "no FILE ('%s')", files[0]);
    else if (st < 0 && a->R && s->max_nodes)
        st = cli_usage_error(command.prog, "--sudoku-grids takes --timeout, "
                             "not --max-nodes");
    else if (st < 0 && !a->R && n != 1)
        st = cli_usage_error(command.prog, "one input file, please");
    if (st < 0)
        *file = files[0];
    free(files);
    if (rank != 0) {
        fflush(stdout);
        fflush(stderr);
        if (saved_out >= 0)
            dup2(saved_out, 1), close(saved_out);
        if (saved_err >= 0)
            dup2(saved_err, 2), close(saved_err);
    }
    return st;
}

/* Reads the problem on every rank; rank 0 alone says what is wrong. */
static int load(const char *file, int rank, dlx_problem **p)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        if (rank == 0)
            cli_report(command.prog, 0, 0, "%s: %s", file, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    dlx_diag err;
    int status = dlx_read_file(f, p, &err);
    fclose(f);
    if (status != DLX_OK) {
        if (rank == 0)
            cli_report_diag(file, &err);
        return status == DLX_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    return 0;
}

/* Job k within max_nodes (0: none) and what is left of the time: a job
 * handed out after the deadline ends at once, cut short, with no count. */
static int count_job(const work *w, int job, uint64_t max_nodes,
                     dlx_result *r)
{
    dlx_search s = dlx_search_defaults();
    s.max_nodes = max_nodes;
    if (w->deadline > 0) {
        s.max_seconds = w->deadline - MPI_Wtime();
        if (s.max_seconds <= 0) {
            memset(r, 0, sizeof *r);
            r->outcome = DLX_STOP_TIME;
            return DLX_OK;
        }
    }
    return dlx_solve_job(w->m, w->jobs, job, &s, r);
}

static void send_result(int64_t job, int status, const dlx_result *r)
{
    result_msg msg = { job, status, DLX_COMPLETE, 0, 0, 0, 0 };
    if (r) {
        msg.outcome = r->outcome;
        msg.hi = r->solutions.hi;
        msg.lo = r->solutions.lo;
        msg.nodes = r->nodes;
        msg.seconds = r->seconds;
    }
    MPI_Send(&msg, (int)sizeof msg, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
}

static void worker(const work *w)
{
    send_result(-1, DLX_OK, NULL);
    for (;;) {
        job_msg job;
        MPI_Recv(&job, (int)sizeof job, MPI_BYTE, 0, TAG_JOB, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (job.job < 0)
            return;
        dlx_result r;
        int status = w->count(w, (int)job.job, job.max_nodes, &r);
        send_result(job.job, status, &r);
    }
}

/* The tally of rank 0. */
typedef struct tally {
    dlx_count total;
    uint64_t nodes;
    int status;                /* the first that is not DLX_OK */
    dlx_outcome cut;           /* DLX_COMPLETE, or the first budget spent */
    double *busy;
    int *counted;
} tally;

static void add_result(tally *t, int rank, const result_msg *msg)
{
    if (msg->status != DLX_OK && t->status == DLX_OK)
        t->status = (int)msg->status;
    if (msg->outcome != DLX_COMPLETE && t->cut == DLX_COMPLETE)
        t->cut = (dlx_outcome)msg->outcome;
    t->total = dlx_count_add(t->total, (dlx_count){ msg->hi, msg->lo });
    t->nodes += msg->nodes;
    t->busy[rank] += msg->seconds;
    t->counted[rank]++;
}

/* The next job to hand out, with what is left of --max-nodes, or -1:
 * none left, or a budget spent (then t->cut says which, if jobs were
 * left). */
static job_msg next_job(const work *w, tally *t, int *next)
{
    job_msg job = { -1, 0 };
    if (*next >= w->n_jobs)
        return job;
    if (t->cut == DLX_COMPLETE && w->max_nodes && t->nodes >= w->max_nodes)
        t->cut = DLX_STOP_NODES;
    if (t->cut == DLX_COMPLETE && w->deadline > 0 &&
        MPI_Wtime() >= w->deadline)
        t->cut = DLX_STOP_TIME;
    if (t->cut != DLX_COMPLETE || t->status != DLX_OK)
        return job;
    job.job = (*next)++;
    job.max_nodes = w->max_nodes ? w->max_nodes - t->nodes : 0;
    return job;
}

/* Hands out the jobs, one at a time, to the ranks that ask. */
static void hand_out(const work *w, int ranks, tally *t)
{
    int next = 0, active = ranks - 1;
    while (active > 0) {
        result_msg msg;
        MPI_Status st;
        MPI_Recv(&msg, (int)sizeof msg, MPI_BYTE, MPI_ANY_SOURCE,
                 TAG_RESULT, MPI_COMM_WORLD, &st);
        if (msg.job >= 0)
            add_result(t, st.MPI_SOURCE, &msg);
        job_msg job = next_job(w, t, &next);
        if (job.job < 0)
            active--;
        MPI_Send(&job, (int)sizeof job, MPI_BYTE, st.MPI_SOURCE, TAG_JOB,
                 MPI_COMM_WORLD);
    }
}

/* A count cut short, as dlx says it. */
static void report_cut(dlx_outcome cut, uint64_t nodes, dlx_count total)
{
    char count[DLX_COUNT_STRLEN];
    dlx_count_str(total, count);
    cli_report(command.prog, 0, 0, "search cut short (%s) after %" PRIu64
               " nodes: %s solution%s found so far", dlx_outcome_str(cut),
               nodes, count, dlx_count_u64(total) == 1 ? "" : "s");
}

static int master(const work *w, int ranks, int stats)
{
    double t0 = MPI_Wtime();
    tally t = { { 0, 0 }, 0, DLX_OK, DLX_COMPLETE,
                calloc((size_t)ranks, sizeof(double)),
                calloc((size_t)ranks, sizeof(int)) };
    if (!t.busy || !t.counted) {
        free(t.busy);
        free(t.counted);
        return CLI_EXIT_SYSTEM;
    }
    if (ranks == 1) {
        int next = 0;
        for (job_msg k; (k = next_job(w, &t, &next)).job >= 0;) {
            dlx_result r;
            int status = w->count(w, (int)k.job, k.max_nodes, &r);
            result_msg msg = { k.job, status, r.outcome, r.solutions.hi,
                               r.solutions.lo, r.nodes, r.seconds };
            add_result(&t, 0, &msg);
        }
    } else {
        hand_out(w, ranks, &t);
    }
    int rc = 0;
    if (t.status != DLX_OK) {
        /* a job without its count: no total rather than a wrong one */
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(t.status));
        rc = CLI_EXIT_SYSTEM;
    } else {
        char count[DLX_COUNT_STRLEN];
        cli_print_count(stdout, dlx_count_str(t.total, count),
                        t.cut == DLX_COMPLETE);
        if (t.cut != DLX_COMPLETE) {
            report_cut(t.cut, t.nodes, t.total);
            rc = CLI_EXIT_CUT;
        }
    }
    if (stats) {
        fprintf(stderr, "ranks: %d, jobs: %d at depth %d, nodes: %" PRIu64
                ", seconds: %.3f\n", ranks, w->n_jobs, w->depth, t.nodes,
                MPI_Wtime() - t0);
        for (int k = 0; k < ranks; k++)
            fprintf(stderr, "rank %d: %d jobs, %.3f s busy\n", k,
                    t.counted[k], t.busy[k]);
    }
    free(t.busy);
    free(t.counted);
    return cli_exit_worse(rc, cli_finish_output(command.prog));
}

/* The work of this rank: the problem's jobs, split within the budget
 * (CLI_EXIT_CUT and *cut when it ran out; by time, the ranks may not
 * agree). */
static int prepare(const args *a, const cli_search *b, const char *file,
                   int rank, int ranks, dlx_problem **p, dlx_jobs *jobs,
                   work *w, dlx_outcome *cut)
{
    double start = MPI_Wtime();
    memset(w, 0, sizeof *w);
    *cut = DLX_COMPLETE;
    int min_jobs = a->min_jobs >= 0 ? a->min_jobs : 256 * ranks;
    int rc = load(file, rank, p);
    dlx_search lim = dlx_search_defaults();
    lim.max_nodes = b->max_nodes;
    lim.max_seconds = b->timeout;
    if (rc == 0 && dlx_split_within((*p)->matrix, NULL, 0, a->depth,
                                    min_jobs, &lim, jobs, cut) != DLX_OK)
        rc = CLI_EXIT_SYSTEM;
    else if (rc == 0 && *cut != DLX_COMPLETE)
        rc = CLI_EXIT_CUT;
    w->max_nodes = b->max_nodes;
    w->deadline = b->timeout > 0 ? start + b->timeout : 0;
    w->count = count_job;
    w->m = rc == 0 ? (*p)->matrix : NULL;
    w->jobs = jobs;
    w->n_jobs = rc == 0 ? jobs->n : 0;
    w->depth = jobs->depth;
    return rc;
}

/* The grid counter returns the sudoku library's statuses; the messages
 * between ranks carry libdlx's, as the exact cover jobs' do. */
static int dlx_status_of_grids(int status)
{
    switch (status) {
    case SUDOKU_OK: return DLX_OK;
    case SUDOKU_ENOMEM: return DLX_ENOMEM;
    case SUDOKU_ELIMIT: return DLX_ETOOBIG;
    case SUDOKU_EOVERFLOW: return DLX_EOVERFLOW;
    case SUDOKU_EJOB: return DLX_EOPTION;
    default: return DLX_EITEM; /* a bad shape, as it always said */
    }
}

/* This rank's shard of the classes: the sum of their grids in *msg
 * (job: how many classes). */
static void count_classes(const args *a, const sudoku_band_class *cls,
                          size_t n, int rank, int ranks, double seconds,
                          result_msg *msg)
{
    int *which = malloc((n / (size_t)ranks + 1) * sizeof *which), k = 0;
    sudoku_class_result *cr = calloc(n / (size_t)ranks + 1, sizeof *cr);
    memset(msg, 0, sizeof *msg);
    msg->status = which && cr ? DLX_OK : DLX_ENOMEM;
    for (size_t j = (size_t)rank; which && j < n; j += (size_t)ranks)
        which[k++] = (int)j;
    sudoku_grids_options o = { .threads = 1, .which = which, .n_which = k,
                               .results = cr, .classes = cls,
                               .n_classes = n, .max_seconds = seconds };
    sudoku_grids_result res;
    if (msg->status == DLX_OK)
        msg->status = dlx_status_of_grids(
            sudoku_count_grids(a->R, a->C, &o, &res));
    msg->outcome = msg->status == DLX_OK ? res.outcome : DLX_COMPLETE;
    dlx_count sum = { 0, 0 };
    for (int w = 0; msg->status == DLX_OK && w < k; w++) {
        sum = dlx_count_add(sum, cr[w].grids);
        msg->nodes += cr[w].subproblems;
        msg->seconds += cr[w].seconds;
    }
    msg->job = k;
    msg->hi = sum.hi;
    msg->lo = sum.lo;
    free(which);
    free(cr);
}

/* --sudoku-grids: each rank its shard, rank 0 the total; within
 * `timeout` seconds (0: none) of each rank's start. */
static int grids_main(const args *a, int rank, int ranks, int stats,
                      double timeout)
{
    double t0 = MPI_Wtime();
    sudoku_band_class *cls = NULL;
    size_t n = 0;
    int status = sudoku_band_class_list_within(a->R, a->C, 50000000, timeout,
                                               &cls, &n);
    double left = timeout > 0 ? timeout - (MPI_Wtime() - t0) : 0;
    if (status == DLX_OK && timeout > 0 && left <= 0)
        status = SUDOKU_BANDS_CUT;
    result_msg mine, *all = rank == 0 ? calloc((size_t)ranks, sizeof *all)
                                      : NULL;
    if (status == DLX_OK) {
        count_classes(a, cls, n, rank, ranks, left, &mine);
    } else {
        memset(&mine, 0, sizeof mine);
        mine.status = status == SUDOKU_BANDS_CUT
                          ? DLX_OK : dlx_status_of_grids(status);
        mine.outcome = status == SUDOKU_BANDS_CUT ? DLX_STOP_TIME
                                                  : DLX_COMPLETE;
    }
    free(cls);
    MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all, rank == 0 ? (int)sizeof
               mine : 0, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank != 0)
        return 0;
    if (!all)
        return CLI_EXIT_SYSTEM;
    tally t = { { 0, 0 }, 0, DLX_OK, DLX_COMPLETE,
                calloc((size_t)ranks, sizeof(double)),
                calloc((size_t)ranks, sizeof(int)) };
    for (int r = 0; t.busy && t.counted && r < ranks; r++) {
        add_result(&t, r, &all[r]);
        t.counted[r] = (int)all[r].job;
    }
    int rc = 0;
    if (!t.busy || !t.counted || t.status != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", t.status == DLX_ETOOBIG
                   ? "too many bands to classify (more than 50,000,000 "
                     "with the first row fixed)"
                   : dlx_strerror(t.status == DLX_OK ? DLX_ENOMEM
                                                     : t.status));
        rc = t.status == DLX_ETOOBIG ? CLI_EXIT_USAGE : CLI_EXIT_SYSTEM;
    } else {
        char count[DLX_COUNT_STRLEN];
        cli_print_count(stdout, dlx_count_str(t.total, count),
                        t.cut == DLX_COMPLETE);
        if (t.cut != DLX_COMPLETE) {
            cli_report(command.prog, 0, 0, "counting cut short (%s): %s "
                       "grids counted so far", dlx_outcome_str(t.cut), count);
            rc = CLI_EXIT_CUT;
        }
    }
    if (stats && rc != CLI_EXIT_SYSTEM && rc != CLI_EXIT_USAGE) {
        fprintf(stderr, "ranks: %d, classes: %zu, memo sub-problems: %"
                PRIu64 ", seconds: %.3f\n", ranks, n, t.nodes,
                MPI_Wtime() - t0);
        for (int r = 0; r < ranks; r++)
            fprintf(stderr, "rank %d: %d classes, %.3f s busy\n", r,
                    t.counted[r], t.busy[r]);
    }
    free(t.busy);
    free(t.counted);
    free(all);
    return cli_exit_worse(rc, cli_finish_output(command.prog));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    args a = { 3, -1, 0, 0 };
    cli_search search;
    cli_search_init(&search);
    const char *file = NULL;
    int rc = parse(argc, argv, rank, &a, &search, &file);
    if (rc >= 0) {
        MPI_Finalize();
        return rank == 0 ? rc : 0;
    }
    if (a.R) {
        rc = grids_main(&a, rank, ranks, search.stats, search.timeout);
        MPI_Finalize();
        return rank == 0 ? rc : 0;
    }
    dlx_problem *p = NULL;
    dlx_jobs jobs;
    memset(&jobs, 0, sizeof jobs);
    work w;
    dlx_outcome cut;
    rc = prepare(&a, &search, file, rank, ranks, &p, &jobs, &w, &cut);
    /* every rank must agree before any waits on another */
    int worst = rc;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (worst == 0) {
        if (rank == 0)
            rc = master(&w, ranks, search.stats);
        else
            worker(&w);
    } else {
        rc = worst;
        if (rc == CLI_EXIT_CUT && rank == 0) {
            /* cut before the jobs were found (another rank's split: by
             * time, as nodes cut every split alike) */
            cli_print_count(stdout, "0", 0);
            cli_report(command.prog, 0, 0, "search cut short (%s) while "
                       "splitting into jobs: 0 solutions found so far",
                       dlx_outcome_str(cut == DLX_COMPLETE ? DLX_STOP_TIME
                                                           : cut));
            rc = cli_exit_worse(rc, cli_finish_output(command.prog));
        }
    }
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);
    MPI_Finalize();
    return rank == 0 ? rc : 0;
}
