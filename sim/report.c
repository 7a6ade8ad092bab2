/*
 * report.c — the area estimation report of one or more sweep folders:
 * report.html (self-contained: CSS and the gnuplot SVG plots inline, no
 * network needed to view it) and report.md beside it (the same tables, the
 * plots as files in report_files/).
 *
 * Sections: per block, total area against its size parameter (the first
 * integer parameter that varies among the block's area rows; one line per
 * combination of the other varying parameters) and logic vs storage; each
 * block's area split by part; then the papers' sections (report_paper.c:
 * the sections a block's description asks for, the paper comparison, the
 * GPU-level total); the runs behind the report and the papers' figures.
 */
#include "report_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int is_number(const char *s)
{
    char *e;
    if (!s || !*s)
        return 0;
    strtod(s, &e);
    return *e == 0;
}

/* The size parameter: the first integer parameter that varies. */
static const char *size_param(const irhw_block *b, const rowset *s)
{
    for (unsigned i = 0; b && i < b->nparams; i++)
        if (b->params[i].type == IRHW_PINT && rep_varies(s, b->params[i].name))
            return b->params[i].name;
    return NULL;
}

static int block_section(rep *r, const irhw_sweep_row *rows, int n, const irhw_block *b)
{
    rowset s = rep_rows_of(rows, n, b->name, 1);
    if (!s.v)
        return irhw_err(r->err, sizeof r->err, "out of memory");
    if (s.n == 0) {
        free(s.v);
        return 0;
    }
    char h[256];
    snprintf(h, sizeof h, "%s — %s", b->name, b->title);
    rep_both(r, "h2", "## ", h);
    const char *x = size_param(b, &s);
    int rc = 0;
    if (x) {
        plot *p = calloc(2, sizeof *p);
        if (!p) {
            free(s.v);
            return irhw_err(r->err, sizeof r->err, "out of memory");
        }
        snprintf(p[0].title, sizeof p[0].title, "%s: total area against %s", b->name, x);
        snprintf(p[1].title, sizeof p[1].title, "%s: logic vs storage against %s", b->name, x);
        for (int k = 0; k < 2; k++) {
            snprintf(p[k].xlabel, sizeof p[k].xlabel, "%s", x);
            snprintf(p[k].ylabel, sizeof p[k].ylabel, "area (µm²)");
        }
        for (int i = 0; i < s.n; i++) {
            const irhw_sweep_row *row = s.v[i];
            const char *xv = irhw_row_param(row, x);
            if (!is_number(xv))
                continue;
            char sn[160], sn2[200];
            rep_series_name(b, &s, row, x, sn, sizeof sn);
            rep_add_point(&p[0], sn, atof(xv), row->total_um2);
            snprintf(sn2, sizeof sn2, "logic, %s", sn);
            rep_add_point(&p[1], sn2, atof(xv), row->logic_um2);
            snprintf(sn2, sizeof sn2, "storage, %s", sn);
            rep_add_point(&p[1], sn2, atof(xv), row->ff_um2 + row->sram_um2);
        }
        rc = rep_emit_plot(r, &p[0]) || rep_emit_plot(r, &p[1]);
        free(p);
    } else if (s.n == 1) {
        rep_para(r, "One configuration: its area split is in the chart of every block's split "
                    "(section \"Area split of every block\").");
    } else {
        rep_para(r, "These configurations differ in parameters that are not sizes; the table "
                    "compares them.");
    }
    rep_table_start(r, "configuration|total um2|logic um2|storage um2 (flops + SRAM)|storage "
                       "bits|critical path ns|library");
    for (int i = 0; i < s.n; i++) {
        const irhw_sweep_row *row = s.v[i];
        char cfg[1024], line[2048], cp[32] = "-";
        rep_config_text(row, cfg, sizeof cfg);
        if (row->have_sta)
            snprintf(cp, sizeof cp, "%.3f", row->crit_ns);
        snprintf(line, sizeof line, "%s|%.0f|%.0f|%.0f (%.0f + %.0f)|%llu|%s|%s", cfg,
                 row->total_um2, row->logic_um2, row->ff_um2 + row->sram_um2, row->ff_um2,
                 row->sram_um2, (unsigned long long)row->storage_bits, cp, row->library);
        rep_table_row(r, line);
    }
    rep_table_end(r);
    free(s.v);
    return rc;
}

/* ---- every block's area split ---- */

/* The block a part's module is an instance of (the longest block name it
 * starts with), else the module name. */
static const char *part_group(const char *module)
{
    const char *best = NULL;
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        size_t l = strlen((*bp)->name);
        if (!strncmp(module, (*bp)->name, l) && (module[l] == '_' || !module[l]) &&
            (!best || l > strlen(best)))
            best = (*bp)->name;
    }
    return best ? best : module;
}

/* Two stacked bar charts of shares of each block's total at its
 * representative configuration: storage (flops, SRAM) and logic; and, for
 * the blocks built of parts, each part (whole subtree) and the top's own
 * cells. */
static int split_section(rep *r, const irhw_sweep_row *rows, int n)
{
    rep_both(r, "h2", "## ", "Area split of every block");
    plot *p = calloc(2, sizeof *p);
    if (!p)
        return irhw_err(r->err, sizeof r->err, "out of memory");
    snprintf(p[0].title, sizeof p[0].title, "Area split: storage and logic (share of each block)");
    snprintf(p[1].title, sizeof p[1].title,
             "Area split: parts (share of each block built of parts)");
    for (int k = 0; k < 2; k++) {
        p[k].stacked = 1;
        snprintf(p[k].ylabel, sizeof p[k].ylabel, "share of the block's area (%%)");
        snprintf(p[k].xlabel, sizeof p[k].xlabel, "block (representative configuration)");
    }
    int s_ff = rep_series_of(&p[0], "storage: flip-flops"),
        s_sram = rep_series_of(&p[0], "storage: SRAM"), s_logic = rep_series_of(&p[0], "logic");
    rep_table_start(r, "block|total um2|storage flops|storage SRAM|logic|parts (each: count x "
                       "module, share)|configuration");
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_sweep_row *row = rep_representative(rows, n, *bp);
        if (!row || row->total_um2 <= 0)
            continue;
        double t = row->total_um2;
        int i = p[0].npts[0];
        if (i == MAX_POINTS)
            break;
        snprintf(p[0].label[i], sizeof p[0].label[0], "%s", row->block);
        p[0].y[s_ff][i] = 100 * row->ff_um2 / t;
        p[0].y[s_sram][i] = 100 * row->sram_um2 / t;
        p[0].y[s_logic][i] = 100 * row->logic_um2 / t;
        p[0].npts[s_ff] = p[0].npts[s_sram] = p[0].npts[s_logic] = i + 1;
        char parts[1024] = "-", cfg[1024], line[2600];
        size_t o = 0;
        if (row->nparts) {
            int j = p[1].npts[0];
            snprintf(p[1].label[j], sizeof p[1].label[0], "%s", row->block);
            int so = rep_series_of(&p[1], "own cells of the top");
            p[1].y[so][j] = 100 * row->own_um2 / t;
            o = (size_t)snprintf(parts, sizeof parts, "own cells %.1f %%", 100 * row->own_um2 / t);
            for (unsigned k = 0; k < row->nparts; k++) {
                int sk = rep_series_of(&p[1], part_group(row->parts[k].module));
                if (sk >= 0)
                    p[1].y[sk][j] += 100 * row->parts[k].um2 / t;
                o += (size_t)snprintf(parts + o, o < sizeof parts ? sizeof parts - o : 0,
                                      "; %lu x %s %.1f %%", row->parts[k].count,
                                      row->parts[k].module, 100 * row->parts[k].um2 / t);
            }
            for (int k = 0; k < p[1].nseries; k++)
                p[1].npts[k] = j + 1;
        }
        rep_config_text(row, cfg, sizeof cfg);
        snprintf(line, sizeof line, "%s|%.0f|%.1f %%|%.1f %%|%.1f %%|%s|%s", row->block, t,
                 100 * row->ff_um2 / t, 100 * row->sram_um2 / t, 100 * row->logic_um2 / t, parts,
                 cfg);
        rep_table_row(r, line);
    }
    rep_table_end(r);
    int rc = 0;
    if (p[0].npts[0] == 0)
        rep_para(r, "(no area results)");
    else
        rc = rep_emit_plot(r, &p[0]) || (p[1].nseries && rep_emit_plot(r, &p[1]));
    free(p);
    return rc;
}

/* ---- the runs behind the report ---- */

/* Which runs the folders hold and the command that makes each again: a
 * folder of several blocks is irhw run's; one of a single block a sweep,
 * its axes the parameters that vary or differ from the defaults (derived
 * parameters left to their rules). */
static void paper_field(const char *text, const char *name, char *buf, size_t len);

static void runs_section(rep *r, const char *const *dirs, int ndirs,
                         const irhw_sweep_row *const *first, const int *count)
{
    rep_both(r, "h2", "## ", "The runs behind this report");
    rep_table_start(r, "folder|configurations|blocks|the command that makes them again");
    for (int d = 0; d < ndirs; d++) {
        const irhw_sweep_row *rows = first[d];
        int n = count[d], multi = 0;
        for (int i = 1; i < n; i++)
            multi |= strcmp(rows[i].block, rows[0].block) != 0;
        char cmd[4096], line[8192], blocks[512] = "-";
        if (irhw_paper_dir(dirs[d])) {
            char p[4200];
            snprintf(p, sizeof p, "%s/figures.txt", dirs[d]);
            char *text = irhw_read_file(p, NULL);
            paper_field(text ? text : "", "command", cmd, sizeof cmd);
            paper_field(text ? text : "", "title", blocks, sizeof blocks);
            free(text);
            if (!blocks[0])
                snprintf(blocks, sizeof blocks, "the papers' figures (workload runs)");
        } else if (n == 0) {
            snprintf(cmd, sizeof cmd, "-");
        } else if (multi) {
            snprintf(blocks, sizeof blocks, "every block at its defaults");
            snprintf(cmd, sizeof cmd, "irhw run -o %s", dirs[d]);
        } else {
            const irhw_block *b = irhw_find_block(rows[0].block);
            snprintf(blocks, sizeof blocks, "%s", rows[0].block);
            size_t o = (size_t)snprintf(cmd, sizeof cmd, "irhw sweep %s", rows[0].block);
            irhw_cfg c;
            irhw_inst x;
            char e[IRHW_ERRLEN];
            int ok = b && (irhw_cfg_defaults(b, &c), irhw_inst_init(&x, b, &c, e, sizeof e) == 0);
            for (unsigned k = 0; ok && k < b->nparams; k++) {
                if (b->params[k].derived)
                    continue;
                char def[64], vals[1024] = "";
                irhw_param_text(b, &x.c, k, def, sizeof def);
                size_t vo = 0;
                int differs = 0;
                for (int i = 0; i < n; i++) {
                    const char *v = irhw_row_param(&rows[i], b->params[k].name);
                    if (!v)
                        continue;
                    differs |= strcmp(v, def) != 0;
                    int seen = 0; /* each value once, in first-seen order */
                    for (int j = 0; j < i && !seen; j++) {
                        const char *u = irhw_row_param(&rows[j], b->params[k].name);
                        seen = u && !strcmp(u, v);
                    }
                    if (!seen)
                        vo += (size_t)snprintf(vals + vo, vo < sizeof vals ? sizeof vals - vo : 0,
                                               "%s%s", vo ? "," : "", v);
                }
                if (differs || strchr(vals, ','))
                    o += (size_t)snprintf(cmd + o, o < sizeof cmd ? sizeof cmd - o : 0, " -p %s=%s",
                                          b->params[k].name, vals);
            }
            if (b)
                irhw_inst_free(&x);
            snprintf(cmd + o, o < sizeof cmd ? sizeof cmd - o : 0, " --do %s -o %s", rows[0].steps,
                     dirs[d]);
        }
        snprintf(line, sizeof line, "%s|%d|%s|%s", dirs[d], n, blocks, cmd);
        rep_table_row(r, line);
    }
    rep_table_end(r);
}

/* ---- the report ---- */

static const char *CSS = "body{font-family:sans-serif;max-width:1100px;margin:1em auto;color:#222}"
                         "table{border-collapse:collapse;margin:.5em 0 1.5em}"
                         "td,th{border:1px solid #bbb;padding:3px 8px;font-size:13px}"
                         "th{background:#eef}figure.plot{margin:.5em 0}";

/* ---- the papers' figures (irhw paper-figs) ---- */

int irhw_paper_dir(const char *dir)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/figures.txt", dir);
    return access(p, R_OK) == 0;
}

/* The value of "name<TAB>value" in figures.txt (buf; "" when absent). */
static void paper_field(const char *text, const char *name, char *buf, size_t len)
{
    buf[0] = 0;
    size_t n = strlen(name);
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        if (!strncmp(l, name, n) && l[n] == '\t') {
            const char *e = strchr(l, '\n');
            int w = e ? (int)(e - l - (long)n - 1) : (int)strlen(l + n + 1);
            snprintf(buf, len, "%.*s", w, l + n + 1);
            return;
        }
}

/* Every figure of DIR: title, caption, the SVG (inline in the HTML; in the
 * Markdown a link, to a copy in files_dir when copy), the table. */
static int papers_section(rep *r, const char *dir, int copy)
{
    char path[4400], cmd[4096], runs[32];
    snprintf(path, sizeof path, "%s/figures.txt", dir);
    char *text = irhw_read_file(path, NULL);
    if (!text)
        return irhw_err(r->err, sizeof r->err, "cannot read %s: %s", path, strerror(errno));
    paper_field(text, "command", cmd, sizeof cmd);
    paper_field(text, "runs", runs, sizeof runs);
    char head[8400], title[600]; /* title: an explore folder's own */
    paper_field(text, "title", title, sizeof title);
    snprintf(head, sizeof head, "%s (%s)", title[0] ? title : "The papers' figures", dir);
    rep_both(r, "h2", "## ", head);
    snprintf(head, sizeof head,
             title[0] ? "%s runs, made by: %s (%s/explore.md: the table and how it is made)."
                      : "%s model-only workload runs, made by: %s. Each figure's Markdown "
                        "(%s/<figure>.md) names the command of every run behind its numbers.",
             runs, cmd, dir);
    rep_para(r, head);
    int rc = 0;
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l && !rc; l = strtok_r(NULL, "\n", &save)) {
        char *f[5] = {0};
        int n = 0;
        for (char *c = l; n < 5; n++) {
            f[n] = c;
            char *t = strchr(c, '\t');
            if (!t) {
                n++;
                break;
            }
            *t = 0;
            c = t + 1;
        }
        if (n < 5 || strcmp(f[0], "fig"))
            continue;
        const char *id = f[1], *title = f[3], *caption = f[4];
        rep_both(r, "h3", "### ", title);
        rep_para(r, caption);
        if (atoi(f[2])) {
            snprintf(path, sizeof path, "%s/%s.svg", dir, id);
            char *svg = irhw_read_file(path, NULL);
            if (!svg) {
                rc = irhw_err(r->err, sizeof r->err, "cannot read %s: %s", path, strerror(errno));
                break;
            }
            const char *start = strstr(svg, "<svg");
            fprintf(r->html, "<figure class=\"plot\">%s</figure>\n", start ? start : "");
            if (copy) {
                char to[4400];
                snprintf(to, sizeof to, "%s/%s.svg", r->files_dir, id);
                rc = irhw_write_file(to, svg, r->err, sizeof r->err);
                fprintf(r->md, "![%s](%s/%s.svg)\n\n", title, r->files_rel, id);
            } else {
                fprintf(r->md, "![%s](%s.svg)\n\n", title, id);
            }
            free(svg);
        }
        snprintf(path, sizeof path, "%s/%s.tsv", dir, id);
        char *tsv = irhw_read_file(path, NULL);
        if (!tsv) {
            rc = irhw_err(r->err, sizeof r->err, "cannot read %s: %s", path, strerror(errno));
            break;
        }
        char *s2 = NULL;
        int first = 1;
        for (char *row = strtok_r(tsv, "\n", &s2); row; row = strtok_r(NULL, "\n", &s2)) {
            if (first)
                rep_table_start(r, row);
            else
                rep_table_row(r, row);
            first = 0;
        }
        if (!first)
            rep_table_end(r);
        free(tsv);
    }
    free(text);
    return rc;
}

/* Opens the HTML and the Markdown, both headed by the title. */
static int rep_open(rep *r, const char *html_path, const char *md_path, const char *title,
                    char *err, size_t errlen)
{
    r->ohtml = irhw_out_open(html_path, err, errlen);
    r->omd = r->ohtml ? irhw_out_open(md_path, err, errlen) : NULL;
    if (!r->omd) {
        irhw_out_abort(r->ohtml);
        return -1;
    }
    r->html = irhw_out_file(r->ohtml);
    r->md = irhw_out_file(r->omd);
    fprintf(r->html, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    rep_html_text(r->html, title);
    fprintf(r->html, "</title><style>%s</style></head><body>\n", CSS);
    rep_both(r, "h1", "# ", title);
    return 0;
}

/* Ends the HTML; both files committed (rc 0) or neither written (rc: the
 * failure, r->err its message). */
static int rep_finish(rep *r, int rc, char *err, size_t errlen)
{
    fputs("</body></html>\n", r->html);
    if (rc) {
        irhw_out_abort(r->ohtml);
        irhw_out_abort(r->omd);
        return irhw_err(err, errlen, "%s", r->err);
    }
    if (irhw_out_commit(r->ohtml, err, errlen)) {
        irhw_out_abort(r->omd);
        return -1;
    }
    return irhw_out_commit(r->omd, err, errlen);
}

int irhw_paper_index_write(const char *dir, const char *html_path, char *err, size_t errlen)
{
    rep r;
    memset(&r, 0, sizeof r);
    char md_path[4200];
    size_t hl = strlen(html_path);
    snprintf(md_path, sizeof md_path, "%.*s.md",
             (int)(hl > 5 && !strcmp(html_path + hl - 5, ".html") ? hl - 5 : hl), html_path);
    if (rep_open(&r, html_path, md_path, "irhw: the papers' figures on our graphs", err, errlen))
        return -1;
    int rc = papers_section(&r, dir, 0);
    return rep_finish(&r, rc, err, errlen);
}

int irhw_report_write(const char *const *dirs, int ndirs, const char *html_path, char *err,
                      size_t errlen)
{
    irhw_sweep_row *rows = NULL;
    int n = 0, *count = calloc((size_t)ndirs + 1, sizeof *count);
    if (!count)
        return irhw_err(err, errlen, "out of memory");
    for (int d = 0; d < ndirs; d++) {
        irhw_sweep_row *a;
        int k;
        if (irhw_paper_dir(dirs[d])) /* figures, no sweep rows */
            continue;
        if (irhw_results_read(dirs[d], &a, &k, err, errlen)) {
            free(rows);
            free(count);
            return -1;
        }
        irhw_sweep_row *t = realloc(rows, (size_t)(n + k + 1) * sizeof *rows);
        if (!t) {
            free(a);
            free(rows);
            free(count);
            return irhw_err(err, errlen, "out of memory");
        }
        rows = t;
        memcpy(rows + n, a, (size_t)k * sizeof *a);
        n += k;
        count[d] = k;
        free(a);
    }
    const irhw_sweep_row **first = calloc((size_t)ndirs + 1, sizeof *first);
    if (!first) {
        free(rows);
        free(count);
        return irhw_err(err, errlen, "out of memory");
    }
    for (int d = 0, o = 0; d < ndirs; o += count[d++])
        first[d] = rows + o;
    /* one row per configuration: a block and parameters met again (irhw run's
     * defaults inside a sweep, a folder named twice) keep their first row */
    irhw_sweep_row *uniq = malloc((size_t)(n + 1) * sizeof *uniq);
    int nu = 0;
    for (int i = 0; uniq && i < n; i++) {
        int dup = 0;
        for (int j = 0; j < nu && !dup; j++) {
            dup = !strcmp(uniq[j].block, rows[i].block) && uniq[j].nparams == rows[i].nparams &&
                  uniq[j].have_area == rows[i].have_area;
            for (unsigned k = 0; dup && k < rows[i].nparams; k++)
                dup = !strcmp(uniq[j].pname[k], rows[i].pname[k]) &&
                      !strcmp(uniq[j].pval[k], rows[i].pval[k]);
        }
        if (!dup)
            uniq[nu++] = rows[i];
    }
    rep r;
    memset(&r, 0, sizeof r);
    char md_path[4200], base[4200];
    size_t hl = strlen(html_path);
    snprintf(base, sizeof base, "%.*s",
             (int)(hl > 5 && !strcmp(html_path + hl - 5, ".html") ? hl - 5 : hl), html_path);
    snprintf(md_path, sizeof md_path, "%s.md", base);
    snprintf(r.files_dir, sizeof r.files_dir, "%s_files", base);
    const char *slash = strrchr(r.files_dir, '/');
    snprintf(r.files_rel, sizeof r.files_rel, "%s", slash ? slash + 1 : r.files_dir);
    snprintf(r.work, sizeof r.work, "%s/work", r.files_dir);
    if (!uniq || irhw_mkdirs(r.work)) {
        free(rows);
        free(count);
        free(first);
        free(uniq);
        if (!uniq)
            return irhw_err(err, errlen, "out of memory");
        return irhw_err(err, errlen, "cannot create %s: %s", r.work, strerror(errno));
    }
    if (rep_open(&r, html_path, md_path, "irhw area estimation report", err, errlen)) {
        free(rows);
        free(count);
        free(first);
        free(uniq);
        return -1;
    }
    int npass = 0, narea = 0;
    for (int i = 0; i < nu; i++) {
        npass += !strcmp(uniq[i].verdict, "pass");
        narea += uniq[i].have_area;
    }
    char text[4096];
    size_t o = (size_t)snprintf(text, sizeof text,
                                "%d configurations (%d passed every requested step, %d with area) "
                                "from:",
                                nu, npass, narea);
    for (int d = 0; d < ndirs && o < sizeof text; d++)
        o += (size_t)snprintf(text + o, sizeof text - o, " %s", dirs[d]);
    if (nu)
        snprintf(text + o, o < sizeof text ? sizeof text - o : 0, "; tool version %s.",
                 uniq[0].version);
    rep_para(&r, text);
    runs_section(&r, dirs, ndirs, first, count);
    free(first);
    free(count);
    free(rows);
    rows = uniq;
    n = nu;
    int rc = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp && !rc; bp++)
        rc = block_section(&r, rows, n, *bp);
    if (!rc)
        rc = split_section(&r, rows, n);
    if (!rc)
        rc = rep_paper_sections(&r, rows, n);
    for (int d = 0; d < ndirs && !rc; d++)
        if (irhw_paper_dir(dirs[d]))
            rc = papers_section(&r, dirs[d], 1);
    free(rows);
    return rep_finish(&r, rc, err, errlen);
}
