/*
 * report_paper.c — the papers' sections of the area report (report.c):
 * what a block's description asks for in its `report` field ("crossover":
 * flops against SRAM; "networks": the sorting networks side by side), the
 * paper comparison of every block (its `paper_area` and its own notes) and
 * the GPU-level total (each block `gpu_count` times, the figures "regfile"
 * and "iru").
 *
 * GPU-level assumptions (stated in the report): 16 cores (a GTX 980, the IRU
 * paper's GPU) of 16 lanes, each block as many times as its description's
 * gpu_count. The paper's percentages: the banks are 2.5 % of a 64 KB
 * register file (hwwl §V-B); the IRU is 5.6 % of a GTX 980, 4 x 5.98 mm² at
 * 32 nm (IRU paper); every share of the GPU is irhw_gpu_share_text's
 * (model/core.c).
 */
#include "report_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define GPU_CORES 16
#define GPU_LANES 16
#define GPU_MAX_BLOCKS 16

/* A line of the "Not in this report" list: what a section needs. */
static void need(char *missing, size_t len, const char *text)
{
    size_t o = strlen(missing);
    snprintf(missing + o, o < len ? len - o : 0, "%s\n", text);
}

/* ---- "crossover": flops against SRAM ---- */

/* STORAGE=flops against STORAGE=sram over ENTRIES, a series per ID_BITS,
 * the first ENTRIES where SRAM is smaller marked. */
static int crossover_section(rep *r, const irhw_sweep_row *rows, int n, const irhw_block *b,
                             char *missing, size_t mlen)
{
    rowset s = rep_rows_of(rows, n, b->name, 1);
    char text[400];
    if (!s.v)
        return irhw_err(r->err, sizeof r->err, "out of memory");
    plot *p = calloc(1, sizeof *p);
    int rc = 0, have_f = 0, have_s = 0;
    snprintf(p->title, sizeof p->title, "%s: flip-flops against SRAM macro", b->name);
    snprintf(p->xlabel, sizeof p->xlabel, "ENTRIES");
    snprintf(p->ylabel, sizeof p->ylabel, "total area (µm²)");
    for (int i = 0; i < s.n; i++) {
        const char *st = irhw_row_param(s.v[i], "STORAGE"), *e = irhw_row_param(s.v[i], "ENTRIES");
        const char *w = irhw_row_param(s.v[i], "ID_BITS");
        if (!st || !e || !w)
            continue;
        char sn[64];
        snprintf(sn, sizeof sn, "%s, ID_BITS=%s", st, w);
        rep_add_point(p, sn, atof(e), s.v[i]->total_um2);
        have_f |= !strcmp(st, "flops");
        have_s |= !strcmp(st, "sram");
    }
    if (!have_f || !have_s) {
        snprintf(text, sizeof text,
                 "%s: the flops/SRAM crossover needs area results with both STORAGE=flops and "
                 "STORAGE=sram, e.g. irhw sweep %s -p ENTRIES=8,16,32,64,128 -p "
                 "STORAGE=flops,sram --do area",
                 b->name, b->name);
        need(missing, mlen, text);
        free(p);
        free(s.v);
        return 0;
    }
    snprintf(text, sizeof text, "%s: the flops/SRAM crossover", b->name);
    rep_both(r, "h2", "## ", text);
    snprintf(p->xlabel, sizeof p->xlabel, "ENTRIES (log scale)");
    p->logx = 1;
    /* for every ID_BITS: the first ENTRIES where SRAM is smaller than flops,
     * marked on the plot */
    char lines[MAX_SERIES][1024];
    int nlines = 0;
    for (int si = 0; si < p->nseries; si++) {
        if (strncmp(p->sname[si], "flops,", 6))
            continue;
        const char *w = strstr(p->sname[si], "ID_BITS=") + 8;
        char other[64];
        snprintf(other, sizeof other, "sram, ID_BITS=%s", w);
        int so = -1;
        for (int k = 0; k < p->nseries; k++)
            if (!strcmp(p->sname[k], other))
                so = k;
        if (so < 0)
            continue;
        char cross[64] = "none in the range (flops smaller throughout)", ratio[64] = "-";
        char list[512] = "";
        size_t o = 0;
        int ncmp = 0, ncmp_first = 0;
        for (int i = 0; i < p->npts[si]; i++)
            for (int j = 0; j < p->npts[so]; j++)
                if (p->x[so][j] == p->x[si][i]) {
                    ncmp++;
                    o += (size_t)snprintf(list + o, o < sizeof list ? sizeof list - o : 0, "%s%.0f",
                                          o ? "," : "", p->x[si][i]);
                    if (!strncmp(cross, "none", 4) && p->y[so][j] < p->y[si][i]) {
                        /* smaller already at the smallest compared: at or below it */
                        snprintf(cross, sizeof cross, "%.0f%s", p->x[si][i],
                                 ncmp == 1 ? " (or below: the smallest compared)" : "");
                        ncmp_first = ncmp == 1;
                        snprintf(ratio, sizeof ratio, "%.2f", p->y[si][i] / p->y[so][j]);
                    }
                }
        snprintf(lines[nlines++], sizeof lines[0], "%s|%s|%s|%s", w, list, cross, ratio);
        if (strncmp(cross, "none", 4) && p->nmarks < MAX_MARKS) {
            p->mark_x[p->nmarks] = atof(cross);
            snprintf(p->mark_label[p->nmarks++], sizeof p->mark_label[0],
                     "crossover: SRAM smaller from %.0f%s (ID_BITS=%s)", atof(cross),
                     ncmp_first ? " or below" : "", w);
        }
    }
    rc = rep_emit_plot(r, p);
    rep_table_start(r, "ID_BITS|ENTRIES compared|SRAM smaller from ENTRIES|flops / SRAM there");
    for (int i = 0; i < nlines; i++)
        rep_table_row(r, lines[i]);
    rep_table_end(r);
    free(p);
    free(s.v);
    return rc;
}

/* ---- "networks": the NETWORK choices side by side ---- */

/* The block's name in capitals (titles: "WRU"). */
static void upper(const char *s, char *buf, size_t len)
{
    size_t i = 0;
    for (; s[i] && i + 1 < len; i++)
        buf[i] = (char)toupper((unsigned char)s[i]);
    buf[i] = 0;
}

static int networks_section(rep *r, const irhw_sweep_row *rows, int n, const irhw_block *b,
                            char *missing, size_t mlen)
{
    rowset s = rep_rows_of(rows, n, b->name, 1);
    char up[64], text[400];
    upper(b->name, up, sizeof up);
    if (!s.v || !rep_varies(&s, "NETWORK")) {
        snprintf(text, sizeof text,
                 "%s: the sorting networks side by side need area results for several networks, "
                 "e.g. irhw sweep %s -p NETWORK=best,bestdepth,oddeven,bitonic --do area",
                 up, b->name);
        need(missing, mlen, text);
        free(s.v);
        return 0;
    }
    snprintf(text, sizeof text, "%s: the sorting networks side by side", up);
    rep_both(r, "h2", "## ", text);
    plot *p = calloc(2, sizeof *p);
    snprintf(p[0].title, sizeof p[0].title, "%s area by sorting network", up);
    snprintf(p[0].ylabel, sizeof p[0].ylabel, "area (µm²)");
    snprintf(p[1].title, sizeof p[1].title, "%s critical path by sorting network", up);
    snprintf(p[1].ylabel, sizeof p[1].ylabel, "critical path (ns)");
    p[0].bars = p[1].bars = 1;
    rep_table_start(r, "configuration|area um2|critical path ns|library");
    for (int i = 0; i < s.n && i < MAX_POINTS; i++) {
        const irhw_sweep_row *row = s.v[i];
        char label[160], cfg[1024], line[1400], cp[32] = "-";
        /* the network, and the other parameters that vary (LANES=8) */
        char others[160];
        const char *net = irhw_row_param(row, "NETWORK");
        rep_series_name(b, &s, row, "NETWORK", others, sizeof others);
        snprintf(label, sizeof label, "%s%s%s", net ? net : "?",
                 strcmp(others, row->block) ? " " : "", strcmp(others, row->block) ? others : "");
        for (int k = 0; k < 2; k++) {
            snprintf(p[k].label[i], sizeof p[k].label[0], "%s", label);
            snprintf(p[k].sname[0], sizeof p[k].sname[0], "%s", b->name);
            p[k].nseries = 1;
            p[k].x[0][i] = i;
            p[k].npts[0] = i + 1;
        }
        p[0].y[0][i] = row->total_um2;
        p[1].y[0][i] = row->have_sta ? row->crit_ns : 0;
        rep_config_text(row, cfg, sizeof cfg);
        if (row->have_sta)
            snprintf(cp, sizeof cp, "%.3f", row->crit_ns);
        snprintf(line, sizeof line, "%s|%.0f|%s|%s", cfg, row->total_um2, cp, row->library);
        rep_table_row(r, line);
    }
    rep_table_end(r);
    int rc = rep_emit_plot(r, &p[0]) || rep_emit_plot(r, &p[1]);
    free(p);
    free(s.v);
    return rc;
}

/* ---- paper comparison and GPU total ---- */

static const char *paper_figure(const irhw_block *b)
{
    return b->paper_area ? b->paper_area : "none (not a paper block)";
}

/* Every block with an area result against its paper's figure, at the
 * paper's configuration (the block's defaults) only; the blocks without a
 * result named in one line. */
static void paper_section(rep *r, const irhw_sweep_row *rows, int n, char *missing, size_t mlen)
{
    char none[1024] = "";
    size_t no = 0;
    int shown = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_sweep_row *row = rep_representative(rows, n, *bp);
        if (!row) {
            no += (size_t)snprintf(none + no, no < sizeof none ? sizeof none - no : 0, "%s%s",
                                   no ? ", " : "", (*bp)->name);
            continue;
        }
        if (!shown++) {
            rep_both(r, "h2", "## ", "Paper comparison");
            rep_para(r, "Each block at its representative configuration: its defaults (the "
                        "papers' configuration) when the results have them, else its first "
                        "result, which is not compared.");
            rep_table_start(r, "block|paper figure|ours (total um2, storage bits)|configuration|"
                               "library|node");
        }
        char line[4096], cfg[1024], ours[128], gap[128];
        rep_config_text(row, cfg, sizeof cfg);
        if (rep_at_defaults(row, *bp, gap, sizeof gap))
            snprintf(ours, sizeof ours, "%.0f um2, %llu b", row->total_um2,
                     (unsigned long long)row->storage_bits);
        else
            snprintf(ours, sizeof ours, "n/a — the results lack %s", gap);
        snprintf(line, sizeof line, "%s|%s|%s|%s|%s|%s", (*bp)->name, paper_figure(*bp), ours, cfg,
                 row->library, row->node);
        rep_table_row(r, line);
    }
    if (!shown) {
        need(missing, mlen, "Paper comparison: needs an area result of some block");
        return;
    }
    rep_table_end(r);
    if (no) {
        char text[1200];
        snprintf(text, sizeof text, "No area result, so not compared: %s.", none);
        rep_para(r, text);
    }
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_sweep_row *row = rep_representative(rows, n, *bp);
        char gap[128];
        if (!row || !row->nnotes || !rep_at_defaults(row, *bp, gap, sizeof gap))
            continue;
        char h[128];
        snprintf(h, sizeof h, "%s: the block's comparison notes", (*bp)->name);
        rep_both(r, "h3", "### ", h);
        fputs("<ul>\n", r->html);
        for (int i = 0; i < row->nnotes; i++) {
            fputs("<li>", r->html);
            rep_html_text(r->html, row->notes[i].text);
            fputs("</li>\n", r->html);
            fputs("- ", r->md);
            rep_md_text(r->md, row->notes[i].text);
            fputs("\n", r->md);
        }
        fputs("</ul>\n", r->html);
        fputs("\n", r->md);
    }
}

/* The IRU partition of the IRU paper's Table 1 around the representative
 * result of the block with the "iru" figure (area/iru_partition.c). */
static void iru_partition_table(rep *r, const irhw_sweep_row *row)
{
    irhw_iru_partition p;
    char err[256], text[1024];
    rep_both(r, "h3", "### ", "IRU partition (IRU paper Table 1)");
    if (irhw_iru_partition_price(row->total_um2, row->sram_um2, row->node, &p, err, sizeof err)) {
        snprintf(text, sizeof text, "n/a: %s", err);
        rep_para(r, text);
        return;
    }
    snprintf(text, sizeof text,
             "Each buffer one single-port SRAM macro of the SRAM model at %.0f nm; the hash the "
             "synthesized %s (SRAM %.0f um2 + logic %.0f um2); scaled to 32 nm by "
             "(32/%.0f)^2 = %.3f. Per bit of Table 1 at 32 nm: paper %.2f um2, ours %.3f um2.",
             p.node_nm, row->block, p.hash_sram_um2, p.hash_logic_um2, p.node_nm, p.scale,
             p.paper_um2_per_bit, p.ours_um2_per_bit);
    rep_para(r, text);
    rep_table_start(r, "line|paper|priced as|um2|mm2 at 32 nm|what CACTI prices differently");
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++) {
        const irhw_iru_part_line *l = &p.line[i];
        char as[160];
        if (l->words)
            snprintf(as, sizeof as, "%u x %u b, 1rw (%s)", l->words, l->width, l->org);
        else
            snprintf(as, sizeof as, "%s", l->org);
        snprintf(text, sizeof text, "%s|%.1f KB|%s|%.0f|%.3f|%s", l->what, l->paper_kb, as, l->um2,
                 l->mm2_32nm, l->cacti);
        rep_table_row(r, text);
    }
    snprintf(text, sizeof text, "partition|%.1f KB|-|%.0f|%.3f|paper: %.2f mm2 (CACTI), %.1fx ours",
             p.paper_kb, p.total_um2, p.total_mm2_32nm, IRHW_IRU_PAPER_PART_MM2,
             IRHW_IRU_PAPER_PART_MM2 / p.total_mm2_32nm);
    rep_table_row(r, text);
    rep_table_end(r);
}

/* The blocks of the papers' GPU (gpu_count above 0) in the order of
 * their gpu_rank; how many. */
static int gpu_blocks(const irhw_block **v, int max)
{
    int k = 0;
    for (unsigned rank = 1; rank <= 64 && k < max; rank++)
        for (const irhw_block *const *bp = irhw_blocks; *bp && k < max; bp++)
            if ((*bp)->gpu_count && (*bp)->gpu_rank == rank)
                v[k++] = *bp;
    return k;
}

/* The GPU's blocks, each the number of times the GPU holds it. */
typedef struct {
    const irhw_block *b[GPU_MAX_BLOCKS];
    const irhw_sweep_row *row[GPU_MAX_BLOCKS]; /* representative; NULL: none */
    double um2[GPU_MAX_BLOCKS];                /* gpu_count x the row's area */
    int n, complete;                           /* complete: every block has an area result */
    double total, node;
    const char *node_text;
} gpu_parts;

/* The GPU's blocks with an area result, each at its representative
 * configuration; the total only when every block has one (a total of some
 * blocks is not the GPU's). */
static void gpu_table(rep *r, const irhw_sweep_row *rows, int n, gpu_parts *g)
{
    char text[1024], absent[512] = "";
    size_t o = (size_t)snprintf(text, sizeof text,
                                "Assumed GPU: %d cores (a GTX 980, the IRU paper's GPU), %d lanes "
                                "per core; each block the table's count of times (",
                                GPU_CORES, GPU_LANES);
    for (int i = 0; i < g->n && o < sizeof text; i++)
        o += (size_t)snprintf(text + o, sizeof text - o, "%s%s: %s", i ? "; " : "", g->b[i]->name,
                              g->b[i]->gpu_as ? g->b[i]->gpu_as : "");
    snprintf(text + o, o < sizeof text ? sizeof text - o : 0,
             "). Each block at its representative configuration: its defaults when the "
             "results have them, else its first result (the configuration column).");
    rep_para(r, text);
    rep_table_start(r, "block|count|each um2|total mm2|configuration");
    int have = 0;
    size_t ao = 0;
    for (int i = 0; i < g->n; i++) {
        const irhw_block *b = g->b[i];
        const irhw_sweep_row *row = g->row[i] = rep_representative(rows, n, b);
        char line[2048], cfg[1024];
        if (!row) {
            ao += (size_t)snprintf(absent + ao, ao < sizeof absent ? sizeof absent - ao : 0, "%s%s",
                                   ao ? ", " : "", b->name);
            continue;
        }
        have++;
        rep_config_text(row, cfg, sizeof cfg);
        g->um2[i] = b->gpu_count * row->total_um2;
        g->total += g->um2[i];
        if (!g->node_text) {
            g->node_text = row->node;
            g->node = irhw_node_nm(row->node);
        }
        snprintf(line, sizeof line, "%s|%u|%.0f|%.3f|%s", b->name, b->gpu_count, row->total_um2,
                 g->um2[i] * 1e-6, cfg);
        rep_table_row(r, line);
    }
    g->complete = have == g->n;
    if (g->complete)
        snprintf(text, sizeof text, "all|-|-|%.3f|-", g->total * 1e-6);
    else
        snprintf(text, sizeof text, "all|-|-|n/a — no area result of %s|-", absent);
    rep_table_row(r, text);
    rep_table_end(r);
}

/* The GPU block whose report field names the figure, or -1. */
static int gpu_figure(const gpu_parts *g, const char *figure)
{
    for (int i = 0; i < g->n; i++)
        if (irhw_block_has(g->b[i]->report, figure))
            return i;
    return -1;
}

/* "regfile": the banks of one core against a 64 KB register file. */
static void regfile_line(rep *r, const gpu_parts *g, int i)
{
    char text[1024];
    const irhw_sweep_row *row = g->row[i];
    double per_core = (double)g->b[i]->gpu_count / GPU_CORES;
    char gap[128];
    if (row && !rep_at_defaults(row, g->b[i], gap, sizeof gap)) {
        snprintf(text, sizeof text,
                 "banks of one core / a 64 KB register file|2.5 %% (bits)|n/a — the results "
                 "lack %s",
                 gap);
    } else if (row && g->node > 0) {
        double rf_um2 = irhw_sram_area_um2(16384, 32, (unsigned)g->node);
        snprintf(text, sizeof text,
                 "banks of one core / a 64 KB register file|2.5 %% (bits)|%.2f %% (bits); %.1f %% "
                 "(area: %.0f banks against a 16,384 x 32 b SRAM macro of the SRAM model, %.0f "
                 "um2, same node)",
                 100 * per_core * (double)row->storage_bits / (64.0 * 1024 * 8),
                 g->um2[i] / GPU_CORES / rf_um2 * 100, per_core, rf_um2);
    } else
        snprintf(text, sizeof text,
                 "banks of one core / a 64 KB register file|2.5 %% (bits)|n/a (no %s area result)",
                 g->b[i]->name);
    rep_table_row(r, text);
}

/* "iru": the IRU's share of the GPU, the hash alone and with the buffers. */
static void iru_lines(rep *r, const gpu_parts *g, int i)
{
    char text[1024], share[256], none[128], err[256];
    const irhw_sweep_row *row = g->row[i];
    unsigned parts = g->b[i]->gpu_count;
    snprintf(none, sizeof none, "no %s area result", g->b[i]->name);
    if (row)
        irhw_gpu_share_text(share, sizeof share, g->um2[i], row->node);
    else
        snprintf(share, sizeof share, "n/a (%s)", none);
    snprintf(text, sizeof text, "IRU (%u partitions, hash only) / GPU|5.6 %%|%s", parts, share);
    rep_table_row(r, text);
    irhw_iru_partition p;
    if (row &&
        !irhw_iru_partition_price(row->total_um2, row->sram_um2, row->node, &p, err, sizeof err))
        irhw_gpu_share_text(share, sizeof share, parts * p.total_um2, row->node);
    else
        snprintf(share, sizeof share, "n/a (%s)", row ? err : none);
    snprintf(text, sizeof text,
             "IRU (%u partitions, Table 1 estimate: hash and buffers) / GPU|5.6 %%|%s", parts,
             share);
    rep_table_row(r, text);
}

static void gpu_section(rep *r, const irhw_sweep_row *rows, int n)
{
    rep_both(r, "h2", "## ", "GPU-level total");
    gpu_parts g;
    memset(&g, 0, sizeof g);
    g.n = gpu_blocks(g.b, GPU_MAX_BLOCKS);
    gpu_table(r, rows, n, &g);
    /* every share of the GPU below is irhw_gpu_share_text's: a block without
     * an area result (or of an unknown node) has none, n/a, never 0 % */
    char share[256], text[512];
    int rf = gpu_figure(&g, "regfile"), iru = gpu_figure(&g, "iru");
    rep_table_start(r, "figure|paper|ours");
    if (rf >= 0)
        regfile_line(r, &g, rf);
    if (iru >= 0)
        iru_lines(r, &g, iru);
    if (g.complete)
        irhw_gpu_share_text(share, sizeof share, g.total, g.node_text);
    else
        snprintf(share, sizeof share, "n/a — not every block has an area result");
    snprintf(text, sizeof text, "all blocks above / GPU|-|%s", share);
    rep_table_row(r, text);
    rep_table_end(r);
    if (iru >= 0 && g.row[iru])
        iru_partition_table(r, g.row[iru]);
}

/* ---- the sections ---- */

int rep_paper_sections(rep *r, const irhw_sweep_row *rows, int n)
{
    int rc = 0;
    char missing[4096] = ""; /* sections left out, each with what it needs */
    for (const irhw_block *const *bp = irhw_blocks; *bp && !rc; bp++)
        if (irhw_block_has((*bp)->report, "crossover"))
            rc = crossover_section(r, rows, n, *bp, missing, sizeof missing);
    for (const irhw_block *const *bp = irhw_blocks; *bp && !rc; bp++)
        if (irhw_block_has((*bp)->report, "networks"))
            rc = networks_section(r, rows, n, *bp, missing, sizeof missing);
    if (!rc) {
        paper_section(r, rows, n, missing, sizeof missing);
        gpu_section(r, rows, n);
    }
    if (!rc && missing[0]) {
        rep_both(r, "h2", "## ", "Not in this report");
        fputs("<ul>\n", r->html);
        for (char *l = missing, *e; l && *l; l = e ? e + 1 : NULL) {
            if ((e = strchr(l, '\n')))
                *e = 0;
            fputs("<li>", r->html);
            rep_html_text(r->html, l);
            fputs("</li>\n", r->html);
            fputs("- ", r->md);
            rep_md_text(r->md, l);
            fputs("\n", r->md);
        }
        fputs("</ul>\n", r->html);
        fputs("\n", r->md);
    }
    return rc;
}
