/*
 * results.c — one configuration's result as text (runs/<key>/result.txt,
 * one `name=value` line each, written atomically), and the sweep's tables
 * results.csv and results.json, one row per configuration.
 */
#include "area.h"
#include "sweep.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *irhw_tool_version(void)
{
    static char v[64];
    if (v[0])
        return v;
    uint64_t n, h;
    if (irhw_hash_file("/proc/self/exe", &n, &h))
        h = 0;
    snprintf(v, sizeof v, "%s+%08" PRIx32, IRHW_VERSION, (uint32_t)(h ^ (h >> 32)));
    return v;
}

const char *irhw_row_param(const irhw_sweep_row *r, const char *name)
{
    for (unsigned i = 0; i < r->nparams; i++)
        if (!strcmp(r->pname[i], name))
            return r->pval[i];
    return NULL;
}

/* Text values never hold a newline or a tab (both separate fields). */
static void clean(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\t' || *s == '\r')
            *s = ' ';
}

int irhw_row_write(const char *path, const irhw_sweep_row *r0, char *err, size_t errlen)
{
    irhw_sweep_row r = *r0;
    clean(r.reason);
    clean(r.library);
    clean(r.node);
    clean(r.sram_source);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return irhw_err(err, errlen, "cannot write %s: %s", path, strerror(errno));
    fprintf(f, "key=%s\nblock=%s\nsteps=%s\nverdict=%s\nreason=%s\n", r.key, r.block, r.steps,
            r.verdict, r.reason);
    for (unsigned i = 0; i < r.nparams; i++)
        fprintf(f, "param=%s\t%s\n", r.pname[i], r.pval[i]);
    fprintf(f, "cycles_per_s=%.0f\nhave_area=%d\n", r.cycles_per_s, r.have_area);
    if (r.have_area) {
        fprintf(f, "total_um2=%.1f\nlogic_um2=%.1f\nff_um2=%.1f\nsram_um2=%.1f\n", r.total_um2,
                r.logic_um2, r.ff_um2, r.sram_um2);
        fprintf(f, "storage_bits=%" PRIu64 "\nlibrary=%s\nnode=%s\nsram_source=%s\n",
                r.storage_bits, r.library, r.node, r.sram_source);
    }
    fprintf(f, "have_sta=%d\ncrit_ns=%.4f\nversion=%s\nseconds=%.2f\n", r.have_sta, r.crit_ns,
            r.version, r.seconds);
    if (r.have_area)
        fprintf(f, "own_um2=%.1f\n", r.own_um2);
    for (unsigned i = 0; i < r.nparts; i++)
        fprintf(f, "part=%s\t%lu\t%.1f\n", r.parts[i].module, r.parts[i].count, r.parts[i].um2);
    for (int i = 0; i < r.nnotes; i++) {
        clean(r.notes[i].text);
        fprintf(f, "note=%s\t%.10g\t%s\n", r.notes[i].key, r.notes[i].value, r.notes[i].text);
    }
    char *sealed = fclose(f) ? NULL : irhw_seal(text);
    free(text);
    if (!sealed)
        return irhw_err(err, errlen, "cannot write %s: out of memory", path);
    int rc = irhw_write_file(path, sealed, err, errlen);
    free(sealed);
    return rc;
}

int irhw_row_sealed(const char *path, const char *key, char *why, size_t whylen)
{
    size_t len = 0, klen = strlen(key);
    char *text = irhw_read_file(path, &len);
    int ok = 0;
    if (!text)
        irhw_err(why, whylen, "cannot be read (%s)", strerror(errno));
    else if (!irhw_sealed(text, len))
        irhw_err(why, whylen, "has no seal that matches its contents (cut short or edited)");
    else if (strncmp(text, "key=", 4) || strncmp(text + 4, key, klen) || text[4 + klen] != '\n')
        irhw_err(why, whylen, "holds the result of another key (%.*s)", (int)strcspn(text, "\n"),
                 text);
    else
        ok = 1;
    free(text);
    return ok;
}

#define COPY(dst, src) snprintf(dst, sizeof dst, "%s", src)

int irhw_row_read(const char *path, irhw_sweep_row *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    char *text = irhw_read_file(path, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", path, strerror(errno));
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *v = strchr(l, '=');
        if (!v)
            continue;
        *v++ = 0;
        if (!strcmp(l, "key"))
            COPY(r->key, v);
        else if (!strcmp(l, "block"))
            COPY(r->block, v);
        else if (!strcmp(l, "steps"))
            COPY(r->steps, v);
        else if (!strcmp(l, "verdict"))
            COPY(r->verdict, v);
        else if (!strcmp(l, "reason"))
            COPY(r->reason, v);
        else if (!strcmp(l, "param") && r->nparams < IRHW_MAX_PARAMS) {
            char *t = strchr(v, '\t');
            if (t) {
                *t++ = 0;
                COPY(r->pname[r->nparams], v);
                COPY(r->pval[r->nparams], t);
                r->nparams++;
            }
        } else if (!strcmp(l, "cycles_per_s"))
            r->cycles_per_s = atof(v);
        else if (!strcmp(l, "have_area"))
            r->have_area = atoi(v);
        else if (!strcmp(l, "total_um2"))
            r->total_um2 = atof(v);
        else if (!strcmp(l, "logic_um2"))
            r->logic_um2 = atof(v);
        else if (!strcmp(l, "ff_um2"))
            r->ff_um2 = atof(v);
        else if (!strcmp(l, "sram_um2"))
            r->sram_um2 = atof(v);
        else if (!strcmp(l, "storage_bits"))
            r->storage_bits = strtoull(v, NULL, 10);
        else if (!strcmp(l, "library"))
            COPY(r->library, v);
        else if (!strcmp(l, "node"))
            COPY(r->node, v);
        else if (!strcmp(l, "sram_source"))
            COPY(r->sram_source, v);
        else if (!strcmp(l, "have_sta"))
            r->have_sta = atoi(v);
        else if (!strcmp(l, "crit_ns"))
            r->crit_ns = atof(v);
        else if (!strcmp(l, "version"))
            COPY(r->version, v);
        else if (!strcmp(l, "seconds"))
            r->seconds = atof(v);
        else if (!strcmp(l, "own_um2"))
            r->own_um2 = atof(v);
        else if (!strcmp(l, "part") && r->nparts < IRHW_ROW_PARTS) {
            char *t1 = strchr(v, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
            if (t2) {
                *t1 = *t2 = 0;
                COPY(r->parts[r->nparts].module, v);
                r->parts[r->nparts].count = strtoul(t1 + 1, NULL, 10);
                r->parts[r->nparts].um2 = atof(t2 + 1);
                r->nparts++;
            }
        } else if (!strcmp(l, "note") && r->nnotes < IRHW_ROW_NOTES) {
            char *t1 = strchr(v, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
            if (t2) {
                irhw_note *n = &r->notes[r->nnotes++];
                *t1 = *t2 = 0;
                COPY(n->key, v);
                n->value = atof(t1 + 1);
                COPY(n->text, t2 + 1);
            }
        }
    }
    free(text);
    if (!r->block[0] || !r->verdict[0])
        return irhw_err(err, errlen, "%s is not a result file (no block or verdict)", path);
    return 0;
}

/* ---- tables ---- */

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* Parameter names of every row, in first-seen order. */
static unsigned param_columns(const irhw_sweep_row *rows, int n, char names[][32], unsigned max)
{
    unsigned k = 0;
    for (int i = 0; i < n; i++)
        for (unsigned j = 0; j < rows[i].nparams; j++) {
            unsigned c = 0;
            while (c < k && strcmp(names[c], rows[i].pname[j]))
                c++;
            if (c == k && k < max)
                COPY(names[k++], rows[i].pname[j]);
        }
    return k;
}

static void num_or_empty(FILE *f, int have, const char *fmt, double v)
{
    fputc(',', f);
    if (have)
        fprintf(f, fmt, v);
}

static void write_csv(FILE *f, const irhw_sweep_row *rows, int n)
{
    char names[64][32];
    unsigned k = param_columns(rows, n, names, 64);
    fputs("block", f);
    for (unsigned c = 0; c < k; c++)
        fprintf(f, ",%s", names[c]);
    fputs(",verdict,cycles_per_s,area_total_um2,area_logic_um2,area_storage_um2,"
          "area_ff_storage_um2,area_sram_um2,storage_bits,crit_path_ns,library,node,"
          "tool_version,key,reason\n",
          f);
    for (int i = 0; i < n; i++) {
        const irhw_sweep_row *r = &rows[i];
        fputs(r->block, f);
        for (unsigned c = 0; c < k; c++) {
            const char *v = irhw_row_param(r, names[c]);
            fputc(',', f);
            csv_field(f, v ? v : "");
        }
        fprintf(f, ",%s", r->verdict);
        num_or_empty(f, r->cycles_per_s > 0, "%.0f", r->cycles_per_s);
        num_or_empty(f, r->have_area, "%.1f", r->total_um2);
        num_or_empty(f, r->have_area, "%.1f", r->logic_um2);
        num_or_empty(f, r->have_area, "%.1f", r->ff_um2 + r->sram_um2);
        num_or_empty(f, r->have_area, "%.1f", r->ff_um2);
        num_or_empty(f, r->have_area, "%.1f", r->sram_um2);
        num_or_empty(f, r->have_area, "%.0f", (double)r->storage_bits);
        num_or_empty(f, r->have_sta, "%.4f", r->crit_ns);
        fputc(',', f);
        csv_field(f, r->library);
        fputc(',', f);
        csv_field(f, r->node);
        fputc(',', f);
        csv_field(f, r->version);
        fprintf(f, ",%s,", r->key);
        csv_field(f, r->reason);
        fputc('\n', f);
    }
}

static void json_num(FILE *f, const char *name, int have, const char *fmt, double v)
{
    fprintf(f, ", \"%s\": ", name);
    if (have)
        fprintf(f, fmt, v);
    else
        fputs("null", f);
}

static void write_json(FILE *f, const irhw_sweep_row *rows, int n)
{
    fputs("[", f);
    for (int i = 0; i < n; i++) {
        const irhw_sweep_row *r = &rows[i];
        fprintf(f, "%s\n  {\"block\": ", i ? "," : "");
        json_str(f, r->block);
        fputs(", \"parameters\": {", f);
        for (unsigned j = 0; j < r->nparams; j++) {
            fputs(j ? ", " : "", f);
            json_str(f, r->pname[j]);
            fputs(": ", f);
            json_str(f, r->pval[j]);
        }
        fputs("}, \"verdict\": ", f);
        json_str(f, r->verdict);
        json_num(f, "cycles_per_s", r->cycles_per_s > 0, "%.0f", r->cycles_per_s);
        json_num(f, "area_total_um2", r->have_area, "%.1f", r->total_um2);
        json_num(f, "area_logic_um2", r->have_area, "%.1f", r->logic_um2);
        json_num(f, "area_storage_um2", r->have_area, "%.1f", r->ff_um2 + r->sram_um2);
        json_num(f, "area_ff_storage_um2", r->have_area, "%.1f", r->ff_um2);
        json_num(f, "area_sram_um2", r->have_area, "%.1f", r->sram_um2);
        json_num(f, "storage_bits", r->have_area, "%.0f", (double)r->storage_bits);
        json_num(f, "crit_path_ns", r->have_sta, "%.4f", r->crit_ns);
        fputs(", \"library\": ", f);
        json_str(f, r->library);
        fputs(", \"node\": ", f);
        json_str(f, r->node);
        fputs(", \"tool_version\": ", f);
        json_str(f, r->version);
        fputs(", \"key\": ", f);
        json_str(f, r->key);
        fputs(", \"reason\": ", f);
        json_str(f, r->reason);
        fputs("}", f);
    }
    fputs("\n]\n", f);
}

typedef void (*table_writer)(FILE *, const irhw_sweep_row *, int);

static int write_table(const char *dir, const char *name, table_writer w,
                       const irhw_sweep_row *rows, int n, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    irhw_out *o = irhw_out_open(path, err, errlen);
    if (!o)
        return -1;
    w(irhw_out_file(o), rows, n);
    return irhw_out_commit(o, err, errlen);
}

static void write_index(FILE *f, const irhw_sweep_row *rows, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%s\n", rows[i].key);
}

int irhw_results_write(const char *dir, const irhw_sweep_row *rows, int n, char *err, size_t errlen)
{
    return write_table(dir, "index.txt", write_index, rows, n, err, errlen) ||
                   write_table(dir, "results.csv", write_csv, rows, n, err, errlen) ||
                   write_table(dir, "results.json", write_json, rows, n, err, errlen)
               ? -1
               : 0;
}

int irhw_results_read(const char *dir, irhw_sweep_row **rows, int *n, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/index.txt", dir);
    char *text = irhw_read_file(path, NULL);
    if (!text)
        return irhw_err(err, errlen, "%s: no sweep results here (cannot read %s: %s)", dir, path,
                        strerror(errno));
    int cap = 16, k = 0, rc = 0;
    irhw_sweep_row *a = malloc(cap * sizeof *a);
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); a && l && !rc; l = strtok_r(NULL, "\n", &save)) {
        if (k == cap) {
            irhw_sweep_row *t = realloc(a, (cap *= 2) * sizeof *a);
            if (!t)
                break;
            a = t;
        }
        snprintf(path, sizeof path, "%s/runs/%s/result.txt", dir, l);
        rc = irhw_row_read(path, &a[k], err, errlen);
        k += !rc;
    }
    free(text);
    if (!a)
        return irhw_err(err, errlen, "out of memory reading %s", dir);
    if (rc) {
        free(a);
        return -1;
    }
    *rows = a;
    *n = k;
    return 0;
}

/* ---- rows of `irhw run` ---- */

int irhw_row_from_run(irhw_sweep_row *row, const irhw_inst *x, const char *verdict,
                      double cycles_per_s, const irhw_area_res *a)
{
    const irhw_block *b = x->b;
    memset(row, 0, sizeof *row);
    snprintf(row->block, sizeof row->block, "%s", b->name);
    for (unsigned i = 0; i < b->nparams && i < IRHW_MAX_PARAMS; i++) {
        snprintf(row->pname[i], sizeof row->pname[i], "%s", b->params[i].name);
        irhw_param_text(b, &x->c, i, row->pval[i], sizeof row->pval[i]);
        row->nparams++;
    }
    char params[1024];
    irhw_cfg_format(b, &x->c, " ", params, sizeof params);
    uint64_t h = irhw_hash(IRHW_HASH_INIT, irhw_tool_version(), strlen(irhw_tool_version()));
    h = irhw_hash(h, "run", 4);
    h = irhw_hash(h, b->name, strlen(b->name) + 1);
    h = irhw_hash(h, params, strlen(params));
    snprintf(row->key, sizeof row->key, "%016" PRIx64, h);
    snprintf(row->steps, sizeof row->steps, "gen,cosim%s", a ? ",area" : "");
    snprintf(row->verdict, sizeof row->verdict, "%s", verdict);
    snprintf(row->version, sizeof row->version, "%s", irhw_tool_version());
    row->cycles_per_s = cycles_per_s;
    if (a) {
        row->have_area = 1;
        row->total_um2 = a->total_um2;
        row->logic_um2 = a->logic_um2;
        row->ff_um2 = a->ff_storage_um2;
        row->sram_um2 = a->sram_um2;
        row->storage_bits = a->storage_bits;
        row->have_sta = a->have_sta;
        row->crit_ns = a->crit_ns;
        snprintf(row->library, sizeof row->library, "%s", a->library);
        snprintf(row->node, sizeof row->node, "%s", a->node);
        snprintf(row->sram_source, sizeof row->sram_source, "%s", a->sram_source);
        row->own_um2 = a->own_um2;
        for (unsigned i = 0; i < a->nparts && i < IRHW_ROW_PARTS; i++) {
            snprintf(row->parts[i].module, sizeof row->parts[i].module, "%s", a->parts[i].module);
            row->parts[i].count = a->parts[i].count;
            row->parts[i].um2 = a->parts[i].um2;
            row->nparts++;
        }
        irhw_area_fig fig = {a->total_um2, a->logic_um2,    a->ff_storage_um2,
                             a->sram_um2,  a->storage_bits, a->cells,
                             a->flops,     a->library,      a->node};
        if (b->area_notes)
            row->nnotes = b->area_notes(x, &fig, row->notes, IRHW_ROW_NOTES);
    }
    return 0;
}

int irhw_results_save(const char *dir, const irhw_sweep_row *rows, int n, char *err, size_t errlen)
{
    char path[4300];
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/runs/%s", dir, rows[i].key);
        if (irhw_mkdirs(path))
            return irhw_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
        snprintf(path, sizeof path, "%s/runs/%s/result.txt", dir, rows[i].key);
        if (irhw_row_write(path, &rows[i], err, errlen))
            return -1;
    }
    return irhw_results_write(dir, rows, n, err, errlen);
}
