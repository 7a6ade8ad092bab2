/*
 * sram_table.c — SRAM areas a user supplies for their own macros
 * (`irhw area --sram-table FILE`, also `irhw sweep --sram-table`): a text
 * file, one macro per line, "words width um2" (spaces, tabs or commas
 * between; '#' starts a comment). A macro type of the design found in the
 * table is priced from it; any other keeps the SRAM model's area.
 */
#include "area.h"
#include "lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_MAX 256

typedef struct {
    unsigned words, width;
    double um2;
} table_row;

static int read_table(const char *path, table_row *t, int *n, char *err, size_t errlen)
{
    irhw_lines in;
    char e2[IRHW_ERRLEN];
    if (irhw_lines_open(&in, path, IRHW_LINE_MAX, e2, sizeof e2))
        return irhw_err(err, errlen, "SRAM table %s", e2);
    int rc = 0, got;
    char *p;
    size_t len;
    *n = 0;
    while (!rc && (got = irhw_lines_next(&in, &p, &len, e2, sizeof e2)) != 0) {
        if (got < 0) {
            rc = irhw_err(err, errlen, "SRAM table %s", e2);
            break;
        }
        char *hash = strchr(p, '#');
        if (hash)
            *hash = 0;
        for (char *c = p; *c; c++)
            if (*c == ',' || *c == '\t' || *c == '\r')
                *c = ' ';
        char line[84], *save = NULL, *f[4] = {NULL};
        snprintf(line, sizeof line, "%s", p); /* for the message: strtok_r cuts p */
        int k = 0;
        for (char *t = strtok_r(p, " ", &save); t && k < 4; t = strtok_r(NULL, " ", &save))
            f[k++] = t;
        uint64_t w = 0, b = 0;
        double a = 0;
        if (k == 0) {
            /* blank or comment */
        } else if (k != 3 || irhw_parse_uint(f[0], &w) || irhw_parse_uint(f[1], &b) ||
                   irhw_parse_real(f[2], &a) || w < 1 || b < 1 || w > 1u << 30 || b > 1u << 20 ||
                   !(a > 0))
            rc = irhw_err(err, errlen,
                          "SRAM table %s line %lu: expected \"words width um2\" (whole numbers "
                          "and an area > 0), got \"%.80s\"",
                          path, in.line, line);
        else if (*n == TABLE_MAX)
            rc = irhw_err(err, errlen, "SRAM table %s: more than %d macros", path, TABLE_MAX);
        else
            t[(*n)++] = (table_row){(unsigned)w, (unsigned)b, a};
    }
    irhw_lines_close(&in);
    return rc;
}

int irhw_sram_table_price(const char *path, const irhw_storage *st, unsigned node, double *um2,
                          char *source, size_t slen, char *err, size_t errlen)
{
    table_row t[TABLE_MAX];
    int n = 0;
    if (read_table(path, t, &n, err, errlen))
        return -1;
    double area = 0;
    int from_table = 0, from_model = 0;
    for (unsigned i = 0; st && i < st->nsrams && i < IRHW_MAX_SRAMS; i++) {
        const irhw_sram *s = &st->srams[i];
        int k = 0;
        while (k < n && !(t[k].words == s->words && t[k].width == s->width))
            k++;
        if (k < n) {
            area += s->count * t[k].um2;
            from_table++;
        } else {
            area += s->count * irhw_sram_area_um2(s->words, s->width, node);
            from_model++;
        }
    }
    *um2 = area;
    snprintf(source, slen, "user table %s for %d macro type(s)%s", path, from_table,
             from_model ? ", analytic model (area/sram_model.c) for the others" : "");
    return 0;
}
