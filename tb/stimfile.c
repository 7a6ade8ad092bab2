/*
 * stimfile.c — CSV input traces (the format is in stimfile.h).
 */
#include "stimfile.h"

#include "lines.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

void irhw_rows_init(irhw_rows *r, unsigned words)
{
    memset(r, 0, sizeof *r);
    r->words = words;
}

void irhw_rows_free(irhw_rows *r)
{
    free(r->v);
    r->v = NULL;
    r->n = r->cap = 0;
}

int irhw_rows_push(irhw_rows *r, const uint64_t *in)
{
    if (r->n == r->cap) {
        uint64_t ncap = r->cap ? 2 * r->cap : 1024;
        uint64_t *nv = realloc(r->v, ncap * r->words * sizeof *nv);
        if (!nv)
            return -1;
        r->v = nv;
        r->cap = ncap;
    }
    memcpy(irhw_row(r, r->n++), in, r->words * sizeof *in);
    return 0;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

int irhw_parse_value(const char *t, size_t n, unsigned width, uint64_t *w, const char **why)
{
    static const char *nan = "is not a number (decimal, or hexadecimal with 0x)";
    unsigned nw = irhw_words(width);
    memset(w, 0, nw * sizeof *w);
    if (!n)
        return *why = "is empty", -1;
    if (n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        unsigned bit = 0;
        for (size_t i = n; i > 2; i--) {
            char ch = t[i - 1];
            if (ch == '_')
                continue;
            unsigned d;
            if (ch >= '0' && ch <= '9')
                d = (unsigned)(ch - '0');
            else if (ch >= 'a' && ch <= 'f')
                d = (unsigned)(ch - 'a' + 10);
            else if (ch >= 'A' && ch <= 'F')
                d = (unsigned)(ch - 'A' + 10);
            else
                return *why = nan, -1;
            for (unsigned k = 0; k < 4; k++, bit++)
                if (d >> k & 1) {
                    if (bit >= width)
                        return *why = "does not fit in the port's width", -1;
                    w[bit / 64] |= (uint64_t)1 << (bit % 64);
                }
        }
        return 0;
    }
    unsigned long long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)t[i]))
            return *why = nan, -1;
        unsigned dgt = (unsigned)(t[i] - '0');
        if (x > (ULLONG_MAX - dgt) / 10)
            return *why = "does not fit in 64 bits (write wide values in hexadecimal)", -1;
        x = 10 * x + dgt;
    }
    if (width < 64 && x >> width)
        return *why = "does not fit in the port's width", -1;
    w[0] = x;
    return 0;
}

int irhw_stimfile_read(const char *path, const irhw_ports *ps, irhw_rows *r, char *err,
                       size_t errlen)
{
    irhw_rows_init(r, ps->in_words);
    irhw_lines in;
    if (irhw_lines_open(&in, path, IRHW_LINE_MAX, err, errlen))
        return -1;
    int col_port[IRHW_MAX_PORTS]; /* column -> port */
    unsigned ncol = 0, nin = 0;
    for (unsigned i = 0; i < ps->n; i++)
        nin += ps->p[i].dir == IRHW_IN;
    char *line;
    size_t len;
    unsigned long lineno = 0;
    int have_header = 0, rc = 0, got;
    uint64_t *row = calloc(ps->in_words + 1, sizeof *row);
    uint64_t *val = calloc(ps->in_words + 1, sizeof *val);
    if (!row || !val) {
        rc = irhw_err(err, errlen, "%s: out of memory", path);
        goto done;
    }
    while ((got = irhw_lines_next(&in, &line, &len, err, errlen)) > 0) {
        lineno = in.line;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        unsigned c = 0;
        char *save = NULL;
        if (!have_header) {
            unsigned seen = 0;
            for (char *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save), c++) {
                t = trim(t);
                int p = irhw_port_find(ps, t);
                if (p < 0 || ps->p[p].dir != IRHW_IN) {
                    rc = irhw_err(err, errlen,
                                  "%s:%lu: column %u: '%s' is not an input port of this block "
                                  "(the header names every input port once)",
                                  path, lineno, c + 1, t);
                    goto done;
                }
                for (unsigned k = 0; k < c; k++)
                    if (col_port[k] == p) {
                        rc = irhw_err(err, errlen, "%s:%lu: column %u: '%s' appears twice", path,
                                      lineno, c + 1, t);
                        goto done;
                    }
                col_port[c] = p;
                seen++;
            }
            ncol = c;
            if (seen != nin)
                for (unsigned i = 0; i < ps->n; i++) {
                    int found = ps->p[i].dir != IRHW_IN;
                    for (unsigned k = 0; k < ncol && !found; k++)
                        found = col_port[k] == (int)i;
                    if (!found) {
                        rc = irhw_err(err, errlen,
                                      "%s:%lu: missing column '%s' (the header names every "
                                      "input port once)",
                                      path, lineno, ps->p[i].name);
                        goto done;
                    }
                }
            have_header = 1;
            continue;
        }
        memset(row, 0, ps->in_words * sizeof *row);
        /* strtok_r would merge empty fields: split by hand */
        char *t = s;
        for (;; c++) {
            char *comma = strchr(t, ',');
            if (comma)
                *comma = 0;
            if (c >= ncol) {
                rc = irhw_err(err, errlen, "%s:%lu: more values than the header's %u columns", path,
                              lineno, ncol);
                goto done;
            }
            const irhw_port *p = &ps->p[col_port[c]];
            const char *why;
            char *v = trim(t);
            if (irhw_parse_value(v, strlen(v), p->width, val, &why)) {
                rc = irhw_err(err, errlen, "%s:%lu: column %u (%s, %u bit%s): value '%s' %s", path,
                              lineno, c + 1, p->name, p->width, p->width == 1 ? "" : "s", v, why);
                goto done;
            }
            memcpy(row + p->off, val, irhw_words(p->width) * sizeof *val);
            if (!comma)
                break;
            t = comma + 1;
        }
        if (c + 1 != ncol) {
            rc = irhw_err(err, errlen, "%s:%lu: %u values, the header has %u columns", path, lineno,
                          c + 1, ncol);
            goto done;
        }
        if (irhw_rows_push(r, row)) {
            rc = irhw_err(err, errlen, "%s: out of memory at line %lu", path, lineno);
            goto done;
        }
    }
    if (got < 0)
        rc = -1;
    else if (!have_header)
        rc = irhw_err(err, errlen, "%s:%lu: no header line (the input port names)", path, lineno);
    else if (!r->n)
        rc = irhw_err(err, errlen, "%s:%lu: no cycles after the header", path, lineno);
done:
    free(row);
    free(val);
    irhw_lines_close(&in);
    if (rc)
        irhw_rows_free(r);
    return rc;
}

void irhw_csv_header(FILE *f, const irhw_ports *ps)
{
    int k = 0;
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].dir == IRHW_IN)
            fprintf(f, "%s%s", k++ ? "," : "", ps->p[i].name);
    fputc('\n', f);
}

uint64_t irhw_csv_row_bytes(const irhw_ports *ps)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].dir == IRHW_IN)
            n += 1 + (ps->p[i].width == 1 ? 1 : 2 + (ps->p[i].width + 3) / 4);
    return n; /* a comma after each but the last, and the newline */
}

void irhw_csv_row(FILE *f, const irhw_ports *ps, const uint64_t *in)
{
    int k = 0;
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        if (p->dir != IRHW_IN)
            continue;
        if (k++)
            fputc(',', f);
        const uint64_t *w = in + p->off;
        if (p->width == 1) {
            fputc(w[0] ? '1' : '0', f);
            continue;
        }
        int nw = (int)irhw_words(p->width), started = 0;
        fputs("0x", f);
        for (int j = nw - 1; j >= 0; j--) {
            if (started)
                fprintf(f, "%016" PRIx64, w[j]);
            else if (w[j] || j == 0) {
                fprintf(f, "%" PRIx64, w[j]);
                started = 1;
            }
        }
    }
    fputc('\n', f);
}

int irhw_stimfile_write(const char *path, const irhw_ports *ps, const irhw_rows *r,
                        const char *comment, char *err, size_t errlen)
{
    irhw_out *o = irhw_out_open(path, err, errlen);
    if (!o)
        return -1;
    FILE *f = irhw_out_file(o);
    if (comment)
        fprintf(f, "# %s\n", comment);
    irhw_csv_header(f, ps);
    for (uint64_t i = 0; i < r->n; i++)
        irhw_csv_row(f, ps, irhw_row(r, i));
    return irhw_out_commit(o, err, errlen);
}
