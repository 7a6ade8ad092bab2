/*
 * workload_gw.c — the command line of the Graph-Waving machine (sim/gpu_gw.c):
 * `irhw workload bfs|sssp|pagerank --arch baseline|gw|both --graph FILE`
 * (one run each, checked against the reference, side by side) and
 * `irhw workload gw --all | --sweep` (sim/workload_gw_all.c: every graph,
 * the table's sizing). docs/gw.md.
 */
#include "workload_gw.h"

#include "args.h"
#include "workload_gw_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum {
    O_HELP,
    O_ARCH,
    O_G,
    O_SRC,
    O_ITERS,
    O_NO_WAVES,
    O_MAX_CYCLES,
    O_ALL,
    O_SWEEP,
    O_KERNEL,
    O_RMAT,
    O_RTL,
    O_HOLD,
    O_RTL_FILE,
    O_SCOREBOARD
};
enum { V_RUN = 1, V_GW = 2 }; /* bfs/sssp/pagerank; the gw kind */

static const irhw_opt gw_opts_tab[] = {
    {"-h", 0, O_HELP, 0, NULL, NULL},
    {"--help", 0, O_HELP, 0, NULL, NULL},
    {"--graph", 1, WL_GRAPH, 0, "FILE",
     "METIS .graph, Matrix Market .mtx or SNAP edge list .txt\n(gw --sweep: the graph swept)"},
    {"--graphs", 1, WL_GRAPHS, V_GW, "DIR",
     "the graphs of --all (default ../shared/data/graphs);\nabsent: said, and skipped"},
    {"--rmat", 1, O_RMAT, V_GW, "FILE", "--all: also this generated graph (irhw graph rmat ...)"},
    {"-o", 1, WL_OUT, V_GW, "FILE.md",
     "the Markdown table (default out/gw_all.md, out/gw_sweep.md);\n"
     "--sweep: its SVG plot beside it"},
    {"--kernel", 1, O_KERNEL, V_GW, "K", "--sweep: bfs, sssp or pagerank (default bfs)"},
    {"--arch", 1, O_ARCH, V_RUN, "A",
     "baseline (vertex per thread, warp-wide SIMD), gw (vertex per\n"
     "SIMD group, scalar waves through swt) or both (default:\n"
     "both, and the speedup)"},
    {"-g", 1, O_G, 0, "NAME=VALUE",
     "SIMD=8|16|32 (GW SIMD group width, divides WARP_SIZE;\n"
     "default 8) or a GPU core model constant (irhw workload bfs\n"
     "--help lists them)"},
    {"-p", 1, WL_P, 0, "NAME=VALUE",
     "an swt parameter (irhw list swt): ENTRIES, POLICY, LANES\n"
     "(default: the SIMD width), PC_BITS; WARPS is the machine's\n"
     "(the groups of a cluster)"},
    {"--src", 1, O_SRC, V_RUN, "V", "BFS/SSSP source (default: the vertex of most edges)"},
    {"--iters", 1, O_ITERS, 0, "N", "PageRank iterations, 1..100 (default 5)"},
    {"--no-waves", 0, O_NO_WAVES, 0, NULL,
     "GW without the swt: scalar instructions issue alone\n(what the waves add)"},
    {"--hold", 1, O_HOLD, 0, "N",
     "a wave waits for a full table or an entry N cycles old,\n"
     "0..100000 (default 0: issues whenever its cluster has a\n"
     "free slot, the paper's rule)"},
    {"--scoreboard", 0, O_SCOREBOARD, 0, NULL,
     "both archs: a group issues an instruction once the values\n"
     "it reads are ready (default: once its last one answered,\n"
     "the GPU core model's rule)"},
    {"--max-cycles", 1, O_MAX_CYCLES, 0, "N", "stop a run after N cycles (exit 1)"},
    {"--rtl", 0, O_RTL, V_RUN, NULL, "every swt in lockstep with its generated RTL (Verilator)"},
    {"--rtl-file", 1, O_RTL_FILE, V_RUN, "FILE.v",
     "--rtl with this Verilog instead of the generated RTL\n"
     "(its module named as irhw gen swt names it)"},
    {"--model-only", 0, WL_MODEL_ONLY, 0, NULL, "the C models alone (the default)"},
    {"-q", 0, WL_QUIET, 0, NULL, "one line a run"},
    {"--all", 0, O_ALL, V_GW, NULL, "every graph x kernel, baseline and gw side by side"},
    {"--sweep", 0, O_SWEEP, V_GW, NULL,
     "ENTRIES 2..32 x POLICY oldest/fullest on --graph: speedup\nand pack rate"},
    {NULL, 0, 0, 0, NULL, NULL}};

static void gw_help(const char *prog, const char *kind)
{
    int run = strcmp(kind, "gw") != 0;
    if (run)
        printf("usage: %s workload %s --arch baseline|gw|both --graph FILE [options]\n", prog,
               kind);
    else
        printf("usage: %s workload gw --all [options]\n       %s workload gw --sweep --graph FILE "
               "[options]\n",
               prog, prog);
    printf("  The Graph-Waving machine (docs/gw.md) beside the GPU core model: topology-\n"
           "  driven %s on CORES cores of WARPS warps; baseline maps a vertex to a\n"
           "  thread on warp-wide SIMD groups, gw a vertex to a SIMD group of -g SIMD\n"
           "  lanes (clustered issue), its scalar instructions gathered across groups\n"
           "  into scalar waves by the scalar-warp table swt (its C model, one a\n"
           "  cluster). Every run is checked against the sequential reference.\n"
           "options:\n",
           run ? kind : "BFS, SSSP and PageRank");
    irhw_args_print(stdout, gw_opts_tab, run ? V_RUN : V_GW, 24);
    printf("exit: 0 done and equal to the reference, 1 a result differs or a run hit\n"
           "      --max-cycles, or the RTL differs from the model, 2 usage, parameter or\n"
           "      graph-file error, 3 tool failure\n");
}

int irhw_workload_gw_wants(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--"))
            return 0;
        if (!strncmp(argv[i], "--arch", 6) && (!argv[i][6] || argv[i][6] == '='))
            return 1;
    }
    return 0;
}

static int number(const irhw_args *a, const char *opt, const char *v, uint64_t lo, uint64_t hi,
                  uint64_t *out)
{
    if (irhw_parse_uint(v, out) || *out < lo || *out > hi)
        return irhw_args_usage(a, "%s '%s' must be a whole number %" PRIu64 "..%" PRIu64, opt, v,
                               lo, hi);
    return 0;
}

static int take_g(const irhw_args *a, gwv_opts *o, const char *v)
{
    if (!strncmp(v, "SIMD=", 5)) {
        uint64_t s;
        if (irhw_parse_uint(v + 5, &s) || (s != 8 && s != 16 && s != 32))
            return irhw_args_usage(a, "-g SIMD='%s' must be 8, 16 or 32", v + 5);
        o->simd = (unsigned)s;
        o->have_simd = 1;
        return 0;
    }
    char err[IRHW_ERRLEN];
    if (irhw_gpu_set(&o->gpu, v, err, sizeof err))
        return irhw_args_usage(a, "-g %s (or -g SIMD=8|16|32)", err);
    return 0;
}

static int take(const irhw_args *a, gwv_opts *o, const irhw_opt *opt, const char *v)
{
    uint64_t x;
    switch (opt->id) {
    case O_RMAT:
        o->rmat = v;
        return 0;
    case O_ARCH:
        if (!strcmp(v, "baseline") || !strcmp(v, "gw") || !strcmp(v, "both")) {
            o->arch = v[0] == 'b' ? (v[1] == 'a' ? ARCH_BASE : ARCH_BOTH) : ARCH_GW;
            return 0;
        }
        return irhw_args_usage(a, "--arch '%s' must be baseline, gw or both", v);
    case O_KERNEL:
        for (int k = 0; k < GWA_NKERNELS; k++)
            if (!strcmp(v, gwa_kernel_names[k])) {
                o->kernel = k;
                return 0;
            }
        return irhw_args_usage(a, "--kernel '%s' must be bfs, sssp or pagerank", v);
    case O_G:
        return take_g(a, o, v);
    case O_SRC:
        if (number(a, "--src", v, 0, UINT32_MAX, &x))
            return EXIT_USAGE;
        o->src = (uint32_t)x;
        o->have_src = 1;
        return 0;
    case O_ITERS:
        if (number(a, "--iters", v, 1, 100, &x))
            return EXIT_USAGE;
        o->iters = (unsigned)x;
        return 0;
    case O_HOLD:
        if (number(a, "--hold", v, 0, 100000, &x))
            return EXIT_USAGE;
        o->hold = (unsigned)x;
        return 0;
    case O_MAX_CYCLES:
        return number(a, "--max-cycles", v, 1, UINT64_MAX / 4, &o->max_cycles) ? EXIT_USAGE : 0;
    case O_SCOREBOARD:
        o->scoreboard = 1;
        return 0;
    case O_NO_WAVES:
        o->no_waves = 1;
        return 0;
    case O_RTL:
        o->rtl = 1;
        return 0;
    case O_RTL_FILE:
        o->rtl_file = v;
        o->rtl = 1;
        return 0;
    case O_ALL:
        o->all = 1;
        return 0;
    case O_SWEEP:
        o->sweep = 1;
        return 0;
    }
    return 0;
}

/* The choices together: what no single option can check. */
static int check(const irhw_args *a, gwv_opts *o)
{
    int gwkind = !strcmp(o->kind, "gw");
    unsigned ws = o->gpu.v[GC_WARP_SIZE];
    if (o->simd > ws || ws % o->simd)
        return irhw_args_usage(a, "-g SIMD=%u must divide WARP_SIZE=%u (8, 16 or 32 that does)",
                               o->simd, ws);
    if (o->gpu.v[GC_WARPS] % o->gpu.v[GC_ISSUE])
        return irhw_args_usage(a,
                               "-g WARPS=%u must be a multiple of ISSUE=%u (the clusters "
                               "share the warps evenly)",
                               o->gpu.v[GC_WARPS], o->gpu.v[GC_ISSUE]);
    if (gwkind && o->all == o->sweep)
        return irhw_args_usage(a, "workload gw takes one of --all and --sweep");
    if ((!gwkind || o->sweep) && !o->c.graph)
        return irhw_args_usage(a, "--graph FILE is required%s", gwkind ? " with --sweep" : "");
    if (gwkind && o->all && o->c.graph)
        return irhw_args_usage(a, "--all runs the graphs of --graphs: drop --graph");
    if (o->rtl && o->c.model_only)
        return irhw_args_usage(a, "--rtl and --model-only exclude each other");
    if (o->rtl && o->arch == ARCH_BASE)
        return irhw_args_usage(a, "--rtl runs the swt RTL: the baseline has none (--arch gw)");
    if (o->rtl && o->no_waves)
        return irhw_args_usage(a, "--rtl runs the swt RTL: --no-waves uses none");
    return 0;
}

static void defaults(gwv_opts *o, const char *prog, const char *kind)
{
    memset(o, 0, sizeof *o);
    o->prog = prog;
    o->kind = kind;
    o->arch = ARCH_BOTH;
    o->simd = 8;
    o->iters = 5;
    irhw_gpu_defaults(&o->gpu);
    o->kernel = GWA_BFS;
    for (int k = 0; k < GWA_NKERNELS; k++)
        if (!strcmp(kind, gwa_kernel_names[k]))
            o->kernel = k;
}

static int parse(int argc, char **argv, gwv_opts *o)
{
    char verb[64];
    snprintf(verb, sizeof verb, "workload %s", o->kind);
    irhw_args a;
    irhw_args_init(&a, verb, gw_opts_tab, strcmp(o->kind, "gw") ? V_RUN : V_GW, argc, argv);
    const irhw_opt *opt;
    const char *v;
    for (int k, rc; (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            return EXIT_USAGE;
        if (k == IRHW_ARG_POS)
            return irhw_args_usage(&a, "unexpected argument '%s'", v);
        if ((rc = wl_common_opt(&a, &o->c, opt, v)) == 2)
            return EXIT_USAGE;
        if (!rc && (rc = take(&a, o, opt, v)))
            return rc;
    }
    int rc = check(&a, o);
    if (rc)
        return rc;
    irhw_inst x;
    rc = gwv_swt_inst(o, &x); /* the table's parameters, checked once here */
    irhw_inst_free(&x);
    return rc;
}

int irhw_workload_gw(int argc, char **argv, const char *prog, const char *kind)
{
    if (irhw_args_help(argc, argv)) {
        gw_help(prog, kind);
        return 0;
    }
    gwv_opts o;
    defaults(&o, prog, kind);
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc;
    if (o.all)
        return gwv_all(&o);
    if (o.sweep)
        return gwv_sweep(&o);
    return gwv_single(&o);
}
