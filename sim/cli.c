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
#include "cli_workload.h"
#include "cosim.h"
#include "irhw.h"
#include "observe.h"
#include "scgen.h"
#include "shrink.h"
#include "sweep.h"
#include "vbuild.h"
#include "xcheck.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

static const char *prog = "irhw";

static int usage_error(const char *verb, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s %s: ", prog, verb);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see '%s %s --help')\n", prog, verb);
    return EXIT_USAGE;
}

static void print_blocks_line(FILE *f)
{
    fprintf(f, "blocks:");
    for (const irhw_block *const *b = irhw_blocks; *b; b++)
        fprintf(f, " %s", (*b)->name);
    fprintf(f, "\n");
}

/* ---- common option parsing ------------------------------------------------ */

typedef struct {
    const irhw_block *b;
    irhw_cfg c;
    irhw_inst x; /* the checked instance of b (after parse_opts) */
    const char *out, *wave, *liberty, *draw, *record, *sram_table;
    uint64_t wave_depth, wave_from, wave_to;
    const char *wave_opt; /* the last of --wave-depth/-from/-to given, to name in errors */
    const char *rtl[64];
    unsigned nrtl;
    uint64_t cycles, seed;
    irhw_stim_mode stim;
    int json, no_model, quiet, no_sta, help;
    int systemc; /* gen: also <module>_sc.h; cosim: the SystemC co-simulation */
    /* cosim: tb/observe.h, tb/stimfile.h, tb/shrink.h */
    const char *stim_file, *shrink_out;
    int until_covered, require_coverage, shrink, trace_lines;
    int xcheck;       /* cosim: the same stimulus on the RTL under Icarus (tb/xcheck.h) */
    uint64_t threads; /* cosim: 1 or 2, 0 = by the machine (tb/cosim.h) */
} opts;

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end || errno || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

/* Parses [BLOCK] and options; `allowed` lists the option letters/words the verb takes. */
static int parse_opts(const char *verb, int argc, char **argv, int need_block, const char *allowed,
                      opts *o)
{
    memset(o, 0, sizeof *o);
    o->cycles = 100000;
    o->seed = 1;
    int i = 0;
    for (int k = 0; k < argc; k++)
        if (!strcmp(argv[k], "-h") || !strcmp(argv[k], "--help")) {
            o->help = 1;
            return 0;
        }
    if (need_block) {
        if (argc < 1 || argv[0][0] == '-') {
            fprintf(stderr, "%s %s: name a block\n", prog, verb);
            print_blocks_line(stderr);
            return EXIT_USAGE;
        }
        o->b = irhw_find_block(argv[0]);
        if (!o->b) {
            fprintf(stderr, "%s %s: unknown block '%s'\n", prog, verb, argv[0]);
            print_blocks_line(stderr);
            return EXIT_USAGE;
        }
        irhw_cfg_defaults(o->b, &o->c);
        i = 1;
    }
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define TAKES(name) (!strcmp(a, name) && strstr(allowed, name " "))
#define NEED_VALUE                                                                                 \
    do {                                                                                           \
        if (!v)                                                                                    \
            return usage_error(verb, "option %s needs a value", a);                                \
        i++;                                                                                       \
    } while (0)
        if (o->b && TAKES("-p")) {
            NEED_VALUE;
            char err[IRHW_ERRLEN];
            if (irhw_cfg_set(o->b, &o->c, v, err, sizeof err)) {
                fprintf(stderr, "%s %s: %s\n", prog, verb, err);
                return EXIT_USAGE;
            }
        } else if (TAKES("-o")) {
            NEED_VALUE;
            o->out = v;
        } else if (TAKES("--cycles")) {
            NEED_VALUE;
            if (parse_u64(v, 1, 1000000000000ULL, &o->cycles))
                return usage_error(verb, "--cycles '%s' must be a whole number 1..10^12", v);
        } else if (TAKES("--seed")) {
            NEED_VALUE;
            if (parse_u64(v, 0, UINT64_MAX, &o->seed))
                return usage_error(verb, "--seed '%s' must be a whole number 0..2^64-1", v);
        } else if (TAKES("--stim")) {
            NEED_VALUE;
            if (!strcmp(v, "mixed"))
                o->stim = IRHW_STIM_MIXED;
            else if (!strcmp(v, "random"))
                o->stim = IRHW_STIM_RANDOM;
            else if (!strcmp(v, "directed"))
                o->stim = IRHW_STIM_DIRECTED;
            else
                return usage_error(verb, "--stim '%s' must be mixed, random or directed", v);
        } else if (TAKES("--wave")) {
            NEED_VALUE;
            size_t n = strlen(v);
            if (n < 5 || (strcmp(v + n - 4, ".fst") && strcmp(v + n - 4, ".vcd")))
                return usage_error(verb, "--wave %s: the file name must end in .fst or .vcd", v);
            o->wave = v;
        } else if (TAKES("--wave-depth")) {
            NEED_VALUE;
            if (parse_u64(v, 1, 99, &o->wave_depth))
                return usage_error(verb, "--wave-depth '%s' must be a whole number 1..99", v);
            o->wave_opt = "--wave-depth";
        } else if (TAKES("--threads")) {
            NEED_VALUE;
            if (parse_u64(v, 1, 2, &o->threads))
                return usage_error(verb, "--threads '%s' must be 1 or 2", v);
        } else if (TAKES("--wave-from")) {
            NEED_VALUE;
            if (parse_u64(v, 0, 1000000000000ULL, &o->wave_from))
                return usage_error(verb, "--wave-from '%s' must be a cycle 0..10^12", v);
            o->wave_opt = "--wave-from";
        } else if (TAKES("--wave-to")) {
            NEED_VALUE;
            if (parse_u64(v, 1, 1000000000000ULL, &o->wave_to))
                return usage_error(verb, "--wave-to '%s' must be a cycle 1..10^12", v);
            o->wave_opt = "--wave-to";
        } else if (TAKES("--rtl")) {
            NEED_VALUE;
            if (o->nrtl == sizeof o->rtl / sizeof o->rtl[0])
                return usage_error(verb, "too many --rtl files (at most 64): %s", v);
            if (access(v, R_OK))
                return usage_error(verb, "--rtl file '%s' cannot be read", v);
            o->rtl[o->nrtl++] = v;
        } else if (TAKES("--liberty")) {
            NEED_VALUE;
            if (access(v, R_OK))
                return usage_error(verb, "--liberty file '%s' cannot be read", v);
            o->liberty = v;
        } else if (TAKES("--sram-table")) {
            NEED_VALUE;
            char e2[IRHW_ERRLEN], src[300];
            double um2;
            if (irhw_sram_table_price(v, NULL, 45, &um2, src, sizeof src, e2, sizeof e2))
                return usage_error(verb, "--sram-table: %s", e2);
            o->sram_table = v;
        } else if (TAKES("--draw")) {
            NEED_VALUE;
            o->draw = v;
        } else if (TAKES("--record")) {
            NEED_VALUE;
            o->record = v;
        } else if (TAKES("--stim-file")) {
            NEED_VALUE;
            if (access(v, R_OK))
                return usage_error(verb, "--stim-file '%s' cannot be read", v);
            o->stim_file = v;
        } else if (TAKES("--shrink-out")) {
            NEED_VALUE;
            o->shrink_out = v;
        } else if (TAKES("--shrink")) {
            o->shrink = 1;
        } else if (TAKES("--until-covered")) {
            o->until_covered = 1;
        } else if (TAKES("--require-coverage")) {
            o->require_coverage = 1;
        } else if (TAKES("--trace-lines")) {
            o->trace_lines = 1;
        } else if (TAKES("--json")) {
            o->json = 1;
        } else if (TAKES("--no-sta")) {
            o->no_sta = 1;
        } else if (TAKES("--no-model")) {
            o->no_model = 1;
        } else if (TAKES("--quiet")) {
            o->quiet = 1;
        } else if (TAKES("--systemc")) {
            o->systemc = 1;
        } else if (TAKES("--xcheck")) {
            o->xcheck = 1;
        } else {
            return usage_error(verb, "unknown argument '%s'", a);
        }
#undef TAKES
#undef NEED_VALUE
    }
    if (o->wave_opt && !o->wave)
        return usage_error(verb, "%s needs --wave FILE.fst|FILE.vcd", o->wave_opt);
    if (o->wave_to && o->wave_to < o->wave_from) {
        char w[64];
        snprintf(w, sizeof w, "%" PRIu64 " is before --wave-from %" PRIu64, o->wave_to,
                 o->wave_from);
        return usage_error(verb, "--wave-to %s", w);
    }
    if (o->systemc && (o->wave_from || o->wave_to))
        return usage_error(verb, "%s: the SystemC kernel records every cycle",
                           "--wave-from/--wave-to do not apply with --systemc");
    if (o->systemc &&
        (o->stim_file || o->shrink || o->until_covered || o->require_coverage || o->trace_lines))
        return usage_error(verb, "%s do not apply with --systemc",
                           "--stim-file, --shrink, --until-covered, --require-coverage and "
                           "--trace-lines");
    if (o->shrink_out && !o->shrink)
        return usage_error(verb, "%s needs --shrink", "--shrink-out");
    if (o->b) {
        char err[IRHW_ERRLEN];
        if (irhw_inst_init(&o->x, o->b, &o->c, err, sizeof err)) {
            irhw_inst_free(&o->x);
            fprintf(stderr, "%s %s: %s\n", prog, verb, err);
            return EXIT_USAGE;
        }
        o->c = o->x.c; /* with the derived defaults */
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
    int json = 0;
    const char *name = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: %s list [BLOCK] [--json]\n"
                   "  every block (or one) with its parameters (defaults, ranges, meaning, the\n"
                   "  rule of a default derived from other parameters); for one block also its\n"
                   "  ports (direction, width, group, meaning) and timing contract: which outputs\n"
                   "  are combinational from which inputs, which are registered, read latency.\n"
                   "  --json  the same, machine-readable (an array of blocks)\n",
                   prog);
            return 0;
        }
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (argv[i][0] == '-' || name)
            return usage_error("list", "unknown argument '%s'", argv[i]);
        else
            name = argv[i];
    }
    const irhw_block *one = NULL;
    if (name && !(one = irhw_find_block(name))) {
        fprintf(stderr, "%s list: unknown block '%s'\n", prog, name);
        print_blocks_line(stderr);
        return EXIT_USAGE;
    }
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
            if (one)
                list_ports(&x);
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
    FILE *f = fopen(o->draw, "w");
    if (!f) {
        fprintf(stderr, "%s gen: cannot write %s: %s\n", prog, o->draw, strerror(errno));
        return EXIT_TOOL;
    }
    int rc = o->b->draw_svg(&o->x, f, err, sizeof err);
    if (fclose(f) && !rc)
        rc = irhw_err(err, sizeof err, "cannot write %s: %s", o->draw, strerror(errno));
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
    int rc = parse_opts("gen", argc, argv, 1, "-p -o --draw --systemc ", &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s gen BLOCK [-p NAME=VALUE]... [-o DIR] [--draw FILE.svg] [--systemc]\n"
                "  writes DIR/<module>.v (Verilog-2005, deterministic) and only the rtl/ leaf\n"
                "  cells it instantiates; default DIR: out/<block>\n"
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
        snprintf(dir, sizeof dir, "out/%s", o.b->name);
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
    q.rtl_files = o->rtl;
    q.nrtl = o->nrtl;
    q.no_model = o->no_model;
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
    FILE *rec = NULL;
    int rc = 0;
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
    if (o->record) {
        rec = fopen(o->record, "w");
        if (!rec) {
            fprintf(stderr, "%s cosim: cannot write %s: %s\n", prog, o->record, strerror(errno));
            rc = EXIT_TOOL;
            goto done;
        }
        size_t n = strlen(o->record);
        if (n > 4 && !strcmp(o->record + n - 4, ".hex")) { /* raw words (make bench, Icarus) */
            q.record = rec;
        } else {
            ob.record = rec;
            fprintf(rec,
                    "# irhw %s: inputs of %s, one row per cycle (cosim --stim-file replays it)\n",
                    IRHW_VERSION, o->x.module);
            irhw_csv_header(rec, &o->x.ps);
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
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        rc = EXIT_TOOL;
        goto done;
    }
    if (rec && fclose(rec)) {
        rec = NULL;
        fprintf(stderr, "%s cosim: cannot write %s: %s\n", prog, o->record, strerror(errno));
        rc = EXIT_TOOL;
        goto done;
    }
    rec = NULL;
    char params[1024];
    irhw_cfg_format(o->b, &o->c, " ", params, sizeof params);
    int covered = irhw_cov_complete(&ob.cov) || o->no_model;
    if (!res->equal) {
        irhw_xcheck_free(xk, 0);
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
    if (rec)
        fclose(rec);
    irhw_cov_free(&ob.cov);
    irhw_rows_free(&given);
    irhw_rows_free(&capture);
    return rc;
}

static int cmd_cosim(int argc, char **argv)
{
    opts o;
    int rc =
        parse_opts("cosim", argc, argv, 1,
                   "-p --cycles --seed --stim --wave --wave-depth --wave-from --wave-to --rtl "
                   "--no-model --quiet --record --systemc --stim-file --until-covered "
                   "--require-coverage --shrink --shrink-out --trace-lines --xcheck --threads ",
                   &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s cosim BLOCK [-p NAME=VALUE]... [--cycles N] [--seed S]\n"
                "          [--stim mixed|random|directed] [--wave FILE.fst|FILE.vcd] [--rtl "
                "FILE.v]...\n"
                "  Verilates the block's RTL (cached by a hash of every input of the build) and\n"
                "  runs it in lockstep with the C model, comparing every output every cycle.\n"
                "  --cycles N   cycles to run (default 100000)\n"
                "  --seed S     stimulus seed (default 1); the same seed gives the same run\n"
                "  --stim M     mixed (directed, then constrained random; default), random, "
                "directed\n"
                "  --wave F     trace with the RTL's signals, the model's expected outputs "
                "(exp_*)\n"
                "               and a mismatch flag, plus F.gtkw for GTKWave\n"
                "  --wave-depth N  hierarchy levels traced: 1 (default) the ports, exp_* and\n"
                "               mismatch, written by irhw on the run's own model (no build;\n"
                "               with two CPUs by a writer thread, IRHW_WAVE_THREAD=0: none);\n"
                "               2 also the block's own registers and wires; more for\n"
                "               sub-modules and leaf-cell arrays (2+: a second cached build)\n"
                "  --wave-from C, --wave-to C  record only cycles C..C (e.g. before a mismatch)\n"
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
                "               hex words, one line per cycle)\n"
                "  --until-covered  end the run (within --cycles) once every coverage point\n"
                "               of the block is hit; the report follows the PASS line\n"
                "  --require-coverage  exit 1 when a point this configuration can reach was\n"
                "               never hit (tests/cosim_regress.sh)\n"
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
    FILE *f = fopen(all, "w");
    if (!f)
        return irhw_err(err, errlen, "cannot write %s: %s", all, strerror(errno));
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
            fputs(t, f);
        free(t);
    }
    if (fclose(f) && !rc)
        rc = irhw_err(err, errlen, "cannot write %s: %s", all, strerror(errno));
    return rc;
}

static int area_one(const opts *o, const char *dir, irhw_area_res *r, int print)
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
    irhw_area_req q = {o->liberty, o->x.module, all, dir, &st, !o->no_sta, 0, o->sram_table};
    fprintf(stderr, "%s area: synthesizing %s with Yosys + ABC%s (work files in %s)...\n", prog,
            o->x.module, o->no_sta ? "" : ", timing with OpenSTA", dir);
    double t0 = irhw_now_s();
    if (irhw_area_run(&q, r, err, sizeof err)) {
        fprintf(stderr, "%s area: %s\n", prog, err);
        return EXIT_TOOL;
    }
    fprintf(stderr, "%s area: done in %.1f s\n", prog, irhw_now_s() - t0);
    if (print) {
        irhw_note notes[16];
        irhw_area_fig fig = {r->total_um2, r->logic_um2,    r->ff_storage_um2,
                             r->sram_um2,  r->storage_bits, r->cells,
                             r->flops,     r->library,      r->node};
        int n = o->b->area_notes ? o->b->area_notes(&o->x, &fig, notes, 16) : 0;
        if (o->json)
            irhw_area_print_json(stdout, o->b, &o->c, r, notes, n);
        else
            irhw_area_print(stdout, o->b, &o->c, r, notes, n);
    }
    return 0;
}

static int cmd_area(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("area", argc, argv, 1, "-p -o --liberty --json --no-sta --sram-table ", &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s area BLOCK [-p NAME=VALUE]... [--liberty FILE[.gz]] [--json] [--no-sta] "
                "[-o DIR]\n"
                "          [--sram-table FILE]\n"
                "  Yosys + ABC synthesis onto a liberty (default: area/default_45nm.lib, an\n"
                "  approximate 45 nm-class library shipped here), SRAM macros priced by the SRAM\n"
                "  area model, critical path by OpenSTA. Work files and the gate-level netlist\n"
                "  (netlist.v, for cosim --rtl) go to DIR (default out/area/<module>).\n"
                "  --sram-table F  SRAM areas of your own macros, one per line \"words width "
                "um2\"\n"
                "               ('#' comments); they replace the model's for those sizes\n",
                prog);
        return rc;
    }
    char dir[4096];
    if (o.out)
        snprintf(dir, sizeof dir, "%s", o.out);
    else
        snprintf(dir, sizeof dir, "out/area/%s", o.x.module);
    irhw_area_res r;
    rc = area_one(&o, dir, &r, 1);
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

/* Runs them into ROOT/sweep/<block>; their folders in dirs. The worst exit code. */
static int run_builtin_sweeps(const opts *o, const char *root, char dirs[][4200], double *wall_s)
{
    char jobs[16];
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(jobs, sizeof jobs, "%ld", cores > 0 ? cores : 1);
    double t0 = irhw_now_s();
    int worst = 0;
    for (int i = 0; i < RUN_SWEEPS; i++) {
        char *argv[16];
        int k = 0;
        snprintf(dirs[i], 4200, "%s/sweep/%s", root, run_sweeps[i].block);
        argv[k++] = (char *)run_sweeps[i].block;
        for (int a = 0; a < 3 && run_sweeps[i].axes[a]; a++) {
            argv[k++] = "-p";
            argv[k++] = (char *)run_sweeps[i].axes[a];
        }
        argv[k++] = "--do";
        argv[k++] = "area";
        argv[k++] = "-j";
        argv[k++] = jobs;
        argv[k++] = "-o";
        argv[k++] = dirs[i];
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
        int rc = irhw_cmd_sweep(k, argv);
        worst = rc > worst ? rc : worst;
    }
    *wall_s = irhw_now_s() - t0;
    return worst;
}

static int cmd_run(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("run", argc, argv, 0, "-o --cycles --seed --liberty ", &o);
    if (rc || o.help) {
        if (o.help)
            printf("usage: %s run [-o DIR] [--cycles N] [--seed S] [--liberty FILE]\n"
                   "  for every block at the papers' default configuration: generate the RTL,\n"
                   "  co-simulate it against its model with a waveform, estimate its area; then\n"
                   "  print a summary table and write the area estimation report\n"
                   "  (DIR/report.html, DIR/report.md; DIR/results.csv). Everything goes under\n"
                   "  DIR (default out/). Last, BFS on a small real graph through hwwl in\n"
                   "  lockstep (irhw workload bfs: a line in the summary, a plot in DIR).\n"
                   "  The report adds a small built-in area sweep (irhw sweep ... --do area,\n"
                   "  -j = cores, cached in DIR/sweep/<block>): wl_bank ENTRIES=2..64 in\n"
                   "  flops and SRAM, the WRU's four sorting networks.\n",
                   prog);
        return rc;
    }
    const char *root = o.out ? o.out : "out";
    if (!o.out)
        o.cycles = 200000;
    int worst = 0;
    char rows[32][512];
    int nrows = 0;
    static irhw_sweep_row results[32]; /* for the report (sweep.h) */
    for (const irhw_block *const *bp = irhw_blocks; *bp && nrows < 32; bp++) {
        opts bo = o;
        bo.b = *bp;
        irhw_cfg_defaults(bo.b, &bo.c);
        char dir[4096], wave[4200], path[4300], err[IRHW_ERRLEN], params[512];
        const char *leaves[IRHW_MAX_LEAVES];
        unsigned nleaves;
        if (irhw_inst_init(&bo.x, bo.b, &bo.c, err, sizeof err)) {
            irhw_inst_free(&bo.x);
            fprintf(stderr, "%s run: %s: %s\n", prog, bo.b->name, err);
            return EXIT_TOOL;
        }
        irhw_cfg_format(bo.b, &bo.c, " ", params, sizeof params);
        snprintf(dir, sizeof dir, "%s/%s", root, bo.b->name);
        printf("== %s (%s)\n", bo.b->name, params);
        fflush(stdout);
        if (write_design(&bo.x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err)) {
            fprintf(stderr, "%s run: %s\n", prog, err);
            irhw_inst_free(&bo.x);
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
        int arc = area_one(&bo, adir, &ares, 1);
        irhw_row_from_run(&results[nrows], &bo.x,
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
        snprintf(rows[nrows++], sizeof rows[0], "%-9s %-12" PRIu64 " %-9s %12s %8s   %s",
                 bo.b->name, cres.cycles_run,
                 crc == 0               ? "PASS"
                 : crc == EXIT_MISMATCH ? "MISMATCH"
                                        : "ERROR",
                 area_txt, cp, params);
        if (crc > worst)
            worst = crc;
        if (arc > worst)
            worst = arc;
        printf("\n");
    }
    printf("%-9s %-12s %-9s %12s %8s   %s\n", "block", "cycles", "verdict", "area_um2", "crit_ns",
           "parameters");
    for (int i = 0; i < nrows; i++)
        printf("%s\n", rows[i]);
    char wl[8192]; /* BFS on a small real graph through hwwl (sim/cli_workload.c) */
    int wrc = irhw_cli_run_workload(prog, root, wl, sizeof wl);
    printf("%s\n", wl);
    worst = wrc > worst ? wrc : worst;
    printf("(area on %s; waveforms, .gtkw files, RTL and area reports under %s/)\n",
           o.liberty ? o.liberty : "the default 45 nm-class library", root);
    /* the area estimation report of these configurations and the built-in
     * sweep (sim/report.c) */
    char html[4200], err[2048], sweep_dirs[RUN_SWEEPS][4200];
    double sweep_s = 0;
    int src = run_builtin_sweeps(&o, root, sweep_dirs, &sweep_s);
    worst = src > worst ? src : worst;
    const char *dirs[1 + RUN_SWEEPS] = {root};
    for (int i = 0; i < RUN_SWEEPS; i++)
        dirs[1 + i] = sweep_dirs[i];
    printf("built-in area sweep: %.1f s wall (results cached under %s/sweep/)\n", sweep_s, root);
    snprintf(html, sizeof html, "%s/report.html", root);
    if (irhw_results_save(root, results, nrows, err, sizeof err) ||
        irhw_report_write(dirs, 1 + RUN_SWEEPS, html, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        return EXIT_TOOL;
    }
    printf("report: %s and %s/report.md (irhw report %s %s/sweep/* remakes it)\n", html, root, root,
           root);
    return worst;
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
            "  run                      all of it for every block at the papers' defaults\n"
            "  sweep BLOCK -p N=a,b ... many configurations, locally or on Slurm\n"
            "  report DIR...            area estimation report (HTML + Markdown) of sweeps\n"
            "  workload KIND ...        workloads driving the blocks (iru: graph frontiers)\n",
            IRHW_VERSION, prog, prog);
    print_blocks_line(f);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
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
    if (!strcmp(verb, "list"))
        return cmd_list(argc - 2, argv + 2);
    if (!strcmp(verb, "gen"))
        return cmd_gen(argc - 2, argv + 2);
    if (!strcmp(verb, "cosim"))
        return cmd_cosim(argc - 2, argv + 2);
    if (!strcmp(verb, "area"))
        return cmd_area(argc - 2, argv + 2);
    if (!strcmp(verb, "run"))
        return cmd_run(argc - 2, argv + 2);
    if (!strcmp(verb, "sweep"))
        return irhw_cmd_sweep(argc - 2, argv + 2);
    if (!strcmp(verb, "sweep-task"))
        return irhw_cmd_sweep_task(argc - 2, argv + 2);
    if (!strcmp(verb, "report"))
        return irhw_cmd_report(argc - 2, argv + 2);
    if (!strcmp(verb, "workload"))
        return irhw_cli_workload(argc - 2, argv + 2, prog);
    fprintf(stderr, "%s: unknown verb '%s'\n", prog, verb);
    help(stderr);
    return EXIT_USAGE;
}
