/*
 * workload_iru_runs.c — the runs of `irhw workload iru` (options parsed in
 * sim/verb_workload.c): one kernel on one graph with its report beside the
 * IRU paper's figures, --all (every graph x kernel: a Markdown table) and
 * --timeout-sweep (every graph x kernel at each TIMEOUT, the C model
 * alone: a table of every run and the means over the graphs, and their
 * plot). The stream and the run itself: sim/workload_iru.c.
 */
#include "workload_cli.h"

#include "graph_dir.h"
#include "iru_hash.h"
#include "plot.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The paper's figures (IRU paper §6.1 Fig. 14, §6.2 Fig. 15). */
static const char *const paper_lines = "about 4 -> 3";
static const char *const paper_filtered[] = {"-", "23 %", "79 %"};

/* What one run changes on top of the defaults and the user's -p. */
typedef struct {
    const char *filter; /* a FILTER value, or NULL: the user's, else the kernel's */
    long timeout;       /* a TIMEOUT value, or -1: the user's, else the default */
} iru_variant;

static int set_param(const wl_opts *o, const irhw_block *b, irhw_cfg *c, const char *name,
                     const char *value)
{
    char nv[64], err[IRHW_ERRLEN];
    snprintf(nv, sizeof nv, "%s=%s", name, value);
    if (irhw_cfg_set(b, c, nv, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    return 0;
}

/* The iru_hash instance: defaults, the user's -p, the kernel's filter
 * (unless -p FILTER), then the variant. */
static int make_inst(const wl_opts *o, irhw_kernel k, const iru_variant *va, irhw_inst *x)
{
    const irhw_block *b = irhw_find_block("iru_hash");
    char err[IRHW_ERRLEN];
    memset(x, 0, sizeof *x);
    if (!b) {
        fprintf(stderr, "%s workload iru: this build has no iru_hash block\n", o->prog);
        return EXIT_USAGE;
    }
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    for (unsigned i = 0; i < o->c.nparams; i++)
        if (irhw_cfg_set(b, &c, o->c.params[i], err, sizeof err)) {
            fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
            return EXIT_USAGE;
        }
    int fi = irhw_param_index(b, "FILTER"), rc = 0;
    if (va->filter)
        rc = set_param(o, b, &c, "FILTER", va->filter);
    else if (fi >= 0 && !(c.set & (1u << fi)))
        rc = set_param(o, b, &c, "FILTER", irhw_kernel_filter(k));
    char t[32];
    snprintf(t, sizeof t, "%ld", va->timeout);
    if (!rc && va->timeout >= 0)
        rc = set_param(o, b, &c, "TIMEOUT", t);
    if (rc)
        return rc;
    if (irhw_inst_init(x, b, &c, err, sizeof err)) {
        irhw_inst_free(x);
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_USAGE;
    }
    return 0;
}

int wl_iru_inst(const wl_opts *o, irhw_kernel k, const char *filter, long timeout, irhw_inst *x)
{
    iru_variant va = {filter, timeout};
    return make_inst(o, k, &va, x);
}

typedef struct {
    irhw_iru_result r;
    uint64_t elements, frontiers;
    char params[512];
    const char *filter; /* the FILTER that ran */
    double cap;         /* 1 - n/m (capacity_share) */
} iru_row;

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0;
}

/* 1 - n/m in percent (n vertices, m = SETS x SLOTS, the table's slots; 0
 * when n >= m): what the filtered share of PageRank tracks when the table
 * turns over every m elements (docs/iru.md). */
static double capacity_share(const irhw_inst *x, const irhw_graph *g)
{
    double m = (double)iru_g(x)->sets * iru_g(x)->slots, c = 100 * (1 - ratio(g->n, (uint64_t)m));
    return c > 0 ? c : 0;
}

/* One kernel on one graph; prints the report unless quiet. */
static int run_one(const wl_opts *o, const char *path, const irhw_graph *g, irhw_kernel k,
                   const iru_variant *va, iru_row *row)
{
    irhw_inst x;
    int rc = make_inst(o, k, va, &x);
    if (rc)
        return rc;
    int fi = irhw_param_index(x.b, "FILTER");
    row->filter = fi >= 0 ? x.b->params[fi].choices[x.c.v[fi]] : "none";
    row->cap = capacity_share(&x, g);
    char err[8192];
    irhw_iru_stream s;
    rc = irhw_iru_stream_build(g, k, o->max_elems, &s, err, sizeof err);
    if (rc) {
        int named = !strncmp(err, path, strlen(path)); /* "FILE:LINE: ..." */
        fprintf(stderr, "%s workload iru: %s%s%s\n", o->prog, named ? "" : path, named ? "" : ": ",
                err);
        irhw_inst_free(&x);
        return rc > 0 ? EXIT_USAGE : EXIT_TOOL;
    }
    irhw_cfg_format(x.b, &x.c, " ", row->params, sizeof row->params);
    char replay[2048], pl[1024];
    irhw_cfg_format(x.b, &x.c, " -p ", pl, sizeof pl);
    int n = snprintf(replay, sizeof replay, "%s workload iru --kernel %s --graph %s -p %s", o->prog,
                     irhw_kernel_name(k), path, pl);
    if (o->max_elems && n > 0 && (size_t)n < sizeof replay)
        snprintf(replay + n, sizeof replay - (size_t)n, " --max-elems %" PRIu64, o->max_elems);
    irhw_iru_req q = {&x, &s, o->c.model_only || o->nsweep, replay, 1, (unsigned)o->req_every};
    rc = irhw_iru_run(&q, &row->r, err, sizeof err);
    row->elements = s.n;
    row->frontiers = s.nfront;
    if (rc) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        rc = EXIT_TOOL;
    } else if (!row->r.equal) {
        fputs(row->r.message, stdout);
        rc = EXIT_MISMATCH;
    } else if (!o->c.quiet && !o->all && !o->nsweep) {
        const irhw_iru_result *r = &row->r;
        printf("workload iru: %s on %s (%s, %u vertices, %" PRIu64 " edges%s), ",
               irhw_kernel_name(k), path, irhw_graph_fmt_name(g->fmt), g->n, g->m,
               g->directed ? ", directed" : "");
        if (k == IRHW_KERNEL_PAGERANK)
            printf("one iteration, every vertex active\n");
        else
            printf("source %u (most out-edges)\n", s.src);
        printf("  %" PRIu64 " frontiers, %" PRIu64 " elements%s%s\n", s.nfront, s.n,
               k == IRHW_KERNEL_SSSP ? ", weights " : "",
               k == IRHW_KERNEL_SSSP ? irhw_sssp_weights_said(g, s.file_weights) : "");
        printf("  iru_hash %s\n", row->params);
        printf("  %s: %" PRIu64 " cycles in %.1f s (build included)\n",
               o->c.model_only ? "C model alone, conservation checked"
                               : "lockstep with the RTL, every output compared every cycle, "
                                 "conservation checked",
               r->cycles, r->run_s);
        printf("  memory lines per warp: original order %.2f (%" PRIu64 " warps), after the IRU "
               "%.2f (%" PRIu64 " warps of %.1f elements on average)   paper: %s\n",
               ratio(r->lines_before, r->warps_before), r->warps_before,
               ratio(r->lines_after, r->replies), r->replies, ratio(r->replied, r->replies),
               paper_lines);
        printf("  memory lines per warp, the replies in reply order cut into full warps of "
               "SLOTS threads: %.2f (%" PRIu64 " warps)\n",
               ratio(r->lines_packed, r->warps_packed), r->warps_packed);
        printf("  memory lines in all: %" PRIu64 " -> %" PRIu64 "\n", r->lines_before,
               r->lines_after);
        printf("  filtered: %" PRIu64 " of %" PRIu64 " elements (%.1f %%; 1 - n/m, vertices / "
               "table slots %u: %.1f %%)   paper: %s (SSSP 23 %%, PageRank 79 %%, 48.5 %% on "
               "average)\n",
               r->merged, r->inserted, 100 * ratio(r->merged, r->inserted),
               iru_g(&x)->sets * iru_g(&x)->slots, row->cap, paper_filtered[k]);
    }
    irhw_iru_stream_free(&s);
    irhw_inst_free(&x);
    return rc;
}

int wl_iru_read_graph(const wl_opts *o, const char *path, irhw_graph *g, const char *run)
{
    char err[1024];
    if (irhw_graph_read(path, IRHW_GRAPH_AUTO, g, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        irhw_graph_free(g);
        return EXIT_USAGE;
    }
    irhw_signal_at("the %s on %s", run, path);
    return 0;
}

static void table_row(FILE *f, const char *name, const irhw_graph *g, irhw_kernel k,
                      const iru_row *row)
{
    const irhw_iru_result *r = &row->r;
    fprintf(f,
            "| %s | %u | %" PRIu64 " | %s | %s | %" PRIu64 " | %" PRIu64 " | %.2f | %.2f | %.1f | "
            "%.2f | %" PRIu64 " → %" PRIu64 " | %.1f %% | %.1f %% | %s | %s |\n",
            name, g->n, g->m, irhw_kernel_name(k), row->filter, row->frontiers, row->elements,
            ratio(r->lines_before, r->warps_before), ratio(r->lines_after, r->replies),
            ratio(r->replied, r->replies), ratio(r->lines_packed, r->warps_packed), r->lines_before,
            r->lines_after, 100 * ratio(r->merged, r->inserted), row->cap, paper_lines,
            paper_filtered[k]);
}

/* A table both on stdout and in a file. */
typedef struct {
    irhw_out *out; /* written whole or not at all (model/irhw.h) */
    FILE *f;
    const char *path;
} iru_table;

static void table_put(const iru_table *t, const char *s)
{
    fputs(s, t->f);
    fputs(s, stdout);
}

/* One run of a table: graph `name`, kernel row j (0..2 the kernels, 3 BFS
 * dedup), TIMEOUT index ti. */
typedef void (*iru_row_fn)(void *ctx, const iru_table *t, const char *name, const irhw_graph *g,
                           irhw_kernel k, unsigned j, unsigned ti, const iru_row *row);

/* Every graph of the folder x every kernel (and with --bfs-dedup BFS with
 * FILTER=dedup) x each TIMEOUT of timeouts[nt] (nt = 0: one run, TIMEOUT as
 * set): the table's head, then `each` per run that succeeded. *t is left
 * open for the caller's tail and table_close; the worst exit code, or
 * EXIT_USAGE / EXIT_TOOL (after a message) with *t closed. */
static int graph_table(const wl_opts *o, const char *out, const char *head,
                       const unsigned *timeouts, unsigned nt, iru_row_fn each, void *ctx,
                       iru_table *t)
{
    char dir[4096];
    char *names[256];
    t->f = NULL;
    t->path = out;
    int got = irhw_graph_files(o->prog, "iru", o->c.graphs, dir, sizeof dir, names, 256);
    if (got < 0)
        return EXIT_USAGE;
    unsigned nn = (unsigned)got;
    irhw_mkdirs_for(out);
    char err[IRHW_ERRLEN];
    if (!(t->out = irhw_out_open(out, err, sizeof err))) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        irhw_graph_files_free(names, nn);
        return EXIT_TOOL;
    }
    t->f = irhw_out_file(t->out);
    table_put(t, head);
    int worst = 0;
    for (unsigned i = 0; i < nn; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        irhw_graph g;
        int rc = wl_iru_read_graph(o, path, &g, "iru run");
        for (unsigned j = 0; !rc && j < 3u + (unsigned)o->bfs_dedup; j++)
            for (unsigned ti = 0; ti < (nt ? nt : 1); ti++) {
                irhw_kernel k = j < 3 ? (irhw_kernel)j : IRHW_KERNEL_BFS;
                iru_variant va = {j < 3 ? NULL : "dedup", nt ? (long)timeouts[ti] : -1};
                iru_row row;
                memset(&row, 0, sizeof row);
                int r1 = run_one(o, path, &g, k, &va, &row);
                if (!r1)
                    each(ctx, t, names[i], &g, k, j, ti, &row);
                worst = r1 > worst ? r1 : worst;
            }
        worst = rc > worst ? rc : worst;
        irhw_graph_free(&g);
        free(names[i]);
    }
    return worst;
}

/* The tail, then close: 0, or EXIT_TOOL after a message. */
static int table_close(const wl_opts *o, iru_table *t, const char *tail)
{
    table_put(t, tail);
    char err[IRHW_ERRLEN];
    if (irhw_out_commit(t->out, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    printf("wrote %s\n", t->path);
    return 0;
}

static void all_row(void *ctx, const iru_table *t, const char *name, const irhw_graph *g,
                    irhw_kernel k, unsigned j, unsigned ti, const iru_row *row)
{
    (void)j;
    (void)ti;
    table_row(t->f, name, g, k, row);
    table_row(stdout, name, g, k, row);
    snprintf(ctx, 512, "%s", row->params);
}

/* A table's iru_hash line names the parameters of its last row; without
 * -p FILTER every kernel ran its own filter, so the line says so rather
 * than naming the last kernel's. */
static void filter_per_kernel(const wl_opts *o, char *params, size_t len)
{
    for (unsigned i = 0; i < o->c.nparams; i++)
        if (!strncmp(o->c.params[i], "FILTER=", 7))
            return;
    char *f = strstr(params, "FILTER=");
    if (!f)
        return;
    char rest[512];
    const char *end = f + strcspn(f, " ");
    snprintf(rest, sizeof rest, "%s", end);
    snprintf(f, len - (size_t)(f - params), "FILTER=per-kernel%s", rest);
}

int wl_iru_all(const wl_opts *o)
{
    static const char head[] =
        "| graph | vertices | edges | kernel | filter | frontiers | elements | lines/warp "
        "original | lines/warp IRU | elements/warp IRU | lines/warp IRU, full warps | lines in "
        "all, "
        "original → IRU | filtered | 1 - n/m | paper lines/warp | paper filtered |\n"
        "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
        "---: | --- | --- |\n";
    double t0 = irhw_now_s();
    char params[512] = "", req[32] = "SLOTS/BANKS";
    if (o->req_every)
        snprintf(req, sizeof req, "%" PRIu64, o->req_every);
    iru_table t;
    int worst = graph_table(o, o->c.out ? o->c.out : "out/iru_graphs.md", head, NULL, 0, all_row,
                            params, &t);
    if (!t.f)
        return worst;
    filter_per_kernel(o, params, sizeof params);
    char tail[1024];
    snprintf(tail, sizeof tail,
             "\niru_hash %s (FILTER per kernel unless -p FILTER: the filter column names what "
             "ran); a request every %s cycles while a frontier "
             "streams in; %s; %.0f s. Lines per warp: distinct memory blocks per warp of SLOTS "
             "elements, original order vs the replies of the IRU (one reply, one warp request); "
             "full warps: the replied elements in reply order cut into warps of SLOTS, the same "
             "warps of SLOTS threads as the original order; filtered: elements merged out "
             "/ elements inserted.\n",
             params, req,
             o->c.model_only ? "C model alone" : "in lockstep with the RTL, every output compared",
             irhw_now_s() - t0);
    int rc = table_close(o, &t, tail);
    return rc ? rc : worst;
}

/* Per kernel row (BFS, SSSP, PageRank, BFS dedup) and TIMEOUT: sums over
 * the graphs. */
typedef struct {
    double filt[4][IRU_MAX_SWEEP], after[4][IRU_MAX_SWEEP], before[4][IRU_MAX_SWEEP];
    double elems[4][IRU_MAX_SWEEP], cap[4][IRU_MAX_SWEEP];
    unsigned runs[4][IRU_MAX_SWEEP], ngraphs;
    const char *flt[4];
    const unsigned *timeouts;
    char params[512], last[256];
} sweep_sums;

static void sweep_row(void *ctx, const iru_table *t, const char *name, const irhw_graph *g,
                      irhw_kernel k, unsigned j, unsigned ti, const iru_row *row)
{
    sweep_sums *m = ctx;
    (void)g;
    const irhw_iru_result *r = &row->r;
    double fp = 100 * ratio(r->merged, r->inserted);
    double lb = ratio(r->lines_before, r->warps_before);
    double la = ratio(r->lines_after, r->replies), ea = ratio(r->replied, r->replies);
    char line[1024];
    snprintf(line, sizeof line,
             "| %s | %s | %s | %u | %.1f %% | %.2f | %.2f | %.1f | %" PRIu64 " | %" PRIu64
             " | %.1f %% |\n",
             name, irhw_kernel_name(k), row->filter, m->timeouts[ti], fp, lb, la, ea, r->replies,
             r->cycles, row->cap);
    table_put(t, line);
    m->filt[j][ti] += fp;
    m->after[j][ti] += la;
    m->before[j][ti] += lb;
    m->elems[j][ti] += ea;
    m->cap[j][ti] += row->cap;
    m->runs[j][ti]++;
    m->flt[j] = row->filter;
    if (strcmp(m->last, name)) {
        snprintf(m->last, sizeof m->last, "%s", name);
        m->ngraphs++;
    }
    snprintf(m->params, sizeof m->params, "%s", row->params);
}

/* --timeout-sweep: every graph x kernel at each TIMEOUT, the C model alone;
 * a table of every run and the means over the graphs, and a plot of the
 * means. */
int wl_iru_timeout_sweep(const wl_opts *o)
{
    static const char head[] =
        "| graph | kernel | filter | TIMEOUT | filtered | lines/warp original | lines/warp IRU | "
        "elements/warp IRU | replies | cycles | 1 - n/m |\n"
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    static const char *const label[4] = {"bfs", "sssp", "pagerank", "bfs"};
    const char *svg = o->plot ? o->plot : "out/iru_timeout.svg";
    unsigned nk = 3 + (unsigned)o->bfs_dedup;
    double t0 = irhw_now_s();
    sweep_sums *m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "%s workload iru: out of memory for the sweep\n", o->prog);
        return EXIT_TOOL;
    }
    m->timeouts = o->sweep;
    for (unsigned j = 0; j < 4; j++)
        m->flt[j] = "";
    iru_table t;
    int worst = graph_table(o, o->c.out ? o->c.out : "out/iru_timeout.md", head, o->sweep,
                            o->nsweep, sweep_row, m, &t);
    if (!t.f) {
        free(m);
        return worst;
    }
    /* the means over the graphs: the table's last rows and the plot's data */
    size_t cap = 256 + (size_t)o->nsweep * 400, n = 0;
    char *dat = malloc(cap);
    if (!dat) {
        irhw_out_abort(t.out);
        free(m);
        fprintf(stderr, "%s workload iru: out of memory for the plot data\n", o->prog);
        return EXIT_TOOL;
    }
    n += (size_t)snprintf(dat + n, cap - n, "# TIMEOUT, then per kernel row (");
    for (unsigned j = 0; j < nk; j++)
        n += (size_t)snprintf(dat + n, cap - n, "%s%s/%s", j ? ", " : "", label[j], m->flt[j]);
    n += (size_t)snprintf(dat + n, cap - n,
                          "): filtered %%, lines/warp IRU, lines/warp original, "
                          "elements/warp IRU\n");
    for (unsigned ti = 0; ti < o->nsweep; ti++) {
        n += (size_t)snprintf(dat + n, cap - n, "%u", o->sweep[ti]);
        for (unsigned j = 0; j < nk; j++) {
            double c = m->runs[j][ti] ? m->runs[j][ti] : 1;
            n += (size_t)snprintf(dat + n, cap - n, " %.3f %.3f %.3f %.3f", m->filt[j][ti] / c,
                                  m->after[j][ti] / c, m->before[j][ti] / c, m->elems[j][ti] / c);
            char line[512];
            snprintf(line, sizeof line,
                     "| mean of %u graphs | %s | %s | %u | %.1f %% | %.2f | %.2f | %.1f | | | %.1f "
                     "%% |\n",
                     m->runs[j][ti], label[j], m->flt[j], o->sweep[ti], m->filt[j][ti] / c,
                     m->before[j][ti] / c, m->after[j][ti] / c, m->elems[j][ti] / c,
                     m->cap[j][ti] / c);
            table_put(&t, line);
        }
        n += (size_t)snprintf(dat + n, cap - n, "\n");
    }
    filter_per_kernel(o, m->params, sizeof m->params);
    char tail[1024];
    snprintf(tail, sizeof tail,
             "\niru_hash %s at each TIMEOUT (FILTER per kernel unless -p FILTER; the filter "
             "column names what ran); C model alone, conservation checked; %.0f s. Plot: %s\n",
             m->params, irhw_now_s() - t0, svg);
    int rc = table_close(o, &t, tail);
    if (rc) {
        free(dat);
        free(m);
        return rc;
    }
    /* column of kernel row j: 2 + 4j filtered, 3 + 4j after, 4 + 4j before */
    char body[4096];
    int k = snprintf(body, sizeof body,
                     "set multiplot layout 1,2 title 'iru\\_hash: TIMEOUT sensitivity, means over "
                     "%u graphs'\nset xlabel 'TIMEOUT (cycles)'\nset key inside top right "
                     "font ',8'\nset yrange [0:*]\n"
                     "set ylabel 'elements filtered (%%%%)'\nplot ",
                     m->ngraphs);
    for (unsigned j = 0; j < nk && k > 0 && (size_t)k < sizeof body; j++)
        k += snprintf(body + k, sizeof body - (size_t)k,
                      "'%%1$s' using 0:%u:xtic(1) with linespoints lw 2 lc %u title '%s (%s)'%s",
                      2 + 4 * j, j + 1, label[j], m->flt[j], j + 1 < nk ? ", " : "\n");
    if (k > 0 && (size_t)k < sizeof body)
        k += snprintf(body + k, sizeof body - (size_t)k,
                      "set ylabel 'memory lines per warp'\nplot ");
    for (unsigned j = 0; j < nk && k > 0 && (size_t)k < sizeof body; j++)
        k += snprintf(body + k, sizeof body - (size_t)k,
                      "'%%1$s' using 0:%u:xtic(1) with linespoints lw 2 lc %u title '%s (%s) IRU', "
                      "'%%1$s' using 0:%u with lines dt 2 lc %u title '%s original'%s",
                      3 + 4 * j, j + 1, label[j], m->flt[j], 4 + 4 * j, j + 1, label[j],
                      j + 1 < nk ? ", " : "\n");
    if (k > 0 && (size_t)k < sizeof body)
        snprintf(body + k, sizeof body - (size_t)k, "unset multiplot\n");
    free(m);
    char err[8192];
    rc = irhw_gnuplot_svg(svg, dat, body, err, sizeof err);
    free(dat);
    if (rc) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    printf("wrote %s\n", svg);
    return worst;
}

int wl_iru_single(const wl_opts *o)
{
    irhw_graph g;
    int rc = wl_iru_read_graph(o, o->c.graph, &g, "iru run");
    if (rc)
        return rc;
    iru_row row;
    memset(&row, 0, sizeof row);
    iru_variant va = {o->bfs_dedup && o->kernel == IRHW_KERNEL_BFS ? "dedup" : NULL, -1};
    rc = run_one(o, o->c.graph, &g, (irhw_kernel)o->kernel, &va, &row);
    irhw_graph_free(&g);
    return rc;
}
