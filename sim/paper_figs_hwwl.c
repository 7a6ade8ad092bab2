/*
 * paper_figs_hwwl.c — the hwwl paper's figures on the graphs of --graphs:
 * Fig. 5 (the ideal worklists), Fig. 6 (the redistribution pf_schemes), Fig. 7
 * (bank capacity and refill), Fig. 8 (active threads, single against double
 * buffering), §V-A (4, 8 and 16 cores) and the headline (hwwl against the
 * best software, with the dynamic instruction ratio hwwl / swwl). The
 * paper normalises every speedup to the better of its software topology-
 * and data-driven versions (§IV-A): here the better of topo and swwl.
 */
#include "paper_figs.h"

#include <stdlib.h>
#include <string.h>

int fig5(pf *p)
{
    fig f;
    if (fig_open(p, &f, "fig5", "hwwl paper Fig. 5: ideal worklists against the best software",
                 "Speedup over the best software: cycles of the better (fewer cycles) of topo and "
                 "swwl / cycles of the ideal worklist (one infinite worklist, unlimited "
                 "bandwidth; FIFO, or sorted by work ID before every pull). The paper's ideal "
                 "runs double-buffered, as its HWWL does (§IV-A); the single-buffered ideal is "
                 "the variant §V-C revisits, given beside it. GPU core model at its defaults, "
                 "--model-only. Paper: the ideal FIFO is 1.2–2.8× faster than the best software.",
                 1))
        return -1;
    fig_head(&f, "graph|kernel|topo cycles|swwl cycles|best software|"
                 "ideal FIFO cycles|ideal sorted cycles|ideal FIFO speedup|ideal sorted speedup|"
                 "single-buffered FIFO cycles|single-buffered sorted cycles|"
                 "single-buffered FIFO speedup|single-buffered sorted speedup|paper (FIFO)");
    buf_t d = {0};
    for (unsigned g = 0; g < p->ngraphs; g++)
        for (int k = 0; k < 2; k++) {
            int t = pf_gpu_run(p, g, k, "topo", "", "", "", 4);
            int s = pf_gpu_run(p, g, k, "swwl", "", "", "", 4);
            int id[4]; /* FIFO and sorted double-buffered, then single-buffered */
            for (int w = 0; w < 2; w++) {
                id[w] = pf_gpu_run(p, g, k, pf_ideal_double[w], "", "", "", 4);
                id[2 + w] = pf_gpu_run(p, g, k, pf_ideal_single[w], "", "", "", 4);
            }
            double b = best(cyc(p, t), cyc(p, s));
            char c[2][160], ic[4][160], sc[4][160], row[4096];
            for (int w = 0; w < 4; w++) {
                cell(&f, id[w], cyc(p, id[w]), "%.0f", ic[w], 160);
                cell(&f, id[w], ratio(b, cyc(p, id[w])), "%.2f×", sc[w], 160);
            }
            snprintf(row, sizeof row, "%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|1.2–2.8×",
                     p->gname[g], pf_kernels[k], cell(&f, t, cyc(p, t), "%.0f", c[0], 160),
                     cell(&f, s, cyc(p, s), "%.0f", c[1], 160), best_name(p, t, s), ic[0], ic[1],
                     sc[0], sc[1], ic[2], ic[3], sc[2], sc[3]);
            fig_row(&f, row);
            bput(&d, "\"%s %s\"", p->gname[g], pf_kernels[k]);
            for (int w = 0; w < 4; w++)
                bnum(&d, ratio(b, cyc(p, id[w])));
            bput(&d, "\n");
        }
    char body[4096];
    const char *names[] = {"ideal FIFO", "ideal sorted", "single-buffered FIFO",
                           "single-buffered sorted"};
    hist_script(body, sizeof body, "Fig. 5: ideal worklists, speedup over the best software",
                "speedup over min(topo, swwl)", names, 4);
    int rc = fig_close(&f, NULL) || fig_plot(p, "fig5", d.s, body, NULL);
    free(d.s);
    return rc;
}

int fig6(pf *p, const char *entries)
{
    int inf = !strcmp(entries, "inf");
    char id[32], title[256], caption[1400];
    snprintf(id, sizeof id, "fig6_%s", entries);
    snprintf(title, sizeof title, "hwwl paper Fig. 6: work redistribution schemes, %s",
             inf ? "infinite capacity (ENTRIES=inf)" : "ENTRIES=32");
    snprintf(caption, sizeof caption,
             "Speedup of each SCHEME over the best software (cycles of the better of topo and "
             "swwl / cycles of hwwl with the scheme), as the paper normalises it, and over "
             "SCHEME=none (cycles of none / cycles of the scheme), and pulls answered WAIT; "
             "hwwl under the GPU core model, ENTRIES=%s, REFILL=ondemand, 4 cores, "
             "--model-only. Paper (infinite capacity): lsorting has orders of magnitude fewer "
             "WAIT pulls than none for BFS and SSSP; gsorting (a monolithic WRU with inter-core "
             "information) and magic (work spread evenly across cores, no bandwidth limit) bound "
             "what redistribution can gain.",
             entries);
    fig f;
    if (fig_open(p, &f, id, title, caption, 1))
        return -1;
    char cols[1024];
    size_t o = (size_t)snprintf(cols, sizeof cols, "graph|kernel|best software|cycles none");
    for (int s = 0; s < 5; s++)
        o += (size_t)snprintf(cols + o, sizeof cols - o, "|%s vs best software", pf_schemes[s]);
    for (int s = 1; s < 5; s++)
        o += (size_t)snprintf(cols + o, sizeof cols - o, "|%s vs none", pf_schemes[s]);
    for (int s = 0; s < 5; s++)
        o += (size_t)snprintf(cols + o, sizeof cols - o, "|WAIT %s", pf_schemes[s]);
    fig_head(&f, cols);
    buf_t d = {0};
    for (unsigned g = 0; g < p->ngraphs; g++)
        for (int k = 0; k < 2; k++) {
            int r[5];
            for (int s = 0; s < 5; s++)
                r[s] = pf_gpu_run(p, g, k, "hwwl", pf_schemes[s], entries, "ondemand", 4);
            int t = pf_gpu_run(p, g, k, "topo", "", "", "", 4);
            int w = pf_gpu_run(p, g, k, "swwl", "", "", "", 4);
            double b = best(cyc(p, t), cyc(p, w));
            fig_ref(&f, t);
            fig_ref(&f, w);
            char c[160], row[4000];
            o = (size_t)snprintf(row, sizeof row, "%s|%s|%s|%s", p->gname[g], pf_kernels[k],
                                 best_name(p, t, w),
                                 cell(&f, r[0], cyc(p, r[0]), "%.0f", c, sizeof c));
            for (int s = 0; s < 5; s++)
                o += (size_t)snprintf(row + o, sizeof row - o, "|%s",
                                      cell(&f, r[s], ratio(b, cyc(p, r[s])), "%.2f×", c, sizeof c));
            for (int s = 1; s < 5; s++)
                o += (size_t)snprintf(
                    row + o, sizeof row - o, "|%s",
                    cell(&f, r[s], ratio(cyc(p, r[0]), cyc(p, r[s])), "%.2f×", c, sizeof c));
            for (int s = 0; s < 5; s++)
                o += (size_t)snprintf(
                    row + o, sizeof row - o, "|%s",
                    cell(&f, r[s], p->runs[r[s]].state == RUN_PASS ? p->runs[r[s]].wait : NA,
                         "%.0f", c, sizeof c));
            fig_row(&f, row);
            bput(&d, "\"%s %s\"", p->gname[g], pf_kernels[k]);
            for (int s = 0; s < 5; s++)
                bnum(&d, ratio(b, cyc(p, r[s])));
            bput(&d, "\n");
        }
    char body[4096], ptitle[256];
    snprintf(ptitle, sizeof ptitle, "Fig. 6 (ENTRIES=%s): speedup over the best software", entries);
    hist_script(body, sizeof body, ptitle, "cycles min(topo, swwl) / cycles hwwl", pf_schemes, 5);
    /* every run n/a: the plot says why */
    int any = 0;
    for (unsigned g = 0; g < p->ngraphs && !any; g++)
        any = cyc(p, pf_gpu_run(p, g, 0, "hwwl", "none", entries, "ondemand", 4)) != NA;
    char note[256] = "";
    if (!any)
        snprintf(note, sizeof note, "n/a — needs %s", inf ? NEEDS_INF : "the runs to pass");
    int rc = fig_close(&f, NULL) || fig_plot(p, id, d.s, body, note);
    free(d.s);
    return rc;
}

int fig7(pf *p)
{
    fig f;
    if (fig_open(p, &f, "fig7", "hwwl paper Fig. 7: bank capacity and refill policy",
                 "Performance relative to infinite capacity (cycles at ENTRIES=inf / cycles at "
                 "ENTRIES=E; plotted) and, as the paper normalises it, to the best software "
                 "(cycles of the better of topo and swwl / cycles at ENTRIES=E or inf), "
                 "SCHEME=lsorting, on-demand and interval refill, hwwl under the GPU core model, "
                 "--model-only. Paper: 32 entries per bank reach most of the "
                 "infinite-capacity speedup; BFS does not benefit from interval refill. Until "
                 "-p ENTRIES=inf exists the cycles per ENTRIES are given and the ratios are n/a.",
                 1))
        return -1;
    char cols[1024];
    size_t o = (size_t)snprintf(cols, sizeof cols, "graph|kernel|refill|cycles inf");
    for (unsigned e = 0; e < pf_nentries(p); e++)
        o += (size_t)snprintf(cols + o, sizeof cols - o, "|E=%s vs inf", pf_fig7_entries[e]);
    for (unsigned e = 0; e < pf_nentries(p); e++)
        o += (size_t)snprintf(cols + o, sizeof cols - o, "|cycles E=%s", pf_fig7_entries[e]);
    o += (size_t)snprintf(cols + o, sizeof cols - o, "|best software|inf vs best software");
    for (unsigned e = 0; e < pf_nentries(p); e++)
        o += (size_t)snprintf(cols + o, sizeof cols - o, "|E=%s vs best software",
                              pf_fig7_entries[e]);
    fig_head(&f, cols);
    /* plot: the mean over graphs of inf/E per kernel x refill (x = ENTRIES) */
    double sum[2][2][5] = {{{0}}};
    int cnt[2][2][5] = {{{0}}};
    for (unsigned g = 0; g < p->ngraphs; g++)
        for (int k = 0; k < 2; k++)
            for (int rf = 0; rf < 2; rf++) {
                int inf = pf_gpu_run(p, g, k, "hwwl", "lsorting", "inf", "ondemand", 4);
                char c[16][160], row[4096];
                o = (size_t)snprintf(row, sizeof row, "%s|%s|%s|%s", p->gname[g], pf_kernels[k],
                                     pf_refills[rf], cell(&f, inf, cyc(p, inf), "%.0f", c[0], 160));
                for (unsigned e = 0; e < pf_nentries(p); e++) {
                    int r = pf_gpu_run(p, g, k, "hwwl", "lsorting", pf_fig7_entries[e],
                                       pf_refills[rf], 4);
                    double v = ratio(cyc(p, inf), cyc(p, r));
                    o += (size_t)snprintf(
                        row + o, sizeof row - o, "|%s",
                        cell(&f, cyc(p, r) == NA ? r : inf, v, "%.2f", c[1 + e], 160));
                    if (v != NA)
                        sum[k][rf][e] += v, cnt[k][rf][e]++;
                }
                for (unsigned e = 0; e < pf_nentries(p); e++) {
                    int r = pf_gpu_run(p, g, k, "hwwl", "lsorting", pf_fig7_entries[e],
                                       pf_refills[rf], 4);
                    o += (size_t)snprintf(row + o, sizeof row - o, "|%s",
                                          cell(&f, r, cyc(p, r), "%.0f", c[8 + e], 160));
                }
                int t = pf_gpu_run(p, g, k, "topo", "", "", "", 4);
                int w = pf_gpu_run(p, g, k, "swwl", "", "", "", 4);
                double b = best(cyc(p, t), cyc(p, w));
                fig_ref(&f, t);
                fig_ref(&f, w);
                o += (size_t)snprintf(row + o, sizeof row - o, "|%s|%s", best_name(p, t, w),
                                      cell(&f, inf, ratio(b, cyc(p, inf)), "%.2f", c[13], 160));
                for (unsigned e = 0; e < pf_nentries(p); e++) {
                    int r = pf_gpu_run(p, g, k, "hwwl", "lsorting", pf_fig7_entries[e],
                                       pf_refills[rf], 4);
                    o += (size_t)snprintf(row + o, sizeof row - o, "|%s",
                                          cell(&f, r, ratio(b, cyc(p, r)), "%.2f", c[14], 160));
                }
                fig_row(&f, row);
            }
    buf_t d = {0};
    int any = 0;
    for (int k = 0; k < 2; k++)
        for (int rf = 0; rf < 2; rf++) {
            for (unsigned e = 0; e < pf_nentries(p); e++)
                if (cnt[k][rf][e]) {
                    bput(&d, "%s %.4g\n", pf_fig7_entries[e], sum[k][rf][e] / cnt[k][rf][e]);
                    any = 1;
                }
            bput(&d, "\n\n");
        }
    char body[4096];
    int n = 0;
    n += snprintf(body + n, sizeof body - (size_t)n,
                  "set title 'Fig. 7: cycles at infinite capacity / cycles at ENTRIES, mean over "
                  "graphs'\nset xlabel 'ENTRIES per bank'\nset ylabel 'relative performance'\n"
                  "set logscale x 2\nset yrange [0:*]\nplot ");
    for (int s = 0; s < 4; s++)
        n += snprintf(body + n, sizeof body - (size_t)n,
                      "%s'%%1$s' index %d using 1:2 with linespoints lw 2 title '%s %s'",
                      s ? ", " : "", s, pf_kernels[s / 2], pf_refills[s % 2]);
    snprintf(body + n, sizeof body - (size_t)n, "\n");
    int rc = fig_close(&f, NULL) ||
             fig_plot(p, "fig7", any ? d.s : NULL, body, any ? NULL : "n/a — needs " NEEDS_INF);
    free(d.s);
    return rc;
}

/* Fig. 8: what a run's --active-out series shows. */
typedef struct {
    double mean, peak; /* percent of the hardware threads holding work */
    double full;       /* percent of the samples with at least FULL_PCT of them */
} activity;

#define FULL_PCT 95.0

/* The --active-out file of run i: "cycle threads percent" lines ('#'
 * comments) summed up into *a, the lines appended to d; 0 when there is
 * none. */
static int active_series(const pf *p, int i, buf_t *d, activity *a)
{
    const fig_run *r = &p->runs[i];
    a->mean = a->peak = a->full = NA;
    if (r->state != RUN_PASS)
        return 0;
    char path[4500];
    snprintf(path, sizeof path, "%s/runs/%s/active.txt", p->out, r->key);
    char *text = irhw_read_file(path, NULL);
    if (!text)
        return 0;
    double s = 0, pk = 0;
    long n = 0, full = 0;
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        double x, threads, y; /* cycle, threads holding work, percent */
        if (l[0] == '#' || sscanf(l, "%lf %lf %lf", &x, &threads, &y) != 3)
            continue;
        bput(d, "%.6g %.4g\n", x, y);
        s += y;
        pk = y > pk ? y : pk;
        full += y >= FULL_PCT;
        n++;
    }
    bput(d, "\n\n");
    free(text);
    if (n) {
        a->mean = s / (double)n;
        a->peak = pk;
        a->full = 100.0 * (double)full / (double)n;
    }
    return n > 0;
}

int fig8(pf *p)
{
    fig f;
    if (fig_open(p, &f, "fig8", "hwwl paper Fig. 8: active threads, single vs double buffered BFS",
                 "Percent of the hardware threads holding work over time (the --active-out "
                 "series), BFS through hwwl under the GPU core model, single- and "
                 "double-buffered, --model-only; \"time at ≥ 95 %\" is the share of the samples "
                 "with at least 95 % of the threads active. Paper (§V-C): the single-buffered BFS "
                 "keeps all hardware threads active for most of the run; the double-buffered one "
                 "peaks at 80 %.",
                 1))
        return -1;
    fig_head(&f, "graph|cycles single|cycles double|mean active single|mean active double|"
                 "peak active single|peak active double|time at ≥ 95 % single|"
                 "time at ≥ 95 % double|paper");
    buf_t d = {0};
    char body[8192];
    int n = snprintf(body, sizeof body,
                     "set title 'Fig. 8: active hardware threads, BFS'\nset xlabel 'cycle'\n"
                     "set ylabel 'active threads (%%%%)'\nset yrange [0:100]\nplot ");
    int series = 0;
    for (unsigned g = 0; g < p->ngraphs; g++) {
        int r[2] = {pf_fig8_run(p, g, "single"), pf_fig8_run(p, g, "double")};
        activity a[2];
        for (int m = 0; m < 2; m++)
            if (active_series(p, r[m], &d, &a[m]) && g < 3 && (size_t)n < sizeof body)
                n += snprintf(body + n, sizeof body - (size_t)n,
                              "%s'%%1$s' index %d using 1:2 with lines lw 1.5 title '%s %s'",
                              series ? ", " : "", series, p->gname[g], m ? "double" : "single"),
                    series++;
            else if (p->runs[r[m]].state == RUN_PASS)
                bput(&d, "\n\n"), series++; /* keep the index of the next series */
        char c[8][160], row[2048];
        snprintf(row, sizeof row,
                 "%s|%s|%s|%s|%s|%s|%s|%s|%s|single: all threads most of the run; double: "
                 "peak 80 %%",
                 p->gname[g], cell(&f, r[0], cyc(p, r[0]), "%.0f", c[0], 160),
                 cell(&f, r[1], cyc(p, r[1]), "%.0f", c[1], 160),
                 cell(&f, r[0], a[0].mean, "%.2f %%", c[2], 160),
                 cell(&f, r[1], a[1].mean, "%.2f %%", c[3], 160),
                 cell(&f, r[0], a[0].peak, "%.2f %%", c[4], 160),
                 cell(&f, r[1], a[1].peak, "%.2f %%", c[5], 160),
                 cell(&f, r[0], a[0].full, "%.1f %%", c[6], 160),
                 cell(&f, r[1], a[1].full, "%.1f %%", c[7], 160));
        fig_row(&f, row);
    }
    if ((size_t)n < sizeof body)
        snprintf(body + n, sizeof body - (size_t)n, "\n");
    int rc =
        fig_close(&f, "The plot shows the first three graphs.") ||
        fig_plot(p, "fig8", series ? d.s : NULL, body, series ? NULL : "n/a — needs " NEEDS_BUFFER);
    free(d.s);
    return rc;
}

int fig_cores(pf *p)
{
    fig f;
    if (fig_open(p, &f, "cores", "hwwl paper §V-A: BFS on 4, 8 and 16 cores",
                 "Speedup of hwwl (SCHEME=lsorting, ENTRIES=32, -p CORES=N) over the better of "
                 "topo and swwl (-g CORES=N), BFS under the GPU core model, --model-only. Paper: "
                 "the speedup grows with the cores, 2.5× at 16.",
                 1))
        return -1;
    fig_head(&f, "graph|cores|hwwl cycles|topo cycles|swwl cycles|speedup|paper");
    buf_t d = {0};
    for (unsigned g = 0; g < p->ngraphs; g++) {
        for (unsigned c = 0; c < pf_ncores(p); c++) {
            unsigned n = pf_core_counts[c];
            int h = pf_gpu_run(p, g, 0, "hwwl", "lsorting", "32", "ondemand", n);
            int t = pf_gpu_run(p, g, 0, "topo", "", "", "", n);
            int s = pf_gpu_run(p, g, 0, "swwl", "", "", "", n);
            double sp = ratio(best(cyc(p, t), cyc(p, s)), cyc(p, h));
            char cl[4][160], row[2048];
            snprintf(row, sizeof row, "%s|%u|%s|%s|%s|%s|%s", p->gname[g], n,
                     cell(&f, h, cyc(p, h), "%.0f", cl[0], 160),
                     cell(&f, t, cyc(p, t), "%.0f", cl[1], 160),
                     cell(&f, s, cyc(p, s), "%.0f", cl[2], 160),
                     cell(&f, h, sp, "%.2f×", cl[3], 160), n == 16 ? "2.5×" : "grows with cores");
            fig_row(&f, row);
            if (sp != NA)
                bput(&d, "%u %.4g\n", n, sp);
        }
        bput(&d, "\n\n");
    }
    char body[8192];
    int n = snprintf(body, sizeof body,
                     "set title '§V-A: BFS speedup of hwwl over the best software'\n"
                     "set xlabel 'cores'\nset ylabel 'speedup'\nset logscale x 2\n"
                     "set xtics (4, 8, 16)\nset yrange [0:*]\nplot ");
    for (unsigned g = 0; g < p->ngraphs && (size_t)n < sizeof body; g++)
        n += snprintf(body + n, sizeof body - (size_t)n,
                      "%s'%%1$s' index %u using 1:2 with linespoints lw 2 title '%s'",
                      g ? ", " : "", g, p->gname[g]);
    if ((size_t)n < sizeof body)
        snprintf(body + n, sizeof body - (size_t)n, "\n");
    int rc = fig_close(&f, NULL) || fig_plot(p, "cores", d.s, body, NULL);
    free(d.s);
    return rc;
}

/* The headline's columns; with the ideal FIFO (double-buffered) when ideal. */
void pf_headline_head(fig *f, int ideal)
{
    fig_head(f, ideal ? "graph|kernel|hwwl cycles|topo cycles|swwl cycles|best software|speedup|"
                        "ideal FIFO cycles|ideal FIFO speedup|ideal sort cycles|ideal sort speedup|"
                        "hwwl instructions|"
                        "swwl instructions|instructions hwwl/swwl|paper speedup|"
                        "paper instructions"
                      : "graph|kernel|hwwl cycles|topo cycles|swwl cycles|best software|speedup|"
                        "hwwl instructions|swwl instructions|instructions hwwl/swwl|"
                        "paper speedup|paper instructions");
}

/* The headline's row of kernel k on the graph file `graph` (named gname):
 * hwwl at its defaults against the better of topo and swwl on 4 cores, the
 * dynamic warp instructions of hwwl against swwl's; the speedup appended to
 * the plot data d. */
void pf_headline_row(pf *p, fig *f, buf_t *d, const char *gname, const char *graph, int k,
                     int ideal)
{
    int h = pf_gpu_run_on(p, graph, k, "hwwl", "lsorting", "32", "ondemand", 4);
    int t = pf_gpu_run_on(p, graph, k, "topo", "", "", "", 4);
    int s = pf_gpu_run_on(p, graph, k, "swwl", "", "", "", 4);
    double b = best(cyc(p, t), cyc(p, s)), sp = ratio(b, cyc(p, h));
    char c[11][160], id[800] = "", row[2800];
    if (ideal) { /* both ideal worklists, double-buffered (Fig. 5's) */
        int i = pf_gpu_run_on(p, graph, k, pf_ideal_double[0], "", "", "", 4);
        int j = pf_gpu_run_on(p, graph, k, pf_ideal_double[1], "", "", "", 4);
        snprintf(id, sizeof id, "%s|%s|%s|%s|", cell(f, i, cyc(p, i), "%.0f", c[5], 160),
                 cell(f, i, ratio(b, cyc(p, i)), "%.2f×", c[6], 160),
                 cell(f, j, cyc(p, j), "%.0f", c[9], 160),
                 cell(f, j, ratio(b, cyc(p, j)), "%.2f×", c[10], 160));
    }
    snprintf(
        row, sizeof row,
        "%s|%s|%s|%s|%s|%s|%s|%s%s|%s|%s|1.2–2.4×|0.84 at best (−16 %%); "
        "redistribution −70 %% against none",
        gname, pf_kernels[k], cell(f, h, cyc(p, h), "%.0f", c[0], 160),
        cell(f, t, cyc(p, t), "%.0f", c[1], 160), cell(f, s, cyc(p, s), "%.0f", c[2], 160),
        best_name(p, t, s), cell(f, h, sp, "%.2f×", c[3], 160), id,
        cell(f, h, insts(p, h), "%.0f", c[4], 160), cell(f, s, insts(p, s), "%.0f", c[7], 160),
        cell(f, insts(p, h) == NA ? h : s, ratio(insts(p, h), insts(p, s)), "%.2f", c[8], 160));
    fig_row(f, row);
    bput(d, "\"%s %s\"", gname, pf_kernels[k]);
    bnum(d, sp);
    bput(d, "\n");
}

int fig_headline(pf *p)
{
    fig f;
    if (fig_open(p, &f, "headline", "hwwl paper: speedup of HWWL over the best software",
                 "Cycles of the better of topo and swwl / cycles of hwwl (defaults: "
                 "SCHEME=lsorting, ENTRIES=32, REFILL=ondemand, 4 cores), per graph and kernel, "
                 "and the dynamic instruction ratio hwwl / swwl (warp instructions of every "
                 "class, the report's \"gpu: instructions\" line: a spinning pull that gets "
                 "WAIT counts), GPU core model, --model-only. Paper: 1.2–2.4× over the best "
                 "software-based implementation; a HWWL cuts the dynamic instructions by up to "
                 "16 % against a SWWL (§IV-C), and BFS/SSSP without redistribution spin to 10× "
                 "more (§IV-C), which redistribution cuts by over 70 % (§IV-D).",
                 1))
        return -1;
    pf_headline_head(&f, 0);
    buf_t d = {0};
    for (unsigned g = 0; g < p->ngraphs; g++)
        for (int k = 0; k < 2; k++)
            pf_headline_row(p, &f, &d, p->gname[g], p->graph[g], k, 0);
    char body[4096];
    const char *names[] = {"hwwl / best software"};
    hist_script(body, sizeof body, "hwwl: speedup over the best software", "speedup", names, 1);
    int rc = fig_close(&f, NULL) || fig_plot(p, "headline", d.s, body, NULL);
    free(d.s);
    return rc;
}
