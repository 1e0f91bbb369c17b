/*
 * dlx_util.c - clock, numbers and JSON strings for the commands.
 */
#define _POSIX_C_SOURCE 199309L

#include "dlx_util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

double dlx_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int dlx_parse_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return 0;
    *out = v;
    return 1;
}

void dlx_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

long dlx_peak_memory_kb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return ru.ru_maxrss;   /* kilobytes on Linux and the BSDs */
}

void dlx_json_error(FILE *f, const char *file, int line, const char *message)
{
    fprintf(f, "{\"file\":");
    dlx_json_string(f, file);
    fprintf(f, ",\"line\":%d,\"status\":\"error\",\"error\":", line);
    dlx_json_string(f, message);
    fprintf(f, "}\n");
}

int dlx_next_arg(int argc, char **argv, int *k,
                 const char *const *with_value, dlx_arg *arg)
{
    const char *a = argv[*k];
    const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
    arg->name = a;
    arg->value = NULL;
    if (eq && (size_t)(eq - a) < sizeof arg->buf) {
        memcpy(arg->buf, a, (size_t)(eq - a));
        arg->buf[eq - a] = '\0';
        arg->name = arg->buf;
        arg->value = eq + 1;
    }
    int takes = 0;
    for (int j = 0; with_value[j] && !takes; j++)
        takes = strcmp(arg->name, with_value[j]) == 0;
    if (takes && !arg->value) {
        if (*k + 1 >= argc)
            return DLX_ARG_NEEDS_VALUE;
        arg->value = argv[++*k];
    } else if (!takes && arg->value) {
        return DLX_ARG_TAKES_NO_VALUE;
    }
    return DLX_ARG_OK;
}

const char *dlx_arg_error(int status)
{
    return status == DLX_ARG_NEEDS_VALUE ? "option '%s' needs a value"
                                         : "option '%s' takes no value";
}
