/*
 * verb_explore.c — irhw explore BLOCK -p NAME=a,b ... --graphs DIR --kernel
 * bfs|sssp: cycles to DONE, area, fmax and energy per run of every
 * configuration on every graph, the Pareto fronts marked (sim/explore.c).
 * Exit codes: 0 done, 1 a run's result differed, 2 bad input, 3 a run or a
 * tool failed (its log named).
 */
#include "cli_int.h"

#include "args.h"
#include "explore.h"
#include "graph_dir.h"
#include "lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    E_HELP,
    E_P,
    E_GRAPH,
    E_GRAPHS,
    E_KERNEL,
    E_J,
    E_SLURM,
    E_PARTITION,
    E_OUT,
    E_CLOCK,
    E_LIB,
    E_CYC
};

static const irhw_opt explore_opts[] = {
    {"-h", 0, E_HELP, 0, NULL, NULL},
    {"--help", 0, E_HELP, 0, NULL, NULL},
    {"-p", 1, E_P, 0, "NAME=LIST",
     "the values of a parameter: a,b,c or lo..hi[:step]\n"
     "(repeat for each parameter; the product is explored)"},
    {"--graph", 1, E_GRAPH, 0, "FILE",
     "a graph (repeat for more; at most 32), instead of\n"
     "--graphs"},
    {"--graphs", 1, E_GRAPHS, 0, "DIR",
     "the graphs (default ../shared/data/graphs): every\n"
     "file the graph reader knows"},
    {"--kernel", 1, E_KERNEL, 0, "K", "bfs or sssp (default bfs)"},
    {"-j", 1, E_J, 0, "N", "local runs at once, 1..1024 (default: cores)"},
    {"--slurm", 0, E_SLURM, 0, NULL, "one sbatch --array job, one task per run"},
    {"--partition", 1, E_PARTITION, 0, "P", "the Slurm partition (with --slurm)"},
    {"-o", 1, E_OUT, 0, "DIR", "output folder (default out/explore/BLOCK)"},
    {"--clock", 1, E_CLOCK, 0, "MHz",
     "the clock of the power figures, 1..100000\n(default: power's)"},
    {"--liberty", 1, E_LIB, 0, "F",
     "the library of area and power (default: power's,\n"
     "sky130hd when ../shared/data has it)"},
    {"--cycles", 1, E_CYC, 0, "N",
     "power's co-simulated cycles of random stimulus,\n1..10000000 (default 20000)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

static void explore_help(void)
{
    printf("usage: irhw explore BLOCK -p NAME=a,b,... [--graph F ... | --graphs DIR] [--kernel K] "
           "[options]\n"
           "  What each configuration of an hwwl block (hwwl, hwwl_core, wl_bank) costs on\n"
           "  the graphs (--graph FILE ..., or the files of --graphs DIR): cycles to DONE\n"
           "  of the GPU core model running KERNEL on hwwl with the configuration's\n"
           "  parameters (model only), against the ideal worklists; area and fmax (irhw\n"
           "  area, OpenSTA) and energy per run (irhw power's energy per cycle from\n"
           "  random-stimulus activity, times the cycles, times the block's instances in\n"
           "  that hwwl), area and power on one library. The Pareto fronts of area x\n"
           "  cycles and energy x cycles are marked per graph and plotted; the cheapest\n"
           "  configuration within 5 %% of the ideal on every graph is named. Every run is\n"
           "  cached in DIR/runs/<key> and runs -j N at once or as one Slurm job array\n"
           "  (as irhw sweep). Writes DIR/explore.md, the plots DIR/explore_area.svg and\n"
           "  DIR/explore_energy.svg, and figures.txt: `irhw report DIR` shows them. A\n"
           "  configuration the block or the workload rejects is kept with its reason.\n");
    irhw_args_print(stdout, explore_opts, 0, 20);
    printf("exit: 0 done, 1 a run's result differed from the reference, 2 bad input (an\n"
           "      unknown block, parameter or kernel, an empty graph folder, a clock out of\n"
           "      range), 3 a run or a tool failed (its log named)\n");
}

static const char *absolute(const char *p, char *buf, size_t len)
{
    char *r = realpath(p, NULL);
    snprintf(buf, len, "%s", r ? r : p);
    free(r);
    return buf;
}

typedef struct {
    irhw_explore e;
    const char *axes[64], *graphs, *out, *block, *files[EX_MAX_GRAPHS];
    unsigned naxes, nfiles;
    char libbuf[4096], obuf[4096], outabs[4096], gdir[4096], self[4096], cmd[2048];
} ex_cli;

static int explore_opt(ex_cli *c, const irhw_opt *opt, const char *v)
{
    uint64_t x;
    double d;
    switch (opt->id) {
    case E_P:
        if (c->naxes == sizeof c->axes / sizeof c->axes[0])
            return irhw_usage("explore", "too many -p options: %s", v);
        c->axes[c->naxes++] = v;
        break;
    case E_GRAPH:
        if (c->nfiles == EX_MAX_GRAPHS)
            return irhw_usage("explore", "--graph %s: at most %d graphs", v, EX_MAX_GRAPHS);
        c->files[c->nfiles++] = v;
        break;
    case E_GRAPHS:
        c->graphs = v;
        break;
    case E_KERNEL:
        if (strcmp(v, "bfs") && strcmp(v, "sssp"))
            return irhw_usage("explore", "--kernel '%s': the kernels are bfs and sssp", v);
        c->e.kernel = v;
        break;
    case E_J:
        if (irhw_parse_uint(v, &x) || x < 1 || x > 1024)
            return irhw_usage("explore", "-j '%s' must be a whole number 1..1024", v);
        c->e.s.jobs = (int)x;
        break;
    case E_SLURM:
        c->e.s.slurm = 1;
        break;
    case E_PARTITION:
        c->e.s.partition = v;
        break;
    case E_OUT:
        c->out = v;
        break;
    case E_CLOCK:
        if (irhw_parse_real(v, &d) || !(d >= 1 && d <= 100000))
            return irhw_usage("explore", "--clock '%s' must be a number of MHz 1..100000", v);
        c->e.clock_mhz = d;
        break;
    case E_LIB: {
        char e2[IRHW_ERRLEN];
        if (irhw_regular_file(v, e2, sizeof e2))
            return irhw_usage("explore", "--liberty: %s", e2);
        /* a liberty every power run would refuse is refused here, once */
        int bad = irhw_liberty_check(v, e2, sizeof e2), has = bad ? 1 : 0;
        if (!bad && (has = irhw_liberty_has_power(v, e2, sizeof e2)) <= 0)
            bad = has < 0 ? -1 : IRHW_EINPUT;
        if (bad && !has)
            snprintf(e2, sizeof e2, "%s has no power data (no internal_power or leakage_power)", v);
        if (bad) {
            fprintf(stderr, "irhw explore: --liberty: %s\n", e2);
            return bad == IRHW_EINPUT ? EXIT_USAGE : EXIT_TOOL;
        }
        c->e.liberty = absolute(v, c->libbuf, sizeof c->libbuf);
        break;
    }
    case E_CYC:
        if (irhw_parse_uint(v, &x) || x < 1 || x > 10000000)
            return irhw_usage("explore", "--cycles '%s' must be a whole number 1..10000000", v);
        c->e.power_cycles = x;
        break;
    }
    return 0;
}

static int parse(ex_cli *c, int argc, char **argv)
{
    irhw_args a;
    irhw_args_init(&a, "explore", explore_opts, 0, argc, argv);
    const irhw_opt *opt;
    const char *v;
    int rc = 0;
    for (int k; !rc && (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            rc = EXIT_USAGE;
        else if (k == IRHW_ARG_POS && c->block)
            rc = irhw_usage("explore", "unexpected argument '%s' (one block at a time)", v);
        else if (k == IRHW_ARG_POS)
            c->block = v;
        else
            rc = explore_opt(c, opt, v);
    }
    if (rc)
        return rc;
    if (!c->block)
        return irhw_usage("explore", "name a block: hwwl, hwwl_core or wl_bank");
    if (!(c->e.s.b = irhw_args_block("explore", c->block)))
        return EXIT_USAGE;
    if (!irhw_explore_block_ok(c->block))
        return irhw_usage("explore",
                          "block %s: explore prices hwwl and its parts hwwl_core and wl_bank "
                          "(the blocks the bfs/sssp workloads run)",
                          c->block);
    char err[IRHW_ERRLEN];
    for (unsigned i = 0; i < c->naxes; i++)
        if (irhw_sweep_axis(&c->e.s, c->axes[i], err, sizeof err))
            return irhw_usage("explore", "%s", err);
    if (c->e.s.partition && !c->e.s.slurm)
        return irhw_usage("explore", "--partition needs --slurm");
    return 0;
}

/* The graphs (--graph, else the files of --graphs), their io entries in
 * io[*nio..]: 0, or EXIT_USAGE after the message. */
static int graphs(ex_cli *c, irhw_io *io, int *nio)
{
    if (c->nfiles && c->graphs)
        return irhw_usage("explore", "--graph and --graphs: name the graphs one way");
    char dir[4096];
    int n = (int)c->nfiles;
    if (!n) {
        n = irhw_graph_files("irhw", "explore", c->graphs, dir, sizeof dir, c->e.graph,
                             EX_MAX_GRAPHS);
        if (n < 0)
            return EXIT_USAGE;
        absolute(dir, c->gdir, sizeof c->gdir);
    }
    for (int i = 0; i < n; i++) {
        char e2[IRHW_ERRLEN];
        if (c->nfiles && irhw_regular_file(c->files[i], e2, sizeof e2))
            return irhw_usage("explore", "--graph: %s", e2);
        if (c->nfiles) {
            const char *slash = strrchr(c->files[i], '/');
            c->e.graph[i] = strdup(slash ? slash + 1 : c->files[i]);
            absolute(c->files[i], c->e.gpath[i], sizeof c->e.gpath[i]);
        } else {
            snprintf(c->e.gpath[i], sizeof c->e.gpath[i], "%s/%s", c->gdir, c->e.graph[i]);
        }
        c->e.ngraphs++;
        if (!c->e.graph[i]) {
            fprintf(stderr, "irhw explore: out of memory\n");
            return EXIT_TOOL;
        }
        io[(*nio)++] = (irhw_io){IRHW_IO_IN, "--graph", c->e.gpath[i], NULL};
    }
    return 0;
}

static void command_line(ex_cli *c, int argc, char **argv)
{
    size_t o = (size_t)snprintf(c->cmd, sizeof c->cmd, "irhw explore");
    for (int i = 0; i < argc && o < sizeof c->cmd; i++)
        o += (size_t)snprintf(c->cmd + o, sizeof c->cmd - o, " %s", argv[i]);
    c->e.command = c->cmd;
}

int irhw_cmd_explore(int argc, char **argv)
{
    if (irhw_args_help(argc, argv)) {
        explore_help();
        return 0;
    }
    ex_cli *c = calloc(1, sizeof *c);
    if (!c)
        return EXIT_TOOL;
    c->e.kernel = "bfs";
    c->e.power_cycles = 20000;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    c->e.s.jobs = cores > 0 ? (int)cores : 1;
    int rc = parse(c, argc, argv), nio = 2;
    irhw_io io[2 + EX_MAX_GRAPHS];
    if (!rc)
        rc = graphs(c, io, &nio);
    char err[4096];
    if (!rc) {
        if (!c->out)
            snprintf(c->obuf, sizeof c->obuf, "out/explore/%s", c->block);
        const char *out = c->out ? c->out : c->obuf;
        io[0] = (irhw_io){IRHW_IO_DIR, c->out ? "-o" : "the output folder", out, "-o"};
        io[1] = (irhw_io){IRHW_IO_IN, "--liberty", c->e.liberty, NULL};
        if (irhw_io_check(io, nio, err, sizeof err))
            rc = irhw_usage("explore", "%s", err);
        else if (irhw_mkdirs(out)) {
            fprintf(stderr, "irhw explore: cannot create %s: %s\n", out, strerror(errno));
            rc = EXIT_TOOL;
        } else
            c->e.s.out = absolute(out, c->outabs, sizeof c->outabs);
    }
    char lib[4200]; /* area and power on one library: the default one */
    irhw_default_liberty(lib, sizeof lib);
    if (!rc && !c->e.liberty && access(lib, R_OK) == 0)
        c->e.liberty = absolute(lib, c->libbuf, sizeof c->libbuf);
    if (!rc) {
        ssize_t n = readlink("/proc/self/exe", c->self, sizeof c->self - 1);
        c->self[n > 0 ? n : 0] = 0;
        c->e.s.self = n > 0 ? c->self : "irhw";
        command_line(c, argc, argv);
        fprintf(stderr, "explore: %s, %s on %u graph(s)%s%s\n", c->block, c->e.kernel, c->e.ngraphs,
                c->nfiles ? "" : " in ", c->nfiles ? "" : c->gdir);
        int bad = irhw_explore_run(&c->e, err, sizeof err);
        if (bad) {
            fprintf(stderr, "irhw explore: %s\n", err);
            rc = bad == -2 ? EXIT_USAGE : EXIT_TOOL;
        } else if (c->e.failed) {
            fprintf(stderr, "irhw explore: %d run(s) failed; the first: %s\n", c->e.failed,
                    c->e.first_failure);
            rc = EXIT_TOOL;
        } else if (c->e.mismatched) {
            fprintf(stderr, "irhw explore: %d run(s) differed; the first: %s\n", c->e.mismatched,
                    c->e.first_failure);
            rc = EXIT_MISMATCH;
        }
    }
    irhw_graph_files_free(c->e.graph, c->e.ngraphs);
    free(c->e.cfg);
    free(c);
    return rc;
}
