/*
 * cli.c — the irhw command line: list | gen | cosim | area | run | workload
 * (workload: sim/cli_workload.c), and the sweep verbs whose bodies live in
 * sweep_cli.c (sweep | sweep-task | report). Here: the block verbs' option
 * parsing, list, gen and the verb table; cosim and run live in
 * sim/cli_cosim.c, area, power and prove in sim/cli_area.c (cli_int.h).
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

/* The options of gen, cosim, area and run (verbs, V_* in cli_int.h: which
 * of them take it). */
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
                "  writes DIR/<module>.v (Verilog-2005, deterministic: every module of the\n"
                "  design, the rtl/ leaf cells it uses too, those below the top tagged with\n"
                "  the design's hash), DIR/<module>.f (file list) and DIR/<module>.core\n"
                "  (FuseSoC). Default DIR: out/<module>, a folder per configuration (the\n"
                "  module name encodes it: wl_bank_e32_w24_t5_flops)\n"
                "  --draw FILE.svg  a drawing of the structure (blocks that have one)\n"
                "  --systemc        also DIR/<module>_sc.h: the C model as a SystemC module with\n"
                "                   the RTL's ports (include it, link libirhw and -lsystemc)\n",
                prog);
        return rc;
    }
    char dir[4096], path[4200], err[IRHW_ERRLEN];
    if (o.out)
        snprintf(dir, sizeof dir, "%s", o.out);
    else
        snprintf(dir, sizeof dir, "out/%s", o.x.module); /* a folder per configuration */
    if ((rc = io_check("gen", &o, dir))) {
        irhw_inst_free(&o.x);
        return rc;
    }
    if (irhw_gen_export(&o.x, dir, path, sizeof path, err, sizeof err)) {
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
