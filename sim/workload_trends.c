/*
 * workload_trends.c — `irhw workload bfs|sssp --trends`: the hwwl paper's
 * Fig. 6 (SCHEME none / threshold / lsorting) and Fig. 7 (ENTRIES x
 * REFILL) trends with BFS and SSSP on the graphs of a folder, the C model
 * alone: a Markdown table and two gnuplot SVGs beside it. Each run is
 * gw_run's (sim/workload_run.c).
 */
#include "workload_cli.h"

#include "graph_dir.h"
#include "plot.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { TR_SCHEMES = 3, TR_ENTRIES = 6, TR_REFILLS = 2, TR_MAX_GRAPHS = 64 };
static const char *const tr_scheme[TR_SCHEMES] = {"none", "threshold", "lsorting"};
static const unsigned tr_entries[TR_ENTRIES] = {8, 16, 32, 64, 128, 1024};
static const char *const tr_refill[TR_REFILLS] = {"ondemand", "interval"};

typedef struct {
    int ok;
    uint64_t cycles, waits, ids, spills, exc, moves, don;
} tr_cell;

typedef struct {
    char name[256];
    uint32_t n;
    uint64_t m;
    tr_cell scheme[2][TR_SCHEMES];
    tr_cell cap[2][TR_REFILLS][TR_ENTRIES];
} tr_graph;

static void tr_fill(tr_cell *c, const irhw_hwwl_result *r)
{
    c->ok = 1;
    c->cycles = r->cycles_to_done;
    c->waits = r->ans[2];
    c->ids = r->ans[1];
    c->spills = r->spills;
    c->exc = r->exceptions;
    c->moves = r->moves;
    c->don = 0;
    for (unsigned i = 0; i < HW_MAX_CORES_WL; i++)
        c->don += r->core_donated[i];
}

static int tr_one(const gw_opts *o, const char *path, const irhw_graph *g, const uint32_t *wt,
                  const char *const *extra, unsigned nextra, tr_cell *c)
{
    irhw_hwwl_result r;
    irhw_inst x;
    char params[512];
    gw_opts q = *o;
    q.kind = wt ? "sssp" : "bfs";
    int rc = gw_run(&q, path, g, wt, extra, nextra, 1, &r, params, sizeof params, &x, NULL);
    if (!rc)
        tr_fill(c, &r);
    irhw_hwwl_result_free(&r);
    irhw_inst_free(&x);
    return rc;
}

static double speedup(const tr_cell *base, const tr_cell *c)
{
    return base->ok && c->ok && c->cycles ? (double)base->cycles / (double)c->cycles : 0;
}

/* The runs of one graph into *t: both kernels (wt: SSSP's weights), every
 * SCHEME and every ENTRIES x REFILL; the worst exit code. A line on stderr
 * per kernel. */
static int tr_graph_runs(const gw_opts *o, const char *path, const irhw_graph *g,
                         const uint32_t *wt, tr_graph *t, double t0)
{
    int worst = 0, rc;
    for (int k = 0; k < 2; k++) {
        const uint32_t *w = k ? wt : NULL;
        for (unsigned s = 0; s < TR_SCHEMES; s++) {
            char p1[64];
            snprintf(p1, sizeof p1, "SCHEME=%s", tr_scheme[s]);
            const char *ex[] = {p1};
            rc = tr_one(o, path, g, w, ex, 1, &t->scheme[k][s]);
            worst = rc > worst ? rc : worst;
        }
        for (unsigned r = 0; r < TR_REFILLS; r++)
            for (unsigned e = 0; e < TR_ENTRIES; e++) {
                char p1[64], p2[64];
                snprintf(p1, sizeof p1, "ENTRIES=%u", tr_entries[e]);
                snprintf(p2, sizeof p2, "REFILL=%s", tr_refill[r]);
                const char *ex[] = {p1, p2};
                rc = tr_one(o, path, g, w, ex, 2, &t->cap[k][r][e]);
                worst = rc > worst ? rc : worst;
            }
        const tr_cell *c = t->scheme[k];
        fprintf(stderr,
                "  %s %s: cycles to DONE none %" PRIu64 ", threshold %" PRIu64 ", lsorting %" PRIu64
                " (%.0f s so far)\n",
                t->name, k ? "sssp" : "bfs", c[0].cycles, c[1].cycles, c[2].cycles,
                irhw_now_s() - t0);
    }
    return worst;
}

/* Every graph of dir/names[0..nn-1] within --max-edges into tg[*ng] (the
 * others named in skipped); the worst exit code. */
static int tr_runs(const gw_opts *o, const char *dir, char *const *names, unsigned nn, tr_graph *tg,
                   unsigned *ng, char *skipped, size_t sklen, double t0)
{
    int worst = 0;
    for (unsigned i = 0; i < nn; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        irhw_graph g;
        int rc = gw_graph(o, path, &g);
        if (rc) {
            worst = rc > worst ? rc : worst;
            continue;
        }
        if (g.m > o->max_edges) {
            size_t l = strlen(skipped);
            snprintf(skipped + l, sklen - l, "%s%s (%" PRIu64 " edges)", l ? ", " : "", names[i],
                     g.m);
            irhw_graph_free(&g);
            continue;
        }
        int fw;
        uint32_t *wt;
        char werr[512];
        rc = irhw_sssp_weights(&g, &wt, &fw, werr, sizeof werr);
        if (rc) { /* the graph is left out of the table */
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, werr);
            worst = rc > worst ? rc : worst;
            irhw_graph_free(&g);
            continue;
        }
        tr_graph *t = &tg[(*ng)++];
        snprintf(t->name, sizeof t->name, "%s", names[i]);
        t->n = g.n;
        t->m = g.m;
        rc = tr_graph_runs(o, path, &g, wt, t, t0);
        worst = rc > worst ? rc : worst;
        free(wt);
        irhw_graph_free(&g);
    }
    return worst;
}

/* The Markdown: Fig. 6's table, Fig. 7's, the line on how they ran. */
static void tr_markdown(FILE *f, const gw_opts *o, const tr_graph *tg, unsigned ng, double secs,
                        const char *skipped)
{
    fprintf(f, "### Fig. 6: work redistribution schemes (hwwl defaults, ENTRIES=32, "
               "REFILL=ondemand)\n\n"
               "Cycles to DONE and pulls answered WAIT; speedup = cycles with SCHEME=none / cycles "
               "with the scheme.\n\n"
               "| graph | kernel | cycles none | cycles threshold | cycles lsorting | speedup "
               "threshold | speedup lsorting | WAIT none | WAIT threshold | WAIT lsorting | moves "
               "lsorting | donations lsorting |\n"
               "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
               "|\n");
    for (unsigned i = 0; i < ng; i++)
        for (int k = 0; k < 2; k++) {
            const tr_cell *c = tg[i].scheme[k];
            fprintf(f,
                    "| %s | %s | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %.2f | %.2f | %" PRIu64
                    " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " |\n",
                    tg[i].name, k ? "sssp" : "bfs", c[0].cycles, c[1].cycles, c[2].cycles,
                    speedup(&c[0], &c[1]), speedup(&c[0], &c[2]), c[0].waits, c[1].waits,
                    c[2].waits, c[2].moves, c[2].don);
        }
    fprintf(f, "\n### Fig. 7: bank capacity and refill policy (SCHEME=lsorting)\n\n"
               "Performance relative to ENTRIES=1024 (cycles at 1024 / cycles at ENTRIES; "
               "1.00 = as fast as the practically unbounded banks, which spilled nothing in these "
               "runs unless the last column says otherwise); spills at ENTRIES=8 / 32.\n\n"
               "| graph | kernel | refill |");
    for (unsigned e = 0; e + 1 < TR_ENTRIES; e++)
        fprintf(f, " E=%u |", tr_entries[e]);
    fprintf(f, " cycles E=1024 | spills E=8 | spills E=32 | spills E=1024 |\n| --- | --- | --- |");
    for (unsigned e = 0; e + 1 < TR_ENTRIES; e++)
        fprintf(f, " ---: |");
    fprintf(f, " ---: | ---: | ---: | ---: |\n");
    for (unsigned i = 0; i < ng; i++)
        for (int k = 0; k < 2; k++)
            for (unsigned r = 0; r < TR_REFILLS; r++) {
                const tr_cell *c = tg[i].cap[k][r];
                const tr_cell *inf = &c[TR_ENTRIES - 1];
                fprintf(f, "| %s | %s | %s |", tg[i].name, k ? "sssp" : "bfs", tr_refill[r]);
                for (unsigned e = 0; e + 1 < TR_ENTRIES; e++)
                    fprintf(f, " %.2f |", speedup(inf, &c[e]));
                fprintf(f, " %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " |\n",
                        inf->cycles, c[0].spills, c[2].spills, inf->spills);
            }
    fprintf(f,
            "\nC model alone (conservation checked, every result equal to the sequential "
            "BFS / Dijkstra); hwwl defaults otherwise (4 cores x 16 lanes, THRESHOLD=5, "
            "INTERVAL=10, OVF_CAP=4096, flops); threads busy %u + %u * degree cycles, "
            "overflow loads after %u cycles; %.0f s.%s%s%s\n",
            o->cost_a, o->cost_b, o->mem_lat, secs, *skipped ? " Left out (more than " : "",
            *skipped ? "--max-edges stored edges): " : "", skipped);
}

/* Fig. 6's plot: the speedups over SCHEME=none per graph and kernel. */
static int tr_plot_schemes(const char *svg, const tr_graph *tg, unsigned ng, char *err,
                           size_t errlen)
{
    size_t dsz = 0;
    char *dat = NULL;
    FILE *df = open_memstream(&dat, &dsz);
    if (!df)
        return 0;
    for (unsigned i = 0, x = 0; i < ng; i++)
        for (int k = 0; k < 2; k++, x++)
            fprintf(df, "%u \"%s %s\" %.3f %.3f\n", x, tg[i].name, k ? "sssp" : "bfs",
                    speedup(&tg[i].scheme[k][0], &tg[i].scheme[k][1]),
                    speedup(&tg[i].scheme[k][0], &tg[i].scheme[k][2]));
    fclose(df);
    int rc = irhw_gnuplot_svg(svg, dat,
                              "set title 'Fig. 6 trend: speedup over SCHEME=none'\n"
                              "set style data histograms\nset style fill solid 0.7\n"
                              "set xtics rotate by -40\nset ylabel 'cycles none / cycles scheme'\n"
                              "set yrange [0:*]\n"
                              "plot '%1$s' using 3:xtic(2) title 'threshold', '' using 4 title "
                              "'lsorting'\n",
                              err, errlen);
    free(dat);
    return rc;
}

/* Fig. 7's plot: the geometric mean over the graphs of the performance
 * relative to ENTRIES=1024, per kernel and REFILL. */
static int tr_plot_entries(const char *svg, const tr_graph *tg, unsigned ng, char *err,
                           size_t errlen)
{
    size_t dsz = 0;
    char *dat = NULL;
    FILE *df = open_memstream(&dat, &dsz);
    if (!df)
        return 0;
    for (unsigned e = 0; e < TR_ENTRIES; e++) {
        fprintf(df, "%u", tr_entries[e]);
        for (int k = 0; k < 2; k++)
            for (unsigned r = 0; r < TR_REFILLS; r++) {
                double lg = 0;
                unsigned n = 0;
                for (unsigned i = 0; i < ng; i++) {
                    double v = speedup(&tg[i].cap[k][r][TR_ENTRIES - 1], &tg[i].cap[k][r][e]);
                    if (v > 0) {
                        lg += log(v);
                        n++;
                    }
                }
                fprintf(df, " %.4f", n ? exp(lg / n) : 0);
            }
        fprintf(df, "\n");
    }
    fclose(df);
    int rc =
        irhw_gnuplot_svg(svg, dat,
                         "set title 'Fig. 7 trend: performance relative to ENTRIES=1024 "
                         "(geometric mean over the graphs)'\n"
                         "set logscale x 2\nset xlabel 'ENTRIES per bank'\nset yrange [0:1.05]\n"
                         "set ylabel 'cycles at 1024 / cycles'\n"
                         "plot '%1$s' using 1:2 with linespoints lw 2 title 'bfs ondemand', "
                         "'%1$s' using 1:3 with linespoints lw 2 title 'bfs interval', "
                         "'%1$s' using 1:4 with linespoints lw 2 title 'sssp ondemand', "
                         "'%1$s' using 1:5 with linespoints lw 2 title 'sssp interval'\n",
                         err, errlen);
    free(dat);
    return rc;
}

int gw_trends(const gw_opts *o)
{
    char dir[4096];
    char *names[TR_MAX_GRAPHS];
    int got =
        irhw_graph_files(o->prog, o->kind, o->c.graphs, dir, sizeof dir, names, TR_MAX_GRAPHS);
    if (got < 0)
        return EXIT_USAGE;
    unsigned nn = (unsigned)got, ng = 0;
    tr_graph *tg = calloc(nn, sizeof *tg);
    if (!tg) {
        irhw_graph_files_free(names, nn);
        return EXIT_TOOL;
    }
    double t0 = irhw_now_s();
    char skipped[2048] = "";
    int worst = tr_runs(o, dir, names, nn, tg, &ng, skipped, sizeof skipped, t0);
    irhw_graph_files_free(names, nn);
    double secs = irhw_now_s() - t0;

    const char *out = o->c.out ? o->c.out : "out/hwwl_trends.md";
    char *slash = strrchr(out, '/');
    char od[4096] = ".";
    if (slash) {
        snprintf(od, sizeof od, "%.*s", (int)(slash - out), out);
        irhw_mkdirs(od);
    }
    size_t msz = 0;
    char *md = NULL;
    FILE *f = open_memstream(&md, &msz);
    if (!f) {
        free(tg);
        return EXIT_TOOL;
    }
    tr_markdown(f, o, tg, ng, secs, skipped);
    fclose(f);

    char svg6[4200], svg7[4200], err[4400];
    snprintf(svg6, sizeof svg6, "%s/hwwl_trends_schemes.svg", od);
    snprintf(svg7, sizeof svg7, "%s/hwwl_trends_entries.svg", od);
    int prc = tr_plot_schemes(svg6, tg, ng, err, sizeof err);
    if (!prc)
        prc = tr_plot_entries(svg7, tg, ng, err, sizeof err);
    if (prc) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        worst = worst > EXIT_TOOL ? worst : EXIT_TOOL;
    }
    irhw_out *mf = irhw_out_open(out, err, sizeof err);
    if (mf)
        irhw_out_printf(mf,
                        "%s\n![Fig. 6 trend](hwwl_trends_schemes.svg)\n\n![Fig. 7 trend]"
                        "(hwwl_trends_entries.svg)\n",
                        md);
    int wrc = mf ? irhw_out_commit(mf, err, sizeof err) : -1;
    if (wrc) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        worst = EXIT_TOOL;
    }
    fputs(md, stdout);
    if (!wrc && !prc)
        printf("wrote %s, %s, %s\n", out, svg6, svg7);
    free(md);
    free(tg);
    return worst;
}
