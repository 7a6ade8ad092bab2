/*
 * verb_cosim.c — irhw cosim: the RTL in lockstep with the C model, with
 * the size of its --wave trace and --record estimated ahead of the run.
 * cosim_one is also the co-simulation of irhw run and irhw power. Exit
 * codes as in cli.c.
 */
#include "cli_int.h"

#include "args.h"
#include "cosim.h"
#include "irhw.h"
#include "lines.h"
#include "observe.h"
#include "portwave.h"
#include "rtlcheck.h"
#include "shrink.h"
#include "stimfile.h"
#include "xcheck.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    if (o->no_assert && k < sizeof cmd)
        snprintf(cmd + k, sizeof cmd - k, " --no-assert");
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

/* How the lockstep loop used the CPUs (tb/cosim.c, threads_plan; tb/cosim_two.c). */
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
    printf("threads: a trial, one thread %.0f ns a cycle over %" PRIu64 " cycles",
           c[0] ? r->trial_s[0] * 1e9 / (double)c[0] : 0, c[0]);
    if (c[1] || r->no_second)
        printf(", two %.0f ns over %" PRIu64, c[1] ? r->trial_s[1] * 1e9 / (double)c[1] : 0, c[1]);
    else
        printf(" (two not tried: it had its CPU %.0f %% of the time)", 100 * r->trial_busy);
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
static int wave_estimate(const opts *o, const irhw_cosim_req *q, double *bytes)
{
    uint64_t cycles = q->cycles;
    *bytes = 0;
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
    *bytes = head + each * rec;
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
    q.profile = o->profile;
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
    if ((rc = record_estimate(o, q.cycles)) ||
        (!o->wave_checked && (rc = wave_estimate(o, &q, &res->trace_bytes))))
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
    q.observe_exact = ob.lt || ob.capture || ob.xcheck;
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
        if (o->profile)
            irhw_prof_print(&res->prof, stdout);
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
            verb_help("cosim BLOCK [options]",
                      "  Verilates the block's RTL (cached by a hash of every input of the build)\n"
                      "  and runs it in lockstep with the C model, comparing every output every\n"
                      "  cycle.\n",
                      V_COSIM,
                      "exit: 0 equal, 1 mismatch (cycle, port, expected, actual, replay command),\n"
                      "      2 usage or parameter error, 3 tool failure\n");
        return rc;
    }
    irhw_cosim_res res;
    rc = io_check("cosim", &o, NULL);
    if (!rc)
        rc = cosim_one(&o, &res, 1);
    irhw_inst_free(&o.x);
    return rc;
}
