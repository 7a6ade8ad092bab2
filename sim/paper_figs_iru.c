/*
 * paper_figs_iru.c — the IRU paper's figures of `irhw paper-figs`: memory
 * lines per warp and the filtered share (Figs. 14/15), the TIMEOUT
 * sensitivity, and the partition's area (Table 1).
 */
#include "paper_figs.h"

#include <stdlib.h>
#include <string.h>

int fig_iru(pf *p)
{
    fig f;
    if (fig_open(p, &f, "iru_coalescing",
                 "IRU paper Figs. 14/15: memory lines per warp and filtering",
                 "irhw workload iru --all (iru_hash at the paper's defaults, TIMEOUT=1000, C model "
                 "alone): memory lines per warp of 32 threads in the frontier's original order "
                 "and after the IRU (the replies cut into full warps), and the share of elements "
                 "filtered. Paper: about 4 → 3 lines per warp; 23 % filtered for SSSP, 79 % for "
                 "PageRank (48.5 % on average).",
                 1))
        return -1;
    int r = pf_iru_all_run(p);
    fig_ref(&f, r);
    fig_head(&f, "graph|kernel|filter|lines/warp original|lines/warp IRU, full warps|filtered|"
                 "1 - n/m|paper lines/warp|paper filtered");
    buf_t d = {0};
    char path[4500];
    snprintf(path, sizeof path, "%s/runs/%s/iru_graphs.md", p->out, p->runs[r].key);
    char *text = p->runs[r].state == RUN_PASS ? irhw_read_file(path, NULL) : NULL;
    char *save = NULL;
    int rows = 0;
    /* the columns by their header names (irhw workload iru --all's table) */
    static const char *const want[] = {
        "graph",    "kernel", "filter", "lines/warp original", "lines/warp IRU, full warps",
        "filtered", "1 - n/m"};
    int col[7] = {-1, -1, -1, -1, -1, -1, -1};
    for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
        char c[20][64];
        int n = pf_md_cells(l, c, 20);
        if (n && !strcmp(c[0], "graph")) {
            for (int k = 0; k < 7; k++)
                for (int j = 0; j < n; j++)
                    if (!strcmp(c[j], want[k]))
                        col[k] = j;
            continue;
        }
        int ok = n > 0 && c[0][0] != '-';
        for (int k = 0; k < 7 && ok; k++)
            ok = col[k] >= 0 && col[k] < n;
        if (!ok)
            continue;
        const char *kern = c[col[1]];
        const char *paper = !strcmp(kern, "sssp")       ? "23 %"
                            : !strcmp(kern, "pagerank") ? "79 %"
                                                        : "-";
        char row[1024];
        snprintf(row, sizeof row, "%s|%s|%s|%s|%s|%s|%s|about 4 → 3|%s", c[col[0]], kern, c[col[2]],
                 c[col[3]], c[col[4]], c[col[5]], c[col[6]], paper);
        fig_row(&f, row);
        bput(&d, "\"%s %s\" %s %s\n", c[col[0]], kern, c[col[3]], c[col[4]]);
        rows++;
    }
    free(text);
    if (!rows) {
        char c[160], row[512];
        snprintf(row, sizeof row, "%s|||||||", cell(&f, r, NA, "", c, sizeof c));
        fig_row(&f, row);
    }
    char body[4096];
    const char *names[] = {"original order", "after the IRU (full warps)"};
    hist_script(body, sizeof body, "IRU: memory lines per warp of 32 threads", "lines per warp",
                names, 2);
    int rc = fig_close(&f, NULL) || fig_plot(p, "iru_coalescing", rows ? d.s : NULL, body,
                                             rows ? NULL : "no result (see the table)");
    free(d.s);
    return rc;
}

int fig_iru_timeout(pf *p)
{
    fig f;
    if (fig_open(p, &f, "iru_timeout", "IRU: TIMEOUT sensitivity (filtered share, lines per warp)",
                 "Means over the graphs of irhw workload iru --timeout-sweep T (one run per "
                 "TIMEOUT, C model alone): elements filtered and memory lines per warp after the "
                 "IRU, per kernel. The paper gives no TIMEOUT; its filtered shares are 23 % "
                 "(SSSP) and 79 % (PageRank).",
                 1))
        return -1;
    fig_head(&f, "TIMEOUT|kernel|filter|filtered|lines/warp original|lines/warp IRU|"
                 "elements/warp IRU|paper filtered");
    buf_t d = {0};
    double filt[3][4], after[3][4];
    for (unsigned t = 0; t < pf_ntimeouts(p); t++) {
        int r = pf_iru_timeout_run(p, t);
        for (int k = 0; k < 3; k++)
            filt[k][t] = after[k][t] = NA;
        char path[4500];
        snprintf(path, sizeof path, "%s/runs/%s/iru_timeout.md", p->out, p->runs[r].key);
        char *text = p->runs[r].state == RUN_PASS ? irhw_read_file(path, NULL) : NULL;
        char *save = NULL;
        int got = 0;
        for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l;
             l = strtok_r(NULL, "\n", &save)) {
            char c[12][64];
            /* | mean of N graphs | kernel | filter | T | filtered % | before | after | elems | */
            if (pf_md_cells(l, c, 12) < 8 || strncmp(c[0], "mean of", 7))
                continue;
            int k = !strcmp(c[1], "bfs") ? 0 : !strcmp(c[1], "sssp") ? 1 : 2;
            const char *paper = k == 1 ? "23 %" : k == 2 ? "79 %" : "-";
            char row[1024];
            snprintf(row, sizeof row, "%s|%s|%s|%s|%s|%s|%s|%s", c[3], c[1], c[2], c[4], c[5], c[6],
                     c[7], paper);
            fig_row(&f, row);
            filt[k][t] = atof(c[4]);
            after[k][t] = atof(c[6]);
            got = 1;
        }
        free(text);
        fig_ref(&f, r);
        if (!got) {
            char c[160], row[512];
            snprintf(row, sizeof row, "%u|%s||||||", pf_timeout_at(p, t),
                     cell(&f, r, NA, "", c, sizeof c));
            fig_row(&f, row);
        }
    }
    for (unsigned t = 0; t < pf_ntimeouts(p); t++) {
        bput(&d, "%u", pf_timeout_at(p, t));
        for (int k = 0; k < 3; k++) {
            bnum(&d, filt[k][t]);
            bnum(&d, after[k][t]);
        }
        bput(&d, "\n");
    }
    char body[4096];
    snprintf(body, sizeof body,
             "set multiplot layout 1,2 title 'iru_hash: TIMEOUT sensitivity, means over the "
             "graphs'\nset xlabel 'TIMEOUT (cycles)'\nset key inside top right font ',8'\n"
             "set yrange [0:*]\nset ylabel 'elements filtered (%%%%)'\n"
             "plot '%%1$s' using 0:2:xtic(1) with linespoints lw 2 title 'bfs', "
             "'%%1$s' using 0:4 with linespoints lw 2 title 'sssp', "
             "'%%1$s' using 0:6 with linespoints lw 2 title 'pagerank'\n"
             "set ylabel 'memory lines per warp after the IRU'\n"
             "plot '%%1$s' using 0:3:xtic(1) with linespoints lw 2 title 'bfs', "
             "'%%1$s' using 0:5 with linespoints lw 2 title 'sssp', "
             "'%%1$s' using 0:7 with linespoints lw 2 title 'pagerank'\nunset multiplot\n");
    int rc = fig_close(&f, NULL) || fig_plot(p, "iru_timeout", d.s, body, NULL);
    free(d.s);
    return rc;
}

/* The IRU partition's area (Table 1 beside the paper's 5.98 mm² at 32 nm):
 * the section `irhw area iru_hash` prints after the hash's own report
 * (area/iru_partition.c), its lines as they are. */
int fig_iru_area(pf *p)
{
    fig f;
    if (fig_open(p, &f, "iru_area", "IRU paper Table 1: the IRU partition's area",
                 "irhw area iru_hash: the partition's components priced (the hash, "
                 "its request FIFO, prefetch, classifier and ring buffers) beside the paper's "
                 "5.98 mm² per partition at 32 nm (CACTI).",
                 0))
        return -1;
    fig_head(&f, "what irhw area printed");
    if (p->quick) {
        fig_row(&f, "not run with --quick (a synthesis of iru_hash)");
    } else {
        int r = pf_area_run(p);
        char c[600];
        if (p->runs[r].state == RUN_PASS && p->runs[r].log) {
            char *save = NULL, *text = strdup(p->runs[r].log);
            int in = 0; /* inside the partition section: its title, then indented lines */
            for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l;
                 l = strtok_r(NULL, "\n", &save)) {
                if (!strncmp(l, "IRU partition (IRU paper Table 1)", 33))
                    in = 1;
                else if (in && l[0] != ' ')
                    in = 0;
                if (!in)
                    continue;
                for (char *x = l; *x; x++)
                    if (*x == '|')
                        *x = '/';
                fig_row(&f, l);
            }
            free(text);
            fig_ref(&f, r);
        } else {
            fig_row(&f, cell(&f, r, NA, "", c, sizeof c));
        }
    }
    return fig_close(&f, NULL);
}
