/*
 * report_int.h — what the files of the area report share: report_out.c
 * (text, tables, plots, a block's rows), report.c (the generic sections
 * and the report's frame) and report_paper.c (the papers' sections, which
 * report.c calls). Neither report.c nor report_paper.c calls the other's
 * helpers: both write through report_out.c.
 */
#ifndef IRHW_REPORT_INT_H
#define IRHW_REPORT_INT_H

#include "area.h"
#include "sweep.h"

typedef struct {
    FILE *html, *md; /* the streams of ohtml and omd */
    irhw_out *ohtml, *omd;
    char files_dir[4200], files_rel[512], work[4300];
    int nplots;
    char err[1024];
} rep;

#define MAX_SERIES 12
#define MAX_POINTS 256

#define MAX_MARKS 4

typedef struct {
    char title[160], xlabel[64], ylabel[64];
    int bars;    /* 1: one bar per point, labels on x */
    int stacked; /* 1: one bar per label, the series stacked in it (y[s][i]), 0..100 % */
    int logx;    /* lines: x on a log2 scale */
    int nmarks;  /* lines: vertical dashed lines at mark_x, labelled */
    double mark_x[MAX_MARKS];
    char mark_label[MAX_MARKS][128];
    int nseries;
    char sname[MAX_SERIES][160];
    int npts[MAX_SERIES];
    double x[MAX_SERIES][MAX_POINTS], y[MAX_SERIES][MAX_POINTS];
    char label[MAX_POINTS][64]; /* bars: the x labels of series 0 */
} plot;

typedef struct {
    const irhw_sweep_row **v;
    int n;
} rowset;

/* ---- report_out.c ---- */
void rep_html_text(FILE *f, const char *s);
/* Markdown text with its units as µm² and mm² (rep_html_text does the same). */
void rep_md_text(FILE *f, const char *s);
/* A heading or line in both files: <tag> in HTML, md_prefix in Markdown. */
void rep_both(rep *r, const char *html_fmt_tag, const char *md_prefix, const char *text);
void rep_para(rep *r, const char *text);
/* A table: header and rows are cells separated by '|'. */
void rep_table_start(rep *r, const char *header);
void rep_table_row(rep *r, const char *cells);
void rep_table_end(rep *r);
/* The index of series `name` in p, added if new; -1 when p is full. */
int rep_series_of(plot *p, const char *name);
void rep_add_point(plot *p, const char *series, double x, double y);
/* The plot by gnuplot: inline SVG in the HTML, a file beside the Markdown. */
int rep_emit_plot(rep *r, const plot *p);
/* The rows of one block (with an area result when need_area); v malloc'd. */
rowset rep_rows_of(const irhw_sweep_row *rows, int n, const char *block, int need_area);
/* Does parameter `name` take more than one value in the set? */
int rep_varies(const rowset *s, const char *name);
/* The other varying parameters of a row, as a series name ("STORAGE=sram"). */
void rep_series_name(const irhw_block *b, const rowset *s, const irhw_sweep_row *r, const char *x,
                     char *buf, size_t len);
/* "NAME=value NAME=value" of a row. */
void rep_config_text(const irhw_sweep_row *r, char *buf, size_t len);
/* The row a block is represented by: its default configuration if present,
 * else its first area row; NULL: none. */
/* 1 if row is the block's default configuration, the papers' one; else 0
 * and the first default it lacks ("ENTRIES=32") in gap. */
int rep_at_defaults(const irhw_sweep_row *row, const irhw_block *b, char *gap, size_t len);
const irhw_sweep_row *rep_representative(const irhw_sweep_row *rows, int n, const irhw_block *b);

/* ---- report_paper.c ---- */
/* The blocks' own sections, the paper comparison and the GPU-level total. */
int rep_paper_sections(rep *r, const irhw_sweep_row *rows, int n);

#endif
