/*
 * paper_figs_out.c — what every figure of `irhw paper-figs` writes:
 * OUT/<id>.md (the table, the paper's numbers beside ours, and the command
 * of every run with its number), OUT/<id>.tsv (the table, for irhw report)
 * and OUT/<id>.svg (gnuplot; script and data beside it), listed in
 * OUT/figures.txt.
 */
#include "paper_figs.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void cmd_text(const fig_run *r, char *buf, size_t len)
{
    snprintf(buf, len, "irhw %s", r->args);
    for (char *c = buf; *c; c++)
        if (*c == '\t')
            *c = ' ';
}

int fig_open(pf *p, fig *f, const char *id, const char *title, const char *caption, int has_svg)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    f->id = id;
    char path[4400];
    snprintf(path, sizeof path, "%s/%s.md", p->out, id);
    if (!(f->md = irhw_out_open(path, p->err, sizeof p->err)))
        return -1;
    snprintf(path, sizeof path, "%s/%s.tsv", p->out, id);
    if (!(f->tsv = irhw_out_open(path, p->err, sizeof p->err))) {
        irhw_out_abort(f->md);
        return -1;
    }
    irhw_out_printf(f->md, "# %s\n\n", title);
    if (p->quick)
        irhw_out_printf(f->md, "**%s**\n\n", PF_SMOKE_BANNER);
    irhw_out_printf(f->md, "%s\n\n", caption);
    if (has_svg)
        irhw_out_printf(f->md, "![%s](%s.svg)\n\n", title, id);
    irhw_out_printf(p->figs, "fig\t%s\t%d\t%s\t%s%s%s\n", id, has_svg, title,
                    p->quick ? PF_SMOKE_BANNER : "", p->quick ? " " : "", caption);
    return 0;
}

/* Uses run i; its cell text ("n/a — needs ..." unless it ran) into buf. */
void fig_ref(fig *f, int i)
{
    for (int k = 0; k < f->nrefs; k++)
        if (f->refs[k] == i)
            return;
    if (f->nrefs < PF_MAX_RUNS)
        f->refs[f->nrefs++] = i;
}

/* The cell of a run's number: the value, or why there is none. */
const char *cell(fig *f, int i, double v, const char *fmt, char *buf, size_t len)
{
    fig_ref(f, i);
    const fig_run *r = &f->p->runs[i];
    if (r->state == RUN_NA && r->needs)
        snprintf(buf, len, "n/a — needs %s", r->needs);
    else if (r->state == RUN_NA)
        snprintf(buf, len, "n/a — bad input");
    else if (r->state == RUN_MISMATCH)
        snprintf(buf, len, "mismatch");
    else if (r->state == RUN_SPILLED)
        snprintf(buf, len, "%s", r->reason);
    else if (r->state == RUN_ERROR)
        snprintf(buf, len, "error");
    else if (v == NA)
        snprintf(buf, len, "n/a");
    else
        snprintf(buf, len, fmt, v);
    return buf;
}

void fig_head(fig *f, const char *cols)
{
    fig_row(f, cols);
    irhw_out_printf(f->md, "|");
    for (const char *c = cols; c; c = strchr(c + 1, '|'))
        irhw_out_printf(f->md, " --- |");
    irhw_out_printf(f->md, "\n");
}

/* A row of cells separated by '|': into the .tsv as it is, into the .md
 * as a Markdown table row. */
void fig_row(fig *f, const char *cells)
{
    irhw_out_printf(f->tsv, "%s\n", cells);
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", cells);
    irhw_out_printf(f->md, "| ");
    for (char *c = buf; *c; c++)
        if (*c == '|')
            irhw_out_printf(f->md, " | ");
        else
            irhw_out_printf(f->md, "%c", *c);
    irhw_out_printf(f->md, " |\n");
}

/* The runs behind the figure, each with its command and number; commits. */
int fig_close(fig *f, const char *note)
{
    pf *p = f->p;
    if (note && *note)
        irhw_out_printf(f->md, "\n%s\n", note);
    irhw_out_printf(f->md,
                    "\nThe runs (each number above comes from one of them; `@RUN@` is the "
                    "run's folder %s/runs/<key>):\n\n",
                    p->out);
    for (int k = 0; k < f->nrefs; k++) {
        const fig_run *r = &p->runs[f->refs[k]];
        char cmd[1200];
        cmd_text(r, cmd, sizeof cmd);
        if (r->state == RUN_PASS && r->cycles != NA && r->insts != NA)
            irhw_out_printf(f->md, "- `%s` → %.0f cycles, %.0f instructions (runs/%s)\n", cmd,
                            r->cycles, r->insts, r->key);
        else if (r->state == RUN_PASS && r->cycles != NA)
            irhw_out_printf(f->md, "- `%s` → %.0f cycles (runs/%s)\n", cmd, r->cycles, r->key);
        else if (r->state == RUN_PASS)
            irhw_out_printf(f->md, "- `%s` (runs/%s)\n", cmd, r->key);
        else
            irhw_out_printf(f->md, "- `%s` → %s: %s\n", cmd,
                            r->state == RUN_NA && r->needs ? "n/a, needs"
                            : r->state == RUN_SPILLED      ? "not unbounded"
                                                           : "failed",
                            r->state == RUN_NA && r->needs ? r->needs : r->reason);
    }
    if (irhw_out_commit(f->tsv, p->err, sizeof p->err)) {
        irhw_out_abort(f->md);
        return -1;
    }
    return irhw_out_commit(f->md, p->err, sizeof p->err);
}

/* A gnuplot SVG: a histogram (rows "label v1 v2 ...", '?' for a missing
 * value) or lines (x y per series, blank lines between). An empty data
 * set draws the note instead. */
int fig_plot(pf *p, const char *id, const char *data, const char *body, const char *note)
{
    char svg[4400], script[8192];
    snprintf(svg, sizeof svg, "%s/%s.svg", p->out, id);
    if (!data || !*data || (note && *note)) {
        snprintf(script, sizeof script,
                 "unset border\nunset tics\nunset key\nset xrange [0:1]\nset yrange [0:1]\n"
                 "set label 1 '%s' at 0.5,0.5 center\nplot -1 notitle\n",
                 note && *note ? note : "no data");
        return irhw_gnuplot_svg(svg, "# no data\n", script, p->err, sizeof p->err);
    }
    /* --quick: the banner across the plot, so a copied figure keeps it */
    snprintf(script, sizeof script, "set datafile missing '?'\nset termoption noenhanced\n%s%s%s%s",
             p->quick ? "set label 99 '" : "", p->quick ? PF_SMOKE_BANNER : "",
             p->quick ? "' at screen 0.5,0.04 center front textcolor rgb 'red'\n" : "", body);
    return irhw_gnuplot_svg(svg, data, script, p->err, sizeof p->err);
}

void bput(buf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if (b->n + (size_t)k + 1 > b->cap) {
        size_t cap = (b->n + (size_t)k + 1) * 2;
        char *t = realloc(b->s, cap);
        if (!t)
            return;
        b->s = t;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

int pf_md_cells(const char *line, char c[][64], int max)
{
    int n = 0;
    const char *s = strchr(line, '|');
    while (s && n < max) {
        const char *e = strchr(s + 1, '|');
        if (!e)
            break;
        const char *a = s + 1;
        while (a < e && (*a == ' ' || *a == '*'))
            a++;
        const char *b = e;
        while (b > a && (b[-1] == ' ' || b[-1] == '*'))
            b--;
        snprintf(c[n++], 64, "%.*s", (int)(b - a), a);
        s = e;
    }
    return n;
}

void bnum(buf_t *b, double v)
{
    if (v == NA || isnan(v))
        bput(b, " ?");
    else
        bput(b, " %.4g", v);
}

double cyc(const pf *p, int i)
{
    return i >= 0 && p->runs[i].state == RUN_PASS ? p->runs[i].cycles : NA;
}

double insts(const pf *p, int i)
{
    return i >= 0 && p->runs[i].state == RUN_PASS ? p->runs[i].insts : NA;
}

double ratio(double a, double b)
{
    return a == NA || b == NA || b <= 0 ? NA : a / b;
}

double best(double a, double b)
{
    return a == NA ? b : b == NA ? a : a < b ? a : b;
}

const char *best_name(const pf *p, int topo, int swwl)
{
    double t = cyc(p, topo), s = cyc(p, swwl);
    return t == NA && s == NA ? "n/a" : s == NA || (t != NA && t <= s) ? "topo" : "swwl";
}

/* A histogram script: nseries columns from column 2, titles given. */
void hist_script(char *buf, size_t len, const char *title, const char *ylabel,
                 const char *const *names, int n)
{
    int k = snprintf(buf, len,
                     "set title '%s'\nset ylabel '%s'\nset style data histograms\n"
                     "set style histogram clustered gap 1\nset style fill solid 0.7 border -1\n"
                     "set xtics rotate by -30\nset yrange [0:*]\nset key outside right\nplot ",
                     title, ylabel);
    for (int s = 0; s < n && k > 0 && (size_t)k < len; s++)
        k += snprintf(buf + k, len - (size_t)k, "%s'%%1$s' using %d%s title '%s'", s ? ", " : "",
                      s + 2, s ? "" : ":xtic(1)", names[s]);
    if (k > 0 && (size_t)k < len)
        snprintf(buf + k, len - (size_t)k, "\n");
}
