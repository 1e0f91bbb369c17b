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
#include <inttypes.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const char usage[] =
    "Usage: mpirun -np N dlx-mpi [--depth D] [--min-jobs K] [--stats] FILE\n"
    "Count the solutions of FILE (Knuth's format) on N MPI ranks: rank 0\n"
    "hands out jobs (the cut of the search at depth D, default 3, or deeper\n"
    "until K jobs, default 256 per rank) and adds up their counts.\n"
    "Exit status: 0 counted, 3 input error, 4 usage error, 6 out of memory.\n";

static int load(const char *file, dlx_problem **p)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        perror(file);
        return 3;
    }
    dlx_diag err;
    int status = dlx_read_file(f, p, &err);
    fclose(f);
    if (status != DLX_OK) {
        fprintf(stderr, "%s:%d:%d: %s\n", file, err.line, err.col,
                err.message);
        return 3;
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
        dlx_count_solutions(m, 0, jobs->opts + jobs->start[job],
                            jobs->start[job + 1] - jobs->start[job], &r);
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
        return 6;
    }
    if (ranks == 1) {
        for (int k = 0; k < jobs->n; k++) {
            dlx_result r;
            dlx_count_solutions(m, 0, jobs->opts + jobs->start[k],
                                jobs->start[k + 1] - jobs->start[k], &r);
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
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int depth = 3, min_jobs = -1, stats = 0, rc = 0;
    const char *file = NULL;
    for (int k = 1; k < argc && rc == 0; k++) {
        if (!strcmp(argv[k], "--depth") && k + 1 < argc)
            depth = atoi(argv[++k]);
        else if (!strcmp(argv[k], "--min-jobs") && k + 1 < argc)
            min_jobs = atoi(argv[++k]);
        else if (!strcmp(argv[k], "--stats"))
            stats = 1;
        else if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
            if (rank == 0)
                fputs(usage, stdout);
            MPI_Finalize();
            return 0;
        } else if (argv[k][0] == '-' || file)
            rc = 4;
        else
            file = argv[k];
    }
    if (rc == 0 && (!file || depth < 1))
        rc = 4;
    if (rc == 4 && rank == 0)
        fputs(usage, stderr);
    if (min_jobs < 0)
        min_jobs = 256 * ranks;
    dlx_problem *p = NULL;
    dlx_jobs jobs;
    memset(&jobs, 0, sizeof jobs);
    if (rc == 0)
        rc = load(file, &p);
    if (rc == 0 && dlx_split(p->matrix, NULL, 0, depth, min_jobs, &jobs) !=
                       DLX_OK)
        rc = 6;
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
