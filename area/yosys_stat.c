/*
 * yosys_stat.c — areas from Yosys' `stat -liberty` text (Yosys 0.23's
 * `stat -json` has no area). Instance counts come from walking the
 * module/cell-type tree from the top, so several configurations and
 * instances of each leaf are counted right. A module whose name (after
 * Yosys' $paramod prefix) starts with one of the block's storage module
 * names (irhw_storage.modules) — and everything under it — is flip-flop
 * storage; other modules are logic; irhw_sram_1rw instances are priced with
 * irhw_sram_area_um2 from the block's storage list, whose count must match
 * (else a storage() hook is out of step with the RTL).
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
    if (area_grow(&d->m, d->n, &d->cap, sizeof *d->m))
        return NULL;
    stat_module *m = &d->m[d->n];
    memset(m, 0, sizeof *m);
    if (!(m->name = strndup(name, len)))
        return NULL;
    d->n++;
    return m;
}

static int stat_add_cell(stat_module *m, const char *type, size_t len, unsigned long count)
{
    if (area_grow(&m->cells, m->ncells, &m->cap, sizeof *m->cells))
        return -1;
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
        } else if (cur && area_mem_find(p, n, "Number of cells:")) {
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
            const char *a = area_mem_find(p, n, "Chip area for module");
            const char *colon = a ? area_mem_find(a, (size_t)(p + n - a), "':") : NULL;
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
    const strlist *boxes;     /* black-box modules counted apart (or NULL) */
    unsigned long *box_count; /* instances of each, parallel to boxes */
} tally;

static long box_index(const strlist *boxes, const char *name)
{
    for (size_t i = 0; boxes && i < boxes->n; i++)
        if (strcmp(boxes->s[i], name) == 0)
            return (long)i;
    return -1;
}

enum { CLASS_LOGIC, CLASS_FF };

static int walk(stat_design *d, stat_module *m, unsigned long mult, int cls, const irhw_storage *st,
                const lib_info *li, tally *t, int depth)
{
    if (depth > 64)
        return -1;
    char base[256];
    base_name(m->name, base, sizeof base);
    for (unsigned i = 0; st && i < st->nmodules && i < 4; i++)
        if (st->modules[i] && strncmp(base, st->modules[i], strlen(st->modules[i])) == 0)
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
        long box = box_index(t->boxes, cb);
        if (box >= 0) {
            t->box_count[box] += k;
        } else if (sub) {
            if (walk(d, sub, k, cls, st, li, t, depth + 1))
                return -1;
        } else if (strcmp(cb, "irhw_sram_1rw") == 0) {
            t->srams += k;
        } else {
            t->cells += k;
            if (area_strlist_has(&li->seq, c->type))
                t->flops += k;
        }
    }
    return 0;
}

static int price_srams(const irhw_storage *st, const tally *t, unsigned node, irhw_area_res *r,
                       char *err, size_t errlen)
{
    if (t->srams == 0)
        return 0;
    unsigned long listed = 0;
    double area = 0;
    for (unsigned i = 0; st && i < st->nsrams && i < IRHW_MAX_SRAMS; i++) {
        const irhw_sram *s = &st->srams[i];
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

/* The parts: each module type the top instantiates, its subtree walked
 * alone; SRAM macros priced at the average of the block's listed macros. */
static void parts_of(stat_design *d, stat_module *top, const irhw_storage *st, const lib_info *li,
                     unsigned node, irhw_area_res *r)
{
    double sram_each = area_sram_each(st, node);
    r->nparts = 0;
    r->own_um2 = top->area;
    for (size_t i = 0; i < top->ncells && r->nparts < IRHW_AREA_MAX_PARTS; i++) {
        stat_module *sub = stat_find(d, top->cells[i].type);
        if (!sub)
            continue;
        tally t = {0};
        if (walk(d, sub, top->cells[i].count, CLASS_LOGIC, st, li, &t, 1))
            continue;
        base_name(sub->name, r->parts[r->nparts].module, sizeof r->parts[0].module);
        r->parts[r->nparts].count = top->cells[i].count;
        r->parts[r->nparts].um2 = t.logic + t.ff + (double)t.srams * sram_each;
        r->nparts++;
    }
}

/* One module's areas from the text of `stat -liberty`: the top module's
 * tree walked, storage modules (st->modules) counted as flip-flop storage,
 * instances of the black boxes `boxes` counted into box_count (parallel to
 * boxes->s, zeroed here) instead of cells; SRAM macros counted in *srams,
 * not priced. Fills r's logic, storage, cells, flops, parts and own area. */
int area_stat_unit(const char *text, const char *top, const irhw_storage *st, const lib_info *li,
                   unsigned node, const strlist *boxes, unsigned long *box_count,
                   unsigned long *srams, irhw_area_res *r, char *err, size_t errlen)
{
    stat_design d = {0};
    int rc = parse_stat(text, &d);
    stat_module *tm = rc ? NULL : stat_find(&d, top);
    tally t = {0};
    t.boxes = boxes;
    t.box_count = box_count;
    for (size_t i = 0; boxes && i < boxes->n; i++)
        box_count[i] = 0;
    if (rc)
        rc = irhw_err(err, errlen, "out of memory parsing the Yosys statistics");
    else if (!tm)
        rc = irhw_err(err, errlen, "top module %s not found in the Yosys statistics", top);
    else if (walk(&d, tm, 1, CLASS_LOGIC, st, li, &t, 0))
        rc = irhw_err(err, errlen, "module hierarchy in the Yosys statistics too deep");
    if (!rc && tm)
        parts_of(&d, tm, st, li, node, r);
    stat_free(&d);
    if (rc)
        return rc;
    r->logic_um2 = t.logic;
    r->ff_storage_um2 = t.ff;
    r->cells = t.cells;
    r->flops = t.flops;
    *srams = t.srams;
    return 0;
}

/* Average price of the block's listed SRAM macros (0 when it lists none). */
double area_sram_each(const irhw_storage *st, unsigned node)
{
    double area = 0;
    unsigned long listed = 0;
    for (unsigned i = 0; st && i < st->nsrams && i < IRHW_MAX_SRAMS; i++) {
        listed += st->srams[i].count;
        area +=
            st->srams[i].count * irhw_sram_area_um2(st->srams[i].words, st->srams[i].width, node);
    }
    return listed ? area / (double)listed : 0;
}

/* SRAM macros priced (all of the block's listed ones, which must be as many
 * as the design has) and the total summed. */
int area_stat_total(const irhw_storage *st, unsigned long srams, unsigned node, irhw_area_res *r,
                    char *err, size_t errlen)
{
    tally t = {0};
    t.srams = srams;
    if (price_srams(st, &t, node, r, err, errlen))
        return -1;
    r->total_um2 = r->logic_um2 + r->ff_storage_um2 + r->sram_um2;
    return 0;
}

/* Areas from the text of `stat -liberty` of a whole design. */
int area_stat_read(const char *text, const char *top, const irhw_storage *st, const lib_info *li,
                   unsigned node, irhw_area_res *r, char *err, size_t errlen)
{
    unsigned long srams = 0;
    if (area_stat_unit(text, top, st, li, node, NULL, NULL, &srams, r, err, errlen))
        return -1;
    return area_stat_total(st, srams, node, r, err, errlen);
}
