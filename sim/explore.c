/*
 * explore.c — the runs of `irhw explore` and their results (explore.h).
 *
 * Energy per run is the block's energy per cycle (power's total at its clock,
 * from random-stimulus activity) times the cycles to DONE times the block's
 * instances in the hwwl the workload runs (hwwl 1, hwwl_core CORES, wl_bank
 * CORES x LANES; the ICRN and the rest of hwwl are not counted for a part).
 * The Pareto fronts are per graph over the configurations with both a cost
 * and a cycle count: a configuration is on the area front when no other has
 * an area and cycles at most its own, one of them smaller (the same for
 * energy). Tables and plots: explore_out.c.
 */
#include "explore.h"

#include "explore_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int irhw_explore_block_ok(const char *name)
{
    return !strcmp(name, "hwwl") || !strcmp(name, "hwwl_core") || !strcmp(name, "wl_bank");
}

/* ---- the run list ---- */

typedef struct {
    irhw_sweep_cfg *cfgs;
    int n, cap;
} run_list;

/* A run by its arguments (" " between them; none holds a space): its index,
 * or -1 when the list is full. */
static int run_add(run_list *l, const char *args)
{
    if (l->n == l->cap)
        return -1;
    irhw_sweep_cfg *c = &l->cfgs[l->n];
    snprintf(c->params, sizeof c->params, "%s", args);
    for (char *p = c->params; *p; p++)
        if (*p == ' ')
            *p = '\t';
    return l->n++;
}

/* " -p NAME=V" for every swept NAME=V of `asked` that hwwl has. */
static void hwwl_params(const char *asked, char *buf, size_t len)
{
    const irhw_block *h = irhw_find_block("hwwl");
    char a[1024], *save = NULL;
    size_t o = 0;
    buf[0] = 0;
    snprintf(a, sizeof a, "%s", asked);
    for (char *t = strtok_r(a, " ", &save); t && o < len; t = strtok_r(NULL, " ", &save)) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(t, "="), t);
        if (h && irhw_param_index(h, name) >= 0)
            o += (size_t)snprintf(buf + o, len - o, " -p %s", t);
    }
}

/* BLOCK instances in the hwwl of the swept parameters (hwwl's defaults
 * for the others). */
static unsigned instances(const char *block, const char *asked)
{
    if (!strcmp(block, "hwwl"))
        return 1;
    const irhw_block *h = irhw_find_block("hwwl");
    irhw_cfg c;
    irhw_cfg_defaults(h, &c);
    char a[1024], e[IRHW_ERRLEN], *save = NULL, v[64];
    snprintf(a, sizeof a, "%s", asked);
    for (char *t = strtok_r(a, " ", &save); t; t = strtok_r(NULL, " ", &save))
        irhw_cfg_set(h, &c, t, e, sizeof e); /* a name hwwl lacks is no part of it */
    unsigned cores =
        (unsigned)atoi(irhw_param_text(h, &c, (unsigned)irhw_param_index(h, "CORES"), v, sizeof v));
    unsigned lanes =
        (unsigned)atoi(irhw_param_text(h, &c, (unsigned)irhw_param_index(h, "LANES"), v, sizeof v));
    return !strcmp(block, "wl_bank") ? cores * lanes : cores;
}

/* `area BLOCK` or `power BLOCK` (power) with the swept parameters. */
static void cost_args(const irhw_explore *e, const ex_cfg *c, int power, char *buf, size_t len)
{
    size_t o = (size_t)snprintf(buf, len, "%s %s", power ? "power" : "area", e->s.b->name);
    char a[1024], *save = NULL;
    snprintf(a, sizeof a, "%s", c->asked);
    for (char *t = strtok_r(a, " ", &save); t && o < len; t = strtok_r(NULL, " ", &save))
        o += (size_t)snprintf(buf + o, len - o, " -p %s", t);
    if (o < len && e->liberty)
        o += (size_t)snprintf(buf + o, len - o, " --liberty %s", e->liberty);
    if (o < len && power && e->clock_mhz > 0)
        o += (size_t)snprintf(buf + o, len - o, " --clock %g", e->clock_mhz);
    if (o < len && power)
        o += (size_t)snprintf(buf + o, len - o, " --cycles %" PRIu64, e->power_cycles);
    if (o < len)
        snprintf(buf + o, len - o, " --json -o @RUN@/%s", power ? "power" : "area");
}

static void workload_args(const irhw_explore *e, unsigned g, const char *wl, const char *params,
                          char *buf, size_t len)
{
    snprintf(buf, len, "workload %s --graph %s --worklist %s --model-only --quiet --no-plot%s",
             e->kernel, e->gpath[g], wl, params);
}

static int build_runs(irhw_explore *e, run_list *l, char *err, size_t errlen)
{
    char args[1024], params[900];
    for (unsigned g = 0; g < e->ngraphs; g++)
        for (int k = 0; k < 2; k++) {
            workload_args(e, g, k ? "ideal-sort" : "ideal-fifo", "", args, sizeof args);
            e->ideal_run[g][k] = run_add(l, args);
        }
    for (int i = 0; i < e->ncfg; i++) {
        ex_cfg *c = &e->cfg[i];
        c->area_run = c->power_run = -1;
        if (!c->valid)
            continue;
        c->instances = instances(e->s.b->name, c->asked);
        cost_args(e, c, 0, args, sizeof args);
        c->area_run = run_add(l, args);
        cost_args(e, c, 1, args, sizeof args);
        c->power_run = run_add(l, args);
        hwwl_params(c->asked, params, sizeof params);
        for (unsigned g = 0; g < e->ngraphs; g++) {
            workload_args(e, g, "hwwl", params, args, sizeof args);
            c->wl_run[g] = run_add(l, args);
        }
    }
    for (int i = 0; i < l->n; i++)
        if (strlen(l->cfgs[i].params) >= sizeof l->cfgs[i].params - 1)
            return irhw_err(err, errlen, "a run's command line is too long: %.200s...",
                            l->cfgs[i].params);
    return 0;
}

/* ---- results ---- */

/* The number after "key" in text (a JSON field "name": value). */
static int json_num(const char *text, const char *key, double *v)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\": ", key);
    const char *p = text ? strstr(text, k) : NULL;
    if (!p)
        return -1;
    char *end;
    *v = strtod(p + strlen(k), &end);
    return end == p + strlen(k) ? -1 : 0;
}

/* "...: N cycles to DONE" in a workload --quiet line. */
static int done_cycles(const char *text, uint64_t *v)
{
    const char *p = text ? strstr(text, " cycles to DONE") : NULL;
    if (!p)
        return -1;
    const char *s = p;
    while (s > text && s[-1] >= '0' && s[-1] <= '9')
        s--;
    return s == p ? -1 : (*v = strtoull(s, NULL, 10), 0);
}

/* A run's verdict, reason and log text (free *log). */
static void run_result(const irhw_explore *e, const irhw_sweep_cfg *c, irhw_sweep_row *r,
                       char **log)
{
    char path[4400], why[IRHW_ERRLEN];
    snprintf(path, sizeof path, "%s/runs/%s/result.txt", e->s.out, c->row.key);
    if (irhw_row_read(path, r, why, sizeof why)) {
        memset(r, 0, sizeof *r);
        snprintf(r->verdict, sizeof r->verdict, "error");
        snprintf(r->reason, sizeof r->reason, "no result: %s", why);
    }
    snprintf(path, sizeof path, "%s/runs/%s/run.log", e->s.out, c->row.key);
    *log = irhw_read_file(path, NULL);
}

/* Counts a run that failed (error or mismatch); the first one is named. */
static void note_failure(irhw_explore *e, const irhw_sweep_row *r, const char *args)
{
    int mis = !strcmp(r->verdict, "mismatch");
    if (!mis && strcmp(r->verdict, "error"))
        return;
    e->failed += !mis;
    e->mismatched += mis;
    if (!e->first_failure[0])
        snprintf(e->first_failure, sizeof e->first_failure, "irhw %.300s: %s: %.700s", args,
                 r->verdict, r->reason);
}

static void gather_area(irhw_explore *e, ex_cfg *c, const irhw_sweep_cfg *run)
{
    irhw_sweep_row r;
    char *log;
    run_result(e, run, &r, &log);
    note_failure(e, &r, run->params);
    double sta = 0;
    if (strcmp(r.verdict, "pass"))
        snprintf(c->cost_why, sizeof c->cost_why, "%s: %s", r.verdict, r.reason);
    else if (json_num(log, "total_um2", &c->area_um2))
        snprintf(c->cost_why, sizeof c->cost_why, "no area in the log of %s", run->row.key);
    else
        c->have_cost = 1;
    if (c->have_cost && !json_num(log, "crit_ns", &sta) && sta > 0) {
        c->crit_ns = sta;
        c->fmax_mhz = 1000.0 / sta;
    }
    free(log);
}

static void gather_power(irhw_explore *e, ex_cfg *c, const irhw_sweep_cfg *run)
{
    irhw_sweep_row r;
    char *log;
    run_result(e, run, &r, &log);
    note_failure(e, &r, run->params);
    if (strcmp(r.verdict, "pass"))
        snprintf(c->power_why, sizeof c->power_why, "%s: %s", r.verdict, r.reason);
    else if (json_num(log, "total_mw", &c->total_mw) || json_num(log, "clock_mhz", &c->clock_mhz) ||
             c->clock_mhz <= 0)
        snprintf(c->power_why, sizeof c->power_why, "no power in the log of %s", run->row.key);
    else
        c->have_power = 1;
    free(log);
}

static void gather_cycles(irhw_explore *e, ex_cfg *c, unsigned g, const irhw_sweep_cfg *run)
{
    irhw_sweep_row r;
    char *log;
    run_result(e, run, &r, &log);
    note_failure(e, &r, run->params);
    if (strcmp(r.verdict, "pass"))
        snprintf(c->why[g], sizeof c->why[g], "%s: %s", r.verdict, r.reason);
    else if (done_cycles(log, &c->cycles[g]))
        snprintf(c->why[g], sizeof c->why[g], "no cycle count in the log of %s", run->row.key);
    else
        c->have_cycles[g] = 1;
    if (c->have_cycles[g] && c->have_power)
        c->energy_uj[g] = c->instances * c->total_mw / c->clock_mhz * (double)c->cycles[g] / 1000.0;
    free(log);
}

static void gather_ideal(irhw_explore *e, unsigned g, const run_list *l)
{
    for (int k = 0; k < 2; k++) {
        const irhw_sweep_cfg *run = &l->cfgs[e->ideal_run[g][k]];
        irhw_sweep_row r;
        char *log;
        uint64_t v;
        run_result(e, run, &r, &log);
        note_failure(e, &r, run->params);
        if (!strcmp(r.verdict, "pass") && !done_cycles(log, &v) &&
            (!e->ideal[g] || v < e->ideal[g]))
            e->ideal[g] = v;
        free(log);
    }
}

/* 1 when a is at most b in both and smaller in one. */
static int dominates(double ax, double ay, double bx, double by)
{
    return ax <= bx && ay <= by && (ax < bx || ay < by);
}

static void mark_fronts(irhw_explore *e)
{
    for (unsigned g = 0; g < e->ngraphs; g++)
        for (int i = 0; i < e->ncfg; i++) {
            ex_cfg *a = &e->cfg[i];
            if (!a->have_cost || !a->have_cycles[g])
                continue;
            a->front_area[g] = 1;
            a->front_energy[g] = a->have_power;
            for (int j = 0; j < e->ncfg; j++) {
                const ex_cfg *b = &e->cfg[j];
                if (j == i || !b->have_cost || !b->have_cycles[g])
                    continue;
                double ac = (double)a->cycles[g], bc = (double)b->cycles[g];
                if (dominates(b->area_um2, bc, a->area_um2, ac))
                    a->front_area[g] = 0;
                if (b->have_power && dominates(b->energy_uj[g], bc, a->energy_uj[g], ac))
                    a->front_energy[g] = 0;
            }
        }
}

/* ---- the whole ---- */

static int expand(irhw_explore *e, char *err, size_t errlen)
{
    irhw_sweep_cfg *cfgs;
    int n;
    if (irhw_sweep_expand(&e->s, &cfgs, &n, err, errlen))
        return -2;
    int nvalid = 0;
    for (int i = 0; i < n; i++)
        nvalid += cfgs[i].valid;
    if (n > EX_MAX_CFGS || !nvalid) {
        if (nvalid)
            irhw_err(err, errlen, "%d configurations: explore takes at most %d", n, EX_MAX_CFGS);
        else
            irhw_err(err, errlen, "all %d configuration(s) are invalid; the first: %s: %s", n,
                     cfgs[0].asked, cfgs[0].reason);
        free(cfgs);
        return -2;
    }
    e->cfg = calloc((size_t)n + 1, sizeof *e->cfg);
    if (!e->cfg) {
        free(cfgs);
        return irhw_err(err, errlen, "out of memory");
    }
    e->ncfg = n;
    for (int i = 0; i < n; i++) {
        ex_cfg *c = &e->cfg[i];
        snprintf(c->asked, sizeof c->asked, "%s", cfgs[i].asked);
        snprintf(c->params, sizeof c->params, "%s", cfgs[i].params);
        c->valid = cfgs[i].valid;
        snprintf(c->reason, sizeof c->reason, "%s", cfgs[i].reason);
    }
    free(cfgs);
    return 0;
}

static int execute(irhw_explore *e, run_list *l, char *err, size_t errlen)
{
    irhw_sweep s = e->s;
    s.b = NULL; /* a command sweep */
    int *cached = calloc((size_t)l->n + 1, sizeof *cached);
    if (!cached)
        return irhw_err(err, errlen, "out of memory");
    int rc = irhw_sweep_cmd_prepare(&s, l->cfgs, l->n, cached, err, errlen);
    int nc = 0;
    for (int i = 0; i < l->n; i++)
        nc += cached[i] != 0;
    if (!rc) {
        fprintf(stderr, "explore: %d runs, %d cached, %d to run%s\n", l->n, nc, l->n - nc,
                s.slurm ? " on Slurm" : "");
        rc = s.slurm ? irhw_sweep_slurm(&s, l->cfgs, l->n, cached, err, errlen)
                     : irhw_sweep_local(&s, l->cfgs, l->n, cached, err, errlen);
        if (rc == -2)
            irhw_err(err, errlen, "sbatch not found: install Slurm, or drop --slurm");
    }
    free(cached);
    return rc ? -1 : 0;
}

int irhw_explore_run(irhw_explore *e, char *err, size_t errlen)
{
    int bad = expand(e, err, errlen);
    if (bad)
        return bad;
    run_list l = {0};
    l.cap = e->ncfg * (2 + (int)e->ngraphs) + 2 * (int)e->ngraphs;
    l.cfgs = calloc((size_t)l.cap + 1, sizeof *l.cfgs);
    if (!l.cfgs)
        return irhw_err(err, errlen, "out of memory");
    int rc = build_runs(e, &l, err, errlen);
    if (!rc)
        rc = execute(e, &l, err, errlen);
    for (unsigned g = 0; !rc && g < e->ngraphs; g++)
        gather_ideal(e, g, &l);
    for (int i = 0; !rc && i < e->ncfg; i++) {
        ex_cfg *c = &e->cfg[i];
        if (!c->valid)
            continue;
        gather_area(e, c, &l.cfgs[c->area_run]);
        gather_power(e, c, &l.cfgs[c->power_run]);
        for (unsigned g = 0; g < e->ngraphs; g++)
            gather_cycles(e, c, g, &l.cfgs[c->wl_run[g]]);
    }
    if (!rc) {
        mark_fronts(e);
        rc = ex_write(e, err, errlen);
    }
    free(l.cfgs);
    return rc;
}
