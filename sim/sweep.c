/*
 * sweep.c — a parameter sweep: the -p specifications, the cartesian
 * product or a pairwise cover, a key per configuration, the run folders,
 * local runs (N tasks at once, each `irhw sweep-task RUNDIR` in its own
 * process) with a progress line, and the gathered results.
 *
 * A configuration the block rejects (a joint limit such as THRESHOLD <
 * ENTRIES) is kept as a row with verdict `invalid` and the block's reason:
 * listed, never silently dropped.
 */
#include "sweep.h"

#include "pool.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- specifications ---- */

static int parse_int(const char *s, const char *e, long long *out)
{
    if (s == e || e - s > 18)
        return -1;
    long long x = 0;
    for (const char *p = s; p < e; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        x = 10 * x + (*p - '0');
    }
    *out = x;
    return 0;
}

/* Is "NAME=value" accepted by the parameter (number, choice, static range)? */
static int value_ok(const irhw_block *b, const char *name, const char *val, char *err,
                    size_t errlen)
{
    char assign[160];
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    snprintf(assign, sizeof assign, "%s=%s", name, val);
    return irhw_cfg_set(b, &c, assign, err, errlen);
}

int irhw_sweep_axis(irhw_sweep *s, const char *spec, char *err, size_t errlen)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof s->axes[0].name)
        return irhw_err(err, errlen, "-p '%s': expected NAME=a,b,c or NAME=lo..hi[:step]", spec);
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(eq - spec), spec);
    int pi = irhw_param_index(s->b, name);
    if (pi < 0)
        return value_ok(s->b, name, "0", err, errlen); /* the core's message lists the names */
    for (unsigned i = 0; i < s->naxes; i++)
        if (!strcmp(s->axes[i].name, name))
            return irhw_err(err, errlen, "-p '%s': parameter %s is already swept", spec, name);
    if (s->naxes == IRHW_SWEEP_MAX_AXES)
        return irhw_err(err, errlen, "-p '%s': too many swept parameters", spec);
    irhw_axis *a = &s->axes[s->naxes];
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "%s", name);
    const char *v = eq + 1;
    const char *dots = strstr(v, "..");
    if (dots) {
        const char *colon = strchr(dots, ':');
        const char *hi_end = colon ? colon : v + strlen(v);
        long long lo, hi, step = 1;
        if (parse_int(v, dots, &lo) || parse_int(dots + 2, hi_end, &hi) ||
            (colon && parse_int(colon + 1, colon + strlen(colon), &step)) || step < 1)
            return irhw_err(err, errlen,
                            "-p '%s': malformed range for %s: expected lo..hi or lo..hi:step "
                            "(whole numbers, step >= 1)",
                            spec, name);
        if (s->b->params[pi].type != IRHW_PINT)
            return irhw_err(err, errlen, "-p '%s': %s takes names, not a range", spec, name);
        if (lo > hi)
            return irhw_err(err, errlen, "-p '%s': the range of %s is empty (%lld > %lld)", spec,
                            name, lo, hi);
        for (long long x = lo; x <= hi; x += step) {
            if (a->nvals == IRHW_SWEEP_MAX_VALUES)
                return irhw_err(err, errlen, "-p '%s': more than %d values of %s", spec,
                                IRHW_SWEEP_MAX_VALUES, name);
            snprintf(a->vals[a->nvals], sizeof a->vals[0], "%lld", x);
            char e2[IRHW_ERRLEN];
            if (value_ok(s->b, name, a->vals[a->nvals], e2, sizeof e2))
                return irhw_err(err, errlen, "-p '%s': %s", spec, e2);
            a->nvals++;
        }
    } else {
        const char *p = v;
        for (;;) {
            const char *c = strchr(p, ',');
            size_t len = c ? (size_t)(c - p) : strlen(p);
            if (len == 0 || len >= sizeof a->vals[0])
                return irhw_err(err, errlen,
                                "-p '%s': malformed list for %s: an empty or too long value", spec,
                                name);
            if (a->nvals == IRHW_SWEEP_MAX_VALUES)
                return irhw_err(err, errlen, "-p '%s': more than %d values of %s", spec,
                                IRHW_SWEEP_MAX_VALUES, name);
            snprintf(a->vals[a->nvals], sizeof a->vals[0], "%.*s", (int)len, p);
            char e2[IRHW_ERRLEN];
            if (value_ok(s->b, name, a->vals[a->nvals], e2, sizeof e2))
                return irhw_err(err, errlen, "-p '%s': %s", spec, e2);
            a->nvals++;
            if (!c)
                break;
            p = c + 1;
        }
    }
    s->naxes++;
    return 0;
}

/* ---- expansion ---- */

/* Pairwise cover, greedy and deterministic: while a pair of values of two
 * axes is not covered, start a row from the first such pair and give every
 * other axis the value that covers most uncovered pairs with the axes
 * already set (ties: the first value). */
typedef struct {
    const irhw_sweep *s;
    unsigned char *cov; /* [a][va][b][vb] flattened */
    unsigned off[IRHW_SWEEP_MAX_AXES];
    unsigned stride;
} pairs;

static unsigned char *pair_at(pairs *p, unsigned a, unsigned va, unsigned b, unsigned vb)
{
    return &p->cov[(size_t)(p->off[a] + va) * p->stride + p->off[b] + vb];
}

static int pairwise_rows(const irhw_sweep *s, unsigned (**rows)[IRHW_SWEEP_MAX_AXES], int *nrows)
{
    pairs p = {s, NULL, {0}, 0};
    for (unsigned a = 0; a < s->naxes; a++) {
        p.off[a] = p.stride;
        p.stride += s->axes[a].nvals;
    }
    p.cov = calloc((size_t)p.stride * p.stride, 1);
    int cap = 16, n = 0;
    unsigned(*r)[IRHW_SWEEP_MAX_AXES] = malloc(cap * sizeof *r);
    if (!p.cov || !r) {
        free(p.cov);
        free(r);
        return -1;
    }
    for (;;) {
        unsigned fa = 0, fva = 0, fb = 0, fvb = 0, found = 0;
        for (unsigned a = 0; a < s->naxes && !found; a++)
            for (unsigned b = a + 1; b < s->naxes && !found; b++)
                for (unsigned va = 0; va < s->axes[a].nvals && !found; va++)
                    for (unsigned vb = 0; vb < s->axes[b].nvals && !found; vb++)
                        if (!*pair_at(&p, a, va, b, vb)) {
                            fa = a, fva = va, fb = b, fvb = vb;
                            found = 1;
                        }
        if (!found && n > 0)
            break;
        if (n == cap) {
            void *t = realloc(r, (cap *= 2) * sizeof *r);
            if (!t) {
                free(p.cov);
                free(r);
                return -1;
            }
            r = t;
        }
        unsigned *row = r[n++];
        int set[IRHW_SWEEP_MAX_AXES] = {0};
        if (found) {
            row[fa] = fva, row[fb] = fvb;
            set[fa] = set[fb] = 1;
        }
        for (unsigned c = 0; c < s->naxes; c++) {
            if (set[c])
                continue;
            unsigned best = 0, bestgain = 0;
            for (unsigned v = 0; v < s->axes[c].nvals; v++) {
                unsigned gain = 0;
                for (unsigned d = 0; d < s->naxes; d++)
                    if (set[d])
                        gain +=
                            d < c ? !*pair_at(&p, d, row[d], c, v) : !*pair_at(&p, c, v, d, row[d]);
                if (gain > bestgain)
                    best = v, bestgain = gain;
            }
            row[c] = best;
            set[c] = 1;
        }
        for (unsigned a = 0; a < s->naxes; a++)
            for (unsigned b = a + 1; b < s->naxes; b++)
                *pair_at(&p, a, row[a], b, row[b]) = 1;
        if (!found)
            break; /* fewer than two axes: one row */
    }
    free(p.cov);
    *rows = r;
    *nrows = n;
    return 0;
}

static int product_rows(const irhw_sweep *s, unsigned (**rows)[IRHW_SWEEP_MAX_AXES], int *nrows)
{
    long long total = 1;
    for (unsigned a = 0; a < s->naxes; a++)
        total *= s->axes[a].nvals;
    if (total > 100000)
        return -2;
    unsigned(*r)[IRHW_SWEEP_MAX_AXES] = calloc((size_t)total, sizeof *r);
    if (!r)
        return -1;
    for (long long i = 0; i < total; i++) {
        long long x = i;
        for (int a = (int)s->naxes - 1; a >= 0; a--) { /* the last axis varies fastest */
            r[i][a] = (unsigned)(x % s->axes[a].nvals);
            x /= s->axes[a].nvals;
        }
    }
    *rows = r;
    *nrows = (int)total;
    return 0;
}

static void row_params(const irhw_block *b, const irhw_cfg *c, irhw_sweep_row *r)
{
    r->nparams = 0;
    for (unsigned i = 0; i < b->nparams && i < IRHW_MAX_PARAMS; i++) {
        snprintf(r->pname[i], sizeof r->pname[i], "%s", b->params[i].name);
        irhw_param_text(b, c, i, r->pval[i], sizeof r->pval[i]);
        r->nparams++;
    }
}

int irhw_sweep_expand(const irhw_sweep *s, irhw_sweep_cfg **cfgs, int *n, char *err, size_t errlen)
{
    unsigned(*rows)[IRHW_SWEEP_MAX_AXES] = NULL;
    int nrows = 0;
    int rc = s->pairwise && s->naxes > 2 ? pairwise_rows(s, &rows, &nrows)
                                         : product_rows(s, &rows, &nrows);
    if (rc == -2)
        return irhw_err(err, errlen,
                        "the product has more than 100000 configurations "
                        "(use --pairwise or fewer values)");
    if (rc)
        return irhw_err(err, errlen, "out of memory expanding the sweep");
    if (nrows == 0) {
        free(rows);
        return irhw_err(err, errlen, "empty product: no configuration to run");
    }
    irhw_sweep_cfg *c = calloc((size_t)nrows, sizeof *c);
    if (!c) {
        free(rows);
        return irhw_err(err, errlen, "out of memory expanding the sweep");
    }
    for (int i = 0; i < nrows; i++) {
        irhw_cfg cfg;
        irhw_cfg_defaults(s->b, &cfg);
        size_t o = 0;
        int set_ok = 1; /* a value irhw_sweep_axis let through; never left at the default */
        for (unsigned a = 0; a < s->naxes; a++) {
            char assign[128];
            snprintf(assign, sizeof assign, "%s=%s", s->axes[a].name, s->axes[a].vals[rows[i][a]]);
            if (set_ok && irhw_cfg_set(s->b, &cfg, assign, c[i].reason, sizeof c[i].reason))
                set_ok = 0;
            o += (size_t)snprintf(c[i].asked + o, sizeof c[i].asked - o, "%s%s", a ? " " : "",
                                  assign);
        }
        irhw_inst x;
        memset(&x, 0, sizeof x);
        c[i].valid = set_ok && irhw_inst_init(&x, s->b, &cfg, c[i].reason, sizeof c[i].reason) == 0;
        const char *why = c[i].valid && s->b->model_only ? s->b->model_only(&x) : NULL;
        if (why) {
            snprintf(c[i].reason, sizeof c[i].reason, "%s", why);
            c[i].valid = 0;
        }
        irhw_sweep_row *r = &c[i].row;
        snprintf(r->block, sizeof r->block, "%s", s->b->name);
        if (c[i].valid) {
            irhw_cfg_format(s->b, &x.c, " ", c[i].params, sizeof c[i].params);
            row_params(s->b, &x.c, r);
        } else {
            snprintf(c[i].params, sizeof c[i].params, "%s", c[i].asked);
            row_params(s->b, &cfg, r); /* the values asked for, not derived */
            snprintf(r->verdict, sizeof r->verdict, "invalid");
            snprintf(r->reason, sizeof r->reason, "%s", c[i].reason);
        }
        irhw_inst_free(&x);
    }
    free(rows);
    *cfgs = c;
    *n = nrows;
    return 0;
}

/* ---- run folders and keys ---- */

/* 1 when RES is a sealed result for KEY that is not an error (it is
 * reused); a result there that is not sound is named on stderr, to be run
 * again. */
static int cached_result(const char *res, const char *key)
{
    char why[IRHW_ERRLEN], e[IRHW_ERRLEN];
    irhw_sweep_row old;
    if (access(res, F_OK))
        return 0;
    if (!irhw_row_sealed(res, key, why, sizeof why)) {
        fprintf(stderr, "sweep: %s %s: running it again\n", res, why);
        return 0;
    }
    return irhw_row_read(res, &old, e, sizeof e) == 0 && strcmp(old.verdict, "error");
}

static void steps_text(const irhw_sweep *s, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s%s", s->do_gen ? "gen" : "",
             s->do_gen && (s->do_cosim || s->do_area) ? "," : "", s->do_cosim ? "cosim" : "",
             s->do_cosim && s->do_area ? "," : "", s->do_area ? "area" : "");
}

int irhw_sweep_prepare(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, int *cached, char *err,
                       size_t errlen)
{
    char steps[32], path[4300];
    steps_text(s, steps, sizeof steps);
    uint64_t base = irhw_hash_str(IRHW_HASH_INIT, irhw_tool_version());
    base = irhw_hash_str(base, s->b->name);
    base = irhw_hash_str(base, steps);
    base = irhw_hash(base, &s->cycles, sizeof s->cycles);
    base = irhw_hash(base, &s->seed, sizeof s->seed);
    if (s->do_area) {
        base = irhw_hash_file_into(base, s->liberty);
        base = irhw_hash_file_into(base, s->sram_table);
    }
    snprintf(path, sizeof path, "%s/runs", s->out);
    if (irhw_mkdirs(path))
        return irhw_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
    for (int i = 0; i < n; i++) {
        irhw_sweep_cfg *c = &cfgs[i];
        uint64_t h = irhw_hash_str(base, c->valid ? "valid" : "invalid");
        h = irhw_hash_str(h, c->params);
        snprintf(c->row.key, sizeof c->row.key, "%016" PRIx64, h);
        snprintf(c->row.steps, sizeof c->row.steps, "%s", steps);
        snprintf(c->row.version, sizeof c->row.version, "%s", irhw_tool_version());
        snprintf(path, sizeof path, "%s/runs/%s", s->out, c->row.key);
        if (irhw_mkdirs(path))
            return irhw_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
        char res[4400];
        snprintf(res, sizeof res, "%s/result.txt", path);
        cached[i] = 0;
        if (!c->valid) {
            cached[i] = 2;
            if (irhw_row_write(res, &c->row, err, errlen))
                return -1;
            continue;
        }
        if (cached_result(res, c->row.key)) {
            cached[i] = 1;
            continue;
        }
        unlink(res);
        char cfgp[4400], text[4096];
        snprintf(cfgp, sizeof cfgp, "%s/config.txt", path);
        snprintf(text, sizeof text,
                 "block=%s\nparams=%s\nsteps=%s\ncycles=%" PRIu64 "\nseed=%" PRIu64
                 "\nliberty=%s\nsram_table=%s\nkey=%s\n",
                 s->b->name, c->params, steps, s->cycles, s->seed, s->liberty ? s->liberty : "",
                 s->sram_table ? s->sram_table : "", c->row.key);
        if (irhw_write_file(cfgp, text, err, errlen))
            return -1;
    }
    return 0;
}

/* ---- command sweeps ---- */

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file's contents; a folder's files by name (one level). */
static uint64_t hash_named(uint64_t h, const char *path)
{
    struct stat st;
    if (stat(path, &st))
        return h;
    if (S_ISREG(st.st_mode))
        return irhw_hash_file_into(h, path);
    if (!S_ISDIR(st.st_mode))
        return h;
    DIR *d = opendir(path);
    if (!d)
        return h;
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **t = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof *t);
            if (!t)
                break;
            names = t;
        }
        if (!(names[n] = strdup(e->d_name)))
            break;
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_name);
    for (size_t i = 0; i < n; i++) {
        char p[4400];
        snprintf(p, sizeof p, "%s/%s", path, names[i]);
        h = irhw_hash_str(h, names[i]);
        if (!stat(p, &st) && S_ISREG(st.st_mode))
            h = irhw_hash_file_into(h, p);
        free(names[i]);
    }
    free(names);
    return h;
}

int irhw_sweep_cmd_prepare(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, int *cached, char *err,
                           size_t errlen)
{
    char path[4300];
    uint64_t base = irhw_hash_str(irhw_hash_str(IRHW_HASH_INIT, irhw_tool_version()), "command");
    snprintf(path, sizeof path, "%s/runs", s->out);
    if (irhw_mkdirs(path))
        return irhw_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
    for (int i = 0; i < n; i++) {
        irhw_sweep_cfg *c = &cfgs[i];
        uint64_t h = irhw_hash_str(base, c->params);
        char args[1024], *save = NULL;
        snprintf(args, sizeof args, "%s", c->params);
        for (char *a = strtok_r(args, "\t", &save); a; a = strtok_r(NULL, "\t", &save))
            h = hash_named(h, a);
        c->valid = 1;
        snprintf(c->row.key, sizeof c->row.key, "%016" PRIx64, h);
        snprintf(c->row.block, sizeof c->row.block, "irhw");
        snprintf(c->row.steps, sizeof c->row.steps, "command");
        snprintf(c->row.version, sizeof c->row.version, "%s", irhw_tool_version());
        snprintf(path, sizeof path, "%s/runs/%s", s->out, c->row.key);
        if (irhw_mkdirs(path))
            return irhw_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
        char res[4400];
        snprintf(res, sizeof res, "%s/result.txt", path);
        cached[i] = cached_result(res, c->row.key);
        if (cached[i])
            continue;
        unlink(res);
        char cfgp[4400], text[1200];
        snprintf(cfgp, sizeof cfgp, "%s/config.txt", path);
        snprintf(text, sizeof text, "command=%s\nkey=%s\n", c->params, c->row.key);
        if (irhw_write_file(cfgp, text, err, errlen))
            return -1;
    }
    return 0;
}

/* ---- progress ---- */

void irhw_progress_print(const irhw_progress *p, int final)
{
    double el = irhw_now_s() - p->t0;
    int left = p->total - p->done - p->cached - p->invalid;
    char eta[64] = "";
    if (final)
        snprintf(eta, sizeof eta, "in %.1f s", el);
    else if (p->done > 0 && left > 0) {
        /* the work left at the measured rate of the jobs that ran */
        double per = el / p->done;
        snprintf(eta, sizeof eta, "ETA %.0f s",
                 per * (left - p->running) + (p->running ? per / 2 : 0));
    } else if (left > 0)
        snprintf(eta, sizeof eta, "ETA --");
    irhw_signal_at("%d of %d runs done, %d running", p->done + p->cached + p->invalid, p->total,
                   p->running);
    fprintf(stderr, "%ssweep: %d/%d done (%d cached, %d invalid), %d running, %d failed, %s%s",
            isatty(2) ? "\r" : "", p->done + p->cached + p->invalid, p->total, p->cached,
            p->invalid, p->running, p->failed, eta, isatty(2) && !final ? "   " : "\n");
    fflush(stderr);
}

/* ---- local runs ---- */

/* A task of the pool: `irhw sweep-task DIR/runs/<key>`, its output into
 * task.log there. */
typedef struct {
    const irhw_sweep *s;
    const irhw_sweep_cfg *c;
} task_job;

static int run_task(void *arg, char *err, size_t errlen)
{
    const task_job *j = arg;
    char dir[4300], log[4400];
    snprintf(dir, sizeof dir, "%s/runs/%s", j->s->out, j->c->row.key);
    snprintf(log, sizeof log, "%s/task.log", dir);
    FILE *f = freopen(log, "w", stdout);
    if (f)
        dup2(fileno(stdout), 2);
    execl(j->s->self, j->s->self, "sweep-task", dir, (char *)NULL);
    return 127;
}

static int task_failed(const irhw_sweep *s, const irhw_sweep_cfg *c)
{
    char res[4400], e[IRHW_ERRLEN];
    irhw_sweep_row r;
    snprintf(res, sizeof res, "%s/runs/%s/result.txt", s->out, c->row.key);
    return irhw_row_read(res, &r, e, sizeof e) ||
           (strcmp(r.verdict, "pass") && strcmp(r.verdict, "invalid"));
}

int irhw_sweep_local(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, const int *cached, char *err,
                     size_t errlen)
{
    irhw_progress p = {0};
    p.total = n;
    p.t0 = irhw_now_s();
    p.jobs = s->jobs;
    for (int i = 0; i < n; i++) {
        p.cached += cached[i] == 1;
        p.invalid += cached[i] == 2;
    }
    irhw_pool *pool = irhw_pool_new(s->jobs > 0 ? (unsigned)s->jobs : 1);
    if (!pool)
        return irhw_err(err, errlen, "out of memory");
    int next = 0;
    irhw_progress_print(&p, 0);
    for (;;) {
        while (!irhw_pool_full(pool) && next < n) {
            if (cached[next]) {
                next++;
                continue;
            }
            task_job j = {s, &cfgs[next]};
            if (irhw_pool_start(pool, next, run_task, &j)) {
                irhw_pool_free(pool);
                return irhw_err(err, errlen, "cannot start a task: %s", strerror(errno));
            }
            p.running++;
            next++;
            irhw_progress_print(&p, 0);
        }
        irhw_job_end e;
        if (irhw_pool_wait(pool, &e) <= 0)
            break;
        p.running--;
        p.done++;
        if (task_failed(s, &cfgs[e.id]))
            p.failed++;
        irhw_progress_print(&p, 0);
    }
    irhw_progress_print(&p, 1);
    irhw_pool_free(pool);
    return 0;
}

/* ---- gathering ---- */

int irhw_sweep_gather(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, char *err, size_t errlen)
{
    irhw_sweep_row *rows = calloc((size_t)n, sizeof *rows);
    if (!rows)
        return irhw_err(err, errlen, "out of memory");
    for (int i = 0; i < n; i++) {
        irhw_sweep_cfg *c = &cfgs[i];
        char res[4400], e[IRHW_ERRLEN];
        snprintf(res, sizeof res, "%s/runs/%s/result.txt", s->out, c->row.key);
        if (c->valid && irhw_row_read(res, &c->row, e, sizeof e)) {
            /* the task never wrote its result: say where to look */
            snprintf(c->row.verdict, sizeof c->row.verdict, "error");
            snprintf(c->row.reason, sizeof c->row.reason,
                     "no result: the task did not finish (see %s/runs/%s/task.log)", s->out,
                     c->row.key);
            if (irhw_row_write(res, &c->row, err, errlen)) {
                free(rows);
                return -1;
            }
        }
        rows[i] = c->row;
    }
    int rc = irhw_results_write(s->out, rows, n, err, errlen);
    free(rows);
    return rc;
}
