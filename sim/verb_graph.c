/*
 * verb_graph.c — `irhw graph rmat|grid|info`: the papers' graph sizes
 * generated here (sim/graph_gen.c), and what a graph file holds for the
 * workloads (degrees, BFS depth and the largest frontier from their
 * default source).
 */
#include "args.h"
#include "graph_gen.h"

#include <inttypes.h>
#include <string.h>

enum { EXIT_USAGE = 2, EXIT_TOOL = 3 };
enum { V_RMAT = 1, V_GRID = 2, V_INFO = 4 };
enum { O_HELP, O_SCALE, O_EF, O_ROWS, O_COLS, O_SEED, O_OUT };

/* The options, each with its --help line. */
static const irhw_opt table[] = {
    {"-h", 0, O_HELP, 0, NULL, NULL},
    {"--help", 0, O_HELP, 0, NULL, NULL},
    {"--scale", 1, O_SCALE, V_RMAT, "S", "rmat: 2^S vertex ids, S 1..22"},
    {"--edge-factor", 1, O_EF, V_RMAT, "E", "rmat: E * 2^S edges, E 1..64"},
    {"--rows", 1, O_ROWS, V_GRID, "R", "grid: rows, 2..4096"},
    {"--cols", 1, O_COLS, V_GRID, "C", "grid: columns, 2..4096"},
    {"--seed", 1, O_SEED, V_RMAT | V_GRID, "N",
     "rmat, grid: the random seed (default 1), 0..2^64-1"},
    {"-o", 1, O_OUT, V_RMAT | V_GRID, "FILE", "rmat, grid: the edge list to write (.txt)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

static void help(void)
{
    printf("usage: irhw graph rmat --scale S --edge-factor E [--seed N] -o FILE\n"
           "       irhw graph grid --rows R --cols C [--seed N] -o FILE\n"
           "       irhw graph info FILE\n"
           "  rmat: an R-MAT (Graph500 Kronecker) graph, a=0.57 b=0.19 c=0.19 d=0.05,\n"
           "    self-loops and duplicate edges kept; grid: a road-like 4-neighbour grid,\n"
           "    each edge both ways. Both write a SNAP edge list \"u v w\", weights 1..64\n"
           "    hashed from the seed and the edge; the same seed gives the same file.\n"
           "  info: vertices, edges, out-degrees, the BFS depth and largest frontier from\n"
           "    the workloads' source (the vertex with the most out-edges).\n");
    irhw_args_print(stdout, table, 0, 22);
    fputs("  exit: 0 ok, 2 bad input, 3 the output could not be written\n", stdout);
}

/* *out = the value of option `name` if it is a whole number lo..hi; else 2. */
static int number(const irhw_args *a, const char *name, const char *v, uint64_t lo, uint64_t hi,
                  const char *range, uint64_t *out)
{
    if (irhw_parse_uint(v, out) || *out < lo || *out > hi)
        return irhw_args_usage(a, "%s '%s' must be a whole number %s", name, v, range);
    return 0;
}

static int info(const char *path)
{
    irhw_graph g;
    char err[4600];
    if (irhw_graph_read(path, IRHW_GRAPH_AUTO, &g, err, sizeof err)) {
        fprintf(stderr, "irhw graph info: %s\n", err);
        irhw_graph_free(&g);
        return EXIT_USAGE;
    }
    irhw_graph_stats s;
    if (irhw_graph_stats_of(&g, &s)) {
        fprintf(stderr, "irhw graph info: %s: out of memory for BFS\n", path);
        irhw_graph_free(&g);
        return EXIT_TOOL;
    }
    printf("graph %s: %s, %u vertices, %" PRIu64 " edges (%s)\n", path, irhw_graph_fmt_name(g.fmt),
           g.n, g.m, g.directed ? "directed, as listed" : "undirected, each stored both ways");
    printf("out-degree: min %" PRIu64 ", mean %.2f, max %" PRIu64 "\n", s.deg_min, s.deg_mean,
           s.deg_max);
    printf("bfs from %u (most out-edges): depth %u, %" PRIu64 " of %u vertices reached\n", s.src,
           s.depth, s.reached, g.n);
    printf("largest frontier: %" PRIu64 " vertices at level %u, %.3gx one core's %d threads"
           " (48 warps x 32 lanes)\n",
           s.frontier_max, s.frontier_lvl, (double)s.frontier_max / IRHW_CORE_THREADS,
           IRHW_CORE_THREADS);
    if (!g.w)
        printf("weights: none (SSSP hashes 1..64 per edge)\n");
    else if (g.w_bad[0])
        printf("weights: not all whole numbers 1..65535 (%s)\n", g.w_bad);
    else
        printf("weights: whole numbers 1..65535 (SSSP takes them)\n");
    irhw_graph_free(&g);
    return 0;
}

int irhw_cmd_graph(int argc, char **argv)
{
    const char *kind = argc > 0 ? argv[0] : "";
    unsigned verb = !strcmp(kind, "rmat")   ? V_RMAT
                    : !strcmp(kind, "grid") ? V_GRID
                    : !strcmp(kind, "info") ? V_INFO
                                            : 0;
    if (irhw_args_help(argc, argv)) {
        help();
        return 0;
    }
    if (!argc)
        return irhw_usage("graph", "needs a kind: rmat, grid or info");
    if (!verb)
        return irhw_usage("graph", "unknown kind '%s' (rmat, grid or info)", kind);
    char vname[16];
    snprintf(vname, sizeof vname, "graph %s", kind);
    uint64_t scale = 0, ef = 0, rows = 0, cols = 0, seed = 1;
    const char *out = NULL, *in = NULL;
    int rc = 0;
    irhw_args a;
    irhw_args_init(&a, vname, table, verb, argc - 1, argv + 1);
    const irhw_opt *opt;
    const char *v;
    for (int k; !rc && (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            rc = EXIT_USAGE;
        else if (k == IRHW_ARG_POS) {
            if (verb == V_INFO && !in)
                in = v;
            else
                rc = irhw_args_usage(&a, "unexpected argument '%s'", v);
        } else if (opt->id == O_SCALE)
            rc = number(&a, "--scale", v, 1, IRHW_RMAT_SCALE_MAX, "1..22", &scale);
        else if (opt->id == O_EF)
            rc = number(&a, "--edge-factor", v, 1, IRHW_RMAT_EF_MAX, "1..64", &ef);
        else if (opt->id == O_ROWS)
            rc = number(&a, "--rows", v, 2, IRHW_GRID_SIDE_MAX, "2..4096", &rows);
        else if (opt->id == O_COLS)
            rc = number(&a, "--cols", v, 2, IRHW_GRID_SIDE_MAX, "2..4096", &cols);
        else if (opt->id == O_SEED)
            rc = number(&a, "--seed", v, 0, UINT64_MAX, "0..2^64-1", &seed);
        else if (opt->id == O_OUT)
            out = v;
    }
    if (rc)
        return rc;
    if (verb == V_INFO)
        return in ? info(in) : irhw_args_usage(&a, "needs a graph FILE");
    if (verb == V_RMAT && (!scale || !ef))
        return irhw_args_usage(&a, "needs --scale S (1..22) and --edge-factor E (1..64)");
    if (verb == V_GRID && (!rows || !cols))
        return irhw_args_usage(&a, "needs --rows R and --cols C (2..4096)");
    if (!out)
        return irhw_args_usage(&a, "needs -o FILE");
    uint64_t m = verb == V_RMAT ? ef << scale : 2 * (rows * (cols - 1) + cols * (rows - 1));
    if (m > IRHW_GEN_EDGES_MAX)
        return irhw_args_usage(&a,
                               "%" PRIu64 " edges would need about %.1f GiB to read back (at most "
                               "%llu edges, about 5 GiB): give a smaller size",
                               m, m * 40.0 / (1 << 30), IRHW_GEN_EDGES_MAX);
    char err[4600];
    irhw_out *o = irhw_out_open(out, err, sizeof err);
    if (!o) {
        fprintf(stderr, "irhw %s: %s\n", vname, err);
        return EXIT_TOOL;
    }
    char name[32];
    snprintf(name, sizeof name, "irhw %s", vname);
    int wrc = verb == V_RMAT ? irhw_gen_rmat(o, (unsigned)scale, (unsigned)ef, seed, name)
                             : irhw_gen_grid(o, (unsigned)rows, (unsigned)cols, seed, name);
    if (wrc && !irhw_out_failed(o) && !ferror(irhw_out_file(o))) {
        irhw_out_abort(o);
        fprintf(stderr, "irhw %s: out of memory; no file was written\n", vname);
        return EXIT_TOOL;
    } /* a failed write: the commit says so */
    if (irhw_out_commit(o, err, sizeof err)) {
        fprintf(stderr, "irhw %s: %s\n", vname, err);
        return EXIT_TOOL;
    }
    return 0;
}
