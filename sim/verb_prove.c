/*
 * verb_prove.c — irhw prove: the block's assertions by bounded model
 * checking and k-induction (Yosys's SAT solver). Exit codes as in cli.c.
 */
#include "cli_int.h"

#include "args.h"
#include "irhw.h"
#include "rtlcheck.h"
#include "stimfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int cmd_prove(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("prove", argc, argv, 1, V_PROVE, &o);
    if (rc || o.help) {
        if (o.help)
            verb_help(
                "prove BLOCK [options]",
                "  proves the block's assertions (`irhw list BLOCK` lists them) with Yosys's\n"
                "  SAT solver: from rst held in cycles 0 and 1, bounded model checking to\n"
                "  --depth N cycles and k-induction up to N. Prints PROVED (k-induction, k),\n"
                "  PASSED to depth N (no failure, induction did not close), or FAILED: the\n"
                "  counterexample goes to DIR/cex.csv (a --stim-file), DIR/cex.vcd and\n"
                "  DIR/cex.gtkw, and the cosim command that replays it against the C model\n"
                "  is printed. A design without an assertion has nothing to prove: exit 2.\n",
                V_PROVE,
                "exit: 0 proved or passed, 1 failed, 2 bad input or a configuration too\n"
                "      large for the solver, 3 Yosys missing or failing\n");
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
