/*
 * liberty.c — the liberty a synthesis runs on: gunzipped when needed, and
 * copied without the cells no synthesis flow should pick (sky130 lpflow_*,
 * probe, tap, decap, fill, diode, conb); on the way it learns the library
 * name, the flip-flop cells and the smallest plain buffer (ABC's input
 * driver). Removing cells works for every tool, whether or not it honours
 * dont_use.
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"
#include "lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- string list --------------------------------------------------------- */

int area_strlist_add(strlist *l, const char *s, size_t len)
{
    if (area_grow(&l->s, l->n, &l->cap, sizeof *l->s))
        return -1;
    char *c = malloc(len + 1);
    if (!c)
        return -1;
    memcpy(c, s, len);
    c[len] = '\0';
    l->s[l->n++] = c;
    return 0;
}

int area_strlist_has(const strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->s[i], s) == 0)
            return 1;
    return 0;
}

void area_strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

/* ---- liberty preparation --------------------------------------------------- */

/* Cells no synthesis flow should use for general logic. */
static int skip_cell(const char *name)
{
    static const char *const bad[] = {"lpflow_", "probe", "tapvpwrvgnd", "_tap", "decap",
                                      "fill",    "diode", "conb",        NULL};
    for (unsigned i = 0; bad[i]; i++)
        if (strstr(name, bad[i]))
            return 1;
    return 0;
}

int area_lib_group(const char *line, const char *kw, char *name, size_t len)
{
    const char *p = line + strspn(line, " \t");
    size_t kl = strlen(kw);
    if (strncmp(p, kw, kl) != 0)
        return 0;
    p += kl;
    p += strspn(p, " \t");
    if (*p != '(')
        return 0;
    p++;
    p += strspn(p, " \t\"");
    size_t n = strcspn(p, "\"), \t");
    if (n == 0 || n >= len)
        return 0;
    memcpy(name, p, n);
    name[n] = '\0';
    return 1;
}

int area_lib_brace_delta(const char *line)
{
    int d = 0, quoted = 0;
    for (const char *p = line; *p; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (!quoted && *p == '{')
            d++;
        else if (!quoted && *p == '}')
            d--;
    }
    return d;
}

/* What the filter learns about the cell it is inside. */
typedef struct {
    char name[160];
    double area;
    char pin[64];      /* current pin group */
    char in_pin[64];   /* its input pin, if it has one */
    char out_func[64]; /* its output's function, if a plain pin name */
    unsigned inputs, outputs;
    int stateful; /* ff, latch, statetable or three-state */
    int seq;      /* listed in lib_info.seq (it has an ff group) */
} cell_scan;

/* Notes a line of a (kept) cell's body into cs. */
static void scan_cell_line(const char *line, cell_scan *cs)
{
    const char *p = line + strspn(line, " \t");
    const char *colon = strchr(p, ':');
    char name[64];
    if (area_lib_group(p, "pin", name, sizeof name))
        snprintf(cs->pin, sizeof cs->pin, "%s", name);
    if (strncmp(p, "area", 4) == 0 && colon)
        cs->area = strtod(colon + 1, NULL);
    if (strncmp(p, "ff", 2) == 0 || strncmp(p, "latch", 5) == 0 ||
        strncmp(p, "statetable", 10) == 0 || strncmp(p, "three_state", 11) == 0)
        cs->stateful = 1;
    const char *dir = strstr(p, "direction"); /* may share the pin's line */
    const char *dcolon = dir ? strchr(dir, ':') : NULL;
    if (dcolon) {
        dcolon += strspn(dcolon, ": \t\"");
        if (strncmp(dcolon, "input", 5) == 0) {
            cs->inputs++;
            snprintf(cs->in_pin, sizeof cs->in_pin, "%s", cs->pin);
        } else if (strncmp(dcolon, "output", 6) == 0) {
            cs->outputs++;
        }
    }
    if (strncmp(p, "function", 8) == 0 && colon) { /* "A", "(A)" */
        const char *v = colon + 1;
        v += strspn(v, " \t\"(");
        size_t n = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
        const char *after = v + n + strspn(v + n, ") \t");
        if (n > 0 && n < sizeof cs->out_func && strchr("\";\r\n", *after))
            snprintf(cs->out_func, sizeof cs->out_func, "%.*s", (int)n, v);
    }
}

/* At the end of a kept cell: flip-flop list, smallest buffer. */
static void end_cell(const cell_scan *cs, lib_info *li)
{
    if (cs->area > 0)
        li->with_area++;
    int buffer = cs->inputs == 1 && cs->outputs == 1 && cs->out_func[0] &&
                 strcmp(cs->out_func, cs->in_pin) == 0;
    if (buffer && !cs->stateful && cs->area > 0 && (!li->buf_cell[0] || cs->area < li->buf_area)) {
        snprintf(li->buf_cell, sizeof li->buf_cell, "%s", cs->name);
        li->buf_area = cs->area;
    }
}

/* Copies the liberty src (called name in messages) to dst without the
 * skipped cells. A file that is not a usable liberty is IRHW_EINPUT. */
static int filter_liberty(const char *src, const char *name, const char *dst, lib_info *li,
                          char *err, size_t errlen)
{
    irhw_lines in;
    char lerr[IRHW_ERRLEN];
    if (irhw_lines_open(&in, src, IRHW_LINE_MAX, lerr, sizeof lerr))
        return irhw_err(err, errlen, "liberty %s", lerr);
    in.name = name;
    irhw_out *o = irhw_out_open(dst, err, errlen);
    if (!o) {
        irhw_lines_close(&in);
        return -1;
    }
    FILE *out = irhw_out_file(o);
    char *line;
    size_t n;
    long depth = 0, skip_until = -1, cell_depth = -1;
    int rc = 0, got;
    cell_scan cs;
    memset(&cs, 0, sizeof cs);
    while ((got = irhw_lines_next(&in, &line, &n, lerr, sizeof lerr)) > 0) {
        char gname[160];
        if (depth == 0 && !li->name[0] && area_lib_group(line, "library", gname, sizeof gname))
            snprintf(li->name, sizeof li->name, "%s", gname);
        if (skip_until < 0 && depth == 1 && area_lib_group(line, "cell", gname, sizeof gname)) {
            li->cells++;
            memset(&cs, 0, sizeof cs);
            snprintf(cs.name, sizeof cs.name, "%s", gname);
            cell_depth = depth;
            if (skip_cell(gname)) {
                li->skipped++;
                skip_until = depth;
            }
        }
        if (skip_until < 0 && cell_depth >= 0) {
            scan_cell_line(line, &cs);
            if (depth == cell_depth + 1 && !cs.seq &&
                area_lib_group(line, "ff", gname, sizeof gname)) {
                cs.seq = 1;
                rc |= area_strlist_add(&li->seq, cs.name, strlen(cs.name));
            }
        }
        depth += area_lib_brace_delta(line);
        if (skip_until < 0) {
            fputs(line, out);
            fputc('\n', out);
        } else if (depth <= skip_until) {
            skip_until = -1;
        }
        if (cell_depth >= 0 && depth <= cell_depth) {
            if (skip_until < 0 && !skip_cell(cs.name))
                end_cell(&cs, li);
            cell_depth = -1;
        }
    }
    int empty = in.line == 0, read_error = got < 0 && ferror(in.f);
    irhw_lines_close(&in);
    if (got < 0 || rc) {
        irhw_out_abort(o);
        if (rc)
            return irhw_err(err, errlen, "out of memory reading %s", name);
        if (read_error)
            return irhw_err(err, errlen, "liberty %s", lerr);
        return irhw_err_input(err, errlen, "liberty %s", lerr);
    }
    if (empty || !li->name[0]) {
        irhw_out_abort(o);
        return irhw_err_input(err, errlen, "%s is not a liberty file (%s)", name,
                              empty ? "it is empty" : "no library group");
    }
    if (li->cells == li->skipped) {
        irhw_out_abort(o);
        return irhw_err_input(err, errlen, "liberty %s has no usable cells", name);
    }
    if (!li->with_area) {
        irhw_out_abort(o);
        return irhw_err_input(err, errlen,
                              "liberty %s gives no cell areas (no cell has an area above 0): "
                              "no area can be computed from it",
                              name);
    }
    return irhw_out_commit(o, err, errlen);
}

int area_filter_liberty(const char *src, const char *dst, lib_info *li, char *err, size_t errlen)
{
    return filter_liberty(src, src, dst, li, err, errlen);
}

static int is_gzip(const char *path)
{
    unsigned char m[2] = {0, 0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(m, 1, 2, f);
    fclose(f);
    return n == 2 && m[0] == 0x1f && m[1] == 0x8b;
}

/* Makes workdir/cells.lib from the user's (maybe gzipped) liberty. */
int area_prepare_liberty(const char *lib, const char *workdir, char *dst, size_t dstlen,
                         lib_info *li, char *err, size_t errlen)
{
    if (access(lib, R_OK) != 0)
        return irhw_err(err, errlen, "cannot read liberty %s: %s", lib, strerror(errno));
    struct stat st;
    if (stat(lib, &st) != 0)
        return irhw_err(err, errlen, "cannot read liberty %s: %s", lib, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return irhw_err_input(err, errlen, "liberty %s is not a regular file", lib);
    if (area_path_join(dst, dstlen, workdir, "cells.lib"))
        return irhw_err(err, errlen, "work folder path too long");
    if (!is_gzip(lib))
        return area_filter_liberty(lib, dst, li, err, errlen);

    char raw[PATHLEN];
    if (area_path_join(raw, sizeof raw, workdir, "liberty_gunzipped.lib"))
        return irhw_err(err, errlen, "work folder path too long");
    if (!irhw_find_in_path("gzip"))
        return irhw_err(err, errlen, "%s is gzipped and gzip is not installed", lib);
    char *argv[] = {"gzip", "-dc", (char *)lib, NULL};
    int rc = area_run_tool(argv, raw, err, errlen);
    if (rc != 0) {
        remove(raw);
        if (rc < 0)
            return -1;
        /* whole gzip data that could not be written out is the system's
         * failure (a full disk, a file size limit), not the input's */
        char *test[] = {"gzip", "-t", (char *)lib, NULL};
        char e2[256];
        if (area_run_tool(test, "/dev/null", e2, sizeof e2) == 0)
            return irhw_err(err, errlen, "cannot write %s (gzip -dc %s exits %d)", raw, lib, rc);
        return irhw_err_input(err, errlen, "liberty %s: not whole gzip data (gzip -dc exits %d)",
                              lib, rc);
    }
    rc = filter_liberty(raw, lib, dst, li, err, errlen);
    remove(raw);
    return rc;
}

int irhw_liberty_check(const char *lib, char *err, size_t errlen)
{
    const char *tmp = getenv("TMPDIR");
    char dir[PATHLEN];
    snprintf(dir, sizeof dir, "%s/irhw-liberty.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return irhw_err(err, errlen, "cannot create %s: %s", dir, strerror(errno));
    char dst[PATHLEN];
    lib_info li;
    memset(&li, 0, sizeof li);
    int rc = area_prepare_liberty(lib, dir, dst, sizeof dst, &li, err, errlen);
    area_strlist_free(&li.seq);
    irhw_remove_tree(dir);
    return rc;
}
