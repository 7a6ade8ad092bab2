/*
 * hier_timing.c — a unit's timing for hierarchical synthesis (hier.c):
 * its interface logic model (ILM, synth_scripts/ilm.ys.in), its timing
 * with its sub-units' ILMs (OpenSTA, synth_scripts/sta.tcl.in) and its
 * extracted timing model (synth_scripts/etm.tcl.in measures, etm_write_lib
 * writes model.lib). Each runs in a child process and writes one cache
 * entry; hier.c's head comment describes the entries and the models.
 */
#define _POSIX_C_SOURCE 200809L

#include "hier.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- interface models and timing ---------------------------------------------------- */

/* "read_verilog" lines: the unit's mapped netlist, then its sub-units' ILMs. */
static int read_lines(const run_ctx *c, const unit *u, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "read_verilog %s/mapped.v\n", u->dir);
    for (unsigned k = 0; k < u->nkids && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, "read_verilog %s/ilm.v\n",
                              c->u[c->v->m[u->kids[k]].unit].idir);
    return n < len ? 0 : -1;
}

/* The unit's interface logic model (ilm.ys.in) into tmp (u->idir's private folder). */
int make_ilm(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen)
{
    char ys[PATHLEN], log[PATHLEN], out[PATHLEN], ilm[PATHLEN], top[200];
    char read[18 * PATHLEN], stop[4096], ff[4096];
    if (area_path_join(ys, PATHLEN, tmp, "ilm.ys") |
        area_path_join(log, PATHLEN, tmp, "yosys.log") |
        area_path_join(out, PATHLEN, tmp, "yosys.out") |
        area_path_join(ilm, PATHLEN, tmp, "ilm.v") | read_lines(c, u, read, sizeof read))
        return irhw_err(err, errlen, "cache path too long: %s", tmp);
    /* the flip-flop cell types, after a name no cell has (a library may have none) */
    size_t n = (size_t)snprintf(stop, sizeof stop, "-irhw_no_flop");
    for (size_t i = 0; i < c->li->seq.n && n < sizeof stop; i++)
        n += (size_t)snprintf(stop + n, sizeof stop - n, ",%s", c->li->seq.s[i]);
    if (n >= sizeof stop)
        return irhw_err(err, errlen, "too many flip-flop cells in the liberty");
    snprintf(ff, sizeof ff, "+%s", stop + 1);
    snprintf(top, sizeof top, "%.*s", (int)c->v->m[u->mod].nlen, c->v->m[u->mod].name);
    const char *keys[] = {"LIB", "READ", "TOP", "STOP", "FF", "ILM"};
    const char *vals[] = {c->lib, read, top, stop, ff, ilm};
    if (area_write_script("ilm.ys.in", ys, keys, vals, 6, err, errlen))
        return -1;
    char *argv[] = {"yosys", "-q", "-l", log, ys, NULL};
    int rc = area_run_tool(argv, out, err, errlen);
    if (rc < 0)
        return -1;
    if (rc != 0)
        return irhw_err(err, errlen, "yosys failed reducing %s to its interface (exit %d), log %s",
                        top, rc, log);
    return 0;
}

int read_timing(const char *sdir, const char *what, tpath *t)
{
    char p[PATHLEN], pat[32];
    if (area_path_join(p, sizeof p, sdir, "timing.txt"))
        return -1;
    char *text = irhw_read_file(p, NULL);
    snprintf(pat, sizeof pat, "%s\t", what);
    const char *l = text ? strstr(text, pat) : NULL;
    int ok =
        l && sscanf(l + strlen(pat), "%lf\t%127[^\t\n]\t%127[^\t\n]", &t->ns, t->from, t->to) == 3;
    free(text);
    return ok ? 0 : -1;
}

/* The name of the first instance of module `mod` in a netlist, or "". */
static void first_instance(const char *netlist, const char *mod, size_t mlen, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const char *p = netlist; p && (p = strstr(p, "\n  ")) != NULL; p++) {
        const char *s = p + 3;
        if (strncmp(s, mod, mlen) != 0 || s[mlen] != ' ')
            continue;
        s += mlen + strspn(s + mlen, " \\");
        snprintf(buf, len, "%.*s", (int)strcspn(s, " ("), s);
        return;
    }
}

/* t becomes a sub-unit instance's path when that one is longer. */
static void worse(tpath *t, const tpath *kid, const char *inst)
{
    if (kid->ns <= t->ns)
        return;
    t->ns = kid->ns;
    snprintf(t->from, sizeof t->from, "%.60s.%.60s", inst, kid->from);
    snprintf(t->to, sizeof t->to, "%.60s.%.60s", inst, kid->to);
}

static void to_tpath(const irhw_area_res *r, tpath *t)
{
    t->ns = r->crit_ns;
    snprintf(t->from, sizeof t->from, "%s", r->crit_from[0] ? r->crit_from : "-");
    snprintf(t->to, sizeof t->to, "%s", r->crit_to[0] ? r->crit_to : "-");
}

#define REG2REG_MARK "irhw: register to register"

/* Is sub-unit k of u read whole in u's timing run? One without sub-units
 * of its own (a bank, the WRU, a word selector, the ICRN) is: its netlist
 * is small, and its paths then see u's loads, as in the whole netlist. One
 * with sub-units (a core in hwwl) is read as its model. */
int kid_whole(const run_ctx *c, const unit *u, unsigned k)
{
    return c->u[c->v->m[u->kids[k]].unit].nkids == 0;
}

/* The unit's mapped netlist and, in one text, its sub-units' ILMs (kind
 * E_STA) or the netlists of the sub-units its extracted-model run reads
 * whole (E_ETM), or NULL. */
static char *netlists(const run_ctx *c, const unit *u, int kind)
{
    char p[PATHLEN];
    snprintf(p, sizeof p, "%s/mapped.v", u->dir);
    size_t n, m;
    char *all = irhw_read_file(p, &n);
    for (unsigned k = 0; k < u->nkids && all; k++) {
        const unit *s = &c->u[c->v->m[u->kids[k]].unit];
        if (kind == E_ETM && !kid_whole(c, u, k))
            continue;
        snprintf(p, sizeof p, kind == E_ETM ? "%s/mapped.v" : "%s/ilm.v",
                 kind == E_ETM ? s->dir : s->idir);
        char *t = irhw_read_file(p, &m), *g = t ? realloc(all, n + m + 1) : NULL;
        if (!g) {
            free(t);
            free(all);
            return NULL;
        }
        memcpy(g + n, t, m + 1);
        n += m;
        all = g;
        free(t);
    }
    return all;
}

static int kids_internal(const run_ctx *c, const unit *u, const char *nl, int kind, tpath *crit,
                         tpath *in, char *err, size_t errlen);

/* The unit's timing into u->sdir: OpenSTA on its netlist and its
 * sub-units' ILMs; "crit", the worst path of that run or of a sub-unit
 * instance's inside (the unit as a top), and "internal", the worst
 * register-to-register path anywhere in it (what a parent needs). */
int make_sta(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen)
{
    char log[PATHLEN], top[200], read[18 * PATHLEN];
    if (read_lines(c, u, read, sizeof read))
        return irhw_err(err, errlen, "cache path too long: %s", tmp);
    snprintf(top, sizeof top, "%.*s", (int)c->v->m[u->mod].nlen, c->v->m[u->mod].name);
    /* (a unit without flip-flops, a word selector, has no such path) */
    const char *extra = "puts \"" REG2REG_MARK "\"\n"
                        "set irhw_ck [all_registers -clock_pins]\n"
                        "if {[llength $irhw_ck] > 0} {\n"
                        "    report_checks -path_delay max -from $irhw_ck "
                        "-to [all_registers -data_pins] -format full -fields {nets} -digits 4\n"
                        "} else { puts \"No paths found.\" }";
    char *text;
    if (area_sta_tool(c->q, tmp, c->lib, read, top, c->node, 1, extra, &text, log, sizeof log, err,
                      errlen))
        return -1;
    char *mark = strstr(text, REG2REG_MARK);
    char *nl = netlists(c, u, E_STA); /* to name flip-flop ends */
    irhw_area_res *rf = calloc(2, sizeof *rf);
    int rc =
        (!mark || !nl || !rf) ? irhw_err(err, errlen, "OpenSTA's report %s is incomplete", log) : 0;
    if (!rc) {
        *mark = '\0';
        rc = area_sta_parse(text, nl, top, log, &rf[0], err, errlen) ||
             area_sta_parse(mark + 1 + strlen(REG2REG_MARK), nl, top, log, &rf[1], err, errlen);
    }
    tpath crit, in;
    if (!rc) {
        to_tpath(&rf[0], &crit);
        to_tpath(&rf[1], &in);
    }
    if (!rc)
        rc = kids_internal(c, u, nl, E_STA, &crit, &in, err, errlen);
    char out[800], tp[PATHLEN];
    if (!rc) {
        snprintf(out, sizeof out, "crit\t%.4f\t%s\t%s\ninternal\t%.4f\t%s\t%s\n", crit.ns,
                 crit.from, crit.to, in.ns, in.from, in.to);
        rc = area_path_join(tp, sizeof tp, tmp, "timing.txt") ||
             irhw_write_file(tp, out, err, errlen);
    }
    free(text);
    free(nl);
    free(rf);
    return rc ? -1 : 0;
}

/* ---- extracted timing models ---------------------------------------------------------- */

/* One pin of a unit as its extracted model sees it; [c] at ETM_LOAD0 and
 * ETM_LOAD1, [s] at input transitions 0 and ETM_SLEW, [r] rising and
 * falling; -1 for no path. */
typedef struct {
    char name[128]; /* "push_id[3]", "clk" */
    int out, ports; /* an output; the outputs sharing its net */
    double cap;     /* an input: the load its net sees inside */
    int has_q, has_comb;
    double setup[2][2];         /* [s][r] worst input->register delay + setup */
    double q[2][2], qs[2][2];   /* [c][r] clock->output arrival and slew */
    double cb[2][2], cbs[2][2]; /* [c][r] worst input->output arrival and slew */
    char from[2][160];          /* [r] an output: where its worst clock path starts */
} etm_pin;

/* An input->output pair: d[output r], the input rising or falling. */
typedef struct {
    int in, out;
    double d[2];
} etm_pair;

typedef struct {
    char base[96];
    int out, bus, msb, lsb;
} etm_port;

typedef struct {
    etm_port *port;
    size_t nport, portcap;
    etm_pin *p;
    size_t n, cap;
    etm_pair *pr;
    size_t npr, prcap;
    int *slot; /* the pins by name: an open-addressing table of nslot (a power of 2) */
    size_t nslot;
} etm;

static void etm_free(etm *e)
{
    free(e->port);
    free(e->p);
    free(e->pr);
    free(e->slot);
}

/* The pins' name table, made once they are all listed. */
static int etm_index(etm *e)
{
    e->nslot = 16;
    while (e->nslot < 2 * e->n)
        e->nslot *= 2;
    e->slot = malloc(e->nslot * sizeof *e->slot);
    if (!e->slot)
        return -1;
    for (size_t k = 0; k < e->nslot; k++)
        e->slot[k] = -1;
    for (size_t i = 0; i < e->n; i++) {
        size_t k = irhw_hash_str(IRHW_HASH_INIT, e->p[i].name) & (e->nslot - 1);
        while (e->slot[k] >= 0)
            k = (k + 1) & (e->nslot - 1);
        e->slot[k] = (int)i;
    }
    return 0;
}

static int etm_find(const etm *e, const char *name)
{
    for (size_t k = irhw_hash_str(IRHW_HASH_INIT, name) & (e->nslot - 1); e->slot[k] >= 0;
         k = (k + 1) & (e->nslot - 1))
        if (strcmp(e->p[e->slot[k]].name, name) == 0)
            return e->slot[k];
    return -1;
}

static int pair_by_out(const void *a, const void *b)
{
    const etm_pair *x = a, *y = b;
    return x->out != y->out ? (x->out > y->out) - (x->out < y->out)
                            : (x->in > y->in) - (x->in < y->in);
}

/* The ports of module `top` in its mapped netlist ("  input [23:0] x;"),
 * each bit a pin. */
static int etm_ports(etm *e, const char *nl, const char *top)
{
    char pat[300];
    snprintf(pat, sizeof pat, "module %s(", top);
    const char *m = strstr(nl, pat), *end = m ? strstr(m, "\nendmodule") : NULL;
    if (!m || !end)
        return -1;
    for (const char *l = m; l && l < end; l = strchr(l + 1, '\n')) {
        const char *s = l + (*l == '\n');
        int out = strncmp(s, "  output ", 9) == 0;
        if (!out && strncmp(s, "  input ", 8) != 0)
            continue;
        s += out ? 9 : 8;
        etm_port pt = {.out = out};
        if (*s == '[' && sscanf(s, "[%d:%d]", &pt.msb, &pt.lsb) == 2) {
            pt.bus = 1;
            s = strchr(s, ']') + 1;
            s += strspn(s, " ");
        }
        size_t k = strcspn(s, ";\n ");
        if (k == 0 || k >= sizeof pt.base)
            return -1;
        snprintf(pt.base, sizeof pt.base, "%.*s", (int)k, s);
        if (area_grow(&e->port, e->nport, &e->portcap, sizeof *e->port))
            return -1;
        e->port[e->nport++] = pt;
        int step = pt.msb >= pt.lsb ? -1 : 1;
        for (int b = pt.msb;; b += step) {
            if (area_grow(&e->p, e->n, &e->cap, sizeof *e->p))
                return -1;
            etm_pin *p = &e->p[e->n++];
            memset(p, 0, sizeof *p);
            p->out = out;
            p->ports = 1;
            for (int k = 0; k < 4; k++)
                p->setup[k / 2][k % 2] = -1;
            if (pt.bus)
                snprintf(p->name, sizeof p->name, "%s[%d]", pt.base, b);
            else
                snprintf(p->name, sizeof p->name, "%s", pt.base);
            if (!pt.bus || b == pt.lsb)
                break;
        }
    }
    return 0;
}

/* The sub-unit instance a pin "INST/PORT" belongs to, or -1; its
 * instance name into inst. */
static int etm_kid(const run_ctx *c, const unit *u, const char *nl, const char *pin, char *inst,
                   size_t len)
{
    const char *slash = strrchr(pin, '/');
    if (!slash)
        return -1;
    snprintf(inst, len, "%.*s", (int)(slash - pin), pin);
    for (unsigned k = 0; k < u->nkids; k++) {
        const vmod *m = &c->v->m[u->kids[k]];
        char pat[400];
        if (kid_whole(c, u, k))
            continue;
        for (int esc = 0; esc < 2; esc++) {
            snprintf(pat, sizeof pat, esc ? "  %.*s \\%s  (" : "  %.*s %s (", (int)m->nlen, m->name,
                     inst);
            if (strstr(nl, pat))
                return m->unit;
        }
    }
    return -1;
}

/* A word after "KEY PORT " in a sub-unit's names.txt, or "". */
static void etm_kid_name(const run_ctx *c, int kid, const char *key, const char *port, char *buf,
                         size_t len)
{
    char p[PATHLEN], pat[300];
    buf[0] = '\0';
    snprintf(p, sizeof p, "%s/names.txt", c->u[kid].edir);
    char *t = irhw_read_file(p, NULL);
    snprintf(pat, sizeof pat, "\n%s %s ", key, port);
    const char *l = t ? strstr(t, pat) : NULL;
    if (l)
        snprintf(buf, len, "%.*s", (int)strcspn(l + strlen(pat), "\n"), l + strlen(pat));
    free(t);
}

/* A pin of the unit's run named as the whole netlist's report would: a
 * sub-unit's output (rising or falling, rf 0 or 1) by where its worst
 * clock path starts inside (its names.txt), a sub-unit's input by the pin
 * itself ("inst.port"), a flip-flop by its Q net. *setup: a sub-unit
 * input's flip-flop setup inside, else -1. */
static void etm_name(const run_ctx *c, const unit *u, const char *nl, const char *top,
                     const char *pin, int rf, char *buf, size_t len, double *setup)
{
    char inst[256], w[400];
    int kid = etm_kid(c, u, nl, pin, inst, sizeof inst);
    if (setup)
        *setup = -1;
    if (kid < 0) {
        area_sta_name_pin(nl, top, pin, buf, len);
        return;
    }
    const char *port = strrchr(pin, '/') + 1;
    etm_kid_name(c, kid, "out", port, w, sizeof w);
    char nm[2][200] = {"", ""};
    if (w[0] && sscanf(w, "%199s %199s", nm[0], nm[1]) == 2 && strcmp(nm[rf], "-") != 0) {
        snprintf(buf, len, "%s.%s", inst, nm[rf]);
        return;
    }
    snprintf(buf, len, "%s.%s", inst, port);
    etm_kid_name(c, kid, "setup", "-", w, sizeof w);
    if (setup && w[0])
        *setup = strtod(w, NULL);
}

/* A "crit START END ARRIVAL MARGIN RF" line of etm.txt as a path (none:
 * "(no timed path)"); *ff the setup of its end when that is a flip-flop. */
static int etm_path(const run_ctx *c, const unit *u, const char *nl, const char *top,
                    const char *text, const char *what, tpath *t, double *ff)
{
    char pat[32], s[300], e[300], rf[8];
    double arr, margin;
    snprintf(pat, sizeof pat, "\n%s ", what);
    const char *l = strstr(text, pat);
    t->ns = 0;
    snprintf(t->from, sizeof t->from, "(no timed path)");
    snprintf(t->to, sizeof t->to, "-");
    if (!l)
        return 0;
    if (sscanf(l + strlen(pat), "%299s %299s %lf %lf %7s", s, e, &arr, &margin, rf) != 5)
        return -1;
    double setup;
    etm_name(c, u, nl, top, s, strcmp(rf, "fall") == 0, t->from, sizeof t->from, NULL);
    etm_name(c, u, nl, top, e, 0, t->to, sizeof t->to, &setup);
    t->ns = arr;
    if (setup >= 0) /* ends at a sub-unit's input: its model's setup holds the delay inside */
        t->ns = arr + margin - setup;
    else if (strchr(e, '/') && margin > 0 && ff && *ff == 0)
        *ff = margin;
    return 0;
}

/* etm.txt's measurements into e. */
static int etm_read(const run_ctx *c, const unit *u, const char *nl, const char *top,
                    const char *text, etm *e)
{
    char a[300], b[300], w[8];
    double x, v[4];
    static struct {
        char pin[300], name[160];
        int rf;
    } memo[256];
    size_t nmemo = 0;
    for (const char *t = text; t && *t; t = strchr(t, '\n'), t = t ? t + 1 : NULL) {
        /* sscanf on a copy: on the whole text it measures all of it each time */
        char l[1024];
        snprintf(l, sizeof l, "%.*s", (int)strcspn(t, "\n"), t);
        int i = -1, j;
        if (sscanf(l, "cap %299s %lf", a, &x) == 2 && (i = etm_find(e, a)) >= 0) {
            e->p[i].cap = x;
        } else if (sscanf(l, "setup %lf %299s %lf %lf", &x, a, &v[0], &v[1]) == 4 &&
                   (i = etm_find(e, a)) >= 0) {
            e->p[i].setup[x > 0][0] = v[0];
            e->p[i].setup[x > 0][1] = v[1];
        } else if ((sscanf(l, "clkq %lf %299s %lf %lf %lf %lf", &x, a, &v[0], &v[1], &v[2],
                           &v[3]) == 6 ||
                    sscanf(l, "comb %lf %299s %lf %lf %lf %lf", &x, a, &v[0], &v[1], &v[2],
                           &v[3]) == 6) &&
                   (i = etm_find(e, a)) >= 0) {
            etm_pin *p = &e->p[i];
            int comb = l[1] == 'o', big = x > ETM_LOAD0 + 1e-6;
            double(*d)[2] = comb ? p->cb : p->q, (*sl)[2] = comb ? p->cbs : p->qs;
            *(comb ? &p->has_comb : &p->has_q) = 1;
            for (int r = 0; r < 2; r++) {
                d[big][r] = v[r];
                sl[big][r] = v[2 + r];
            }
        } else if (sscanf(l, "ports %299s %lf", a, &x) == 2 && (i = etm_find(e, a)) >= 0) {
            e->p[i].ports = x > 1 ? (int)x : 1;
        } else if (sscanf(l, "clkqfrom %7s %299s %299s", w, a, b) == 3 &&
                   (i = etm_find(e, a)) >= 0) {
            /* few distinct starts, each named once (a walk of the netlist) */
            int r = strcmp(w, "fall") == 0;
            size_t m = 0;
            while (m < nmemo && (memo[m].rf != r || strcmp(memo[m].pin, b) != 0))
                m++;
            if (m == nmemo && nmemo < sizeof memo / sizeof memo[0]) {
                memo[m].rf = r;
                snprintf(memo[m].pin, sizeof memo[m].pin, "%s", b);
                etm_name(c, u, nl, top, b, r, memo[m].name, sizeof memo[m].name, NULL);
                nmemo++;
            }
            if (m < nmemo)
                snprintf(e->p[i].from[r], sizeof e->p[i].from[r], "%s", memo[m].name);
            else
                etm_name(c, u, nl, top, b, r, e->p[i].from[r], sizeof e->p[i].from[r], NULL);
        } else if (sscanf(l, "pair %299s %299s %lf %lf", a, b, &v[0], &v[1]) == 4 &&
                   (i = etm_find(e, a)) >= 0 && (j = etm_find(e, b)) >= 0) {
            if (area_grow(&e->pr, e->npr, &e->prcap, sizeof *e->pr))
                return -1;
            etm_pair *q = &e->pr[e->npr++];
            q->in = i;
            q->out = j;
            q->d[0] = v[0];
            q->d[1] = v[1];
        }
    }
    return 0;
}

/* The liberty header lines a model copies from the library: the
 * thresholds its slews are measured between. */
static void etm_thresholds(FILE *f, const char *lib)
{
    char *t = irhw_read_file(lib, NULL);
    const char *cell = t ? strstr(t, "cell (") : NULL;
    for (const char *l = t; l && (!cell || l < cell); l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        size_t n = strcspn(l, "\n");
        const char *s = l + strspn(l, " \t");
        if ((strncmp(s, "input_threshold_pct", 19) == 0 ||
             strncmp(s, "output_threshold_pct", 20) == 0 ||
             strncmp(s, "slew_lower_threshold_pct", 24) == 0 ||
             strncmp(s, "slew_upper_threshold_pct", 24) == 0 ||
             strncmp(s, "slew_derate_from_library", 24) == 0) &&
            memchr(s, ';', n - (size_t)(s - l)))
            fprintf(f, "  %.*s\n", (int)(n - (size_t)(s - l)), s);
    }
    free(t);
}

/* A timing group of an output pin: d[s][c][r] delays and t[c][r] slews
 * (rows s: input transitions, for a combinational arc; one row for a
 * clock arc); a transition without a path left out. */
static void etm_arc(FILE *f, const char *related, const char *type, int rows, double d[2][2][2],
                    double t[2][2])
{
    static const char *const what[2][2] = {{"cell_rise", "cell_fall"},
                                           {"rise_transition", "fall_transition"}};
    fprintf(f, "      timing () {\n        related_pin : \"%s\";\n        %s;\n", related, type);
    for (int k = 0; k < 2; k++)
        for (int r = 0; r < 2; r++) {
            if (d[0][0][r] < 0)
                continue;
            fprintf(f, "        %s (%s) { values (", what[k][r],
                    rows > 1 ? "irhw_comb" : "irhw_load");
            for (int s = 0; s < rows; s++)
                fprintf(f, "%s\"%.6f, %.6f\"", s ? ", " : "", k ? t[0][r] : d[s][0][r],
                        k ? t[1][r] : d[s][1][r]);
            fprintf(f, "); }\n");
        }
    fprintf(f, "      }\n");
}

static void etm_pin_group(FILE *f, const etm *e, size_t i)
{
    const etm_pin *p = &e->p[i];
    fprintf(f, "    pin (\"%s\") {\n      direction : %s;\n", p->name, p->out ? "output" : "input");
    if (!p->out) {
        fprintf(f, "      capacitance : %.6f;\n", p->cap);
        if (strcmp(p->name, "clk") == 0)
            fprintf(f, "      clock : true;\n");
        if (p->setup[0][0] >= 0 || p->setup[0][1] >= 0) {
            fprintf(f, "      timing () {\n        related_pin : \"clk\";\n"
                       "        timing_type : setup_rising;\n");
            for (int r = 0; r < 2; r++)
                if (p->setup[0][r] >= 0)
                    fprintf(f, "        %s (irhw_slew) { values (\"%.6f, %.6f\"); }\n",
                            r ? "fall_constraint" : "rise_constraint", p->setup[0][r],
                            p->setup[1][r] >= 0 ? p->setup[1][r] : p->setup[0][r]);
            fprintf(f, "      }\n");
        }
        fprintf(f, "    }\n");
        return;
    }
    /* the load's delay, per transition: measured with every output loaded,
     * so the load on each of the outputs sharing this net (and driver)
     * counts once */
    double dl[2], d[2][2][2];
    for (int r = 0; r < 2; r++)
        dl[r] = (p->has_comb ? p->cb[1][r] - p->cb[0][r] : p->q[1][r] - p->q[0][r]) / p->ports;
    if (p->has_q) {
        for (int r = 0; r < 2; r++) {
            d[0][0][r] = p->q[0][r];
            d[0][1][r] = p->q[0][r] >= 0 ? p->q[0][r] + (p->q[1][r] - p->q[0][r]) / p->ports : -1;
        }
        etm_arc(f, "clk", "timing_type : rising_edge", 1, d, (double(*)[2])p->qs);
    }
    size_t k = 0, lo = 0, hi = e->npr; /* the pairs are sorted by output */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (e->pr[mid].out < (int)i)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (k = lo; k < e->npr && e->pr[k].out == (int)i; k++) {
        const etm_pair *q = &e->pr[k];
        for (int r = 0; r < 2; r++) {
            d[0][0][r] = q->d[r];
            d[0][1][r] = q->d[r] >= 0 ? q->d[r] + dl[r] : -1;
        }
        etm_arc(f, e->p[q->in].name, "timing_sense : non_unate", 1, d,
                (double(*)[2])(p->has_comb ? p->cbs : p->qs));
    }
    fprintf(f, "    }\n");
}

/* model.lib: one cell named as the unit, its pins' arcs from e. */
static int etm_write_lib(const char *path, const char *lib, const char *top, etm *e, char *err,
                         size_t errlen)
{
    irhw_out *o = irhw_out_open(path, err, errlen);
    if (!o)
        return -1;
    FILE *f = irhw_out_file(o);
    fprintf(f,
            "/* extracted timing model of %s (irhw area, synth_scripts/etm.tcl.in) */\n"
            "library (irhw_etm_%s) {\n  delay_model : table_lookup;\n  time_unit : \"1ns\";\n"
            "  voltage_unit : \"1V\";\n  current_unit : \"1mA\";\n"
            "  pulling_resistance_unit : \"1kohm\";\n  capacitive_load_unit (1, pf);\n",
            top, top);
    etm_thresholds(f, lib);
    fprintf(f,
            "  lu_table_template (irhw_load) {\n    variable_1 : total_output_net_capacitance;\n"
            "    index_1 (\"%g, %g\");\n  }\n"
            "  lu_table_template (irhw_slew) {\n    variable_1 : constrained_pin_transition;\n"
            "    index_1 (\"0, %g\");\n  }\n"
            "  lu_table_template (irhw_comb) {\n    variable_1 : input_net_transition;\n"
            "    variable_2 : total_output_net_capacitance;\n    index_1 (\"0, %g\");\n"
            "    index_2 (\"%g, %g\");\n  }\n",
            ETM_LOAD0, ETM_LOAD1, ETM_SLEW, ETM_SLEW, ETM_LOAD0, ETM_LOAD1);
    for (size_t i = 0; i < e->nport; i++)
        if (e->port[i].bus) {
            const etm_port *pt = &e->port[i];
            int w = pt->msb >= pt->lsb ? pt->msb - pt->lsb + 1 : pt->lsb - pt->msb + 1;
            fprintf(f,
                    "  type (irhw_%s) {\n    base_type : array;\n    data_type : bit;\n"
                    "    bit_width : %d;\n    bit_from : %d;\n    bit_to : %d;\n"
                    "    downto : %s;\n  }\n",
                    pt->base, w, pt->msb, pt->lsb, pt->msb >= pt->lsb ? "true" : "false");
        }
    fprintf(f, "  cell (%s) {\n    area : 0;\n    dont_use : true;\n    interface_timing : true;\n",
            top);
    qsort(e->pr, e->npr, sizeof *e->pr, pair_by_out);
    size_t i = 0;
    for (size_t k = 0; k < e->nport; k++) {
        const etm_port *pt = &e->port[k];
        size_t bits = pt->bus ? (size_t)abs(pt->msb - pt->lsb) + 1 : 1;
        if (pt->bus)
            fprintf(f, "    bus (%s) {\n    bus_type : irhw_%s;\n    direction : %s;\n", pt->base,
                    pt->base, pt->out ? "output" : "input");
        for (size_t b = 0; b < bits; b++)
            etm_pin_group(f, e, i++);
        if (pt->bus)
            fprintf(f, "    }\n");
    }
    fprintf(f, "  }\n}\n");
    return irhw_out_commit(o, err, errlen);
}

/* names.txt: "out PORT RISE FALL", where an output's worst clock path
 * starts inside, rising and falling ("-": none); "setup - NS", a
 * flip-flop's setup inside (for a parent's path that ends at an input). */
static int etm_write_names(const char *path, const etm *e, double ff, char *err, size_t errlen)
{
    irhw_out *o = irhw_out_open(path, err, errlen);
    if (!o)
        return -1;
    FILE *f = irhw_out_file(o);
    fprintf(f, "# path ends inside this module's extracted timing model\n");
    fprintf(f, "setup - %.6f\n", ff);
    for (size_t i = 0; i < e->n; i++)
        if (e->p[i].out && (e->p[i].from[0][0] || e->p[i].from[1][0]))
            fprintf(f, "out %s %s %s\n", e->p[i].name, e->p[i].from[0][0] ? e->p[i].from[0] : "-",
                    e->p[i].from[1][0] ? e->p[i].from[1] : "-");
    return irhw_out_commit(o, err, errlen);
}

/* The sub-units' "internal" paths into crit and in, named by their first
 * instance in the unit's netlist nl; their timing in dir(kid). */
static int kids_internal(const run_ctx *c, const unit *u, const char *nl, int kind, tpath *crit,
                         tpath *in, char *err, size_t errlen)
{
    for (unsigned k = 0; k < u->nkids; k++) {
        const vmod *m = &c->v->m[u->kids[k]];
        const unit *s = &c->u[m->unit];
        const char *dir = kind == E_ETM ? s->edir : s->sdir;
        if (kind == E_ETM && kid_whole(c, u, k))
            continue; /* its paths were timed in the unit's own run */
        tpath kid;
        char inst[200];
        if (read_timing(dir, "internal", &kid))
            return irhw_err(err, errlen, "cannot read the timing of %.*s in %s", (int)m->nlen,
                            m->name, dir);
        first_instance(nl, m->name, m->nlen, inst, sizeof inst);
        if (inst[0]) {
            worse(crit, &kid, inst);
            worse(in, &kid, inst);
        }
    }
    return 0;
}

/* The unit's timing and extracted model into u->edir: OpenSTA on its own
 * mapped netlist with its sub-units' models as liberty cells, measuring
 * its model (etm.tcl.in); timing.txt as make_sta's. */
int make_etm(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen)
{
    char log[PATHLEN], top[200], read[18 * PATHLEN], script[PATHLEN], out[PATHLEN], period[32],
        load0[32], load1[32], slew[32], extra[PATHLEN + 16], p[PATHLEN];
    size_t n = 0;
    for (unsigned k = 0; k < u->nkids && n < sizeof read; k++) {
        const unit *s = &c->u[c->v->m[u->kids[k]].unit];
        n += (size_t)(kid_whole(c, u, k) ? snprintf(read + n, sizeof read - n,
                                                    "read_verilog %s/mapped.v\n", s->dir)
                                         : snprintf(read + n, sizeof read - n,
                                                    "read_liberty %s/model.lib\n", s->edir));
    }
    if (n < sizeof read)
        n += (size_t)snprintf(read + n, sizeof read - n, "read_verilog %s/mapped.v", u->dir);
    if (n >= sizeof read || area_path_join(script, PATHLEN, tmp, "etm.tcl") ||
        area_path_join(out, PATHLEN, tmp, "etm.txt"))
        return irhw_err(err, errlen, "cache path too long: %s", tmp);
    snprintf(top, sizeof top, "%.*s", (int)c->v->m[u->mod].nlen, c->v->m[u->mod].name);
    snprintf(period, sizeof period, "%.4f", c->q->clock_ns > 0 ? c->q->clock_ns : 1000.0);
    snprintf(load0, sizeof load0, "%g", ETM_LOAD0);
    snprintf(load1, sizeof load1, "%g", ETM_LOAD1);
    snprintf(slew, sizeof slew, "%g", ETM_SLEW);
    snprintf(extra, sizeof extra, "source %s", script);
    const char *keys[] = {"OUT", "PERIOD", "LOAD0", "LOAD1", "SLEW"};
    const char *vals[] = {out, period, load0, load1, slew};
    char *text = NULL;
    if (area_write_script("etm.tcl.in", script, keys, vals, 5, err, errlen) ||
        area_sta_tool(c->q, tmp, c->lib, read, top, c->node, 0, extra, &text, log, sizeof log, err,
                      errlen))
        return -1;
    char line[300];
    area_last_line_with(text, "Warning: ", line, sizeof line);
    if (strstr(line, "Warning: ")) {
        free(text);
        return irhw_err(err, errlen, "OpenSTA warned timing %s, log %s: %s", top, log, line);
    }
    snprintf(p, sizeof p, "%s/mapped.v", u->dir);
    char *nl = netlists(c, u, E_ETM);
    char *meas = irhw_read_file(out, NULL);
    etm e = {0};
    tpath crit, in;
    double ff = 0;
    int rc = (!nl || !meas) ? irhw_err(err, errlen, "cannot read %s or %s", p, out) : 0;
    if (!rc && (etm_ports(&e, nl, top) || etm_index(&e)))
        rc = irhw_err(err, errlen, "cannot find the ports of %s in %s", top, p);
    if (!rc &&
        (etm_path(c, u, nl, top, meas, "crit", &crit, &ff) ||
         etm_path(c, u, nl, top, meas, "internal", &in, &ff) || etm_read(c, u, nl, top, meas, &e)))
        rc = irhw_err(err, errlen, "cannot read OpenSTA's measurements %s", out);
    if (!rc)
        rc = kids_internal(c, u, nl, E_ETM, &crit, &in, err, errlen);
    for (unsigned k = 0; k < u->nkids && !rc && ff == 0; k++) {
        char w[64];
        etm_kid_name(c, c->v->m[u->kids[k]].unit, "setup", "-", w, sizeof w);
        ff = strtod(w, NULL);
    }
    char txt[800], tp[PATHLEN], lp[PATHLEN], np[PATHLEN];
    if (!rc) {
        snprintf(txt, sizeof txt, "crit\t%.4f\t%s\t%s\ninternal\t%.4f\t%s\t%s\n", crit.ns,
                 crit.from, crit.to, in.ns, in.from, in.to);
        rc = area_path_join(tp, sizeof tp, tmp, "timing.txt") ||
             area_path_join(lp, sizeof lp, tmp, "model.lib") ||
             area_path_join(np, sizeof np, tmp, "names.txt") ||
             irhw_write_file(tp, txt, err, errlen) ||
             etm_write_lib(lp, c->lib, top, &e, err, errlen) ||
             etm_write_names(np, &e, ff, err, errlen);
    }
    etm_free(&e);
    free(nl);
    free(meas);
    free(text);
    return rc ? -1 : 0;
}
