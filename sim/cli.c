/*
 * cli.c — the irhw command line: list | gen | cosim | area | run | workload
 * (workload: sim/cli_workload.c), and the sweep verbs whose bodies live in
 * sweep_cli.c (sweep | sweep-task | report).
 *
 * Exit codes: 0 success (cosim: RTL equal to the model); 1 cosim mismatch
 * or failed check; 2 usage or parameter error (what was typed is wrong:
 * the message names the option or parameter and what is allowed); 3 a tool
 * or the system failed (Verilator, Yosys, a folder that cannot be written):
 * the message names the tool's log or the path and the OS error.
 */
#include "area.h"
#include "args.h"
#include "cli_workload.h"
#include "cosim.h"
#include "graph_gen.h"
#include "irhw.h"
#include "lines.h"
#include "observe.h"
#include "portwave.h"
#include "rtlcheck.h"
#include "scgen.h"
#include "shrink.h"
#include "stimfile.h"
#include "sweep.h"
#include "vbuild.h"
#include "xcheck.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

static const char *prog = "irhw";

#define PROVE_DEPTH_MAX 200 /* irhw prove --depth */
#define IRHW_STR2(x) #x
#define IRHW_STR(x) IRHW_STR2(x)

/* ---- common option parsing ------------------------------------------------ */

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
static const char *size_text(double bytes, char *buf, size_t len)
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

/* The options of gen, cosim, area and run (verbs: which of them take it). */
enum { V_GEN = 1, V_COSIM = 2, V_AREA = 4, V_RUN = 8, V_PROVE = 16, V_POWER = 32, V_ALL = 63 };
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
    O_NO_STA,
    O_FLAT,
    O_PROGRESS,
    O_NO_MODEL,
    O_NO_ASSERT,
    O_QUIET,
    O_SYSTEMC,
    O_XCHECK,
    O_CLOCK,
    O_JOBS,
    O_BLOCKS,
    O_VCD,
    O_ILM,
    O_FULL_STA,
};
static const irhw_opt block_opts[] = {
    {"-h", 0, O_HELP, V_ALL},
    {"--help", 0, O_HELP, V_ALL},
    {"-p", 1, O_P, V_GEN | V_COSIM | V_AREA | V_PROVE | V_POWER},
    {"-o", 1, O_OUT, V_GEN | V_AREA | V_RUN | V_PROVE | V_POWER},
    {"--cycles", 1, O_CYCLES, V_COSIM | V_RUN | V_POWER},
    {"--seed", 1, O_SEED, V_COSIM | V_RUN | V_POWER},
    {"--stim", 1, O_STIM, V_COSIM | V_POWER},
    {"--wave", 1, O_WAVE, V_COSIM},
    {"--wave-depth", 1, O_WAVE_DEPTH, V_COSIM},
    {"--threads", 1, O_THREADS, V_COSIM},
    {"--wave-from", 1, O_WAVE_FROM, V_COSIM},
    {"--wave-to", 1, O_WAVE_TO, V_COSIM},
    {"--wave-limit", 1, O_WAVE_LIMIT, V_COSIM | V_POWER},
    {"--rtl", 1, O_RTL, V_COSIM | V_PROVE},
    {"--depth", 1, O_DEPTH, V_PROVE},
    {"--liberty", 1, O_LIBERTY, V_AREA | V_RUN | V_POWER},
    {"--sram-table", 1, O_SRAM_TABLE, V_AREA},
    {"--draw", 1, O_DRAW, V_GEN},
    {"--record", 1, O_RECORD, V_COSIM},
    {"--stim-file", 1, O_STIM_FILE, V_COSIM | V_POWER},
    {"--shrink-out", 1, O_SHRINK_OUT, V_COSIM},
    {"--shrink", 0, O_SHRINK, V_COSIM},
    {"--until-covered", 0, O_UNTIL_COVERED, V_COSIM},
    {"--require-coverage", 0, O_REQUIRE_COVERAGE, V_COSIM},
    {"--trace-lines", 0, O_TRACE_LINES, V_COSIM},
    {"--json", 0, O_JSON, V_AREA | V_POWER},
    {"--no-sta", 0, O_NO_STA, V_AREA},
    {"--flat", 0, O_FLAT, V_AREA},
    {"--ilm", 0, O_ILM, V_AREA | V_POWER},
    {"--full-sta", 0, O_FULL_STA, V_AREA | V_POWER},
    {"-j", 1, O_JOBS, V_AREA | V_POWER | V_RUN},
    {"--progress", 0, O_PROGRESS, V_AREA | V_POWER},
    {"--no-model", 0, O_NO_MODEL, V_COSIM},
    {"--no-assert", 0, O_NO_ASSERT, V_COSIM},
    {"--quiet", 0, O_QUIET, V_COSIM},
    {"--systemc", 0, O_SYSTEMC, V_GEN | V_COSIM},
    {"--xcheck", 0, O_XCHECK, V_COSIM},
    {"--clock", 1, O_CLOCK, V_POWER},
    {"--jobs", 1, O_JOBS, V_AREA | V_POWER | V_RUN},
    {"--blocks", 1, O_BLOCKS, V_RUN},
    {"--vcd", 1, O_VCD, V_POWER},
    {NULL, 0, 0, 0},
};

/* A whole number lo..hi into *out: 0, or 2 after "OPT 'v' must be ...". */
static int take_u64(const char *verb, const char *opt, const char *v, uint64_t lo, uint64_t hi,
                    const char *what, uint64_t *out)
{
    if (!parse_u64(v, lo, hi, out))
        return 0;
    return irhw_usage(verb, "%s '%s' must be %s", opt, v, what);
}

/* One option of gen, cosim, area or run: 0, or 2 after the message. */
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
    case O_NO_STA:
        o->no_sta = 1;
        break;
    case O_FLAT:
        o->flat = 1;
        break;
    case O_FULL_STA:
        o->full_sta = 1;
        break;
    case O_ILM:
        o->ilm = 1;
        break;
    case O_PROGRESS:
        o->progress = 1;
        break;
    case O_NO_MODEL:
        o->no_model = 1;
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
 * in any order; the -p are set once the block is known. */
/* Outputs never overlap inputs (irhw_io_check): the verb's output folder
 * dir (NULL: none; it holds the verb's own files) and its output files
 * against its input files. 0, or 2 after the message. */
static int io_check(const char *verb, const opts *o, const char *dir)
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

static int parse_opts(const char *verb, int argc, char **argv, int need_block, unsigned vbit,
                      opts *o)
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
    /* area, power: how the critical path is found, one way at most */
    if (o->flat + o->full_sta + o->ilm > 1)
        return irhw_usage(verb, "%s each choose how the critical path is found: give at most one",
                          o->flat ? "--flat, --full-sta and --ilm" : "--full-sta and --ilm");
    if (o->no_sta && (o->full_sta || o->ilm))
        return irhw_usage(verb, "%s does not apply: --no-sta times nothing",
                          o->ilm ? "--ilm" : "--full-sta");
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

/* ---- list ------------------------------------------------------------------ */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void list_params(const irhw_block *b)
{
    for (unsigned i = 0; i < b->nparams; i++) {
        const irhw_param *p = &b->params[i];
        char range[256], def[64];
        irhw_param_range(p, range, sizeof range);
        if (p->type == IRHW_PENUM)
            snprintf(def, sizeof def, "%s", p->choices[p->def]);
        else
            snprintf(def, sizeof def, "%" PRId64, p->def);
        printf("  %-11s default %-9s range %-24s %s\n", p->name, def, range, p->meaning);
        if (p->derived)
            printf("  %-11s (default when not set: %s)\n", "", p->derived);
    }
}

/* Ports of the default configuration with their timing contract. */
static void list_ports(const irhw_inst *x)
{
    printf("  ports of %s (widths at the defaults; clk rises, rst synchronous):\n", x->module);
    for (unsigned i = 0; i < x->ps.n; i++) {
        const irhw_port *p = &x->ps.p[i];
        char timing[160] = "";
        if (p->dir == IRHW_OUT)
            snprintf(timing, sizeof timing, "  [%s%s]", p->comb[0] ? "comb from: " : "registered",
                     p->comb);
        printf("    %-6s %-14s %4u  %-15s %s%s\n", p->dir == IRHW_IN ? "in" : "out", p->name,
               p->width, p->group, p->meaning, timing);
    }
    if (x->b->timing)
        printf("  timing: %s\n", x->b->timing);
}

/* The default configuration's assertions and input contracts (vw_assert),
 * its leaf cells' included, as the RTL states them. */
static void list_checks(const irhw_inst *x)
{
    char err[IRHW_ERRLEN];
    char *v = irhw_generate(x, err, sizeof err);
    if (!v)
        return;
    printf("  assertions (checked in cosim with Verilator --assert; `irhw prove` proves them):\n");
    irhw_checks_list(stdout, v, "    ");
    free(v);
    const char *lv[IRHW_MAX_LEAVES];
    unsigned nl = x->b->leaf_cells ? x->b->leaf_cells(x, lv) : 0;
    for (unsigned i = 0; i < nl; i++) {
        char p[4096];
        snprintf(p, sizeof p, "%s/rtl/%s", irhw_root(), lv[i]);
        char *t = irhw_read_file(p, NULL);
        if (t && strstr(t, "`ifdef IRHW_ASSERT")) {
            printf("   in the leaf %s:\n", lv[i]);
            irhw_checks_list(stdout, t, "    ");
        }
        free(t);
    }
}

static void list_json(FILE *f, const irhw_inst *x)
{
    const irhw_block *b = x->b;
    fprintf(f, "{\"name\": ");
    json_str(f, b->name);
    fprintf(f, ", \"title\": ");
    json_str(f, b->title);
    fprintf(f, ", \"paper\": ");
    json_str(f, b->paper);
    fprintf(f, ", \"timing\": ");
    json_str(f, b->timing ? b->timing : "");
    fprintf(f, ", \"module\": ");
    json_str(f, x->module);
    fprintf(f, ",\n  \"params\": [");
    for (unsigned i = 0; i < b->nparams; i++) {
        const irhw_param *p = &b->params[i];
        char def[64];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, p->name);
        fprintf(f, ", \"default\": ");
        json_str(f, irhw_param_text(b, &x->c, i, def, sizeof def));
        if (p->type == IRHW_PENUM) {
            fprintf(f, ", \"choices\": [");
            for (const char *const *ch = p->choices; *ch; ch++) {
                fprintf(f, "%s", ch == p->choices ? "" : ", ");
                json_str(f, *ch);
            }
            fprintf(f, "]");
        } else {
            fprintf(f, ", \"min\": %" PRId64 ", \"max\": %" PRId64, p->min, p->max);
        }
        fprintf(f, ", \"meaning\": ");
        json_str(f, p->meaning);
        if (p->derived) {
            fprintf(f, ", \"derived\": ");
            json_str(f, p->derived);
        }
        fprintf(f, "}");
    }
    fprintf(f, "],\n  \"ports\": [");
    for (unsigned i = 0; i < x->ps.n; i++) {
        const irhw_port *p = &x->ps.p[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, p->name);
        fprintf(f,
                ", \"dir\": \"%s\", \"width\": %u, \"group\": ", p->dir == IRHW_IN ? "in" : "out",
                p->width);
        json_str(f, p->group);
        fprintf(f, ", \"meaning\": ");
        json_str(f, p->meaning);
        if (p->dir == IRHW_OUT) {
            fprintf(f, ", \"registered\": %s, \"comb_from\": [", p->comb[0] ? "false" : "true");
            char buf[256];
            snprintf(buf, sizeof buf, "%s", p->comb);
            char *save = NULL;
            int k = 0;
            for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                fprintf(f, "%s", k++ ? ", " : "");
                json_str(f, t);
            }
            fprintf(f, "]");
        }
        fprintf(f, "}");
    }
    fprintf(f, "]}");
}

static int cmd_list(int argc, char **argv)
{
    static const irhw_opt list_opts[] = {
        {"-h", 0, O_HELP, 0}, {"--help", 0, O_HELP, 0}, {"--json", 0, O_JSON, 0}, {NULL, 0, 0, 0}};
    if (irhw_args_help(argc, argv)) {
        printf("usage: %s list [BLOCK] [--json]\n"
               "  every block (or one) with its parameters (defaults, ranges, meaning, the\n"
               "  rule of a default derived from other parameters); for one block also its\n"
               "  ports (direction, width, group, meaning) and timing contract: which outputs\n"
               "  are combinational from which inputs, which are registered, read latency.\n"
               "  --json  the same, machine-readable (an array of blocks)\n",
               prog);
        return 0;
    }
    int json = 0;
    const char *name = NULL;
    irhw_args a;
    irhw_args_init(&a, "list", list_opts, 0, argc, argv);
    const irhw_opt *opt;
    const char *v;
    for (int k; (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            return EXIT_USAGE;
        if (k == IRHW_ARG_OPT)
            json = 1;
        else if (name)
            return irhw_usage("list", "unexpected argument '%s' (one block at a time)", v);
        else
            name = v;
    }
    const irhw_block *one = NULL;
    if (name && !(one = irhw_args_block("list", name)))
        return EXIT_USAGE;
    if (json)
        printf("[");
    int k = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_block *b = *bp;
        if (one && b != one)
            continue;
        irhw_cfg c;
        irhw_cfg_defaults(b, &c);
        irhw_inst x;
        char err[IRHW_ERRLEN];
        if (irhw_inst_init(&x, b, &c, err, sizeof err)) {
            irhw_inst_free(&x);
            fprintf(stderr, "%s list: %s: %s\n", prog, b->name, err);
            return EXIT_TOOL;
        }
        if (json) {
            printf("%s\n", k ? "," : "");
            list_json(stdout, &x);
        } else {
            if (k)
                printf("\n");
            printf("%s — %s (%s)\n", b->name, b->title, b->paper);
            list_params(b);
            if (one) {
                list_ports(&x);
                list_checks(&x);
            }
        }
        k++;
        irhw_inst_free(&x);
    }
    if (json)
        printf("\n]\n");
    else if (!one)
        printf("\n('%s list BLOCK' adds the ports and the timing contract)\n", prog);
    return 0;
}

/* ---- gen ------------------------------------------------------------------- */

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
static int write_design(const irhw_inst *x, const char *dir, char *path, size_t len,
                        const char *leaves[IRHW_MAX_LEAVES], unsigned *nleaves, char *err,
                        size_t errlen)
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

static int write_svg(const opts *o)
{
    char err[IRHW_ERRLEN];
    if (!o->b->draw_svg) {
        fprintf(stderr, "%s gen: block %s has no drawing (--draw)\n", prog, o->b->name);
        return EXIT_USAGE;
    }
    irhw_out *f = irhw_out_open(o->draw, err, sizeof err);
    int rc = !f ? -1 : o->b->draw_svg(&o->x, irhw_out_file(f), err, sizeof err);
    if (rc)
        irhw_out_abort(f);
    else
        rc = irhw_out_commit(f, err, sizeof err);
    if (rc) {
        fprintf(stderr, "%s gen: %s\n", prog, err);
        return EXIT_TOOL;
    }
    printf("wrote %s\n", o->draw);
    return 0;
}

static int cmd_gen(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("gen", argc, argv, 1, V_GEN, &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s gen BLOCK [-p NAME=VALUE]... [-o DIR] [--draw FILE.svg] "
                "[--systemc]\n" IRHW_ARGS_HELP
                "  writes DIR/<module>.v (Verilog-2005, deterministic) and only the rtl/ leaf\n"
                "  cells it instantiates. Default DIR: out/<module>, a folder per configuration\n"
                "  (the module name encodes it: wl_bank_e32_w24_t5_flops), so DIR/*.v is one\n"
                "  design (verilator --lint-only -Wall DIR/*.v)\n"
                "  --draw FILE.svg  a drawing of the structure (blocks that have one)\n"
                "  --systemc        also DIR/<module>_sc.h: the C model as a SystemC module with\n"
                "                   the RTL's ports (include it, link libirhw and -lsystemc)\n",
                prog);
        return rc;
    }
    char dir[4096], path[4200], err[IRHW_ERRLEN];
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves;
    if (o.out)
        snprintf(dir, sizeof dir, "%s", o.out);
    else
        snprintf(dir, sizeof dir, "out/%s", o.x.module); /* a folder per configuration */
    if ((rc = io_check("gen", &o, dir))) {
        irhw_inst_free(&o.x);
        return rc;
    }
    if (write_design(&o.x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err)) {
        fprintf(stderr, "%s gen: %s\n", prog, err);
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    printf("wrote %s\n", path);
    if (o.systemc) {
        char cls[160], hpath[4400];
        irhw_sc_class(&o.x, cls, sizeof cls);
        snprintf(hpath, sizeof hpath, "%s/%s.h", dir, cls);
        char *h = irhw_sc_header(&o.x);
        rc = h ? irhw_write_file(hpath, h, err, sizeof err)
               : irhw_err(err, sizeof err, "out of memory writing %s", hpath);
        free(h);
        if (rc) {
            fprintf(stderr, "%s gen: %s\n", prog, err);
            irhw_inst_free(&o.x);
            return EXIT_TOOL;
        }
        printf("wrote %s (SystemC module %s)\n", hpath, cls);
    }
    if (o.b->gen_summary)
        o.b->gen_summary(&o.x, stdout);
    if (o.draw)
        rc = write_svg(&o);
    irhw_inst_free(&o.x);
    return rc;
}

/* ---- cosim ----------------------------------------------------------------- */

/* --shrink after a mismatch: the shrunk trace as CSV, its wave and .gtkw,
 * and the replay command. */
static int shrink_failure(const opts *o, const irhw_cosim_req *q, const irhw_cosim_res *res,
                          irhw_rows *trace)
{
    char err[8192], csv[4200], wave[4200], params[1024];
    const char *pre = o->shrink_out ? o->shrink_out : "shrunk";
    if (res->mismatch_port >= 0 || res->mismatch_cycle)
        trace->n = res->mismatch_cycle + 1 < trace->n ? res->mismatch_cycle + 1 : trace->n;
    irhw_shrink_res sr;
    if (irhw_shrink(q, trace, res->mismatch_port, 20000, 600, &sr, err, sizeof err)) {
        fprintf(stderr, "%s cosim --shrink: %s\n", prog, err);
        return EXIT_TOOL;
    }
    snprintf(csv, sizeof csv, "%s.csv", pre);
    snprintf(wave, sizeof wave, "%s.%s", pre,
             o->wave && !strcmp(o->wave + strlen(o->wave) - 4, ".vcd") ? "vcd" : "fst");
    irhw_cfg_format(o->b, &o->c, " -p ", params, sizeof params);
    char cmd[6000];
    size_t k = (size_t)snprintf(cmd, sizeof cmd, "%s cosim %s -p %s --stim-file %s", prog,
                                o->b->name, params, csv);
    for (unsigned i = 0; i < o->nrtl && k < sizeof cmd; i++)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, " --rtl %s", o->rtl[i]);
    char note[6200];
    snprintf(note, sizeof note, "shrunk by irhw %s from %" PRIu64 " cycles; replay: %s",
             IRHW_VERSION, sr.before, cmd);
    if (irhw_stimfile_write(csv, &o->x.ps, trace, note, err, sizeof err)) {
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        return EXIT_TOOL;
    }
    irhw_cosim_req wq = *q;
    wq.stim_rows = trace->v;
    wq.cycles = trace->n;
    wq.stim_file = csv;
    wq.wave = wave;
    wq.wave_from = wq.wave_to = 0;
    wq.quiet = 1;
    wq.observe = NULL;
    wq.record = NULL;
    irhw_cosim_res wr;
    if (irhw_cosim(&wq, &wr, err, sizeof err)) {
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        return EXIT_TOOL;
    }
    const char *pname = res->mismatch_port >= 0 ? o->x.ps.p[res->mismatch_port].name : "(checker)";
    printf("shrunk: %" PRIu64 " -> %" PRIu64 " cycles (%.1fx) in %u runs, %.1f s%s; "
           "still fails on %s\n",
           sr.before, sr.after, sr.after ? (double)sr.before / (double)sr.after : 0.0, sr.runs,
           sr.seconds, sr.budget_hit ? " (stopped at the budget: a shorter one may exist)" : "",
           pname);
    printf("shrunk trace: %s  wave: %s + %.*s.gtkw\n", csv, wave, (int)(strlen(wave) - 4), wave);
    printf("replay shrunk: %s --wave %s\n", cmd, wave);
    return 0;
}

static const char *stim_text(irhw_stim_mode m)
{
    return m == IRHW_STIM_RANDOM ? "random" : m == IRHW_STIM_DIRECTED ? "directed" : "mixed";
}

/* After an equal co-simulation: its inputs on the RTL under Icarus. */
static int xcheck_finish(const opts *o, irhw_xcheck *k, uint64_t cycles_run, int print)
{
    irhw_xcheck_res xr;
    char err[8192];
    if (irhw_xcheck_run(k, o->rtl, o->nrtl, &xr, err, sizeof err)) {
        fprintf(stderr, "%s cosim --xcheck: %s\n", prog, err);
        irhw_xcheck_free(k, 1);
        return EXIT_TOOL;
    }
    if (xr.clean) {
        double run = xr.run_s - xr.load_s;
        if (print)
            printf("XCHECK PASS %s: %" PRIu64 " cycles under Icarus (4-state), no X/Z on any "
                   "output after reset, every output equal to the model's; %.0f cycles/s "
                   "(vector load %.2f s excluded)\n",
                   o->b->name, xr.cycles, run > 0 ? (double)xr.cycles / run : 0, xr.load_s);
        irhw_xcheck_free(k, 0);
        return 0;
    }
    char params[1024];
    irhw_cfg_format(o->b, &o->c, " -p ", params, sizeof params);
    printf("XCHECK %s %s at cycle %" PRIu64 " under Icarus (seed %" PRIu64 "):\n%s",
           xr.x_found ? "X" : "MISMATCH", o->b->name, xr.cycle, o->seed, xr.message);
    printf("replay: %s cosim %s -p %s --cycles %" PRIu64 " --seed %" PRIu64 " --stim %s", prog,
           o->b->name, params, cycles_run, o->seed, stim_text(o->stim));
    for (unsigned i = 0; i < o->nrtl; i++)
        printf(" --rtl %s", o->rtl[i]);
    printf(" --xcheck\nIcarus files: %s (vvp -n %s/xcheck.vvp +vcd=x.vcd for a trace)\n",
           irhw_xcheck_dir(k), irhw_xcheck_dir(k));
    irhw_xcheck_free(k, 1);
    return EXIT_MISMATCH;
}

/* How the lockstep loop used the CPUs (tb/cosim.c, "two threads"). */
static void print_threads(const irhw_cosim_res *r)
{
    if (!r->trial_end) {
        printf("threads: %s", r->two_from != UINT64_MAX ? "two" : "one");
        if (r->two_from != UINT64_MAX)
            printf(" from cycle %" PRIu64, r->two_from);
        printf("%s\n", r->no_second ? "; a second thread did not start, all ran in one" : "");
        return;
    }
    const uint64_t *c = r->trial_cycles;
    printf("threads: a trial, one thread %.0f ns a cycle over %" PRIu64 " cycles, two %.0f ns "
           "over %" PRIu64,
           c[0] ? r->trial_s[0] * 1e9 / (double)c[0] : 0, c[0],
           c[1] ? r->trial_s[1] * 1e9 / (double)c[1] : 0, c[1]);
    if (r->cycles_run > r->trial_end)
        printf("; cycles %" PRIu64 " on in %s", r->trial_end, r->trial_two ? "two" : "one");
    if (r->checks)
        printf("; %u check%s after it, %u switch%s; %" PRIu64 " of %" PRIu64
               " cycles in two threads, the last in %s",
               r->checks, r->checks == 1 ? "" : "s", r->switches, r->switches == 1 ? "" : "es",
               r->cycles_two, r->cycles_run, r->last_two ? "two" : "one");
    if (r->no_second)
        printf("; a second thread did not start, the rest ran in one");
    printf("\n");
}

#define DEEP_TRIAL 1000 /* cycles over which a deeper trace's size is measured */

/* Bytes a cycle of a trace deeper than the ports (--wave-depth 2 and more:
 * Verilator's writer, every signal of the design), measured: the first
 * DEEP_TRIAL cycles of the run (all of a shorter one) go to a trial trace beside the trace
 * (NAME.trial<pid>.vcd, removed with its .gtkw); *head gets the size of its
 * header. -1 when the trial could not run (the run itself then says why). */
static double deep_cycle_bytes(const irhw_cosim_req *q, double *head)
{
    irhw_cosim_req t = *q;
    size_t len = strlen(q->wave);
    char path[4200], gtkw[4300];
    snprintf(path, sizeof path, "%.*s.trial%d%s", (int)(len - 4), q->wave, (int)getpid(),
             q->wave + len - 4);
    snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(path) - 4), path);
    t.wave = path;
    t.cycles = q->cycles < DEEP_TRIAL ? q->cycles : DEEP_TRIAL;
    t.wave_from = t.wave_to = t.wave_limit = 0;
    t.quiet = 1;
    t.record = NULL;
    t.observe = NULL;
    t.observe_ctx = NULL;
    irhw_cosim_res r;
    char err[8192];
    size_t n = 0;
    char *text = irhw_cosim(&t, &r, err, sizeof err) ? NULL : irhw_read_file(path, &n);
    unlink(path);
    unlink(gtkw);
    if (!text || !r.cycles_run) {
        free(text);
        return -1;
    }
    const char *defs = memmem(text, n, "$enddefinitions", 15);
    *head = defs ? (double)(defs - text) : 0;
    free(text);
    return ((double)n - *head) / (double)r.cycles_run;
}

/* The trace's size, estimated ahead of the run of q: said when it is
 * IRHW_WAVE_SAY or more, and a run whose estimate reaches --wave-limit is
 * refused (exit 2). At the default depth it is the ports' (portwave.h); a
 * deeper Verilator trace is measured over its first DEEP_TRIAL cycles; where
 * no trial runs (SystemC, no limit) the ports' estimate is the least of a
 * deeper trace, and said so. */
static int wave_estimate(const opts *o, const irhw_cosim_req *q)
{
    uint64_t cycles = q->cycles;
    if (!o->wave || !cycles)
        return 0;
    uint64_t last = o->wave_to && o->wave_to < cycles - 1 ? o->wave_to : cycles - 1;
    if (o->wave_from > last)
        return 0;
    size_t n = strlen(o->wave);
    irhw_trace fmt = strcmp(o->wave + n - 4, ".fst") == 0 ? IRHW_TRACE_FST : IRHW_TRACE_VCD;
    double each = -1, head = 0, rec = (double)(last - o->wave_from + 1);
    int power = !strcmp(o->verb, "power");
    int trial = o->wave_depth > 1 && !o->systemc && o->wave_limit;
    const char *least = "";
    char est[32], lim[32], how[64] = "";
    if (trial && (each = deep_cycle_bytes(q, &head)) >= 0)
        snprintf(how, sizeof how, ", measured over the first %" PRIu64,
                 cycles < DEEP_TRIAL ? cycles : (uint64_t)DEEP_TRIAL);
    else {
        each = irhw_portwave_cycle_bytes(&o->x.ps, fmt);
        if (o->wave_depth > 1 || o->systemc)
            least = "at least ";
    }
    size_text(head + each * rec, est, sizeof est);
    if (o->wave_limit && head + each * rec >= (double)o->wave_limit) {
        fprintf(stderr,
                "%s %s: %s %s: %sabout %s bytes expected (%.0f cycles recorded, %sabout %.0f "
                "bytes a cycle%s), over --wave-limit %s; %s, or raise --wave-limit (none: no "
                "limit)\n",
                prog, o->verb, power ? "the activity trace" : "--wave", o->wave, least, est, rec,
                least, each, how, size_text((double)o->wave_limit, lim, sizeof lim),
                power ? "give fewer --cycles" : "record a window with --wave-from C --wave-to C");
        return EXIT_USAGE;
    }
    if (head + each * rec >= IRHW_WAVE_SAY && !o->quiet)
        fprintf(stderr,
                "%s %s: %s %s: %sabout %s bytes expected (%.0f cycles, %sabout %.0f "
                "bytes a cycle%s; --wave-from/--wave-to record a window)\n",
                prog, o->verb, power ? "the activity trace" : "--wave", o->wave, least, est, rec,
                least, each, how);
    return 0;
}

/* --record's size, estimated ahead of a run of `cycles`: a row per cycle
 * (irhw_csv_row_bytes; F.hex: 16 digits a word). A record whose estimate
 * reaches --wave-limit, the limit of every trace a run writes, is refused
 * (exit 2). */
static int record_estimate(const opts *o, uint64_t cycles)
{
    if (!o->record || !o->wave_limit)
        return 0;
    size_t n = strlen(o->record);
    uint64_t row = n > 4 && !strcmp(o->record + n - 4, ".hex") ? 16 * o->x.ps.in_words + 1
                                                               : irhw_csv_row_bytes(&o->x.ps);
    double est_bytes = (double)row * (double)cycles;
    if (est_bytes < (double)o->wave_limit)
        return 0;
    char est[32], lim[32];
    fprintf(stderr,
            "%s cosim: --record %s: about %s bytes expected (%" PRIu64 " cycles, about %" PRIu64
            " bytes a row), over --wave-limit %s; record fewer --cycles, or raise --wave-limit "
            "(none: no limit)\n",
            prog, o->record, size_text(est_bytes, est, sizeof est), cycles, row,
            size_text((double)o->wave_limit, lim, sizeof lim));
    return EXIT_USAGE;
}

static int cosim_one(const opts *o, irhw_cosim_res *res, int print)
{
    irhw_cosim_req q = {0};
    q.x = &o->x;
    q.cycles = o->cycles;
    q.seed = o->seed;
    q.stim = o->stim;
    q.wave = o->wave;
    q.wave_depth = (int)o->wave_depth;
    q.wave_from = o->wave_from;
    q.wave_to = o->wave_to;
    q.wave_limit = o->wave_limit;
    q.rtl_files = o->rtl;
    q.nrtl = o->nrtl;
    q.no_model = o->no_model;
    q.no_assert = o->no_assert;
    q.quiet = o->quiet;
    q.replay_prefix = prog;
    q.systemc = o->systemc;
    q.threads = (int)o->threads;
    char err[8192];
    irhw_rows given, capture;
    irhw_rows_init(&given, o->x.ps.in_words);
    irhw_rows_init(&capture, o->x.ps.in_words);
    irhw_observer ob = {0};
    irhw_xcheck *xk = NULL;
    irhw_linetrace lt;
    irhw_out *rec = NULL; /* a stream: a failed one is kept as <record>.partial */
    int rc = 0;
    if (o->nrtl && irhw_rtl_config_check(&o->x, o->rtl, o->nrtl, err, sizeof err)) {
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        return EXIT_USAGE;
    }
    char why[256];
    uint64_t least =
        o->b->min_cycles && !o->stim_file ? o->b->min_cycles(&o->x, why, sizeof why) : 0;
    if (o->cycles < least) {
        fprintf(stderr,
                "%s cosim: --cycles %" PRIu64 " is too short for %s: %s; give --cycles %" PRIu64
                " or more\n",
                prog, o->cycles, o->b->name, why, least);
        return EXIT_USAGE;
    }
    if (irhw_cov_init(&ob.cov, &o->x, err, sizeof err)) {
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        return EXIT_TOOL;
    }
    if (o->stim_file) {
        if (irhw_stimfile_read(o->stim_file, &o->x.ps, &given, err, sizeof err)) {
            fprintf(stderr, "%s cosim: --stim-file %s\n", prog, err);
            rc = EXIT_USAGE;
            goto done;
        }
        q.stim_rows = given.v;
        q.cycles = given.n;
        q.stim_file = o->stim_file;
    }
    if ((rc = record_estimate(o, q.cycles)) ||
        (!o->wave_checked && (rc = wave_estimate(o, &q))))
        goto done;
    if (o->estimate_only)
        goto done;
    if (o->record) {
        if (!(rec = irhw_out_stream(o->record, err, sizeof err))) {
            fprintf(stderr, "%s cosim: %s\n", prog, err);
            rc = EXIT_TOOL;
            goto done;
        }
        FILE *f = irhw_out_file(rec);
        size_t n = strlen(o->record);
        if (n > 4 && !strcmp(o->record + n - 4, ".hex")) { /* raw words (make bench, Icarus) */
            q.record = f;
        } else {
            ob.record = f;
            fprintf(f,
                    "# irhw %s: inputs of %s, one row per cycle (cosim --stim-file replays it)\n",
                    IRHW_VERSION, o->x.module);
            irhw_csv_header(f, &o->x.ps);
        }
    }
    if (o->trace_lines) {
        if (irhw_lt_init(&lt, &o->x, stdout, err, sizeof err)) {
            fprintf(stderr, "%s cosim: %s\n", prog, err);
            rc = EXIT_TOOL;
            goto done;
        }
        ob.lt = &lt;
    }
    ob.until_covered = o->until_covered;
    if (o->shrink)
        ob.capture = &capture;
    if (o->xcheck) {
        if (!(xk = irhw_xcheck_new(&o->x, !o->no_model, err, sizeof err))) {
            fprintf(stderr, "%s cosim: %s\n", prog, err);
            rc = EXIT_TOOL;
            goto done;
        }
        ob.xcheck = xk;
    }
    q.observe = irhw_observe_cycle;
    q.observe_ctx = &ob;
    if (irhw_cosim(&q, res, err, sizeof err)) {
        if (res->wave_failed && !res->equal)
            fputs(res->message, stdout); /* the verdict holds; the trace failed */
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        rc = EXIT_TOOL;
        goto done;
    }
    if (rec && irhw_out_commit(rec, err, sizeof err)) {
        rec = NULL;
        fprintf(stderr, "%s cosim --record: %s\n", prog, err);
        rc = EXIT_TOOL;
        goto done;
    }
    rec = NULL;
    char params[1024];
    irhw_cfg_format(o->b, &o->c, " ", params, sizeof params);
    int covered = irhw_cov_complete(&ob.cov) || o->no_model;
    if (!res->equal) { /* the X-check is not run; done: frees it */
        fputs(res->message, stdout);
        if (o->wave)
            printf("wave: %s (GTKWave: gtkwave %.*s.gtkw)\n", o->wave, (int)(strlen(o->wave) - 4),
                   o->wave);
        if (o->record)
            printf("recorded inputs: %s\n", o->record);
        rc = EXIT_MISMATCH;
        if (o->shrink && ob.nomem)
            fprintf(stderr, "%s cosim --shrink: out of memory keeping the trace\n", prog);
        else if (o->shrink)
            rc = shrink_failure(o, &q, res, &capture) ? EXIT_TOOL : EXIT_MISMATCH;
        goto done;
    }
    if (print) {
        double rate = res->run_s > 0 ? (double)res->cycles_run / res->run_s : 0;
        printf("%s %s %s: %" PRIu64 " cycles%s, seed %" PRIu64 ", %.0f cycles/s, "
               "model %s (%.2f s), started in %.2f s\n",
               o->no_model ? "RAN" : "PASS", o->b->name, params, res->cycles_run,
               o->no_model  ? " (RTL alone, no model)"
               : o->systemc ? " in SystemC, every output compared every cycle"
                            : ", every output compared every cycle",
               o->seed, rate, res->cached ? "cached" : "built", res->build_s, res->start_s);
        if (o->wave)
            printf("wave: %s + %.*s.gtkw\n", o->wave, (int)(strlen(o->wave) - 4), o->wave);
        if (o->record)
            printf("recorded inputs: %s\n", o->record);
        if (!o->quiet && !o->no_model && !o->systemc)
            print_threads(res);
    }
    if (!o->systemc && !o->no_model && ((print && !o->quiet) || (o->require_coverage && !covered)))
        irhw_cov_print(&ob.cov, stdout);
    if (o->require_coverage && !covered) {
        printf("COVERAGE HOLE %s %s: a point this configuration can reach was never hit "
               "(--require-coverage)\n",
               o->b->name, params);
        rc = EXIT_MISMATCH;
    }
    if (rc == 0 && xk) {
        rc = xcheck_finish(o, xk, res->cycles_run, print); /* frees it */
        xk = NULL;
    }
done:
    irhw_xcheck_free(xk, 0);
    irhw_out_abort(rec);
    irhw_cov_free(&ob.cov);
    irhw_rows_free(&given);
    irhw_rows_free(&capture);
    return rc;
}

static int cmd_cosim(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("cosim", argc, argv, 1, V_COSIM, &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s cosim BLOCK [-p NAME=VALUE]... [--cycles N] [--seed S]\n"
                "          [--stim mixed|random|directed] [--wave FILE.fst|FILE.vcd] [--rtl "
                "FILE.v]...\n" IRHW_ARGS_HELP
                "  Verilates the block's RTL (cached by a hash of every input of the build) and\n"
                "  runs it in lockstep with the C model, comparing every output every cycle.\n"
                "  --cycles N   cycles to run (default 100000)\n"
                "  --seed S     stimulus seed (default 1); the same seed gives the same run\n"
                "  --stim M     mixed (directed, then constrained random; default), random, "
                "directed\n"
                "  --wave F     trace with the RTL's signals, the model's expected outputs "
                "(exp_*),\n"
                "               a mismatch flag and a cycle counter, plus F.gtkw for GTKWave:\n"
                "               on a mismatch it opens on the differing outputs and their\n"
                "               exp_*, in colour, 20 cycles before it to 5 after\n"
                "  --wave-depth N  hierarchy levels traced: 1 (default) the ports, exp_* and\n"
                "               mismatch, written by irhw on the run's own model (no build;\n"
                "               with two CPUs by a writer thread, IRHW_WAVE_THREAD=0: none);\n"
                "               2 also the block's own registers and wires; more for\n"
                "               sub-modules and leaf-cell arrays (2+: a second cached build)\n"
                "  --wave-from C, --wave-to C  record only cycles C..C (e.g. before a mismatch)\n"
                "  --wave-limit SIZE  every trace of the run stays under SIZE (bytes, or\n"
                "               with K, M, G, T; default 2G; none: no limit): a run whose\n"
                "               estimated --wave or --record reaches it is refused (exit 2;\n"
                "               at --wave-depth 2+ the size is measured over the first 1000\n"
                "               cycles), and a --wave that nears it stops at a cycle\n"
                "               boundary, the file whole, with a line naming the cycles it\n"
                "               holds; the estimate is printed from 100M. A trace that cannot\n"
                "               be written (disk full) ends the run with exit 3, its part\n"
                "               renamed F.partial, no .gtkw\n"
                "  --rtl F      co-simulate these Verilog files (hand-edited RTL, a netlist)\n"
                "               instead of the generated RTL; leaf cells come from rtl/\n"
                "  --systemc    the same run inside SystemC: the RTL built with verilator --sc\n"
                "               beside the C model as an sc_module (gen --systemc), one sc_clock,\n"
                "               shared input signals, every output compared every cycle\n"
                "  --quiet      no progress, statistics or coverage report\n"
                "  --threads N  2: the RTL in one thread, the model, compare, checker and\n"
                "               coverage in another, up to %d cycles apart (the same results);\n"
                "               1: both in one. Default: the first %d cycles in one; with two\n"
                "               CPUs free, two if a cycle took %d ns or more and %g of it or\n"
                "               more was the model's side; else a trial of\n"
                "               %d-cycle windows in one and two picks the faster, checked\n"
                "               again after %d cycles, then twice as many each time up to\n"
                "               %d; one with --wave or --systemc. The line 'threads:'\n"
                "               says what ran\n"
                "  --stim-file F  drive model and RTL from a CSV trace instead of the stimulus:\n"
                "               a header of every input port name, one row per cycle, values\n"
                "               decimal or 0x hex (rst is held high in cycles 0 and 1)\n"
                "  --record F   write the inputs of this run as such a CSV trace (F.hex: raw\n"
                "               hex words, one line per cycle), under --wave-limit\n"
                "  --until-covered  end the run (within --cycles) once every coverage point\n"
                "               of the block is hit; the report follows the PASS line\n"
                "  --require-coverage  exit 1 when a point this configuration can reach was\n"
                "               never hit (tests/cosim/cosim_regress.sh)\n"
                "  --no-assert  build the RTL without its checks (IRHW_ASSERT undefined, no\n"
                "               Verilator --assert): what the checks cost (make bench)\n"
                "  --shrink     on a mismatch, shrink the failing trace (delta debugging over\n"
                "               cycles, then values) to a short one failing on the same port;\n"
                "               writes shrunk.csv, shrunk.fst and shrunk.gtkw and prints the\n"
                "               replay command\n"
                "  --shrink-out P  P.csv, P.fst, P.gtkw instead of shrunk.*\n"
                "  --trace-lines  one line per cycle: the block's key inputs | outputs (hex)\n"
                "  --xcheck     then the same inputs on the RTL under Icarus (4-state): fails on\n"
                "               any X/Z on an output after the reset cycles (a register without\n"
                "               its reset, hidden by Verilator's 2-state zeros) and on any\n"
                "               output that differs from the model's; names port and cycle\n"
                "exit: 0 equal, 1 mismatch (cycle, port, expected, actual, replay command),\n"
                "      2 usage or parameter error, 3 tool failure\n",
                prog, IRHW_COSIM_RING, IRHW_COSIM_FIRST, IRHW_COSIM_TWO_NS, IRHW_COSIM_TWO_SHARE,
                IRHW_COSIM_TRIAL, IRHW_COSIM_RECHECK, IRHW_COSIM_RECHECK_MAX);
        return rc;
    }
    irhw_cosim_res res;
    rc = io_check("cosim", &o, NULL);
    if (!rc)
        rc = cosim_one(&o, &res, 1);
    irhw_inst_free(&o.x);
    return rc;
}

/* ---- area ------------------------------------------------------------------ */

/* One file holding the design and its leaf cells, for Yosys. */
static int write_synth_input(const char *dir, const char *design, const char *const *leaves,
                             unsigned nleaves, char *all, size_t len, char *err, size_t errlen)
{
    snprintf(all, len, "%s/synth_input.v", dir);
    irhw_out *f = irhw_out_open(all, err, errlen);
    if (!f)
        return -1;
    int rc = 0;
    for (unsigned i = 0; i <= nleaves && !rc; i++) {
        char lp[4300];
        if (i == 0)
            snprintf(lp, sizeof lp, "%s", design);
        else
            snprintf(lp, sizeof lp, "%s/%s", dir, leaves[i - 1]);
        char *t = irhw_read_file(lp, NULL);
        if (!t)
            rc = irhw_err(err, errlen, "cannot read %s: %s", lp, strerror(errno));
        else
            fputs(t, irhw_out_file(f));
        free(t);
    }
    if (rc)
        irhw_out_abort(f);
    return rc ? rc : irhw_out_commit(f, err, errlen);
}

/* The area run of o's design in dir; the report to print when not NULL.
 * EXIT_USAGE for a liberty that is not a usable one, EXIT_TOOL. */
static int area_one(const opts *o, const char *dir, irhw_area_res *r, FILE *print)
{
    char path[4200], all[4300], err[4096];
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves;
    if (write_design(&o->x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err) ||
        write_synth_input(dir, path, leaves, nleaves, all, sizeof all, err, sizeof err)) {
        fprintf(stderr, "%s area: %s\n", prog, err);
        return EXIT_TOOL;
    }
    irhw_storage st;
    memset(&st, 0, sizeof st);
    if (o->b->storage)
        o->b->storage(&o->x, &st);
    if (st.overflow) {
        fprintf(stderr, "%s area: %s lists more than %d SRAM macro types\n", prog, o->x.module,
                IRHW_MAX_SRAMS);
        return EXIT_TOOL;
    }
    irhw_area_req q = {.liberty = o->liberty,
                       .top = o->x.module,
                       .verilog = all,
                       .workdir = dir,
                       .storage = &st,
                       .want_sta = !o->no_sta,
                       .sram_table = o->sram_table,
                       .flat = o->flat,
                       .progress = o->progress || isatty(2),
                       .ilm = o->ilm,
                       .etm = !o->full_sta && !o->ilm,
                       .jobs = (int)o->jobs};
    fprintf(stderr, "%s area: synthesizing %s with Yosys + ABC%s%s (work files in %s)...\n", prog,
            o->x.module, o->flat ? ", flat" : ", module by module (cached)",
            o->no_sta ? "" : ", timing with OpenSTA", dir);
    double t0 = irhw_now_s();
    int arc = irhw_area_run(&q, r, err, sizeof err);
    if (arc) {
        fprintf(stderr, "%s area: %s\n", prog, err);
        return arc == IRHW_EINPUT ? EXIT_USAGE : EXIT_TOOL;
    }
    fprintf(stderr, "%s area: done in %.1f s\n", prog, irhw_now_s() - t0);
    if (print) {
        irhw_note notes[16];
        irhw_area_fig fig = {r->total_um2, r->logic_um2,    r->ff_storage_um2,
                             r->sram_um2,  r->storage_bits, r->cells,
                             r->flops,     r->library,      r->node};
        int n = o->b->area_notes ? o->b->area_notes(&o->x, &fig, notes, 16) : 0;
        if (o->json)
            irhw_area_print_json(print, o->b, &o->c, r, notes, n);
        else
            irhw_area_print(print, o->b, &o->c, r, notes, n);
    }
    return 0;
}

static int cmd_area(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("area", argc, argv, 1, V_AREA, &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s area BLOCK [-p NAME=VALUE]... [--liberty FILE[.gz]] [--json] [--no-sta] "
                "[-o DIR]\n"
                "          [--sram-table FILE] [--flat] [--full-sta] [--ilm] [-j N] "
                "[--progress]\n" IRHW_ARGS_HELP
                "  Yosys + ABC synthesis onto a liberty (default: area/default_45nm.lib, an\n"
                "  approximate 45 nm-class library shipped here; one that is empty, binary,\n"
                "  not a liberty or without cell areas is refused, exit 2), SRAM macros\n"
                "  priced by the SRAM area model, critical path by OpenSTA. Work files and\n"
                "  the gate-level netlist (netlist.v, for cosim --rtl) go to DIR (default\n"
                "  out/area/<module>).\n"
                "  --sram-table F  SRAM areas of your own macros, one per line \"words width "
                "um2\"\n"
                "               ('#' comments); they replace the model's for those sizes\n"
                "  Each generated module is synthesized on its own, once: its results are\n"
                "  cached in $IRHW_SYNTH_CACHE (default IRHW_ROOT/build/synth-cache) by a hash\n"
                "  of its sources, the liberty, the scripts and the tool versions.\n"
                "  --flat       one Yosys run on the whole design, nothing cached\n"
                "  -j N         synthesis and timing jobs side by side, 1..64 (default 2)\n"
                "  Each module is timed on its own, cached: its submodules read whole, or\n"
                "  as their extracted timing models (liberty cells) when they have\n"
                "  submodules of their own (docs/area.md).\n"
                "  --full-sta   OpenSTA on the whole linked netlist instead\n"
                "  --ilm        time each module with its submodules' interface logic\n"
                "               models instead (cached; the same path, slower)\n"
                "  --progress   stage, module k of n and elapsed time on stderr (the default\n"
                "               when stderr is a terminal)\n",
                prog);
        return rc;
    }
    char dir[4096];
    if (o.out)
        snprintf(dir, sizeof dir, "%s", o.out);
    else
        snprintf(dir, sizeof dir, "out/area/%s", o.x.module);
    irhw_area_res r;
    rc = io_check("area", &o, dir);
    if (!rc)
        rc = area_one(&o, dir, &r, stdout);
    irhw_inst_free(&o.x);
    return rc;
}

/* ---- power ----------------------------------------------------------------- */

/* What an operation is for energy per operation: the output ports whose
 * bits, high at a clock edge, each count one; and the clock of the block's
 * paper (MHz). Blocks not listed: energy per cycle, the hwwl paper's clock. */
static const struct {
    const char *block, *ports, *name;
    double mhz;
} power_ops[] = {
    /* the hwwl paper's Table IV: 700 MHz cores */
    {"wl_bank", "push_ok pull_ok", "push/pull", 700},
    /* the IRU paper models a GTX 980 (its Table 2); NVIDIA's base clock 1126 MHz */
    {"iru_hash", "ins_ready", "element", 1126},
};
#define POWER_DEFAULT_MHZ 700.0
#define SKY130_LIB "sky130_fd_sc_hd__tt_025C_1v80.lib.gz"

/* Closes the memory stream *js and prints the document it holds on stdout
 * in one piece: 0, or EXIT_TOOL when memory ran out. */
static int print_whole(FILE **js, char **doc)
{
    int bad = fclose(*js) != 0;
    *js = NULL;
    if (bad || !*doc) {
        fprintf(stderr, "%s: out of memory building the JSON document\n", prog);
        return EXIT_TOOL;
    }
    fwrite(*doc, 1, strlen(*doc), stdout);
    return 0;
}

static int cmd_power(int argc, char **argv)
{
    opts o;
    char *json = NULL; /* --json: the document, printed once it is whole */
    size_t json_len = 0;
    FILE *js = NULL;
    int rc = parse_opts("power", argc, argv, 1, V_POWER, &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s power BLOCK [-p NAME=VALUE]... [--cycles N] [--clock MHz] [--seed S]\n"
                "          [--stim M | --stim-file F | --vcd F] [--liberty FILE[.gz]] [--json] "
                "[-o DIR]\n"
                "          [-j N] [--full-sta] [--ilm] [--progress]\n"
                "          [--wave-limit SIZE]\n" IRHW_ARGS_HELP
                "  The block's area (as irhw area, printed first), then its power from a\n"
                "  co-simulation traced to a VCD: a zero-delay gate-level simulation of the\n"
                "  mapped netlist (area/gatesim.c: cell functions from the liberty, no\n"
                "  glitches) driven by the trace's inputs and SRAM read data gives every\n"
                "  net's toggles and duty; each flip-flop matched to a traced register bit\n"
                "  and each output bit must toggle exactly as in the trace (else exit 3, no\n"
                "  figure). OpenSTA's report_power (internal, switching, leakage) runs on\n"
                "  those activities, set on every pin; SRAM macros add their energy per\n"
                "  access times the accesses seen.\n"
                "  --cycles N   co-simulated cycles (default 100000)\n"
                "  --wave-limit SIZE  the activity trace's limit (default 2G; K, M, G, T;\n"
                "               none: no limit): its size, measured over the first 1000\n"
                "               cycles, is estimated before anything runs, and a run over the\n"
                "               limit is refused (exit 2)\n"
                "  --vcd F      this trace (cosim --wave F.vcd --wave-depth 99 of the same\n"
                "               block and parameters) instead of a co-simulation, priced\n"
                "               whole and kept. Read through first: one that is not a\n"
                "               whole VCD is refused (exit 2) before the synthesis;\n"
                "               --cycles, --seed, --stim, --stim-file and --wave-limit do\n"
                "               not apply with it (exit 2)\n"
                "  --clock MHz  the clock the power is given at (default: the block's paper,\n"
                "               700 MHz (hwwl), 1126 MHz for iru_hash (GTX 980))\n"
                "  --liberty F  default: ../shared/data/liberty/" SKY130_LIB "\n"
                "               beside the source tree when present, else the default\n"
                "               library, which has no power data: power is refused (exit 2)\n"
                "               after the area\n"
                "  -j N, --full-sta, --ilm, --progress  as for irhw area\n"
                "  Energy per operation: per push/pull (wl_bank), per element (iru_hash),\n"
                "  per cycle otherwise. Work files in DIR (default out/power/<module>).\n"
                "  --json       one document {\"area\": ..., \"power\": ...}, printed whole at\n"
                "               the end (nothing on stdout when the run fails)\n"
                "exit: 0 done, 1 the co-simulation failed, 2 usage, a --liberty or --vcd that\n"
                "      is not a usable one, or a liberty without power data, 3 tool failure,\n"
                "      or the gate-level simulation disagreeing with the trace (the trace is\n"
                "      kept and named)\n",
                prog);
        return rc;
    }
    if (o.vcd_in && o.run_opt) {
        irhw_inst_free(&o.x);
        return irhw_usage("power",
                          "%s does not apply with --vcd: the trace given is priced whole, no "
                          "co-simulation runs (cut the trace, or drop --vcd to co-simulate)",
                          o.run_opt);
    }
    char sky[4200];
    snprintf(sky, sizeof sky, "%s/../shared/data/liberty/" SKY130_LIB, irhw_root());
    if (!o.liberty && access(sky, R_OK) == 0)
        o.liberty = sky;
    const char *op_ports = NULL, *op_name = NULL;
    double mhz = POWER_DEFAULT_MHZ;
    for (size_t i = 0; i < sizeof power_ops / sizeof power_ops[0]; i++)
        if (!strcmp(o.b->name, power_ops[i].block))
            op_ports = power_ops[i].ports, op_name = power_ops[i].name, mhz = power_ops[i].mhz;
    if (o.clock_mhz > 0)
        mhz = o.clock_mhz;
    char dir[4096], lib[4200], vcd[4200], err[4096];
    snprintf(dir, sizeof dir, "%s", o.out ? o.out : "out/power");
    if (!o.out)
        snprintf(dir, sizeof dir, "out/power/%s", o.x.module);
    if ((rc = io_check("power", &o, dir)))
        goto out;
    if (o.vcd_in) { /* a bad trace is refused before the synthesis */
        int vrc = irhw_vcd_check(o.vcd_in, err, sizeof err);
        if (vrc) {
            fprintf(stderr, "%s power: %s\n", prog, err);
            rc = vrc == IRHW_EINPUT ? EXIT_USAGE : EXIT_TOOL;
            goto out;
        }
    }
    snprintf(vcd, sizeof vcd, "%s", o.vcd_in ? o.vcd_in : "");
    if (!o.vcd_in)
        snprintf(vcd, sizeof vcd, "%s/power/activity.vcd", dir);
    char pdir[4200];
    snprintf(pdir, sizeof pdir, "%s/power", dir);
    opts co = o;
    co.wave = vcd;
    co.wave_depth = 99;
    co.quiet = 1;
    if (!o.vcd_in) { /* the trace's size first: a run over --wave-limit is refused */
        if (irhw_mkdirs(pdir)) {
            fprintf(stderr, "%s power: cannot create %s: %s\n", prog, pdir, strerror(errno));
            rc = EXIT_TOOL;
            goto out;
        }
        co.estimate_only = 1;
        irhw_cosim_res none;
        if ((rc = cosim_one(&co, &none, 0))) {
            rmdir(pdir); /* when it is empty: nothing was written */
            rmdir(dir);
            goto out;
        }
        co.estimate_only = 0;
        co.wave_checked = 1;
    }
    /* --json: one whole document on stdout at the end, or nothing */
    if (o.json && !(js = open_memstream(&json, &json_len))) {
        fprintf(stderr, "%s power: out of memory\n", prog);
        rc = EXIT_TOOL;
        goto out;
    }
    if (js)
        fprintf(js, "{\"area\": ");
    irhw_area_res ar;
    if ((rc = area_one(&o, dir, &ar, js ? js : stdout)))
        goto out;
    snprintf(lib, sizeof lib, "%s/cells.lib", dir);
    int has = irhw_liberty_has_power(lib, err, sizeof err);
    if (has <= 0) {
        if (has < 0)
            fprintf(stderr, "%s power: %s\n", prog, err);
        else
            fprintf(stderr,
                    "%s power: the liberty %s (%s) has no power data (no internal_power or "
                    "leakage_power): power refused; give --liberty with power tables, e.g. "
                    "sky130hd (" SKY130_LIB ")\n",
                    prog, o.liberty ? o.liberty : "area/default_45nm.lib", ar.library);
        if (js && has == 0) {
            fprintf(js, ", \"power\": null}\n");
            rc = print_whole(&js, &json);
        }
        if (!rc)
            rc = has < 0 ? EXIT_TOOL : EXIT_USAGE;
        goto out;
    }
    if (irhw_mkdirs(pdir)) {
        fprintf(stderr, "%s power: cannot create %s: %s\n", prog, pdir, strerror(errno));
        rc = EXIT_TOOL;
        goto out;
    }
    if (o.vcd_in)
        fprintf(stderr, "%s power: activity from the trace %s\n", prog, o.vcd_in);
    else if (o.stim_file)
        fprintf(stderr, "%s power: co-simulating %s with every signal traced...\n", prog,
                o.stim_file);
    else
        fprintf(stderr, "%s power: co-simulating %" PRIu64 " cycles with every signal traced...\n",
                prog, o.cycles);
    double t0 = irhw_now_s();
    irhw_cosim_res cres;
    if (!o.vcd_in && (rc = cosim_one(&co, &cres, 0)))
        goto out;
    double t1 = irhw_now_s();
    char ports[4096] = "";
    for (unsigned i = 0; i < o.x.ps.n; i++) {
        size_t k = strlen(ports);
        snprintf(ports + k, sizeof ports - k, "%s%s", k ? " " : "", o.x.ps.p[i].name);
    }
    irhw_power_req pq = {
        dir, o.liberty, o.x.module, vcd, mhz, strstr(ar.node, "130") ? 130 : 45, op_ports, ports};
    irhw_power_res pr;
    int prc = irhw_power_run(&pq, &pr, err, sizeof err);
    if (prc) {
        fprintf(stderr, "%s power: %s\n", prog, err);
        rc = prc == IRHW_EINPUT ? EXIT_USAGE : EXIT_TOOL;
        goto out;
    }
    fprintf(stderr,
            "%s power: co-simulation %.1f s, gate-level simulation %.1f s, OpenSTA %.1f s\n", prog,
            t1 - t0, pr.gsim_s, irhw_now_s() - t1 - pr.gsim_s);
    if (!o.vcd_in) {
        char gtkw[4300];
        snprintf(gtkw, sizeof gtkw, "%s/power/activity.gtkw", dir);
        unlink(vcd); /* tens of MB; the counts are in the report */
        unlink(gtkw);
    }
    if (js) {
        fprintf(js, ", \"power\": ");
        irhw_power_print_json(js, &pr, op_name);
        fprintf(js, "}\n");
        rc = print_whole(&js, &json);
    } else {
        irhw_power_print(stdout, &pr, op_name);
    }
out:
    if (js)
        fclose(js);
    free(json);
    irhw_inst_free(&o.x);
    return rc;
}

/* ---- run: the main job ----------------------------------------------------- */

/* irhw run's built-in area sweep: small configurations, every core. Each is
 * an ordinary `irhw sweep` (cached by key in DIR/runs/), so the report can
 * name the command that makes it again. */
static const struct {
    const char *block, *axes[3];
} run_sweeps[] = {
    /* the bank in flops and in SRAM around their crossover */
    {"wl_bank", {"ENTRIES=2,4,8,16,32,64", "STORAGE=flops,sram", NULL}},
    /* the WRU's sorting networks at the default LANES */
    {"wru", {"NETWORK=best,bestdepth,oddeven,bitonic", NULL, NULL}},
};
#define RUN_SWEEPS (int)(sizeof run_sweeps / sizeof run_sweeps[0])

/* Built-in sweep i into dir with `jobs` at once (a number as text). Its exit code. */
static int run_one_sweep(const opts *o, int i, const char *dir, const char *jobs)
{
    char *argv[16];
    int k = 0;
    argv[k++] = (char *)run_sweeps[i].block;
    for (int a = 0; a < 3 && run_sweeps[i].axes[a]; a++) {
        argv[k++] = "-p";
        argv[k++] = (char *)run_sweeps[i].axes[a];
    }
    argv[k++] = "--do";
    argv[k++] = "area";
    argv[k++] = "-j";
    argv[k++] = (char *)jobs;
    argv[k++] = "-o";
    argv[k++] = (char *)dir;
    if (o->liberty) {
        argv[k++] = "--liberty";
        argv[k++] = (char *)o->liberty;
    }
    argv[k] = NULL;
    printf("== built-in sweep: irhw sweep");
    for (int a = 0; a < k; a++)
        printf(" %s", argv[a]);
    printf("\n");
    fflush(stdout);
    return irhw_cmd_sweep(k, argv);
}

/* One block of `irhw run`: its RTL, a co-simulation with a waveform and its
 * area, printed as it goes; its summary line into row, its report row into
 * res. The worst exit code; *fatal when the block could not be run. */
static int run_block(const opts *o, const irhw_block *b, const char *root, char *row, size_t rowlen,
                     irhw_sweep_row *res, int *fatal)
{
    opts bo = *o;
    bo.b = b;
    irhw_cfg_defaults(bo.b, &bo.c);
    char dir[4096], wave[4200], path[4300], err[IRHW_ERRLEN], params[512];
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves;
    *fatal = 0;
    snprintf(row, rowlen, "%-9s %-12s %-9s %12s %8s   %s", b->name, "-", "ERROR", "n/a", "n/a",
             "-");
    if (irhw_inst_init(&bo.x, bo.b, &bo.c, err, sizeof err)) {
        irhw_inst_free(&bo.x);
        fprintf(stderr, "%s run: %s: %s\n", prog, bo.b->name, err);
        *fatal = 1;
        return EXIT_TOOL;
    }
    irhw_cfg_format(bo.b, &bo.c, " ", params, sizeof params);
    snprintf(dir, sizeof dir, "%s/%s", root, bo.b->name);
    printf("== %s (%s)\n", bo.b->name, params);
    fflush(stdout);
    if (write_design(&bo.x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        irhw_inst_free(&bo.x);
        *fatal = 1;
        return EXIT_TOOL;
    }
    printf("rtl:  %s\n", path);
    snprintf(wave, sizeof wave, "%s/%s.fst", dir, bo.b->name);
    bo.wave = wave;
    irhw_cosim_res cres;
    int crc = cosim_one(&bo, &cres, 1);
    char adir[4200];
    snprintf(adir, sizeof adir, "%s/area", dir);
    bo.json = 0;
    irhw_area_res ares;
    int arc = area_one(&bo, adir, &ares, stdout);
    irhw_row_from_run(res, &bo.x,
                      crc == 0               ? "pass"
                      : crc == EXIT_MISMATCH ? "mismatch"
                                             : "error",
                      cres.run_s > 0 ? (double)cres.cycles_run / cres.run_s : 0,
                      arc ? NULL : &ares);
    irhw_inst_free(&bo.x);
    char area_txt[64] = "n/a", cp[32] = "n/a";
    if (!arc) {
        snprintf(area_txt, sizeof area_txt, "%.0f", ares.total_um2);
        if (ares.have_sta)
            snprintf(cp, sizeof cp, "%.3f", ares.crit_ns);
    }
    snprintf(row, rowlen, "%-9s %-12" PRIu64 " %-9s %12s %8s   %s", bo.b->name, cres.cycles_run,
             crc == 0               ? "PASS"
             : crc == EXIT_MISMATCH ? "MISMATCH"
                                    : "ERROR",
             area_txt, cp, params);
    printf("\n");
    fflush(stdout);
    return crc > arc ? crc : arc;
}

#define RUN_MAX_BLOCKS 32
#define RUN_MAX_ITEMS (RUN_MAX_BLOCKS + RUN_SWEEPS)

/* What `irhw run` runs: every block, then the built-in sweeps. */
typedef struct {
    const irhw_block *b; /* a block, or NULL: built-in sweep `sweep` */
    int sweep;
    char dir[4200];  /* its folder (a sweep's: ROOT/sweep/<block>) */
    char log[4300];  /* its output when run apart */
    char rowf[4300]; /* a block's summary line and report row, from its process */
    char resf[4300];
    pid_t pid;
    int state; /* 0 waiting, 1 running, 2 done, 3 printed */
    int rc;
    double t0, wall_s;
} run_item;

/* The order items start in with several at once: the longest first (the
 * synthesis of hwwl_core, the WRU's four networks, iru_hash's 80 KB of
 * storage), hwwl last, as its cores' modules are then in the synthesis
 * cache. A sweep runs its configurations as many at once as the run
 * (irhw sweep -j), more processes than cores for a while, so that its
 * own longest configuration does not end the run alone. */
static int run_rank(const run_item *it)
{
    const char *n = it->b ? it->b->name : run_sweeps[it->sweep].block;
    if (!it->b)
        return !strcmp(n, "wru") ? 1 : 3;
    return !strcmp(n, "hwwl_core") ? 0 : !strcmp(n, "iru_hash") ? 2 : !strcmp(n, "hwwl") ? 4 : 3;
}

/* The item in this process (its output where stdout goes): its exit code. */
static int run_item_here(const opts *o, const char *root, run_item *it, char *row, size_t rowlen,
                         irhw_sweep_row *res, int *fatal, const char *sweep_jobs)
{
    if (!it->b) {
        *fatal = 0;
        return run_one_sweep(o, it->sweep, it->dir, sweep_jobs);
    }
    return run_block(o, it->b, root, row, rowlen, res, fatal);
}

/* Prints a finished item's output (its log) and takes, for a block, its
 * summary line and report row (*fatal when they are missing). */
static void run_item_collect(run_item *it, char *row, size_t rowlen, irhw_sweep_row *res,
                             int *fatal)
{
    size_t len = 0;
    char *text = irhw_read_file(it->log, &len);
    if (text)
        fwrite(text, 1, len, stdout);
    else
        printf("(%s: no output: %s)\n", it->log, strerror(errno));
    fflush(stdout);
    free(text);
    if (!it->b)
        return;
    char *rt = irhw_read_file(it->rowf, NULL), *nl = rt ? strchr(rt, '\n') : NULL, err[IRHW_ERRLEN];
    int bad = 1;
    if (nl) {
        bad = atoi(rt);
        snprintf(row, rowlen, "%.*s", (int)strcspn(nl + 1, "\n"), nl + 1);
    } else {
        snprintf(row, rowlen, "%-9s %-12s %-9s %12s %8s   %s", it->b->name, "-", "ERROR", "n/a",
                 "n/a", it->log);
    }
    if (!bad && irhw_row_read(it->resf, res, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        bad = 1;
    }
    free(rt);
    if (bad)
        *fatal = 1;
}

/* The items in child processes, `jobs` at once, in run_rank's order, each
 * one's output into its log; the blocks' output printed whole, in their
 * order, as they finish (the sweeps' is printed by the caller), progress
 * on stderr when it is a terminal. The worst exit code. */
static int run_parallel(const opts *o, const char *root, run_item *it, int n, unsigned jobs,
                        char rows[][512], irhw_sweep_row *results, int *fatal)
{
    int order[RUN_MAX_ITEMS], k = 0;
    for (int r = 0; r <= 4; r++)
        for (int i = 0; i < n; i++)
            if (run_rank(&it[i]) == r)
                order[k++] = i;
    int tty = isatty(STDERR_FILENO), started = 0, running = 0, printed = 0, worst = 0;
    double t0 = irhw_now_s();
    fflush(NULL);
    while (running || started < n) {
        while (running < (int)jobs && started < n) {
            run_item *x = &it[order[started++]];
            x->t0 = irhw_now_s();
            x->pid = irhw_fork();
            if (x->pid < 0) {
                fprintf(stderr, "%s run: fork: %s\n", prog, strerror(errno));
                x->state = 2, x->rc = EXIT_TOOL, *fatal = 1;
                continue;
            }
            if (x->pid == 0) { /* the item, its output into its log */
                int fd = open(x->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
                if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
                    _exit(EXIT_TOOL);
                close(fd);
                char row[512] = "", text[600], err[IRHW_ERRLEN];
                irhw_sweep_row res;
                memset(&res, 0, sizeof res);
                char sj[16];
                snprintf(sj, sizeof sj, "%u", jobs);
                opts one = *o; /* its area runs one tool at a time: the run fills the cores */
                one.jobs = 1;
                int bad = 0, r = run_item_here(&one, root, x, row, sizeof row, &res, &bad, sj);
                snprintf(text, sizeof text, "%d\n%s\n", bad, row);
                if (x->b && (irhw_write_file(x->rowf, text, err, sizeof err) ||
                             (!bad && irhw_row_write(x->resf, &res, err, sizeof err)))) {
                    fprintf(stderr, "%s run: %s\n", prog, err);
                    r = EXIT_TOOL;
                }
                fflush(NULL);
                _exit(r);
            }
            x->state = 1;
            running++;
            irhw_signal_at("%d of %d items started (the last: %s)", started, n,
                           x->b ? x->b->name : run_sweeps[x->sweep].block);
        }
        if (running) {
            int st;
            pid_t w = waitpid(-1, &st, 0);
            if (w < 0 && errno == EINTR)
                continue;
            irhw_child_done(w);
            for (int i = 0; i < n; i++)
                if (it[i].state == 1 && it[i].pid == w) {
                    it[i].state = 2;
                    it[i].wall_s = irhw_now_s() - it[i].t0;
                    running--;
                    it[i].rc = WIFEXITED(st) ? WEXITSTATUS(st) : EXIT_TOOL;
                    if (!WIFEXITED(st))
                        fprintf(stderr, "%s run: %s: its process ended by signal %d (%s)\n", prog,
                                it[i].dir, WTERMSIG(st), it[i].log);
                }
        }
        for (; printed < n && it[printed].b && it[printed].state == 2; printed++) {
            if (tty)
                fprintf(stderr, "\r\033[K");
            run_item_collect(&it[printed], rows[printed], sizeof rows[0], &results[printed], fatal);
            it[printed].state = 3;
        }
        if (tty && running) {
            char names[512] = "";
            int done = 0;
            for (int i = 0; i < n; i++) {
                done += it[i].state >= 2;
                if (it[i].state == 1)
                    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                             names[0] ? ", " : "",
                             it[i].b ? it[i].b->name : run_sweeps[it[i].sweep].block);
            }
            fprintf(stderr, "\r\033[K%s run: %d of %d done, running %s [%.0f s]", prog, done, n,
                    names, irhw_now_s() - t0);
        }
    }
    if (tty)
        fprintf(stderr, "\r\033[K");
    for (int i = 0; i < n; i++)
        worst = it[i].rc > worst ? it[i].rc : worst;
    return worst;
}

/* Is block `name` in --blocks (every block without it)? */
static int run_wants(const opts *o, const char *name)
{
    if (!o->blocks)
        return 1;
    size_t n = strlen(name);
    for (const char *p = o->blocks; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && !strncmp(p, name, n))
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static int cmd_run(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("run", argc, argv, 0, V_RUN, &o);
    if (rc || o.help) {
        if (o.help)
            printf("usage: %s run [-o DIR] [--cycles N] [--seed S] [--liberty FILE] [-j N]\n"
                   "          [--blocks B1,B2,...]\n"
                   "  for every block at the papers' default configuration: generate the RTL,\n"
                   "  co-simulate it against its model with a waveform, estimate its area; then\n"
                   "  print a summary table and write the area estimation report\n"
                   "  (DIR/report.html, DIR/report.md; DIR/results.csv). Everything goes under\n"
                   "  DIR (default out/). Last, BFS on a small real graph through hwwl in\n"
                   "  lockstep (irhw workload bfs: a line in the summary, a plot in DIR).\n"
                   "  The report adds a small built-in area sweep (irhw sweep ... --do area,\n"
                   "  cached in DIR/sweep/<block>): wl_bank ENTRIES=2..64 in flops and SRAM,\n"
                   "  the WRU's four sorting networks.\n"
                   "  -j N   blocks and sweeps at once (default: one a core), each in its own\n"
                   "         process, the longest syntheses first; a block's output is kept in\n"
                   "         DIR/<block>/run.log and printed whole in the blocks' order, a\n"
                   "         sweep's in DIR/sweep/<block>.log. -j 1: one after the other, in\n"
                   "         this process\n"
                   "  --blocks B1,B2,...  only these blocks and their built-in sweeps\n",
                   prog);
        return rc;
    }
    const char *root = o.out ? o.out : "out";
    if ((rc = io_check("run", &o, root)))
        return rc;
    if (!o.out)
        o.cycles = 200000;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned jobs = o.jobs ? (unsigned)o.jobs : cores > 0 ? (unsigned)cores : 1;
    static run_item items[RUN_MAX_ITEMS];
    int n = 0, nblocks = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp && nblocks < RUN_MAX_BLOCKS; bp++) {
        if (!run_wants(&o, (*bp)->name))
            continue;
        run_item *x = &items[n++];
        memset(x, 0, sizeof *x);
        x->b = *bp;
        snprintf(x->dir, sizeof x->dir, "%s/%s", root, x->b->name);
        snprintf(x->log, sizeof x->log, "%s/%s/run.log", root, x->b->name);
        snprintf(x->rowf, sizeof x->rowf, "%s/%s/run.row", root, x->b->name);
        snprintf(x->resf, sizeof x->resf, "%s/%s/run.result", root, x->b->name);
        nblocks++;
    }
    for (int i = 0; i < RUN_SWEEPS; i++) {
        if (!run_wants(&o, run_sweeps[i].block))
            continue;
        run_item *x = &items[n++];
        memset(x, 0, sizeof *x);
        x->sweep = i;
        snprintf(x->dir, sizeof x->dir, "%s/sweep/%s", root, run_sweeps[i].block);
        snprintf(x->log, sizeof x->log, "%s/sweep/%s.log", root, run_sweeps[i].block);
    }
    if (jobs > 1)
        for (int i = 0; i < n; i++)
            if (irhw_mkdirs_for(items[i].log)) {
                fprintf(stderr, "%s run: cannot create the folder of %s: %s\n", prog, items[i].log,
                        strerror(errno));
                return EXIT_TOOL;
            }
    int worst = 0, fatal = 0;
    char rows[RUN_MAX_BLOCKS][512];
    static irhw_sweep_row results[RUN_MAX_BLOCKS]; /* for the report (sweep.h) */
    double t0 = irhw_now_s(), sweep_s = 0;
    if (jobs > 1) {
        worst = run_parallel(&o, root, items, n, jobs, rows, results, &fatal);
    } else {
        for (int i = 0; i < nblocks && !fatal; i++) {
            int r = run_item_here(&o, root, &items[i], rows[i], sizeof rows[0], &results[i], &fatal,
                                  "1");
            worst = r > worst ? r : worst;
        }
    }
    if (fatal)
        return EXIT_TOOL;
    printf("%-9s %-12s %-9s %12s %8s   %s\n", "block", "cycles", "verdict", "area_um2", "crit_ns",
           "parameters");
    for (int i = 0; i < nblocks; i++)
        printf("%s\n", rows[i]);
    char wl[8192]; /* BFS on a small real graph through hwwl (sim/cli_workload.c) */
    int wrc = irhw_cli_run_workload(prog, root, wl, sizeof wl);
    printf("%s\n", wl);
    worst = wrc > worst ? wrc : worst;
    printf("(area on %s; waveforms, .gtkw files, RTL and area reports under %s/)\n",
           o.liberty ? o.liberty : "the default 45 nm-class library", root);
    /* the built-in sweeps: run beside the blocks, or now */
    const char *dirs[1 + RUN_SWEEPS] = {root};
    int ndirs = 1;
    for (int i = nblocks; i < n; i++) {
        run_item *x = &items[i];
        if (jobs > 1) {
            run_item_collect(x, NULL, 0, NULL, &fatal);
            sweep_s = x->wall_s > sweep_s ? x->wall_s : sweep_s;
        } else {
            double s0 = irhw_now_s();
            int r = run_item_here(&o, root, x, NULL, 0, NULL, &fatal, "1");
            worst = r > worst ? r : worst;
            sweep_s += irhw_now_s() - s0;
        }
        dirs[ndirs++] = x->dir;
    }
    if (n > nblocks)
        printf("built-in area sweep: %.1f s wall%s (results cached under %s/sweep/)\n", sweep_s,
               jobs > 1 ? ", beside the blocks" : "", root);
    else
        printf("built-in area sweep: none (--blocks names neither wl_bank nor wru)\n");
    char html[4200], err[2048];
    snprintf(html, sizeof html, "%s/report.html", root);
    if (irhw_results_save(root, results, nblocks, err, sizeof err) ||
        irhw_report_write(dirs, ndirs, html, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        return EXIT_TOOL;
    }
    if (ndirs > 1)
        printf("report: %s and %s/report.md (irhw report %s %s/sweep/* remakes it)\n", html, root,
               root, root);
    else
        printf("report: %s and %s/report.md (irhw report %s remakes it)\n", html, root, root);
    printf("irhw run: %.0f s wall, %u at once\n", irhw_now_s() - t0, jobs);
    return worst;
}

/* ---- prove ----------------------------------------------------------------- */

/* Bounded model checking and k-induction of the block's assertions
 * (vw_assert) with Yosys's SAT solver (`sat -tempinduct`), from rst held
 * in the first two cycles as co-simulation holds it. The top module's
 * assumptions (vw_assume: its input contract) constrain the inputs; a
 * leaf's are checked as assertions, since the block drives them. */
/* Beyond these the solver is hopeless: cells after flattening (before
 * optimisation), words of any one memory. */
#define PROVE_CELLS_MAX 10000
#define PROVE_MEM_MAX 32

/* The counterexample of the log's last "Time Signal ..." table: input
 * values at steps 1..n as rows of cycles 0..n-1; the step count, or 0. */
static uint64_t cex_rows(const char *log, const irhw_ports *ps, irhw_rows *r)
{
    const char *t = NULL, *p = log;
    while ((p = strstr(p, "  Time Signal Name")))
        t = p++;
    if (!t)
        return 0;
    uint64_t *row = calloc(ps->in_words, sizeof *row);
    uint64_t steps = 0;
    unsigned long cur = 0;
    char name[128], hex[512];
    unsigned long step;
    for (p = strchr(t, '\n'); p && row; p = strchr(p + 1, '\n')) {
        if (sscanf(p + 1, " %lu \\%127s %*s %511s", &step, name, hex) != 3) {
            if (strncmp(p + 1, "  ----", 6) && strncmp(p + 1, "  init", 6))
                break;
            continue;
        }
        if (step != cur && cur) {
            irhw_rows_push(r, row);
            steps++;
        }
        cur = step;
        for (unsigned i = 0; i < ps->n; i++) {
            const irhw_port *q = &ps->p[i];
            char h[520];
            const char *why;
            if (q->dir != IRHW_IN || strcmp(q->name, name))
                continue;
            snprintf(h, sizeof h, "0x%s", hex);
            irhw_parse_value(h, strlen(h), q->width, row + q->off, &why);
        }
    }
    if (cur && row) {
        irhw_rows_push(r, row);
        steps++;
    }
    free(row);
    return steps;
}

/* A GTKWave view of the counterexample's VCD: the block's ports, a marker
 * on the failing step. */
static int cex_gtkw(const char *path, const char *vcd, const opts *o, uint64_t steps, char *err,
                    size_t errlen)
{
    irhw_out *out = irhw_out_open(path, err, errlen);
    if (!out)
        return -1;
    FILE *f = irhw_out_file(out);
    fprintf(f, "[dumpfile] \"%s\"\n*0.0 %" PRIu64 " -1\n", vcd, steps);
    for (unsigned i = 0; i < o->x.ps.n; i++) {
        const irhw_port *p = &o->x.ps.p[i];
        if (p->width > 1)
            fprintf(f, "%s.%s[%u:0]\n", o->x.module, p->name, p->width - 1);
        else
            fprintf(f, "%s.%s\n", o->x.module, p->name);
    }
    return irhw_out_commit(out, err, errlen);
}

static int cmd_prove(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("prove", argc, argv, 1, V_PROVE, &o);
    if (rc || o.help) {
        if (o.help)
            printf("usage: %s prove BLOCK [-p NAME=VALUE]... [--depth N] [--rtl FILE]... [-o DIR]\n"
                   "  proves the block's assertions (`irhw list BLOCK` lists them) with Yosys's\n"
                   "  SAT solver: from rst held in cycles 0 and 1, bounded model checking to\n"
                   "  --depth N cycles (default 20, 3..%d) and k-induction up to N.\n"
                   "  Prints PROVED (k-induction, k), PASSED to depth N (no failure, induction\n"
                   "  did not close), or FAILED: the counterexample goes to DIR/cex.csv (a\n"
                   "  --stim-file), DIR/cex.vcd and DIR/cex.gtkw, and the cosim command that\n"
                   "  replays it against the C model is printed. Exit 0, 0, 1; 2 bad input or a\n"
                   "  configuration too large for the solver; 3 Yosys missing or failing.\n"
                   "  A design without an assertion has nothing to prove: exit 2.\n"
                   "  --rtl FILE  the user's RTL of the same ports instead of the generated\n"
                   "  -o DIR      where the design, the Yosys script (prove.ys) and log and the\n"
                   "              counterexample go (default out/prove-<module>); a run\n"
                   "              removes an earlier run's cex.* there\n",
                   prog, PROVE_DEPTH_MAX);
        return rc;
    }
    uint64_t depth = o.depth ? o.depth : 20;
    if (depth < 3 || depth > PROVE_DEPTH_MAX) {
        irhw_inst_free(&o.x);
        return irhw_usage("prove", "--depth '%" PRIu64 "' must be 3..%d", depth, PROVE_DEPTH_MAX);
    }
    char why[512];
    if (o.b->prove_too_hard && o.b->prove_too_hard(&o.x, why, sizeof why)) {
        irhw_inst_free(&o.x);
        return irhw_usage("prove", "%s is too large for the solver: %s", o.b->name, why);
    }
    char dir[4096], path[4200], err[IRHW_ERRLEN];
    snprintf(dir, sizeof dir, "%s", o.out ? o.out : "");
    if (!o.out)
        snprintf(dir, sizeof dir, "out/prove-%s", o.x.module);
    if ((rc = io_check("prove", &o, dir))) {
        irhw_inst_free(&o.x);
        return rc;
    }
    if (o.nrtl && irhw_rtl_config_check(&o.x, o.rtl, o.nrtl, err, sizeof err)) {
        fprintf(stderr, "%s prove: %s\n", prog, err);
        irhw_inst_free(&o.x);
        return EXIT_USAGE;
    }
    if (!irhw_find_in_path("yosys")) {
        irhw_inst_free(&o.x);
        fprintf(stderr, "%s prove: yosys not found: install the Debian package yosys\n", prog);
        return EXIT_TOOL;
    }
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves = 0;
    if (o.nrtl) {
        if (irhw_mkdirs(dir)) {
            fprintf(stderr, "%s prove: cannot create %s: %s\n", prog, dir, strerror(errno));
            irhw_inst_free(&o.x);
            return EXIT_TOOL;
        }
        nleaves = o.b->leaf_cells ? o.b->leaf_cells(&o.x, leaves) : 0;
    } else if (write_design(&o.x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err)) {
        fprintf(stderr, "%s prove: %s\n", prog, err);
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    /* the folder holds this run's files only: an earlier counterexample goes */
    static const char *const cex_names[] = {"cex.csv", "cex.vcd", "cex.gtkw"};
    for (unsigned i = 0; i < sizeof cex_names / sizeof cex_names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, cex_names[i]);
        if (unlink(path) && errno != ENOENT) {
            fprintf(stderr, "%s prove: cannot remove the earlier %s: %s\n", prog, path,
                    strerror(errno));
            irhw_inst_free(&o.x);
            return EXIT_TOOL;
        }
    }
    char log[4200], vcd[4200];
    snprintf(log, sizeof log, "%s/prove.log", dir);
    snprintf(vcd, sizeof vcd, "%s/cex.vcd", dir);
    /* the script grows with the files: any number and length of --rtl */
    char *script = NULL;
    size_t script_len = 0;
    FILE *sf = open_memstream(&script, &script_len);
    if (!sf) {
        fprintf(stderr, "%s prove: out of memory writing the Yosys script\n", prog);
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    fputs("read_verilog -formal -DIRHW_ASSERT", sf);
    if (o.nrtl)
        for (unsigned i = 0; i < o.nrtl; i++)
            fprintf(sf, " \"%s\"", o.rtl[i]);
    else
        fprintf(sf, " \"%s/%s.v\"", dir, o.x.module);
    for (unsigned i = 0; i < nleaves; i++)
        fprintf(sf, o.nrtl ? " \"%s/rtl/%s\"" : " \"%s/%s\"", o.nrtl ? irhw_root() : dir,
                leaves[i]);
    /* a proof needs a check: "less than the minimum" in the log says none reached the solver */
    fprintf(sf,
            "; hierarchy -check -top %s; "
            "chformal -assume2assert =* =A:top %%d; proc; flatten; memory_collect; "
            "select -assert-max %d t:*; select -assert-none t:$mem_v2 r:SIZE>%d %%i; "
            "prep -top %s; select -assert-min 1 t:$assert; memory_map; opt -fast; async2sync; "
            "dffunmap; sat -tempinduct -prove-asserts -set-assumes -set-at 1 rst 1 -set-at 2 rst 1 "
            "-maxsteps %" PRIu64 " -show-inputs -dump_vcd \"%s\"",
            o.x.module, PROVE_CELLS_MAX, PROVE_MEM_MAX, o.x.module, depth, vcd);
    fputc('\n', sf);
    if (fclose(sf)) {
        free(script);
        fprintf(stderr, "%s prove: out of memory writing the Yosys script\n", prog);
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    /* a file, not -p: an argument is at most 128 KiB (MAX_ARG_STRLEN) */
    char ys[4200];
    snprintf(ys, sizeof ys, "%s/prove.ys", dir);
    rc = irhw_write_file(ys, script, err, sizeof err);
    free(script);
    if (rc) {
        fprintf(stderr, "%s prove: %s\n", prog, err);
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    char *av[] = {"yosys", "-s", ys, NULL};
    irhw_signal_at("the proof of %s (Yosys, depth %" PRIu64 ", log %s)", o.x.module, depth, log);
    int st = irhw_run(av, log);
    char *text = irhw_read_file(log, NULL);
    if (!text) {
        fprintf(stderr, "%s prove: cannot read the Yosys log %s: %s\n", prog, log, strerror(errno));
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    int k = 0;
    for (const char *p = text; (p = strstr(p, "Base case for induction length")); p++)
        k++;
    char params[1024];
    irhw_cfg_format(o.b, &o.c, " -p ", params, sizeof params);
    if (strstr(text, "less than the minimum number 1: t:$assert")) {
        fprintf(stderr, "%s prove: no assertions in ", prog);
        if (o.nrtl)
            for (unsigned i = 0; i < o.nrtl; i++)
                fprintf(stderr, "%s%s", i ? ", " : "--rtl ", o.rtl[i]);
        else
            fprintf(stderr, "%s/%s.v", dir, o.x.module);
        fprintf(stderr, " (with its leaf cells): a proof needs at least one check; add an "
                        "assert under `ifdef IRHW_ASSERT (docs/assertions.md)\n");
        rc = EXIT_USAGE;
    } else if (strstr(text, "Assertion failed: selection")) {
        fprintf(stderr,
                "%s prove: %s -p %s is too large for the solver (more than %d cells after "
                "flattening, or a memory of more than %d words): prove a smaller "
                "configuration (fewer entries, sets, slots, lanes or cores)\n",
                prog, o.b->name, params, PROVE_CELLS_MAX, PROVE_MEM_MAX);
        rc = EXIT_USAGE;
    } else if (strstr(text, "Induction step proven: SUCCESS!")) {
        printf("PROVED %s -p %s: every assertion holds in every reachable state "
               "(k-induction, k = %d)\n",
               o.b->name, params, k);
        rc = 0;
    } else if (strstr(text, "model found for base case: FAIL!")) {
        irhw_rows r;
        irhw_rows_init(&r, o.x.ps.in_words);
        uint64_t n = cex_rows(text, &o.x.ps, &r);
        char csv[4200], gtkw[4200];
        snprintf(csv, sizeof csv, "%s/cex.csv", dir);
        snprintf(gtkw, sizeof gtkw, "%s/cex.gtkw", dir);
        rc = !n ? irhw_err(err, sizeof err, "no counterexample in the Yosys log %s", log)
                : irhw_stimfile_write(csv, &o.x.ps, &r,
                                      "irhw prove counterexample: cycle N = solver step N+1", err,
                                      sizeof err);
        if (!rc)
            rc = cex_gtkw(gtkw, vcd, &o, n, err, sizeof err);
        irhw_rows_free(&r);
        if (rc) {
            fprintf(stderr, "%s prove: %s\n", prog, err);
            rc = EXIT_TOOL;
        } else {
            /* step s's check samples step s-1, cosim's cycle s-2 */
            printf("FAILED %s -p %s: an assertion fails at cycle %" PRIu64
                   " (bounded model check; the replay names it)\n",
                   o.b->name, params, n >= 2 ? n - 2 : 0);
            printf("trace: %s (inputs per cycle), %s + %s\n", csv, vcd, gtkw);
            printf("replay: %s cosim %s -p %s --stim-file %s", prog, o.b->name, params, csv);
            for (unsigned i = 0; i < o.nrtl; i++)
                printf(" --rtl %s", o.rtl[i]);
            printf(" --wave %s/cex.fst\n", dir);
            rc = EXIT_MISMATCH;
        }
    } else if (st == 0 && strstr(text, "Reached maximum number of time steps")) {
        printf("PASSED %s -p %s to depth %" PRIu64 ": no assertion fails within %" PRIu64
               " cycles of reset (bounded model check; k-induction did not close by k = %d)\n",
               o.b->name, params, depth, depth, k);
        rc = 0;
    } else {
        fprintf(stderr, "%s prove: Yosys failed (exit %d; log: %s)\n", prog, st, log);
        rc = EXIT_TOOL;
    }
    free(text);
    irhw_inst_free(&o.x);
    return rc;
}

/* ---- main ------------------------------------------------------------------ */

static void help(FILE *f)
{
    fprintf(f,
            "irhw %s — golden models of GPU hardware blocks, Verilog generators,\n"
            "Verilator co-simulation, waveforms and area.\n\n"
            "usage: %s <verb> [BLOCK] [options]   ('%s <verb> --help' for each)\n"
            "  list  [BLOCK]            blocks, parameters, defaults, ranges\n"
            "  gen   BLOCK -p N=V -o D  write the Verilog for one configuration\n"
            "  cosim BLOCK -p N=V ...   RTL in lockstep with the C model\n"
            "  area  BLOCK -p N=V ...   Yosys area, SRAM model, OpenSTA critical path\n"
            "  power BLOCK -p N=V ...   power and energy from co-simulation activity (OpenSTA)\n"
            "  prove BLOCK -p N=V ...   the block's assertions by model checking (Yosys)\n"
            "  run                      all of it for every block at the papers' defaults\n"
            "  sweep BLOCK -p N=a,b ... many configurations, locally or on Slurm\n"
            "  report DIR...            area estimation report (HTML + Markdown) of sweeps\n"
            "  workload KIND ...        workloads driving the blocks (iru: graph frontiers)\n"
            "  paper-figs               the papers' figures on our graphs (workload runs)\n"
            "  graph rmat|grid|info     generate R-MAT and grid graphs; a graph's BFS shape\n"
            "\n" IRHW_ARGS_HELP
            "  exit: 0 ok, 1 a verdict against the design, 2 bad input, 3 a tool or the\n"
            "  system failed; SIGINT/SIGTERM/SIGHUP stop every verb and its tools, keep\n"
            "  an unfinished file as NAME.partial, exit 130/143/129 (docs/errors.md)\n",
            IRHW_VERSION, prog, prog);
    irhw_print_blocks(f);
}

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
} verb_entry;

static int cmd_workload(int argc, char **argv)
{
    return irhw_cli_workload(argc, argv, prog);
}

static const verb_entry verbs[] = {
    {"list", cmd_list},
    {"gen", cmd_gen},
    {"cosim", cmd_cosim},
    {"area", cmd_area},
    {"power", cmd_power},
    {"prove", cmd_prove},
    {"run", cmd_run},
    {"sweep", irhw_cmd_sweep},
    {"sweep-task", irhw_cmd_sweep_task},
    {"report", irhw_cmd_report},
    {"workload", cmd_workload},
    {"paper-figs", irhw_cmd_paper_figs},
    {"graph", irhw_cmd_graph},
};

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
    if (!strcmp(verb, "-h") || !strcmp(verb, "--help") || !strcmp(verb, "help")) {
        help(stdout);
        return 0;
    }
    if (!strcmp(verb, "--version")) {
        printf("irhw %s\n", IRHW_VERSION);
        return 0;
    }
    size_t n = sizeof verbs / sizeof verbs[0];
    for (size_t i = 0; i < n; i++)
        if (!strcmp(verb, verbs[i].name)) {
            irhw_signals_init(verb);
            return verbs[i].run(argc - 2, argv + 2);
        }
    irhw_print_unknown(prog, "verb", verb, irhw_closest(verb, &verbs[0].name, n, sizeof verbs[0]));
    help(stderr);
    return EXIT_USAGE;
}
