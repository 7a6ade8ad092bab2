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
#include "prove.h"

/* The replay line of a failing phase's counterexample. */
static void print_replay(const opts *o, const char *dir, const char *params,
                         const irhw_prove_res *r)
{
    printf("trace: %s (inputs per cycle), %s + %s\n", r->csv, r->vcd, r->gtkw);
    printf("replay: %s cosim %s -p %s --stim-file %s", prog, o->b->name, params, r->csv);
    for (unsigned i = 0; i < o->nrtl; i++)
        printf(" --rtl %s", o->rtl[i]);
    printf(" --wave %s/cex.fst\n", dir);
}

/* A scoreboard phase's verdict line: the exit code (1 failed, else 0). */
static int print_sb(const opts *o, const char *dir, const char *params, uint64_t depth,
                    const irhw_prove_res *r, const irhw_prove_phase *ph)
{
    const char *what = ph == &r->ph[IRHW_PHASE_SB] ? "scoreboard" : "scoreboard data";
    switch (ph->verdict) {
    case IRHW_PROVE_PROVED:
        printf("%s PROVED (k-induction, k = %d): %s\n", what, ph->k, ph->names);
        return 0;
    case IRHW_PROVE_FAILED:
        printf("%s FAILED at cycle %" PRIu64 " (bounded model check): one of %s\n", what,
               ph->fail_cycle, ph->names);
        print_replay(o, dir, params, r);
        return EXIT_MISMATCH;
    default:
        printf("%s PASSED to depth %" PRIu64 " (bounded model check only: k-induction "
               "did not close by k = %d): %s\n",
               what, depth, ph->k, ph->names);
        return 0;
    }
}

/* The verdict of a proof on stdout (a verdict) or stderr (bad input): the
 * exit code. */
static int prove_print(const opts *o, const char *dir, uint64_t depth, const irhw_prove_res *r)
{
    char params[1024];
    irhw_cfg_format(o->b, &o->c, " -p ", params, sizeof params);
    const irhw_prove_phase *ph = &r->ph[IRHW_PHASE_CHECKS];
    switch (ph->verdict) {
    case IRHW_PROVE_BAD_RTL:
        fprintf(stderr, "%s prove: %s\n", prog, r->why);
        return EXIT_USAGE;
    case IRHW_PROVE_NO_CHECK:
        fprintf(stderr, "%s prove: no assertions in ", prog);
        if (o->nrtl)
            for (unsigned i = 0; i < o->nrtl; i++)
                fprintf(stderr, "%s%s", i ? ", " : "--rtl ", o->rtl[i]);
        else
            fprintf(stderr, "%s/%s.v", dir, o->x.module);
        fprintf(stderr, " (with its leaf cells): a proof needs at least one check; add an "
                        "assert under `ifdef IRHW_ASSERT (docs/assertions.md)\n");
        return EXIT_USAGE;
    case IRHW_PROVE_TOO_LARGE:
        fprintf(stderr,
                "%s prove: %s -p %s is too large for the solver (more than %d cells after "
                "flattening, or a memory of more than %d words): prove a smaller "
                "configuration (fewer entries, sets, slots, lanes or cores)\n",
                prog, o->b->name, params, IRHW_PROVE_CELLS_MAX, IRHW_PROVE_MEM_MAX);
        return EXIT_USAGE;
    case IRHW_PROVE_PROVED:
        printf("PROVED %s -p %s: every contract and invariant holds in every reachable state "
               "(k-induction, k = %d)\n",
               o->b->name, params, ph->k);
        break;
    case IRHW_PROVE_FAILED:
        printf("FAILED %s -p %s: an assertion fails at cycle %" PRIu64
               " (bounded model check; the replay names it)\n",
               o->b->name, params, ph->fail_cycle);
        print_replay(o, dir, params, r);
        return EXIT_MISMATCH;
    case IRHW_PROVE_PASSED:
        printf("PASSED %s -p %s to depth %" PRIu64
               ": no contract or invariant fails within %" PRIu64
               " cycles of reset (bounded model check only; k-induction did not close by k = "
               "%d)\n",
               o->b->name, params, depth, depth, ph->k);
        break;
    }
    int rc = 0;
    for (unsigned i = IRHW_PHASE_SB; i < IRHW_NPHASES && !rc; i++)
        if (r->ph[i].ran)
            rc = print_sb(o, dir, params, depth, r, &r->ph[i]);
    return rc;
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
                "  SAT solver: from rst in the first cycle, bounded model checking to\n"
                "  --depth N cycles and k-induction up to N. Prints PROVED (k-induction, k),\n"
                "  PASSED to depth N (no failure, induction did not close), or FAILED: the\n"
                "  counterexample goes to DIR/cex.csv (a --stim-file), DIR/cex.vcd and\n"
                "  DIR/cex.gtkw, and the cosim command that replays it against the C model\n"
                "  is printed. A design without an assertion has nothing to prove: exit 2.\n"
                "  A block with a formal scoreboard gets a line for its checks (sb_*) and one\n"
                "  for its data checks (sb_data_*), each proved with the earlier lines'\n"
                "  checks as assumptions when those were proved (docs/verification.md).\n"
                "  --rtl takes what cosim takes: the leaf cells' files may be among them (a\n"
                "  module defined twice must have the same text in both).\n",
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
    } else if (write_design(&o.x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err)) {
        fprintf(stderr, "%s prove: %s\n", prog, err);
        irhw_inst_free(&o.x);
        return EXIT_TOOL;
    }
    irhw_prove_req q = {.x = &o.x, .rtl = o.rtl, .nrtl = o.nrtl, .depth = depth, .dir = dir};
    irhw_prove_res r;
    if (irhw_prove_run(&q, &r, err, sizeof err)) {
        fprintf(stderr, "%s prove: %s\n", prog, err);
        rc = EXIT_TOOL;
    } else {
        rc = prove_print(&o, dir, depth, &r);
    }
    irhw_inst_free(&o.x);
    return rc;
}
