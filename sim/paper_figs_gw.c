/*
 * paper_figs_gw.c — the Graph-Waving paper's figures of `irhw paper-figs`
 * (docs/gw.md): the speedup of gw over its baseline per graph and kernel,
 * SIMD lane utilisation of both, and the waves' pack rate, from two runs
 * of `irhw workload gw --all` (waves issued whenever a cluster has a free
 * slot, and held up to 32 cycles for company).
 */
#include "paper_figs.h"

#include <stdlib.h>
#include <string.h>

enum { C_GRAPH, C_KERNEL, C_SPEEDUP, C_LB, C_LG, C_SCALAR, C_PACK, C_NCOLS };
static const char *const gw_cols[C_NCOLS] = {"graph",    "kernel",       "speedup", "lanes base",
                                             "lanes gw", "scalar share", "pack"};
#define GW_ROWS 64

typedef struct {
    char c[C_NCOLS][64];
} gw_row;

/* The rows of run r's table (graph and kernel first); their count. */
static int gw_rows(pf *p, int r, gw_row *rows)
{
    char path[4500];
    snprintf(path, sizeof path, "%s/runs/%s/gw_all.md", p->out, p->runs[r].key);
    char *text = p->runs[r].state == RUN_PASS ? irhw_read_file(path, NULL) : NULL, *save = NULL;
    int col[C_NCOLS], n = 0;
    for (int k = 0; k < C_NCOLS; k++)
        col[k] = -1;
    for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l && n < GW_ROWS;
         l = strtok_r(NULL, "\n", &save)) {
        char c[20][64];
        int nc = pf_md_cells(l, c, 20);
        if (nc && !strcmp(c[0], "graph")) {
            for (int k = 0; k < C_NCOLS; k++)
                for (int j = 0; j < nc; j++)
                    if (!strcmp(c[j], gw_cols[k]))
                        col[k] = j;
            continue;
        }
        int ok = nc > C_NCOLS && c[0][0] != '-';
        for (int k = 0; k < C_NCOLS && ok; k++)
            ok = col[k] >= 0 && col[k] < nc;
        for (int k = 0; k < C_NCOLS && ok; k++)
            snprintf(rows[n].c[k], 64, "%s", c[col[k]]);
        n += ok;
    }
    free(text);
    return n;
}

/* A figure of one column per run (up to two runs), a row per graph x
 * kernel; plot columns from the first numbers of each cell. */
static int gw_fig(pf *p, const char *id, const char *title, const char *caption, const char *cols,
                  int r0, int r1, const int *which, int nwhich, int nplot, const char *ylabel,
                  const char *const *names)
{
    fig f;
    if (fig_open(p, &f, id, title, caption, 1))
        return -1;
    fig_ref(&f, r0);
    if (r1 >= 0)
        fig_ref(&f, r1);
    fig_head(&f, cols);
    gw_row *a = calloc(GW_ROWS, sizeof *a), *b = calloc(GW_ROWS, sizeof *b);
    int na = a ? gw_rows(p, r0, a) : 0, nb = b && r1 >= 0 ? gw_rows(p, r1, b) : 0;
    buf_t d = {0};
    for (int i = 0; i < na; i++) {
        char row[1024];
        int o = snprintf(row, sizeof row, "%s|%s", a[i].c[C_GRAPH], a[i].c[C_KERNEL]);
        bput(&d, "\"%s %s\"", a[i].c[C_GRAPH], a[i].c[C_KERNEL]);
        for (int w = 0; w < nwhich && o > 0 && (size_t)o < sizeof row; w++) {
            int run1 = which[w] < 0;
            int col = run1 ? -which[w] - 1 : which[w];
            const char *v = run1 ? (i < nb ? b[i].c[col] : "?") : a[i].c[col];
            o += snprintf(row + o, sizeof row - (size_t)o, "|%s", v);
            bput(&d, " %s", v[0] == '?' ? "?" : v);
        }
        bput(&d, "\n");
        fig_row(&f, row);
    }
    if (!na) {
        char c[160], row[512];
        snprintf(row, sizeof row, "%s|", cell(&f, r0, NA, "", c, sizeof c));
        fig_row(&f, row);
    }
    char body[4096];
    hist_script(body, sizeof body, title, ylabel, names, nplot);
    int rc = fig_close(&f, NULL) ||
             fig_plot(p, id, na ? d.s : NULL, body, na ? NULL : "no result (see the table)");
    free(d.s);
    free(a);
    free(b);
    return rc;
}

int fig_gw(pf *p)
{
    int r0 = pf_gw_all_run(p, 0), r32 = pf_gw_all_run(p, 32);
    static const char *const sp_names[] = {"gw / baseline"};
    static const int sp[] = {C_SPEEDUP};
    static const char *const ln_names[] = {"baseline", "gw"};
    static const int ln[] = {C_LB, C_LG};
    static const char *const pk_names[] = {"--hold 0", "--hold 32"};
    static const int pk[] = {C_PACK, -C_PACK - 1, C_SCALAR, -C_SPEEDUP - 1};
    return gw_fig(p, "gw_speedup", "GW paper: speedup of Graph-Waving over its baseline",
                  "irhw workload gw --all (C models alone): cycles of the baseline (a vertex a "
                  "thread, warp-wide SIMD) over gw (a vertex a SIMD group of 8 lanes, clustered "
                  "issue, scalar waves through swt), topology-driven kernels. Paper (abstract): "
                  "4.4x on average, 10x at most over its graph applications.",
                  "graph|kernel|speedup", r0, -1, sp, 1, 1, "speedup (x)", sp_names) ||
           gw_fig(p, "gw_lanes", "GW paper: SIMD lane utilisation",
                  "irhw workload gw --all: lanes doing distinct useful work over issue slots x "
                  "SIMD width, baseline and gw (a scalar instruction issued alone does one "
                  "lane's work).",
                  "graph|kernel|lanes baseline (%)|lanes gw (%)", r0, -1, ln, 2, 2,
                  "lanes used (%)", ln_names) ||
           gw_fig(p, "gw_pack", "GW paper: pack rate of the scalar waves",
                  "irhw workload gw --all --hold 0 and --hold 32: groups a scalar wave carries "
                  "(the table issues whenever its cluster has a free slot; with --hold a wave "
                  "also waits for a full table or an entry 32 cycles old), the share of scalar "
                  "instructions, the speedup at --hold 32.",
                  "graph|kernel|pack --hold 0|pack --hold 32|scalar share (%)|speedup --hold 32",
                  r0, r32, pk, 4, 2, "groups per wave", pk_names);
}
