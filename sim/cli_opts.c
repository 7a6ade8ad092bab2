/*
 * cli_opts.c — what the block verbs (sim/verb_*.c, cli_int.h) share: their
 * option table (each row with its help, so every verb's --help is
 * generated from it), its parsing into `opts`, the output-overlap check,
 * writing a design, and the help of a block verb.
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
#include "sweep.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *prog = "irhw";

#define IRHW_STR2(x) #x
#define IRHW_STR(x) IRHW_STR2(x)

/* ---- common option parsing ------------------------------------------------ */

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t x;
    if (irhw_parse_uint(s, &x) || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

/* A size: a whole number of bytes, or with K, M, G or T (powers of 1,024);
 * "0" or "none" for none. */
static int parse_size(const char *s, uint64_t *out)
{
    if (s && !strcmp(s, "none")) {
        *out = 0;
        return 0;
    }
    char *end;
    errno = 0;
    if (!s || !isdigit((unsigned char)*s))
        return -1;
    unsigned long long x = strtoull(s, &end, 10);
    const char *units = "KMGT", *u = *end ? strchr(units, toupper((unsigned char)*end)) : NULL;
    if (errno || (*end && (!u || end[1])))
        return -1;
    for (int k = u ? (int)(u - units) + 1 : 0; k > 0; k--) {
        if (x > (1ULL << 50))
            return -1;
        x *= 1024;
    }
    if (x > (1ULL << 50))
        return -1;
    *out = x;
    return 0;
}

/* bytes as "1.5G", "200.0M", "12.0K" or "800" */
const char *size_text(double bytes, char *buf, size_t len)
{
    const char *u = "KMGT";
    int k = -1;
    while (bytes >= 1024 && k < 3)
        bytes /= 1024, k++;
    if (k < 0)
        snprintf(buf, len, "%.0f", bytes);
    else
        snprintf(buf, len, "%.1f%c", bytes, u[k]);
    return buf;
}

/* The options of the block verbs (verbs, V_* in cli_int.h: which of them
 * take it). An option whose help differs between verbs has a row for each,
 * with the same id. Each verb's --help prints the rows it sees. */
enum {
    O_HELP,
    O_P,
    O_OUT,
    O_CYCLES,
    O_SEED,
    O_STIM,
    O_WAVE,
    O_WAVE_DEPTH,
    O_THREADS,
    O_WAVE_FROM,
    O_WAVE_TO,
    O_WAVE_LIMIT,
    O_RTL,
    O_DEPTH,
    O_LIBERTY,
    O_SRAM_TABLE,
    O_DRAW,
    O_RECORD,
    O_STIM_FILE,
    O_SHRINK_OUT,
    O_SHRINK,
    O_UNTIL_COVERED,
    O_REQUIRE_COVERAGE,
    O_TRACE_LINES,
    O_JSON,
    O_TIMING,
    O_FLAT,
    O_PROGRESS,
    O_NO_MODEL,
    O_PROFILE,
    O_NO_ASSERT,
    O_QUIET,
    O_SYSTEMC,
    O_XCHECK,
    O_CLOCK,
    O_JOBS,
    O_BLOCKS,
    O_VCD,
    O_RETIRED, /* a switch --timing replaced: exit 2 naming the replacement */
};
#define V_BLOCK (V_GEN | V_COSIM | V_AREA | V_PROVE | V_POWER)
/* clang-format off */
static const char threads_help[] =
    "2: the stimulus, model, checker and coverage in\n"
    "one thread, up to " IRHW_STR(IRHW_COSIM_RING) " cycles ahead of the RTL\n"
    "and the compare in another (the same results);\n"
    "1: all in one. Default:\n"
    "the first " IRHW_STR(IRHW_COSIM_FIRST) " cycles in one; with two CPUs free,\n"
    "two if a cycle took " IRHW_STR(IRHW_COSIM_TWO_NS) " ns or more and " IRHW_STR(IRHW_COSIM_TWO_SHARE) " of\n"
    "it or more was the model's side; else a trial of\n"
    IRHW_STR(IRHW_COSIM_TRIAL) "-cycle windows in one and two: two when\n"
    IRHW_STR(IRHW_COSIM_TRIAL_MARGIN) " faster and one thread had its CPU for\n"
    IRHW_STR(IRHW_COSIM_TRIAL_BUSY) " of the time, checked again after\n"
    IRHW_STR(IRHW_COSIM_RECHECK) " cycles, then twice as many each time up\n"
    "to " IRHW_STR(IRHW_COSIM_RECHECK_MAX) "; one with --wave, --systemc,\n"
    "--trace-lines, --xcheck or --shrink. The line\n"
    "'threads:' says what ran";
/* clang-format on */
static const irhw_opt block_opts[] = {
    {"-h", 0, O_HELP, V_ALL, NULL, NULL},
    {"--help", 0, O_HELP, V_ALL, NULL, NULL},
    {"-p", 1, O_P, V_BLOCK, "NAME=VALUE",
     "a parameter of the block (irhw list BLOCK: names,\n"
     "ranges, defaults)"},
    {"-o", 1, O_OUT, V_GEN, "DIR",
     "the output folder (default out/<module>, a folder\n"
     "per configuration)"},
    {"-o", 1, O_OUT, V_AREA, "DIR",
     "work files and the gate-level netlist (netlist.v,\n"
     "for cosim --rtl) (default out/area/<module>)"},
    {"-o", 1, O_OUT, V_POWER, "DIR", "work files (default out/power/<module>)"},
    {"-o", 1, O_OUT, V_RUN, "DIR", "everything goes under DIR (default out/)"},
    {"-o", 1, O_OUT, V_PROVE, "DIR",
     "the design, the Yosys script (prove.ys) and log and\n"
     "the counterexample (default out/prove-<module>); a\n"
     "run removes an earlier run's cex.* there"},
    {"--cycles", 1, O_CYCLES, V_COSIM, "N", "cycles to run (default 100000)"},
    {"--cycles", 1, O_CYCLES, V_POWER, "N",
     "co-simulated cycles (default 100000, fewer when the\n"
     "activity trace of 100000 would pass 400 MB: as many\n"
     "as fit, at least 10000; said on stderr)"},
    {"--cycles", 1, O_CYCLES, V_RUN, "N",
     "co-simulated cycles of each block (default 100000;\n"
     "200000 when -o is not given)"},
    {"--seed", 1, O_SEED, V_COSIM | V_RUN | V_POWER, "S",
     "stimulus seed (default 1); the same seed gives the\n"
     "same run"},
    {"--stim", 1, O_STIM, V_COSIM | V_POWER, "M",
     "mixed (directed, then constrained random; default),\n"
     "random, directed"},
    {"--clock", 1, O_CLOCK, V_POWER, "MHz",
     "the clock the power is given at (default: the clock\n"
     "of the block's paper, else 700 MHz); when the\n"
     "critical path does not meet it, fmax (the output\n"
     "says which)"},
    {"--wave", 1, O_WAVE, V_COSIM, "F",
     "trace (F.fst or F.vcd) with the RTL's signals, the\n"
     "model's expected outputs (exp_*), a mismatch flag\n"
     "and a cycle counter, plus F.gtkw for GTKWave: on a\n"
     "mismatch it opens on the differing outputs and\n"
     "their exp_*, in colour, 20 cycles before it to 5\n"
     "after"},
    {"--wave-depth", 1, O_WAVE_DEPTH, V_COSIM, "N",
     "hierarchy levels traced: 1 (default) the ports,\n"
     "exp_* and mismatch, written by irhw on the run's own\n"
     "model (no build; with two CPUs by a writer thread,\n"
     "IRHW_WAVE_THREAD=0: none); 2 also the block's own\n"
     "registers and wires; more for sub-modules and\n"
     "leaf-cell arrays (2+: a second cached build)"},
    {"--wave-from", 1, O_WAVE_FROM, V_COSIM, "C",
     "record only from cycle C (e.g. before a mismatch)"},
    {"--wave-to", 1, O_WAVE_TO, V_COSIM, "C", "record only up to cycle C"},
    {"--wave-limit", 1, O_WAVE_LIMIT, V_COSIM, "SIZE",
     "every trace of the run stays under SIZE (bytes, or\n"
     "with K, M, G, T; default 2G; none: no limit): a run\n"
     "whose estimated --wave or --record reaches it is\n"
     "refused (exit 2; at --wave-depth 2+ the size is\n"
     "measured over the first 1000 cycles), and a --wave\n"
     "that nears it stops at a cycle boundary, the file\n"
     "whole, with a line naming the cycles it holds; the\n"
     "estimate is printed from 100M. A trace that cannot\n"
     "be written (disk full) ends the run with exit 3,\n"
     "its part renamed F.partial, no .gtkw"},
    {"--wave-limit", 1, O_WAVE_LIMIT, V_POWER, "SIZE",
     "the activity trace's limit (default 2G; K, M, G, T;\n"
     "none: no limit): its size, measured over the first\n"
     "1000 cycles, is estimated before anything runs, and\n"
     "a run over the limit is refused (exit 2)"},
    {"--rtl", 1, O_RTL, V_COSIM, "F",
     "co-simulate these Verilog files (hand-edited RTL, a\n"
     "netlist) instead of the generated RTL; leaf cells\n"
     "come from rtl/ (repeat for several files)"},
    {"--rtl", 1, O_RTL, V_PROVE, "F",
     "the user's RTL of the same ports instead of the\n"
     "generated (repeat for several files)"},
    {"--depth", 1, O_DEPTH, V_PROVE, "N",
     "bounded model checking to N cycles and k-induction\n"
     "up to N (default 20, 3.." IRHW_STR(PROVE_DEPTH_MAX) ")"},
    {"--liberty", 1, O_LIBERTY, V_AREA | V_RUN | V_POWER, "F",
     "the cell library, FILE or FILE.gz (default: sky130hd,\n"
     "../shared/data/liberty/" IRHW_SKY130_LIB "\n"
     "beside the source tree when present, the one library\n"
     "at hand with power data, so area, timing and power\n"
     "come from one library; else area/default_45nm.lib,\n"
     "an approximate 45 nm-class library shipped here\n"
     "without power data: power is then refused, exit 2;\n"
     "one that is empty, binary, not a liberty, without\n"
     "cell areas or without a flip-flop is refused, exit 2)"},
    {"--sram-table", 1, O_SRAM_TABLE, V_AREA, "F",
     "SRAM areas of your own macros, one per line \"words\n"
     "width um2\" ('#' comments); they replace the\n"
     "model's for those sizes"},
    {"--draw", 1, O_DRAW, V_GEN, "FILE.svg", "a drawing of the structure (blocks that have one)"},
    {"--systemc", 0, O_SYSTEMC, V_GEN, NULL,
     "also DIR/<module>_sc.h: the C model as a SystemC\n"
     "module with the RTL's ports (include it, link\n"
     "libirhw and -lsystemc)"},
    {"--systemc", 0, O_SYSTEMC, V_COSIM, NULL,
     "the same run inside SystemC: the RTL built with\n"
     "verilator --sc beside the C model as an sc_module\n"
     "(gen --systemc), one sc_clock, shared input\n"
     "signals, every output compared every cycle"},
    {"--quiet", 0, O_QUIET, V_COSIM, NULL, "no progress, statistics or coverage report"},
    {"--threads", 1, O_THREADS, V_COSIM, "N", threads_help},
    {"--stim-file", 1, O_STIM_FILE, V_COSIM, "F",
     "drive model and RTL from a CSV trace instead of the\n"
     "stimulus: a header of every input port name, one\n"
     "row per cycle, values decimal or 0x hex (rst is\n"
     "held high in cycles 0 and 1)"},
    {"--stim-file", 1, O_STIM_FILE, V_POWER, "F",
     "co-simulate this CSV trace (as irhw cosim) instead\n"
     "of the stimulus"},
    {"--vcd", 1, O_VCD, V_POWER, "F",
     "this trace (cosim --wave F.vcd --wave-depth 99 of\n"
     "the same block and parameters) instead of a\n"
     "co-simulation, priced whole and kept. Read through\n"
     "first: one that is not a whole VCD is refused\n"
     "(exit 2) before the synthesis; --cycles, --seed,\n"
     "--stim, --stim-file and --wave-limit do not apply\n"
     "with it (exit 2)"},
    {"--record", 1, O_RECORD, V_COSIM, "F",
     "write the inputs of this run as such a CSV trace\n"
     "(F.hex: raw hex words, one line per cycle), under\n"
     "--wave-limit"},
    {"--until-covered", 0, O_UNTIL_COVERED, V_COSIM, NULL,
     "end the run (within --cycles) once every coverage\n"
     "point of the block is hit; the report follows the\n"
     "PASS line"},
    {"--require-coverage", 0, O_REQUIRE_COVERAGE, V_COSIM, NULL,
     "exit 1 when a point this configuration can reach\n"
     "was never hit (tests/cosim/cosim_regress.sh)"},
    {"--no-model", 0, O_NO_MODEL, V_COSIM, NULL,
     "run the RTL alone, without the model (RAN, not\n"
     "PASS: nothing compared)"},
    {"--profile", 0, O_PROFILE, V_COSIM, NULL,
     "time each phase of one cycle in 64 (stimulus, RTL,\n"
     "model, compare, checker, coverage, hand-off, wait)\n"
     "and print ns a cycle for each (docs/speed.md)"},
    {"--no-assert", 0, O_NO_ASSERT, V_COSIM, NULL,
     "build the RTL without its checks (IRHW_ASSERT\n"
     "undefined, no Verilator --assert): what the checks\n"
     "cost (make bench)"},
    {"--shrink", 0, O_SHRINK, V_COSIM, NULL,
     "on a mismatch, shrink the failing trace (delta\n"
     "debugging over cycles, then values) to a short one\n"
     "failing on the same port; writes shrunk.csv,\n"
     "shrunk.fst and shrunk.gtkw and prints the replay\n"
     "command"},
    {"--shrink-out", 1, O_SHRINK_OUT, V_COSIM, "P", "P.csv, P.fst, P.gtkw instead of shrunk.*"},
    {"--trace-lines", 0, O_TRACE_LINES, V_COSIM, NULL,
     "one line per cycle: the block's key inputs |\n"
     "outputs (hex)"},
    {"--xcheck", 0, O_XCHECK, V_COSIM, NULL,
     "then the same inputs on the RTL under Icarus\n"
     "(4-state): fails on any X/Z on an output after the\n"
     "reset cycles (a register without its reset, hidden\n"
     "by Verilator's 2-state zeros) and on any output\n"
     "that differs from the model's; names port and cycle"},
    {"--timing", 1, O_TIMING, V_AREA, "auto|full|ilm|none",
     "how the critical path is found (docs/area.md).\n"
     "auto (default): each module timed on its own,\n"
     "cached, its submodules read whole, or as their\n"
     "extracted timing models (liberty cells) when they\n"
     "have submodules of their own; full: OpenSTA on the\n"
     "whole linked netlist (the reference); ilm: each\n"
     "module timed with its submodules' interface logic\n"
     "models (cached; the same path, cheaper for a design\n"
     "timed alone, far dearer under a parent); none: no\n"
     "timing, area only"},
    {"--timing", 1, O_TIMING, V_POWER, "auto|full|ilm",
     "as for irhw area (power needs the timing run)"},
    {"--flat", 0, O_FLAT, V_AREA, NULL,
     "one Yosys run on the whole design, nothing cached\n"
     "(a synthesis flow: its own ABC mapping; timed as a\n"
     "whole, so --timing auto, full and ilm are the same)"},
    {"-j", 1, O_JOBS, V_AREA, "N",
     "synthesis and timing jobs side by side, 1..64\n"
     "(default 2; also --jobs N)"},
    {"-j", 1, O_JOBS, V_POWER, "N", "as for irhw area (also --jobs N)"},
    {"-j", 1, O_JOBS, V_RUN, "N",
     "blocks and sweeps at once (default: one a core;\n"
     "also --jobs N), each in its own process, the\n"
     "longest syntheses first; a block's output is kept\n"
     "in DIR/<block>/run.log and printed whole in the\n"
     "blocks' order, a sweep's in DIR/sweep/<block>.log.\n"
     "-j 1: one after the other, in this process"},
    {"--jobs", 1, O_JOBS, V_AREA | V_POWER | V_RUN, "N", NULL},
    {"--blocks", 1, O_BLOCKS, V_RUN, "B1,B2,...", "only these blocks and their built-in sweeps"},
    {"--json", 0, O_JSON, V_AREA, NULL, "the report as one JSON document"},
    {"--json", 0, O_JSON, V_POWER, NULL,
     "one document {\"area\": ..., \"power\": ...}, printed\n"
     "whole at the end (nothing on stdout when the run\n"
     "fails)"},
    {"--progress", 0, O_PROGRESS, V_AREA | V_POWER, NULL,
     "stage, module k of n and elapsed time on stderr\n"
     "(the default when stderr is a terminal)"},
    {"--full-sta", 0, O_RETIRED, V_AREA | V_POWER, NULL, NULL},
    {"--ilm", 0, O_RETIRED, V_AREA | V_POWER, NULL, NULL},
    {"--no-sta", 0, O_RETIRED, V_AREA, NULL, NULL},
    {NULL, 0, 0, 0, NULL, NULL},
};

/* A whole number lo..hi into *out: 0, or 2 after "OPT 'v' must be ...". */
static int take_u64(const char *verb, const char *opt, const char *v, uint64_t lo, uint64_t hi,
                    const char *what, uint64_t *out)
{
    if (!parse_u64(v, lo, hi, out))
        return 0;
    return irhw_usage(verb, "%s '%s' must be %s", opt, v, what);
}

/* --timing auto|full|ilm|none (power: not none): 0, or 2 after the message. */
static int take_timing(const irhw_args *a, const char *v, opts *o)
{
    static const char *const names[] = {"auto", "full", "ilm", "none"};
    int power = (a->verbs & V_POWER) != 0;
    for (int i = 0; i < (power ? 3 : 4); i++)
        if (!strcmp(v, names[i])) {
            o->timing = (timing_mode)i;
            return 0;
        }
    if (power && !strcmp(v, "none"))
        return irhw_usage(a->verb, "--timing none does not apply to power: its OpenSTA run needs "
                                   "the timing (auto, full or ilm)");
    return irhw_usage(a->verb, "--timing '%s' must be %s", v,
                      power ? "auto, full or ilm" : "auto, full, ilm or none");
}

/* What replaces a retired timing switch, for its message. */
static const char *retired_timing(const char *name)
{
    return !strcmp(name, "--full-sta") ? "use --timing=full"
           : !strcmp(name, "--no-sta") ? "use --timing=none"
                                       : "use --timing=ilm";
}

/* One option of a block verb: 0, or 2 after the message. */
static int take_opt(const irhw_args *a, const irhw_opt *opt, const char *v, opts *o,
                    const char **params, unsigned *nparams)
{
    const char *verb = a->verb, *n = opt->name;
    switch (opt->id) {
    case O_P:
        return irhw_args_param(a, params, nparams, IRHW_MAX_PARAMS * 2, v);
    case O_OUT:
        o->out = v;
        break;
    case O_CYCLES:
        o->run_opt = n;
        o->cycles_given = 1;
        return take_u64(verb, n, v, 1, 1000000000000ULL, "a whole number 1..10^12", &o->cycles);
    case O_SEED:
        o->run_opt = n;
        return take_u64(verb, n, v, 0, UINT64_MAX, "a whole number 0..2^64-1", &o->seed);
    case O_STIM:
        o->run_opt = n;
        if (!strcmp(v, "mixed"))
            o->stim = IRHW_STIM_MIXED;
        else if (!strcmp(v, "random"))
            o->stim = IRHW_STIM_RANDOM;
        else if (!strcmp(v, "directed"))
            o->stim = IRHW_STIM_DIRECTED;
        else
            return irhw_usage(verb, "--stim '%s' must be mixed, random or directed", v);
        break;
    case O_WAVE: {
        size_t len = strlen(v);
        if (len < 5 || (strcmp(v + len - 4, ".fst") && strcmp(v + len - 4, ".vcd")))
            return irhw_usage(verb, "--wave %s: the file name must end in .fst or .vcd", v);
        o->wave = v;
        break;
    }
    case O_WAVE_DEPTH:
        o->wave_opt = n;
        return take_u64(verb, n, v, 1, 99, "a whole number 1..99", &o->wave_depth);
    case O_THREADS:
        return take_u64(verb, n, v, 1, 2, "1 or 2", &o->threads);
    case O_WAVE_FROM:
        o->wave_opt = n;
        return take_u64(verb, n, v, 0, 1000000000000ULL, "a cycle 0..10^12", &o->wave_from);
    case O_WAVE_TO:
        o->wave_opt = n;
        return take_u64(verb, n, v, 1, 1000000000000ULL, "a cycle 1..10^12", &o->wave_to);
    case O_WAVE_LIMIT:
        o->run_opt = n;
        o->limit_given = strcmp(verb, "power") != 0; /* power's trace is its own */
        if (parse_size(v, &o->wave_limit))
            return irhw_usage(verb,
                              "--wave-limit '%s' must be a size in bytes, with K, M, G or T "
                              "(1,024s), up to 1024T; 0 or none: no limit",
                              v);
        break;
    case O_JOBS:
        return take_u64(verb, n, v, 1, 64, "a whole number 1..64", &o->jobs);
    case O_BLOCKS:
        for (const char *p = v; *p;) {
            size_t len = strcspn(p, ",");
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), p);
            if (!irhw_args_block(verb, name))
                return EXIT_USAGE;
            p += len + (p[len] == ',');
        }
        o->blocks = v;
        break;
    case O_DEPTH:
        return take_u64(verb, n, v, 3, PROVE_DEPTH_MAX, "3.." IRHW_STR(PROVE_DEPTH_MAX), &o->depth);
    case O_RTL:
        if (o->nrtl == sizeof o->rtl / sizeof o->rtl[0])
            return irhw_usage(verb, "too many --rtl files (at most 64): %s", v);
        if (access(v, R_OK))
            return irhw_usage(verb, "--rtl file '%s' cannot be read", v);
        struct stat st; /* a directory is named by the --rtl check (tb/rtlcheck.c) */
        if (!stat(v, &st) && !S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode))
            return irhw_usage(verb, "--rtl '%s' is not a regular file (a device or a pipe)", v);
        o->rtl[o->nrtl++] = v;
        break;
    case O_LIBERTY: {
        char e2[IRHW_ERRLEN];
        if (irhw_regular_file(v, e2, sizeof e2))
            return irhw_usage(verb, "--liberty: %s", e2);
        o->liberty = v;
        break;
    }
    case O_SRAM_TABLE: {
        char e2[IRHW_ERRLEN], src[300];
        double um2;
        if (irhw_sram_table_price(v, NULL, 45, &um2, src, sizeof src, e2, sizeof e2))
            return irhw_usage(verb, "--sram-table: %s", e2);
        o->sram_table = v;
        break;
    }
    case O_DRAW:
        o->draw = v;
        break;
    case O_RECORD:
        o->record = v;
        break;
    case O_VCD: { /* the trace itself is checked before anything runs (cmd_power) */
        struct stat st;
        if (stat(v, &st) && (errno == ENOENT || errno == ENOTDIR))
            return irhw_usage(verb, "--vcd '%s' cannot be read: %s", v, strerror(errno));
        o->vcd_in = v;
        break;
    }
    case O_STIM_FILE:
        o->run_opt = n;
        if (access(v, R_OK))
            return irhw_usage(verb, "--stim-file '%s' cannot be read", v);
        o->stim_file = v;
        break;
    case O_SHRINK_OUT:
        o->shrink_out = v;
        break;
    case O_SHRINK:
        o->shrink = 1;
        break;
    case O_UNTIL_COVERED:
        o->until_covered = 1;
        break;
    case O_REQUIRE_COVERAGE:
        o->require_coverage = 1;
        break;
    case O_TRACE_LINES:
        o->trace_lines = 1;
        break;
    case O_JSON:
        o->json = 1;
        break;
    case O_TIMING:
        return take_timing(a, v, o);
    case O_FLAT:
        o->flat = 1;
        break;
    case O_RETIRED:
        return irhw_usage(verb, "%s is gone: --timing chooses how the critical path is found (%s)",
                          n, retired_timing(n));
    case O_PROGRESS:
        o->progress = 1;
        break;
    case O_NO_MODEL:
        o->no_model = 1;
        break;
    case O_PROFILE:
        o->profile = 1;
        break;
    case O_NO_ASSERT:
        o->no_assert = 1;
        break;
    case O_QUIET:
        o->quiet = 1;
        break;
    case O_SYSTEMC:
        o->systemc = 1;
        break;
    case O_XCHECK:
        o->xcheck = 1;
        break;
    case O_CLOCK: {
        if (irhw_parse_real(v, &o->clock_mhz) || !(o->clock_mhz >= 1 && o->clock_mhz <= 100000))
            return irhw_usage(verb, "--clock '%s' must be a frequency in MHz, 1..100000", v);
        break;
    }
    }
    return 0;
}

/* Parses BLOCK (when need_block) and the options of the verb (vbit, V_*),

 * dir (NULL: none; it holds the verb's own files) and its output files
 * against its input files. 0, or 2 after the message. */
int io_check(const char *verb, const opts *o, const char *dir)
{
    irhw_io io[16 + sizeof o->rtl / sizeof o->rtl[0]];
    char gtkw[4200] = "", sh[3][4200];
    int n = 0;
    io[n++] = (irhw_io){IRHW_IO_DIR, o->out ? "-o" : "the output folder", dir, "-o"};
    if (o->wave)
        snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(o->wave) - 4), o->wave);
    io[n++] = (irhw_io){IRHW_IO_FILE, "--wave", o->wave, "--wave"};
    io[n++] = (irhw_io){IRHW_IO_FILE, "--wave's save file", o->wave ? gtkw : NULL, "--wave"};
    io[n++] = (irhw_io){IRHW_IO_FILE, "--record", o->record, "--record"};
    io[n++] = (irhw_io){IRHW_IO_FILE, "--draw", o->draw, "--draw"};
    static const char *const sx[3] = {"csv", "fst", "gtkw"};
    for (int i = 0; i < 3; i++) {
        snprintf(sh[i], sizeof sh[i], "%s.%s", o->shrink_out ? o->shrink_out : "shrunk", sx[i]);
        io[n++] = (irhw_io){IRHW_IO_FILE, "--shrink-out", o->shrink ? sh[i] : NULL, "--shrink-out"};
    }
    io[n++] = (irhw_io){IRHW_IO_IN, "--liberty", o->liberty, NULL};
    io[n++] = (irhw_io){IRHW_IO_IN, "--sram-table", o->sram_table, NULL};
    io[n++] = (irhw_io){IRHW_IO_IN, "--stim-file", o->stim_file, NULL};
    io[n++] = (irhw_io){IRHW_IO_IN, "--vcd", o->vcd_in, NULL};
    for (unsigned i = 0; i < o->nrtl; i++)
        io[n++] = (irhw_io){IRHW_IO_IN, "--rtl", o->rtl[i], NULL};
    char err[IRHW_ERRLEN + 8400];
    return irhw_io_check(io, n, err, sizeof err) ? irhw_usage(verb, "%s", err) : 0;
}

int parse_opts(const char *verb, int argc, char **argv, int need_block, unsigned vbit, opts *o)
{
    memset(o, 0, sizeof *o);
    o->verb = verb;
    o->cycles = 100000;
    o->seed = 1;
    o->wave_limit = IRHW_WAVE_LIMIT;
    if (irhw_args_help(argc, argv)) {
        o->help = 1;
        return 0;
    }
    const char *params[IRHW_MAX_PARAMS * 2], *block = NULL;
    unsigned nparams = 0;
    irhw_args a;
    irhw_args_init(&a, verb, block_opts, vbit, argc, argv);
    const irhw_opt *opt;
    const char *v;
    int k, rc;
    while ((k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END) {
        if (k == IRHW_ARG_BAD)
            return EXIT_USAGE;
        if (k == IRHW_ARG_POS) {
            if (!need_block || block)
                return irhw_usage(verb, "unexpected argument '%s'", v);
            block = v;
        } else if ((rc = take_opt(&a, opt, v, o, params, &nparams))) {
            return rc;
        }
    }
    if (need_block) {
        if (!block) {
            fprintf(stderr, "%s %s: name a block\n", prog, verb);
            irhw_print_blocks(stderr);
            return EXIT_USAGE;
        }
        if (!(o->b = irhw_args_block(verb, block)))
            return EXIT_USAGE;
        irhw_cfg_defaults(o->b, &o->c);
        if ((rc = irhw_args_apply(verb, o->b, &o->c, params, nparams)))
            return rc;
    }
    if (o->wave_opt && !o->wave)
        return irhw_usage(verb, "%s needs --wave FILE.fst|FILE.vcd", o->wave_opt);
    if (o->limit_given && !o->wave && !o->record)
        return irhw_usage(verb, "--wave-limit needs --wave FILE.fst|FILE.vcd or --record F");
    if (o->wave_to && o->wave_to < o->wave_from) {
        char w[64];
        snprintf(w, sizeof w, "%" PRIu64 " is before --wave-from %" PRIu64, o->wave_to,
                 o->wave_from);
        return irhw_usage(verb, "--wave-to %s", w);
    }
    if (o->systemc && (o->wave_from || o->wave_to))
        return irhw_usage(verb, "%s: the SystemC kernel records every cycle",
                          "--wave-from/--wave-to do not apply with --systemc");
    if (o->systemc &&
        (o->stim_file || o->shrink || o->until_covered || o->require_coverage || o->trace_lines))
        return irhw_usage(verb, "%s do not apply with --systemc",
                          "--stim-file, --shrink, --until-covered, --require-coverage and "
                          "--trace-lines");
    if (o->shrink_out && !o->shrink)
        return irhw_usage(verb, "%s needs --shrink", "--shrink-out");
    if (o->b) {
        char err[IRHW_ERRLEN];
        if (irhw_inst_init(&o->x, o->b, &o->c, err, sizeof err)) {
            irhw_inst_free(&o->x);
            fprintf(stderr, "%s %s: %s\n", prog, verb, err);
            return EXIT_USAGE;
        }
        o->c = o->x.c; /* with the derived defaults */
        const char *why = o->b->model_only ? o->b->model_only(&o->x) : NULL;
        if (why) {
            fprintf(stderr, "%s %s: %s\n", prog, verb, why);
            irhw_inst_free(&o->x);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* ---- writing a design (gen, area, power, prove, run) -------------------- */

/* Copies rtl/<name> into dir. */
static int copy_leaf(const char *name, const char *dir, char *err, size_t errlen)
{
    char src[4096], dst[4096];
    snprintf(src, sizeof src, "%s/rtl/%s", irhw_root(), name);
    snprintf(dst, sizeof dst, "%s/%s", dir, name);
    char *t = irhw_read_file(src, NULL);
    if (!t)
        return irhw_err(err, errlen, "cannot read leaf cell %s: %s", src, strerror(errno));
    int rc = irhw_write_file(dst, t, err, errlen);
    free(t);
    return rc;
}

/* Writes DIR/<module>.v and the leaf cells this configuration instantiates;
 * the design's path in `path`, the leaf names in leaves[] (count returned
 * through nleaves). */
int write_design(const irhw_inst *x, const char *dir, char *path, size_t len,
                 const char *leaves[IRHW_MAX_LEAVES], unsigned *nleaves, char *err, size_t errlen)
{
    if (irhw_mkdirs(dir))
        return irhw_err(err, errlen, "cannot create the output folder %s: %s", dir,
                        strerror(errno));
    char *v = irhw_generate(x, err, errlen);
    if (!v)
        return -1;
    snprintf(path, len, "%s/%s.v", dir, x->module);
    int rc = irhw_write_file(path, v, err, errlen);
    free(v);
    *nleaves = x->b->leaf_cells ? x->b->leaf_cells(x, leaves) : 0;
    for (unsigned i = 0; !rc && i < *nleaves; i++)
        rc = copy_leaf(leaves[i], dir, err, errlen);
    return rc;
}

void verb_help(const char *usage, const char *about, unsigned vbit, const char *tail)
{
    printf("usage: %s %s\n%s", prog, usage, about);
    irhw_args_print(stdout, block_opts, vbit, 0);
    if (tail)
        fputs(tail, stdout);
}
