/*
 * paper_figs_iru_gpu.c — the IRU paper's system figures in `irhw
 * paper-figs`: `irhw workload iru --machine gpu` on every graph (L1 / L2
 * accesses, lines per irregular memory instruction, filtered share and its
 * bound, speedup and memory energy of GPU+IRU against the baseline; Figs.
 * 12, 14, 15, 16; four partitions as the paper's), and the request rate beside TIMEOUT (the same
 * runs at 8 and 48 warps a core, TIMEOUT 0 and 1000). Docs: docs/iru.md.
 */
#include "paper_figs.h"

#include <stdlib.h>
#include <string.h>

/* The rows of the table whose header starts with `first` in a run's file:
 * for each row, the cells named by want[0..nw) joined by '|' into out (one
 * row a line). The rows found. */
static int table_cells(const char *text, const char *first, const char *const *want, int nw,
                       buf_t *out)
{
    int col[24], rows = 0, in = 0;
    for (const char *l = text; l && *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        char line[2048], c[32][64];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l);
        l = e ? e + 1 : NULL;
        int n = line[0] == '|' ? pf_md_cells(line, c, 32) : 0;
        if (!n) {
            in = 0;
            continue;
        }
        if (!strcmp(c[0], first)) {
            in = 1;
            for (int k = 0; k < nw; k++) {
                col[k] = -1;
                for (int j = 0; j < n; j++)
                    if (!strcmp(c[j], want[k]))
                        col[k] = j;
                in &= col[k] >= 0;
            }
            continue;
        }
        if (!in || !strncmp(c[0], "---", 3))
            continue;
        for (int k = 0; k < nw; k++)
            bput(out, "%s%s", k ? "|" : "", col[k] < n ? c[col[k]] : "");
        bput(out, "\n");
        rows++;
    }
    return rows;
}

static char *run_file(pf *p, int r, const char *name)
{
    char path[4500];
    snprintf(path, sizeof path, "%s/runs/%s/%s", p->out, p->runs[r].key, name);
    return p->runs[r].state == RUN_PASS ? irhw_read_file(path, NULL) : NULL;
}

/* Each line of b as a figure row; the rows. */
static int rows_of(fig *f, const buf_t *b)
{
    int n = 0;
    for (const char *l = b->s; l && *l; n++) {
        const char *e = strchr(l, '\n');
        char row[2048];
        snprintf(row, sizeof row, "%.*s", (int)(e ? e - l : (long)strlen(l)), l);
        fig_row(f, row);
        l = e ? e + 1 : NULL;
    }
    return n;
}

int fig_iru_gpu(pf *p)
{
    fig f;
    if (fig_open(p, &f, "iru_gpu", "IRU paper Figs. 12, 14, 15, 16: GPU+IRU against the GPU",
                 "irhw workload iru --machine gpu --all (the GPU core model's 4 cores x 48 warps, "
                 "its L1 / L2 / DRAM; --parts 4: four iru_hash partitions of 256 sets on a ring, "
                 "the paper's 1,024-set table, TIMEOUT=1000; C model alone): per graph and kernel, "
                 "IRU / baseline for cycles (speedup), L1 "
                 "and L2 accesses and memory energy; memory lines per irregular memory "
                 "instruction (coalescing = baseline / IRU); the filtered share beside its bound "
                 "1 - distinct/elements. Paper: speedup 1.33x (BFS 1.16, SSSP 1.14, PageRank "
                 "1.40), L1 0.67, L2 0.56, coalescing 1.32x, energy -13 %; filtered 23 % (SSSP), "
                 "79 % (PageRank). Means last.",
                 1))
        return -1;
    int r = pf_iru_gpu_run(p);
    fig_ref(&f, r);
    fig_head(&f, "graph|kernel|speedup|paper|L1|L2|coalescing|filtered|bound|1 - n/m|paper "
                 "filtered|energy");
    static const char *const per[] = {
        "graph",      "kernel",   "speedup", "paper",   "L1 IRU/base",    "L2 IRU/base",
        "coalescing", "filtered", "bound",   "1 - n/m", "paper filtered", "energy IRU/base"};
    static const char *const mean[] = {"kernel", "TIMEOUT",      "speedup",    "paper",
                                       "L1",     "L2",           "coalescing", "filtered",
                                       "bound",  "paper energy", "energy",     "1 - n/m"};
    char *text = run_file(p, r, "iru_gpu.md");
    buf_t rows = {0}, means = {0}, d = {0};
    int n = text ? table_cells(text, "graph", per, 12, &rows) : 0;
    int nm = text ? table_cells(text, "kernel", mean, 12, &means) : 0;
    rows_of(&f, &rows);
    for (const char *l = means.s; l && *l;) { /* "mean <kernel>" rows, and the plot's data */
        char c[12][64] = {{0}};
        int k = 0;
        const char *e = strchr(l, '\n');
        for (const char *a = l; a < (e ? e : a + strlen(a)) && k < 12; k++) {
            const char *b = strpbrk(a, "|\n");
            b = b ? b : a + strlen(a);
            snprintf(c[k], 64, "%.*s", (int)(b - a), a);
            a = *b == '|' ? b + 1 : b;
        }
        char row[1024];
        snprintf(row, sizeof row, "mean|%s|%s|%s|%s|%s|%s|%s|%s|%s||%s (paper %s)", c[0], c[2],
                 c[3], c[4], c[5], c[6], c[7], c[8], c[11], c[10], c[9]);
        fig_row(&f, row);
        bput(&d, "%s %s %s %s %s\n", c[0], c[2], c[4], c[5], c[10]);
        l = e ? e + 1 : NULL;
    }
    if (!n && !nm) {
        char c[160], row[512];
        snprintf(row, sizeof row, "%s|||||||||||", cell(&f, r, NA, "", c, sizeof c));
        fig_row(&f, row);
    }
    free(text);
    char body[4096];
    const char *names[] = {"speedup", "L1 accesses", "L2 accesses", "memory energy"};
    hist_script(body, sizeof body, "GPU+IRU / GPU, means over the graphs", "IRU / baseline", names,
                4);
    int rc = fig_close(&f, NULL) ||
             fig_plot(p, "iru_gpu", nm ? d.s : NULL, body, nm ? NULL : "no result (see the table)");
    free(rows.s);
    free(means.s);
    free(d.s);
    return rc;
}

int fig_iru_gpu_rate(pf *p)
{
    fig f;
    if (fig_open(p, &f, "iru_gpu_rate", "IRU on the GPU model: the request rate beside TIMEOUT",
                 "irhw workload iru --machine gpu --parts 4 --timeout-sweep " PF_IRU_GPU_TIMEOUTS
                 " at -g WARPS=8 and 48 (C model alone), means over the graphs per kernel: the "
                 "warps' load_iru per 1000 cycles, the filtered share and its bound, memory "
                 "lines per irregular instruction after the IRU, speedup over the same machine "
                 "without the IRU. The paper gives neither TIMEOUT nor a request rate.",
                 0))
        return -1;
    fig_head(&f, "WARPS|TIMEOUT|kernel|load_iru per kcycle|filtered|bound|1 - n/m|lines/irr. inst "
                 "IRU|speedup");
    static const char *const want[] = {"TIMEOUT", "kernel",  "load_iru per kcycle", "filtered",
                                       "bound",   "1 - n/m", "lines/irr. inst IRU", "speedup"};
    for (unsigned i = 0; i < 2; i++) {
        int r = pf_iru_gpu_rate_run(p, i);
        fig_ref(&f, r);
        char *text = run_file(p, r, "iru_gpu_timeout.md");
        buf_t b = {0};
        int n = text ? table_cells(text, "kernel", want, 8, &b) : 0;
        for (const char *l = b.s; l && *l;) {
            const char *e = strchr(l, '\n');
            char row[1024], rest[1024];
            snprintf(rest, sizeof rest, "%.*s", (int)(e ? e - l : (long)strlen(l)), l);
            snprintf(row, sizeof row, "%u|%s", pf_iru_gpu_warps[i], rest);
            fig_row(&f, row);
            l = e ? e + 1 : NULL;
        }
        if (!n) {
            char c[160], row[512];
            snprintf(row, sizeof row, "%u|%s|||||||", pf_iru_gpu_warps[i],
                     cell(&f, r, NA, "", c, sizeof c));
            fig_row(&f, row);
        }
        free(text);
        free(b.s);
    }
    return fig_close(&f, NULL);
}
