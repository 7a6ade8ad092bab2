/*
 * cli_int.h — what the files of the irhw command line share: sim/cli.c
 * (main, the verb table, the block verbs' option table and its parsing)
 * and one file per verb (sim/verb_list.c, verb_gen.c, verb_cosim.c,
 * verb_run.c, verb_area.c, verb_power.c, verb_prove.c): the parsed options
 * of a block verb, the exit codes and the helpers more than one verb uses.
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

/* area, power: --timing, how the critical path is found (docs/area.md) */
typedef enum {
    TIMING_AUTO, /* module by module, large submodules as extracted timing models */
    TIMING_FULL, /* OpenSTA on the whole linked netlist */
    TIMING_ILM,  /* module by module, submodules as interface logic models */
    TIMING_NONE  /* no timing (area only) */
} timing_mode;

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
    int cycles_given; /* --cycles was given */
    uint64_t depth;   /* prove: --depth (0: the default) */
    irhw_stim_mode stim;
    int json, no_model, no_assert, quiet, help;
    int profile;        /* cosim: --profile */
    int flat, progress; /* area: one flat Yosys run; progress on stderr */
    timing_mode timing; /* area, power: --timing */
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
/* Parses BLOCK (when need_block) and the options of the verb (vbit, V_*),
 * in any order; the -p are set once the block is known. 0, or 2 after the
 * message; o->help when -h or --help was given. */
int parse_opts(const char *verb, int argc, char **argv, int need_block, unsigned vbit, opts *o);
/* A block verb's --help on stdout: "usage: irhw USAGE", the paragraph
 * `about`, the options of the shared table that vbit takes (each row's own
 * help), then `tail` (exit codes; NULL: none). */
void verb_help(const char *usage, const char *about, unsigned vbit, const char *tail);
int write_design(const irhw_inst *x, const char *dir, char *path, size_t len,
                 const char *leaves[IRHW_MAX_LEAVES], unsigned *nleaves, char *err, size_t errlen);

/* The verbs, one file each (sim/verb_<verb>.c). */
int cmd_list(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_cosim(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_area(int argc, char **argv);
int cmd_power(int argc, char **argv);
int cmd_prove(int argc, char **argv);

/* sim/verb_cosim.c: one co-simulation of o's design (print: its report). */
int cosim_one(const opts *o, irhw_cosim_res *res, int print);
/* sim/verb_area.c: the area run of o's design in dir; the report to print
 * when not NULL. */
int area_one(const opts *o, const char *dir, irhw_area_res *r, FILE *print);

#endif
