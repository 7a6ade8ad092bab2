/*
 * gatesim.c — zero-delay gate-level simulation of a mapped netlist
 * (gatesim.h); the liberty and netlist readers are in gatesim_read.c.
 *
 *  1. The netlist's modules are flattened as they are instantiated: every
 *     wire bit gets a global id, ports and assigns join ids (union-find),
 *     constants are ids 0 and 1.
 *  2. The cells it uses are read from the liberty (gatesim_read.c), their
 *     functions compiled to truth tables over the variables they use.
 *  3. A flip-flop holds its state (IQ) and drives its output pins through
 *     their functions of IQ and IQN, so every output pin is a gate. Gates
 *     are levelized; a changed net schedules its fanout at its level and
 *     levels are evaluated in order, so each gate is evaluated at most once
 *     a settle and a net changes at most once a settle (no glitches).
 *  4. Counts: a net's toggles (changes after start), and its duty by the
 *     edges at which it was 1 (the edge count when it rose, added up when
 *     it falls).
 */
#define _POSIX_C_SOURCE 200809L

#include "gatesim.h"
#include "area_int.h"
#include "gatesim_int.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- the flat design ---------------------------------------------------------- */

typedef struct {
    uint32_t out;   /* net */
    uint32_t first; /* its inputs in gin[] */
    uint16_t nin, level;
    const uint64_t *tt;
    unsigned char queued;
} gate;

typedef struct {
    uint32_t iq, iqn; /* internal state nets */
    uint32_t q;       /* net of its first output pin */
    const lcell *c;
    uint32_t *next_in, *clr_in, *pre_in; /* nets of the functions' variables */
    const unsigned char *init;
    unsigned char pending;
    char *key, *origin;
} flop;

typedef struct {
    uint32_t net;
    const unsigned char *val;
    char *key;
} input;

typedef struct {
    char *name; /* "path/inst/PIN" */
    uint32_t net;
} pinref;

struct irhw_gsim {
    /* netlist */
    vmod *mods;
    size_t nmods, capmods;
    lcell *cells;
    size_t ncells, capcells;
    /* flattening */
    uint32_t *uf;
    size_t nuf, capuf;
    /* simulation */
    size_t nnets;
    unsigned char *val;
    uint64_t *tog, *high, *since;
    gate *g;
    size_t ng, capg;
    uint32_t *gin;
    size_t ngin, capgin;
    uint32_t *fo_start, *fo; /* fanout: gates reading each net (CSR) */
    flop *ff;
    size_t nff, capff;
    input *in;
    size_t nin, capin;
    input *out;
    size_t nout, capout;
    pinref *pins;
    size_t npins, cappins;
    uint32_t **bucket;
    size_t *nbucket;
    unsigned nlevels;
    uint32_t clk;
    uint64_t edges, evals;
    size_t leaf_cells, undriven;
    int counting;
    unsigned char *driven; /* while building */
    /* pending raw records from elaboration (global ids, mapped to nets later) */
};

static uint32_t uf_find(uint32_t *uf, uint32_t a)
{
    while (uf[a] != a) {
        uf[a] = uf[uf[a]];
        a = uf[a];
    }
    return a;
}

static void uf_union(uint32_t *uf, uint32_t a, uint32_t b)
{
    a = uf_find(uf, a);
    b = uf_find(uf, b);
    if (a == b)
        return;
    /* constants stay the representatives */
    if (b < 2)
        uf[a] = b;
    else
        uf[b] = a;
}

static vmod *mod_find(irhw_gsim *g, const char *name)
{
    for (size_t i = 0; i < g->nmods; i++)
        if (!strcmp(g->mods[i].name, name))
            return &g->mods[i];
    return NULL;
}

static uint32_t gid(long b, uint32_t base)
{
    return b == -1 ? 0 : b == -2 ? 1 : base + (uint32_t)b;
}

/* Key of module bit b (as a VCD names it below the top): path + name[i]. */
/* The signal holding module bit b (signals' bits are allocated in order). */
static const sig *bit_sig(const vmod *m, long b)
{
    size_t lo = 0, hi = m->ns;
    while (lo + 1 < hi) {
        size_t mid = (lo + hi) / 2;
        if (m->s[mid].first <= (uint32_t)b)
            lo = mid;
        else
            hi = mid;
    }
    return b >= 0 && m->ns ? &m->s[lo] : NULL;
}

static char *bit_key(const vmod *m, long b, const char *vpath, const char **signame)
{
    const sig *s = bit_sig(m, b);
    if (s) {
        {
            int off = (int)((uint32_t)b - s->first);
            int idx = s->lsb <= s->msb ? s->lsb + off : s->lsb - off;
            char k[1200], name[600];
            size_t n = 0;
            for (const char *c = s->name; *c && n + 1 < sizeof name; c++)
                if (*c != ' ')
                    name[n++] = *c;
            name[n] = '\0';
            if (signame)
                *signame = s->name;
            if (s->msb == 0 && s->lsb == 0)
                snprintf(k, sizeof k, "%s%s", vpath, name);
            else
                snprintf(k, sizeof k, "%s%s[%d]", vpath, name, idx);
            return strdup(k);
        }
    }
    return NULL;
}

/* Raw records of the elaboration, in global bit ids. */
typedef struct {
    const lcell *c;
    uint32_t *pin_bit; /* per liberty pin, global bit (UINT32_MAX: unconnected) */
    char *tpath;       /* "path/inst" */
    char *qkey;        /* flip-flops: key of the first output's net */
    char *qorigin;     /* and "MODULE SIGNAL" of that net */
} rawcell;

typedef struct {
    rawcell *rc;
    size_t nrc, caprc;
} elab;

static int elaborate(irhw_gsim *g, elab *el, vmod *m, const char *tpath, const char *vpath,
                     uint32_t *base_out, char *err, size_t errlen)
{
    if (m->visiting)
        return irhw_err(err, errlen, "module %s instantiates itself", m->name);
    uint32_t base = (uint32_t)g->nuf;
    for (uint32_t i = 0; i < m->nbits; i++) {
        uint32_t *p = PUSH(g->uf, g->nuf, g->capuf);
        if (!p)
            return irhw_err(err, errlen, "out of memory");
        *p = base + i;
    }
    *base_out = base;
    m->visiting = 1;
    for (size_t a = 0; a < m->na; a++) {
        const bits *l = &m->al[a], *r = &m->ar[a];
        for (size_t i = 0; i < l->n; i++) { /* aligned at the lsb; missing bits 0 */
            long rb = i < r->n ? r->b[r->n - 1 - i] : -1;
            uf_union(g->uf, gid(l->b[l->n - 1 - i], base), gid(rb, base));
        }
    }
    int rc = 0;
    for (size_t k = 0; k < m->ni && !rc; k++) {
        inst *in = &m->in[k];
        char tp[2048], vp[2048];
        snprintf(tp, sizeof tp, "%s%s%s", tpath, tpath[0] ? "/" : "", in->name);
        snprintf(vp, sizeof vp, "%s%s.", vpath, in->name);
        vmod *sub = mod_find(g, in->type);
        if (sub) {
            uint32_t sb;
            if ((rc = elaborate(g, el, sub, tp, vp, &sb, err, errlen)))
                break;
            for (size_t c = 0; c < in->nc; c++) {
                sig *s = sig_find(sub, in->c[c].pin);
                if (!s) {
                    rc = irhw_err(err, errlen, "instance %s: module %s has no port %s", tp,
                                  sub->name, in->c[c].pin);
                    break;
                }
                uint32_t w = (uint32_t)abs(s->msb - s->lsb) + 1;
                const bits *e = &in->c[c].e;
                for (uint32_t i = 0; i < w && i < e->n; i++) /* bit i from the lsb */
                    uf_union(g->uf, sb + s->first + i, gid(e->b[e->n - 1 - i], base));
            }
            continue;
        }
        if (!strcmp(in->type, "irhw_sram_1rw")) {
            for (size_t c = 0; c < in->nc; c++) {
                if (strcmp(in->c[c].pin, "rdata"))
                    continue;
                const bits *e = &in->c[c].e;
                for (size_t i = 0; i < e->n; i++) {
                    input *ip = PUSH(g->in, g->nin, g->capin);
                    char key[2100];
                    snprintf(key, sizeof key, "%s%s.rdata[%zu]", vpath, in->name, i);
                    if (!ip || !(ip->key = strdup(key)))
                        return irhw_err(err, errlen, "out of memory");
                    ip->net = gid(e->b[e->n - 1 - i], base);
                    ip->val = NULL;
                }
            }
            continue;
        }
        const lcell *c = cell_find(g->cells, g->ncells, in->type);
        if (!c)
            return irhw_err(err, errlen,
                            "instance %s: cell %s is neither a module of the netlist "
                            "nor a liberty cell",
                            tp, in->type);
        rawcell *r = PUSH(el->rc, el->nrc, el->caprc);
        if (!r || !(r->pin_bit = malloc(c->npins * sizeof *r->pin_bit)) || !(r->tpath = strdup(tp)))
            return irhw_err(err, errlen, "out of memory");
        r->c = c;
        r->qkey = r->qorigin = NULL;
        for (size_t p = 0; p < c->npins; p++)
            r->pin_bit[p] = UINT32_MAX;
        for (size_t k2 = 0; k2 < in->nc; k2++) {
            size_t p = 0;
            while (p < c->npins && strcmp(c->pins[p].name, in->c[k2].pin))
                p++;
            if (p == c->npins)
                return irhw_err(err, errlen, "instance %s: cell %s has no pin %s", tp, c->name,
                                in->c[k2].pin);
            const bits *e = &in->c[k2].e;
            if (e->n > 1)
                return irhw_err(err, errlen, "instance %s: pin %s connected to %zu bits", tp,
                                in->c[k2].pin, e->n);
            if (e->n == 1) {
                r->pin_bit[p] = gid(e->b[0], base);
                if (c->ff && c->pins[p].dir == 2 && !r->qkey) {
                    const char *sn = "";
                    r->qkey = bit_key(m, e->b[0], vpath, &sn);
                    char o[2400];
                    snprintf(o, sizeof o, "%s %s", m->name, sn);
                    if (r->qkey && !(r->qorigin = strdup(o)))
                        return irhw_err(err, errlen, "out of memory");
                }
            }
        }
    }
    m->visiting = 0;
    return rc;
}

static int read_netlist(irhw_gsim *g, const char *path, char *err, size_t errlen)
{
    size_t len;
    char *text = irhw_read_file(path, &len);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", path, strerror(errno));
    lexer x = {text, text + len, text, 1, "", 0};
    lex(&x);
    int rc = 0;
    while (!rc && x.kind) {
        if (x.kind == 'i' && !strcmp(x.tok, "module")) {
            vmod *m = PUSH(g->mods, g->nmods, g->capmods);
            if (!m) {
                rc = irhw_err(err, errlen, "out of memory");
                break;
            }
            memset(m, 0, sizeof *m);
            rc = parse_module(&x, m, err, errlen);
        } else {
            rc = irhw_err(err, errlen, "line %d: module expected, found \"%s\"", x.line, x.tok);
        }
    }
    free(text);
    if (rc) {
        char pre[1100];
        snprintf(pre, sizeof pre, "%s: ", path);
        return err_wrap(err, errlen, pre, "");
    }
    return 0;
}

/* The liberty cells the netlist's instances name (but its own modules). */
static int collect_cells(irhw_gsim *g, char *err, size_t errlen)
{
    for (size_t i = 0; i < g->nmods; i++)
        for (size_t k = 0; k < g->mods[i].ni; k++) {
            const char *t = g->mods[i].in[k].type;
            if (mod_find(g, t) || !strcmp(t, "irhw_sram_1rw") || cell_find(g->cells, g->ncells, t))
                continue;
            lcell *c = PUSH(g->cells, g->ncells, g->capcells);
            if (!c)
                return irhw_err(err, errlen, "out of memory");
            memset(c, 0, sizeof *c);
            snprintf(c->name, sizeof c->name, "%s", t);
        }
    return 0;
}

/* ---- building the simulator ------------------------------------------------- */

static uint32_t *net_of; /* scratch during build: global bit -> net */

static int add_gate(irhw_gsim *g, uint32_t out, const fn *f, const uint32_t *vars, char *err,
                    size_t errlen)
{
    gate *t = PUSH(g->g, g->ng, g->capg);
    if (!t)
        return irhw_err(err, errlen, "out of memory");
    t->out = out;
    t->first = (uint32_t)g->ngin;
    t->nin = (uint16_t)f->nvars;
    t->tt = f->tt;
    t->level = 0;
    t->queued = 0;
    for (unsigned i = 0; i < f->nvars; i++) {
        uint32_t *p = PUSH(g->gin, g->ngin, g->capgin);
        if (!p)
            return irhw_err(err, errlen, "out of memory");
        *p = vars[i];
    }
    return 0;
}

/* Nets of a function's variables: pins of the cell, or IQ / IQN. */
static int fn_vars(const fn *f, const rawcell *r, const flop *ff, uint32_t *vars, char *err,
                   size_t errlen)
{
    const lcell *c = r->c;
    for (unsigned v = 0; v < f->nvars; v++) {
        if (ff && !strcmp(f->vars[v], c->iq)) {
            vars[v] = ff->iq;
            continue;
        }
        if (ff && !strcmp(f->vars[v], c->iqn)) {
            vars[v] = ff->iqn;
            continue;
        }
        size_t p = 0;
        while (p < c->npins && strcmp(c->pins[p].name, f->vars[v]))
            p++;
        if (p == c->npins)
            return irhw_err(err, errlen, "cell %s: its function names %s, not a pin", c->name,
                            f->vars[v]);
        vars[v] = r->pin_bit[p] == UINT32_MAX ? 0 : net_of[r->pin_bit[p]];
    }
    return 0;
}

static int build(irhw_gsim *g, elab *el, const char *clock, const vmod *top, uint32_t tbase,
                 char *err, size_t errlen)
{
    /* nets: one per union-find class; 0 and 1 the constants */
    if (!(net_of = malloc((g->nuf ? g->nuf : 1) * sizeof *net_of)))
        return irhw_err(err, errlen, "out of memory");
    uint32_t *rep_net = malloc((g->nuf ? g->nuf : 1) * sizeof *rep_net);
    if (!rep_net)
        return irhw_err(err, errlen, "out of memory");
    for (size_t i = 0; i < g->nuf; i++)
        rep_net[i] = UINT32_MAX;
    rep_net[0] = 0;
    rep_net[1] = 1;
    size_t nn = 2;
    for (size_t i = 0; i < g->nuf; i++) {
        uint32_t r = uf_find(g->uf, (uint32_t)i);
        if (rep_net[r] == UINT32_MAX)
            rep_net[r] = (uint32_t)nn++;
        net_of[i] = rep_net[r];
    }
    free(rep_net);
    for (size_t i = 0; i < g->nin; i++) /* the SRAM macros' rdata, recorded as global bits */
        g->in[i].net = net_of[g->in[i].net];
    /* two state nets per flip-flop */
    size_t nffc = 0;
    for (size_t i = 0; i < el->nrc; i++)
        nffc += el->rc[i].c->ff;
    size_t state0 = nn;
    nn += 2 * nffc;
    g->nnets = nn;
    g->val = calloc(nn, 1);
    g->tog = calloc(nn, sizeof *g->tog);
    g->high = calloc(nn, sizeof *g->high);
    g->since = calloc(nn, sizeof *g->since);
    unsigned char *driven = g->driven = calloc(nn, 1);
    if (!g->val || !g->tog || !g->high || !g->since || !driven)
        return irhw_err(err, errlen, "out of memory");
    driven[0] = driven[1] = 1;
    g->val[1] = 1;
    /* top ports */
    g->clk = UINT32_MAX;
    for (size_t i = 0; i < top->ns; i++) {
        const sig *s = &top->s[i];
        if (s->dir != 1 && s->dir != 2)
            continue;
        uint32_t w = (uint32_t)abs(s->msb - s->lsb) + 1;
        for (uint32_t b = 0; b < w; b++) {
            uint32_t net = net_of[tbase + s->first + b];
            if (s->dir == 1 && !strcmp(s->name, clock) && w == 1) {
                g->clk = net;
                driven[net] = 1;
                continue;
            }
            input *ip =
                s->dir == 1 ? PUSH(g->in, g->nin, g->capin) : PUSH(g->out, g->nout, g->capout);
            if (!ip || !(ip->key = bit_key(top, (long)(s->first + b), "", NULL)))
                return irhw_err(err, errlen, "out of memory");
            ip->net = net;
            ip->val = NULL;
        }
    }
    if (g->clk == UINT32_MAX)
        return irhw_err(err, errlen, "the netlist's top %s has no input port %s", top->name, clock);
    int rc = 0;
    uint32_t vars[MAXVARS];
    size_t fi = 0;
    for (size_t i = 0; i < el->nrc && !rc; i++) {
        const rawcell *r = &el->rc[i];
        const lcell *c = r->c;
        flop *ff = NULL;
        if (c->ff) {
            ff = PUSH(g->ff, g->nff, g->capff);
            if (!ff)
                return irhw_err(err, errlen, "out of memory");
            memset(ff, 0, sizeof *ff);
            ff->c = c;
            ff->iq = (uint32_t)(state0 + 2 * fi);
            ff->iqn = ff->iq + 1;
            g->val[ff->iqn] = 1;
            driven[ff->iq] = driven[ff->iqn] = 1;
            fi++;
            ff->key = r->qkey;
            ff->origin = r->qorigin;
            ff->q = UINT32_MAX;
            size_t p = 0;
            while (p < c->npins && strcmp(c->pins[p].name, c->clk))
                p++;
            if (p == c->npins || r->pin_bit[p] == UINT32_MAX || net_of[r->pin_bit[p]] != g->clk)
                return irhw_err(err, errlen,
                                "flip-flop %s (%s): clocked on \"%s\", not on the clock port %s "
                                "(only flip-flops on the rising edge of %s are simulated)",
                                r->tpath, c->name, c->clk, clock, clock);
            const fn *fs[3] = {&c->next, &c->clear, &c->preset};
            uint32_t **dst[3] = {&ff->next_in, &ff->clr_in, &ff->pre_in};
            for (int k = 0; k < 3; k++) {
                if (!fs[k]->tt)
                    continue;
                if (!(*dst[k] = malloc((fs[k]->nvars + 1) * sizeof **dst[k])))
                    return irhw_err(err, errlen, "out of memory");
                if (fn_vars(fs[k], r, NULL, *dst[k], err, errlen))
                    return -1;
            }
            if (!c->next.tt)
                return irhw_err(err, errlen, "cell %s: ff group without next_state", c->name);
        }
        if (c->refused)
            return irhw_err(err, errlen,
                            "instance %s: cell %s is a latch, state table or three-state cell, "
                            "which the gate-level simulation does not model",
                            r->tpath, c->name);
        g->leaf_cells++;
        for (size_t p = 0; p < c->npins; p++) {
            const lpin *lp = &c->pins[p];
            uint32_t net = r->pin_bit[p] == UINT32_MAX ? UINT32_MAX : net_of[r->pin_bit[p]];
            if (net != UINT32_MAX && net != g->clk) {
                pinref *pr = PUSH(g->pins, g->npins, g->cappins);
                char name[2300];
                snprintf(name, sizeof name, "%s/%s", r->tpath, lp->name);
                if (!pr || !(pr->name = strdup(name)))
                    return irhw_err(err, errlen, "out of memory");
                pr->net = net;
            }
            if (lp->dir != 2 || net == UINT32_MAX)
                continue;
            if (!lp->f.tt)
                return irhw_err(err, errlen, "cell %s: output %s without a function", c->name,
                                lp->name);
            if (driven[net])
                return irhw_err(err, errlen,
                                "instance %s: output %s drives a net driven "
                                "elsewhere too",
                                r->tpath, lp->name);
            driven[net] = 1;
            if (ff && ff->q == UINT32_MAX)
                ff->q = net;
            if (fn_vars(&lp->f, r, ff, vars, err, errlen) ||
                add_gate(g, net, &lp->f, vars, err, errlen))
                return -1;
        }
    }
    /* inputs drive their nets */
    for (size_t i = 0; i < g->nin; i++) {
        uint32_t net = g->in[i].net;
        if (net < 2)
            continue;
        if (driven[net])
            return irhw_err(err, errlen, "input %s drives a net a cell drives", g->in[i].key);
        driven[net] = 1;
    }
    for (size_t i = 0; i < g->ngin; i++)
        if (!driven[g->gin[i]]) {
            g->undriven++;
            driven[g->gin[i]] = 1; /* counted once */
        }
    free(driven);
    g->driven = NULL;
    /* fanout (CSR) */
    g->fo_start = calloc(nn + 1, sizeof *g->fo_start);
    g->fo = malloc((g->ngin ? g->ngin : 1) * sizeof *g->fo);
    if (!g->fo_start || !g->fo)
        return irhw_err(err, errlen, "out of memory");
    for (size_t i = 0; i < g->ngin; i++)
        g->fo_start[g->gin[i] + 1]++;
    for (size_t n = 0; n < nn; n++)
        g->fo_start[n + 1] += g->fo_start[n];
    uint32_t *fill = calloc(nn, sizeof *fill);
    if (!fill)
        return irhw_err(err, errlen, "out of memory");
    for (size_t k = 0; k < g->ng; k++)
        for (uint32_t i = 0; i < g->g[k].nin; i++) {
            uint32_t n = g->gin[g->g[k].first + i];
            g->fo[g->fo_start[n] + fill[n]++] = (uint32_t)k;
        }
    free(fill);
    /* levels: Kahn's order from nets no gate drives */
    uint32_t *driver = malloc(nn * sizeof *driver), *indeg = calloc(g->ng + 1, sizeof *indeg),
             *queue = malloc((g->ng + 1) * sizeof *queue);
    if (!driver || !indeg || !queue)
        return irhw_err(err, errlen, "out of memory");
    for (size_t n = 0; n < nn; n++)
        driver[n] = UINT32_MAX;
    for (size_t k = 0; k < g->ng; k++)
        driver[g->g[k].out] = (uint32_t)k;
    size_t qh = 0, qt = 0;
    for (size_t k = 0; k < g->ng; k++) {
        for (uint32_t i = 0; i < g->g[k].nin; i++)
            indeg[k] += driver[g->gin[g->g[k].first + i]] != UINT32_MAX;
        if (!indeg[k])
            queue[qt++] = (uint32_t)k;
    }
    unsigned maxl = 0;
    while (qh < qt) {
        gate *t = &g->g[queue[qh++]];
        for (uint32_t f = g->fo_start[t->out]; f < g->fo_start[t->out + 1]; f++) {
            gate *u = &g->g[g->fo[f]];
            if (u->level < t->level + 1)
                u->level = (uint16_t)(t->level + 1);
            if (u->level > maxl)
                maxl = u->level;
            if (--indeg[g->fo[f]] == 0)
                queue[qt++] = g->fo[f];
        }
    }
    if (qt != g->ng) {
        size_t k = 0;
        while (k < g->ng && !indeg[k])
            k++;
        rc = irhw_err(err, errlen,
                      "the netlist has a combinational loop (%zu gates in or after "
                      "it)",
                      g->ng - qt);
    }
    free(driver);
    free(indeg);
    free(queue);
    if (rc)
        return rc;
    g->nlevels = maxl + 1;
    g->bucket = calloc(g->nlevels, sizeof *g->bucket);
    g->nbucket = calloc(g->nlevels, sizeof *g->nbucket);
    size_t *cnt = calloc(g->nlevels, sizeof *cnt);
    if (!g->bucket || !g->nbucket || !cnt)
        return irhw_err(err, errlen, "out of memory");
    for (size_t k = 0; k < g->ng; k++)
        cnt[g->g[k].level]++;
    for (unsigned l = 0; l < g->nlevels; l++)
        if (!(g->bucket[l] = malloc((cnt[l] + 1) * sizeof **g->bucket)))
            return irhw_err(err, errlen, "out of memory");
    free(cnt);
    return 0;
}

static void cells_free(irhw_gsim *g)
{
    for (size_t i = 0; i < g->ncells; i++) {
        lcell *c = &g->cells[i];
        for (size_t p = 0; p < c->npins; p++)
            free(c->pins[p].f.tt);
        free(c->pins);
        free(c->next.tt);
        free(c->clear.tt);
        free(c->preset.tt);
    }
    free(g->cells);
}

static void mods_free(irhw_gsim *g)
{
    for (size_t i = 0; i < g->nmods; i++) {
        vmod *m = &g->mods[i];
        for (size_t k = 0; k < m->ns; k++)
            free(m->s[k].name);
        for (size_t k = 0; k < m->na; k++) {
            free(m->al[k].b);
            free(m->ar[k].b);
        }
        for (size_t k = 0; k < m->ni; k++) {
            for (size_t c = 0; c < m->in[k].nc; c++)
                free(m->in[k].c[c].e.b);
            free(m->in[k].c);
            free(m->in[k].type);
            free(m->in[k].name);
        }
        free(m->s);
        free(m->stab);
        free(m->span);
        free(m->al);
        free(m->ar);
        free(m->in);
        free(m->name);
    }
    free(g->mods);
    g->mods = NULL;
    g->nmods = 0;
}

void irhw_gsim_free(irhw_gsim *g)
{
    if (!g)
        return;
    mods_free(g);
    cells_free(g);
    free(g->uf);
    free(g->val);
    free(g->tog);
    free(g->high);
    free(g->since);
    free(g->driven);
    free(g->g);
    free(g->gin);
    free(g->fo_start);
    free(g->fo);
    for (size_t i = 0; i < g->nff; i++) {
        free(g->ff[i].next_in);
        free(g->ff[i].clr_in);
        free(g->ff[i].pre_in);
        free(g->ff[i].key);
        free(g->ff[i].origin);
    }
    free(g->ff);
    for (size_t i = 0; i < g->nin; i++)
        free(g->in[i].key);
    free(g->in);
    for (size_t i = 0; i < g->nout; i++)
        free(g->out[i].key);
    free(g->out);
    for (size_t i = 0; i < g->npins; i++)
        free(g->pins[i].name);
    free(g->pins);
    for (unsigned l = 0; l < g->nlevels; l++)
        free(g->bucket[l]);
    free(g->bucket);
    free(g->nbucket);
    free(g);
}

irhw_gsim *irhw_gsim_load(const char *liberty, const char *netlist, const char *top,
                          const char *clock, char *err, size_t errlen)
{
    irhw_gsim *g = calloc(1, sizeof *g);
    if (!g) {
        irhw_err(err, errlen, "out of memory");
        return NULL;
    }
    elab el = {0};
    int rc = read_netlist(g, netlist, err, errlen);
    vmod *t = rc ? NULL : mod_find(g, top);
    if (!rc && !t)
        rc = irhw_err(err, errlen, "%s has no module %s", netlist, top);
    if (!rc)
        rc = collect_cells(g, err, errlen);
    if (!rc)
        rc = read_liberty(liberty, g->cells, g->ncells, err, errlen);
    for (size_t i = 0; !rc && i < g->ncells; i++)
        if (!g->cells[i].found)
            rc = irhw_err(err, errlen, "cell %s of %s is not in the liberty %s", g->cells[i].name,
                          netlist, liberty);
    for (int k = 0; !rc && k < 2; k++) { /* constants: global bits 0 and 1 */
        uint32_t *p = PUSH(g->uf, g->nuf, g->capuf);
        if (!p)
            rc = irhw_err(err, errlen, "out of memory");
        else
            *p = (uint32_t)k;
    }
    uint32_t base;
    if (!rc)
        rc = elaborate(g, &el, t, "", "", &base, err, errlen);
    if (!rc)
        rc = build(g, &el, clock, t, base, err, errlen);

    for (size_t i = 0; i < el.nrc; i++) {
        free(el.rc[i].pin_bit);
        free(el.rc[i].tpath);
        if (rc || !el.rc[i].c->ff) {
            free(el.rc[i].qkey);
            free(el.rc[i].qorigin);
        }
    }
    free(el.rc);
    free(net_of);
    net_of = NULL;
    free(g->uf);
    g->uf = NULL;
    if (rc) {
        for (size_t i = 0; i < g->nff; i++)
            g->ff[i].key = g->ff[i].origin = NULL; /* freed above */
        irhw_gsim_free(g);
        return NULL;
    }
    mods_free(g);
    return g;
}

/* ---- running ------------------------------------------------------------------ */

static void net_set(irhw_gsim *g, uint32_t n, unsigned char v)
{
    g->val[n] = v;
    if (!g->counting)
        return;
    g->tog[n]++;
    if (v)
        g->since[n] = g->edges;
    else
        g->high[n] += g->edges - g->since[n];
}

static unsigned fn_eval(const uint64_t *tt, const uint32_t *in, unsigned n,
                        const unsigned char *val)
{
    unsigned a = 0;
    for (unsigned i = 0; i < n; i++)
        a |= (unsigned)val[in[i]] << i;
    return (unsigned)(tt[a / 64] >> (a % 64)) & 1;
}

static void schedule(irhw_gsim *g, uint32_t n)
{
    for (uint32_t f = g->fo_start[n]; f < g->fo_start[n + 1]; f++) {
        gate *t = &g->g[g->fo[f]];
        if (!t->queued) {
            t->queued = 1;
            g->bucket[t->level][g->nbucket[t->level]++] = g->fo[f];
        }
    }
}

static void propagate(irhw_gsim *g)
{
    for (unsigned l = 0; l < g->nlevels; l++) {
        for (size_t i = 0; i < g->nbucket[l]; i++) {
            gate *t = &g->g[g->bucket[l][i]];
            t->queued = 0;
            unsigned char v = (unsigned char)fn_eval(t->tt, &g->gin[t->first], t->nin, g->val);
            g->evals++;
            if (v != g->val[t->out]) {
                net_set(g, t->out, v);
                schedule(g, t->out);
            }
        }
        g->nbucket[l] = 0;
    }
}

void irhw_gsim_start(irhw_gsim *g)
{
    g->counting = 0;
    for (size_t i = 0; i < g->nin; i++)
        if (g->in[i].net >= 2)
            g->val[g->in[i].net] = g->in[i].val ? *g->in[i].val : 0;
    for (size_t i = 0; i < g->nff; i++) {
        unsigned char v = g->ff[i].init ? *g->ff[i].init : 0;
        g->val[g->ff[i].iq] = v;
        g->val[g->ff[i].iqn] = !v;
    }
    for (size_t k = 0; k < g->ng; k++) /* every gate once, in level order */
        if (!g->g[k].queued) {
            g->g[k].queued = 1;
            g->bucket[g->g[k].level][g->nbucket[g->g[k].level]++] = (uint32_t)k;
        }
    propagate(g);
    g->counting = 1;
    g->edges = 0;
}

void irhw_gsim_edge(irhw_gsim *g)
{
    for (size_t i = 0; i < g->nff; i++) {
        flop *f = &g->ff[i];
        const lcell *c = f->c;
        unsigned v = fn_eval(c->next.tt, f->next_in, c->next.nvars, g->val);
        if (f->clr_in && fn_eval(c->clear.tt, f->clr_in, c->clear.nvars, g->val))
            v = 0;
        else if (f->pre_in && fn_eval(c->preset.tt, f->pre_in, c->preset.nvars, g->val))
            v = 1;
        f->pending = (unsigned char)v;
    }
    g->edges++;
    for (size_t i = 0; i < g->nff; i++) {
        flop *f = &g->ff[i];
        if (f->pending != g->val[f->iq]) {
            net_set(g, f->iq, f->pending);
            net_set(g, f->iqn, !f->pending);
            schedule(g, f->iq);
            schedule(g, f->iqn);
        }
    }
}

void irhw_gsim_settle(irhw_gsim *g)
{
    for (size_t i = 0; i < g->nin; i++) {
        const input *ip = &g->in[i];
        if (ip->net < 2 || !ip->val || *ip->val == g->val[ip->net])
            continue;
        net_set(g, ip->net, *ip->val);
        schedule(g, ip->net);
    }
    propagate(g);
}

void irhw_gsim_finish(irhw_gsim *g)
{
    for (size_t n = 0; n < g->nnets; n++)
        if (g->val[n])
            g->high[n] += g->edges - g->since[n];
    g->counting = 0;
}

size_t irhw_gsim_inputs(const irhw_gsim *g)
{
    return g->nin;
}
const char *irhw_gsim_input_key(const irhw_gsim *g, size_t i)
{
    return g->in[i].key;
}
void irhw_gsim_bind_input(irhw_gsim *g, size_t i, const unsigned char *val)
{
    g->in[i].val = val;
}
size_t irhw_gsim_flops(const irhw_gsim *g)
{
    return g->nff;
}
const char *irhw_gsim_flop_key(const irhw_gsim *g, size_t i)
{
    return g->ff[i].key;
}
const char *irhw_gsim_flop_origin(const irhw_gsim *g, size_t i)
{
    return g->ff[i].origin;
}
void irhw_gsim_bind_flop(irhw_gsim *g, size_t i, const unsigned char *val)
{
    g->ff[i].init = val;
}
uint64_t irhw_gsim_flop_toggles(const irhw_gsim *g, size_t i)
{
    return g->ff[i].q == UINT32_MAX ? 0 : g->tog[g->ff[i].q];
}
size_t irhw_gsim_outputs(const irhw_gsim *g)
{
    return g->nout;
}
const char *irhw_gsim_output_key(const irhw_gsim *g, size_t i)
{
    return g->out[i].key;
}
uint64_t irhw_gsim_output_toggles(const irhw_gsim *g, size_t i)
{
    return g->tog[g->out[i].net];
}

/* 1 if f is the function of its one variable, named v (or any name when v is NULL). */
static int fn_is_var(const fn *f, const char *v)
{
    return f->nvars == 1 && f->tt && (f->tt[0] & 3) == 2 && (!v || !strcmp(f->vars[0], v));
}

int irhw_gsim_plain_flop(const irhw_gsim *g, char *cell, char *clk, char *d, char *q, size_t len)
{
    for (size_t i = 0; i < g->ncells; i++) {
        const lcell *c = &g->cells[i];
        if (!c->found || !c->ff || c->refused || c->clear.nvars || c->preset.nvars ||
            !fn_is_var(&c->next, NULL))
            continue;
        int clk_pin = 0; /* clocked on a pin, not on an expression such as "!CLK_N" */
        for (size_t k = 0; k < c->npins; k++)
            clk_pin |= c->pins[k].dir == 1 && !strcmp(c->pins[k].name, c->clk);
        for (size_t k = 0; clk_pin && k < c->npins; k++)
            if (c->pins[k].dir == 2 && fn_is_var(&c->pins[k].f, c->iq)) {
                snprintf(cell, len, "%s", c->name);
                snprintf(clk, len, "%s", c->clk);
                snprintf(d, len, "%s", c->next.vars[0]);
                snprintf(q, len, "%s", c->pins[k].name);
                return 1;
            }
    }
    return 0;
}

void irhw_gsim_stats(const irhw_gsim *g, size_t *cells, size_t *nets, uint64_t *evals,
                     size_t *undriven)
{
    *cells = g->leaf_cells;
    *nets = g->nnets - 2 * g->nff;
    *evals = g->evals;
    *undriven = g->undriven;
}

size_t irhw_gsim_write_pins(const irhw_gsim *g, FILE *f)
{
    double e = g->edges ? (double)g->edges : 1;
    for (size_t i = 0; i < g->npins; i++) {
        uint32_t n = g->pins[i].net;
        fprintf(f, "{%s} %.6g %.6g\n", g->pins[i].name, (double)g->tog[n] / e,
                (double)g->high[n] / e);
    }
    return g->npins;
}

uint64_t irhw_gsim_net_toggles(const irhw_gsim *g)
{
    uint64_t t = 0;
    for (size_t n = 0; n < g->nnets - 2 * g->nff; n++)
        t += g->tog[n];
    return t;
}
