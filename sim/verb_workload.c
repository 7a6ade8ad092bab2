/*
 * verb_workload.c — `irhw workload <kind>`: workloads that drive the
 * blocks. The kinds are one table (kinds[] below), their options another
 * (workload_opts[]: a row each, with its help line); a kind's --help is its
 * usage lines, a paragraph and that table. Parsing ends here; the runs are
 * in sim/workload_iru_runs.c (iru: graph frontiers through iru_hash),
 * sim/workload_run.c and sim/workload_trends.c (bfs, sssp: closed-loop on
 * hwwl). Exit codes: sim/workload_cli.h.
 */
#include "cli_workload.h"

#include "args.h"
#include "graph_dir.h"
#include "workload_cli.h"
#include "workload_gw.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Which kinds take an option (an irhw_opt's verbs). */
enum { W_IRU = 1, W_BFS = 2, W_SSSP = 4, W_GW = W_BFS | W_SSSP };
enum {
    K_HELP,
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
    K_ACTIVE_EVERY,
    K_MACHINE,
    K_PARTS,
    K_VCD,
    K_VCD_CYCLES
};
/* An option two kinds take with different meanings has a row per meaning. */
static const irhw_opt workload_opts[] = {
    {"-h", 0, K_HELP, 0, NULL, NULL},
    {"--help", 0, K_HELP, 0, NULL, NULL},
    {"--graph", 1, WL_GRAPH, 0, "FILE",
     "METIS .graph, Matrix Market .mtx or SNAP edge list .txt\n"
     "(format by extension, else by content)"},
    {"--graphs", 1, WL_GRAPHS, W_IRU, "DIR",
     "the graphs of --all and --timeout-sweep (default\n"
     "../shared/data/graphs): the files whose names end .graph\n"
     ".metis .mtx .txt .edges .el .snap; README* and others\n"
     "skipped, named on stderr"},
    {"--graphs", 1, WL_GRAPHS, W_GW, "DIR",
     "the graphs of --trends (default ../shared/data/graphs),\n"
     "chosen by name as iru --all chooses them"},
    {"-o", 1, WL_OUT, W_IRU, "FILE.md",
     "the Markdown table of --all (default out/iru_graphs.md) or\n"
     "of --timeout-sweep (default out/iru_timeout.md)"},
    {"-o", 1, WL_OUT, W_GW, "FILE.md",
     "the Markdown table of --trends (default\n"
     "out/hwwl_trends.md), its SVG plots beside it"},
    {"-p", 1, WL_P, W_IRU, "NAME=VALUE",
     "an iru_hash parameter (irhw list iru_hash); defaults: the\n"
     "paper's; FILTER: the kernel's (below) unless given"},
    {"-p", 1, WL_P, W_GW, "NAME=VALUE",
     "an hwwl parameter (irhw list hwwl); defaults: the paper's\n"
     "(4 cores x 16 lanes, ENTRIES=32, SCHEME=lsorting,\n"
     "REFILL=ondemand); with --model-only also SCHEME=gsorting\n"
     "(lsorting's rule over every core's banks, one WRU) or\n"
     "SCHEME=magic (every bank levelled every cycle, no\n"
     "bandwidth limit), and ENTRIES=inf (the largest ENTRIES;\n"
     "exit 1 if the run spilled: not unbounded for that graph)"},
    {"--model-only", 0, WL_MODEL_ONLY, 0, NULL,
     "the C model alone (with the conservation checker), no RTL;\n"
     "default: the RTL in lockstep with the model, every output\n"
     "compared every cycle"},
    {"--quiet", 0, WL_QUIET, W_IRU, NULL, "no report (the exit code and any error still tell)"},
    {"--quiet", 0, WL_QUIET, W_GW, NULL, "one line instead of the report"},
    {"--kernel", 1, K_KERNEL, W_IRU, "K",
     "bfs, sssp or pagerank: the kernel whose frontiers run,\n"
     "with FILTER none, min or fadd (the paper's Fig. 15)"},
    {"--max-elems", 1, K_MAX_ELEMS, W_IRU, "N", "at most N elements (the first frontiers)"},
    {"--req-every", 1, K_REQ_EVERY, W_IRU, "N",
     "while a frontier streams in, a warp asks for work every N\n"
     "cycles (1..1000000; default SLOTS/BANKS: one warp's worth\n"
     "per request); at the end of a frontier (flush) every cycle"},
    {"--machine", 1, K_MACHINE, W_IRU, "M",
     "fixed (default): a request every --req-every cycles; gpu:\n"
     "warps of the GPU core model ask with load_iru, and each\n"
     "kernel runs twice, plain loads and load_iru (docs/iru.md)"},
    {"--parts", 1, K_PARTS, W_IRU, "N",
     "with --machine gpu --model-only: N iru_hash partitions of\n"
     "SETS sets each on a ring, one logical table (model/iru.h;\n"
     "the paper: 4); default 1, one iru_hash"},
    {"-g", 1, K_GPU, W_IRU, "NAME=VALUE",
     "with --machine gpu: a GPU core model constant (irhw\n"
     "workload bfs --help) or IRU_PF_DEPTH (default 8) /\n"
     "IRU_LAT (default 120): docs/iru.md"},
    {"--all", 0, K_ALL, W_IRU, NULL,
     "every graph of --graphs x every kernel: a Markdown table\n"
     "on stdout and in -o FILE.md"},
    {"--bfs-dedup", 0, K_BFS_DEDUP, W_IRU, NULL,
     "BFS with FILTER=dedup (duplicate vertices dropped); with\n"
     "--all or --timeout-sweep a second BFS row per graph,\n"
     "labelled dedup"},
    {"--timeout-sweep", 1, K_TIMEOUT_SWEEP, W_IRU, "T,T,...",
     "every graph x kernel at each TIMEOUT (0..1000000, at most\n"
     "32 values), C model alone: a Markdown table (-o) and a\n"
     "gnuplot SVG of the means over the graphs (--plot)"},
    {"--plot", 1, K_PLOT, W_IRU, "FILE.svg",
     "the plot of --timeout-sweep (default out/iru_timeout.svg)"},
    {"--plot", 1, K_PLOT, W_GW, "FILE.svg",
     "the bank-occupancy plot (gnuplot; default\n"
     "out/hwwl_<kind>_<graph>.svg)"},
    {"--no-plot", 0, K_NO_PLOT, W_GW, NULL, "no occupancy plot"},
    {"--cost", 1, K_COST, W_GW, "A,B",
     "busy cycles per vertex = A + B * out-degree (default 8,2;\n"
     "A 0..100000, B 0..10000); not with --worklist"},
    {"--mem-lat", 1, K_MEM_LAT, W_GW, "N",
     "overflow-buffer loads answer after N cycles (1..10000,\n"
     "default 100)"},
    {"--src", 1, K_SRC, W_GW, "V",
     "the source vertex (default: the one with the most\n"
     "out-edges)"},
    {"--max-cycles", 1, K_MAX_CYCLES, W_GW, "N",
     "stop after N cycles (an error: the run did not finish)"},
    {"--worklist", 1, K_WORKLIST, W_GW, "WL",
     "the GPU core model (sim/gpu_core.h) runs the kernel: warps\n"
     "of threads, greedy-then-oldest issue, loads / atomics /\n"
     "worklist operations as instructions; WL: hwwl (the block's\n"
     "lane ports, in lockstep with the RTL unless --model-only),\n"
     "swwl (software, double-buffered, pushes by atomicAdd on a\n"
     "global tail), topo (every vertex's flag every kernel),\n"
     "ideal-fifo / ideal-sort (one infinite worklist, unlimited\n"
     "bandwidth, oldest / smallest ID first, double-buffered;\n"
     "ideal-fifo-single / ideal-sort-single one single list);\n"
     "without it every lane is one thread (busy A + B * degree)"},
    {"-g", 1, K_GPU, W_GW, "NAME=VALUE",
     "a GPU core model constant (with --worklist): the table\n"
     "below"},
    {"--levels-out", 1, K_VALUES_OUT, W_BFS, "FILE",
     "the computed levels, one vertex a line (-1: unreached),\n"
     "written whole or not at all"},
    {"--dist-out", 1, K_VALUES_OUT, W_SSSP, "FILE",
     "the computed distances, one vertex a line (-1:\n"
     "unreached), written whole or not at all"},
    {"--buffer", 1, K_BUFFER, W_GW, "single|double",
     "hwwl's wlcfg (default double: pull and push halves, a swap\n"
     "per kernel); single: one list, one kernel"},
    {"--active-out", 1, K_ACTIVE_OUT, W_GW, "FILE",
     "with --worklist: the threads holding a work ID over time,\n"
     "\"cycle active percent\" a line, of all cores' WARPS x\n"
     "WARP_SIZE threads"},
    {"--active-every", 1, K_ACTIVE_EVERY, W_GW, "N",
     "the period of --active-out in cycles (1..1000000000,\n"
     "default 1000)"},
    {"--vcd", 1, K_VCD, W_GW, "FILE.vcd",
     "every signal of hwwl (the RTL in lockstep) traced to\n"
     "FILE.vcd, the run's counts in FILE.vcd.run.txt: `irhw power\n"
     "hwwl -p ... --vcd FILE.vcd` prices this run (energy per run,\n"
     "per pulled ID, per push); not with --model-only"},
    {"--vcd-cycles", 1, K_VCD_CYCLES, W_GW, "N",
     "--vcd holds the run's first N cycles (100..1000000000,\n"
     "default 200000): a longer run's trace is cut, said so"},
    {"--trends", 0, K_TRENDS, W_GW, NULL,
     "the paper's Fig. 6/7 trends, C model alone: SCHEME none /\n"
     "threshold / lsorting, and ENTRIES 8..128 x REFILL\n"
     "ondemand / interval, for BFS and SSSP on the graphs of\n"
     "--graphs: a Markdown table (-o) and SVG plots beside it\n"
     "(ENTRIES=1024 stands for unbounded banks); the kind\n"
     "(bfs/sssp) does not matter, both kernels run"},
    {"--max-edges", 1, K_MAX_EDGES, W_GW, "N",
     "--trends leaves out (named) the graphs of more than N\n"
     "stored edges (default 110000), to keep it to minutes"},
    {NULL, 0, 0, 0, NULL, NULL},
};
#define HELP_COL 22 /* the column of the options' help */

/* A kind: its name, one line on it, the options it takes (W_*), its
 * --help text around the option table, and its run. */
typedef struct wl_kind {
    const char *name, *what;
    unsigned verbs;
    const char *const *usage; /* the words after "PROG workload KIND", a line each */
    const char *about;        /* the paragraph after the usage lines */
    const char *exits;        /* the exit codes, after the options */
    int (*run)(const struct wl_kind *k, int argc, char **argv, const char *prog);
} wl_kind;

static const char *const iru_usage[] = {"--kernel bfs|sssp|pagerank --graph FILE [options]",
                                        "--all [options]", "--timeout-sweep T,T,... [options]",
                                        NULL};
static const char iru_about[] =
    "  The edge frontiers of BFS, SSSP or PageRank on a graph drive iru_hash as the\n"
    "  IRU paper's kernels would (index = neighbour, data = level / candidate\n"
    "  distance / binary32 contribution, position in the frontier; FILTER as the\n"
    "  paper's Fig. 15: none for BFS, min for SSSP, fadd for PageRank, unless -p\n"
    "  FILTER=... says otherwise; the report names the filter that ran), in lockstep\n"
    "  with the RTL (every output compared every cycle, conservation checked).\n"
    "  Reports memory lines per warp (distinct LINE_BYTES blocks per SLOTS elements)\n"
    "  in original order and after the IRU, and the share of elements filtered,\n"
    "  beside the paper's figures. --machine gpu: warps of the GPU core model ask\n"
    "  with load_iru instead, each kernel also runs with plain loads on the same\n"
    "  machine, and the report sets L1/L2 accesses, lines per irregular memory\n"
    "  instruction, filtered share and its bound, speedup and memory energy beside\n"
    "  the paper's (docs/iru.md).\n";
static const char iru_exits[] =
    "exit: 0 done, 1 RTL differs from the model or a check failed, 2 usage,\n"
    "      parameter or graph-file error (file, line and what was expected), 3 tool\n"
    "      failure\n";

static const char *const gw_usage_lines[] = {"--graph FILE [options]", "--trends [options]", NULL};
/* The paragraph of bfs and sssp: the kernel, what it relaxes, its reference. */
#define GW_ABOUT(kernel, values, reference)                                                        \
    "  Data-driven, double-buffered " kernel " (LonestarGPU style) closed-loop on the\n"           \
    "  multi-core hardware worklist hwwl: every lane of every core is a thread that\n"             \
    "  pulls a vertex (ID; WAIT: pull again; DONE: the kernel is over for it), is\n"               \
    "  busy A + B * degree cycles, relaxes the vertex's edges (atomicMin on the\n"                 \
    "  " values ") and pushes each improved neighbour, one per cycle, into the other\n"            \
    "  half; when every thread saw DONE the kernel boundary swaps the halves; the run\n"           \
    "  ends when a kernel pushed nothing. The result is checked against the plain\n"               \
    "  sequential " reference " every run. With --arch baseline|gw|both the\n"                     \
    "  Graph-Waving machine runs it instead (see --arch gw --help, docs/gw.md).\n"
static const char bfs_about[] = GW_ABOUT("BFS", "levels", "BFS");
/* How sssp weighs the edges (irhw_sssp_weights). */
#define SSSP_WEIGHTS                                                                               \
    "  SSSP weights: the file's, each a whole number 1..65535 (else exit 2); a\n"                  \
    "  file without weights, or a real Matrix Market matrix whose values are not\n"                \
    "  all such numbers, gets 1..64 from a hash of each edge (the output says so).\n"
static const char sssp_about[] = GW_ABOUT("SSSP", "distances", "Dijkstra") SSSP_WEIGHTS;
static const char gw_exits[] =
    "exit: 0 done and equal to the reference, 1 RTL differs from the model, a\n"
    "      check failed or the result differs, 2 usage, parameter or graph-file\n"
    "      error, 3 tool failure\n";

/* A kind's --help: usage lines, paragraph, option table (bfs, sssp: and
 * the GPU core model's constants), exit codes. */
static void kind_help(const wl_kind *k, const char *prog)
{
    for (const char *const *u = k->usage; *u; u++)
        printf("%s %s workload %s %s\n", u == k->usage ? "usage:" : "      ", prog, k->name, *u);
    printf("%soptions:\n", k->about);
    irhw_args_print(stdout, workload_opts, k->verbs, HELP_COL);
    if (k->verbs & W_GW) {
        printf("GPU core model constants (-g NAME=VALUE): NAME, default, range, source\n");
        irhw_gpu_help(stdout);
    }
    fputs(k->exits, stdout);
}

/* "PROG workload KIND: <message>" and the line pointing at --help; 2. */
static int kind_usage(const char *prog, const char *kind, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s workload %s: ", prog, kind);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see '%s workload %s --help')\n", prog, kind);
    return EXIT_USAGE;
}

/* The options of one kind (W_IRU, W_BFS or W_SSSP): the common ones into *c, the
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
        if ((rc = wl_common_opt(&a, c, opt, v)) == 2)
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
            return kind_usage(o->prog, "iru", "--kernel '%s' must be bfs, sssp or pagerank", v);
    } else if (opt->id == K_MAX_ELEMS || opt->id == K_REQ_EVERY) {
        uint64_t x;
        int req = opt->id == K_REQ_EVERY;
        if (irhw_parse_uint(v, &x) || x < 1 || (req && x > 1000000))
            return kind_usage(o->prog, "iru",
                              req ? "--req-every '%s' must be a whole number 1..1000000"
                                  : "--max-elems '%s' must be a whole number >= 1",
                              v);
        *(req ? &o->req_every : &o->max_elems) = x;
    } else if (opt->id == K_MACHINE) {
        if (strcmp(v, "gpu") && strcmp(v, "fixed"))
            return kind_usage(o->prog, "iru", "--machine '%s' must be fixed or gpu", v);
        o->gpu = !strcmp(v, "gpu");
    } else if (opt->id == K_PARTS) {
        uint64_t x;
        if (irhw_parse_uint(v, &x) || x < 1 || x > 64)
            return kind_usage(o->prog, "iru", "--parts '%s' must be a whole number 1..64", v);
        o->parts = (unsigned)x;
    } else if (opt->id == K_GPU) {
        char err[1024];
        int r = giru_set(&o->icfg, v, err, sizeof err);
        if (!r && irhw_gpu_set(&o->gcfg, v, err, sizeof err))
            r = -1;
        if (r < 0)
            return kind_usage(o->prog, "iru", "%s", err);
        o->have_g = 1;
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
                return kind_usage(o->prog, "iru",
                                  "--timeout-sweep '%s' must be at most 32 whole numbers "
                                  "0..1000000, comma-separated",
                                  v);
            if (*e && !e[1])
                return kind_usage(o->prog, "iru", "--timeout-sweep '%s' ends in a comma", v);
            o->sweep[o->nsweep] = (unsigned)x;
            q = *e ? e + 1 : e;
        }
        if (!o->nsweep)
            return kind_usage(o->prog, "iru", "--timeout-sweep '%s' names no TIMEOUT", v);
    }
    return 0;
}

static int parse_iru(int argc, char **argv, wl_opts *o)
{
    int rc = wl_parse(argc, argv, "workload iru", W_IRU, &o->c, iru_opt, o);
    if (rc)
        return rc;
    if (!o->all && !o->nsweep && (o->kernel < 0 || !o->c.graph))
        return kind_usage(o->prog, "iru", "%s",
                          "name --kernel bfs|sssp|pagerank and --graph FILE, or --all");
    if (o->all && (o->c.graph || o->kernel >= 0))
        return kind_usage(o->prog, "iru", "%s",
                          "--all runs every graph and kernel: drop --graph/--kernel");
    if (o->bfs_dedup && o->kernel >= 0 && o->kernel != IRHW_KERNEL_BFS)
        return kind_usage(o->prog, "iru", "%s", "--bfs-dedup applies to --kernel bfs");
    if (o->plot && !o->nsweep)
        return kind_usage(o->prog, "iru", "%s", "--plot names the SVG of --timeout-sweep");
    if (o->gpu && (o->req_every || o->bfs_dedup || o->plot))
        return kind_usage(o->prog, "iru", "%s",
                          "--machine gpu: the warps set the request rate and the sweep has no "
                          "plot: drop --req-every, --bfs-dedup and --plot");
    if (o->parts > 1 && (!o->gpu || !o->c.model_only))
        return kind_usage(o->prog, "iru", "%s",
                          "--parts runs the partitioned IRU's C model (it has no RTL): add "
                          "--machine gpu --model-only");
    if (o->have_g && !o->gpu)
        return kind_usage(o->prog, "iru", "%s", "-g sets the GPU core model: add --machine gpu");
    if (o->nsweep) {
        if (o->all || o->c.graph || o->kernel >= 0)
            return kind_usage(o->prog, "iru", "%s",
                              "--timeout-sweep runs every graph and kernel: drop --all, --graph "
                              "and --kernel");
        for (unsigned i = 0; i < o->c.nparams; i++)
            if (!strncmp(o->c.params[i], "TIMEOUT=", 8))
                return kind_usage(o->prog, "iru", "-p %s: --timeout-sweep sets TIMEOUT",
                                  o->c.params[i]);
    }
    irhw_io io[] = {{IRHW_IO_IN, "--graph", o->c.graph, NULL},
                    {IRHW_IO_IN, "--graphs", o->c.graphs, NULL},
                    {IRHW_IO_FILE, "-o", o->c.out, "-o"},
                    {IRHW_IO_FILE, "--plot", o->plot, "--plot"}};
    char err[IRHW_ERRLEN + 8400];
    if (irhw_graphs_io_check(o->c.graphs, io, sizeof io / sizeof io[0], err, sizeof err))
        return kind_usage(o->prog, "iru", "%s", err);
    return 0;
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
            return kind_usage(o->prog, o->kind,
                              "--cost '%s' must be A,B (busy A + B * degree cycles)", v);
        *comma = 0;
        if ((rc = gw_number(o, "--cost A", buf, 0, 100000, &x)))
            return rc;
        o->cost_a = (unsigned)x;
        if ((rc = gw_number(o, "--cost B", comma + 1, 0, 10000, &x)))
            return rc;
        o->cost_b = (unsigned)x;
        if (!o->cost_a && !o->cost_b)
            return kind_usage(o->prog, o->kind, "--cost '%s': A and B cannot both be 0", v);
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
            return kind_usage(o->prog, o->kind, "--worklist '%s' must be " IRHW_WL_NAMES, v);
        break;
    case K_GPU: {
        char err[1024];
        if (irhw_gpu_set(&o->gpu, v, err, sizeof err))
            return kind_usage(o->prog, o->kind, "%s", err);
        o->have_gpu = 1;
        o->gpu_cores |= !strncmp(v, "CORES=", 6);
        break;
    }
    case K_VALUES_OUT:
        o->values_out = v;
        break;
    case K_NO_PLOT:
        o->no_plot = 1;
        break;
    case K_BUFFER:
        if (strcmp(v, "single") && strcmp(v, "double"))
            return kind_usage(o->prog, o->kind, "--buffer '%s' must be single or double", v);
        o->single = !strcmp(v, "single");
        o->have_buffer = 1;
        break;
    case K_ACTIVE_OUT:
        o->active_out = v;
        break;
    case K_VCD:
        o->vcd = v;
        break;
    case K_VCD_CYCLES:
        if ((rc = gw_number(o, n, v, 100, 1000000000, &x)))
            return rc;
        o->vcd_cycles = x;
        break;
    case K_ACTIVE_EVERY:
        if ((rc = gw_number(o, n, v, 1, 1000000000, &x)))
            return rc;
        o->active_every = x;
        break;
    }
    return 0;
}

/* --vcd and --vcd-cycles: 0, or 2 after the message. */
static int vcd_usage(const gw_opts *o)
{
    if (o->vcd_cycles && !o->vcd)
        return kind_usage(o->prog, o->kind, "%s", "--vcd-cycles is the length of --vcd: name it");
    if (!o->vcd)
        return 0;
    size_t n = strlen(o->vcd);
    if (n < 5 || strcmp(o->vcd + n - 4, ".vcd"))
        return kind_usage(o->prog, o->kind, "--vcd '%s': the trace's name ends in .vcd", o->vcd);
    if (o->c.model_only || o->trends || o->worklist > IRHW_WL_HWWL)
        return kind_usage(o->prog, o->kind, "%s",
                          "--vcd traces the hwwl RTL in lockstep: not with --model-only, "
                          "--trends or a --worklist without hwwl");
    return 0;
}

static int parse_gw(int argc, char **argv, unsigned verbs, gw_opts *o)
{
    char verb[64];
    snprintf(verb, sizeof verb, "workload %s", o->kind);
    int rc = wl_parse(argc, argv, verb, verbs, &o->c, gw_opt, o);
    if (rc)
        return rc;
    if (!o->trends && !o->c.graph)
        return kind_usage(o->prog, o->kind, "%s", "name --graph FILE (or --trends)");
    if (o->trends && o->c.graph)
        return kind_usage(o->prog, o->kind, "%s",
                          "--trends runs every graph of --graphs DIR: drop --graph");
    if (o->worklist >= 0 && o->have_cost)
        return kind_usage(o->prog, o->kind, "%s",
                          "--cost is the lane driver's; with --worklist the kernel is "
                          "instructions (-g sets their constants)");
    if (o->worklist == IRHW_WL_HWWL && o->gpu_cores)
        return kind_usage(o->prog, o->kind, "%s",
                          "-g CORES is for the software worklists; hwwl's cores: -p CORES");
    if (o->worklist > IRHW_WL_HWWL && (o->c.nparams || o->have_mem_lat))
        return kind_usage(o->prog, o->kind,
                          "--worklist %s runs no hwwl: drop -p and --mem-lat (cores: -g CORES)",
                          irhw_wl_name(o->worklist));
    if (o->have_gpu && o->worklist < 0)
        return kind_usage(o->prog, o->kind, "%s",
                          "-g sets the GPU core model: name --worklist too");
    if (o->trends && (o->worklist >= 0 || o->values_out))
        return kind_usage(o->prog, o->kind, "%s",
                          "--trends runs the lane driver: drop --worklist / --levels-out");
    if (o->have_buffer && o->worklist > IRHW_WL_HWWL)
        return kind_usage(
            o->prog, o->kind,
            "--buffer is hwwl's wlcfg; --worklist %s is fixed (swwl and topo "
            "double-buffered, ideal-fifo/-sort double-buffered, ideal-*-single one single list)",
            irhw_wl_name(o->worklist));
    if (o->have_buffer && o->trends)
        return kind_usage(o->prog, o->kind, "%s", "--trends runs double-buffered: drop --buffer");
    if (o->active_out && o->worklist < 0)
        return kind_usage(o->prog, o->kind, "%s",
                          "--active-out samples the GPU core model's threads: name --worklist");
    if (o->active_every && !o->active_out)
        return kind_usage(o->prog, o->kind, "%s",
                          "--active-every is the period of --active-out: name it too");
    if ((rc = vcd_usage(o)))
        return rc;
    for (unsigned i = 0; i < o->c.nparams; i++) /* ENTRIES=inf: the largest ENTRIES */
        if (!strcasecmp(o->c.params[i], "ENTRIES=inf")) {
            if (!o->c.model_only && !o->trends)
                return kind_usage(o->prog, o->kind, "%s",
                                  "-p ENTRIES=inf is model only (banks of unbounded capacity): "
                                  "add --model-only");
            int64_t max = gw_entries_max();
            if (max < 0) /* no hwwl in this build: the run says so */
                continue;
            snprintf(o->inf_param, sizeof o->inf_param, "ENTRIES=%" PRId64, max);
            o->c.params[i] = o->inf_param;
            o->entries_inf = 1;
        }
    const char *values = !strcmp(o->kind, "bfs") ? "--levels-out" : "--dist-out";
    irhw_io io[] = {{IRHW_IO_IN, "--graph", o->c.graph, NULL},
                    {IRHW_IO_IN, "--graphs", o->c.graphs, NULL},
                    {IRHW_IO_FILE, values, o->values_out, values},
                    {IRHW_IO_FILE, "--active-out", o->active_out, "--active-out"},
                    {IRHW_IO_FILE, "--plot", o->plot, "--plot"},
                    {IRHW_IO_FILE, "--vcd", o->vcd, "--vcd"},
                    {IRHW_IO_FILE, "-o", o->c.out, "-o"}};
    char err[IRHW_ERRLEN + 8400];
    if (irhw_graphs_io_check(o->c.graphs, io, sizeof io / sizeof io[0], err, sizeof err))
        return kind_usage(o->prog, o->kind, "%s", err);
    return 0;
}

/* ---- the kinds ------------------------------------------------------------------ */

static int workload_iru(const wl_kind *k, int argc, char **argv, const char *prog)
{
    if (irhw_workload_gw_wants(argc, argv))
        return kind_usage(prog, k->name, "--arch%s: the GW machine runs bfs, sssp and pagerank",
                          "");
    if (irhw_args_help(argc, argv)) {
        kind_help(k, prog);
        return 0;
    }
    wl_opts o;
    memset(&o, 0, sizeof o);
    o.prog = prog;
    o.kernel = -1;
    irhw_gpu_defaults(&o.gcfg);
    giru_defaults(&o.icfg);
    o.parts = 1;
    int rc = parse_iru(argc, argv, &o);
    if (rc)
        return rc;
    if (o.gpu)
        return o.all ? wl_iru_gpu_all(&o) : o.nsweep ? wl_iru_gpu_sweep(&o) : wl_iru_gpu_single(&o);
    if (o.all)
        return wl_iru_all(&o);
    if (o.nsweep)
        return wl_iru_timeout_sweep(&o);
    return wl_iru_single(&o);
}

static int workload_graph(const wl_kind *k, int argc, char **argv, const char *prog)
{
    if (irhw_workload_gw_wants(argc, argv))
        return irhw_workload_gw(argc, argv, prog, k->name);
    if (irhw_args_help(argc, argv)) {
        kind_help(k, prog);
        return 0;
    }
    gw_opts o;
    gw_defaults(&o, prog, k->name);
    int rc = parse_gw(argc, argv, k->verbs, &o);
    if (rc)
        return rc;
    return o.trends ? gw_trends(&o) : gw_single(&o);
}

/* pagerank, gw: the Graph-Waving machine (sim/workload_gw.c) */
static int workload_gwa(const wl_kind *k, int argc, char **argv, const char *prog)
{
    return irhw_workload_gw(argc, argv, prog, k->name);
}

static const wl_kind kinds[] = {
    {"iru", "BFS/SSSP/PageRank edge frontiers through iru_hash", W_IRU, iru_usage, iru_about,
     iru_exits, workload_iru},
    {"bfs", "data-driven BFS closed-loop on the multi-core worklist hwwl", W_BFS, gw_usage_lines,
     bfs_about, gw_exits, workload_graph},
    {"sssp", "data-driven SSSP closed-loop on the multi-core worklist hwwl", W_SSSP, gw_usage_lines,
     sssp_about, gw_exits, workload_graph},
    {"pagerank", "PageRank on the Graph-Waving machine or its baseline (--arch)", 0, NULL, NULL,
     NULL, workload_gwa},
    {"gw", "Graph-Waving against its baseline: every graph, the swt's sizing", 0, NULL, NULL, NULL,
     workload_gwa},
};

static void kinds_help(FILE *f, const char *prog)
{
    fprintf(f, "usage: %s workload <kind> [options]   ('%s workload <kind> --help')\n", prog, prog);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        fprintf(f, "  %-8s %s\n", kinds[i].name, kinds[i].what);
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
            int rc = kinds[i].run(&kinds[i], m, rest, prog);
            free(rest);
            return rc;
        }
    irhw_print_unknown("irhw workload", "kind", kind,
                       irhw_closest(kind, &kinds[0].name, n, sizeof kinds[0]));
    kinds_help(stderr, prog);
    return EXIT_USAGE;
}
