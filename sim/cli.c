/*
 * cli.c — the irhw command line: main and the verb table. What the block
 * verbs share (their option table, its parsing, writing a design) is in
 * sim/cli_opts.c. Each verb lives in its own file: sim/verb_list.c,
 * verb_gen.c, verb_cosim.c, verb_run.c, verb_area.c, verb_power.c,
 * verb_prove.c (cli_int.h), verb_graph.c, sweep_cli.c (sweep, sweep-task,
 * report), verb_workload.c (workload) and verb_paper_figs.c (paper-figs).
 *
 * Exit codes: 0 success (cosim: RTL equal to the model); 1 cosim mismatch
 * or failed check; 2 usage or parameter error (what was typed is wrong:
 * the message names the option or parameter and what is allowed); 3 a tool
 * or the system failed (Verilator, Yosys, a folder that cannot be written):
 * the message names the tool's log or the path and the OS error.
 */
#include "cli_int.h"

#include "area.h"
#include "args.h"
#include "cli_workload.h"
#include "cosim.h"
#include "graph_gen.h"
#include "irhw.h"
#include "lines.h"
#include "portwave.h"
#include "explore.h"
#include "sweep.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- main ------------------------------------------------------------------ */

static int cmd_workload(int argc, char **argv)
{
    return irhw_cli_workload(argc, argv, prog);
}

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *args;  /* what follows the verb, in the overview */
    const char *about; /* one line */
} verb_entry;

static const verb_entry verbs[] = {
    {"list", cmd_list, "[BLOCK]", "blocks, parameters, defaults, ranges"},
    {"gen", cmd_gen, "BLOCK -p N=V -o D", "write the Verilog for one configuration"},
    {"cosim", cmd_cosim, "BLOCK -p N=V ...", "RTL in lockstep with the C model"},
    {"area", cmd_area, "BLOCK -p N=V ...", "Yosys area, SRAM model, OpenSTA critical path"},
    {"power", cmd_power, "BLOCK -p N=V ...",
     "power and energy from co-simulation activity (OpenSTA)"},
    {"prove", cmd_prove, "BLOCK -p N=V ...", "the block's assertions by model checking (Yosys)"},
    {"run", cmd_run, "", "all of it for every block at the papers' defaults"},
    {"sweep", irhw_cmd_sweep, "BLOCK -p N=a,b ...", "many configurations, locally or on Slurm"},
    {"sweep-task", irhw_cmd_sweep_task, "RUNDIR", "one configuration of a sweep (what sweep runs)"},
    {"explore", irhw_cmd_explore, "BLOCK -p N=a,b ...",
     "cycles, area, energy on graphs; the Pareto front"},
    {"report", irhw_cmd_report, "DIR...", "area estimation report (HTML + Markdown) of sweeps"},
    {"workload", cmd_workload, "KIND ...", "workloads driving the blocks (iru: graph frontiers)"},
    {"paper-figs", irhw_cmd_paper_figs, "", "the papers' figures on our graphs (workload runs)"},
    {"graph", irhw_cmd_graph, "rmat|grid|info",
     "generate R-MAT and grid graphs; a graph's BFS shape"},
    {"help", NULL, "[VERB]", "this overview, or a verb's --help"},
};
#define NVERBS (sizeof verbs / sizeof verbs[0])

static void help(FILE *f)
{
    fprintf(f,
            "irhw %s — golden models of GPU hardware blocks, Verilog generators,\n"
            "Verilator co-simulation, waveforms and area.\n\n"
            "usage: %s <verb> [BLOCK] [options]   ('%s help VERB' for each)\n",
            IRHW_VERSION, prog, prog);
    for (size_t i = 0; i < NVERBS; i++) {
        char head[64];
        snprintf(head, sizeof head, "%s %s", verbs[i].name, verbs[i].args);
        fprintf(f, "  %-24s %s\n", head, verbs[i].about);
    }
    fprintf(f, "  (-V, --version: the version)\n\n" IRHW_ARGS_HELP
               "  exit: 0 ok, 1 a verdict against the design, 2 bad input, 3 a tool or the\n"
               "  system failed; SIGINT/SIGTERM/SIGHUP stop every verb and its tools, keep\n"
               "  an unfinished file as NAME.partial, exit 130/143/129 (docs/errors.md)\n");
    irhw_print_blocks(f);
}

/* The verb called name, or NULL after "unknown verb" (did you mean) and the overview. */
static const verb_entry *find_verb(const char *name)
{
    for (size_t i = 0; i < NVERBS; i++)
        if (!strcmp(name, verbs[i].name))
            return &verbs[i];
    irhw_print_unknown(prog, "verb", name,
                       irhw_closest(name, &verbs[0].name, NVERBS, sizeof verbs[0]));
    help(stderr);
    return NULL;
}

/* irhw help [VERB]: the overview, or that verb's --help. */
static int cmd_help(int argc, char **argv)
{
    if (argc == 0 || (argc == 1 && !strcmp(argv[0], "help"))) {
        help(stdout);
        return 0;
    }
    if (argc > 1)
        return irhw_usage("help", "name one verb (not '%s' too)", argv[1]);
    const verb_entry *v = find_verb(argv[0]);
    if (!v)
        return EXIT_USAGE;
    char *h[] = {"--help", NULL};
    return v->run(1, h);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    atexit(irhw_check_stdout);
    /* a write past a file-size limit (ulimit -f) fails with EFBIG, as on a
     * full disk, and each writer ends the run on it (exit 3, *.partial or
     * no file) instead of the signal killing irhw mid-file; the tools it
     * runs inherit this */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        help(stderr);
        return EXIT_USAGE;
    }
    const char *verb = argv[1];
    if (!strcmp(verb, "-h") || !strcmp(verb, "--help")) {
        help(stdout);
        return 0;
    }
    if (!strcmp(verb, "--version") || !strcmp(verb, "-V")) {
        printf("irhw %s\n", IRHW_VERSION);
        return 0;
    }
    if (!strcmp(verb, "help"))
        return cmd_help(argc - 2, argv + 2);
    const verb_entry *v = find_verb(verb);
    if (!v)
        return EXIT_USAGE;
    irhw_signals_init(verb);
    return v->run(argc - 2, argv + 2);
}
