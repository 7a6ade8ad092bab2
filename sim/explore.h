/*
 * explore.h — irhw explore: what each configuration of an hwwl block costs
 * on the user's graphs (sim/explore.c; the verb in sim/verb_explore.c).
 *
 * Per configuration one `irhw area BLOCK ... --json` run (area, critical
 * path) and one `irhw power BLOCK ... --json` run (power from the
 * co-simulation's random stimulus; its synthesis is the area run's, from
 * the synthesis cache), both on one liberty, and, per graph, one
 * `irhw workload KERNEL --worklist hwwl --model-only` run of the GPU core
 * model on hwwl with the configuration's parameters that hwwl has (cycles to
 * DONE); per graph two runs on the ideal worklists (ideal-fifo, ideal-sort)
 * give the ideal. Every run is a task of a command sweep (sweep.h): cached
 * in OUT/runs/<key>, -j N at once or one Slurm job array.
 */
#ifndef IRHW_EXPLORE_H
#define IRHW_EXPLORE_H

#include "sweep.h"

#define EX_MAX_GRAPHS 32
#define EX_MAX_CFGS 256

/* One configuration's results. */
typedef struct {
    char asked[1024];  /* the swept parameters as given: "ENTRIES=8 LANES=4" */
    char params[1024]; /* every parameter after derivation */
    int valid;         /* the block takes it (else reason) */
    char reason[IRHW_ERRLEN];
    int area_run, power_run; /* indices of its area and power runs */
    int have_cost;           /* area and fmax known (else cost_why) */
    int have_power;          /* power known (else power_why) */
    char cost_why[700], power_why[700];
    double area_um2, crit_ns, fmax_mhz, total_mw, clock_mhz;
    unsigned instances; /* BLOCK instances in the hwwl the workload runs */
    int wl_run[EX_MAX_GRAPHS];
    int have_cycles[EX_MAX_GRAPHS]; /* else why[] */
    char why[EX_MAX_GRAPHS][400];
    uint64_t cycles[EX_MAX_GRAPHS];
    double energy_uj[EX_MAX_GRAPHS];
    int front_area[EX_MAX_GRAPHS], front_energy[EX_MAX_GRAPHS];
} ex_cfg;

typedef struct {
    irhw_sweep s; /* the block, its axes, -j, --slurm, -o (absolute), the binary */
    const char *kernel;
    char *graph[EX_MAX_GRAPHS];      /* the graphs' names, as in the table (malloc'd) */
    char gpath[EX_MAX_GRAPHS][4096]; /* their absolute paths */
    unsigned ngraphs;
    double clock_mhz;    /* --clock (0: power's own) */
    const char *liberty; /* --liberty, else sky130hd when it is there, else none */
    uint64_t power_cycles;
    const char *command; /* the command line, for the table's header */
    /* filled by irhw_explore_run */
    ex_cfg *cfg;
    int ncfg;
    uint64_t ideal[EX_MAX_GRAPHS]; /* the faster ideal worklist's cycles (0: none) */
    int ideal_run[EX_MAX_GRAPHS][2];
    int failed, mismatched; /* runs that ended in error (exit 3) / mismatch */
    char first_failure[1200];
} irhw_explore;

/* The blocks explore prices: hwwl and the blocks it is made of. */
int irhw_explore_block_ok(const char *name);

/* Expands the configurations, runs what is not cached, gathers every
 * result, marks the Pareto fronts and writes OUT/explore.md, explore.tsv,
 * the plots and figures.txt (irhw report reads it). 0; -2 with err for
 * bad input (no valid configuration, too many); -1 with err when the
 * system failed (a failed run is not an error here: e->failed counts
 * them). */
int irhw_explore_run(irhw_explore *e, char *err, size_t errlen);

/* The verb (sim/verb_explore.c); argv after the verb. Exit codes 0/1/2/3. */
int irhw_cmd_explore(int argc, char **argv);

#endif
