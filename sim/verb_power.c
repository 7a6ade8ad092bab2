/*
 * verb_power.c — irhw power: the block's area, then its power and energy
 * from co-simulation activity (a gate-level simulation of the mapped
 * netlist, OpenSTA's report_power). Exit codes as in cli.c.
 */
#include "cli_int.h"

#include "area.h"
#include "args.h"
#include "cosim.h"
#include "irhw.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define POWER_DEFAULT_MHZ 700.0 /* a block without paper_mhz: the hwwl paper's cores */

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

/* A number field "name value" of a workload's FILE.vcd.run.txt. */
static int run_field(const char *text, const char *name, uint64_t *v)
{
    size_t n = strlen(name);
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        if (!strncmp(l, name, n) && l[n] == ' ') {
            char *end;
            *v = strtoull(l + n + 1, &end, 10);
            return end == l + n + 1 ? -1 : 0;
        }
    return -1;
}

/* A trace `irhw workload bfs|sssp --vcd` wrote (its FILE.vcd.run.txt beside
 * it): the energy of that run, per pulled ID and per push, on f (json: as
 * a JSON member ", \"run\": {...}"). Nothing for another trace. */
static void run_energy(FILE *f, int json, const char *vcd, const irhw_power_res *pr,
                       const char *block)
{
    char path[4200], kernel[16] = "", graph[4096] = "", b[64] = "";
    snprintf(path, sizeof path, "%s.run.txt", vcd);
    char *text = irhw_read_file(path, NULL);
    uint64_t whole = 0, run = 0, ids = 0, pushes = 0, traced = 0;
    int bad = !text || run_field(text, "whole", &whole) || run_field(text, "cycles_run", &run) ||
              run_field(text, "pulled_ids", &ids) || run_field(text, "pushes", &pushes) ||
              run_field(text, "traced_cycles", &traced) ||
              sscanf(text, "kernel %15s graph %4095s block %63s", kernel, graph, b) != 3;
    free(text);
    if (bad || strcmp(b, block))
        return;
    double nj = pr->total_w * (double)pr->cycles * 1e3 / pr->clock_mhz;
    if (json) {
        fprintf(f, ", \"run\": {\"kernel\": \"%s\", \"whole\": %s, \"energy_nj\": %g", kernel,
                whole ? "true" : "false", nj);
        if (whole)
            fprintf(f,
                    ", \"pulled_ids\": %" PRIu64 ", \"pushes\": %" PRIu64
                    ", \"pj_per_pulled_id\": %g, \"pj_per_push\": %g",
                    ids, pushes, ids ? nj * 1e3 / (double)ids : 0,
                    pushes ? nj * 1e3 / (double)pushes : 0);
        fprintf(f, "}");
        return;
    }
    if (!whole) {
        fprintf(f,
                "energy of the trace %10.4f nJ  (cycles 0..%" PRIu64 " of the %s run's %" PRIu64
                " on %s: cut by --vcd-cycles, so no energy per run, per ID or per push)\n",
                nj, traced - 1, kernel, run, graph);
        return;
    }
    fprintf(f, "energy per %-8s %10.4f nJ  (the whole run on %s, %" PRIu64 " cycles)\n", kernel, nj,
            graph, run);
    if (ids)
        fprintf(f, "  per pulled ID    %10.4f pJ  (%" PRIu64 " IDs pulled)\n",
                nj * 1e3 / (double)ids, ids);
    if (pushes)
        fprintf(f, "  per push         %10.4f pJ  (%" PRIu64 " pushes)\n",
                nj * 1e3 / (double)pushes, pushes);
}

/* The default run of a large block: as many cycles as keep its activity
 * trace within POWER_TRACE_BYTES (at least POWER_MIN_CYCLES), so that its
 * gate-level simulation stays within a minute or two; said on stderr. */
#define POWER_TRACE_BYTES 4e8
#define POWER_MIN_CYCLES 10000
static void fit_cycles(opts *o, opts *co, double trace_bytes)
{
    if (o->cycles_given || o->stim_file || trace_bytes <= POWER_TRACE_BYTES)
        return;
    uint64_t n = (uint64_t)((double)o->cycles * POWER_TRACE_BYTES / trace_bytes);
    n = n < POWER_MIN_CYCLES ? POWER_MIN_CYCLES : n / 1000 * 1000;
    if (n >= o->cycles)
        return;
    fprintf(stderr,
            "%s power: %" PRIu64 " cycles, not %" PRIu64 ": the activity trace of %" PRIu64
            " would be about %.0f MB (over %.0f MB); --cycles N to choose\n",
            prog, n, o->cycles, o->cycles, trace_bytes / 1e6, POWER_TRACE_BYTES / 1e6);
    o->cycles = co->cycles = n;
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
            verb_help(
                "power BLOCK [options]",
                "  The block's area (as irhw area, printed first), then its power from a\n"
                "  co-simulation traced to a VCD: a zero-delay gate-level simulation of the\n"
                "  mapped netlist (area/gatesim.c: cell functions from the liberty, no\n"
                "  glitches) driven by the trace's inputs and SRAM read data gives every\n"
                "  net's toggles and duty; each flip-flop matched to a traced register bit\n"
                "  and each output bit must toggle exactly as in the trace (else exit 3, no\n"
                "  figure). OpenSTA's report_power (internal, switching, leakage) runs on\n"
                "  those activities, set on every pin; SRAM macros add their energy per\n"
                "  access times the accesses seen. Energy per operation where the block\n"
                "  names one (irhw_block.power_op_name), per cycle otherwise. The clock is\n"
                "  --clock (else the block's paper's) when the critical path meets it, else\n"
                "  fmax; the clock line says which. Area, timing and power come from one\n"
                "  library, the default of irhw area too (--liberty below).\n",
                V_POWER,
                "exit: 0 done, 1 the co-simulation failed, 2 usage, a --liberty or --vcd that\n"
                "      is not a usable one, or a liberty without power data, 3 tool failure,\n"
                "      or the gate-level simulation disagreeing with the trace (the trace is\n"
                "      kept and named)\n");
        return rc;
    }
    if (o.vcd_in && o.run_opt) {
        irhw_inst_free(&o.x);
        return irhw_usage("power",
                          "%s does not apply with --vcd: the trace given is priced whole, no "
                          "co-simulation runs (cut the trace, or drop --vcd to co-simulate)",
                          o.run_opt);
    }
    const char *op_ports = o.b->power_op_ports, *op_name = o.b->power_op_name;
    double mhz = o.b->paper_mhz > 0 ? o.b->paper_mhz : POWER_DEFAULT_MHZ;
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
        irhw_cosim_res none = {.trace_bytes = 0};
        if ((rc = cosim_one(&co, &none, 0))) {
            rmdir(pdir); /* when it is empty: nothing was written */
            rmdir(dir);
            goto out;
        }
        co.estimate_only = 0;
        co.wave_checked = 1;
        fit_cycles(&o, &co, none.trace_bytes);
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
    /* the clock: the one asked for (or the paper's) when the critical path
     * meets it, else the fastest it allows */
    double want_mhz = mhz, fmax_mhz = ar.crit_ns > 0 ? 1000.0 / ar.crit_ns : 0;
    mhz = irhw_power_clock_mhz(want_mhz, ar.crit_ns);
    snprintf(lib, sizeof lib, "%s/cells.lib", dir);
    int has = irhw_liberty_has_power(lib, err, sizeof err);
    char deflib[4200];
    irhw_default_liberty(deflib, sizeof deflib);
    if (has <= 0) {
        if (has < 0)
            fprintf(stderr, "%s power: %s\n", prog, err);
        else
            fprintf(stderr,
                    "%s power: the liberty %s (%s) has no power data (no internal_power or "
                    "leakage_power): power refused; give --liberty with power tables, e.g. "
                    "sky130hd (" IRHW_SKY130_LIB ")\n",
                    prog, o.liberty ? o.liberty : deflib, ar.library);
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
        fprintf(js,
                ", \"clock\": {\"requested_mhz\": %.6g, \"fmax_mhz\": %.6g, \"used_mhz\": "
                "%.6g, \"used\": \"%s\"}",
                want_mhz, fmax_mhz, mhz, mhz < want_mhz ? "fmax" : "requested");
        fprintf(js, ", \"power\": ");
        irhw_power_print_json(js, &pr, op_name);
        if (o.vcd_in)
            run_energy(js, 1, o.vcd_in, &pr, o.b->name);
        fprintf(js, "}\n");
        rc = print_whole(&js, &json);
    } else {
        if (mhz < want_mhz)
            printf("clock              %.1f MHz: fmax, as the critical path (%.3f ns) does not "
                   "meet the %.1f MHz %s\n",
                   mhz, ar.crit_ns, want_mhz, o.clock_mhz > 0 ? "asked for" : "default");
        else if (fmax_mhz <= 0)
            printf("clock              %.1f MHz %s: no critical path was found\n", mhz,
                   o.clock_mhz > 0 ? "as asked" : "(the default)");
        else
            printf("clock              %.1f MHz %s: the critical path (%.3f ns) meets it (fmax "
                   "%.1f MHz)\n",
                   mhz, o.clock_mhz > 0 ? "as asked" : "(the default)", ar.crit_ns, fmax_mhz);
        irhw_power_print(stdout, &pr, op_name);
        if (o.vcd_in)
            run_energy(stdout, 0, o.vcd_in, &pr, o.b->name);
    }
out:
    if (js)
        fclose(js);
    free(json);
    irhw_inst_free(&o.x);
    return rc;
}
