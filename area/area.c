/*
 * area.c — area and critical path of generated RTL, and the area reports.
 *
 * irhw_area_run drives external tools through scripts written into the
 * request's work folder from templates in IRHW_ROOT/synth_scripts/:
 *
 *  1. The liberty is copied into the work folder as cells.lib: gunzipped
 *     (`gzip -dc`) when it is gzip data (Yosys 0.23 cannot read .lib.gz),
 *     and without the cells no synthesis flow should pick (sky130
 *     lpflow_*, probe, tap, decap, fill, diode, conb). Removing them works
 *     for every tool, whether or not it honours dont_use. The same pass
 *     reads the library name, the names of the flip-flop cells and the
 *     smallest plain buffer (ABC's input driver).
 *  2. Yosys (synth.ys.in) reads the design (leaf cells it does not include
 *     come from IRHW_ROOT/rtl/<module>.v), synthesizes with hierarchy kept,
 *     writes a flat generic-gate netlist for simulation (netlist.v), maps
 *     onto the liberty (ABC buffers high-fanout nets, see abc_options),
 *     writes `stat -liberty` to stat.txt, and writes a flat mapped netlist
 *     for OpenSTA (sta_netlist.v). irhw_sram_1rw is a black box.
 *  3. stat.txt is parsed per module (Yosys 0.23's `stat -json` has no
 *     area). Instance counts come from walking the module/cell-type tree
 *     from the top, so several configurations and instances of each leaf
 *     are counted right. A module whose name (after Yosys' $paramod
 *     prefix) starts with irhw_regfile_ — and everything under it — is
 *     flip-flop storage; other modules are logic; irhw_sram_1rw instances
 *     are priced with irhw_sram_area_um2 from the request's storage list.
 *     Their number must match the list's total count, else it is an error
 *     (a storage() callback out of step with the RTL).
 *  4. With want_sta, OpenSTA (sta.tcl.in) times the mapped netlist; the
 *     SRAM macros are cut out by Yosys and modelled as port delays (see
 *     sram_timing below). The worst path's arrival time, start and end are
 *     parsed from the report; a flip-flop end is named by its Q net.
 *
 * The SRAM model's node is 130 nm for a liberty whose name or path
 * contains "sky130", 45 nm for the default library and otherwise 45 nm
 * with a note in r->node. Tools run through fork/exec (no shell), with
 * output to log files in the work folder. Paths containing white space
 * or quotes are refused, since they would break the Yosys script.
 */
#define _POSIX_C_SOURCE 200809L

#include "area.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef IRHW_ROOT
#define IRHW_ROOT "."
#endif

#define PATHLEN 1024

/* ---- small helpers ------------------------------------------------------ */

static const char *root_dir(void)
{
    const char *r = getenv("IRHW_ROOT");
    return (r && *r) ? r : IRHW_ROOT;
}

static int path_join(char *buf, size_t len, const char *dir, const char *name)
{
    int n = snprintf(buf, len, "%s/%s", dir, name);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

/* Is `name` an executable in $PATH (or a path to one)? */
static int find_in_path(const char *name)
{
    if (strchr(name, '/'))
        return access(name, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        const char *end = strchr(path, ':');
        size_t n = end ? (size_t)(end - path) : strlen(path);
        char buf[PATHLEN];
        if (n > 0 && n + strlen(name) + 2 < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
            if (access(buf, X_OK) == 0)
                return 1;
        }
        if (!end)
            break;
        path = end + 1;
    }
    return 0;
}

/* A tool run (model/files.c) with the failure to run, or a signal, as a message. */
static int run_tool(char *const argv[], const char *out_path, char *err, size_t errlen)
{
    int rc = irhw_run(argv, out_path);
    if (rc < 0)
        return irhw_err(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
    if (rc > 128)
        return irhw_err(err, errlen, "%s was killed by signal %d", argv[0], rc - 128);
    return rc;
}

/* memmem without _GNU_SOURCE. */
static const char *mem_find(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (memcmp(hay + i, needle, k) == 0)
            return hay + i;
    return NULL;
}

/* Last line of a text that contains `needle` (or the last non-empty line
 * when needle is NULL), copied into buf without the newline. */
static void last_line_with(const char *text, const char *needle, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!text)
        return;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        int blank = strspn(p, " \t\r") >= n;
        int hit = needle ? (mem_find(p, n, needle) != NULL) : !blank;
        if (hit) {
            while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' '))
                n--;
            snprintf(buf, len, "%.*s", (int)n, p);
        }
        if (!e)
            break;
        p = e + 1;
    }
}

/* Template text with @KEY@ replaced by values; keys[i] without the '@'. */
static char *substitute(const char *tmpl, const char *const *keys, const char *const *vals,
                        size_t nkeys)
{
    size_t cap = strlen(tmpl) + 1;
    for (size_t i = 0; i < nkeys; i++)
        cap += 8 * strlen(vals[i]) + 1; /* each key a few times at most */
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t n = 0;
    for (const char *p = tmpl; *p;) {
        size_t k = nkeys;
        if (*p == '@') {
            for (k = 0; k < nkeys; k++) {
                size_t kl = strlen(keys[k]);
                if (strncmp(p + 1, keys[k], kl) == 0 && p[1 + kl] == '@')
                    break;
            }
        }
        if (k < nkeys) {
            size_t vl = strlen(vals[k]);
            if (n + vl + 1 > cap) {
                char *t = realloc(out, (cap = 2 * (n + vl + 1)));
                if (!t) {
                    free(out);
                    return NULL;
                }
                out = t;
            }
            memcpy(out + n, vals[k], vl);
            n += vl;
            p += strlen(keys[k]) + 2;
        } else {
            if (n + 2 > cap) {
                char *t = realloc(out, (cap = 2 * (n + 2)));
                if (!t) {
                    free(out);
                    return NULL;
                }
                out = t;
            }
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    return out;
}

/* Reads IRHW_ROOT/synth_scripts/<name>, substitutes, writes to `dst`. */
static int write_script(const char *name, const char *dst, const char *const *keys,
                        const char *const *vals, size_t nkeys, char *err, size_t errlen)
{
    char src[PATHLEN];
    snprintf(src, sizeof src, "%s/synth_scripts/%s", root_dir(), name);
    char *tmpl = irhw_read_file(src, NULL);
    if (!tmpl)
        return irhw_err(err, errlen,
                        "cannot read script template %s: %s (set IRHW_ROOT to the "
                        "irhw source tree)",
                        src, strerror(errno));
    char *text = substitute(tmpl, keys, vals, nkeys);
    free(tmpl);
    if (!text)
        return irhw_err(err, errlen, "out of memory");
    int rc = irhw_write_file(dst, text, err, errlen);
    free(text);
    return rc;
}

static int safe_path(const char *what, const char *p, char *err, size_t errlen)
{
    if (strpbrk(p, " \t\n\"'\\;"))
        return irhw_err(err, errlen,
                        "%s path \"%s\" contains white space, a quote, ';' or "
                        "'\\': not supported in the Yosys script",
                        what, p);
    return 0;
}

/* ---- string list --------------------------------------------------------- */

typedef struct {
    char **s;
    size_t n, cap;
} strlist;

static int strlist_add(strlist *l, const char *s, size_t len)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        char **t = realloc(l->s, cap * sizeof *t);
        if (!t)
            return -1;
        l->s = t;
        l->cap = cap;
    }
    char *c = malloc(len + 1);
    if (!c)
        return -1;
    memcpy(c, s, len);
    c[len] = '\0';
    l->s[l->n++] = c;
    return 0;
}

static int strlist_has(const strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->s[i], s) == 0)
            return 1;
    return 0;
}

static void strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

/* ---- liberty preparation --------------------------------------------------- */

typedef struct {
    char name[160]; /* library ("name") */
    strlist seq;    /* cells with an ff group */
    unsigned cells, skipped;
    char buf_cell[160]; /* smallest plain buffer (drives ABC's inputs), or "" */
    double buf_area;
} lib_info;

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

/* If `line` opens a group `kw ( "name" )` / `kw (name)`, copy the name. */
static int group_name(const char *line, const char *kw, char *name, size_t len)
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
    size_t n = strcspn(p, "\") \t");
    if (n == 0 || n >= len)
        return 0;
    memcpy(name, p, n);
    name[n] = '\0';
    return 1;
}

/* Change of brace depth on a line, ignoring braces inside strings. */
static int brace_delta(const char *line)
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
} cell_scan;

/* Notes a line of a (kept) cell's body into cs. */
static void scan_cell_line(const char *line, cell_scan *cs)
{
    const char *p = line + strspn(line, " \t");
    const char *colon = strchr(p, ':');
    char name[64];
    if (group_name(p, "pin", name, sizeof name))
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
    int buffer = cs->inputs == 1 && cs->outputs == 1 && cs->out_func[0] &&
                 strcmp(cs->out_func, cs->in_pin) == 0;
    if (buffer && !cs->stateful && cs->area > 0 && (!li->buf_cell[0] || cs->area < li->buf_area)) {
        snprintf(li->buf_cell, sizeof li->buf_cell, "%s", cs->name);
        li->buf_area = cs->area;
    }
}

/* Copies the liberty `src` to `dst` without the skipped cells. */
static int filter_liberty(const char *src, const char *dst, lib_info *li, char *err, size_t errlen)
{
    FILE *in = fopen(src, "r");
    if (!in)
        return irhw_err(err, errlen, "cannot read liberty %s: %s", src, strerror(errno));
    FILE *out = fopen(dst, "w");
    if (!out) {
        fclose(in);
        return irhw_err(err, errlen, "cannot write %s: %s", dst, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0;
    int depth = 0, skip_until = -1, cell_depth = -1, rc = 0;
    cell_scan cs;
    memset(&cs, 0, sizeof cs);
    while (getline(&line, &cap, in) >= 0) {
        char name[160];
        if (depth == 0 && !li->name[0] && group_name(line, "library", name, sizeof name))
            snprintf(li->name, sizeof li->name, "%s", name);
        if (skip_until < 0 && depth == 1 && group_name(line, "cell", name, sizeof name)) {
            li->cells++;
            memset(&cs, 0, sizeof cs);
            snprintf(cs.name, sizeof cs.name, "%s", name);
            cell_depth = depth;
            if (skip_cell(name)) {
                li->skipped++;
                skip_until = depth;
            }
        }
        if (skip_until < 0 && cell_depth >= 0) {
            scan_cell_line(line, &cs);
            if (depth == cell_depth + 1 && group_name(line, "ff", name, sizeof name) &&
                !strlist_has(&li->seq, cs.name))
                rc |= strlist_add(&li->seq, cs.name, strlen(cs.name));
        }
        depth += brace_delta(line);
        if (skip_until < 0)
            fputs(line, out);
        else if (depth <= skip_until)
            skip_until = -1;
        if (cell_depth >= 0 && depth <= cell_depth) {
            if (skip_until < 0 && !skip_cell(cs.name))
                end_cell(&cs, li);
            cell_depth = -1;
        }
    }
    free(line);
    fclose(in);
    if (fclose(out) != 0 || rc)
        return irhw_err(err, errlen, "cannot write %s", dst);
    if (!li->name[0])
        return irhw_err(err, errlen, "%s is not a liberty file (no library group)", src);
    if (li->cells == li->skipped)
        return irhw_err(err, errlen, "liberty %s has no usable cells", src);
    return 0;
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
static int prepare_liberty(const char *lib, const char *workdir, char *dst, size_t dstlen,
                           lib_info *li, char *err, size_t errlen)
{
    if (access(lib, R_OK) != 0)
        return irhw_err(err, errlen, "cannot read liberty %s: %s", lib, strerror(errno));
    struct stat st;
    if (stat(lib, &st) != 0 || !S_ISREG(st.st_mode))
        return irhw_err(err, errlen, "liberty %s is not a regular file", lib);
    if (path_join(dst, dstlen, workdir, "cells.lib"))
        return irhw_err(err, errlen, "work folder path too long");
    if (!is_gzip(lib))
        return filter_liberty(lib, dst, li, err, errlen);

    char raw[PATHLEN];
    if (path_join(raw, sizeof raw, workdir, "liberty_gunzipped.lib"))
        return irhw_err(err, errlen, "work folder path too long");
    if (!find_in_path("gzip"))
        return irhw_err(err, errlen, "%s is gzipped and gzip is not installed", lib);
    char *argv[] = {"gzip", "-dc", (char *)lib, NULL};
    int rc = run_tool(argv, raw, err, errlen);
    if (rc != 0) {
        remove(raw);
        return rc < 0 ? -1 : irhw_err(err, errlen, "cannot decompress %s (gzip exit %d)", lib, rc);
    }
    rc = filter_liberty(raw, dst, li, err, errlen);
    remove(raw);
    return rc;
}

/* ---- yosys stat parsing ------------------------------------------------------ */

typedef struct {
    char *type;
    unsigned long count;
} stat_cell;

typedef struct {
    char *name;
    double area;
    stat_cell *cells;
    size_t ncells, cap;
} stat_module;

typedef struct {
    stat_module *m;
    size_t n, cap;
} stat_design;

static void stat_free(stat_design *d)
{
    for (size_t i = 0; i < d->n; i++) {
        for (size_t j = 0; j < d->m[i].ncells; j++)
            free(d->m[i].cells[j].type);
        free(d->m[i].cells);
        free(d->m[i].name);
    }
    free(d->m);
    memset(d, 0, sizeof *d);
}

static stat_module *stat_add_module(stat_design *d, const char *name, size_t len)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 16;
        stat_module *t = realloc(d->m, cap * sizeof *t);
        if (!t)
            return NULL;
        d->m = t;
        d->cap = cap;
    }
    stat_module *m = &d->m[d->n];
    memset(m, 0, sizeof *m);
    if (!(m->name = strndup(name, len)))
        return NULL;
    d->n++;
    return m;
}

static int stat_add_cell(stat_module *m, const char *type, size_t len, unsigned long count)
{
    if (m->ncells == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 16;
        stat_cell *t = realloc(m->cells, cap * sizeof *t);
        if (!t)
            return -1;
        m->cells = t;
        m->cap = cap;
    }
    if (!(m->cells[m->ncells].type = strndup(type, len)))
        return -1;
    m->cells[m->ncells++].count = count;
    return 0;
}

/* "     TYPE    123" → type and count; 0 if the line is not like that. */
static int cell_type_line(const char *p, size_t n, const char **type, size_t *tlen,
                          unsigned long *count)
{
    if (n < 6 || strncmp(p, "     ", 5) != 0)
        return 0;
    const char *t = p + strspn(p, " ");
    const char *end = p + n;
    const char *sp = t;
    while (sp < end && *sp != ' ')
        sp++;
    const char *num = sp;
    while (num < end && *num == ' ')
        num++;
    if (sp == t || num == end || num == sp)
        return 0;
    char *e;
    unsigned long c = strtoul(num, &e, 10);
    if (e != end)
        return 0;
    *type = t;
    *tlen = (size_t)(sp - t);
    *count = c;
    return 1;
}

/* Parses the per-module sections of `stat -liberty` text output. */
static int parse_stat(const char *text, stat_design *d)
{
    stat_module *cur = NULL;
    int in_cells = 0;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n >= 8 && strncmp(p, "=== ", 4) == 0 && strncmp(p + n - 4, " ===", 4) == 0) {
            if (strncmp(p, "=== design hierarchy ===", 24) == 0)
                break;
            if (!(cur = stat_add_module(d, p + 4, n - 8)))
                return -1;
            in_cells = 0;
        } else if (cur && mem_find(p, n, "Number of cells:")) {
            in_cells = 1;
        } else if (cur && in_cells) {
            const char *type;
            size_t tlen;
            unsigned long count;
            if (cell_type_line(p, n, &type, &tlen, &count)) {
                if (stat_add_cell(cur, type, tlen, count))
                    return -1;
            } else {
                in_cells = 0;
            }
        }
        if (cur && !in_cells) {
            const char *a = mem_find(p, n, "Chip area for module");
            const char *colon = a ? mem_find(a, (size_t)(p + n - a), "':") : NULL;
            if (colon)
                cur->area = strtod(colon + 2, NULL);
        }
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

static stat_module *stat_find(stat_design *d, const char *name)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(d->m[i].name, name) == 0)
            return &d->m[i];
    return NULL;
}

/* Module name without Yosys' "$paramod$<hash>\" or "$paramod\" prefix and
 * "\PARAM=..." suffix. */
static void base_name(const char *name, char *buf, size_t len)
{
    if (name[0] == '\\')
        name++;
    if (strncmp(name, "$paramod", 8) == 0) {
        const char *s = strchr(name, '\\');
        if (s) {
            s++;
            snprintf(buf, len, "%.*s", (int)strcspn(s, "\\"), s);
            return;
        }
    }
    snprintf(buf, len, "%s", name);
}

typedef struct {
    double logic, ff;
    unsigned long cells, flops, srams;
} tally;

enum { CLASS_LOGIC, CLASS_FF };

static int walk(stat_design *d, stat_module *m, unsigned long mult, int cls, const lib_info *li,
                tally *t, int depth)
{
    if (depth > 64)
        return -1;
    char base[256];
    base_name(m->name, base, sizeof base);
    if (strncmp(base, "irhw_regfile_", 13) == 0)
        cls = CLASS_FF;
    if (cls == CLASS_FF)
        t->ff += m->area * (double)mult;
    else
        t->logic += m->area * (double)mult;
    for (size_t i = 0; i < m->ncells; i++) {
        const stat_cell *c = &m->cells[i];
        unsigned long k = c->count * mult;
        stat_module *sub = stat_find(d, c->type);
        char cb[256];
        base_name(c->type, cb, sizeof cb);
        if (sub) {
            if (walk(d, sub, k, cls, li, t, depth + 1))
                return -1;
        } else if (strcmp(cb, "irhw_sram_1rw") == 0) {
            t->srams += k;
        } else {
            t->cells += k;
            if (strlist_has(&li->seq, c->type))
                t->flops += k;
        }
    }
    return 0;
}

/* ---- the run ------------------------------------------------------------------ */

static void set_node(const char *lib_path, const lib_info *li, int is_default, irhw_area_res *r,
                     unsigned *node)
{
    if (strstr(li->name, "sky130") || strstr(lib_path, "sky130")) {
        *node = 130;
        snprintf(r->node, sizeof r->node, "%s",
                 strstr(li->name, "sky130_fd_sc_hd") ? "130 nm (sky130hd)" : "130 nm (sky130)");
    } else if (is_default) {
        *node = 45;
        snprintf(r->node, sizeof r->node, "45 nm-class (approximate)");
    } else {
        *node = 45;
        snprintf(r->node, sizeof r->node, "unknown (SRAM model: 45 nm)");
    }
}

/* SRAM macro timing for STA (ns): first-order figures for a small macro,
 * clk->rdata access and input setup; 45 nm: 0.30 / 0.08 (published 45 nm
 * compiler macros of a few kb run at 1-2 GHz); sky130: 1.5 / 0.3 (OpenRAM
 * sky130 macros are specified around 50-100 MHz, so this is optimistic);
 * other nodes scale linearly from 45 nm. */
static void sram_timing(unsigned node, double *access, double *setup)
{
    if (node == 130) {
        *access = 1.5;
        *setup = 0.3;
    } else {
        *access = 0.30 * node / 45.0;
        *setup = 0.08 * node / 45.0;
    }
}

static int yosys_failed(const char *log, const char *out, int rc, char *err, size_t errlen)
{
    char line[300] = "";
    char *text = irhw_read_file(log, NULL);
    last_line_with(text, "ERROR", line, sizeof line);
    free(text);
    if (!line[0]) {
        text = irhw_read_file(out, NULL);
        last_line_with(text, NULL, line, sizeof line);
        free(text);
    }
    return irhw_err(err, errlen, "yosys failed (exit %d), log %s: %s", rc, log,
                    line[0] ? line : "(no error line)");
}

static int price_srams(const irhw_area_req *q, const tally *t, unsigned node, irhw_area_res *r,
                       char *err, size_t errlen)
{
    if (t->srams == 0)
        return 0;
    unsigned long listed = 0;
    double area = 0;
    for (unsigned i = 0; q->storage && i < q->storage->nsrams && i < 8; i++) {
        const irhw_sram *s = &q->storage->srams[i];
        listed += s->count;
        area += s->count * irhw_sram_area_um2(s->words, s->width, node);
    }
    if (listed != t->srams)
        return irhw_err(err, errlen,
                        "the design instantiates %lu irhw_sram_1rw macro(s) but the "
                        "storage list names %lu: cannot price them",
                        t->srams, listed);
    r->sram_um2 = area;
    return 0;
}

static int read_areas(const irhw_area_req *q, const char *stat_path, const lib_info *li,
                      unsigned node, irhw_area_res *r, char *err, size_t errlen)
{
    char *text = irhw_read_file(stat_path, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", stat_path, strerror(errno));
    stat_design d = {0};
    int rc = parse_stat(text, &d);
    free(text);
    stat_module *top = rc ? NULL : stat_find(&d, q->top);
    tally t = {0};
    if (rc)
        rc = irhw_err(err, errlen, "out of memory parsing %s", stat_path);
    else if (!top)
        rc = irhw_err(err, errlen, "top module %s not found in %s", q->top, stat_path);
    else if (walk(&d, top, 1, CLASS_LOGIC, li, &t, 0))
        rc = irhw_err(err, errlen, "module hierarchy in %s too deep", stat_path);
    stat_free(&d);
    if (rc)
        return rc;
    r->logic_um2 = t.logic;
    r->ff_storage_um2 = t.ff;
    r->cells = t.cells;
    r->flops = t.flops;
    if (price_srams(q, &t, node, r, err, errlen))
        return -1;
    r->total_um2 = r->logic_um2 + r->ff_storage_um2 + r->sram_um2;
    return 0;
}

/* ---- STA ------------------------------------------------------------------------ */

/* The net a flip-flop instance drives on its Q pin, from the mapped netlist. */
static void flop_q_net(const char *netlist, const char *inst, char *buf, size_t len)
{
    char pat[200];
    snprintf(pat, sizeof pat, " %s (", inst);
    const char *p = strstr(netlist, pat);
    const char *end = p ? strstr(p, ");") : NULL;
    const char *q = p ? strstr(p, ".Q(") : NULL;
    if (!q || !end || q > end)
        return;
    q += 3;
    q += strspn(q, " \\");
    size_t n = strcspn(q, ")\n");
    while (n > 0 && q[n - 1] == ' ')
        n--;
    char out[128];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof out; i++)
        if (q[i] != ' ') /* "\u_rf.mem[0] [2]" -> "u_rf.mem[0][2]" */
            out[k++] = q[i];
    out[k] = '\0';
    if (k > 0)
        snprintf(buf, len, "%s", out);
}

static int private_name(const char *s)
{
    size_t n = strlen(s);
    return n >= 2 && s[0] == '_' && s[n - 1] == '_';
}

/* "Startpoint: NAME (kind...)" → NAME, kind. */
static void point(const char *text, const char *tag, char *name, size_t len, int *is_flop)
{
    const char *p = strstr(text, tag);
    name[0] = '\0';
    *is_flop = 0;
    if (!p)
        return;
    p += strlen(tag);
    p += strspn(p, " ");
    size_t n = strcspn(p, " \n");
    snprintf(name, len, "%.*s", (int)n, p);
    const char *eol = strchr(p, '\n');
    const char *ff = strstr(p, "flip-flop");
    *is_flop = ff && (!eol || ff < eol);
}

static int parse_sta(const char *log, const char *mapped, irhw_area_res *r, char *err,
                     size_t errlen)
{
    char *text = irhw_read_file(log, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", log, strerror(errno));
    const char *arr = strstr(text, "data arrival time");
    if (!arr) {
        char line[300];
        last_line_with(text, "rror", line, sizeof line);
        int none = strstr(text, "No paths") != NULL;
        free(text);
        if (none && !line[0]) {
            r->have_sta = 1;
            snprintf(r->crit_from, sizeof r->crit_from, "(no timed path)");
            return 0;
        }
        return irhw_err(err, errlen, "OpenSTA gave no path, log %s: %s", log,
                        line[0] ? line : "(no error line)");
    }
    /* the arrival line: "   <delay>   data arrival time" */
    const char *bol = arr;
    while (bol > text && bol[-1] != '\n')
        bol--;
    r->crit_ns = strtod(bol, NULL);
    int sflop, eflop;
    char sname[128], ename[128];
    point(text, "Startpoint:", sname, sizeof sname, &sflop);
    point(text, "Endpoint:", ename, sizeof ename, &eflop);
    snprintf(r->crit_from, sizeof r->crit_from, "%s", sname);
    snprintf(r->crit_to, sizeof r->crit_to, "%s", ename);
    /* a flip-flop start is named by the first net on the path */
    const char *net = strstr(text, " (net)");
    if (sflop && net && net < arr) {
        const char *b = net;
        while (b > text && b[-1] != '\n')
            b--;
        b += strspn(b, " 0123456789");
        if (b < net && private_name(sname)) {
            char nn[128];
            snprintf(nn, sizeof nn, "%.*s", (int)(net - b), b);
            if (!private_name(nn))
                snprintf(r->crit_from, sizeof r->crit_from, "%s", nn);
        }
    }
    free(text);
    if (eflop && private_name(ename)) {
        char *nl = irhw_read_file(mapped, NULL);
        if (nl)
            flop_q_net(nl, ename, r->crit_to, sizeof r->crit_to);
        free(nl);
    }
    r->have_sta = 1;
    return 0;
}

static int run_sta(const irhw_area_req *q, const char *lib, const char *mapped, unsigned node,
                   irhw_area_res *r, char *err, size_t errlen)
{
    if (!find_in_path("sta"))
        return irhw_err(err, errlen, "sta (OpenSTA) not found: install the Debian package opensta");
    char script[PATHLEN], log[PATHLEN], period[32], acc[32], setup[32];
    if (path_join(script, sizeof script, q->workdir, "sta.tcl") ||
        path_join(log, sizeof log, q->workdir, "sta.log"))
        return irhw_err(err, errlen, "work folder path too long");
    double a, s;
    sram_timing(node, &a, &s);
    snprintf(period, sizeof period, "%.4f", q->clock_ns > 0 ? q->clock_ns : 1000.0);
    snprintf(acc, sizeof acc, "%.4f", a);
    snprintf(setup, sizeof setup, "%.4f", s);
    const char *keys[] = {"LIB", "MAPPED", "TOP", "PERIOD", "SRAM_ACCESS", "SRAM_SETUP"};
    const char *vals[] = {lib, mapped, q->top, period, acc, setup};
    if (write_script("sta.tcl.in", script, keys, vals, 6, err, errlen))
        return -1;
    char *argv[] = {"sta", "-no_splash", "-exit", script, NULL};
    int rc = run_tool(argv, log, err, errlen);
    if (rc < 0)
        return -1;
    if (rc != 0)
        return irhw_err(err, errlen, "sta failed (exit %d), log %s", rc, log);
    return parse_sta(log, mapped, r, err, errlen);
}

/* ---- public --------------------------------------------------------------------- */

static int check_request(const irhw_area_req *q, irhw_area_res *r, char *err, size_t errlen)
{
    if (!q || !r || !q->top || !q->verilog || !q->workdir)
        return irhw_err(err, errlen, "area request needs top, verilog and workdir");
    if (access(q->verilog, R_OK) != 0)
        return irhw_err(err, errlen, "cannot read %s: %s", q->verilog, strerror(errno));
    if (mkdir(q->workdir, 0755) != 0 && errno != EEXIST)
        return irhw_err(err, errlen, "cannot create work folder %s: %s", q->workdir,
                        strerror(errno));
    if (safe_path("verilog", q->verilog, err, errlen) ||
        safe_path("work folder", q->workdir, err, errlen) ||
        safe_path("IRHW_ROOT", root_dir(), err, errlen))
        return -1;
    if (strpbrk(q->top, " \t\n\"'\\;/$") || !q->top[0])
        return irhw_err(err, errlen, "bad top module name \"%s\"", q->top);
    if (!find_in_path("yosys"))
        return irhw_err(err, errlen, "yosys not found: install the Debian package yosys");
    return 0;
}

typedef struct {
    char lib[PATHLEN], script[PATHLEN], log[PATHLEN], out[PATHLEN], stat[PATHLEN], netlist[PATHLEN],
        mapped[PATHLEN], sram_v[PATHLEN], rtl[PATHLEN];
} run_paths;

static int make_paths(const irhw_area_req *q, run_paths *p, char *err, size_t errlen)
{
    const char *w = q->workdir;
    if (strlen(w) > 400)
        return irhw_err(err, errlen, "work folder path too long (over 400 characters)");
    int bad =
        path_join(p->script, PATHLEN, w, "synth.ys") | path_join(p->log, PATHLEN, w, "yosys.log") |
        path_join(p->out, PATHLEN, w, "yosys.out") | path_join(p->stat, PATHLEN, w, "stat.txt") |
        path_join(p->netlist, PATHLEN, w, "netlist.v") |
        path_join(p->mapped, PATHLEN, w, "sta_netlist.v");
    bad |= snprintf(p->sram_v, PATHLEN, "%s/rtl/irhw_sram_1rw.v", root_dir()) >= PATHLEN;
    bad |= snprintf(p->rtl, PATHLEN, "%s/rtl", root_dir()) >= PATHLEN;
    return bad ? irhw_err(err, errlen, "work folder path too long") : 0;
}

/* ABC options and script (synth_scripts/abc.script.in). With a buffer cell
 * known, a delay target and a constraint file (inputs driven by that buffer,
 * 5 fF on outputs) make ABC buffer high-fanout nets and size gates; without
 * it, plain area mapping. */
static int abc_options(const irhw_area_req *q, const lib_info *li, char *opts, size_t len,
                       char *err, size_t errlen)
{
    char script[PATHLEN], constr[PATHLEN], delay[64] = "", sizing[160] = "";
    if (path_join(script, sizeof script, q->workdir, "abc.script") ||
        path_join(constr, sizeof constr, q->workdir, "abc.constr"))
        return irhw_err(err, errlen, "work folder path too long");
    if (li->buf_cell[0]) {
        char text[256];
        snprintf(text, sizeof text, "set_driving_cell %s\nset_load 5\n", li->buf_cell);
        if (irhw_write_file(constr, text, err, errlen))
            return -1;
        double d_ps = q->clock_ns > 0 ? q->clock_ns * 1000.0 : 1e6;
        snprintf(delay, sizeof delay, "-D %.0f", d_ps);
        snprintf(sizing, sizeof sizing, "buffer\nupsize %s\ndnsize %s\nstime -p", delay, delay);
    }
    const char *keys[] = {"DELAY", "SIZING"}, *vals[] = {delay, sizing};
    if (write_script("abc.script.in", script, keys, vals, 2, err, errlen))
        return -1;
    if (snprintf(opts, len, "-script %s%s%s", script, li->buf_cell[0] ? " -constr " : "",
                 li->buf_cell[0] ? constr : "") >= (int)len)
        return irhw_err(err, errlen, "work folder path too long");
    return 0;
}

static int run_yosys(const irhw_area_req *q, const run_paths *p, const lib_info *li, char *err,
                     size_t errlen)
{
    char abc[2 * PATHLEN + 32];
    if (abc_options(q, li, abc, sizeof abc, err, errlen))
        return -1;
    const char *keys[] = {"SRAM_V",   "RTL",     "VERILOG", "TOP",   "LIB",
                          "ABC_OPTS", "NETLIST", "STAT",    "MAPPED"};
    const char *vals[] = {p->sram_v, p->rtl,     q->verilog, q->top,   p->lib,
                          abc,       p->netlist, p->stat,    p->mapped};
    if (write_script("synth.ys.in", p->script, keys, vals, 9, err, errlen))
        return -1;
    remove(p->stat);
    char *argv[] = {"yosys", "-q", "-l", (char *)p->log, (char *)p->script, NULL};
    int rc = run_tool(argv, p->out, err, errlen);
    if (rc < 0)
        return -1;
    if (rc != 0)
        return yosys_failed(p->log, p->out, rc, err, errlen);
    return 0;
}

int irhw_area_run(const irhw_area_req *q, irhw_area_res *r, char *err, size_t errlen)
{
    if (r)
        memset(r, 0, sizeof *r);
    if (check_request(q, r, err, errlen))
        return -1;
    r->storage_bits = q->storage ? q->storage->storage_bits : 0;

    run_paths p;
    if (make_paths(q, &p, err, errlen))
        return -1;
    char deflib[PATHLEN];
    snprintf(deflib, sizeof deflib, "%s/area/default_45nm.lib", root_dir());
    const char *lib = q->liberty ? q->liberty : deflib;

    lib_info li;
    memset(&li, 0, sizeof li);
    int rc = prepare_liberty(lib, q->workdir, p.lib, sizeof p.lib, &li, err, errlen);
    unsigned node = 45;
    if (rc == 0) {
        snprintf(r->library, sizeof r->library, "%s", li.name);
        set_node(lib, &li, q->liberty == NULL, r, &node);
        rc = run_yosys(q, &p, &li, err, errlen);
    }
    if (rc == 0)
        rc = read_areas(q, p.stat, &li, node, r, err, errlen);
    strlist_free(&li.seq);
    if (rc)
        return -1;
    snprintf(r->netlist, sizeof r->netlist, "%.500s", p.netlist);
    if (q->want_sta)
        return run_sta(q, p.lib, p.mapped, node, r, err, errlen);
    return 0;
}

/* ---- reports ---------------------------------------------------------------------- */

#define SRAM_MODEL_NAME "analytic 6T-array model, area/sram_model.c"

void irhw_area_print(FILE *f, const irhw_block *b, const irhw_cfg *c, const irhw_area_res *r,
                     const irhw_note *notes, int nnotes)
{
    char params[1024] = "";
    if (b && c)
        irhw_cfg_format(b, c, " ", params, sizeof params);
    fprintf(f, "block              %s%s%s\n", b ? b->name : "(unknown)", b && b->title ? " — " : "",
            b && b->title ? b->title : "");
    fprintf(f, "parameters         %s\n", params[0] ? params : "(none)");
    fprintf(f, "library            %s, %s\n", r->library, r->node);
    fprintf(f, "total              %12.1f µm²\n", r->total_um2);
    fprintf(f, "  logic            %12.1f µm²\n", r->logic_um2);
    fprintf(f, "  flip-flop storage%12.1f µm²  (irhw_regfile_* arrays)\n", r->ff_storage_um2);
    fprintf(f, "  SRAM             %12.1f µm²  (%s)\n", r->sram_um2, SRAM_MODEL_NAME);
    fprintf(f, "storage bits       %llu\n", (unsigned long long)r->storage_bits);
    fprintf(f, "cells              %lu standard cells, of which %lu flip-flops\n", r->cells,
            r->flops);
    if (r->have_sta)
        fprintf(f, "critical path      %.3f ns (%s -> %s)\n", r->crit_ns, r->crit_from,
                r->crit_to[0] ? r->crit_to : "-");
    if (r->netlist[0])
        fprintf(f, "netlist            %s\n", r->netlist);
    if (nnotes > 0 && notes) {
        fprintf(f, "paper comparison\n");
        for (int i = 0; i < nnotes; i++)
            fprintf(f, "  %s\n", notes[i].text);
    }
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_params(FILE *f, const irhw_block *b, const irhw_cfg *c)
{
    fputs("  \"parameters\": {", f);
    for (unsigned i = 0; b && c && i < b->nparams; i++) {
        char v[128];
        fputs(i ? ", " : "", f);
        json_str(f, b->params[i].name);
        fputs(": ", f);
        if (b->params[i].type == IRHW_PINT)
            fprintf(f, "%lld", (long long)c->v[i]);
        else
            json_str(f, irhw_param_text(b, c, i, v, sizeof v));
    }
    fputs("},\n", f);
}

static void json_notes(FILE *f, const irhw_note *notes, int nnotes)
{
    fputs("  \"notes\": {", f);
    for (int i = 0; notes && i < nnotes; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, notes[i].key);
        fprintf(f, ": %.10g", notes[i].value);
    }
    fputs("},\n  \"notes_text\": {", f);
    for (int i = 0; notes && i < nnotes; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, notes[i].key);
        fputs(": ", f);
        json_str(f, notes[i].text);
    }
    fputs("}\n", f);
}

void irhw_area_print_json(FILE *f, const irhw_block *b, const irhw_cfg *c, const irhw_area_res *r,
                          const irhw_note *notes, int nnotes)
{
    fputs("{\n  \"block\": ", f);
    json_str(f, b ? b->name : "");
    fputs(",\n", f);
    json_params(f, b, c);
    fputs("  \"library\": ", f);
    json_str(f, r->library);
    fputs(",\n  \"node\": ", f);
    json_str(f, r->node);
    fprintf(f, ",\n  \"total_um2\": %.1f,\n  \"logic_um2\": %.1f,\n", r->total_um2, r->logic_um2);
    fprintf(f, "  \"ff_storage_um2\": %.1f,\n  \"sram_um2\": %.1f,\n", r->ff_storage_um2,
            r->sram_um2);
    fputs("  \"sram_model\": ", f);
    json_str(f, SRAM_MODEL_NAME);
    fprintf(f, ",\n  \"storage_bits\": %llu,\n  \"cells\": %lu,\n  \"flops\": %lu,\n",
            (unsigned long long)r->storage_bits, r->cells, r->flops);
    fprintf(f, "  \"have_sta\": %s,\n", r->have_sta ? "true" : "false");
    if (r->have_sta) {
        fprintf(f, "  \"crit_ns\": %.4f,\n  \"crit_from\": ", r->crit_ns);
        json_str(f, r->crit_from);
        fputs(",\n  \"crit_to\": ", f);
        json_str(f, r->crit_to);
        fputs(",\n", f);
    }
    fputs("  \"netlist\": ", f);
    json_str(f, r->netlist);
    fputs(",\n", f);
    json_notes(f, notes, nnotes);
    fputs("}\n", f);
}
