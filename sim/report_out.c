/*
 * report_out.c — the area report's writing helpers (report_int.h): text
 * in both files, tables, gnuplot plots, the rows of one block and its
 * representative row. report.c and report_paper.c write through them.
 */
#include "report_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- small text helpers ---- */

static int word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The unit written as a word at s ("um2", "mm2"), as its length, its
 * proper sign in *sign; 0 if there is none. One unit in the whole report:
 * the results' and the blocks' own texts say um2. */
static size_t unit_at(const char *s, const char *start, const char **sign)
{
    static const char *const word[] = {"um2", "mm2"}, *const proper[] = {"µm²", "mm²"};
    int digit_before = s > start && s[-1] >= '0' && s[-1] <= '9';
    if (s > start && word_char(s[-1]) && !digit_before)
        return 0;
    for (int i = 0; i < 2; i++)
        if (!strncmp(s, word[i], 3) && !word_char(s[3])) {
            *sign = proper[i];
            return 3;
        }
    return 0;
}

/* Text with its units as µm² and mm², HTML-escaped when html. */
static void put_text(FILE *f, const char *s, int html)
{
    for (const char *p = s; *p; p++) {
        const char *sign;
        size_t n = unit_at(p, s, &sign);
        if (n) {
            fputs(sign, f);
            p += n - 1;
        } else if (html && *p == '<')
            fputs("&lt;", f);
        else if (html && *p == '>')
            fputs("&gt;", f);
        else if (html && *p == '&')
            fputs("&amp;", f);
        else
            fputc(*p, f);
    }
}

void rep_html_text(FILE *f, const char *s)
{
    put_text(f, s, 1);
}

void rep_md_text(FILE *f, const char *s)
{
    put_text(f, s, 0);
}

void rep_both(rep *r, const char *html_fmt_tag, const char *md_prefix, const char *text)
{
    fprintf(r->html, "<%s>", html_fmt_tag);
    rep_html_text(r->html, text);
    fprintf(r->html, "</%s>\n", html_fmt_tag);
    fputs(md_prefix, r->md);
    rep_md_text(r->md, text);
    fputs("\n\n", r->md);
}

void rep_para(rep *r, const char *text)
{
    rep_both(r, "p", "", text);
}

/* A table: header cells separated by '|', then rows the same way. */
void rep_table_start(rep *r, const char *header)
{
    fputs("<table><tr>", r->html);
    char buf[2048], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", header);
    fputs("|", r->md);
    for (char *c = strtok_r(buf, "|", &save); c; c = strtok_r(NULL, "|", &save), n++) {
        fputs("<th>", r->html);
        rep_html_text(r->html, c);
        fputs("</th>", r->html);
        fputc(' ', r->md);
        rep_md_text(r->md, c);
        fputs(" |", r->md);
    }
    fputs("</tr>\n", r->html);
    fputs("\n|", r->md);
    for (int i = 0; i < n; i++)
        fputs(" --- |", r->md);
    fputs("\n", r->md);
}

void rep_table_row(rep *r, const char *cells)
{
    fputs("<tr>", r->html);
    fputs("|", r->md);
    const char *p = cells;
    for (;;) {
        const char *e = strchr(p, '|');
        int n = e ? (int)(e - p) : (int)strlen(p);
        char c[1024];
        snprintf(c, sizeof c, "%.*s", n, p);
        fputs("<td>", r->html);
        rep_html_text(r->html, c);
        fputs("</td>", r->html);
        fputc(' ', r->md);
        rep_md_text(r->md, c);
        fputs(" |", r->md);
        if (!e)
            break;
        p = e + 1;
    }
    fputs("</tr>\n", r->html);
    fputs("\n", r->md);
}

void rep_table_end(rep *r)
{
    fputs("</table>\n", r->html);
    fputs("\n", r->md);
}

/* ---- plots (gnuplot -> SVG, inlined) ---- */

int rep_series_of(plot *p, const char *name)
{
    for (int i = 0; i < p->nseries; i++)
        if (!strcmp(p->sname[i], name))
            return i;
    if (p->nseries == MAX_SERIES)
        return -1;
    snprintf(p->sname[p->nseries], sizeof p->sname[0], "%s", name);
    return p->nseries++;
}

void rep_add_point(plot *p, const char *series, double x, double y)
{
    int s = rep_series_of(p, series);
    if (s < 0 || p->npts[s] == MAX_POINTS)
        return;
    /* keep x sorted (insertion) */
    int k = p->npts[s]++;
    while (k > 0 && p->x[s][k - 1] > x) {
        p->x[s][k] = p->x[s][k - 1];
        p->y[s][k] = p->y[s][k - 1];
        k--;
    }
    p->x[s][k] = x;
    p->y[s][k] = y;
}

static void gp_quote(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\' || *s == '_' || *s == '^' || *s == '{' || *s == '}' ||
            *s == '@' || *s == '&' || *s == '~')
            fputc('\\', f); /* noenhanced still wants quotes escaped */
        fputc(*s, f);
    }
    fputc('"', f);
}

/* Runs gnuplot on the plot; the SVG goes into the HTML inline and into
 * files_dir for the Markdown. */
int rep_emit_plot(rep *r, const plot *p)
{
    if (p->nseries == 0)
        return 0;
    int id = ++r->nplots;
    char dat[4400], gp[4400], svg[4400], svgtmp[4500], log[4400];
    snprintf(dat, sizeof dat, "%s/plot%d.dat", r->work, id);
    snprintf(gp, sizeof gp, "%s/plot%d.gp", r->work, id);
    snprintf(svg, sizeof svg, "%s/plot%d.svg", r->files_dir, id);
    irhw_tmp_name(svg, svgtmp, sizeof svgtmp);
    snprintf(log, sizeof log, "%s/plot%d.log", r->work, id);
    irhw_out *od = irhw_out_open(dat, r->err, sizeof r->err);
    if (!od)
        return -1;
    FILE *d = irhw_out_file(od);
    for (int i = 0; p->stacked && i < p->npts[0]; i++) {
        fprintf(d, "\"%s\"", p->label[i]);
        for (int s = 0; s < p->nseries; s++)
            fprintf(d, " %.6g", i < p->npts[s] ? p->y[s][i] : 0);
        fprintf(d, "\n");
    }
    for (int s = 0; !p->stacked && s < p->nseries; s++) {
        for (int i = 0; i < p->npts[s]; i++) {
            if (p->bars)
                fprintf(d, "%d \"%s\" %.6g\n", i, p->label[i], p->y[s][i]);
            else
                fprintf(d, "%.6g %.6g\n", p->x[s][i], p->y[s][i]);
        }
        fprintf(d, "\n\n");
    }
    if (irhw_out_commit(od, r->err, sizeof r->err))
        return -1;
    irhw_out *og = irhw_out_open(gp, r->err, sizeof r->err);
    if (!og)
        return -1;
    FILE *g = irhw_out_file(og);
    fprintf(g,
            "set terminal svg size 720,380 font 'Sans,11' background rgb 'white'\n"
            "set output '%s'\nset termoption noenhanced\nset grid\nset key outside right top\n",
            svgtmp);
    fputs("set title ", g);
    gp_quote(g, p->title);
    fputs("\nset xlabel ", g);
    gp_quote(g, p->xlabel);
    fputs("\nset ylabel ", g);
    gp_quote(g, p->ylabel);
    fputs("\nset yrange [0:*]\n", g);
    if (p->stacked) {
        fprintf(g, "set style data histograms\nset style histogram rowstacked\n"
                   "set style fill solid 0.75 border -1\nset boxwidth 0.6\nset yrange [0:100]\n"
                   "set xtics rotate by -25\nplot ");
        for (int s = 0; s < p->nseries; s++) {
            if (s)
                fprintf(g, ", '' using %d title ", s + 2);
            else
                fprintf(g, "'%s' using 2:xtic(1) title ", dat);
            gp_quote(g, p->sname[s]);
        }
        fputs("\n", g);
    } else if (p->bars) {
        fprintf(g,
                "set style fill solid 0.6 border -1\nset boxwidth 0.6\nset xrange [-0.7:%d.7]\n"
                "set key off\n"
                "plot '%s' index 0 using 1:3:xtic(2) with boxes lc rgb '#3b6ea8', "
                "'' index 0 using 1:3:(sprintf('%%.4g', $3)) with labels offset 0,0.8 notitle\n",
                p->npts[0] - 1, dat);
    } else {
        if (p->logx)
            fputs("set logscale x 2\n", g);
        for (int m = 0; m < p->nmarks; m++) {
            fprintf(g,
                    "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 2 lw 2 lc rgb "
                    "'#c03030'\nset label ",
                    p->mark_x[m], p->mark_x[m]);
            gp_quote(g, p->mark_label[m]);
            fprintf(g, " at %.6g, graph %.2f offset 0.5,0 tc rgb '#c03030'\n", p->mark_x[m],
                    0.92 - 0.07 * m);
        }
        fprintf(g, "plot ");
        for (int s = 0; s < p->nseries; s++) {
            fprintf(g, "%s'%s' index %d using 1:2 with linespoints lw 2 pt 7 title ", s ? ", " : "",
                    dat, s);
            gp_quote(g, p->sname[s]);
        }
        fputs("\n", g);
    }
    if (irhw_out_commit(og, r->err, sizeof r->err))
        return -1;
    /* gnuplot writes the SVG under a temporary name, renamed in once gnuplot
     * succeeded and the drawing is whole */
    char *argv[] = {"gnuplot", gp, NULL};
    int slot = irhw_signal_file(svgtmp, IRHW_ON_SIGNAL_REMOVE);
    int rc = irhw_run(argv, log);
    if (rc != 0) {
        unlink(svgtmp);
        irhw_signal_forget(slot);
        return irhw_err(r->err, sizeof r->err, "gnuplot failed (exit %d) on %s: see %s%s", rc, gp,
                        log, rc == 127 ? " (install the Debian package gnuplot-nox)" : "");
    }
    rc = irhw_adopt(svgtmp, svg, "</svg>", "gnuplot", r->err, sizeof r->err);
    irhw_signal_forget(slot);
    if (rc)
        return -1;
    char *text = irhw_read_file(svg, NULL);
    if (!text)
        return irhw_err(r->err, sizeof r->err, "cannot read %s: %s", svg, strerror(errno));
    const char *start = strstr(text, "<svg");
    fprintf(r->html, "<figure class=\"plot\">%s</figure>\n", start ? start : "");
    free(text);
    fprintf(r->md, "![%s](%s/plot%d.svg)\n\n", p->title, r->files_rel, id);
    return 0;
}

/* ---- rows of one block ---- */

rowset rep_rows_of(const irhw_sweep_row *rows, int n, const char *block, int need_area)
{
    rowset s = {calloc((size_t)n + 1, sizeof(irhw_sweep_row *)), 0};
    for (int i = 0; s.v && i < n; i++)
        if (!strcmp(rows[i].block, block) && (!need_area || rows[i].have_area))
            s.v[s.n++] = &rows[i];
    return s;
}

/* Does parameter `name` take more than one value in the set? */
int rep_varies(const rowset *s, const char *name)
{
    const char *first = NULL;
    for (int i = 0; i < s->n; i++) {
        const char *v = irhw_row_param(s->v[i], name);
        if (!v)
            continue;
        if (!first)
            first = v;
        else if (strcmp(first, v))
            return 1;
    }
    return 0;
}

/* The other varying parameters of a row, as a series name ("STORAGE=sram");
 * derived parameters (wl_bank's THRESHOLD) follow the others and name none. */
void rep_series_name(const irhw_block *b, const rowset *s, const irhw_sweep_row *r, const char *x,
                     char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned i = 0; b && i < b->nparams; i++) {
        const char *n = b->params[i].name;
        if ((x && !strcmp(n, x)) || b->params[i].derived || !rep_varies(s, n))
            continue;
        const char *v = irhw_row_param(r, n);
        o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%s=%s", o ? " " : "", n,
                              v ? v : "?");
    }
    if (!buf[0])
        snprintf(buf, len, "%s", r->block);
}

void rep_config_text(const irhw_sweep_row *r, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < r->nparams; i++)
        o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%s=%s", i ? " " : "", r->pname[i],
                              r->pval[i]);
}

int rep_at_defaults(const irhw_sweep_row *row, const irhw_block *b, char *gap, size_t len)
{
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    irhw_inst x;
    char e[IRHW_ERRLEN];
    int inited = irhw_inst_init(&x, b, &c, e, sizeof e) == 0, ok = inited;
    snprintf(gap, len, "the block's defaults");
    for (unsigned k = 0; ok && k < b->nparams; k++) {
        char v[64];
        const char *rv = irhw_row_param(row, b->params[k].name);
        irhw_param_text(b, &x.c, k, v, sizeof v);
        if (!rv || strcmp(rv, v)) {
            snprintf(gap, len, "%s=%s", b->params[k].name, v);
            ok = 0;
        }
    }
    if (inited)
        irhw_inst_free(&x);
    return ok;
}

/* The row a block is represented by: its default configuration if present,
 * else its first area row. */
const irhw_sweep_row *rep_representative(const irhw_sweep_row *rows, int n, const irhw_block *b)
{
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    irhw_inst x;
    char e[IRHW_ERRLEN];
    const irhw_sweep_row *first = NULL, *def = NULL;
    int ok = irhw_inst_init(&x, b, &c, e, sizeof e) == 0;
    for (int i = 0; i < n && !def; i++) {
        const irhw_sweep_row *r = &rows[i];
        if (strcmp(r->block, b->name) || !r->have_area)
            continue;
        if (!first)
            first = r;
        int same = ok;
        for (unsigned k = 0; same && k < b->nparams; k++) {
            char v[64];
            const char *rv = irhw_row_param(r, b->params[k].name);
            same = rv && !strcmp(rv, irhw_param_text(b, &x.c, k, v, sizeof v));
        }
        if (same)
            def = r;
    }
    irhw_inst_free(&x);
    return def ? def : first;
}
