/*
 * dlx-mpi - count the solutions of an exact cover problem on MPI ranks.
 *
 *   mpirun -np N dlx-mpi [--depth D] [--min-jobs K] [--stats] FILE
 *
 * Every rank reads FILE and splits it the same way (the split is
 * deterministic), so only job ids and counts travel.  Rank 0 hands out
 * jobs on demand, one at a time, and adds up the counts; ranks 1..N-1
 * count.  With one rank, rank 0 counts everything itself.
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

enum { TAG_RESULT = 1, TAG_JOB = 2 };

/* A worker's message: the job it finished (-1 on the first request). */
typedef struct result_msg {
    int64_t job;
    uint64_t hi, lo, nodes;
    double seconds;
} result_msg;

enum { OPT_DEPTH = CLI_OPT_OWN, OPT_MIN_JOBS };

static const cli_option options[] = {
    { OPT_DEPTH, 0, "depth", "D", "cut the search at depth D (default 3)" },
    { OPT_MIN_JOBS, 0, "min-jobs", "K", "go deeper until at least K jobs "
      "(default 256 per rank)" },
    CLI_OPTION_STATS,
    CLI_HELP_OPTIONS
};

static const cli_command command = {
    "dlx-mpi",
    CLI_USAGE("mpirun -np N dlx-mpi [--depth D] [--min-jobs K] [--stats] "
              "FILE"),
    "Count the solutions of FILE (Knuth's format) on N MPI ranks: rank 0\n"
    "hands out jobs (the cut of the search at depth D, or deeper until K\n"
    "jobs) and adds up their counts; every rank reads and splits FILE\n"
    "itself, so only job ids and counts travel.  Input with multiplicities\n"
    "(lo:hi|name) is split along Algorithm M's own branches.",
    options, NULL,
    { "counted", NULL, NULL, "the input is not valid", NULL, NULL,
      "out of memory" }
};

typedef struct args {
    int depth, min_jobs;
} args;

static int own_option(void *ctx, cli_parser *ps, int id)
{
    args *a = ctx;
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
    if (st < 0 && n != 1)
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

static void send_result(int64_t job, const dlx_result *r)
{
    result_msg msg = { job, 0, 0, 0, 0 };
    if (r) {
        msg.hi = r->solutions.hi;
        msg.lo = r->solutions.lo;
        msg.nodes = r->nodes;
        msg.seconds = r->seconds;
    }
    MPI_Send(&msg, (int)sizeof msg, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
}

static void worker(dlx_matrix *m, const dlx_jobs *jobs)
{
    send_result(-1, NULL);
    for (;;) {
        int job;
        MPI_Recv(&job, 1, MPI_INT, 0, TAG_JOB, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (job < 0)
            return;
        dlx_result r;
        dlx_search s = dlx_search_defaults();
        dlx_solve_job(m, jobs, job, &s, &r);
        send_result(job, &r);
    }
}

static int master(dlx_matrix *m, const dlx_jobs *jobs, int ranks, int stats)
{
    double t0 = MPI_Wtime();
    dlx_count total = { 0, 0 };
    uint64_t nodes = 0;
    double *busy = calloc((size_t)ranks, sizeof *busy);
    int *counted = calloc((size_t)ranks, sizeof *counted);
    if (!busy || !counted) {
        free(busy);
        free(counted);
        return CLI_EXIT_SYSTEM;
    }
    if (ranks == 1) {
        for (int k = 0; k < jobs->n; k++) {
            dlx_result r;
            dlx_search s = dlx_search_defaults();
            dlx_solve_job(m, jobs, k, &s, &r);
            total = dlx_count_add(total, r.solutions);
            nodes += r.nodes;
            busy[0] += r.seconds;
            counted[0]++;
        }
    } else {
        int next = 0, active = ranks - 1;
        while (active > 0) {
            result_msg msg;
            MPI_Status st;
            MPI_Recv(&msg, (int)sizeof msg, MPI_BYTE, MPI_ANY_SOURCE,
                     TAG_RESULT, MPI_COMM_WORLD, &st);
            if (msg.job >= 0) {
                total = dlx_count_add(total, (dlx_count){ msg.hi, msg.lo });
                nodes += msg.nodes;
                busy[st.MPI_SOURCE] += msg.seconds;
                counted[st.MPI_SOURCE]++;
            }
            int job = next < jobs->n ? next++ : -1;
            if (job < 0)
                active--;
            MPI_Send(&job, 1, MPI_INT, st.MPI_SOURCE, TAG_JOB,
                     MPI_COMM_WORLD);
        }
    }
    char count[DLX_COUNT_STRLEN];
    printf("%s\n", dlx_count_str(total, count));
    if (stats) {
        fprintf(stderr, "ranks: %d, jobs: %d at depth %d, nodes: %" PRIu64
                ", seconds: %.3f\n", ranks, jobs->n, jobs->depth, nodes,
                MPI_Wtime() - t0);
        for (int k = 0; k < ranks; k++)
            fprintf(stderr, "rank %d: %d jobs, %.3f s busy\n", k, counted[k],
                    busy[k]);
    }
    free(busy);
    free(counted);
    return cli_finish_output(command.prog);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    args a = { 3, -1 };
    cli_search search;
    cli_search_init(&search);
    const char *file = NULL;
    int rc = parse(argc, argv, rank, &a, &search, &file);
    if (rc >= 0) {
        MPI_Finalize();
        return rank == 0 ? rc : 0;
    }
    rc = 0;
    int depth = a.depth, stats = search.stats;
    int min_jobs = a.min_jobs >= 0 ? a.min_jobs : 256 * ranks;
    dlx_problem *p = NULL;
    dlx_jobs jobs;
    memset(&jobs, 0, sizeof jobs);
    if (rc == 0)
        rc = load(file, rank, &p);
    if (rc == 0 && dlx_split(p->matrix, NULL, 0, depth, min_jobs, &jobs) !=
                       DLX_OK)
        rc = CLI_EXIT_SYSTEM;
    /* every rank must agree before any waits on another */
    int worst = rc;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (worst == 0) {
        if (rank == 0)
            rc = master(p->matrix, &jobs, ranks, stats);
        else
            worker(p->matrix, &jobs);
    } else {
        rc = worst;
    }
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);
    MPI_Finalize();
    return rank == 0 ? rc : 0;
}
