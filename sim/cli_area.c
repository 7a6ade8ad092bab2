/*
 * cli_area.c — the verbs run through Yosys: irhw area (area, SRAM model,
 * OpenSTA critical path), irhw power (power and energy from co-simulation
 * activity) and irhw prove (the block's assertions by bounded model
 * checking and k-induction). Exit codes as in cli.c.
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
int area_one(const opts *o, const char *dir, irhw_area_res *r, FILE *print)
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

int cmd_area(int argc, char **argv)
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

int cmd_power(int argc, char **argv)
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
    /* both in DIR: names relative to it (GTKWave resolves them from the .gtkw's folder) */
    fprintf(f, "[dumpfile] \"%s\"\n[savefile] \"cex.gtkw\"\n*0.0 %" PRIu64 " -1\n",
            strrchr(vcd, '/') ? strrchr(vcd, '/') + 1 : vcd, steps);
    for (unsigned i = 0; i < o->x.ps.n; i++) {
        const irhw_port *p = &o->x.ps.p[i];
        if (p->width > 1)
            fprintf(f, "%s.%s[%u:0]\n", o->x.module, p->name, p->width - 1);
        else
            fprintf(f, "%s.%s\n", o->x.module, p->name);
    }
    return irhw_out_commit(out, err, errlen);
}

int cmd_prove(int argc, char **argv)
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
