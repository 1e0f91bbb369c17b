/*
 * problems_set.c - exact cover of a set by listed subsets, from the plain
 * list a textbook writes (Wikipedia's "Exact cover" example):
 *
 *   # comments start with # or |; blank lines are skipped
 *   = 1 2 3 4 5 6 7       optional, first: the set to cover (default: every
 *                         element that appears in a subset)
 *   A: 1 4 7              a named subset
 *   B: 1 4
 *   2 7                   an unnamed one
 *
 * Elements become primary items, in order of first appearance.  A named
 * subset's name becomes a secondary item of its option alone: it changes
 * no count, and dlx prints it with the option, so the solution reads
 * "B 1 4".  Names and elements follow Knuth's rules for item names.
 */
#include "problems.h"
#include "problems_impl.h"

#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Names by hash, open addressing: index into the name list, -1 empty. */
typedef struct names {
    char **name;
    int *line, *col;         /* where each was first seen */
    int n, cap;
    int *slot;
    int n_slots;             /* a power of two, at least 2 n */
} names;

static uint32_t hash(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t k = 0; k < len; k++)
        h = (h ^ (unsigned char)s[k]) * 16777619u;
    return h;
}

static int lookup(const names *t, const char *s, size_t len)
{
    if (!t->n_slots)
        return -1;
    for (uint32_t i = hash(s, len) & (uint32_t)(t->n_slots - 1);;
         i = (i + 1) & (uint32_t)(t->n_slots - 1)) {
        int k = t->slot[i];
        if (k < 0)
            return -1;
        if (strlen(t->name[k]) == len && !memcmp(t->name[k], s, len))
            return k;
    }
}

/* Adds a name not yet there; its index, or -1 for no memory. */
static int add(names *t, const char *s, size_t len, int line, int col)
{
    if (2 * (t->n + 1) > t->n_slots) {
        int n_slots = t->n_slots ? 2 * t->n_slots : 64;
        int *slot = malloc((size_t)n_slots * sizeof *slot);
        if (!slot)
            return -1;
        for (int i = 0; i < n_slots; i++)
            slot[i] = -1;
        for (int k = 0; k < t->n; k++) {
            uint32_t i = hash(t->name[k], strlen(t->name[k])) &
                         (uint32_t)(n_slots - 1);
            while (slot[i] >= 0)
                i = (i + 1) & (uint32_t)(n_slots - 1);
            slot[i] = k;
        }
        free(t->slot);
        t->slot = slot;
        t->n_slots = n_slots;
    }
    if (t->n == t->cap) {
        if (t->cap > INT_MAX / 2)
            return -1; /* an int capacity would overflow */
        int cap = t->cap ? 2 * t->cap : 64;
        char **name = realloc(t->name, (size_t)cap * sizeof *name);
        if (name)
            t->name = name;
        int *lines = realloc(t->line, (size_t)cap * sizeof *lines);
        if (lines)
            t->line = lines;
        int *cols = realloc(t->col, (size_t)cap * sizeof *cols);
        if (cols)
            t->col = cols;
        if (!name || !lines || !cols)
            return -1;
        t->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, s, len);
    copy[len] = '\0';
    uint32_t i = hash(s, len) & (uint32_t)(t->n_slots - 1);
    while (t->slot[i] >= 0)
        i = (i + 1) & (uint32_t)(t->n_slots - 1);
    t->slot[i] = t->n;
    t->name[t->n] = copy;
    t->line[t->n] = line;
    t->col[t->n] = col;
    return t->n++;
}

static void names_free(names *t)
{
    for (int k = 0; k < t->n; k++)
        free(t->name[k]);
    free(t->name);
    free(t->line);
    free(t->col);
    free(t->slot);
}

/* The subsets, flat: subset k is elem[start[k] .. start[k+1]-1]. */
typedef struct subsets {
    int *elem;
    long n_elem, cap_elem;
    long *start;
    int *name;               /* index in the names table, or -1 */
    int n, cap;
} subsets;

static int push_elem(subsets *s, int e)
{
    if (s->n_elem == s->cap_elem) {
        long cap = s->cap_elem ? 2 * s->cap_elem : 256;
        int *elem = realloc(s->elem, (size_t)cap * sizeof *elem);
        if (!elem)
            return -1;
        s->elem = elem;
        s->cap_elem = cap;
    }
    s->elem[s->n_elem++] = e;
    return 0;
}

static int push_subset(subsets *s, int name)
{
    if (s->n + 1 >= s->cap) {
        if (s->cap > INT_MAX / 2 - 1)
            return -1; /* an int capacity would overflow */
        int cap = s->cap ? 2 * s->cap : 64;
        long *start = realloc(s->start, (size_t)(cap + 1) * sizeof *start);
        if (start)
            s->start = start;
        int *nm = realloc(s->name, (size_t)cap * sizeof *nm);
        if (nm)
            s->name = nm;
        if (!start || !nm)
            return -1;
        s->cap = cap;
    }
    s->start[s->n] = s->n_elem;
    s->name[s->n++] = name;
    return 0;
}

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *grown = cap < SIZE_MAX / 2 ? realloc(buf, cap *= 2) : NULL;
        if (!grown)
            free(buf);
        buf = grown;
    }
    *len = n;
    return buf;
}

typedef struct reader {
    names elems, labels;
    subsets sets;
    int declared;            /* a '=' line gave the set */
} reader;

/* One line of the list; PROBLEMS_OK or a status with err. */
static int read_line(reader *rd, const char *s, size_t len, int line,
                     int *seen_subset, problems_error *err)
{
    size_t k = 0;
    while (k < len && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r'))
        k++;
    if (k == len || s[k] == '#' || s[k] == '|')
        return PROBLEMS_OK;
    int universe = s[k] == '=';
    if (universe) {
        if (*seen_subset || rd->declared)
            return problems_fail(err, line, (int)k + 1, "'=' gives the set "
                                 "to cover once, before the subsets");
        rd->declared = 1;
        k++;
    } else {
        *seen_subset = 1;
    }
    int first = 1, in_subset = 0;
    long at = rd->sets.n_elem;
    while (k < len) {
        while (k < len && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r'))
            k++;
        if (k == len)
            break;
        size_t b = k;
        while (k < len && s[k] != ' ' && s[k] != '\t' && s[k] != '\r')
            k++;
        size_t n = k - b;
        int col = (int)b + 1;
        int label = !universe && first && s[k - 1] == ':';
        if (label)
            n--;
        first = 0;
        for (size_t j = b; j < b + n; j++) {
            unsigned char ch = (unsigned char)s[j];
            if (ch == ':' || ch == '|' || ch < 33 || ch > 126)
                return problems_fail(err, line, (int)j + 1, "%s in a name "
                                     "(names are printable ASCII without "
                                     "':' or '|'; 'NAME:' names a subset)",
                                     ch == ':' ? "':'" : ch == '|' ? "'|'"
                                     : "a character that cannot be");
        }
        if (n == 0)
            return problems_fail(err, line, col, "a subset's name before "
                                 "':' is empty");
        if (n > 64)
            return problems_fail(err, line, col, "a name longer than 64 "
                                 "characters");
        if (label) {
            if (lookup(&rd->labels, s + b, n) >= 0)
                return problems_fail(err, line, col, "subset '%.*s' is "
                                     "named twice", (int)n, s + b);
            int id = add(&rd->labels, s + b, n, line, col);
            if (id < 0 || push_subset(&rd->sets, id) != 0)
                return PROBLEMS_ENOMEM;
            in_subset = 1;
            continue;
        }
        if (!universe && !in_subset) {
            if (push_subset(&rd->sets, -1) != 0)
                return PROBLEMS_ENOMEM;
            in_subset = 1;
        }
        int e = lookup(&rd->elems, s + b, n);
        if (universe && e >= 0)
            return problems_fail(err, line, col, "'%.*s' twice in the set",
                                 (int)n, s + b);
        if (e < 0 && rd->declared && !universe)
            return problems_fail(err, line, col, "'%.*s' is not in the set "
                                 "given by '='", (int)n, s + b);
        if (e < 0 && (e = add(&rd->elems, s + b, n, line, col)) < 0)
            return PROBLEMS_ENOMEM;
        if (universe)
            continue;
        for (long j = at; j < rd->sets.n_elem; j++)
            if (rd->sets.elem[j] == e)
                return problems_fail(err, line, col, "'%.*s' twice in one "
                                     "subset", (int)n, s + b);
        if (push_elem(&rd->sets, e) != 0)
            return PROBLEMS_ENOMEM;
    }
    if (!universe && rd->sets.n_elem == at)
        return problems_fail(err, line, 0, "a subset with no element");
    return PROBLEMS_OK;
}

int problems_write_set(FILE *f, const problems_spec *sp, problems_error *err)
{
    if (!sp->list)
        return problems_fail(err, 0, 0, "set: no list to read");
    size_t len;
    char *text = read_all(sp->list, &len);
    if (!text)
        return PROBLEMS_ENOMEM;
    reader rd;
    memset(&rd, 0, sizeof rd);
    int status = PROBLEMS_OK, line = 0, seen_subset = 0;
    for (size_t k = 0; k < len && status == PROBLEMS_OK; line++) {
        size_t e = k;
        while (e < len && text[e] != '\n')
            e++;
        if (memchr(text + k, '\0', e - k))
            status = problems_fail(err, line + 1, 0, "a NUL byte");
        else
            status = read_line(&rd, text + k, e - k, line + 1, &seen_subset,
                               err);
        k = e + 1;
    }
    if (status == PROBLEMS_OK && rd.sets.n == 0)
        status = problems_fail(err, 0, 0, "no subset in the list");
    for (int k = 0; k < rd.labels.n && status == PROBLEMS_OK; k++)
        if (lookup(&rd.elems, rd.labels.name[k],
                   strlen(rd.labels.name[k])) >= 0)
            status = problems_fail(err, rd.labels.line[k], rd.labels.col[k],
                                   "'%s' names a subset and an element",
                                   rd.labels.name[k]);
    if (status == PROBLEMS_OK) {
        rd.sets.start[rd.sets.n] = rd.sets.n_elem;
        fprintf(f, "| set %s: exact cover by %d subsets of %d elements\n",
                sp->list_name ? sp->list_name : "-", rd.sets.n, rd.elems.n);
        for (int k = 0; k < rd.elems.n; k++)
            fprintf(f, "%s%s", k ? " " : "", rd.elems.name[k]);
        if (rd.labels.n)
            fputs(" |", f);
        for (int k = 0; k < rd.labels.n; k++)
            fprintf(f, " %s", rd.labels.name[k]);
        fputc('\n', f);
        for (int k = 0; k < rd.sets.n; k++) {
            if (rd.sets.name[k] >= 0)
                fprintf(f, "%s ", rd.labels.name[rd.sets.name[k]]);
            for (long j = rd.sets.start[k]; j < rd.sets.start[k + 1]; j++)
                fprintf(f, "%s%s", j > rd.sets.start[k] ? " " : "",
                        rd.elems.name[rd.sets.elem[j]]);
            fputc('\n', f);
        }
    }
    names_free(&rd.elems);
    names_free(&rd.labels);
    free(rd.sets.elem);
    free(rd.sets.start);
    free(rd.sets.name);
    free(text);
    return status;
}
