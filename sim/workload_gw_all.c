/*
 * workload_gw_all.c — `irhw workload gw --all` (every graph of --graphs and
 * --rmat x BFS, SSSP, PageRank: baseline and gw side by side, the speedup
 * against the paper's 4.4x average and 10x maximum) and `--sweep` (the
 * swt's ENTRIES 2..32 x POLICY on one graph: speedup, pack rate, a plot).
 * docs/gw.md.
 */
#include "graph_dir.h"
#include "plot.h"
#include "workload_gw_int.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GW_MAX_GRAPHS 64

/* The Markdown lands at o->c.out or def; its folder is made. The open file,
 * or NULL after the message. */
static irhw_out *md_open(const gwv_opts *o, const char *def)
{
    const char *path = o->c.out ? o->c.out : def;
    char err[IRHW_ERRLEN + 4200];
    irhw_mkdirs_for(path);
    irhw_out *f = irhw_out_open(path, err, sizeof err);
    if (!f)
        fprintf(stderr, "%s workload gw: %s\n", o->prog, err);
    return f;
}

static int md_close(const gwv_opts *o, irhw_out *f)
{
    char err[IRHW_ERRLEN + 4200];
    if (irhw_out_commit(f, err, sizeof err)) {
        fprintf(stderr, "%s workload gw: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    return 0;
}

static void options_line(const gwv_opts *o, const irhw_inst *x, char *buf, size_t len)
{
    char p[256];
    irhw_cfg_format(x->b, &x->c, " ", p, sizeof p);
    snprintf(buf, len, "SIMD=%u, swt %s, --hold %u%s, PageRank %u iterations", o->simd, p, o->hold,
             o->no_waves ? ", --no-waves" : "", o->iters);
}

typedef struct {
    double logsum;
    double max;
    unsigned n;
} gw_mean;

static void mean_add(gw_mean *m, double x)
{
    if (x <= 0)
        return;
    m->logsum += log(x);
    m->max = x > m->max ? x : m->max;
    m->n++;
}

static double mean_geo(const gw_mean *m)
{
    return m->n ? exp(m->logsum / m->n) : 0.0;
}

/* One graph's three kernels, both archs: a row each into f. The worst exit
 * code. */
static int all_graph(const gwv_opts *o, const char *path, const irhw_inst *x, irhw_out *f,
                     gw_mean *per, gw_mean *tot)
{
    gwv_graph gg;
    int rc = gwv_graph_read(o, path, &gg);
    for (int k = 0; k < GWA_NKERNELS && !rc; k++) {
        gwv_res r[2];
        for (int a = 0; a < 2 && !rc; a++)
            rc = gwv_run(o, &gg, k, a, x, &r[a]);
        if (rc)
            break;
        const gwa_stats *b = &r[0].st, *g = &r[1].st;
        double sp = gwv_ratio(b->cycles, g->cycles);
        int good = r[0].equal && r[1].equal;
        if (good) {
            mean_add(&per[k], sp);
            mean_add(tot, sp);
        }
        irhw_out_printf(f,
                        "| %s | %s | %" PRIu32 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64
                        " | **%.2f×** | %.1f %% | %.1f %% | %.1f %% | %" PRIu64
                        " | %.2f | %.2f | %.2f | %s |\n",
                        gg.name, gwa_kernel_names[k], gg.g.n, gg.g.m, b->cycles, g->cycles, sp,
                        100 * gwv_ratio(b->lane_useful, b->lane_slots),
                        100 * gwv_ratio(g->lane_useful, g->lane_slots),
                        100 * gwv_ratio(g->inst_scalar, g->inst), g->waves,
                        gwv_ratio(g->wave_warps, g->waves), gwv_ratio(b->mem_req, b->inst_mem),
                        gwv_ratio(g->mem_req, g->inst_mem), good ? "equal" : "**DIFFERS**");
        if (!o->c.quiet)
            printf("  %-18s %-8s baseline %10" PRIu64 "  gw %10" PRIu64 "  %5.2fx  pack %.2f  %s\n",
                   gg.name, gwa_kernel_names[k], b->cycles, g->cycles, sp,
                   gwv_ratio(g->wave_warps, g->waves), good ? "equal" : "DIFFERS");
        if (!good)
            rc = EXIT_MISMATCH;
    }
    gwv_graph_free(&gg);
    return rc;
}

int gwv_all(const gwv_opts *o)
{
    char dir[4096], *names[GW_MAX_GRAPHS];
    int got = irhw_graph_files(o->prog, "gw", o->c.graphs, dir, sizeof dir, names, GW_MAX_GRAPHS);
    if (got < 0 && !o->rmat)
        return EXIT_USAGE;
    if (got < 0) {
        fprintf(stderr, "%s workload gw: no shared graphs: only --rmat %s runs\n", o->prog,
                o->rmat);
        got = 0;
    }
    irhw_inst x;
    int rc = gwv_swt_inst(o, &x);
    irhw_out *f = rc ? NULL : md_open(o, "out/gw_all.md");
    if (!f) {
        irhw_inst_free(&x);
        irhw_graph_files_free(names, (unsigned)got);
        return rc ? rc : EXIT_TOOL;
    }
    char opts[512];
    options_line(o, &x, opts, sizeof opts);
    irhw_out_printf(f,
                    "# Graph-Waving against its baseline\n\n"
                    "`irhw workload gw --all%s%s%s%s` (docs/gw.md). %s; the GPU core model's "
                    "defaults otherwise.\n\n",
                    o->c.graphs ? " --graphs " : "", o->c.graphs ? o->c.graphs : "",
                    o->rmat ? " --rmat " : "", o->rmat ? o->rmat : "", opts);
    irhw_out_printf(f, "| graph | kernel | vertices | edges | baseline cycles | gw cycles | "
                       "speedup | lanes base | lanes gw | scalar share | waves | pack | "
                       "req/mem base | req/mem gw | result |\n"
                       "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
                       "\n");
    gw_mean per[GWA_NKERNELS], tot;
    memset(per, 0, sizeof per);
    memset(&tot, 0, sizeof tot);
    int worst = 0;
    for (int i = 0; i <= got; i++) {
        char path[8192];
        if (i < got)
            snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        else if (o->rmat)
            snprintf(path, sizeof path, "%s", o->rmat);
        else
            break;
        int r = all_graph(o, path, &x, f, per, &tot);
        worst = r > worst ? r : worst;
        if (r == EXIT_TOOL)
            break;
    }
    irhw_out_printf(f,
                    "\nSpeedup gw / baseline (cycles), geometric mean and maximum over the "
                    "graphs (the paper: 4.4× average, 10× maximum over its graph "
                    "applications):\n\n| kernel | graphs | mean | max |\n|---|---:|---:|---:|\n");
    for (int k = 0; k < GWA_NKERNELS; k++)
        irhw_out_printf(f, "| %s | %u | %.2f× | %.2f× |\n", gwa_kernel_names[k], per[k].n,
                        mean_geo(&per[k]), per[k].max);
    irhw_out_printf(f, "| all | %u | %.2f× | %.2f× |\n", tot.n, mean_geo(&tot), tot.max);
    printf("gw over baseline: geometric mean %.2fx, max %.2fx over %u runs (the paper: 4.4x, "
           "10x); table: %s\n",
           mean_geo(&tot), tot.max, tot.n, o->c.out ? o->c.out : "out/gw_all.md");
    int c = md_close(o, f);
    irhw_inst_free(&x);
    irhw_graph_files_free(names, (unsigned)got);
    return worst > c ? worst : c;
}

/* ---- --sweep ------------------------------------------------------------------ */

static const unsigned sweep_entries[] = {2, 4, 8, 16, 32};
#define NSWEEP (sizeof sweep_entries / sizeof sweep_entries[0])

typedef struct {
    double speedup, pack, lanes;
    uint64_t cycles, rejects, waves;
} sweep_pt;

static int sweep_point(const gwv_opts *o, gwv_graph *gg, unsigned entries, int fullest,
                       uint64_t base, sweep_pt *pt)
{
    gwv_opts so = *o;
    char e[32];
    snprintf(e, sizeof e, "ENTRIES=%u", entries);
    so.c.params[so.c.nparams++] = e;
    so.c.params[so.c.nparams++] = fullest ? "POLICY=fullest" : "POLICY=oldest";
    so.c.quiet = 1;
    irhw_inst x;
    int rc = gwv_swt_inst(&so, &x);
    gwv_res r;
    if (!rc)
        rc = gwv_run(&so, gg, o->kernel, 1, &x, &r);
    irhw_inst_free(&x);
    if (rc)
        return rc;
    pt->cycles = r.st.cycles;
    pt->speedup = gwv_ratio(base, r.st.cycles);
    pt->pack = gwv_ratio(r.st.wave_warps, r.st.waves);
    pt->lanes = 100 * gwv_ratio(r.st.lane_useful, r.st.lane_slots);
    pt->rejects = r.st.ins_reject;
    pt->waves = r.st.waves;
    return r.equal ? 0 : EXIT_MISMATCH;
}

static int sweep_plot(const gwv_opts *o, const char *md, sweep_pt pt[][2])
{
    char svg[4200], err[4600], *data = NULL;
    size_t len = 0;
    snprintf(svg, sizeof svg, "%.*s.svg", (int)(strlen(md) > 3 ? strlen(md) - 3 : strlen(md)), md);
    FILE *d = open_memstream(&data, &len);
    if (!d)
        return EXIT_TOOL;
    for (unsigned i = 0; i < NSWEEP; i++)
        fprintf(d, "%u %.4f %.4f %.4f %.4f\n", sweep_entries[i], pt[i][0].speedup, pt[i][1].speedup,
                pt[i][0].pack, pt[i][1].pack);
    fclose(d);
    char script[1024];
    snprintf(script, sizeof script,
             "set multiplot layout 1,2\nset logscale x 2\nset xlabel 'swt ENTRIES'\n"
             "set key bottom right\nset ylabel 'speedup gw / baseline'\n"
             "plot '%%1$s' using 1:2 with linespoints title 'oldest', '' using 1:3 with "
             "linespoints title 'fullest'\nset ylabel 'pack rate (groups per wave)'\n"
             "plot '%%1$s' using 1:4 with linespoints title 'oldest', '' using 1:5 with "
             "linespoints title 'fullest'\nunset multiplot\n");
    int bad = irhw_gnuplot_svg(svg, data, script, err, sizeof err);
    free(data);
    if (bad) {
        fprintf(stderr, "%s workload gw: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    printf("plot: %s\n", svg);
    return 0;
}

int gwv_sweep(const gwv_opts *o)
{
    gwv_graph gg;
    int rc = gwv_graph_read(o, o->c.graph, &gg);
    irhw_inst x;
    memset(&x, 0, sizeof x);
    gwv_res base;
    if (!rc)
        rc = gwv_swt_inst(o, &x);
    if (!rc)
        rc = gwv_run(o, &gg, o->kernel, 0, &x, &base);
    irhw_inst_free(&x);
    sweep_pt pt[NSWEEP][2];
    for (unsigned i = 0; i < NSWEEP && !rc; i++)
        for (int p = 0; p < 2 && !rc; p++)
            rc = sweep_point(o, &gg, sweep_entries[i], p, base.st.cycles, &pt[i][p]);
    const char *md = o->c.out ? o->c.out : "out/gw_sweep.md";
    irhw_out *f = rc ? NULL : md_open(o, md);
    if (!f) {
        gwv_graph_free(&gg);
        return rc ? rc : EXIT_TOOL;
    }
    irhw_out_printf(f,
                    "# The swt's sizing: ENTRIES x POLICY\n\n`irhw workload gw --sweep --graph %s "
                    "--kernel %s --hold %u -g SIMD=%u` (docs/gw.md): %s, baseline %" PRIu64
                    " cycles.\n\n| ENTRIES | POLICY | gw cycles | speedup | pack | lanes | waves "
                    "| rejects |\n|---:|---|---:|---:|---:|---:|---:|---:|\n",
                    gg.name, gwa_kernel_names[o->kernel], o->hold, o->simd, gg.name,
                    base.st.cycles);
    printf("%s on %s, --hold %u: ENTRIES x POLICY (baseline %" PRIu64 " cycles)\n",
           gwa_kernel_names[o->kernel], gg.name, o->hold, base.st.cycles);
    for (unsigned i = 0; i < NSWEEP; i++)
        for (int p = 0; p < 2; p++) {
            const sweep_pt *s = &pt[i][p];
            irhw_out_printf(f,
                            "| %u | %s | %" PRIu64 " | %.2f× | %.2f | %.1f %% | %" PRIu64
                            " | %" PRIu64 " |\n",
                            sweep_entries[i], p ? "fullest" : "oldest", s->cycles, s->speedup,
                            s->pack, s->lanes, s->waves, s->rejects);
            printf("  ENTRIES=%-2u %-7s %10" PRIu64 " cycles  %5.2fx  pack %.2f  rejects %" PRIu64
                   "\n",
                   sweep_entries[i], p ? "fullest" : "oldest", s->cycles, s->speedup, s->pack,
                   s->rejects);
        }
    gwv_graph_free(&gg);
    rc = md_close(o, f);
    int prc = rc ? 0 : sweep_plot(o, md, pt);
    printf("table: %s\n", md);
    return rc ? rc : prc;
}
