/*
 * paper_figs_run.c — the runs of `irhw paper-figs` and their cache.
 *
 * pf_build_runs lists every run the figures on --graphs need (each an
 * argument vector and, when it uses something this irhw may not have yet,
 * what it needs); the same run asked by two figures is listed once. They go
 * through the sweep machinery as a command sweep (sweep.h:
 * irhw_sweep_cmd_prepare, then irhw_sweep_local with -j N or
 * irhw_sweep_slurm as one job array), cached in OUT/runs/<key> by a hash of
 * the tool, the arguments and the files they name, each folder sealed when
 * its run ends: a repeat runs only what is missing or no longer matches its
 * seal. A run that exits 2 (bad input: an option this irhw does not have)
 * is shown as "n/a — needs <it>", never as a number.
 */
#include "paper_figs.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the runs ---- */

const char *const pf_kernels[2] = {"bfs", "sssp"};
const char *const pf_schemes[5] = {"none", "threshold", "lsorting", "gsorting", "magic"};
const char *const pf_refills[2] = {"ondemand", "interval"};
const char *const pf_fig7_entries[5] = {"8", "16", "32", "64", "128"};
const unsigned pf_core_counts[3] = {4, 8, 16};
const char *const pf_sw_wls[2] = {"topo", "swwl"};
const char *const pf_ideal_double[2] = IDEAL_DOUBLE;
const char *const pf_ideal_single[2] = IDEAL_SINGLE;
static const unsigned timeouts_full[4] = {0, 100, 1000, 2000}, timeouts_quick[2] = {0, 1000};

/* A run by its arguments (" " between them in fmt; an argument holds no
 * space); the index of the same run when listed already. */
int pf_run_add(pf *p, const char *needs, const char *fmt, ...)
{
    char a[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a, sizeof a, fmt, ap);
    va_end(ap);
    for (char *c = a; *c; c++)
        if (*c == ' ')
            *c = '\t';
    for (int i = 0; i < p->nruns; i++)
        if (!strcmp(p->runs[i].args, a))
            return i;
    if (p->nruns == PF_MAX_RUNS)
        return -1;
    fig_run *r = &p->runs[p->nruns];
    memset(r, 0, sizeof *r);
    snprintf(r->args, sizeof r->args, "%s", a);
    r->needs = needs;
    r->cycles = r->wait = r->insts = NA;
    return p->nruns++;
}

/* What a GPU-model run needs that this irhw may lack, or NULL. */
static const char *gpu_needs(const char *wl, const char *scheme, const char *entries)
{
    for (int i = 0; i < 2; i++) {
        if (!strcmp(wl, pf_ideal_double[i]))
            return NEEDS_IDEAL_DOUBLE;
        if (!strcmp(wl, pf_ideal_single[i]))
            return NEEDS_IDEAL_SINGLE;
    }
    return !strcmp(entries, "inf")       ? NEEDS_INF
           : !strcmp(scheme, "gsorting") ? "-p SCHEME=gsorting"
           : !strcmp(scheme, "magic")    ? "-p SCHEME=magic"
                                         : NULL;
}

/* The runs print their whole report (not --quiet): its "gpu: instructions"
 * line gives the dynamic instruction count, its per-core lines explain the
 * numbers. */
int pf_gpu_run_on(pf *p, const char *graph, int k, const char *wl, const char *scheme,
                  const char *entries, const char *refill, unsigned cores)
{
    const char *needs = gpu_needs(wl, scheme, entries);
    /* a path, or the one argument --graph=PATH (paper_figs_large.c) */
    const char *opt = strncmp(graph, "--graph=", 8) ? "--graph " : "";
    if (!strcmp(wl, "hwwl"))
        return pf_run_add(p, needs,
                          "workload %s %s%s --model-only --worklist hwwl -p SCHEME=%s "
                          "-p ENTRIES=%s -p REFILL=%s -p CORES=%u --no-plot",
                          pf_kernels[k], opt, graph, scheme, entries, refill, cores);
    return pf_run_add(p, needs, "workload %s %s%s --model-only --worklist %s -g CORES=%u",
                      pf_kernels[k], opt, graph, wl, cores);
}

int pf_gpu_run(pf *p, unsigned g, int k, const char *wl, const char *scheme, const char *entries,
               const char *refill, unsigned cores)
{
    return pf_gpu_run_on(p, p->graph[g], k, wl, scheme, entries, refill, cores);
}

int pf_hwwl_default(pf *p, unsigned g, int k)
{
    return pf_gpu_run(p, g, k, "hwwl", "lsorting", "32", "ondemand", 4);
}

unsigned pf_ntimeouts(const pf *p)
{
    return p->quick ? 2 : 4;
}

unsigned pf_timeout_at(const pf *p, unsigned i)
{
    return p->quick ? timeouts_quick[i] : timeouts_full[i];
}

unsigned pf_nentries(const pf *p)
{
    return p->quick ? 2 : 5; /* quick: 8 and 16 */
}

unsigned pf_ncores(const pf *p)
{
    return p->quick ? 2 : 3;
}

int pf_fig8_run(pf *p, unsigned g, const char *mode)
{
    return pf_run_add(p, NEEDS_BUFFER,
                      "workload bfs --graph %s --model-only --worklist hwwl --buffer %s "
                      "--active-out @RUN@/active.txt --quiet --no-plot",
                      p->graph[g], mode);
}

int pf_iru_all_run(pf *p)
{
    return pf_run_add(p, NULL, "workload iru --all --model-only --graphs %s -o @RUN@/iru_graphs.md",
                      p->gdir);
}

int pf_gw_all_run(pf *p, unsigned hold)
{
    return pf_run_add(p, NULL, "workload gw --all --hold %u --graphs %s -o @RUN@/gw_all.md", hold,
                      p->gdir);
}

int pf_iru_timeout_run(pf *p, unsigned t)
{
    return pf_run_add(p, NULL,
                      "workload iru --timeout-sweep %u --graphs %s -o @RUN@/iru_timeout.md "
                      "--plot @RUN@/iru_timeout.svg",
                      pf_timeout_at(p, t), p->gdir);
}

const unsigned pf_iru_gpu_warps[2] = {8, 48};

int pf_iru_gpu_run(pf *p)
{
    return pf_run_add(p, NULL,
                      "workload iru --machine gpu --parts 4 --all --model-only --graphs %s -o "
                      "@RUN@/iru_gpu.md",
                      p->gdir);
}

int pf_iru_gpu_rate_run(pf *p, unsigned i)
{
    return pf_run_add(
        p, NULL,
        "workload iru --machine gpu --parts 4 --model-only --timeout-sweep " PF_IRU_GPU_TIMEOUTS
        " -g WARPS=%u --graphs %s -o @RUN@/iru_gpu_timeout.md",
        pf_iru_gpu_warps[i], p->gdir);
}

int pf_area_run(pf *p)
{
    return pf_run_add(p, NEEDS_AREA, "area iru_hash -o @RUN@/area");
}

/* The GPU-model runs of kernel k on graph g that Figs. 5, 6 and 7 and the
 * headline take. */
static void kernel_runs(pf *p, unsigned g, int k)
{
    pf_hwwl_default(p, g, k);
    for (int w = 0; w < 2; w++) {
        pf_gpu_run(p, g, k, pf_sw_wls[w], "", "", "", 4);
        pf_gpu_run(p, g, k, pf_ideal_double[w], "", "", "", 4);
        pf_gpu_run(p, g, k, pf_ideal_single[w], "", "", "", 4);
    }
    for (int s = 0; s < 5; s++) {
        pf_gpu_run(p, g, k, "hwwl", pf_schemes[s], "inf", "ondemand", 4);
        pf_gpu_run(p, g, k, "hwwl", pf_schemes[s], "32", "ondemand", 4);
    }
    for (unsigned e = 0; e < pf_nentries(p); e++)
        for (int f = 0; f < 2; f++)
            pf_gpu_run(p, g, k, "hwwl", "lsorting", pf_fig7_entries[e], pf_refills[f], 4);
}

/* Every run the figures on --graphs need (each figure finds its runs by the
 * same calls), the longest first: the synthesis and the IRU sweeps over
 * every graph would otherwise run alone at the end. */
int pf_build_runs(pf *p)
{
    if (!p->quick)
        pf_area_run(p);
    pf_iru_all_run(p);
    pf_gw_all_run(p, 0);
    pf_gw_all_run(p, 32);
    pf_iru_gpu_run(p);
    for (unsigned i = 0; i < 2; i++)
        pf_iru_gpu_rate_run(p, i);
    for (unsigned t = 0; t < pf_ntimeouts(p); t++)
        pf_iru_timeout_run(p, t);
    for (unsigned g = 0; g < p->ngraphs; g++) {
        for (int k = 0; k < 2; k++)
            kernel_runs(p, g, k);
        for (unsigned c = 0; c < pf_ncores(p); c++) {
            pf_gpu_run(p, g, 0, "hwwl", "lsorting", "32", "ondemand", pf_core_counts[c]);
            for (int w = 0; w < 2; w++)
                pf_gpu_run(p, g, 0, pf_sw_wls[w], "", "", "", pf_core_counts[c]);
        }
        pf_fig8_run(p, g, "single");
        pf_fig8_run(p, g, "double");
    }
    return p->nruns < PF_MAX_RUNS ? 0 : -1;
}

/* ---- running them ---- */

static double number_before(const char *text, const char *what)
{
    const char *h = text ? strstr(text, what) : NULL;
    if (!h)
        return NA;
    const char *s = h;
    while (s > text && (s[-1] >= '0' && s[-1] <= '9'))
        s--;
    return s < h ? atof(s) : NA;
}

static double number_after(const char *text, const char *what)
{
    const char *h = text ? strstr(text, what) : NULL;
    return h ? atof(h + strlen(what)) : NA;
}

/* The dynamic warp instructions of a report: the sum of its line
 * "gpu: instructions alu N pull N push N load N atomic N store N". */
static double instructions(const char *log)
{
    const char *h = log ? strstr(log, "gpu: instructions ") : NULL;
    if (!h)
        return NA;
    double sum = 0;
    int n = 0;
    for (const char *s = h + 18; *s && *s != '\n';) {
        char *end;
        if (*s >= '0' && *s <= '9') {
            sum += strtod(s, &end);
            s = end;
            n++;
        } else {
            s++;
        }
    }
    return n ? sum : NA;
}

static void run_dir(const pf *p, const fig_run *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s/runs/%s", p->out, r->key);
}

/* Reads the result and log of runs[from..nruns). */
static void gather(pf *p, int from)
{
    for (int i = from; i < p->nruns; i++) {
        fig_run *r = &p->runs[i];
        char dir[4400], path[4500], e[IRHW_ERRLEN];
        run_dir(p, r, dir, sizeof dir);
        snprintf(path, sizeof path, "%s/result.txt", dir);
        irhw_sweep_row row;
        if (irhw_row_read(path, &row, e, sizeof e)) {
            r->state = RUN_ERROR;
            snprintf(r->reason, sizeof r->reason, "no result: the task did not finish (see %s)",
                     dir);
            continue;
        }
        r->state = !strcmp(row.verdict, "pass")       ? RUN_PASS
                   : !strcmp(row.verdict, "mismatch") ? RUN_MISMATCH
                   : !strcmp(row.verdict, "invalid")  ? RUN_NA
                                                      : RUN_ERROR;
        snprintf(r->reason, sizeof r->reason, "%s", row.reason);
        snprintf(path, sizeof path, "%s/run.log", dir);
        free(r->log);
        r->log = irhw_read_file(path, NULL);
        /* -p ENTRIES=inf exits 1 when even 4096 entries spilled: the run is
         * not the unbounded banks' (a limit of the stand-in, not a result
         * unequal to the reference) */
        const char *nu = r->log ? strstr(r->log, "NOT UNBOUNDED: ") : NULL;
        if (r->state == RUN_MISMATCH && nu) {
            r->state = RUN_SPILLED;
            const char *sp = strstr(nu, "spilled ");
            snprintf(r->reason, sizeof r->reason, "n/a — banks of 4096 spilled %ld IDs",
                     sp ? strtol(sp + 8, NULL, 10) : 0L);
        }
        if (r->state == RUN_PASS) {
            /* the report's "gpu: N cycles", or the --quiet line's "N cycles to DONE" */
            r->cycles = number_after(r->log, "gpu: ");
            if (r->cycles == NA || r->cycles <= 0)
                r->cycles = number_before(r->log, " cycles to DONE");
            r->wait = number_after(r->log, "WAIT pulls ");
            r->insts = instructions(r->log);
        }
    }
}

/* ---- the seal of a run folder ----
 * A run's numbers are trusted only when its folder is as the run left it:
 * OUT/runs/<key>/seal, written once the run is over, holds the key and, for
 * every file of the folder (result.txt, run.log, the run's own outputs;
 * not subfolders), its name, size and irhw_hash. A cached run whose seal is
 * missing or does not match is run again. */

#define SEAL_NAME "seal"

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The seal text of a run folder into *text (malloc'd); 0, or -1. */
static int seal_text(const char *dir, const char *key, char **text)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char *names[256] = {0};
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < 256;)
        if (e->d_name[0] != '.' && strcmp(e->d_name, SEAL_NAME) && strcmp(e->d_name, "started"))
            if ((names[n] = strdup(e->d_name)))
                n++;
    closedir(d);
    qsort(names, n, sizeof *names, cmp_name);
    size_t len = 0;
    FILE *f = open_memstream(text, &len);
    if (f)
        fprintf(f, "key %s\n", key);
    for (size_t i = 0; i < n; i++) {
        char path[4500];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct stat st;
        FILE *in = !stat(path, &st) && S_ISREG(st.st_mode) ? fopen(path, "rb") : NULL;
        if (in) {
            uint64_t h = IRHW_HASH_INIT;
            char buf[65536];
            for (size_t r; (r = fread(buf, 1, sizeof buf, in)) > 0;)
                h = irhw_hash(h, buf, r);
            fclose(in);
            if (f)
                fprintf(f, "%s\t%lld\t%016llx\n", names[i], (long long)st.st_size,
                        (unsigned long long)h);
        }
        free(names[i]);
    }
    return f && !fclose(f) ? 0 : -1;
}

/* 1 when the run's folder matches its seal; else 0 and why. */
static int run_sealed(const pf *p, const fig_run *r, char *why, size_t len)
{
    char dir[4400], path[4500], *want = NULL;
    run_dir(p, r, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/" SEAL_NAME, dir);
    char *have = irhw_read_file(path, NULL);
    int ok = 0;
    if (!have)
        snprintf(why, len, "has no seal (%s)", strerror(errno));
    else if (seal_text(dir, r->key, &want))
        snprintf(why, len, "cannot be read");
    else if (!(ok = !strcmp(have, want))) {
        /* the first line of the seal the folder no longer matches */
        char *save = NULL;
        snprintf(why, len, "does not match its seal");
        for (char *l = strtok_r(have, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
            char *line = strstr(want, l);
            if (line && (line == want || line[-1] == '\n') && line[strlen(l)] == '\n')
                continue;
            snprintf(why, len, "does not match its seal: %.*s changed", (int)strcspn(l, "\t"), l);
            break;
        }
    }
    free(have);
    free(want);
    return ok;
}

/* Seals a run's folder as it is now: 0, or -1 with the message in p->err. */
static int run_seal(pf *p, const fig_run *r)
{
    char dir[4400], path[4500], *text = NULL;
    run_dir(p, r, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/" SEAL_NAME, dir);
    int rc = seal_text(dir, r->key, &text)
                 ? irhw_err(p->err, sizeof p->err, "cannot seal %s: %s", dir, strerror(errno))
                 : irhw_write_file(path, text, p->err, sizeof p->err);
    free(text);
    return rc;
}

int pf_execute(pf *p, int from)
{
    int n = p->nruns - from;
    fig_run *runs = p->runs + from;
    irhw_sweep s;
    memset(&s, 0, sizeof s);
    s.out = p->out;
    s.jobs = p->jobs;
    s.slurm = p->slurm;
    s.partition = p->partition;
    static char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = 0;
    s.self = len > 0 ? self : "irhw";
    irhw_sweep_cfg *cfgs = calloc((size_t)n + 1, sizeof *cfgs);
    int *cached = calloc((size_t)n + 1, sizeof *cached);
    if (!cfgs || !cached) {
        free(cfgs);
        free(cached);
        return irhw_err(p->err, sizeof p->err, "out of memory");
    }
    for (int i = 0; i < n; i++)
        snprintf(cfgs[i].params, sizeof cfgs[i].params, "%s", runs[i].args);
    int rc = irhw_sweep_cmd_prepare(&s, cfgs, n, cached, p->err, sizeof p->err);
    for (int i = 0; i < n; i++)
        snprintf(runs[i].key, sizeof runs[i].key, "%s", cfgs[i].row.key);
    /* a cached result counts only with its folder sealed */
    for (int i = 0; !rc && i < n; i++) {
        char why[600], dir[4400], res[4500];
        if (cached[i] != 1 || run_sealed(p, &runs[i], why, sizeof why))
            continue;
        run_dir(p, &runs[i], dir, sizeof dir);
        fprintf(stderr, "paper-figs: run %s %s: running it again\n", dir, why);
        snprintf(res, sizeof res, "%s/result.txt", dir);
        unlink(res);
        /* prepared again: its config.txt written, no result left */
        rc = irhw_sweep_cmd_prepare(&s, &cfgs[i], 1, &cached[i], p->err, sizeof p->err);
    }
    int ncached = 0;
    for (int i = 0; i < n; i++)
        ncached += cached[i];
    if (!rc) {
        fprintf(stderr, "paper-figs: %d runs, %d cached, %d to run%s\n", n, ncached, n - ncached,
                p->slurm ? " on Slurm" : "");
        rc = p->slurm ? irhw_sweep_slurm(&s, cfgs, n, cached, p->err, sizeof p->err)
                      : irhw_sweep_local(&s, cfgs, n, cached, p->err, sizeof p->err);
    }
    for (int i = 0; !rc && i < n; i++) {
        char dir[4400], res[4500];
        run_dir(p, &runs[i], dir, sizeof dir);
        snprintf(res, sizeof res, "%s/result.txt", dir);
        if (!cached[i] && !access(res, F_OK))
            rc = run_seal(p, &runs[i]);
    }
    free(cfgs);
    free(cached);
    if (!rc) {
        printf("paper-figs: %d runs: %d from the cache, %d ran\n", n, ncached, n - ncached);
        gather(p, from);
    }
    return rc;
}
