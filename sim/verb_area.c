/*
 * verb_area.c — irhw area: Yosys + ABC synthesis, the SRAM area model and
 * OpenSTA's critical path (--timing). area_one is also the area of irhw
 * run and irhw power. Exit codes as in cli.c.
 */
#include "cli_int.h"

#include "area.h"
#include "args.h"
#include "irhw.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
                       .want_sta = o->timing != TIMING_NONE,
                       .sram_table = o->sram_table,
                       .flat = o->flat,
                       .progress = o->progress || isatty(2),
                       .ilm = o->timing == TIMING_ILM,
                       .etm = o->timing == TIMING_AUTO,
                       .jobs = (int)o->jobs};
    fprintf(stderr, "%s area: synthesizing %s with Yosys + ABC%s%s (work files in %s)...\n", prog,
            o->x.module, o->flat ? ", flat" : ", module by module (cached)",
            o->timing == TIMING_NONE ? "" : ", timing with OpenSTA", dir);
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
            verb_help(
                "area BLOCK [options]",
                "  Yosys + ABC synthesis onto a liberty, SRAM macros priced by the SRAM area\n"
                "  model, critical path by OpenSTA. Each generated module is synthesized on\n"
                "  its own, once: its results are cached in $IRHW_SYNTH_CACHE (default\n"
                "  IRHW_ROOT/build/synth-cache) by a hash of its sources, the liberty, the\n"
                "  scripts and the tool versions.\n",
                V_AREA, NULL);
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
