/*
 * cli_workload.c — `irhw workload <kind>`: workloads that drive the blocks.
 * The kinds are listed in one table (kinds[] below); `iru` is the IRU on
 * graph frontiers (sim/workload.h). Exit codes as in cli.c: 0 success,
 * 1 mismatch or failed check, 2 usage, parameter or input-file error,
 * 3 a tool or the system failed.
 */
#include "cli_workload.h"

#include "args.h"

#include "workload.h"

#include "hwwl.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

/* The paper's figures (IRU paper §6.1 Fig. 14, §6.2 Fig. 15). */
static const char *const paper_lines = "about 4 -> 3";
static const char *const paper_filtered[] = {"-", "23 %", "79 %"};

/* The options every workload takes. */
typedef struct {
    const char *graph, *graphs, *out;
    const char *params[32]; /* the -p, each NAME once (irhw_args_param) */
    unsigned nparams;
    int model_only, quiet;
} wl_common;

/* Every option of every kind (W_IRU: iru, W_GW: bfs and sssp). */
enum { W_IRU = 1, W_GW = 2 };
enum {
    K_HELP,
    K_GRAPH,
    K_GRAPHS,
    K_OUT,
    K_P,
    K_MODEL_ONLY,
    K_QUIET,
    K_KERNEL,
    K_MAX_ELEMS,
    K_REQ_EVERY,
    K_ALL,
    K_PLOT,
    K_COST,
    K_MEM_LAT,
    K_SRC,
    K_MAX_CYCLES,
    K_MAX_EDGES,
    K_TRENDS,
    K_NO_PLOT,
    K_BFS_DEDUP,
    K_TIMEOUT_SWEEP,
    K_WORKLIST,
    K_GPU,
    K_VALUES_OUT,
    K_BUFFER,
    K_ACTIVE_OUT,
    K_ACTIVE_EVERY
};
static const irhw_opt workload_opts[] = {
    {"-h", 0, K_HELP, 0},
    {"--help", 0, K_HELP, 0},
    {"--graph", 1, K_GRAPH, 0},
    {"--graphs", 1, K_GRAPHS, 0},
    {"-o", 1, K_OUT, 0},
    {"-p", 1, K_P, 0},
    {"--model-only", 0, K_MODEL_ONLY, 0},
    {"--quiet", 0, K_QUIET, 0},
    {"--kernel", 1, K_KERNEL, W_IRU},
    {"--max-elems", 1, K_MAX_ELEMS, W_IRU},
    {"--req-every", 1, K_REQ_EVERY, W_IRU},
    {"--all", 0, K_ALL, W_IRU},
    {"--plot", 1, K_PLOT, W_IRU | W_GW},
    {"--bfs-dedup", 0, K_BFS_DEDUP, W_IRU},
    {"--timeout-sweep", 1, K_TIMEOUT_SWEEP, W_IRU},
    {"--cost", 1, K_COST, W_GW},
    {"--mem-lat", 1, K_MEM_LAT, W_GW},
    {"--src", 1, K_SRC, W_GW},
    {"--max-cycles", 1, K_MAX_CYCLES, W_GW},
    {"--max-edges", 1, K_MAX_EDGES, W_GW},
    {"--trends", 0, K_TRENDS, W_GW},
    {"--no-plot", 0, K_NO_PLOT, W_GW},
    {"--worklist", 1, K_WORKLIST, W_GW},
    {"-g", 1, K_GPU, W_GW},
    {"--levels-out", 1, K_VALUES_OUT, W_GW},
    {"--dist-out", 1, K_VALUES_OUT, W_GW},
    {"--buffer", 1, K_BUFFER, W_GW},
    {"--active-out", 1, K_ACTIVE_OUT, W_GW},
    {"--active-every", 1, K_ACTIVE_EVERY, W_GW},
    {NULL, 0, 0, 0},
};

/* 1 when `opt` is a common option (its value v stored), 0 when it is not,
 * 2 after the message of a -p given twice or beyond the 32 kept. */
static int common_opt(const irhw_args *a, wl_common *c, const irhw_opt *opt, const char *v)
{
    switch (opt->id) {
    case K_GRAPH:
        c->graph = v;
        return 1;
    case K_GRAPHS:
        c->graphs = v;
        return 1;
    case K_OUT:
        c->out = v;
        return 1;
    case K_P:
        return irhw_args_param(a, c->params, &c->nparams, 32, v) ? 2 : 1;
    case K_MODEL_ONLY:
        c->model_only = 1;
        return 1;
    case K_QUIET:
        c->quiet = 1;
        return 1;
    }
    return 0;
}

#define IRU_MAX_SWEEP 32

typedef struct {
    const char *prog, *plot;
    wl_common c;
    int kernel, all, bfs_dedup;
    uint64_t max_elems, req_every;
    unsigned nsweep; /* --timeout-sweep: the TIMEOUT values */
    unsigned sweep[IRU_MAX_SWEEP];
} wl_opts;

static int wl_usage(const char *prog, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s workload iru: ", prog);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see '%s workload iru --help')\n", prog);
    return EXIT_USAGE;
}

static void iru_help(const char *prog)
{
    printf("usage: %s workload iru --kernel bfs|sssp|pagerank --graph FILE [-p NAME=VALUE]...\n"
           "                          [--model-only] [--max-elems N] [--quiet]\n"
           "       %s workload iru --all [--graphs DIR] [-o FILE.md] [-p NAME=VALUE]...\n"
           "                          [--model-only] [--max-elems N] [--bfs-dedup]\n"
           "       %s workload iru --timeout-sweep T,T,... [--graphs DIR] [-o FILE.md]\n"
           "                          [--plot FILE.svg] [-p NAME=VALUE]... [--max-elems "
           "N]\n" IRHW_ARGS_HELP
           "  The edge frontiers of BFS, SSSP or PageRank on a graph drive iru_hash as the IRU\n"
           "  paper's kernels would (index = neighbour, data = level / candidate distance /\n"
           "  binary32 contribution, position in the frontier; FILTER as the paper's Fig. 15:\n"
           "  none for BFS, min for SSSP, fadd for PageRank, unless -p FILTER=... says\n"
           "  otherwise; the report names the filter that ran), in lockstep with the RTL (every "
           "output\n"
           "  compared every cycle, conservation checked). Reports memory lines per warp\n"
           "  (distinct LINE_BYTES blocks per SLOTS elements) in original order and after\n"
           "  the IRU, and the share of elements filtered, beside the paper's figures.\n"
           "  --graph FILE    METIS .graph, Matrix Market .mtx or SNAP edge list .txt (format\n"
           "                  by extension, else by content)\n"
           "  -p NAME=VALUE   an iru_hash parameter (irhw list iru_hash); defaults: the paper's\n"
           "  --model-only    the C model alone (with the conservation checker), no RTL\n"
           "  --max-elems N   at most N elements (the first frontiers)\n"
           "  --req-every N   while a frontier streams in, a warp asks for work every N cycles\n"
           "                  (default SLOTS/BANKS: one warp's worth per request); at the end\n"
           "                  of a frontier (flush) every cycle\n"
           "  --all           every graph file in DIR (default ../shared/data/graphs: names\n"
           "                  ending .graph .metis .mtx .txt .edges .el .snap; README* and\n"
           "                  others skipped, named on stderr) x every\n"
           "                  kernel: a Markdown table on stdout and in FILE.md (default\n"
           "                  out/iru_graphs.md)\n"
           "  --bfs-dedup     BFS with FILTER=dedup (duplicate vertices dropped): with --all\n"
           "                  a second BFS row per graph, labelled dedup\n"
           "  --timeout-sweep T,T,...  every graph x kernel at each TIMEOUT (0..1000000, at\n"
           "                  most 32 values), C model alone: a Markdown table (default\n"
           "                  out/iru_timeout.md) and a gnuplot SVG of the means over the\n"
           "                  graphs (--plot, default out/iru_timeout.svg)\n"
           "exit: 0 done, 1 RTL differs from the model or a check failed, 2 usage, parameter\n"
           "      or graph-file error (file, line and what was expected), 3 tool failure\n",
           prog, prog, prog);
}

/* The options of one kind (W_IRU or W_GW): the common ones into *c, the
 * kind's own through take (0, or the exit code after its message). */
static int wl_parse(int argc, char **argv, const char *verb, unsigned kind, wl_common *c,
                    int (*take)(void *o, const irhw_opt *opt, const char *v), void *o)
{
    irhw_args a;
    irhw_args_init(&a, verb, workload_opts, kind, argc, argv);
    const irhw_opt *opt;
    const char *v;
    for (int k, rc; (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            return EXIT_USAGE;
        if (k == IRHW_ARG_POS)
            return irhw_args_usage(&a, "unexpected argument '%s'", v);
        if ((rc = common_opt(&a, c, opt, v)) == 2)
            return EXIT_USAGE;
        if (!rc && (rc = take(o, opt, v)))
            return rc;
    }
    return 0;
}

static int iru_opt(void *p, const irhw_opt *opt, const char *v)
{
    wl_opts *o = p;
    if (opt->id == K_KERNEL) {
        if ((o->kernel = irhw_kernel_parse(v)) < 0)
            return wl_usage(o->prog, "--kernel '%s' must be bfs, sssp or pagerank", v);
    } else if (opt->id == K_MAX_ELEMS || opt->id == K_REQ_EVERY) {
        uint64_t x;
        int req = opt->id == K_REQ_EVERY;
        if (irhw_parse_uint(v, &x) || x < 1 || (req && x > 1000000))
            return wl_usage(o->prog,
                            req ? "--req-every '%s' must be a whole number 1..1000000"
                                : "--max-elems '%s' must be a whole number >= 1",
                            v);
        *(req ? &o->req_every : &o->max_elems) = x;
    } else if (opt->id == K_ALL) {
        o->all = 1;
    } else if (opt->id == K_BFS_DEDUP) {
        o->bfs_dedup = 1;
    } else if (opt->id == K_PLOT) {
        o->plot = v;
    } else if (opt->id == K_TIMEOUT_SWEEP) {
        const char *q = v;
        for (o->nsweep = 0; *q; o->nsweep++) {
            char num[24];
            size_t len = strcspn(q, ",");
            const char *e = q + len;
            uint64_t x;
            snprintf(num, sizeof num, "%.*s", (int)(len < sizeof num ? len : sizeof num - 1), q);
            if (o->nsweep == IRU_MAX_SWEEP || len >= sizeof num || irhw_parse_uint(num, &x) ||
                x > 1000000)
                return wl_usage(o->prog,
                                "--timeout-sweep '%s' must be at most 32 whole numbers "
                                "0..1000000, comma-separated",
                                v);
            if (*e && !e[1])
                return wl_usage(o->prog, "--timeout-sweep '%s' ends in a comma", v);
            o->sweep[o->nsweep] = (unsigned)x;
            q = *e ? e + 1 : e;
        }
        if (!o->nsweep)
            return wl_usage(o->prog, "--timeout-sweep '%s' names no TIMEOUT", v);
    }
    return 0;
}

static int parse_iru(int argc, char **argv, wl_opts *o)
{
    int rc = wl_parse(argc, argv, "workload iru", W_IRU, &o->c, iru_opt, o);
    if (rc)
        return rc;
    if (!o->all && !o->nsweep && (o->kernel < 0 || !o->c.graph))
        return wl_usage(o->prog, "%s",
                        "name --kernel bfs|sssp|pagerank and --graph FILE, or --all");
    if (o->all && (o->c.graph || o->kernel >= 0))
        return wl_usage(o->prog, "%s", "--all runs every graph and kernel: drop --graph/--kernel");
    if (o->bfs_dedup && o->kernel >= 0 && o->kernel != IRHW_KERNEL_BFS)
        return wl_usage(o->prog, "%s", "--bfs-dedup applies to --kernel bfs");
    if (o->plot && !o->nsweep)
        return wl_usage(o->prog, "%s", "--plot names the SVG of --timeout-sweep");
    if (o->nsweep) {
        if (o->all || o->c.graph || o->kernel >= 0)
            return wl_usage(o->prog, "%s",
                            "--timeout-sweep runs every graph and kernel: drop --all, --graph "
                            "and --kernel");
        for (unsigned i = 0; i < o->c.nparams; i++)
            if (!strncmp(o->c.params[i], "TIMEOUT=", 8))
                return wl_usage(o->prog, "-p %s: --timeout-sweep sets TIMEOUT", o->c.params[i]);
    }
    irhw_io io[] = {{IRHW_IO_IN, "--graph", o->c.graph, NULL},
                    {IRHW_IO_IN, "--graphs", o->c.graphs, NULL},
                    {IRHW_IO_FILE, "-o", o->c.out, "-o"},
                    {IRHW_IO_FILE, "--plot", o->plot, "--plot"}};
    char err[IRHW_ERRLEN + 8400];
    if (irhw_graphs_io_check(o->c.graphs, io, sizeof io / sizeof io[0], err, sizeof err))
        return wl_usage(o->prog, "%s", err);
    return 0;
}

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

typedef struct {
    irhw_iru_result r;
    uint64_t elements, frontiers;
    char params[512];
    const char *filter; /* the FILTER that ran */
} iru_row;

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0;
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
        printf("  filtered: %" PRIu64 " of %" PRIu64 " elements (%.1f %%)   paper: %s "
               "(SSSP 23 %%, PageRank 79 %%, 48.5 %% on average)\n",
               r->merged, r->inserted, 100 * ratio(r->merged, r->inserted), paper_filtered[k]);
    }
    irhw_iru_stream_free(&s);
    irhw_inst_free(&x);
    return rc;
}

static int read_graph(const wl_opts *o, const char *path, irhw_graph *g)
{
    char err[1024];
    if (irhw_graph_read(path, IRHW_GRAPH_AUTO, g, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        irhw_graph_free(g);
        return EXIT_USAGE;
    }
    irhw_signal_at("the iru run on %s", path);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void table_row(FILE *f, const char *name, const irhw_graph *g, irhw_kernel k,
                      const iru_row *row)
{
    const irhw_iru_result *r = &row->r;
    fprintf(f,
            "| %s | %u | %" PRIu64 " | %s | %s | %" PRIu64 " | %" PRIu64 " | %.2f | %.2f | %.1f | "
            "%.2f | %" PRIu64 " → %" PRIu64 " | %.1f %% | %s | %s |\n",
            name, g->n, g->m, irhw_kernel_name(k), row->filter, row->frontiers, row->elements,
            ratio(r->lines_before, r->warps_before), ratio(r->lines_after, r->replies),
            ratio(r->replied, r->replies), ratio(r->lines_packed, r->warps_packed), r->lines_before,
            r->lines_after, 100 * ratio(r->merged, r->inserted), paper_lines, paper_filtered[k]);
}

/* Does a graph folder contribute the file `name`? A name with a graph
 * extension the reader knows (irhw_graph_ext), not hidden, not a README. */
static int graph_name(const char *name)
{
    return name[0] != '.' && strncasecmp(name, "readme", 6) &&
           irhw_graph_ext(name) != IRHW_GRAPH_AUTO;
}

/* The graph files of the folder dir (graph_name) by name, malloc'd into
 * names[0..max-1]; the other entries by name, comma-separated, into
 * skipped. Their count, or -1 with errno when the folder cannot be read. */
static int graph_names(const char *dir, char **names, unsigned max, char *skipped, size_t sklen)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    unsigned nn = 0, ns = 0;
    char *skip[64] = {0};
    for (struct dirent *e; (e = readdir(d)) && nn < max;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        int take = graph_name(e->d_name);
        if (!take && ns < 64 && (skip[ns] = strdup(e->d_name)))
            ns++;
        if (take && !(names[nn++] = strdup(e->d_name))) {
            nn--;
            break;
        }
    }
    closedir(d);
    qsort(names, nn, sizeof *names, cmp_str);
    qsort(skip, ns, sizeof *skip, cmp_str);
    size_t k = 0;
    skipped[0] = 0;
    for (unsigned i = 0; i < ns; i++) {
        if (k < sklen)
            k += (size_t)snprintf(skipped + k, sklen - k, "%s%s", i ? ", " : "", skip[i]);
        free(skip[i]);
    }
    return (int)nn;
}

/* The graph files in `graphs` (default ../shared/data/graphs), sorted by
 * name, the files skipped named on stderr: their count, or -1 after a
 * message naming the folder. dir gets the folder; free the names with
 * free_names. */
static int graph_files(const char *prog, const char *kind, const char *graphs, char *dir,
                       size_t dirlen, char **names, unsigned max)
{
    if (graphs)
        snprintf(dir, dirlen, "%s", graphs);
    else
        snprintf(dir, dirlen, "%s/../shared/data/graphs", irhw_root());
    char skipped[1024];
    int nn = graph_names(dir, names, max, skipped, sizeof skipped);
    if (nn < 0) {
        fprintf(stderr, "%s workload %s: cannot open the graph folder %s: %s\n", prog, kind, dir,
                strerror(errno));
        return -1;
    }
    if (!nn) {
        fprintf(stderr,
                "%s workload %s: no graph files (.graph, .metis, .mtx, .txt, .edges, .el, "
                ".snap) in %s%s%s\n",
                prog, kind, dir, skipped[0] ? "; skipped: " : "", skipped);
        return -1;
    }
    if (skipped[0])
        fprintf(stderr,
                "%s workload %s: %s: skipped %s (a graph's name ends in .graph, .metis, "
                ".mtx, .txt, .edges, .el or .snap; README files, hidden files and folders are "
                "not graphs)\n",
                prog, kind, dir, skipped);
    return nn;
}

int irhw_graph_files(const char *prog, const char *verb, const char *graphs, char *dir,
                     size_t dirlen, char **names, unsigned max)
{
    return graph_files(prog, verb, graphs, dir, dirlen, names, max);
}

int irhw_graphs_io_check(const char *graphs, const irhw_io *io, int n, char *err, size_t errlen)
{
    char *names[256], skipped[8];
    int ng = graphs ? graph_names(graphs, names, 256, skipped, sizeof skipped) : -1;
    irhw_io *all = malloc(((size_t)n + 256) * sizeof *all);
    char(*paths)[4400] = malloc(256 * sizeof *paths);
    if (!all || !paths) {
        free(all);
        free(paths);
        return irhw_err(err, errlen, "out of memory");
    }
    memcpy(all, io, (size_t)n * sizeof *all);
    for (int i = 0; i < ng; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", graphs, names[i]);
        all[n + i] = (irhw_io){IRHW_IO_IN, "graph", paths[i], NULL};
        free(names[i]);
    }
    int rc = irhw_io_check(all, n + (ng > 0 ? ng : 0), err, errlen);
    free(all);
    free(paths);
    return rc;
}

static void free_names(char **names, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        free(names[i]);
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
    int got = graph_files(o->prog, "iru", o->c.graphs, dir, sizeof dir, names, 256);
    if (got < 0)
        return EXIT_USAGE;
    unsigned nn = (unsigned)got;
    irhw_mkdirs_for(out);
    char err[IRHW_ERRLEN];
    if (!(t->out = irhw_out_open(out, err, sizeof err))) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        free_names(names, nn);
        return EXIT_TOOL;
    }
    t->f = irhw_out_file(t->out);
    table_put(t, head);
    int worst = 0;
    for (unsigned i = 0; i < nn; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        irhw_graph g;
        int rc = read_graph(o, path, &g);
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

static int run_all(const wl_opts *o)
{
    static const char head[] =
        "| graph | vertices | edges | kernel | filter | frontiers | elements | lines/warp "
        "original | lines/warp IRU | elements/warp IRU | lines/warp IRU, full warps | lines in "
        "all, "
        "original → IRU | filtered | paper lines/warp | paper filtered |\n"
        "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
        "--- | --- |\n";
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

static int gw_gnuplot(const char *svg, const char *data_text, const char *script_body, char *err,
                      size_t errlen);

/* Per kernel row (BFS, SSSP, PageRank, BFS dedup) and TIMEOUT: sums over
 * the graphs. */
typedef struct {
    double filt[4][IRU_MAX_SWEEP], after[4][IRU_MAX_SWEEP], before[4][IRU_MAX_SWEEP];
    double elems[4][IRU_MAX_SWEEP];
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
             "| %s | %s | %s | %u | %.1f %% | %.2f | %.2f | %.1f | %" PRIu64 " | %" PRIu64 " |\n",
             name, irhw_kernel_name(k), row->filter, m->timeouts[ti], fp, lb, la, ea, r->replies,
             r->cycles);
    table_put(t, line);
    m->filt[j][ti] += fp;
    m->after[j][ti] += la;
    m->before[j][ti] += lb;
    m->elems[j][ti] += ea;
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
static int run_timeout_sweep(const wl_opts *o)
{
    static const char head[] =
        "| graph | kernel | filter | TIMEOUT | filtered | lines/warp original | lines/warp IRU | "
        "elements/warp IRU | replies | cycles |\n"
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
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
                     "| mean of %u graphs | %s | %s | %u | %.1f %% | %.2f | %.2f | %.1f | | |\n",
                     m->runs[j][ti], label[j], m->flt[j], o->sweep[ti], m->filt[j][ti] / c,
                     m->before[j][ti] / c, m->after[j][ti] / c, m->elems[j][ti] / c);
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
    rc = gw_gnuplot(svg, dat, body, err, sizeof err);
    free(dat);
    if (rc) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    printf("wrote %s\n", svg);
    return worst;
}

static int workload_iru(int argc, char **argv, const char *prog)
{
    wl_opts o;
    memset(&o, 0, sizeof o);
    o.prog = prog;
    o.kernel = -1;
    if (irhw_args_help(argc, argv)) {
        iru_help(prog);
        return 0;
    }
    int rc = parse_iru(argc, argv, &o);
    if (rc)
        return rc;
    if (o.all)
        return run_all(&o);
    if (o.nsweep)
        return run_timeout_sweep(&o);
    irhw_graph g;
    if ((rc = read_graph(&o, o.c.graph, &g)))
        return rc;
    iru_row row;
    memset(&row, 0, sizeof row);
    iru_variant va = {o.bfs_dedup && o.kernel == IRHW_KERNEL_BFS ? "dedup" : NULL, -1};
    rc = run_one(&o, o.c.graph, &g, (irhw_kernel)o.kernel, &va, &row);
    irhw_graph_free(&g);
    return rc;
}

/* ---- bfs / sssp on hwwl (sim/workload_hwwl.c) ------------------------------------ */

typedef struct {
    const char *prog, *kind, *plot;
    wl_common c;
    int trends, no_plot, have_src;
    unsigned cost_a, cost_b, mem_lat;
    uint32_t src;
    uint64_t max_cycles, max_edges;
    int worklist; /* IRHW_WL_*: the GPU core model drives; -1: every lane a thread */
    irhw_gpu_cfg gpu;
    int have_gpu;                           /* a -g was given */
    int gpu_cores, have_cost, have_mem_lat; /* -g CORES, --cost, --mem-lat given */
    const char *values_out;                 /* --levels-out / --dist-out */
    int entries_inf;                        /* -p ENTRIES=inf: the largest ENTRIES, no spill */
    char inf_param[32];                     /* its -p, "ENTRIES=<max>" */
    int single, have_buffer;                /* --buffer single / given */
    const char *active_out;                 /* --active-out FILE */
    uint64_t active_every;                  /* --active-every N (default 1000) */
} gw_opts;

/* The options before the command line: the lane driver (no --worklist),
 * the GPU core model's constants at their defaults (sim/gpu_core.c). */
static void gw_defaults(gw_opts *o, const char *prog, const char *kind)
{
    memset(o, 0, sizeof *o);
    o->prog = prog;
    o->kind = kind;
    o->cost_a = 8;
    o->cost_b = 2;
    o->mem_lat = 100;
    o->max_edges = 110000;
    o->worklist = -1;
    irhw_gpu_defaults(&o->gpu);
}

static int gw_usage(const gw_opts *o, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s workload %s: ", o->prog, o->kind);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see '%s workload %s --help')\n", o->prog, o->kind);
    return EXIT_USAGE;
}

static void gw_help(const char *prog, const char *kind)
{
    char *gtab = NULL;
    size_t glen = 0;
    FILE *f = open_memstream(&gtab, &glen);
    if (f) {
        irhw_gpu_help(f);
        fclose(f);
    }
    printf(
        "usage: %s workload %s --graph FILE [-p NAME=VALUE]... [--model-only] [--cost A,B]\n"
        "                          [--mem-lat N] [--src V] [--plot FILE.svg | --no-plot]\n"
        "                          [--max-cycles N] [--quiet] [--worklist WL [-g NAME=V]...]\n"
        "                          [--levels-out FILE | --dist-out FILE] [--buffer single|double]\n"
        "                          [--active-out FILE [--active-every N]]\n"
        "       %s workload %s --trends [--graphs DIR] [-o FILE.md] [--max-edges N] [--cost A,B]\n"
        "                          [--mem-lat N]\n" IRHW_ARGS_HELP
        "  Data-driven, double-buffered %s (LonestarGPU style) closed-loop on the multi-core\n"
        "  hardware worklist hwwl: every lane of every core is a thread that pulls a vertex\n"
        "  (ID; WAIT: pull again; DONE: the kernel is over for it), is busy A + B * degree\n"
        "  cycles, relaxes the vertex's edges (atomicMin on the %s) and pushes each\n"
        "  improved neighbour, one per cycle, into the other half; when every thread saw DONE\n"
        "  the kernel boundary swaps the halves; the run ends when a kernel pushed nothing.\n"
        "  The result is checked against the plain sequential %s every run.\n"
        "  --graph FILE    METIS .graph, Matrix Market .mtx or SNAP edge list .txt\n"
        "  -p NAME=VALUE   an hwwl parameter (irhw list hwwl); defaults: the paper's (4 cores\n"
        "                  x 16 lanes, ENTRIES=32, SCHEME=lsorting, REFILL=ondemand); with\n"
        "                  --model-only also SCHEME=gsorting (lsorting's rule over every\n"
        "                  core's banks, one WRU) or SCHEME=magic (every bank levelled every\n"
        "                  cycle, no bandwidth limit), and ENTRIES=inf (the largest ENTRIES;\n"
        "                  exit 1 if the run spilled: not unbounded for that graph)\n"
        "  --model-only    the C model alone (with the conservation checker), no RTL;\n"
        "                  default: the RTL in lockstep with the model, every output compared\n"
        "  --cost A,B      busy cycles per vertex = A + B * out-degree (default 8,2; A 0..100000,\n"
        "                  B 0..10000)\n"
        "  --mem-lat N     overflow-buffer loads answer after N cycles (1..10000, default 100)\n"
        "  --src V         the source vertex (default: the one with the most out-edges)\n"
        "  --plot FILE     the bank-occupancy plot (SVG, gnuplot; default\n"
        "                  out/hwwl_%s_<graph>.svg); --no-plot: none\n"
        "  --max-cycles N  stop after N cycles (an error: the run did not finish)\n"
        "  --worklist WL   the GPU core model (sim/gpu_core.h) runs the kernel: warps of\n"
        "                  threads, greedy-then-oldest issue, loads / atomics / worklist\n"
        "                  operations as instructions; WL: hwwl (the block's lane ports, in\n"
        "                  lockstep with the RTL unless --model-only), swwl (software,\n"
        "                  double-buffered, pushes by atomicAdd on a global tail), topo\n"
        "                  (every vertex's flag every kernel), ideal-fifo / ideal-sort (one\n"
        "                  infinite worklist, unlimited bandwidth, oldest / smallest ID\n"
        "                  first); without it every lane is one thread (busy A + B * degree);\n"
        "                  --cost does not apply to it\n"
        "  -g NAME=VALUE   a GPU core model constant (with --worklist); NAME default range:\n"
        "%s"
        "  --levels-out FILE (bfs) / --dist-out FILE (sssp)  the computed result, one vertex\n"
        "                  a line (-1: unreached), written atomically\n"
        "  --buffer single|double  hwwl's wlcfg (default double: pull and push halves, a\n"
        "                  swap per kernel); single: one list, one kernel\n"
        "  --active-out FILE  with --worklist: the threads holding a work ID over time,\n"
        "                  \"cycle active percent\" a line, every --active-every N cycles\n"
        "                  (default 1000), of all cores' WARPS x WARP_SIZE threads\n"
        "  --trends        the paper's Fig. 6/7 trends, C model alone: SCHEME none / threshold /\n"
        "                  lsorting, and ENTRIES 8..128 x REFILL ondemand / interval, for BFS\n"
        "                  and SSSP on the graphs of DIR (default ../shared/data/graphs):\n"
        "                  a Markdown table (FILE.md, default out/hwwl_trends.md) and SVG plots\n"
        "                  beside it (ENTRIES=1024 stands for unbounded banks); graphs with\n"
        "                  more than --max-edges stored edges (default 110000) are left out\n"
        "                  (named) to keep it to a few minutes; the kind (bfs/sssp) does not\n"
        "                  matter, both kernels run\n"
        "%s"
        "exit: 0 done and equal to the reference, 1 RTL differs from the model, a check failed\n"
        "      or the result differs, 2 usage, parameter or graph-file error, 3 tool failure\n",
        prog, kind, prog, kind, !strcmp(kind, "bfs") ? "BFS" : "SSSP",
        !strcmp(kind, "bfs") ? "levels" : "distances", !strcmp(kind, "bfs") ? "BFS" : "Dijkstra",
        kind, gtab ? gtab : "",
        !strcmp(kind, "sssp")
            ? "  SSSP weights: the file's, each a whole number 1..65535 (else exit 2); a\n"
              "  file without weights, or a real Matrix Market matrix whose values are not\n"
              "  all such numbers, gets 1..64 from a hash of each edge (the output says so).\n"
            : "");
    free(gtab);
}

static int gw_number(const gw_opts *o, const char *opt, const char *v, uint64_t lo, uint64_t hi,
                     uint64_t *x)
{
    uint64_t n;
    if (irhw_parse_uint(v, &n) || n < lo || n > hi) {
        fprintf(stderr,
                "%s workload %s: %s '%s' must be a whole number %" PRIu64 "..%" PRIu64
                "\n(see '%s workload %s --help')\n",
                o->prog, o->kind, opt, v, lo, hi, o->prog, o->kind);
        return EXIT_USAGE;
    }
    *x = n;
    return 0;
}

static int gw_opt(void *p, const irhw_opt *opt, const char *v)
{
    gw_opts *o = p;
    const char *n = opt->name;
    uint64_t x;
    int rc;
    switch (opt->id) {
    case K_PLOT:
        o->plot = v;
        break;
    case K_COST: {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", v);
        char *comma = strchr(buf, ',');
        if (!comma)
            return gw_usage(o, "--cost '%s' must be A,B (busy A + B * degree cycles)", v);
        *comma = 0;
        if ((rc = gw_number(o, "--cost A", buf, 0, 100000, &x)))
            return rc;
        o->cost_a = (unsigned)x;
        if ((rc = gw_number(o, "--cost B", comma + 1, 0, 10000, &x)))
            return rc;
        o->cost_b = (unsigned)x;
        if (!o->cost_a && !o->cost_b)
            return gw_usage(o, "--cost '%s': A and B cannot both be 0", v);
        o->have_cost = 1;
        break;
    }
    case K_MEM_LAT:
        if ((rc = gw_number(o, n, v, 1, 10000, &x)))
            return rc;
        o->mem_lat = (unsigned)x;
        o->have_mem_lat = 1;
        break;
    case K_SRC:
        if ((rc = gw_number(o, n, v, 0, UINT32_MAX - 1, &x)))
            return rc;
        o->src = (uint32_t)x;
        o->have_src = 1;
        break;
    case K_MAX_CYCLES:
        if ((rc = gw_number(o, n, v, 1, UINT64_MAX / 4, &x)))
            return rc;
        o->max_cycles = x;
        break;
    case K_MAX_EDGES:
        if ((rc = gw_number(o, n, v, 1, UINT64_MAX / 4, &x)))
            return rc;
        o->max_edges = x;
        break;
    case K_TRENDS:
        o->trends = 1;
        break;
    case K_WORKLIST:
        if ((o->worklist = irhw_wl_parse(v)) < 0)
            return gw_usage(o, "--worklist '%s' must be " IRHW_WL_NAMES, v);
        break;
    case K_GPU: {
        char err[1024];
        if (irhw_gpu_set(&o->gpu, v, err, sizeof err))
            return gw_usage(o, "%s", err);
        o->have_gpu = 1;
        o->gpu_cores |= !strncmp(v, "CORES=", 6);
        break;
    }
    case K_VALUES_OUT: {
        const char *want = !strcmp(o->kind, "bfs") ? "--levels-out" : "--dist-out";
        if (strcmp(n, want))
            return gw_usage(o, "%s writes the levels of bfs, --dist-out the distances of sssp", n);
        o->values_out = v;
        break;
    }
    case K_NO_PLOT:
        o->no_plot = 1;
        break;
    case K_BUFFER:
        if (strcmp(v, "single") && strcmp(v, "double"))
            return gw_usage(o, "--buffer '%s' must be single or double", v);
        o->single = !strcmp(v, "single");
        o->have_buffer = 1;
        break;
    case K_ACTIVE_OUT:
        o->active_out = v;
        break;
    case K_ACTIVE_EVERY:
        if ((rc = gw_number(o, n, v, 1, 1000000000, &x)))
            return rc;
        o->active_every = x;
        break;
    }
    return 0;
}

static int parse_gw(int argc, char **argv, gw_opts *o)
{
    char verb[64];
    snprintf(verb, sizeof verb, "workload %s", o->kind);
    int rc = wl_parse(argc, argv, verb, W_GW, &o->c, gw_opt, o);
    if (rc)
        return rc;
    if (!o->trends && !o->c.graph)
        return gw_usage(o, "%s", "name --graph FILE (or --trends)");
    if (o->trends && o->c.graph)
        return gw_usage(o, "%s", "--trends runs every graph of --graphs DIR: drop --graph");
    if (o->worklist >= 0 && o->have_cost)
        return gw_usage(o, "%s",
                        "--cost is the lane driver's; with --worklist the kernel is "
                        "instructions (-g sets their constants)");
    if (o->worklist == IRHW_WL_HWWL && o->gpu_cores)
        return gw_usage(o, "%s", "-g CORES is for the software worklists; hwwl's cores: -p CORES");
    if (o->worklist > IRHW_WL_HWWL && (o->c.nparams || o->have_mem_lat))
        return gw_usage(o, "--worklist %s runs no hwwl: drop -p and --mem-lat (cores: -g CORES)",
                        irhw_wl_name(o->worklist));
    if (o->have_gpu && o->worklist < 0)
        return gw_usage(o, "%s", "-g sets the GPU core model: name --worklist too");
    if (o->trends && (o->worklist >= 0 || o->values_out))
        return gw_usage(o, "%s", "--trends runs the lane driver: drop --worklist / --levels-out");
    if (o->have_buffer && o->worklist > IRHW_WL_HWWL)
        return gw_usage(o,
                        "--buffer is hwwl's wlcfg; --worklist %s is fixed (swwl and topo "
                        "double-buffered, ideal-* one single list)",
                        irhw_wl_name(o->worklist));
    if (o->have_buffer && o->trends)
        return gw_usage(o, "%s", "--trends runs double-buffered: drop --buffer");
    if (o->active_out && o->worklist < 0)
        return gw_usage(o, "%s",
                        "--active-out samples the GPU core model's threads: name --worklist");
    if (o->active_every && !o->active_out)
        return gw_usage(o, "%s", "--active-every is the period of --active-out: name it too");
    for (unsigned i = 0; i < o->c.nparams; i++) /* ENTRIES=inf: the largest ENTRIES */
        if (!strcasecmp(o->c.params[i], "ENTRIES=inf")) {
            if (!o->c.model_only && !o->trends)
                return gw_usage(o, "%s",
                                "-p ENTRIES=inf is model only (banks of unbounded capacity): "
                                "add --model-only");
            snprintf(o->inf_param, sizeof o->inf_param, "ENTRIES=%" PRId64,
                     irhw_block_hwwl_core.params[HC_ENTRIES].max);
            o->c.params[i] = o->inf_param;
            o->entries_inf = 1;
        }
    const char *values = !strcmp(o->kind, "bfs") ? "--levels-out" : "--dist-out";
    irhw_io io[] = {{IRHW_IO_IN, "--graph", o->c.graph, NULL},
                    {IRHW_IO_IN, "--graphs", o->c.graphs, NULL},
                    {IRHW_IO_FILE, values, o->values_out, values},
                    {IRHW_IO_FILE, "--active-out", o->active_out, "--active-out"},
                    {IRHW_IO_FILE, "--plot", o->plot, "--plot"},
                    {IRHW_IO_FILE, "-o", o->c.out, "-o"}};
    char err[IRHW_ERRLEN + 8400];
    if (irhw_graphs_io_check(o->c.graphs, io, sizeof io / sizeof io[0], err, sizeof err))
        return gw_usage(o, "%s", err);
    return 0;
}

/* The hwwl instance: defaults, then `extra` (trends), then the user's -p. */
static int gw_inst(const gw_opts *o, const char *const *extra, unsigned nextra, irhw_inst *x)
{
    const irhw_block *b = irhw_find_block("hwwl");
    char err[IRHW_ERRLEN];
    memset(x, 0, sizeof *x);
    if (!b) {
        fprintf(stderr, "%s workload %s: this build has no hwwl block\n", o->prog, o->kind);
        return EXIT_USAGE;
    }
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    for (unsigned i = 0; i < nextra + o->c.nparams; i++)
        if (irhw_cfg_set(b, &c, i < nextra ? extra[i] : o->c.params[i - nextra], err, sizeof err)) {
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
            return EXIT_USAGE;
        }
    if (irhw_inst_init(x, b, &c, err, sizeof err)) {
        irhw_inst_free(x);
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_USAGE;
    }
    return 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* gnuplot: the script and data beside the SVG. 0, or -1 with a message. */
static int gw_gnuplot(const char *svg, const char *data_text, const char *script_body, char *err,
                      size_t errlen)
{
    char dat[4200], gp[4200], log[4200], tmp[4200];
    snprintf(dat, sizeof dat, "%.4000s.dat", svg);
    snprintf(gp, sizeof gp, "%.4000s.gp", svg);
    snprintf(log, sizeof log, "%.4000s.log", svg);
    irhw_tmp_name(svg, tmp, sizeof tmp); /* renamed to svg once whole */
    irhw_mkdirs_for(svg);
    if (irhw_write_file(dat, data_text, err, errlen))
        return -1;
    irhw_out *f = irhw_out_open(gp, err, errlen);
    if (!f)
        return -1;
    irhw_out_printf(f,
                    "set terminal svg size 800,420 font 'Sans,11' background rgb 'white'\n"
                    "set output '%s'\nset grid\nset key outside right\n",
                    tmp);
    fprintf(irhw_out_file(f), script_body, dat, dat, dat, dat, dat, dat, dat, dat);
    if (irhw_out_commit(f, err, errlen))
        return -1;
    char *argv[] = {"gnuplot", gp, NULL};
    int slot = irhw_signal_file(tmp, IRHW_ON_SIGNAL_REMOVE);
    int rc = irhw_run(argv, log);
    if (rc) {
        unlink(tmp);
        irhw_signal_forget(slot);
        return irhw_err(err, errlen, "gnuplot failed (exit %d) on %s: see %s%s", rc, gp, log,
                        rc == 127 ? " (install the Debian package gnuplot-nox)" : "");
    }
    rc = irhw_adopt(tmp, svg, "</svg>", "gnuplot", err, errlen);
    irhw_signal_forget(slot);
    return rc;
}

int irhw_gnuplot_svg(const char *svg, const char *data_text, const char *script_body, char *err,
                     size_t errlen)
{
    return gw_gnuplot(svg, data_text, script_body, err, errlen);
}

/* The occupancy plot of one run: per core the IDs in the banks' pull
 * halves, and all cores' overflow buffers, over time. */
static int gw_plot(const char *svg, const irhw_hwwl_result *r, unsigned cores, const char *title,
                   char *err, size_t errlen)
{
    size_t cap = (size_t)r->nsamples * (cores * 12 + 32) + 64, n = 0;
    char *txt = malloc(cap);
    if (!txt)
        return irhw_err(err, errlen, "out of memory for the plot");
    for (unsigned s = 0; s < r->nsamples; s++) {
        n += (size_t)snprintf(txt + n, cap - n, "%" PRIu64, r->sample_cycle[s]);
        unsigned ovf = 0;
        for (unsigned c = 0; c < cores; c++) {
            n += (size_t)snprintf(txt + n, cap - n, " %u", r->occ_banks[s * cores + c]);
            ovf += r->occ_ovf[s * cores + c];
        }
        n += (size_t)snprintf(txt + n, cap - n, " %u\n", ovf);
    }
    char body[4096];
    int k = snprintf(body, sizeof body,
                     "set title '%s'\nset xlabel 'cycle'\nset ylabel 'work IDs held'\n"
                     "set key inside top right font ',9'\nset xtics rotate by -30\nplot ",
                     title);
    for (unsigned c = 0; c < cores && k > 0 && (size_t)k < sizeof body; c++)
        k += snprintf(body + k, sizeof body - (size_t)k,
                      "'%%1$s' using 1:%u with lines lw 1.5 title 'core %u: banks (pull halves)', ",
                      c + 2, c);
    if (k > 0 && (size_t)k < sizeof body)
        snprintf(body + k, sizeof body - (size_t)k,
                 "'%%1$s' using 1:%u with lines lw 2 dt 2 title 'all overflow buffers'\n",
                 cores + 2);
    int rc = gw_gnuplot(svg, txt, body, err, errlen);
    free(txt);
    return rc;
}

static double mean_of(const uint64_t *v, unsigned n, uint64_t *mn, uint64_t *mx)
{
    double s = 0;
    *mn = UINT64_MAX;
    *mx = 0;
    for (unsigned i = 0; i < n; i++) {
        s += (double)v[i];
        *mn = v[i] < *mn ? v[i] : *mn;
        *mx = v[i] > *mx ? v[i] : *mx;
    }
    return n ? s / n : 0;
}

static void gw_report(const gw_opts *o, const char *path, const irhw_graph *g,
                      const irhw_hwwl_req *q, const irhw_hwwl_result *r, const char *params,
                      int file_weights)
{
    const hwwl_geom *hg = hwwl_g(q->x);
    unsigned C = hg->cores, L = hg->core.lanes;
    printf("workload %s: %s (%s, %u vertices, %" PRIu64 " edges%s), source %u%s\n", o->kind, path,
           irhw_graph_fmt_name(g->fmt), g->n, g->m, g->directed ? ", directed" : "", q->src,
           o->have_src ? "" : " (most out-edges)");
    if (q->wt)
        printf("  weights: %s\n", irhw_sssp_weights_said(g, file_weights));
    printf("  hwwl %s\n", params);
    if (r->gpu)
        printf("  threads: %u cores x %u warps x %u on %u lanes a core (the GPU core model, "
               "below); overflow loads after %u cycles\n",
               C, o->gpu.v[GC_WARPS], o->gpu.v[GC_WARP_SIZE], L, q->mem_lat);
    else
        printf("  threads: %u (every lane), busy %u + %u * degree cycles per vertex; overflow "
               "loads after %u cycles\n",
               r->threads, q->cost_a, q->cost_b, q->mem_lat);
    if (q->model_only)
        printf("  C model alone, conservation checked: %" PRIu64 " cycles in %.2f s (%.0f "
               "cycles/s)\n",
               r->cycles, r->run_s, r->run_s > 0 ? r->cycles / r->run_s : 0);
    else
        printf("  lockstep with the RTL, every output compared every cycle, conservation checked: "
               "%" PRIu64 " cycles in %.2f s (%.0f cycles/s; build or cache %.1f s)\n",
               r->cycles, r->lockstep_s, r->lockstep_s > 0 ? r->cycles / r->lockstep_s : 0,
               r->build_s);
    printf("  result: equal to the sequential %s: %" PRIu64
           " of %u vertices reached, %s 0..%" PRIu64 "\n",
           q->wt ? "Dijkstra" : "BFS", r->reached, g->n, q->wt ? "distances" : "levels", r->depth);
    printf("  cycles to DONE: %" PRIu64 " (%" PRIu64 " kernels)\n", r->cycles_to_done, r->kernels);
    uint64_t pulls = r->ans[1] + r->ans[2] + r->ans[3];
    printf("  pulls: %" PRIu64 ": ID %" PRIu64 ", WAIT %" PRIu64 ", DONE %" PRIu64
           " (%.2f WAIT per ID)\n",
           pulls, r->ans[1], r->ans[2], r->ans[3], r->ans[1] ? (double)r->ans[2] / r->ans[1] : 0);
    printf("  vertices processed %" PRIu64 " (%.2f per reached vertex), edges relaxed %" PRIu64
           ", improvements %" PRIu64 "\n",
           r->processed, r->reached ? (double)r->processed / r->reached : 0, r->relaxations,
           r->improvements);
    printf("  pushes accepted %" PRIu64 ", retried %" PRIu64 ", exceptions %" PRIu64
           " (to the software list; %" PRIu64 " taken from it)\n",
           r->pushes, r->push_retries, r->exceptions, r->sw_taken);
    uint64_t don = 0, rcv = 0;
    for (unsigned c = 0; c < C; c++) {
        don += r->core_donated[c];
        rcv += r->core_received[c];
    }
    if (r->have_model_counts)
        printf("  in-core moves %" PRIu64 ", inter-core donations %" PRIu64 " (received %" PRIu64
               "), spills %" PRIu64 "\n",
               r->moves, don, rcv, r->spills);
    if (r->have_model_counts && HW_MODEL_ONLY_SCHEME(hwwl_g(q->x)))
        printf("  system-wide moves (SCHEME=%s, model only) %" PRIu64 "\n",
               hwwl_g(q->x)->scheme == HW_GSORTING ? "gsorting" : "magic", r->gmoves);
    else if (!r->have_model_counts)
        printf("  inter-core donations %" PRIu64 " (received %" PRIu64
               "); in-core moves and spills: not available (no model statistics)\n",
               don, rcv);
    printf("  overflow buffer: stores %" PRIu64 " (%" PRIu64 " IDs), refill loads %" PRIu64
           " (%" PRIu64 " IDs)\n",
           r->stores, r->stored_ids, r->loads, r->loaded_ids);
    uint64_t mn, mx;
    double mv = mean_of(r->lane_vertices, r->threads, &mn, &mx);
    printf("  load balance, vertices per lane: min %" PRIu64 ", mean %.1f, max %" PRIu64
           " (max/mean %.2f)\n",
           mn, mv, mx, mv > 0 ? mx / mv : 0);
    double mw = mean_of(r->lane_waits, r->threads, &mn, &mx);
    printf("  WAIT answers per lane: min %" PRIu64 ", mean %.0f, max %" PRIu64 "\n", mn, mw, mx);
    double mb = mean_of(r->lane_busy, r->threads, &mn, &mx);
    if (!r->gpu) /* the GPU driver: the instruction statistics below */
        printf("  load balance, busy cycles per lane: min %" PRIu64 ", mean %.0f, max %" PRIu64
               " (max/mean %.2f; mean busy %.0f %% of the cycles to DONE)\n",
               mn, mb, mx, mb > 0 ? mx / mb : 0,
               r->cycles_to_done ? 100.0 * mb / (double)r->cycles_to_done : 0);
    uint64_t per_core[HW_MAX_CORES_WL] = {0};
    for (unsigned i = 0; i < r->threads; i++)
        per_core[i / L] += r->lane_vertices[i];
    printf("  vertices per core:");
    for (unsigned c = 0; c < C; c++)
        printf(" %" PRIu64, per_core[c]);
    printf("; donated per core:");
    for (unsigned c = 0; c < C; c++)
        printf(" %" PRIu64, r->core_donated[c]);
    printf("\n");
    unsigned peak = 0, peak_ovf = 0;
    for (unsigned s = 0; s < r->nsamples; s++) {
        unsigned b = 0, ov = 0;
        for (unsigned c = 0; c < C; c++) {
            b += r->occ_banks[s * C + c];
            ov += r->occ_ovf[s * C + c];
        }
        peak = b > peak ? b : peak;
        peak_ovf = ov > peak_ovf ? ov : peak_ovf;
    }
    printf("  occupancy: %u samples every %u cycles; peak %u IDs in the banks' pull halves (of "
           "%u entries), %u in the overflow buffers\n",
           r->nsamples, r->sample_every, peak, C * L * hg->core.entries, peak_ovf);
}

/* The GPU core model's statistics (sim/gpu_core.h). */
static void gpu_report(const gw_opts *o, const irhw_hwwl_result *r)
{
    const irhw_gpu_stats *s = &r->gs;
    char cfg[1024];
    irhw_gpu_format(&o->gpu, cfg, sizeof cfg);
    printf("  GPU core model, worklist %s: %s\n", irhw_wl_name(o->worklist), cfg);
    printf("  gpu: %" PRIu64 " cycles, %" PRIu64 " kernels; issue slots used %" PRIu64
           " of %" PRIu64 " (%.1f %%)\n",
           s->cycles, s->kernels, s->slots_used, s->slots,
           s->slots ? 100.0 * (double)s->slots_used / (double)s->slots : 0);
    printf("  gpu: instructions");
    for (int i = 0; i < GI_N; i++)
        printf(" %s %" PRIu64, irhw_gpu_inst_names[i], s->inst[i]);
    printf("\n  gpu: WAIT pulls %" PRIu64 ", warp cycles lost to WAIT %" PRIu64
           ", memory requests %" PRIu64 " (lines), atomics %" PRIu64 "\n",
           s->wait_pulls, s->wait_cycles, s->mem_req, s->atomics);
    printf("  gpu: vertices processed %" PRIu64 ", edges relaxed %" PRIu64 ", improvements %" PRIu64
           ", pushes %" PRIu64 "\n",
           s->processed, s->relaxations, s->improvements, s->pushes);
    if (o->worklist == IRHW_WL_HWWL)
        printf("  gpu: lane ports busy %" PRIu64 " core cycles\n", s->port_cycles);
    irhw_gpu_print_machine(stdout, &o->gpu, s);
}

/* --levels-out / --dist-out: one vertex a line, "-1" when unreached. */
static int gw_values_out(const gw_opts *o, const irhw_graph *g, const uint64_t *val)
{
    size_t cap = (size_t)g->n * 21 + 1, n = 0;
    char *txt = malloc(cap), err[4400];
    if (!txt) {
        fprintf(stderr, "%s workload %s: out of memory writing %s\n", o->prog, o->kind,
                o->values_out);
        return EXIT_TOOL;
    }
    txt[0] = 0;
    for (uint32_t v = 0; v < g->n; v++)
        n += (size_t)(val[v] == IRHW_UNREACHED
                          ? snprintf(txt + n, cap - n, "-1\n")
                          : snprintf(txt + n, cap - n, "%" PRIu64 "\n", val[v]));
    irhw_mkdirs_for(o->values_out);
    int rc = irhw_write_file(o->values_out, txt, err, sizeof err);
    free(txt);
    if (rc) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    return 0;
}

/* --active-out: "cycle active percent", one sample a line. */
static int gw_active_out(const gw_opts *o, const gpu_active *a)
{
    char err[4400];
    if (a->nomem) {
        fprintf(stderr, "%s workload %s: out of memory for the --active-out series\n", o->prog,
                o->kind);
        return EXIT_TOOL;
    }
    irhw_mkdirs_for(o->active_out);
    irhw_out *f = irhw_out_open(o->active_out, err, sizeof err);
    if (!f) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    irhw_out_printf(f,
                    "# %s %s, worklist %s%s: threads holding a work ID, of %" PRIu64
                    " hardware threads, every %" PRIu64 " cycles\n# cycle active percent\n",
                    o->kind, base_name(o->c.graph), irhw_wl_name(o->worklist),
                    o->worklist != IRHW_WL_HWWL ? ""
                    : o->single                 ? ", single-buffered"
                                                : ", double-buffered",
                    a->threads, a->every);
    for (uint64_t i = 0; i < a->n; i++)
        irhw_out_printf(f, "%" PRIu64 " %" PRIu32 " %.2f\n", a->cycle[i], a->active[i],
                        a->threads ? 100.0 * a->active[i] / (double)a->threads : 0.0);
    if (irhw_out_commit(f, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    return 0;
}

static int gw_graph(const gw_opts *o, const char *path, irhw_graph *g)
{
    char err[1024];
    if (irhw_graph_read(path, IRHW_GRAPH_AUTO, g, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        irhw_graph_free(g);
        return EXIT_USAGE;
    }
    irhw_signal_at("the %s run on %s", o->kind, path);
    return 0;
}

/* One run; fills r (free it after). `extra`: parameters before the user's. */
static int gw_run(const gw_opts *o, const char *path, const irhw_graph *g, const uint32_t *wt,
                  const char *const *extra, unsigned nextra, int model_only, irhw_hwwl_result *r,
                  char *params, size_t plen, irhw_inst *x, gpu_active *act)
{
    int rc = gw_inst(o, extra, nextra, x);
    memset(r, 0, sizeof *r);
    if (rc)
        return rc;
    if (!model_only && (o->worklist < 0 || o->worklist == IRHW_WL_HWWL) &&
        HW_MODEL_ONLY_SCHEME(hwwl_g(x))) {
        fprintf(stderr,
                "%s workload %s: -p SCHEME=%s is model only (no RTL to run in lockstep): add "
                "--model-only\n",
                o->prog, o->kind, hwwl_g(x)->scheme == HW_GSORTING ? "gsorting" : "magic");
        return EXIT_USAGE;
    }
    if (o->have_src && o->src >= g->n) {
        fprintf(stderr, "%s workload %s: --src %u: %s has vertices 0..%u\n", o->prog, o->kind,
                o->src, path, g->n - 1);
        return EXIT_USAGE;
    }
    irhw_cfg_format(x->b, &x->c, " ", params, plen);
    char replay[2048], pl[1024];
    irhw_cfg_format(x->b, &x->c, " -p ", pl, sizeof pl);
    int k =
        snprintf(replay, sizeof replay, "%s workload %s --graph %s --cost %u,%u --mem-lat %u -p %s",
                 o->prog, o->kind, path, o->cost_a, o->cost_b, o->mem_lat, pl);
    if (o->worklist >= 0 && k > 0 && (size_t)k < sizeof replay) {
        char gl[1024];
        irhw_gpu_format(&o->gpu, gl, sizeof gl);
        k += snprintf(replay + k, sizeof replay - (size_t)k, " --worklist %s",
                      irhw_wl_name(o->worklist));
        for (char *t = strtok(gl, " "); t && k > 0 && (size_t)k < sizeof replay;
             t = strtok(NULL, " "))
            k += snprintf(replay + k, sizeof replay - (size_t)k, " -g %s", t);
    }
    irhw_hwwl_req q;
    memset(&q, 0, sizeof q);
    q.x = x;
    q.g = g;
    q.wt = wt;
    q.src = o->have_src ? o->src : irhw_graph_hub(g);
    q.cost_a = o->cost_a;
    q.cost_b = o->cost_b;
    q.mem_lat = o->mem_lat;
    q.max_cycles = o->max_cycles;
    q.model_only = model_only;
    q.replay = replay;
    q.gpu = o->worklist >= 0 ? &o->gpu : NULL;
    q.worklist = o->worklist;
    q.single = o->single;
    q.act = act;
    char err[8192];
    if (irhw_hwwl_run(&q, r, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s: %s\n", o->prog, o->kind, path, err);
        /* the graph does not fit the configuration, has no vertex, or the warps
         * leave a lane without a thread: input errors */
        return strstr(err, "ID_BITS=") || strstr(err, "no vertices") || strstr(err, "WARP_SIZE=")
                   ? EXIT_USAGE
                   : EXIT_TOOL;
    }
    if (!r->equal) {
        fputs(r->message, stdout);
        return EXIT_MISMATCH;
    }
    if (!r->correct) {
        fputs(r->message, stdout);
        return EXIT_MISMATCH;
    }
    if (o->entries_inf && (r->spills || r->exceptions)) {
        printf("NOT UNBOUNDED: -p ENTRIES=inf runs banks of %s, and this run spilled %" PRIu64
               " IDs (%" PRIu64 " exceptions): the result is not that of unbounded banks\n",
               o->inf_param, r->spills, r->exceptions);
        return EXIT_MISMATCH;
    }
    return 0;
}

/* The quiet line's word on SSSP weights: hashed ones decide the distances,
 * so even --quiet says so. */
static void weights_note(const irhw_graph *g, const uint32_t *wt, int from_file, char *buf,
                         size_t len)
{
    if (wt && !from_file)
        snprintf(buf, len, " (weights %s)", irhw_sssp_weights_said(g, from_file));
    else
        buf[0] = 0;
}

static int gw_single(const gw_opts *o)
{
    irhw_graph g;
    int rc = gw_graph(o, o->c.graph, &g);
    if (rc)
        return rc;
    int sssp = !strcmp(o->kind, "sssp"), fw = 0;
    uint32_t *wt = NULL;
    char werr[512];
    if (sssp && (rc = irhw_sssp_weights(&g, &wt, &fw, werr, sizeof werr))) {
        irhw_graph_free(&g);
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, werr);
        return rc;
    }
    irhw_hwwl_result r;
    irhw_inst x;
    char params[512];
    gpu_active act = {o->active_every ? o->active_every : 1000, 0, 0, 0, 0, NULL, NULL, 0};
    rc = gw_run(o, o->c.graph, &g, wt, NULL, 0, o->c.model_only, &r, params, sizeof params, &x,
                o->active_out ? &act : NULL);
    int hw = o->worklist < 0 || o->worklist == IRHW_WL_HWWL;
    char note[200];
    weights_note(&g, wt, fw, note, sizeof note);
    if (!rc && o->values_out)
        rc = gw_values_out(o, &g, r.value);
    if (!rc && o->active_out)
        rc = gw_active_out(o, &act);
    free(act.cycle);
    free(act.active);
    if (!rc && !o->c.quiet && !hw) {
        printf("workload %s: %s (%u vertices, %" PRIu64 " edges), source %u%s\n", o->kind,
               o->c.graph, g.n, g.m, o->have_src ? o->src : irhw_graph_hub(&g),
               o->have_src ? "" : " (most out-edges)");
        printf("  result: equal to the sequential %s: %" PRIu64 " of %u vertices reached, %s "
               "0..%" PRIu64 "\n",
               wt ? "Dijkstra" : "BFS", r.reached, g.n, wt ? "distances" : "levels", r.depth);
        if (wt)
            printf("  weights: %s\n", irhw_sssp_weights_said(&g, fw));
        gpu_report(o, &r);
        printf("  model run in %.2f s\n", r.run_s);
    } else if (!rc && !o->c.quiet) {
        irhw_hwwl_req q = {0};
        q.x = &x;
        q.wt = wt;
        q.src = o->have_src ? o->src : irhw_graph_hub(&g);
        q.cost_a = o->cost_a;
        q.cost_b = o->cost_b;
        q.mem_lat = o->mem_lat;
        q.model_only = o->c.model_only;
        gw_report(o, o->c.graph, &g, &q, &r, params, fw);
        if (r.gpu)
            gpu_report(o, &r);
    } else if (!rc && r.gpu) {
        double t = o->c.model_only || !hw ? r.run_s : r.lockstep_s;
        printf("workload %s: %s: %" PRIu64 " cycles to DONE, worklist %s, issue slots used %.1f "
               "%%, WAIT pulls %" PRIu64 " (warp cycles lost %" PRIu64 "), memory requests %" PRIu64
               ", atomics %" PRIu64 ", result equal to the reference%s; %s %.0f cycles/s\n",
               o->kind, o->c.graph, r.cycles_to_done, irhw_wl_name(o->worklist),
               r.gs.slots ? 100.0 * (double)r.gs.slots_used / (double)r.gs.slots : 0,
               r.gs.wait_pulls, r.gs.wait_cycles, r.gs.mem_req, r.gs.atomics, note,
               o->c.model_only || !hw ? "model alone" : "lockstep", t > 0 ? r.cycles / t : 0);
    } else if (!rc) {
        double t = o->c.model_only ? r.run_s : r.lockstep_s;
        printf("workload %s: %s: %" PRIu64 " cycles to DONE, pulls ID %" PRIu64 " WAIT %" PRIu64
               " DONE %" PRIu64 ", result equal to the reference%s; %s %.0f cycles/s\n",
               o->kind, o->c.graph, r.cycles_to_done, r.ans[1], r.ans[2], r.ans[3], note,
               o->c.model_only ? "model alone" : "lockstep", t > 0 ? r.cycles / t : 0);
    }
    if (!rc && !o->no_plot && hw) {
        char svg[4200], title[512], err[4400];
        if (o->plot)
            snprintf(svg, sizeof svg, "%s", o->plot);
        else
            snprintf(svg, sizeof svg, "out/hwwl_%s_%s.svg", o->kind, base_name(o->c.graph));
        snprintf(title, sizeof title, "%s on %s: work IDs held over time", o->kind,
                 base_name(o->c.graph));
        if (gw_plot(svg, &r, hwwl_g(&x)->cores, title, err, sizeof err)) {
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
            rc = EXIT_TOOL;
        } else if (!o->c.quiet) {
            printf("  occupancy plot: %s\n", svg);
        }
    }
    irhw_hwwl_result_free(&r);
    irhw_inst_free(&x);
    free(wt);
    irhw_graph_free(&g);
    return rc;
}

static int gw_trends(const gw_opts *o);

static int workload_graph(int argc, char **argv, const char *prog, const char *kind)
{
    if (irhw_args_help(argc, argv)) {
        gw_help(prog, kind);
        return 0;
    }
    gw_opts o;
    gw_defaults(&o, prog, kind);
    int rc = parse_gw(argc, argv, &o);
    if (rc)
        return rc;
    return o.trends ? gw_trends(&o) : gw_single(&o);
}

static int workload_bfs(int argc, char **argv, const char *prog)
{
    return workload_graph(argc, argv, prog, "bfs");
}

static int workload_sssp(int argc, char **argv, const char *prog)
{
    return workload_graph(argc, argv, prog, "sssp");
}

/* ---- the kinds ------------------------------------------------------------------ */

static const struct {
    const char *name, *what;
    int (*run)(int argc, char **argv, const char *prog);
} kinds[] = {
    {"iru", "BFS/SSSP/PageRank edge frontiers through iru_hash", workload_iru},
    {"bfs", "data-driven BFS closed-loop on the multi-core worklist hwwl", workload_bfs},
    {"sssp", "data-driven SSSP closed-loop on the multi-core worklist hwwl", workload_sssp},
};

static void kinds_help(FILE *f, const char *prog)
{
    fprintf(f, "usage: %s workload <kind> [options]   ('%s workload <kind> --help')\n", prog, prog);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        fprintf(f, "  %-6s %s\n", kinds[i].name, kinds[i].what);
}

/* The kind is the first word that is not an option or an option's value
 * (options of every kind may come before it); the kind's parser gets the
 * rest. */
int irhw_cli_workload(int argc, char **argv, const char *prog)
{
    irhw_args a;
    irhw_args_init(&a, "workload", workload_opts, 0, argc, argv);
    const irhw_opt *opt;
    const char *kind = NULL;
    int k, at = -1;
    while (!kind && (k = irhw_args_next(&a, &opt, &kind)) != IRHW_ARG_END) {
        if (k == IRHW_ARG_BAD && !irhw_args_help(argc, argv))
            return EXIT_USAGE;
        if (k != IRHW_ARG_POS)
            kind = NULL;
        else
            at = a.i - 1;
    }
    if (!kind) {
        int help = irhw_args_help(argc, argv);
        kinds_help(help ? stdout : stderr, prog);
        return help ? 0 : EXIT_USAGE;
    }
    size_t n = sizeof kinds / sizeof kinds[0];
    for (size_t i = 0; i < n; i++)
        if (!strcmp(kind, kinds[i].name)) {
            char **rest = calloc((size_t)argc, sizeof *rest);
            if (!rest)
                return EXIT_TOOL;
            int m = 0;
            for (int j = 0; j < argc; j++)
                if (j != at)
                    rest[m++] = argv[j];
            int rc = kinds[i].run(m, rest, prog);
            free(rest);
            return rc;
        }
    irhw_print_unknown("irhw workload", "kind", kind,
                       irhw_closest(kind, &kinds[0].name, n, sizeof kinds[0]));
    kinds_help(stderr, prog);
    return EXIT_USAGE;
}

/* ---- --trends: the paper's Fig. 6 and Fig. 7 on real graphs ----------------------- */

enum { TR_SCHEMES = 3, TR_ENTRIES = 6, TR_REFILLS = 2, TR_MAX_GRAPHS = 64 };
static const char *const tr_scheme[TR_SCHEMES] = {"none", "threshold", "lsorting"};
static const unsigned tr_entries[TR_ENTRIES] = {8, 16, 32, 64, 128, 1024};
static const char *const tr_refill[TR_REFILLS] = {"ondemand", "interval"};

typedef struct {
    int ok;
    uint64_t cycles, waits, ids, spills, exc, moves, don;
} tr_cell;

typedef struct {
    char name[256];
    uint32_t n;
    uint64_t m;
    tr_cell scheme[2][TR_SCHEMES];
    tr_cell cap[2][TR_REFILLS][TR_ENTRIES];
} tr_graph;

static void tr_fill(tr_cell *c, const irhw_hwwl_result *r)
{
    c->ok = 1;
    c->cycles = r->cycles_to_done;
    c->waits = r->ans[2];
    c->ids = r->ans[1];
    c->spills = r->spills;
    c->exc = r->exceptions;
    c->moves = r->moves;
    c->don = 0;
    for (unsigned i = 0; i < HW_MAX_CORES_WL; i++)
        c->don += r->core_donated[i];
}

static int tr_one(const gw_opts *o, const char *path, const irhw_graph *g, const uint32_t *wt,
                  const char *const *extra, unsigned nextra, tr_cell *c)
{
    irhw_hwwl_result r;
    irhw_inst x;
    char params[512];
    gw_opts q = *o;
    q.kind = wt ? "sssp" : "bfs";
    int rc = gw_run(&q, path, g, wt, extra, nextra, 1, &r, params, sizeof params, &x, NULL);
    if (!rc)
        tr_fill(c, &r);
    irhw_hwwl_result_free(&r);
    irhw_inst_free(&x);
    return rc;
}

static double speedup(const tr_cell *base, const tr_cell *c)
{
    return base->ok && c->ok && c->cycles ? (double)base->cycles / (double)c->cycles : 0;
}

static int gw_trends(const gw_opts *o)
{
    char dir[4096];
    char *names[TR_MAX_GRAPHS];
    int got = graph_files(o->prog, o->kind, o->c.graphs, dir, sizeof dir, names, TR_MAX_GRAPHS);
    if (got < 0)
        return EXIT_USAGE;
    unsigned nn = (unsigned)got;
    tr_graph *tg = calloc(nn, sizeof *tg);
    if (!tg) {
        free_names(names, nn);
        return EXIT_TOOL;
    }
    unsigned ng = 0;
    int worst = 0;
    double t0 = irhw_now_s();
    char skipped[2048] = "";
    for (unsigned i = 0; i < nn; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        irhw_graph g;
        int rc = gw_graph(o, path, &g);
        if (rc) {
            worst = rc > worst ? rc : worst;
            continue;
        }
        if (g.m > o->max_edges) {
            size_t l = strlen(skipped);
            snprintf(skipped + l, sizeof skipped - l, "%s%s (%" PRIu64 " edges)", l ? ", " : "",
                     names[i], g.m);
            irhw_graph_free(&g);
            continue;
        }
        int fw;
        uint32_t *wt;
        char werr[512];
        rc = irhw_sssp_weights(&g, &wt, &fw, werr, sizeof werr);
        if (rc) { /* the graph is left out of the table */
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, werr);
            worst = rc > worst ? rc : worst;
            irhw_graph_free(&g);
            continue;
        }
        tr_graph *t = &tg[ng++];
        snprintf(t->name, sizeof t->name, "%s", names[i]);
        t->n = g.n;
        t->m = g.m;
        for (int k = 0; k < 2; k++) {
            const uint32_t *w = k ? wt : NULL;
            for (unsigned s = 0; s < TR_SCHEMES; s++) {
                char p1[64];
                snprintf(p1, sizeof p1, "SCHEME=%s", tr_scheme[s]);
                const char *ex[] = {p1};
                rc = tr_one(o, path, &g, w, ex, 1, &t->scheme[k][s]);
                worst = rc > worst ? rc : worst;
            }
            for (unsigned r = 0; r < TR_REFILLS; r++)
                for (unsigned e = 0; e < TR_ENTRIES; e++) {
                    char p1[64], p2[64];
                    snprintf(p1, sizeof p1, "ENTRIES=%u", tr_entries[e]);
                    snprintf(p2, sizeof p2, "REFILL=%s", tr_refill[r]);
                    const char *ex[] = {p1, p2};
                    rc = tr_one(o, path, &g, w, ex, 2, &t->cap[k][r][e]);
                    worst = rc > worst ? rc : worst;
                }
            const tr_cell *c = t->scheme[k];
            fprintf(stderr,
                    "  %s %s: cycles to DONE none %" PRIu64 ", threshold %" PRIu64
                    ", lsorting %" PRIu64 " (%.0f s so far)\n",
                    names[i], k ? "sssp" : "bfs", c[0].cycles, c[1].cycles, c[2].cycles,
                    irhw_now_s() - t0);
        }
        free(wt);
        irhw_graph_free(&g);
    }
    free_names(names, nn);
    double secs = irhw_now_s() - t0;

    /* the Markdown */
    const char *out = o->c.out ? o->c.out : "out/hwwl_trends.md";
    char *slash = strrchr(out, '/');
    char od[4096] = ".";
    if (slash) {
        snprintf(od, sizeof od, "%.*s", (int)(slash - out), out);
        irhw_mkdirs(od);
    }
    size_t msz = 0;
    char *md = NULL;
    FILE *f = open_memstream(&md, &msz);
    if (!f) {
        free(tg);
        return EXIT_TOOL;
    }
    fprintf(f, "### Fig. 6: work redistribution schemes (hwwl defaults, ENTRIES=32, "
               "REFILL=ondemand)\n\n"
               "Cycles to DONE and pulls answered WAIT; speedup = cycles with SCHEME=none / cycles "
               "with the scheme.\n\n"
               "| graph | kernel | cycles none | cycles threshold | cycles lsorting | speedup "
               "threshold | speedup lsorting | WAIT none | WAIT threshold | WAIT lsorting | moves "
               "lsorting | donations lsorting |\n"
               "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
               "|\n");
    for (unsigned i = 0; i < ng; i++)
        for (int k = 0; k < 2; k++) {
            const tr_cell *c = tg[i].scheme[k];
            fprintf(f,
                    "| %s | %s | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %.2f | %.2f | %" PRIu64
                    " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " |\n",
                    tg[i].name, k ? "sssp" : "bfs", c[0].cycles, c[1].cycles, c[2].cycles,
                    speedup(&c[0], &c[1]), speedup(&c[0], &c[2]), c[0].waits, c[1].waits,
                    c[2].waits, c[2].moves, c[2].don);
        }
    fprintf(f, "\n### Fig. 7: bank capacity and refill policy (SCHEME=lsorting)\n\n"
               "Performance relative to ENTRIES=1024 (cycles at 1024 / cycles at ENTRIES; "
               "1.00 = as fast as the practically unbounded banks, which spilled nothing in these "
               "runs unless the last column says otherwise); spills at ENTRIES=8 / 32.\n\n"
               "| graph | kernel | refill |");
    for (unsigned e = 0; e + 1 < TR_ENTRIES; e++)
        fprintf(f, " E=%u |", tr_entries[e]);
    fprintf(f, " cycles E=1024 | spills E=8 | spills E=32 | spills E=1024 |\n| --- | --- | --- |");
    for (unsigned e = 0; e + 1 < TR_ENTRIES; e++)
        fprintf(f, " ---: |");
    fprintf(f, " ---: | ---: | ---: | ---: |\n");
    for (unsigned i = 0; i < ng; i++)
        for (int k = 0; k < 2; k++)
            for (unsigned r = 0; r < TR_REFILLS; r++) {
                const tr_cell *c = tg[i].cap[k][r];
                const tr_cell *inf = &c[TR_ENTRIES - 1];
                fprintf(f, "| %s | %s | %s |", tg[i].name, k ? "sssp" : "bfs", tr_refill[r]);
                for (unsigned e = 0; e + 1 < TR_ENTRIES; e++)
                    fprintf(f, " %.2f |", speedup(inf, &c[e]));
                fprintf(f, " %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " |\n",
                        inf->cycles, c[0].spills, c[2].spills, inf->spills);
            }
    fprintf(f,
            "\nC model alone (conservation checked, every result equal to the sequential "
            "BFS / Dijkstra); hwwl defaults otherwise (4 cores x 16 lanes, THRESHOLD=5, "
            "INTERVAL=10, OVF_CAP=4096, flops); threads busy %u + %u * degree cycles, "
            "overflow loads after %u cycles; %.0f s.%s%s%s\n",
            o->cost_a, o->cost_b, o->mem_lat, secs, *skipped ? " Left out (more than " : "",
            *skipped ? "--max-edges stored edges): " : "", skipped);
    fclose(f);

    /* the plots: speedups per graph and kernel (Fig. 6); the geometric mean
     * over the graphs of the performance relative to ENTRIES=1024 (Fig. 7) */
    char svg6[4200], svg7[4200], err[4400];
    snprintf(svg6, sizeof svg6, "%s/hwwl_trends_schemes.svg", od);
    snprintf(svg7, sizeof svg7, "%s/hwwl_trends_entries.svg", od);
    size_t dsz = 0;
    char *dat = NULL;
    FILE *df = open_memstream(&dat, &dsz);
    int prc = 0;
    if (df) {
        for (unsigned i = 0, x = 0; i < ng; i++)
            for (int k = 0; k < 2; k++, x++)
                fprintf(df, "%u \"%s %s\" %.3f %.3f\n", x, tg[i].name, k ? "sssp" : "bfs",
                        speedup(&tg[i].scheme[k][0], &tg[i].scheme[k][1]),
                        speedup(&tg[i].scheme[k][0], &tg[i].scheme[k][2]));
        fclose(df);
        prc = gw_gnuplot(svg6, dat,
                         "set title 'Fig. 6 trend: speedup over SCHEME=none'\n"
                         "set style data histograms\nset style fill solid 0.7\n"
                         "set xtics rotate by -40\nset ylabel 'cycles none / cycles scheme'\n"
                         "set yrange [0:*]\n"
                         "plot '%1$s' using 3:xtic(2) title 'threshold', '' using 4 title "
                         "'lsorting'\n",
                         err, sizeof err);
        free(dat);
    }
    dat = NULL;
    df = prc ? NULL : open_memstream(&dat, &dsz);
    if (df) {
        for (unsigned e = 0; e < TR_ENTRIES; e++) {
            fprintf(df, "%u", tr_entries[e]);
            for (int k = 0; k < 2; k++)
                for (unsigned r = 0; r < TR_REFILLS; r++) {
                    double lg = 0;
                    unsigned n = 0;
                    for (unsigned i = 0; i < ng; i++) {
                        double v = speedup(&tg[i].cap[k][r][TR_ENTRIES - 1], &tg[i].cap[k][r][e]);
                        if (v > 0) {
                            lg += log(v);
                            n++;
                        }
                    }
                    fprintf(df, " %.4f", n ? exp(lg / n) : 0);
                }
            fprintf(df, "\n");
        }
        fclose(df);
        prc = gw_gnuplot(svg7, dat,
                         "set title 'Fig. 7 trend: performance relative to ENTRIES=1024 "
                         "(geometric mean over the graphs)'\n"
                         "set logscale x 2\nset xlabel 'ENTRIES per bank'\nset yrange [0:1.05]\n"
                         "set ylabel 'cycles at 1024 / cycles'\n"
                         "plot '%1$s' using 1:2 with linespoints lw 2 title 'bfs ondemand', "
                         "'%1$s' using 1:3 with linespoints lw 2 title 'bfs interval', "
                         "'%1$s' using 1:4 with linespoints lw 2 title 'sssp ondemand', "
                         "'%1$s' using 1:5 with linespoints lw 2 title 'sssp interval'\n",
                         err, sizeof err);
        free(dat);
    }
    if (prc) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        worst = worst > EXIT_TOOL ? worst : EXIT_TOOL;
    }
    irhw_out *mf = irhw_out_open(out, err, sizeof err);
    if (mf)
        irhw_out_printf(mf,
                        "%s\n![Fig. 6 trend](hwwl_trends_schemes.svg)\n\n![Fig. 7 trend]"
                        "(hwwl_trends_entries.svg)\n",
                        md);
    int wrc = mf ? irhw_out_commit(mf, err, sizeof err) : -1;
    if (wrc) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        worst = EXIT_TOOL;
    }
    fputs(md, stdout);
    if (!wrc && !prc)
        printf("wrote %s, %s, %s\n", out, svg6, svg7);
    free(md);
    free(tg);
    return worst;
}

/* ---- `irhw run`: BFS on one small real graph through hwwl -------------------------- */

int irhw_cli_run_workload(const char *prog, const char *dir, char *line, size_t len)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/../shared/data/graphs/jagmesh7.mtx", irhw_root());
    const char *note = "";
    FILE *probe = fopen(path, "r");
    if (probe)
        fclose(probe);
    else { /* no ../shared/data: a small graph of our own, said so */
        snprintf(path, sizeof path, "%s/tests/data/graphs/grid5x5.txt", irhw_root());
        note = " (../shared/data/graphs/jagmesh7.mtx not there: a 5x5 grid instead)";
    }
    gw_opts o;
    gw_defaults(&o, prog, "bfs");
    irhw_graph g;
    int rc = gw_graph(&o, path, &g);
    if (rc) {
        snprintf(line, len, "workload  bfs on %s: ERROR (graph file)", path);
        return rc;
    }
    irhw_hwwl_result r;
    irhw_inst x;
    char params[512], err[4400], svg[4400];
    rc = gw_run(&o, path, &g, NULL, NULL, 0, 0, &r, params, sizeof params, &x, NULL);
    if (!rc) {
        snprintf(svg, sizeof svg, "%s/hwwl_bfs_%s.svg", dir, base_name(path));
        if (gw_plot(svg, &r, hwwl_g(&x)->cores, "bfs: work IDs held over time", err, sizeof err))
            snprintf(svg, sizeof svg, "no plot: %s", err);
        snprintf(line, len,
                 "workload  %-12" PRIu64 " %-9s bfs on %s through hwwl (paper defaults, lockstep):"
                 " %" PRIu64 " cycles to DONE, pulls ID %" PRIu64 " / WAIT %" PRIu64
                 " / DONE %" PRIu64 ", levels equal to the sequential BFS; %s%s",
                 r.cycles, "PASS", base_name(path), r.cycles_to_done, r.ans[1], r.ans[2], r.ans[3],
                 svg, note);
    } else {
        snprintf(line, len, "workload  %-12" PRIu64 " %-9s bfs on %s through hwwl%s", r.cycles,
                 rc == EXIT_MISMATCH ? "MISMATCH" : "ERROR", base_name(path), note);
    }
    irhw_hwwl_result_free(&r);
    irhw_inst_free(&x);
    irhw_graph_free(&g);
    return rc;
}
