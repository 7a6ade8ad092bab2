/*
 * cli_workload.c — `irhw workload <kind>`: workloads that drive the blocks.
 * The kinds are listed in one table (kinds[] below); `iru` is the IRU on
 * graph frontiers (sim/workload.h). Exit codes as in cli.c: 0 success,
 * 1 mismatch or failed check, 2 usage, parameter or input-file error,
 * 3 a tool or the system failed.
 */
#include "cli_workload.h"

#include "workload.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

/* The paper's figures (IRU paper §6.1 Fig. 14, §6.2 Fig. 15). */
static const char *const paper_lines = "about 4 -> 3";
static const char *const paper_filtered[] = {"-", "23 %", "79 %"};

typedef struct {
    const char *prog;
    const char *graph, *graphs, *out;
    const char *params[32];
    unsigned nparams;
    int kernel, all, model_only, quiet;
    uint64_t max_elems, req_every;
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
           "                          [--model-only] [--max-elems N]\n"
           "  The edge frontiers of BFS, SSSP or PageRank on a graph drive iru_hash as the IRU\n"
           "  paper's kernels would (index = neighbour, data = level / candidate distance /\n"
           "  binary32 contribution, position in the frontier; FILTER dedup / min / fadd\n"
           "  unless -p FILTER=... says otherwise), in lockstep with the RTL (every output\n"
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
           "  --all           every graph in DIR (default ../shared/data/graphs) x every\n"
           "                  kernel: a Markdown table on stdout and in FILE.md (default\n"
           "                  out/iru_graphs.md)\n"
           "exit: 0 done, 1 RTL differs from the model or a check failed, 2 usage, parameter\n"
           "      or graph-file error (file, line and what was expected), 3 tool failure\n",
           prog, prog);
}

static int parse_iru(int argc, char **argv, wl_opts *o)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "--kernel") || !strcmp(a, "--graph") || !strcmp(a, "-p") ||
                    !strcmp(a, "--max-elems") || !strcmp(a, "--graphs") || !strcmp(a, "-o") ||
                    !strcmp(a, "--req-every");
        if (takes && !v)
            return wl_usage(o->prog, "option %s needs a value", a);
        if (takes)
            i++;
        if (!strcmp(a, "--kernel")) {
            if ((o->kernel = irhw_kernel_parse(v)) < 0)
                return wl_usage(o->prog, "--kernel '%s' must be bfs, sssp or pagerank", v);
        } else if (!strcmp(a, "--graph")) {
            o->graph = v;
        } else if (!strcmp(a, "--graphs")) {
            o->graphs = v;
        } else if (!strcmp(a, "-o")) {
            o->out = v;
        } else if (!strcmp(a, "-p")) {
            if (o->nparams == sizeof o->params / sizeof o->params[0])
                return wl_usage(o->prog, "too many -p options (at most 32): %s", v);
            o->params[o->nparams++] = v;
        } else if (!strcmp(a, "--max-elems") || !strcmp(a, "--req-every")) {
            char *e;
            errno = 0;
            unsigned long long x = strtoull(v, &e, 10);
            int req = !strcmp(a, "--req-every");
            if (*v == '-' || *e || errno || x < 1 || (req && x > 1000000))
                return wl_usage(o->prog,
                                req ? "--req-every '%s' must be a whole number 1..1000000"
                                    : "--max-elems '%s' must be a whole number >= 1",
                                v);
            *(req ? &o->req_every : &o->max_elems) = x;
        } else if (!strcmp(a, "--all")) {
            o->all = 1;
        } else if (!strcmp(a, "--model-only")) {
            o->model_only = 1;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
        } else {
            return wl_usage(o->prog, "unknown argument '%s'", a);
        }
    }
    if (!o->all && (o->kernel < 0 || !o->graph))
        return wl_usage(o->prog, "%s",
                        "name --kernel bfs|sssp|pagerank and --graph FILE, or --all");
    if (o->all && (o->graph || o->kernel >= 0))
        return wl_usage(o->prog, "%s", "--all runs every graph and kernel: drop --graph/--kernel");
    return 0;
}

/* The iru_hash instance: defaults, the user's -p, the kernel's filter. */
static int make_inst(const wl_opts *o, irhw_kernel k, irhw_inst *x)
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
    for (unsigned i = 0; i < o->nparams; i++)
        if (irhw_cfg_set(b, &c, o->params[i], err, sizeof err)) {
            fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
            return EXIT_USAGE;
        }
    int fi = irhw_param_index(b, "FILTER");
    char filter[32];
    snprintf(filter, sizeof filter, "FILTER=%s", irhw_kernel_filter(k));
    if (fi >= 0 && !(c.set & (1u << fi)) && irhw_cfg_set(b, &c, filter, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
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
} iru_row;

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0;
}

/* One kernel on one graph; prints the report unless quiet. */
static int run_one(const wl_opts *o, const char *path, const irhw_graph *g, irhw_kernel k,
                   iru_row *row)
{
    irhw_inst x;
    int rc = make_inst(o, k, &x);
    if (rc)
        return rc;
    char err[8192];
    irhw_iru_stream s;
    if (irhw_iru_stream_build(g, k, o->max_elems, &s, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s: %s\n", o->prog, path, err);
        irhw_inst_free(&x);
        return EXIT_TOOL;
    }
    irhw_cfg_format(x.b, &x.c, " ", row->params, sizeof row->params);
    char replay[2048], pl[1024];
    irhw_cfg_format(x.b, &x.c, " -p ", pl, sizeof pl);
    int n = snprintf(replay, sizeof replay, "%s workload iru --kernel %s --graph %s -p %s", o->prog,
                     irhw_kernel_name(k), path, pl);
    if (o->max_elems && n > 0 && (size_t)n < sizeof replay)
        snprintf(replay + n, sizeof replay - (size_t)n, " --max-elems %" PRIu64, o->max_elems);
    irhw_iru_req q = {&x, &s, o->model_only, replay, 1, (unsigned)o->req_every};
    rc = irhw_iru_run(&q, &row->r, err, sizeof err);
    row->elements = s.n;
    row->frontiers = s.nfront;
    if (rc) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        rc = EXIT_TOOL;
    } else if (!row->r.equal) {
        fputs(row->r.message, stdout);
        rc = EXIT_MISMATCH;
    } else if (!o->quiet && !o->all) {
        const irhw_iru_result *r = &row->r;
        printf("workload iru: %s on %s (%s, %u vertices, %" PRIu64 " edges%s), ",
               irhw_kernel_name(k), path, irhw_graph_fmt_name(g->fmt), g->n, g->m,
               g->directed ? ", directed" : "");
        if (k == IRHW_KERNEL_PAGERANK)
            printf("one iteration, every vertex active\n");
        else
            printf("source %u (most out-edges)\n", s.src);
        printf("  %" PRIu64 " frontiers, %" PRIu64 " elements%s\n", s.nfront, s.n,
               k == IRHW_KERNEL_SSSP ? (s.file_weights ? ", the file's weights"
                                                       : ", weights 1..64 from a hash of the edge")
                                     : "");
        printf("  iru_hash %s\n", row->params);
        printf("  %s: %" PRIu64 " cycles in %.1f s (build included)\n",
               o->model_only ? "C model alone, conservation checked"
                             : "lockstep with the RTL, every output compared every cycle, "
                               "conservation checked",
               r->cycles, r->run_s);
        printf("  memory lines per warp: original order %.2f (%" PRIu64 " warps), after the IRU "
               "%.2f (%" PRIu64 " warps of %.1f elements on average)   paper: %s\n",
               ratio(r->lines_before, r->warps_before), r->warps_before,
               ratio(r->lines_after, r->replies), r->replies, ratio(r->replied, r->replies),
               paper_lines);
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
            "%" PRIu64 " → %" PRIu64 " | %.1f %% | %s | %s |\n",
            name, g->n, g->m, irhw_kernel_name(k), irhw_kernel_filter(k), row->frontiers,
            row->elements, ratio(r->lines_before, r->warps_before),
            ratio(r->lines_after, r->replies), ratio(r->replied, r->replies), r->lines_before,
            r->lines_after, 100 * ratio(r->merged, r->inserted), paper_lines, paper_filtered[k]);
}

static int run_all(const wl_opts *o)
{
    char dir[4096];
    if (o->graphs)
        snprintf(dir, sizeof dir, "%s", o->graphs);
    else
        snprintf(dir, sizeof dir, "%s/../shared/data/graphs", irhw_root());
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s workload iru: cannot open the graph folder %s: %s\n", o->prog, dir,
                strerror(errno));
        return EXIT_USAGE;
    }
    char *names[256];
    unsigned nn = 0;
    for (struct dirent *e; (e = readdir(d)) && nn < 256;) {
        size_t l = strlen(e->d_name);
        int known = (l > 6 && !strcmp(e->d_name + l - 6, ".graph")) ||
                    (l > 4 && !strcmp(e->d_name + l - 4, ".mtx")) ||
                    (l > 4 && !strcmp(e->d_name + l - 4, ".txt"));
        if (known && !(names[nn] = strdup(e->d_name)))
            break;
        nn += known;
    }
    closedir(d);
    if (!nn) {
        fprintf(stderr, "%s workload iru: no graph files (.graph, .mtx, .txt) in %s\n", o->prog,
                dir);
        return EXIT_USAGE;
    }
    qsort(names, nn, sizeof *names, cmp_str);
    const char *out = o->out ? o->out : "out/iru_graphs.md";
    char *slash = strrchr(out, '/');
    if (slash) {
        char od[4096];
        snprintf(od, sizeof od, "%.*s", (int)(slash - out), out);
        irhw_mkdirs(od);
    }
    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "%s workload iru: cannot write %s: %s\n", o->prog, out, strerror(errno));
        for (unsigned i = 0; i < nn; i++)
            free(names[i]);
        return EXIT_TOOL;
    }
    static const char head[] =
        "| graph | vertices | edges | kernel | filter | frontiers | elements | lines/warp "
        "original | lines/warp IRU | elements/warp IRU | lines in all, original → IRU | filtered "
        "| paper lines/warp | paper filtered |\n"
        "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- "
        "| --- |\n";
    fputs(head, f);
    fputs(head, stdout);
    int worst = 0;
    double t0 = irhw_now_s();
    char params[512] = "", req[32] = "SLOTS/BANKS";
    if (o->req_every)
        snprintf(req, sizeof req, "%" PRIu64, o->req_every);
    for (unsigned i = 0; i < nn; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        irhw_graph g;
        int rc = read_graph(o, path, &g);
        for (int k = 0; !rc && k < 3; k++) {
            iru_row row;
            memset(&row, 0, sizeof row);
            int r1 = run_one(o, path, &g, (irhw_kernel)k, &row);
            if (!r1) {
                table_row(f, names[i], &g, (irhw_kernel)k, &row);
                table_row(stdout, names[i], &g, (irhw_kernel)k, &row);
                snprintf(params, sizeof params, "%s", row.params);
            }
            worst = r1 > worst ? r1 : worst;
        }
        worst = rc > worst ? rc : worst;
        irhw_graph_free(&g);
        free(names[i]);
    }
    char tail[1024];
    snprintf(tail, sizeof tail,
             "\niru_hash %s (FILTER per kernel); a request every %s cycles while a frontier "
             "streams in; %s; %.0f s. Lines per warp: distinct memory blocks per warp of SLOTS "
             "elements, original order vs the replies of the IRU; filtered: elements merged out "
             "/ elements inserted.\n",
             params, req,
             o->model_only ? "C model alone" : "in lockstep with the RTL, every output compared",
             irhw_now_s() - t0);
    fputs(tail, f);
    fputs(tail, stdout);
    if (fclose(f)) {
        fprintf(stderr, "%s workload iru: cannot write %s: %s\n", o->prog, out, strerror(errno));
        return EXIT_TOOL;
    }
    printf("wrote %s\n", out);
    return worst;
}

static int workload_iru(int argc, char **argv, const char *prog)
{
    wl_opts o;
    memset(&o, 0, sizeof o);
    o.prog = prog;
    o.kernel = -1;
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            iru_help(prog);
            return 0;
        }
    int rc = parse_iru(argc, argv, &o);
    if (rc)
        return rc;
    if (o.all)
        return run_all(&o);
    irhw_graph g;
    if ((rc = read_graph(&o, o.graph, &g)))
        return rc;
    iru_row row;
    memset(&row, 0, sizeof row);
    rc = run_one(&o, o.graph, &g, (irhw_kernel)o.kernel, &row);
    irhw_graph_free(&g);
    return rc;
}

/* ---- the kinds ------------------------------------------------------------------ */

static const struct {
    const char *name, *what;
    int (*run)(int argc, char **argv, const char *prog);
} kinds[] = {
    {"iru", "BFS/SSSP/PageRank edge frontiers through iru_hash", workload_iru},
};

static void kinds_help(FILE *f, const char *prog)
{
    fprintf(f, "usage: %s workload <kind> [options]   ('%s workload <kind> --help')\n", prog, prog);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        fprintf(f, "  %-6s %s\n", kinds[i].name, kinds[i].what);
}

int irhw_cli_workload(int argc, char **argv, const char *prog)
{
    if (argc < 1 || !strcmp(argv[0], "-h") || !strcmp(argv[0], "--help")) {
        kinds_help(argc < 1 ? stderr : stdout, prog);
        return argc < 1 ? EXIT_USAGE : 0;
    }
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(argv[0], kinds[i].name))
            return kinds[i].run(argc - 1, argv + 1, prog);
    fprintf(stderr, "%s workload: unknown kind '%s'\n", prog, argv[0]);
    kinds_help(stderr, prog);
    return EXIT_USAGE;
}
