/*
 * cli_cosim.c — irhw cosim (the RTL in lockstep with the C model, with the
 * size of its --wave trace and --record estimated ahead of the run) and
 * irhw run (every block's RTL, co-simulation and waveform, then the
 * built-in area sweeps). Exit codes as in cli.c.
 */
#include "cli_int.h"
#include "progress.h"

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

int cosim_one(const opts *o, irhw_cosim_res *res, int print)
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
    if ((rc = record_estimate(o, q.cycles)) || (!o->wave_checked && (rc = wave_estimate(o, &q))))
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

int cmd_cosim(int argc, char **argv)
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
    char name[80]; /* in the progress lines */
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
 * order, as they finish (the sweeps' is printed by the caller); a line on
 * stderr as each starts and ends and every 30 s what still runs (steps),
 * and a status line there when it is a terminal. The worst exit code. */
static int run_parallel(const opts *o, const char *root, run_item *it, int n, unsigned jobs,
                        char rows[][512], irhw_sweep_row *results, int *fatal, irhw_steps *steps)
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
            irhw_steps_start(steps, order[started - 1], x->name);
            irhw_signal_at("%d of %d items started (the last: %s)", started, n,
                           x->b ? x->b->name : run_sweeps[x->sweep].block);
        }
        if (running) {
            int st;
            pid_t w = irhw_steps_wait(steps, &st);
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
                    irhw_steps_done(steps, i, it[i].name, it[i].rc);
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

int cmd_run(int argc, char **argv)
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
                   "  the WRU's four sorting networks. Each block, sweep and the workload is\n"
                   "  said on stderr as it starts and as it ends, with its time.\n"
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
        snprintf(x->name, sizeof x->name, "%s", x->b->name);
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
        snprintf(x->name, sizeof x->name, "sweep %s", run_sweeps[i].block);
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
    irhw_steps steps; /* every item, then the workload */
    irhw_steps_init(&steps, "irhw run", n + 1);
    if (jobs > 1) {
        worst = run_parallel(&o, root, items, n, jobs, rows, results, &fatal, &steps);
    } else {
        for (int i = 0; i < nblocks && !fatal; i++) {
            irhw_steps_start(&steps, i, items[i].name);
            int r = run_item_here(&o, root, &items[i], rows[i], sizeof rows[0], &results[i], &fatal,
                                  "1");
            irhw_steps_done(&steps, i, items[i].name, r);
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
    irhw_steps_start(&steps, n, "workload bfs");
    int wrc = irhw_cli_run_workload(prog, root, wl, sizeof wl);
    irhw_steps_done(&steps, n, "workload bfs", wrc);
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
            irhw_steps_start(&steps, i, x->name);
            int r = run_item_here(&o, root, x, NULL, 0, NULL, &fatal, "1");
            irhw_steps_done(&steps, i, x->name, r);
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
