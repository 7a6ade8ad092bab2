/*
 * workload_run.c — one run of `irhw workload bfs|sssp` (options parsed in
 * sim/verb_workload.c): the hwwl instance, the run (sim/workload_hwwl.c),
 * its report (gw_report; the GPU core model's in gpu_report), the result
 * and active-thread files, the occupancy plot; and `irhw run`'s BFS on one
 * small real graph.
 */
#include "workload_cli.h"

#include "cli_workload.h"
#include "hwwl.h"
#include "plot.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void gw_defaults(gw_opts *o, const char *prog, const char *kind)
{
    memset(o, 0, sizeof *o);
    o->prog = prog;
    o->kind = kind;
    o->cost_a = 8;
    o->cost_b = 2;
    o->mem_lat = 100;
    o->max_edges = 110000;
    o->worklist = -1;
    irhw_gpu_defaults(&o->gpu);
}

int64_t gw_entries_max(void)
{
    const irhw_block *b = irhw_find_block("hwwl");
    int i = b ? irhw_param_index(b, "ENTRIES") : -1;
    return i >= 0 ? b->params[i].max : -1;
}

/* The hwwl instance: defaults, then `extra` (trends), then the user's -p. */
static int gw_inst(const gw_opts *o, const char *const *extra, unsigned nextra, irhw_inst *x)
{
    const irhw_block *b = irhw_find_block("hwwl");
    char err[IRHW_ERRLEN];
    memset(x, 0, sizeof *x);
    if (!b) {
        fprintf(stderr, "%s workload %s: this build has no hwwl block\n", o->prog, o->kind);
        return EXIT_USAGE;
    }
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    for (unsigned i = 0; i < nextra + o->c.nparams; i++)
        if (irhw_cfg_set(b, &c, i < nextra ? extra[i] : o->c.params[i - nextra], err, sizeof err)) {
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
            return EXIT_USAGE;
        }
    if (irhw_inst_init(x, b, &c, err, sizeof err)) {
        irhw_inst_free(x);
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_USAGE;
    }
    return 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The occupancy plot of one run: per core the IDs in the banks' pull
 * halves, and all cores' overflow buffers, over time. */
static int gw_plot(const char *svg, const irhw_hwwl_result *r, unsigned cores, const char *title,
                   char *err, size_t errlen)
{
    size_t cap = (size_t)r->nsamples * (cores * 12 + 32) + 64, n = 0;
    char *txt = malloc(cap);
    if (!txt)
        return irhw_err(err, errlen, "out of memory for the plot");
    for (unsigned s = 0; s < r->nsamples; s++) {
        n += (size_t)snprintf(txt + n, cap - n, "%" PRIu64, r->sample_cycle[s]);
        unsigned ovf = 0;
        for (unsigned c = 0; c < cores; c++) {
            n += (size_t)snprintf(txt + n, cap - n, " %u", r->occ_banks[s * cores + c]);
            ovf += r->occ_ovf[s * cores + c];
        }
        n += (size_t)snprintf(txt + n, cap - n, " %u\n", ovf);
    }
    char body[4096];
    int k = snprintf(body, sizeof body,
                     "set title '%s'\nset xlabel 'cycle'\nset ylabel 'work IDs held'\n"
                     "set key inside top right font ',9'\nset xtics rotate by -30\nplot ",
                     title);
    for (unsigned c = 0; c < cores && k > 0 && (size_t)k < sizeof body; c++)
        k += snprintf(body + k, sizeof body - (size_t)k,
                      "'%%1$s' using 1:%u with lines lw 1.5 title 'core %u: banks (pull halves)', ",
                      c + 2, c);
    if (k > 0 && (size_t)k < sizeof body)
        snprintf(body + k, sizeof body - (size_t)k,
                 "'%%1$s' using 1:%u with lines lw 2 dt 2 title 'all overflow buffers'\n",
                 cores + 2);
    int rc = irhw_gnuplot_svg(svg, txt, body, err, errlen);
    free(txt);
    return rc;
}

static double mean_of(const uint64_t *v, unsigned n, uint64_t *mn, uint64_t *mx)
{
    double s = 0;
    *mn = UINT64_MAX;
    *mx = 0;
    for (unsigned i = 0; i < n; i++) {
        s += (double)v[i];
        *mn = v[i] < *mn ? v[i] : *mn;
        *mx = v[i] > *mx ? v[i] : *mx;
    }
    return n ? s / n : 0;
}

static void gw_report(const gw_opts *o, const char *path, const irhw_graph *g,
                      const irhw_hwwl_req *q, const irhw_hwwl_result *r, const char *params,
                      int file_weights)
{
    const hwwl_geom *hg = hwwl_g(q->x);
    unsigned C = hg->cores, L = hg->core.lanes;
    printf("workload %s: %s (%s, %u vertices, %" PRIu64 " edges%s), source %u%s\n", o->kind, path,
           irhw_graph_fmt_name(g->fmt), g->n, g->m, g->directed ? ", directed" : "", q->src,
           o->have_src ? "" : " (most out-edges)");
    if (q->wt)
        printf("  weights: %s\n", irhw_sssp_weights_said(g, file_weights));
    printf("  hwwl %s\n", params);
    if (r->gpu)
        printf("  threads: %u cores x %u warps x %u on %u lanes a core (the GPU core model, "
               "below); overflow loads after %u cycles\n",
               C, o->gpu.v[GC_WARPS], o->gpu.v[GC_WARP_SIZE], L, q->mem_lat);
    else
        printf("  threads: %u (every lane), busy %u + %u * degree cycles per vertex; overflow "
               "loads after %u cycles\n",
               r->threads, q->cost_a, q->cost_b, q->mem_lat);
    if (q->model_only)
        printf("  C model alone, conservation checked: %" PRIu64 " cycles in %.2f s (%.0f "
               "cycles/s; %" PRIu64 " calm ones fast-forwarded, %" PRIu64
               " pull-only core steps)\n",
               r->cycles, r->run_s, r->run_s > 0 ? r->cycles / r->run_s : 0, r->skipped,
               r->pull_steps);
    else
        printf("  lockstep with the RTL, every output compared every cycle, conservation checked: "
               "%" PRIu64 " cycles in %.2f s (%.0f cycles/s; build or cache %.1f s)\n",
               r->cycles, r->lockstep_s, r->lockstep_s > 0 ? r->cycles / r->lockstep_s : 0,
               r->build_s);
    printf("  result: equal to the sequential %s: %" PRIu64
           " of %u vertices reached, %s 0..%" PRIu64 "\n",
           q->wt ? "Dijkstra" : "BFS", r->reached, g->n, q->wt ? "distances" : "levels", r->depth);
    printf("  cycles to DONE: %" PRIu64 " (%" PRIu64 " kernels)\n", r->cycles_to_done, r->kernels);
    uint64_t pulls = r->ans[1] + r->ans[2] + r->ans[3];
    printf("  pulls: %" PRIu64 ": ID %" PRIu64 ", WAIT %" PRIu64 ", DONE %" PRIu64
           " (%.2f WAIT per ID)\n",
           pulls, r->ans[1], r->ans[2], r->ans[3], r->ans[1] ? (double)r->ans[2] / r->ans[1] : 0);
    printf("  vertices processed %" PRIu64 " (%.2f per reached vertex), edges relaxed %" PRIu64
           ", improvements %" PRIu64 "\n",
           r->processed, r->reached ? (double)r->processed / r->reached : 0, r->relaxations,
           r->improvements);
    printf("  pushes accepted %" PRIu64 ", retried %" PRIu64 ", exceptions %" PRIu64
           " (to the software list; %" PRIu64 " taken from it)\n",
           r->pushes, r->push_retries, r->exceptions, r->sw_taken);
    uint64_t don = 0, rcv = 0;
    for (unsigned c = 0; c < C; c++) {
        don += r->core_donated[c];
        rcv += r->core_received[c];
    }
    if (r->have_model_counts)
        printf("  in-core moves %" PRIu64 ", inter-core donations %" PRIu64 " (received %" PRIu64
               "), spills %" PRIu64 "\n",
               r->moves, don, rcv, r->spills);
    if (r->have_model_counts && HW_MODEL_ONLY_SCHEME(hwwl_g(q->x)))
        printf("  system-wide moves (SCHEME=%s, model only) %" PRIu64 "\n",
               hwwl_g(q->x)->scheme == HW_GSORTING ? "gsorting" : "magic", r->gmoves);
    else if (!r->have_model_counts)
        printf("  inter-core donations %" PRIu64 " (received %" PRIu64
               "); in-core moves and spills: not available (no model statistics)\n",
               don, rcv);
    printf("  overflow buffer: stores %" PRIu64 " (%" PRIu64 " IDs), refill loads %" PRIu64
           " (%" PRIu64 " IDs)\n",
           r->stores, r->stored_ids, r->loads, r->loaded_ids);
    uint64_t mn, mx;
    double mv = mean_of(r->lane_vertices, r->threads, &mn, &mx);
    printf("  load balance, vertices per lane: min %" PRIu64 ", mean %.1f, max %" PRIu64
           " (max/mean %.2f)\n",
           mn, mv, mx, mv > 0 ? mx / mv : 0);
    double mw = mean_of(r->lane_waits, r->threads, &mn, &mx);
    printf("  WAIT answers per lane: min %" PRIu64 ", mean %.0f, max %" PRIu64 "\n", mn, mw, mx);
    double mb = mean_of(r->lane_busy, r->threads, &mn, &mx);
    if (!r->gpu) /* the GPU driver: the instruction statistics below */
        printf("  load balance, busy cycles per lane: min %" PRIu64 ", mean %.0f, max %" PRIu64
               " (max/mean %.2f; mean busy %.0f %% of the cycles to DONE)\n",
               mn, mb, mx, mb > 0 ? mx / mb : 0,
               r->cycles_to_done ? 100.0 * mb / (double)r->cycles_to_done : 0);
    uint64_t per_core[HW_MAX_CORES_WL] = {0};
    for (unsigned i = 0; i < r->threads; i++)
        per_core[i / L] += r->lane_vertices[i];
    printf("  vertices per core:");
    for (unsigned c = 0; c < C; c++)
        printf(" %" PRIu64, per_core[c]);
    printf("; donated per core:");
    for (unsigned c = 0; c < C; c++)
        printf(" %" PRIu64, r->core_donated[c]);
    printf("\n");
    unsigned peak = 0, peak_ovf = 0;
    for (unsigned s = 0; s < r->nsamples; s++) {
        unsigned b = 0, ov = 0;
        for (unsigned c = 0; c < C; c++) {
            b += r->occ_banks[s * C + c];
            ov += r->occ_ovf[s * C + c];
        }
        peak = b > peak ? b : peak;
        peak_ovf = ov > peak_ovf ? ov : peak_ovf;
    }
    printf("  occupancy: %u samples every %u cycles; peak %u IDs in the banks' pull halves (of "
           "%u entries), %u in the overflow buffers\n",
           r->nsamples, r->sample_every, peak, C * L * hg->core.entries, peak_ovf);
}

/* The GPU core model's statistics (sim/gpu_core.h). */
static void gpu_report(const gw_opts *o, const irhw_hwwl_result *r)
{
    const irhw_gpu_stats *s = &r->gs;
    char cfg[1024];
    irhw_gpu_format(&o->gpu, cfg, sizeof cfg);
    printf("  GPU core model, worklist %s: %s\n", irhw_wl_name(o->worklist), cfg);
    printf("  gpu: %" PRIu64 " cycles, %" PRIu64 " kernels; issue slots used %" PRIu64
           " of %" PRIu64 " (%.1f %%)\n",
           s->cycles, s->kernels, s->slots_used, s->slots,
           s->slots ? 100.0 * (double)s->slots_used / (double)s->slots : 0);
    printf("  gpu: instructions");
    for (int i = 0; i < GI_N; i++)
        printf(" %s %" PRIu64, irhw_gpu_inst_names[i], s->inst[i]);
    printf("\n  gpu: WAIT pulls %" PRIu64 ", warp cycles lost to WAIT %" PRIu64
           ", memory requests %" PRIu64 " (lines), atomics %" PRIu64 "\n",
           s->wait_pulls, s->wait_cycles, s->mem_req, s->atomics);
    printf("  gpu: vertices processed %" PRIu64 ", edges relaxed %" PRIu64 ", improvements %" PRIu64
           ", pushes %" PRIu64 "\n",
           s->processed, s->relaxations, s->improvements, s->pushes);
    if (o->worklist == IRHW_WL_HWWL)
        printf("  gpu: lane ports busy %" PRIu64 " core cycles\n", s->port_cycles);
    irhw_gpu_print_machine(stdout, &o->gpu, s);
}

/* --levels-out / --dist-out: one vertex a line, "-1" when unreached. */
static int gw_values_out(const gw_opts *o, const irhw_graph *g, const uint64_t *val)
{
    size_t cap = (size_t)g->n * 21 + 1, n = 0;
    char *txt = malloc(cap), err[4400];
    if (!txt) {
        fprintf(stderr, "%s workload %s: out of memory writing %s\n", o->prog, o->kind,
                o->values_out);
        return EXIT_TOOL;
    }
    txt[0] = 0;
    for (uint32_t v = 0; v < g->n; v++)
        n += (size_t)(val[v] == IRHW_UNREACHED
                          ? snprintf(txt + n, cap - n, "-1\n")
                          : snprintf(txt + n, cap - n, "%" PRIu64 "\n", val[v]));
    irhw_mkdirs_for(o->values_out);
    int rc = irhw_write_file(o->values_out, txt, err, sizeof err);
    free(txt);
    if (rc) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    return 0;
}

/* --active-out: "cycle active percent", one sample a line. */
static int gw_active_out(const gw_opts *o, const gpu_active *a)
{
    char err[4400];
    if (a->nomem) {
        fprintf(stderr, "%s workload %s: out of memory for the --active-out series\n", o->prog,
                o->kind);
        return EXIT_TOOL;
    }
    irhw_mkdirs_for(o->active_out);
    irhw_out *f = irhw_out_open(o->active_out, err, sizeof err);
    if (!f) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    irhw_out_printf(f,
                    "# %s %s, worklist %s%s: threads holding a work ID, of %" PRIu64
                    " hardware threads, every %" PRIu64 " cycles\n# cycle active percent\n",
                    o->kind, base_name(o->c.graph), irhw_wl_name(o->worklist),
                    o->worklist != IRHW_WL_HWWL ? ""
                    : o->single                 ? ", single-buffered"
                                                : ", double-buffered",
                    a->threads, a->every);
    for (uint64_t i = 0; i < a->n; i++)
        irhw_out_printf(f, "%" PRIu64 " %" PRIu32 " %.2f\n", a->cycle[i], a->active[i],
                        a->threads ? 100.0 * a->active[i] / (double)a->threads : 0.0);
    if (irhw_out_commit(f, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    return 0;
}

int gw_graph(const gw_opts *o, const char *path, irhw_graph *g)
{
    char err[1024];
    if (irhw_graph_read(path, IRHW_GRAPH_AUTO, g, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        irhw_graph_free(g);
        return EXIT_USAGE;
    }
    irhw_signal_at("the %s run on %s", o->kind, path);
    return 0;
}

/* One run; fills r (free it after). `extra`: parameters before the user's. */
int gw_run(const gw_opts *o, const char *path, const irhw_graph *g, const uint32_t *wt,
           const char *const *extra, unsigned nextra, int model_only, irhw_hwwl_result *r,
           char *params, size_t plen, irhw_inst *x, gpu_active *act)
{
    int rc = gw_inst(o, extra, nextra, x);
    memset(r, 0, sizeof *r);
    if (rc)
        return rc;
    if (!model_only && (o->worklist < 0 || o->worklist == IRHW_WL_HWWL) &&
        HW_MODEL_ONLY_SCHEME(hwwl_g(x))) {
        fprintf(stderr,
                "%s workload %s: -p SCHEME=%s is model only (no RTL to run in lockstep): add "
                "--model-only\n",
                o->prog, o->kind, hwwl_g(x)->scheme == HW_GSORTING ? "gsorting" : "magic");
        return EXIT_USAGE;
    }
    if (o->have_src && o->src >= g->n) {
        fprintf(stderr, "%s workload %s: --src %u: %s has vertices 0..%u\n", o->prog, o->kind,
                o->src, path, g->n - 1);
        return EXIT_USAGE;
    }
    irhw_cfg_format(x->b, &x->c, " ", params, plen);
    char replay[2048], pl[1024];
    irhw_cfg_format(x->b, &x->c, " -p ", pl, sizeof pl);
    int k =
        snprintf(replay, sizeof replay, "%s workload %s --graph %s --cost %u,%u --mem-lat %u -p %s",
                 o->prog, o->kind, path, o->cost_a, o->cost_b, o->mem_lat, pl);
    if (o->worklist >= 0 && k > 0 && (size_t)k < sizeof replay) {
        char gl[1024];
        irhw_gpu_format(&o->gpu, gl, sizeof gl);
        k += snprintf(replay + k, sizeof replay - (size_t)k, " --worklist %s",
                      irhw_wl_name(o->worklist));
        for (char *t = strtok(gl, " "); t && k > 0 && (size_t)k < sizeof replay;
             t = strtok(NULL, " "))
            k += snprintf(replay + k, sizeof replay - (size_t)k, " -g %s", t);
    }
    irhw_hwwl_req q;
    memset(&q, 0, sizeof q);
    q.x = x;
    q.g = g;
    q.wt = wt;
    q.src = o->have_src ? o->src : irhw_graph_hub(g);
    q.cost_a = o->cost_a;
    q.cost_b = o->cost_b;
    q.mem_lat = o->mem_lat;
    q.max_cycles = o->max_cycles;
    q.model_only = model_only;
    q.replay = replay;
    q.gpu = o->worklist >= 0 ? &o->gpu : NULL;
    q.worklist = o->worklist;
    q.single = o->single;
    q.act = act;
    q.wave = o->vcd;
    q.wave_cycles = o->vcd_cycles ? o->vcd_cycles : GW_VCD_CYCLES;
    char err[8192];
    if (irhw_hwwl_run(&q, r, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s: %s\n", o->prog, o->kind, path, err);
        /* the graph does not fit the configuration, has no vertex, or the warps
         * leave a lane without a thread: input errors */
        return strstr(err, "ID_BITS=") || strstr(err, "no vertices") || strstr(err, "WARP_SIZE=")
                   ? EXIT_USAGE
                   : EXIT_TOOL;
    }
    if (!r->equal) {
        fputs(r->message, stdout);
        return EXIT_MISMATCH;
    }
    if (!r->correct) {
        fputs(r->message, stdout);
        return EXIT_MISMATCH;
    }
    if (o->entries_inf && (r->spills || r->exceptions)) {
        printf("NOT UNBOUNDED: -p ENTRIES=inf runs banks of %s, and this run spilled %" PRIu64
               " IDs (%" PRIu64 " exceptions): the result is not that of unbounded banks\n",
               o->inf_param, r->spills, r->exceptions);
        return EXIT_MISMATCH;
    }
    return 0;
}

/* The quiet line's word on SSSP weights: hashed ones decide the distances,
 * so even --quiet says so. */
static void weights_note(const irhw_graph *g, const uint32_t *wt, int from_file, char *buf,
                         size_t len)
{
    if (wt && !from_file)
        snprintf(buf, len, " (weights %s)", irhw_sssp_weights_said(g, from_file));
    else
        buf[0] = 0;
}

/* --vcd: FILE.vcd.run.txt, what `irhw power --vcd FILE.vcd` needs to price
 * the run (irhw_power_run_note), and a line on where the trace is. */
static int gw_vcd_note(const gw_opts *o, const char *graph, const irhw_hwwl_result *r,
                       const irhw_inst *x)
{
    uint64_t limit = o->vcd_cycles ? o->vcd_cycles : GW_VCD_CYCLES;
    uint64_t traced = r->cycles < limit ? r->cycles : limit;
    char path[4200], text[2048], err[4400], params[1024] = "";
    size_t k = 0;
    for (unsigned i = 0; i < o->c.nparams && k < sizeof params; i++)
        k += (size_t)snprintf(params + k, sizeof params - k, " -p %s", o->c.params[i]);
    snprintf(path, sizeof path, "%s.run.txt", o->vcd);
    snprintf(text, sizeof text,
             "kernel %s\ngraph %s\nblock %s\nmodule %s\ncycles_run %" PRIu64
             "\ntraced_cycles %" PRIu64 "\nwhole %d\ncycles_to_done %" PRIu64
             "\npulled_ids %" PRIu64 "\npushes %" PRIu64 "\n",
             o->kind, graph, x->b->name, x->module, r->cycles, traced, traced == r->cycles,
             r->cycles_to_done, r->ans[1], r->pushes);
    if (irhw_write_file(path, text, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_TOOL;
    }
    printf("  trace: %s, every signal, cycles 0..%" PRIu64 " of the run's %" PRIu64 " (%s); "
           "its energy: %s power hwwl%s --vcd %s\n",
           o->vcd, traced - 1, r->cycles,
           traced == r->cycles ? "the whole run" : "cut at --vcd-cycles: per-run figures n/a",
           o->prog, params, o->vcd);
    return 0;
}

int gw_single(const gw_opts *o)
{
    irhw_graph g;
    int rc = gw_graph(o, o->c.graph, &g);
    if (rc)
        return rc;
    int sssp = !strcmp(o->kind, "sssp"), fw = 0;
    uint32_t *wt = NULL;
    char werr[512];
    if (sssp && (rc = irhw_sssp_weights(&g, &wt, &fw, werr, sizeof werr))) {
        irhw_graph_free(&g);
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, werr);
        return rc;
    }
    irhw_hwwl_result r;
    irhw_inst x;
    char params[512];
    gpu_active act = {o->active_every ? o->active_every : 1000, 0, 0, 0, 0, NULL, NULL, 0};
    rc = gw_run(o, o->c.graph, &g, wt, NULL, 0, o->c.model_only, &r, params, sizeof params, &x,
                o->active_out ? &act : NULL);
    int hw = o->worklist < 0 || o->worklist == IRHW_WL_HWWL;
    char note[200];
    weights_note(&g, wt, fw, note, sizeof note);
    if (!rc && o->values_out)
        rc = gw_values_out(o, &g, r.value);
    if (!rc && o->active_out)
        rc = gw_active_out(o, &act);
    free(act.cycle);
    free(act.active);
    if (!rc && !o->c.quiet && !hw) {
        printf("workload %s: %s (%u vertices, %" PRIu64 " edges), source %u%s\n", o->kind,
               o->c.graph, g.n, g.m, o->have_src ? o->src : irhw_graph_hub(&g),
               o->have_src ? "" : " (most out-edges)");
        printf("  result: equal to the sequential %s: %" PRIu64 " of %u vertices reached, %s "
               "0..%" PRIu64 "\n",
               wt ? "Dijkstra" : "BFS", r.reached, g.n, wt ? "distances" : "levels", r.depth);
        if (wt)
            printf("  weights: %s\n", irhw_sssp_weights_said(&g, fw));
        gpu_report(o, &r);
        printf("  model run in %.2f s\n", r.run_s);
    } else if (!rc && !o->c.quiet) {
        irhw_hwwl_req q = {0};
        q.x = &x;
        q.wt = wt;
        q.src = o->have_src ? o->src : irhw_graph_hub(&g);
        q.cost_a = o->cost_a;
        q.cost_b = o->cost_b;
        q.mem_lat = o->mem_lat;
        q.model_only = o->c.model_only;
        gw_report(o, o->c.graph, &g, &q, &r, params, fw);
        if (r.gpu)
            gpu_report(o, &r);
    } else if (!rc && r.gpu) {
        double t = o->c.model_only || !hw ? r.run_s : r.lockstep_s;
        printf("workload %s: %s: %" PRIu64 " cycles to DONE, worklist %s, issue slots used %.1f "
               "%%, WAIT pulls %" PRIu64 " (warp cycles lost %" PRIu64 "), memory requests %" PRIu64
               ", atomics %" PRIu64 ", result equal to the reference%s; %s %.0f cycles/s\n",
               o->kind, o->c.graph, r.cycles_to_done, irhw_wl_name(o->worklist),
               r.gs.slots ? 100.0 * (double)r.gs.slots_used / (double)r.gs.slots : 0,
               r.gs.wait_pulls, r.gs.wait_cycles, r.gs.mem_req, r.gs.atomics, note,
               o->c.model_only || !hw ? "model alone" : "lockstep", t > 0 ? r.cycles / t : 0);
    } else if (!rc) {
        double t = o->c.model_only ? r.run_s : r.lockstep_s;
        printf("workload %s: %s: %" PRIu64 " cycles to DONE, pulls ID %" PRIu64 " WAIT %" PRIu64
               " DONE %" PRIu64 ", result equal to the reference%s; %s %.0f cycles/s\n",
               o->kind, o->c.graph, r.cycles_to_done, r.ans[1], r.ans[2], r.ans[3], note,
               o->c.model_only ? "model alone" : "lockstep", t > 0 ? r.cycles / t : 0);
    }
    if (!rc && o->vcd)
        rc = gw_vcd_note(o, o->c.graph, &r, &x);
    if (!rc && !o->no_plot && hw) {
        char svg[4200], title[512], err[4400];
        if (o->plot)
            snprintf(svg, sizeof svg, "%s", o->plot);
        else
            snprintf(svg, sizeof svg, "out/hwwl_%s_%s.svg", o->kind, base_name(o->c.graph));
        snprintf(title, sizeof title, "%s on %s: work IDs held over time", o->kind,
                 base_name(o->c.graph));
        if (gw_plot(svg, &r, hwwl_g(&x)->cores, title, err, sizeof err)) {
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
            rc = EXIT_TOOL;
        } else if (!o->c.quiet) {
            printf("  occupancy plot: %s\n", svg);
        }
    }
    irhw_hwwl_result_free(&r);
    irhw_inst_free(&x);
    free(wt);
    irhw_graph_free(&g);
    return rc;
}

/* ---- `irhw run`: BFS on one small real graph through hwwl -------------------------- */

int irhw_cli_run_workload(const char *prog, const char *dir, char *line, size_t len)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/../shared/data/graphs/jagmesh7.mtx", irhw_root());
    const char *note = "";
    FILE *probe = fopen(path, "r");
    if (probe)
        fclose(probe);
    else { /* no ../shared/data: a small graph of our own, said so */
        snprintf(path, sizeof path, "%s/tests/data/graphs/grid5x5.txt", irhw_root());
        note = " (../shared/data/graphs/jagmesh7.mtx not there: a 5x5 grid instead)";
    }
    gw_opts o;
    gw_defaults(&o, prog, "bfs");
    irhw_graph g;
    int rc = gw_graph(&o, path, &g);
    if (rc) {
        snprintf(line, len, "workload  bfs on %s: ERROR (graph file)", path);
        return rc;
    }
    irhw_hwwl_result r;
    irhw_inst x;
    char params[512], err[4400], svg[4400];
    rc = gw_run(&o, path, &g, NULL, NULL, 0, 0, &r, params, sizeof params, &x, NULL);
    if (!rc) {
        snprintf(svg, sizeof svg, "%s/hwwl_bfs_%s.svg", dir, base_name(path));
        if (gw_plot(svg, &r, hwwl_g(&x)->cores, "bfs: work IDs held over time", err, sizeof err))
            snprintf(svg, sizeof svg, "no plot: %s", err);
        snprintf(line, len,
                 "workload  %-12" PRIu64 " %-9s bfs on %s through hwwl (paper defaults, lockstep):"
                 " %" PRIu64 " cycles to DONE, pulls ID %" PRIu64 " / WAIT %" PRIu64
                 " / DONE %" PRIu64 ", levels equal to the sequential BFS; %s%s",
                 r.cycles, "PASS", base_name(path), r.cycles_to_done, r.ans[1], r.ans[2], r.ans[3],
                 svg, note);
    } else {
        snprintf(line, len, "workload  %-12" PRIu64 " %-9s bfs on %s through hwwl%s", r.cycles,
                 rc == EXIT_MISMATCH ? "MISMATCH" : "ERROR", base_name(path), note);
    }
    irhw_hwwl_result_free(&r);
    irhw_inst_free(&x);
    irhw_graph_free(&g);
    return rc;
}
