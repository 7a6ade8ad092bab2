/*
 * cli_int.h — what the files of the irhw command line share (sim/cli.c:
 * option parsing, list, gen and the verb table; sim/cli_cosim.c: cosim and
 * run; sim/cli_area.c: area, power and prove): the parsed options of a
 * block verb, the exit codes and the helpers more than one verb uses.
 */
#ifndef IRHW_CLI_INT_H
#define IRHW_CLI_INT_H

#include "area.h"
#include "cosim.h"
#include "irhw.h"

#include <stdint.h>
#include <stdio.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

extern const char *prog; /* "irhw", in messages */

#define PROVE_DEPTH_MAX 200 /* irhw prove --depth */

/* The verbs of the shared option table (sim/cli.c): which of them take an option. */
enum { V_GEN = 1, V_COSIM = 2, V_AREA = 4, V_RUN = 8, V_PROVE = 16, V_POWER = 32, V_ALL = 63 };

typedef struct {
    const irhw_block *b;
    irhw_cfg c;
    irhw_inst x; /* the checked instance of b (after parse_opts) */
    const char *out, *wave, *liberty, *draw, *record, *sram_table;
    uint64_t wave_depth, wave_from, wave_to;
    uint64_t wave_limit;  /* bytes; 0: none */
    const char *wave_opt; /* the last of --wave-depth/-from/-to given, to name in errors */
    const char *verb;     /* in messages */
    const char *run_opt;  /* the last of --cycles, --seed, --stim, --stim-file, --wave-limit */
    int wave_checked;     /* power: the trace's size was checked before the area */
    int estimate_only;    /* cosim_one: stop after the trace's size check */
    int limit_given;      /* --wave-limit given (cosim: it needs --wave or --record) */
    const char *rtl[64];
    unsigned nrtl;
    uint64_t cycles, seed;
    uint64_t depth; /* prove: --depth (0: the default) */
    irhw_stim_mode stim;
    int json, no_model, no_assert, quiet, no_sta, help;
    int flat, progress; /* area: one flat Yosys run; progress on stderr */
    int ilm;            /* area: timing from the modules' interface logic models */
    int full_sta;       /* area: OpenSTA on the whole linked netlist */
    uint64_t jobs;      /* area, power: tools side by side; run: blocks at once (0: default) */
    int systemc;        /* gen: also <module>_sc.h; cosim: the SystemC co-simulation */
    /* cosim: tb/observe.h, tb/stimfile.h, tb/shrink.h */
    const char *stim_file, *shrink_out;
    int until_covered, require_coverage, shrink, trace_lines;
    int xcheck;         /* cosim: the same stimulus on the RTL under Icarus (tb/xcheck.h) */
    uint64_t threads;   /* cosim: 1 or 2, 0 = by the machine (tb/cosim.h) */
    double clock_mhz;   /* power: --clock (0: the paper's) */
    const char *blocks; /* run: --blocks (NULL: every block) */
    const char *vcd_in; /* power: --vcd, a given trace instead of a co-simulation */
} opts;

/* sim/cli.c */
const char *size_text(double bytes, char *buf, size_t len);
int io_check(const char *verb, const opts *o, const char *dir);
int parse_opts(const char *verb, int argc, char **argv, int need_block, unsigned vbit, opts *o);
int write_design(const irhw_inst *x, const char *dir, char *path, size_t len,
                 const char *leaves[IRHW_MAX_LEAVES], unsigned *nleaves, char *err, size_t errlen);

/* sim/cli_cosim.c */
int cosim_one(const opts *o, irhw_cosim_res *res, int print);
int cmd_cosim(int argc, char **argv);
int cmd_run(int argc, char **argv);

/* sim/cli_area.c */
int area_one(const opts *o, const char *dir, irhw_area_res *r, FILE *print);
int cmd_area(int argc, char **argv);
int cmd_power(int argc, char **argv);
int cmd_prove(int argc, char **argv);

#endif
