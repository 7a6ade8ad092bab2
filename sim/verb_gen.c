/*
 * verb_gen.c — irhw gen: one configuration's Verilog and the rtl/ leaf
 * cells it instantiates, optionally its SystemC model header and a
 * drawing. Exit codes as in cli.c.
 */
#include "cli_int.h"

#include "args.h"
#include "irhw.h"
#include "scgen.h"

#include <stdlib.h>
#include <string.h>

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

int cmd_gen(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("gen", argc, argv, 1, V_GEN, &o);
    if (rc || o.help) {
        if (o.help)
            verb_help("gen BLOCK [options]",
                      "  writes DIR/<module>.v (Verilog-2005, deterministic: every module of the\n"
                      "  design, the rtl/ leaf cells it uses too, those below the top tagged with\n"
                      "  the design's hash), DIR/<module>.f (file list) and DIR/<module>.core\n"
                      "  (FuseSoC). Default DIR: out/<module>, a folder per configuration (the\n"
                      "  module name encodes it: wl_bank_e32_w24_t5_flops)\n",
                      V_GEN, NULL);
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
