/*
 * irhw — the command line: list | gen | cosim | area | run.
 *
 * Exit codes: 0 success (cosim: RTL equal to the model); 1 cosim mismatch
 * or failed check; 2 usage or parameter error; 3 a tool failed (Verilator,
 * Yosys, ...) with its log named in the message.
 */
#include "area.h"
#include "cosim.h"
#include "irhw.h"
#include "scgen.h"
#include "vbuild.h"

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
    const char *out, *wave, *liberty, *draw, *record;
    const char *rtl[64];
    unsigned nrtl;
    uint64_t cycles, seed;
    irhw_stim_mode stim;
    int json, no_model, quiet, no_sta, help;
    int systemc; /* gen: also <module>_sc.h; cosim: the SystemC co-simulation */
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
            o->wave = v;
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
        } else if (TAKES("--draw")) {
            NEED_VALUE;
            o->draw = v;
        } else if (TAKES("--record")) {
            NEED_VALUE;
            o->record = v;
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
        } else {
            return usage_error(verb, "unknown argument '%s'", a);
        }
#undef TAKES
#undef NEED_VALUE
    }
    if (o->b) {
        char err[IRHW_ERRLEN];
        if (irhw_cfg_check(o->b, &o->c, err, sizeof err)) {
            fprintf(stderr, "%s %s: %s\n", prog, verb, err);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* ---- list ------------------------------------------------------------------ */

static void list_block(const irhw_block *b)
{
    printf("%s — %s (%s)\n", b->name, b->title, b->paper);
    for (unsigned i = 0; i < b->nparams; i++) {
        const irhw_param *p = &b->params[i];
        char range[256] = "", def[64];
        if (p->type == IRHW_PENUM) {
            size_t o = 0;
            for (const char *const *ch = p->choices; *ch; ch++)
                o += (size_t)snprintf(range + o, sizeof range - o, "%s%s",
                                      ch == p->choices ? "" : "|", *ch);
            snprintf(def, sizeof def, "%s", p->choices[p->def]);
        } else {
            snprintf(range, sizeof range, "%" PRId64 "..%" PRId64, p->min, p->max);
            snprintf(def, sizeof def, "%" PRId64, p->def);
        }
        printf("  %-11s default %-9s range %-24s %s\n", p->name, def, range, p->meaning);
    }
}

static int cmd_list(int argc, char **argv)
{
    if (argc > 0 && (!strcmp(argv[0], "-h") || !strcmp(argv[0], "--help"))) {
        printf("usage: %s list [BLOCK]\n  every block (or one) with its parameters, defaults, "
               "ranges and meaning\n",
               prog);
        return 0;
    }
    if (argc > 0) {
        const irhw_block *b = irhw_find_block(argv[0]);
        if (!b) {
            fprintf(stderr, "%s list: unknown block '%s'\n", prog, argv[0]);
            print_blocks_line(stderr);
            return EXIT_USAGE;
        }
        list_block(b);
        return 0;
    }
    for (const irhw_block *const *b = irhw_blocks; *b; b++) {
        list_block(*b);
        if (b[1])
            printf("\n");
    }
    return 0;
}

/* ---- gen ------------------------------------------------------------------- */

static int copy_leaf(const char *name, const char *dir, char *err, size_t errlen)
{
    char src[4096], dst[4096];
    snprintf(src, sizeof src, "%s/rtl/%s", irhw_root(), name);
    snprintf(dst, sizeof dst, "%s/%s", dir, name);
    char *t = irhw_read_file(src, NULL);
    if (!t)
        return irhw_err(err, errlen, "cannot read leaf cell %s", src);
    int rc = irhw_write_file(dst, t, err, errlen);
    free(t);
    return rc;
}

/* Writes DIR/<module>.v and the leaf cells it uses; path of the design in out. */
static int write_design(const opts *o, const char *dir, char *path, size_t len, char *err,
                        size_t errlen)
{
    char module[128];
    o->b->module_name(&o->c, module, sizeof module);
    if (irhw_mkdirs(dir))
        return irhw_err(err, errlen, "cannot create %s: %s", dir, strerror(errno));
    char *v = irhw_generate(o->b, &o->c, err, errlen);
    if (!v)
        return -1;
    snprintf(path, len, "%s/%s.v", dir, module);
    int rc = irhw_write_file(path, v, err, errlen);
    free(v);
    for (const char *const *l = o->b->leaf_cells; !rc && l && *l; l++)
        rc = copy_leaf(*l, dir, err, errlen);
    return rc;
}

static int cmd_gen(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("gen", argc, argv, 1, "-p -o --draw --systemc ", &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s gen BLOCK [-p NAME=VALUE]... [-o DIR] [--draw FILE.svg] [--systemc]\n"
                "  writes DIR/<module>.v (Verilog-2005, deterministic) and the rtl/ leaf cells\n"
                "  it instantiates; default DIR: out/<block>\n"
                "  --draw FILE.svg  a drawing of the structure (blocks that have one)\n"
                "  --systemc        also DIR/<module>_sc.h: the C model as a SystemC module with\n"
                "                   the RTL's ports (include it, link libirhw and -lsystemc)\n",
                prog);
        return rc;
    }
    char dir[4096], path[4200], err[IRHW_ERRLEN];
    snprintf(dir, sizeof dir, "%s", o.out ? o.out : "out");
    if (!o.out)
        snprintf(dir, sizeof dir, "out/%s", o.b->name);
    if (write_design(&o, dir, path, sizeof path, err, sizeof err)) {
        fprintf(stderr, "%s gen: %s\n", prog, err);
        return EXIT_USAGE;
    }
    printf("wrote %s\n", path);
    if (o.systemc) {
        irhw_ports ps;
        memset(&ps, 0, sizeof ps);
        o.b->ports(&o.c, &ps);
        char cls[160], hpath[4400];
        irhw_sc_class(o.b, &o.c, cls, sizeof cls);
        snprintf(hpath, sizeof hpath, "%s/%s.h", dir, cls);
        char *h = irhw_sc_header(o.b, &o.c, &ps);
        rc = irhw_write_file(hpath, h, err, sizeof err);
        free(h);
        if (rc) {
            fprintf(stderr, "%s gen: %s\n", prog, err);
            return EXIT_USAGE;
        }
        printf("wrote %s (SystemC module %s)\n", hpath, cls);
    }
    if (o.b->gen_summary)
        o.b->gen_summary(&o.c, stdout);
    if (o.draw) {
        if (!o.b->draw_svg) {
            fprintf(stderr, "%s gen: block %s has no drawing (--draw)\n", prog, o.b->name);
            return EXIT_USAGE;
        }
        FILE *f = fopen(o.draw, "w");
        if (!f) {
            fprintf(stderr, "%s gen: cannot write %s: %s\n", prog, o.draw, strerror(errno));
            return EXIT_USAGE;
        }
        rc = o.b->draw_svg(&o.c, f, err, sizeof err);
        fclose(f);
        if (rc) {
            fprintf(stderr, "%s gen: %s\n", prog, err);
            return EXIT_USAGE;
        }
        printf("wrote %s\n", o.draw);
    }
    return 0;
}

/* ---- cosim ----------------------------------------------------------------- */

static int cosim_one(const opts *o, irhw_cosim_res *res, int print)
{
    irhw_cosim_req q = {0};
    q.b = o->b;
    q.c = o->c;
    q.cycles = o->cycles;
    q.seed = o->seed;
    q.stim = o->stim;
    q.wave = o->wave;
    q.rtl_files = o->rtl;
    q.nrtl = o->nrtl;
    q.no_model = o->no_model;
    q.quiet = o->quiet;
    q.replay_prefix = prog;
    q.systemc = o->systemc;
    FILE *rec = NULL;
    if (o->record) {
        rec = fopen(o->record, "w");
        if (!rec) {
            fprintf(stderr, "%s cosim: cannot write %s: %s\n", prog, o->record, strerror(errno));
            return EXIT_USAGE;
        }
        q.record = rec;
    }
    char err[8192];
    int rc = irhw_cosim(&q, res, err, sizeof err);
    if (rec)
        fclose(rec);
    if (rc) {
        fprintf(stderr, "%s cosim: %s\n", prog, err);
        return EXIT_TOOL;
    }
    char params[1024];
    irhw_cfg_format(o->b, &o->c, " ", params, sizeof params);
    if (!res->equal) {
        fputs(res->message, stdout);
        if (o->wave)
            printf("wave: %s (GTKWave: gtkwave %.*s.gtkw)\n", o->wave, (int)(strlen(o->wave) - 4),
                   o->wave);
        return EXIT_MISMATCH;
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
    }
    return 0;
}

static int cmd_cosim(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("cosim", argc, argv, 1,
                        "-p --cycles --seed --stim --wave --rtl --no-model --quiet --record "
                        "--systemc ",
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
                "  --rtl F      co-simulate these Verilog files (hand-edited RTL, a netlist)\n"
                "               instead of the generated RTL; leaf cells come from rtl/\n"
                "  --systemc    the same run inside SystemC: the RTL built with verilator --sc\n"
                "               beside the C model as an sc_module (gen --systemc), one sc_clock,\n"
                "               shared input signals, every output compared every cycle\n"
                "  --quiet      no progress or statistics\n"
                "exit: 0 equal, 1 mismatch (cycle, port, expected, actual, replay command),\n"
                "      2 usage or parameter error, 3 tool failure\n",
                prog);
        return rc;
    }
    irhw_cosim_res res;
    return cosim_one(&o, &res, 1);
}

/* ---- area ------------------------------------------------------------------ */

static int area_one(const opts *o, const char *dir, irhw_area_res *r, int print)
{
    char path[4200], err[4096];
    if (write_design(o, dir, path, sizeof path, err, sizeof err)) {
        fprintf(stderr, "%s area: %s\n", prog, err);
        return EXIT_USAGE;
    }
    /* One file holding the design and its leaf cells, for Yosys. */
    char all[4300];
    snprintf(all, sizeof all, "%s/synth_input.v", dir);
    FILE *f = fopen(all, "w");
    if (!f) {
        fprintf(stderr, "%s area: cannot write %s\n", prog, all);
        return EXIT_TOOL;
    }
    char *t = irhw_read_file(path, NULL);
    if (t)
        fputs(t, f);
    free(t);
    for (const char *const *l = o->b->leaf_cells; l && *l; l++) {
        char lp[4200];
        snprintf(lp, sizeof lp, "%s/%s", dir, *l);
        t = irhw_read_file(lp, NULL);
        if (t)
            fputs(t, f);
        free(t);
    }
    fclose(f);
    irhw_storage st;
    memset(&st, 0, sizeof st);
    if (o->b->storage)
        o->b->storage(&o->c, &st);
    char module[128];
    o->b->module_name(&o->c, module, sizeof module);
    irhw_area_req q = {o->liberty, module, all, dir, &st, !o->no_sta, 0};
    fprintf(stderr, "%s area: synthesizing %s with Yosys + ABC%s (work files in %s)...\n", prog,
            module, o->no_sta ? "" : ", timing with OpenSTA", dir);
    double t0 = irhw_now_s();
    if (irhw_area_run(&q, r, err, sizeof err)) {
        fprintf(stderr, "%s area: %s\n", prog, err);
        return EXIT_TOOL;
    }
    fprintf(stderr, "%s area: done in %.1f s\n", prog, irhw_now_s() - t0);
    if (print) {
        irhw_note notes[16];
        int n = o->b->area_notes ? o->b->area_notes(&o->c, r, notes, 16) : 0;
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
    int rc = parse_opts("area", argc, argv, 1, "-p -o --liberty --json --no-sta ", &o);
    if (rc || o.help) {
        if (o.help)
            printf(
                "usage: %s area BLOCK [-p NAME=VALUE]... [--liberty FILE[.gz]] [--json] [--no-sta] "
                "[-o DIR]\n"
                "  Yosys + ABC synthesis onto a liberty (default: area/default_45nm.lib, an\n"
                "  approximate 45 nm-class library shipped here), SRAM macros priced by the SRAM\n"
                "  area model, critical path by OpenSTA. Work files and the gate-level netlist\n"
                "  (netlist.v, for cosim --rtl) go to DIR (default out/area/<module>).\n",
                prog);
        return rc;
    }
    char dir[4096], module[128];
    o.b->module_name(&o.c, module, sizeof module);
    if (o.out)
        snprintf(dir, sizeof dir, "%s", o.out);
    else
        snprintf(dir, sizeof dir, "out/area/%s", module);
    irhw_area_res r;
    return area_one(&o, dir, &r, 1);
}

/* ---- run: the main job ----------------------------------------------------- */

static int cmd_run(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("run", argc, argv, 0, "-o --cycles --seed --liberty ", &o);
    if (rc || o.help) {
        if (o.help)
            printf("usage: %s run [-o DIR] [--cycles N] [--seed S] [--liberty FILE]\n"
                   "  for every block at the papers' default configuration: generate the RTL,\n"
                   "  co-simulate it against its model with a waveform, estimate its area; then\n"
                   "  print a summary table. Everything goes under DIR (default out/).\n",
                   prog);
        return rc;
    }
    const char *root = o.out ? o.out : "out";
    if (!o.out)
        o.cycles = 200000;
    int worst = 0;
    char rows[32][512];
    int nrows = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp && nrows < 32; bp++) {
        opts bo = o;
        bo.b = *bp;
        irhw_cfg_defaults(bo.b, &bo.c);
        char dir[4096], wave[4200], path[4300], err[IRHW_ERRLEN], params[512];
        irhw_cfg_format(bo.b, &bo.c, " ", params, sizeof params);
        snprintf(dir, sizeof dir, "%s/%s", root, bo.b->name);
        printf("== %s (%s)\n", bo.b->name, params);
        fflush(stdout);
        if (write_design(&bo, dir, path, sizeof path, err, sizeof err)) {
            fprintf(stderr, "%s run: %s\n", prog, err);
            return EXIT_USAGE;
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
    printf("(area on %s; waveforms, .gtkw files, RTL and area reports under %s/)\n",
           o.liberty ? o.liberty : "the default 45 nm-class library", root);
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
            "  run                      all of it for every block at the papers' defaults\n",
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
    fprintf(stderr, "%s: unknown verb '%s'\n", prog, verb);
    help(stderr);
    return EXIT_USAGE;
}
