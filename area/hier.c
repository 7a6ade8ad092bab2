/*
 * hier.c — hierarchical, cached synthesis (the default of irhw_area_run).
 *
 * The design file is split into modules. Every generated module (one
 * without parameters: its name encodes its configuration) is a unit,
 * synthesized once by synth_scripts/synth_module.ys.in with the units it
 * instantiates as black boxes (their port lists, marked (* blackbox *)) and
 * the rtl/ leaf modules it uses read with it, so a leaf at one parameter
 * set is synthesized inside the unit that instantiates it.
 *
 * A unit's results (stat.txt, netlist.v, mapped.v) live in the cache folder
 * <cache>/<key>/, key a 64-bit FNV-1a hash of everything that decides
 * them: the Yosys and ABC versions, the filtered liberty, the script
 * templates, ABC's delay target and input buffer, the SRAM cell, the
 * unit's source, the sources of the leaves it uses and the keys of its
 * sub-units. An entry is written in a private folder and renamed into place
 * whole, sealed by a manifest of its files (model/cache.h, as the
 * Verilator build cache's). An entry whose manifest does not match (a
 * damaged or foreign entry) is removed and synthesized again, never used.
 *
 * The areas add up: a unit's own cells (its leaves included) plus, per
 * sub-unit instance, that sub-unit's total. The critical path is OpenSTA's
 * on the units' mapped netlists, each module once: OpenSTA links the
 * hierarchy itself, or, when the design has SRAM macros, Yosys flattens it
 * first and cuts the macros out (synth_scripts/sta_merge.ys.in).
 *
 * With q->ilm (and no SRAM macros), the whole netlist is not timed. Each
 * unit gets two more cache entries, keyed by its key, the ILM and STA
 * script templates and its sub-units' timing keys: its interface logic
 * model (i<key>/ilm.v, synth_scripts/ilm.ys.in: the cells on paths from
 * its inputs to the first flip-flops and from the last flip-flops to its
 * outputs, the loads of those paths' nets, its sub-units' ILMs flattened
 * in) and its timing (t<key>/timing.txt: OpenSTA on its own netlist with
 * its sub-units' ILMs; "crit" the worst path of that run or of a sub-unit
 * instance's inside, "internal" the worst register-to-register path
 * anywhere in it). The top's "crit" is the result. Approximation: a
 * sub-unit's internal paths are timed in its own run, where its outputs
 * drive nothing, so an internal path through a net that also leaves the
 * module is timed with the module-level load, not the parent's.
 *
 * With q->etm (and no SRAM macros), each unit gets one more cache entry
 * instead, keyed as the timing: e<key>/ holds timing.txt (as above) and
 * the unit's extracted timing model, from OpenSTA on the unit's own
 * mapped netlist with its sub-units' models read as liberty cells
 * (synth_scripts/etm.tcl.in measures, etm_write_lib writes): model.lib,
 * one cell named as the module, its ports as pins and bus() groups, with
 * setup constraints (the worst input->register delay plus the register's
 * setup) over the input's transition, clock->output and input->output
 * delays (the latter measured at input transition 0) and output slews
 * over the output load, rising and falling apart, and the input pins'
 * capacitance the load their nets see inside; names.txt, where each
 * output's worst clock path starts inside with every output loaded (so a
 * parent names its path's start as the whole netlist would) and a
 * flip-flop's setup (a path that
 * ends at a sub-unit's input is named by that pin, "inst.port", its delay
 * the arrival plus the model's setup less that). The models are
 * context-free: measured with the outputs unloaded and then all loaded,
 * they do not see how a parent's load on one output slows a path inside
 * that leaves by another (docs/area.md has the measured difference).
 *
 * Syntheses, ILMs and timings run in child processes, up to q->jobs (2 by
 * default) at a time: every synthesis at once (sub-units are black boxes,
 * only their keys are needed), the largest source first; an ILM or timing
 * once its unit's synthesis and its sub-units' ILMs (and timings) are done,
 * a timing model once its unit's synthesis and its sub-units' models are.
 *
 * The ILMs, timings and timing models are made in hier_timing.c.
 */
#define _POSIX_C_SOURCE 200809L

#include "hier.h"

#include "cache.h"
#include "pool.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Hash of a file's contents; -1 when it cannot be read. */
static int hash_file(const char *path, uint64_t *h)
{
    uint64_t size;
    return irhw_hash_file(path, &size, h);
}

/* First line a command prints (tool versions), or "". */
static void first_line(char *const argv[], const char *log, char *buf, size_t len)
{
    buf[0] = '\0';
    if (irhw_run(argv, log) != 0)
        return;
    char *t = irhw_read_file(log, NULL);
    if (t)
        snprintf(buf, len, "%.*s", (int)strcspn(t, "\n"), t);
    free(t);
}

/* ---- Verilog modules ------------------------------------------------------- */

static int ident_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$';
}

static int add_mod(vmods *v, const vmod *m)
{
    if (area_grow(&v->m, v->n, &v->cap, sizeof *v->m))
        return -1;
    v->m[v->n++] = *m;
    return 0;
}

/* Splits Verilog text (generated source or a Yosys netlist) into modules:
 * each from a line starting "module " to the next "endmodule". */
static int split_modules(const char *text, vmods *v)
{
    for (const char *p = text; (p = strstr(p, "module ")) != NULL;) {
        if (p != text && p[-1] != '\n') {
            p += 7;
            continue;
        }
        const char *end = strstr(p, "endmodule");
        if (!end)
            return -1;
        end += 9;
        vmod one = {0};
        if (add_mod(v, &one))
            return -1;
        vmod *m = &v->m[v->n - 1];
        m->name = p + 7 + strspn(p + 7, " ");
        m->nlen = strcspn(m->name, " \t\n(#;");
        m->text = p;
        m->len = (size_t)(end - p);
        const char *paren = strchr(m->name, '(');
        const char *hash = strchr(m->name, '#');
        m->leaf = hash && (!paren || hash < paren);
        m->unit = -1;
        p = end;
    }
    return 0;
}

/* Does name (n chars) occur in text (len chars) as a whole identifier? */
static int uses(const char *text, size_t len, const char *name, size_t n)
{
    for (size_t i = 0; n > 0 && i + n <= len; i++)
        if (text[i] == name[0] && memcmp(text + i, name, n) == 0 &&
            (i == 0 || !ident_char((unsigned char)text[i - 1])) &&
            (i + n == len || !ident_char((unsigned char)text[i + n])))
            return 1;
    return 0;
}

static int find_mod(const vmods *v, const char *name, size_t n)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->m[i].nlen == n && memcmp(v->m[i].name, name, n) == 0)
            return (int)i;
    return -1;
}

/* ---- units --------------------------------------------------------------------- */

/* The leaves module i uses, directly or through other leaves. */
static void mark_leaves(const vmods *v, size_t i, char *leaves, int depth)
{
    for (size_t j = 0; j < v->n && j < 64 && depth < 16; j++)
        if (v->m[j].leaf && !leaves[j] && j != i &&
            uses(v->m[i].text, v->m[i].len, v->m[j].name, v->m[j].nlen)) {
            leaves[j] = 1;
            mark_leaves(v, j, leaves, depth + 1);
        }
}

/* Units reachable from module i, post-order (sub-units first) into order. */
static int order_units(const vmods *v, size_t i, unit *u, unsigned *nu, unsigned cap, int depth,
                       char *err, size_t errlen)
{
    if (depth > 32)
        return irhw_err(err, errlen, "module hierarchy too deep");
    if (v->m[i].unit >= 0)
        return 0;
    unit me;
    memset(&me, 0, sizeof me);
    me.mod = (int)i;
    for (size_t j = 0; j < v->n; j++) {
        if (j == i || v->m[j].leaf || !uses(v->m[i].text, v->m[i].len, v->m[j].name, v->m[j].nlen))
            continue;
        if (me.nkids == 16)
            return irhw_err(err, errlen, "%.*s instantiates more than 16 generated modules",
                            (int)v->m[i].nlen, v->m[i].name);
        me.kids[me.nkids++] = (int)j;
        if (order_units(v, j, u, nu, cap, depth + 1, err, errlen))
            return -1;
    }
    if (v->n > 64)
        return irhw_err(err, errlen, "the design has more than 64 modules");
    mark_leaves(v, i, me.leaves, 0);
    if (*nu == cap)
        return irhw_err(err, errlen, "the design has more than %u generated modules", cap);
    ((vmods *)v)->m[i].unit = (int)*nu;
    u[(*nu)++] = me;
    return 0;
}

/* ---- cache entries ------------------------------------------------------------- */

static const char *const results[] = {"stat.txt", "netlist.v", "mapped.v"};
static const char *const ilm_files[] = {"ilm.v"};
static const char *const sta_files[] = {"timing.txt", "sta.log"};
static const char *const etm_files[] = {"timing.txt", "sta.log", "model.lib", "names.txt"};
static const struct {
    const char *const *files;
    size_t n;
    const char *stage, *again; /* progress stage; what a damaged entry gets */
} kinds[E_KINDS] = {
    {results, 3, "synthesis", "synthesizing again"},
    {ilm_files, 1, "interface model", "reducing again"},
    {sta_files, 2, "timing", "timing again"},
    {etm_files, 4, "timing model", "timing again"},
};

static const char *cache_root(const irhw_area_req *q, char *buf, size_t len)
{
    if (q->cache_dir)
        return q->cache_dir;
    const char *e = getenv("IRHW_SYNTH_CACHE");
    if (e && *e)
        return e;
    snprintf(buf, len, "%s/build/synth-cache", irhw_root());
    return buf;
}

/* Ports of a generated module, as a black box: its header and endmodule. */
static int append_stub(FILE *f, const vmod *m)
{
    const char *e = area_mem_find(m->text, m->len, "\n);");
    if (!e)
        return -1;
    fprintf(f, "(* blackbox *)\n%.*s\nendmodule\n", (int)(e + 3 - m->text), m->text);
    return 0;
}

/* A failed synthesis's log copied to the run's work folder as
 * yosys_<top>.log (the entry's private folder is removed): its path in
 * kept, or the log's own path when the copy fails. */
static void keep_log(const char *workdir, const char *top, const char *log, char *kept, size_t len)
{
    char name[300], err[300];
    snprintf(kept, len, "%s", log);
    snprintf(name, sizeof name, "yosys_%.200s.log", top);
    char dst[PATHLEN];
    size_t n;
    char *t = irhw_read_file(log, &n);
    irhw_out *o = t && !area_path_join(dst, sizeof dst, workdir, name)
                      ? irhw_out_open(dst, err, sizeof err)
                      : NULL;
    if (o) {
        fwrite(t, 1, n, irhw_out_file(o));
        if (!irhw_out_commit(o, err, sizeof err))
            snprintf(kept, len, "%s", dst);
    }
    free(t);
}

/* Synthesizes unit u into tmp, its entry's private folder. */
static int synthesize(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen)
{
    char uv[PATHLEN], sv[PATHLEN], ys[PATHLEN], log[PATHLEN], out[PATHLEN], paths[3][PATHLEN],
        sram_v[PATHLEN], rtl[PATHLEN], abc[2 * PATHLEN + 32];
    int bad = area_path_join(uv, PATHLEN, tmp, "unit.v") |
              area_path_join(sv, PATHLEN, tmp, "stubs.v") |
              area_path_join(ys, PATHLEN, tmp, "synth.ys") |
              area_path_join(log, PATHLEN, tmp, "yosys.log") |
              area_path_join(out, PATHLEN, tmp, "yosys.out");
    for (int i = 0; i < 3; i++)
        bad |= area_path_join(paths[i], PATHLEN, tmp, results[i]);
    if (bad)
        return irhw_err(err, errlen, "cache path too long: %s", tmp);
    snprintf(sram_v, sizeof sram_v, "%s/rtl/irhw_sram_1rw.v", irhw_root());
    snprintf(rtl, sizeof rtl, "%s/rtl", irhw_root());

    const vmods *v = c->v;
    irhw_out *ou = irhw_out_open(uv, err, errlen);
    irhw_out *os = ou ? irhw_out_open(sv, err, errlen) : NULL;
    if (!os) {
        irhw_out_abort(ou);
        return -1;
    }
    FILE *fu = irhw_out_file(ou), *fs = irhw_out_file(os);
    int rc = 0;
    {
        const vmod *m = &v->m[u->mod];
        fprintf(fu, "%.*s\n", (int)m->len, m->text);
        for (size_t j = 0; j < v->n && j < 64; j++)
            if (u->leaves[j])
                fprintf(fu, "%.*s\n", (int)v->m[j].len, v->m[j].text);
        fprintf(fs, "// the generated submodules, synthesized apart\n");
        for (unsigned k = 0; k < u->nkids && !rc; k++)
            if (append_stub(fs, &v->m[u->kids[k]]))
                rc = irhw_err(err, errlen, "cannot find the port list of %.*s",
                              (int)v->m[u->kids[k]].nlen, v->m[u->kids[k]].name);
    }
    if (rc) {
        irhw_out_abort(ou);
        irhw_out_abort(os);
        return -1;
    }
    if (irhw_out_commit(ou, err, errlen)) {
        irhw_out_abort(os);
        return -1;
    }
    if (irhw_out_commit(os, err, errlen))
        return -1;
    if (area_abc_options(c->q, tmp, c->li, abc, sizeof abc, err, errlen))
        return -1;
    char top[200];
    snprintf(top, sizeof top, "%.*s", (int)v->m[u->mod].nlen, v->m[u->mod].name);
    const char *keys[] = {"SRAM_V", "RTL",      "STUBS",   "VERILOG", "TOP",
                          "LIB",    "ABC_OPTS", "NETLIST", "STAT",    "MAPPED"};
    const char *vals[] = {sram_v, rtl, sv, uv, top, c->lib, abc, paths[1], paths[0], paths[2]};
    if (area_write_script("synth_module.ys.in", ys, keys, vals, 10, err, errlen))
        return -1;
    char *argv[] = {"yosys", "-q", "-l", log, ys, NULL};
    rc = area_run_tool(argv, out, err, errlen);
    if (rc < 0)
        return -1;
    if (rc != 0) {
        char line[300] = "";
        char *t = irhw_read_file(log, NULL);
        area_last_line_with(t, "ERROR", line, sizeof line);
        free(t);
        char kept[PATHLEN];
        keep_log(c->q->workdir, top, log, kept, sizeof kept);
        return irhw_err(err, errlen, "yosys failed on %s (exit %d), log %s: %s", top, rc, kept,
                        line[0] ? line : "(no error line)");
    }
    return 0;
}

/* ---- the schedule ------------------------------------------------------------------ */

/* One piece of work: a unit's synthesis, ILM or timing, run in a child
 * process so that independent ones run side by side. */
typedef struct {
    int need, state; /* state: 0 waiting, 1 running, 2 done */
    double t0, beat; /* started at; the next heartbeat, seconds after t0 (0: the first) */
} task;

static const char *entry_dir(const unit *u, int kind)
{
    return kind == E_SYNTH ? u->dir : kind == E_ILM ? u->idir : kind == E_STA ? u->sdir : u->edir;
}

/* Progress of unit i's entry `kind`: "<module>: <state>". */
static void progress_unit(const run_ctx *c, unsigned i, int kind, const char *state)
{
    char what[400];
    const vmod *m = &c->v->m[c->u[i].mod];
    snprintf(what, sizeof what, "%.*s: %s", (int)m->nlen, m->name, state);
    area_progress(c->q, kinds[kind].stage, i + 1, c->nu, what);
}

/* 1 when the entry is there and sealed (a damaged one is made again,
 * with a line, by make_entry). */
static int have_entry(const run_ctx *c, unsigned i, int kind)
{
    char why[600];
    return irhw_entry_valid(entry_dir(&c->u[i], kind), why, sizeof why) == 0;
}

/* May entry `kind` of unit i be made now? A synthesis always; an ILM or a
 * timing once the unit is synthesized and its sub-units' ILMs (for a
 * timing also their timings) are made; a timing model once the unit is
 * synthesized and its sub-units' timing models are made. */
static int ready(const run_ctx *c, const task *t, unsigned i, int kind)
{
    if (kind == E_SYNTH)
        return 1;
    if (t[E_KINDS * i + E_SYNTH].state != 2)
        return 0;
    const unit *u = &c->u[i];
    for (unsigned k = 0; k < u->nkids; k++) {
        unsigned s = (unsigned)c->v->m[u->kids[k]].unit;
        if (kind == E_ETM ? t[E_KINDS * s + (kid_whole(c, u, k) ? E_SYNTH : E_ETM)].state != 2
                          : t[E_KINDS * s + E_ILM].state != 2 ||
                                (kind == E_STA && t[E_KINDS * s + E_STA].state != 2))
            return 0;
    }
    return 1;
}

/* Unit i's entry `kind` that make_entry makes, for its messages. */
typedef struct {
    const run_ctx *c;
    unsigned i;
    int kind;
} making;

static void say_entry(void *ctx, int what, const char *dir, const char *why)
{
    const making *m = ctx;
    if (what == IRHW_ENTRY_WAITING)
        progress_unit(m->c, m->i, m->kind, "waiting for another run making it");
    else
        fprintf(stderr, "irhw area: cache entry %s does not match its hash: %s\n", dir,
                kinds[m->kind].again);
}

/* Makes entry `kind` of unit i (model/cache.h): runs at the same time
 * (irhw run -j, sweeps) that want one entry make it once, the others wait
 * and then find it made. */
static int make_entry(const run_ctx *c, unsigned i, int kind, char *err, size_t errlen)
{
    const unit *u = &c->u[i];
    making m = {c, i, kind};
    irhw_entry e = {.say = say_entry, .ctx = &m};
    int found;
    if (irhw_entry_begin(&e, entry_dir(u, kind), &found, err, errlen))
        return -1;
    if (found)
        return 0;
    int rc = kind == E_SYNTH ? synthesize(c, u, e.tmp, err, errlen)
             : kind == E_ILM ? make_ilm(c, u, e.tmp, err, errlen)
             : kind == E_STA ? make_sta(c, u, e.tmp, err, errlen)
                             : make_etm(c, u, e.tmp, err, errlen);
    if (rc) {
        irhw_entry_end(&e, NULL, 0);
        return -1;
    }
    return irhw_entry_commit(&e, kinds[kind].files, (unsigned)kinds[kind].n, err, errlen);
}

/* A job of the pool: make_entry in the child. */
typedef struct {
    const run_ctx *c;
    unsigned i;
    int kind;
} job;

static int run_job(void *arg, char *err, size_t errlen)
{
    const job *j = arg;
    return make_entry(j->c, j->i, j->kind, err, errlen) ? 1 : 0;
}

static int launch(const run_ctx *c, irhw_pool *pool, task *t, int pick, char *err, size_t errlen)
{
    job j = {c, (unsigned)pick / E_KINDS, pick % E_KINDS};
    progress_unit(c, j.i, j.kind, j.kind == E_SYNTH ? "synthesizing" : "started");
    if (irhw_pool_start(pool, pick, run_job, &j))
        return irhw_err(err, errlen, "cannot start a job: %s", strerror(errno));
    t[pick].state = 1;
    t[pick].t0 = irhw_now_s();
    return 0;
}

/* irhw_pool_wait that, while it waits, says every 10 s of each job running
 * for 5 s or more (IRHW_HEARTBEAT=N: N s, then every 2N) that it still
 * runs: module, stage, tool, time. */
static int wait_beating(const run_ctx *c, irhw_pool *pool, task *t, irhw_job_end *e)
{
    const char *env = getenv("IRHW_HEARTBEAT");
    double first = env && atof(env) > 0 ? atof(env) : 5;
    int w;
    while ((w = irhw_pool_wait_for(pool, e, first < 1 ? first : 1)) == 2)
        for (unsigned j = 0; j < E_KINDS * c->nu; j++) {
            double s = irhw_now_s() - t[j].t0, at = t[j].beat > 0 ? t[j].beat : first;
            if (t[j].state != 1 || s < at)
                continue;
            char what[64];
            snprintf(what, sizeof what, "%s running, %.0f s",
                     j % E_KINDS < E_STA ? "yosys" : "OpenSTA", s);
            progress_unit(c, j / E_KINDS, (int)(j % E_KINDS), what);
            t[j].beat = at + 2 * first;
        }
    return w;
}

/* A job's end: its progress line, or the run's error. */
static int ended(const run_ctx *c, task *t, const irhw_job_end *e, char *err, size_t errlen)
{
    unsigned i = (unsigned)e->id / E_KINDS;
    int kind = e->id % E_KINDS;
    t[e->id].state = 2;
    if (e->exited && e->code == 0) {
        char done[64];
        snprintf(done, sizeof done, "done in %.1f s", e->seconds);
        progress_unit(c, i, kind, done);
        return 0;
    }
    if (e->msg[0])
        return irhw_err(err, errlen, "%s", e->msg);
    const vmod *m = &c->v->m[c->u[i].mod];
    return irhw_err(err, errlen, "%s of %.*s: the job %s %d", kinds[kind].stage, (int)m->nlen,
                    m->name, e->exited ? "exited with" : "was killed by signal",
                    e->exited ? e->code : e->sig);
}

/* What make_entries makes besides the syntheses. */
enum { T_SYNTH, T_ILM, T_ETM };

/* Every needed entry of every unit, made where missing, up to c->jobs
 * at a time: syntheses (each unit apart, the largest source first), each
 * ILM and timing once its unit's and sub-units' are done. */
static int make_entries(const run_ctx *c, int mode, char *err, size_t errlen)
{
    unsigned nu = c->nu, left = 0;
    task *t = calloc(E_KINDS * nu, sizeof *t);
    if (!t)
        return irhw_err(err, errlen, "out of memory");
    for (unsigned i = 0; i < nu; i++)
        for (int kind = 0; kind < E_KINDS; kind++) {
            task *k = &t[E_KINDS * i + kind];
            k->need = kind == E_SYNTH ||
                      (mode == T_ILM && (kind == E_STA || (kind == E_ILM && i + 1 < nu))) ||
                      (mode == T_ETM && kind == E_ETM &&
                       (i + 1 == nu || c->u[i].nkids > 0)); /* the top, or read as a model */
            if (!k->need || have_entry(c, i, kind)) {
                k->state = 2;
                if (k->need && (kind != E_SYNTH || mode == T_SYNTH)) /* said in the first pass */
                    progress_unit(c, i, kind, "cached");
            } else {
                left++;
            }
        }
    irhw_pool *pool = irhw_pool_new(c->jobs);
    int rc = pool ? 0 : irhw_err(err, errlen, "out of memory");
    while (left > 0 && (irhw_pool_running(pool) > 0 || !rc)) {
        /* the next task: a ready ILM or timing, else the largest synthesis */
        int pick = -1, room = !rc && !irhw_pool_full(pool);
        for (unsigned i = 0; i < nu && pick < 0 && room; i++)
            for (int kind = E_ILM; kind < E_KINDS && pick < 0; kind++)
                if (t[E_KINDS * i + kind].state == 0 && ready(c, t, i, kind))
                    pick = (int)(E_KINDS * i + (unsigned)kind);
        for (unsigned i = 0; i < nu && room; i++)
            if (t[E_KINDS * i].state == 0 &&
                (pick < 0 || (pick % E_KINDS == 0 &&
                              c->v->m[c->u[i].mod].len > c->v->m[c->u[pick / E_KINDS].mod].len)))
                pick = (int)(E_KINDS * i);
        if (pick >= 0) {
            rc = launch(c, pool, t, pick, err, errlen);
            continue;
        }
        irhw_job_end e;
        int w = c->q->progress ? wait_beating(c, pool, t, &e) : irhw_pool_wait(pool, &e);
        if (w < 0) {
            rc = irhw_err(err, errlen, "waitpid: %s", strerror(errno));
            break;
        }
        if (w == 0)
            break;
        left--;
        if (ended(c, t, &e, rc ? NULL : err, errlen) && !rc)
            rc = -1;
    }
    irhw_pool_free(pool);
    free(t);
    return rc;
}

/* ---- the run ---------------------------------------------------------------------- */

/* What decides every unit's results besides its own sources. */
static int common_key(const irhw_area_req *q, const char *lib, const lib_info *li, uint64_t *h,
                      char *err, size_t errlen)
{
    char log[PATHLEN], yv[300], av[300], text[128];
    if (area_path_join(log, sizeof log, q->workdir, "versions.txt"))
        return irhw_err(err, errlen, "work folder path too long");
    char *yargv[] = {"yosys", "-V", NULL};
    char *aargv[] = {"yosys-abc", "-q", "version", NULL};
    first_line(yargv, log, yv, sizeof yv);
    first_line(aargv, log, av, sizeof av);
    uint64_t k = irhw_hash_str(IRHW_HASH_INIT, "irhw synth cache 1");
    k = irhw_hash_str(k, yv);
    k = irhw_hash_str(k, av);
    uint64_t f;
    if (hash_file(lib, &f))
        return irhw_err(err, errlen, "cannot read %s: %s", lib, strerror(errno));
    k = irhw_hash_field(k, &f, sizeof f);
    const char *files[] = {"synth_scripts/synth_module.ys.in", "synth_scripts/abc.script.in",
                           "rtl/irhw_sram_1rw.v"};
    for (size_t i = 0; i < 3; i++) {
        char p[PATHLEN];
        snprintf(p, sizeof p, "%s/%s", irhw_root(), files[i]);
        if (hash_file(p, &f))
            return irhw_err(err, errlen, "cannot read %s: %s", p, strerror(errno));
        k = irhw_hash_field(k, &f, sizeof f);
    }
    snprintf(text, sizeof text, "%s %.6f", li->buf_cell, q->clock_ns);
    *h = irhw_hash_str(k, text);
    return 0;
}

/* Each module of the units' files in `file`, once; into out. */
static int merge_netlists(const unit *u, unsigned nu, const char *file, const char *out, char *err,
                          size_t errlen)
{
    irhw_out *o = irhw_out_open(out, err, errlen);
    if (!o)
        return -1;
    FILE *f = irhw_out_file(o);
    char *texts[64] = {0};
    vmods seen = {0};
    int rc = 0;
    for (unsigned i = 0; i < nu && !rc; i++) {
        char p[PATHLEN];
        if (area_path_join(p, sizeof p, u[i].dir, file) || !(texts[i] = irhw_read_file(p, NULL))) {
            rc = irhw_err(err, errlen, "cannot read %s/%s: %s", u[i].dir, file, strerror(errno));
            break;
        }
        vmods v = {0};
        if (split_modules(texts[i], &v))
            rc = irhw_err(err, errlen, "cannot parse %s", p);
        for (size_t j = 0; j < v.n && !rc; j++) {
            if (find_mod(&seen, v.m[j].name, v.m[j].nlen) >= 0)
                continue;
            fprintf(f, "%.*s\n\n", (int)v.m[j].len, v.m[j].text);
            if (add_mod(&seen, &v.m[j]))
                rc = irhw_err(err, errlen, "out of memory");
        }
        free(v.m);
    }
    free(seen.m);
    for (unsigned i = 0; i < nu; i++)
        free(texts[i]);
    if (rc) {
        irhw_out_abort(o);
        return rc;
    }
    return irhw_out_commit(o, err, errlen);
}

/* workdir/fsm_recoded.txt: "MODULE REGISTER" for every state register
 * Yosys's fsm pass re-encoded in a unit (its yosys.log in the cache entry,
 * "Recoding FSM `$fsm$\op_kind_q$7429' from module `\top'"): the
 * flip-flops named after such a register hold another encoding than the
 * RTL's (power.c does not compare them with the trace). */
static int note_fsms(const irhw_area_req *q, const unit *u, unsigned nu, char *err, size_t errlen)
{
    char out[PATHLEN];
    if (area_path_join(out, sizeof out, q->workdir, "fsm_recoded.txt"))
        return irhw_err(err, errlen, "work folder path too long");
    irhw_out *o = irhw_out_open(out, err, errlen);
    if (!o)
        return -1;
    for (unsigned i = 0; i < nu; i++) {
        char p[PATHLEN];
        char *t =
            area_path_join(p, sizeof p, u[i].dir, "yosys.log") ? NULL : irhw_read_file(p, NULL);
        for (const char *l = t; l && (l = strstr(l, "Recoding FSM `$fsm$\\")); l++) {
            const char *reg = l + 20, *e = strchr(reg, '$'), *m = strstr(reg, "from module `");
            const char *me = m ? strchr(m + 13, '\'') : NULL;
            if (e && me) {
                m += 13 + (m[13] == '\\');
                fprintf(irhw_out_file(o), "%.*s %.*s\n", (int)(me - m), m, (int)(e - reg), reg);
            }
        }
        free(t);
    }
    return irhw_out_commit(o, err, errlen);
}

/* The units' areas, sub-units' totals added in (u is in post-order). */
static int add_up(const run_ctx *c, unit *u, unsigned nu, unsigned node, char *err, size_t errlen)
{
    for (unsigned i = 0; i < nu; i++) {
        char p[PATHLEN];
        if (area_path_join(p, sizeof p, u[i].dir, "stat.txt"))
            return irhw_err(err, errlen, "cache path too long");
        char *text = irhw_read_file(p, NULL);
        if (!text)
            return irhw_err(err, errlen, "cannot read %s: %s", p, strerror(errno));
        strlist boxes = {0};
        int rc = 0;
        for (unsigned k = 0; k < u[i].nkids && !rc; k++)
            rc = area_strlist_add(&boxes, c->v->m[u[i].kids[k]].name, c->v->m[u[i].kids[k]].nlen);
        char top[200];
        snprintf(top, sizeof top, "%.*s", (int)c->v->m[u[i].mod].nlen, c->v->m[u[i].mod].name);
        if (rc)
            rc = irhw_err(err, errlen, "out of memory");
        else
            rc = area_stat_unit(text, top, c->q->storage, c->li, node, &boxes, u[i].kid_count,
                                &u[i].srams, &u[i].own, err, errlen);
        free(text);
        area_strlist_free(&boxes);
        if (rc)
            return -1;
        u[i].logic = u[i].own.logic_um2;
        u[i].ff = u[i].own.ff_storage_um2;
        u[i].cells = u[i].own.cells;
        u[i].flops = u[i].own.flops;
        u[i].sram_n = (double)u[i].srams;
        for (unsigned k = 0; k < u[i].nkids; k++) {
            const unit *s = &u[c->v->m[u[i].kids[k]].unit];
            double n = (double)u[i].kid_count[k];
            u[i].logic += n * s->logic;
            u[i].ff += n * s->ff;
            u[i].sram_n += n * s->sram_n;
            u[i].cells += u[i].kid_count[k] * s->cells;
            u[i].flops += u[i].kid_count[k] * s->flops;
        }
    }
    return 0;
}

/* r from the top unit: totals, SRAMs priced, parts (its leaves, then its
 * sub-units with their totals). */
static int fill_result(const run_ctx *c, const unit *u, unsigned nu, unsigned node,
                       irhw_area_res *r, char *err, size_t errlen)
{
    const unit *t = &u[nu - 1];
    r->logic_um2 = t->logic;
    r->ff_storage_um2 = t->ff;
    r->cells = t->cells;
    r->flops = t->flops;
    r->own_um2 = t->own.own_um2;
    r->nparts = 0;
    for (unsigned i = 0; i < t->own.nparts; i++) {
        int sub = find_mod(c->v, t->own.parts[i].module, strlen(t->own.parts[i].module));
        if (sub < 0 || c->v->m[sub].leaf)
            r->parts[r->nparts++] = t->own.parts[i];
    }
    double each = area_sram_each(c->q->storage, node);
    for (unsigned k = 0; k < t->nkids && r->nparts < IRHW_AREA_MAX_PARTS; k++) {
        const vmod *m = &c->v->m[t->kids[k]];
        const unit *s = &u[m->unit];
        snprintf(r->parts[r->nparts].module, sizeof r->parts[0].module, "%.*s", (int)m->nlen,
                 m->name);
        r->parts[r->nparts].count = t->kid_count[k];
        r->parts[r->nparts].um2 = (double)t->kid_count[k] * (s->logic + s->ff + s->sram_n * each);
        r->nparts++;
    }
    return area_stat_total(c->q->storage, (unsigned long)(t->sram_n + 0.5), node, r, err, errlen);
}

/* The mapped netlist OpenSTA times, from the units' mapped netlists: each
 * module once, hierarchical; flattened by Yosys with the SRAM macros cut
 * out (sta_merge.ys.in) when the design has any. */
static int sta_netlist(const irhw_area_req *q, const char *lib, const unit *u, unsigned nu,
                       const char *mapped, char *err, size_t errlen)
{
    char all[PATHLEN], ys[PATHLEN], log[PATHLEN], out[PATHLEN], sram_v[PATHLEN];
    if (area_path_join(all, PATHLEN, q->workdir, "hier_mapped.v") |
        area_path_join(ys, PATHLEN, q->workdir, "sta_merge.ys") |
        area_path_join(log, PATHLEN, q->workdir, "sta_merge.log") |
        area_path_join(out, PATHLEN, q->workdir, "sta_merge.out"))
        return irhw_err(err, errlen, "work folder path too long");
    snprintf(sram_v, sizeof sram_v, "%s/rtl/irhw_sram_1rw.v", irhw_root());
    /* Without SRAM macros, OpenSTA reads the modules' netlists as they are
     * and builds the hierarchy itself (link_design) */
    if (u[nu - 1].sram_n == 0)
        return merge_netlists(u, nu, "mapped.v", mapped, err, errlen);
    if (merge_netlists(u, nu, "mapped.v", all, err, errlen))
        return -1;
    const char *keys[] = {"LIB", "SRAM_V", "VERILOG", "TOP", "MAPPED"};
    const char *vals[] = {lib, sram_v, all, q->top, mapped};
    if (area_write_script("sta_merge.ys.in", ys, keys, vals, 5, err, errlen))
        return -1;
    char *argv[] = {"yosys", "-q", "-l", log, ys, NULL};
    int rc = area_run_tool(argv, out, err, errlen);
    if (rc > 0)
        return irhw_err(err, errlen, "yosys failed merging the netlists (exit %d), log %s", rc,
                        log);
    return rc;
}

int area_hier_run(const irhw_area_req *q, const char *lib, const lib_info *li, unsigned node,
                  const char *netlist, const char *mapped, irhw_area_res *r, char *err,
                  size_t errlen)
{
    enum { MAX_UNITS = 32 };
    char *text = irhw_read_file(q->verilog, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", q->verilog, strerror(errno));
    vmods v = {0};
    unit *u = calloc(MAX_UNITS, sizeof *u);
    unsigned nu = 0;
    int rc =
        (!u || split_modules(text, &v)) ? irhw_err(err, errlen, "cannot parse %s", q->verilog) : 0;
    int top = rc ? -1 : find_mod(&v, q->top, strlen(q->top));
    if (!rc && top < 0)
        rc = irhw_err(err, errlen, "top module %s not found in %s", q->top, q->verilog);
    if (!rc)
        rc = order_units(&v, (size_t)top, u, &nu, MAX_UNITS, 0, err, errlen);
    unsigned jobs = q->jobs > 0 ? (unsigned)q->jobs : 2;
    run_ctx c = {q, lib, li, &v, u, 0, node, jobs};
    char croot_buf[PATHLEN];
    const char *croot = cache_root(q, croot_buf, sizeof croot_buf);
    uint64_t common = 0;
    if (!rc && irhw_mkdirs(croot))
        rc = irhw_err(err, errlen, "cannot create cache folder %s: %s", croot, strerror(errno));
    if (!rc && strpbrk(croot, " \t\n\"'\\;"))
        rc = irhw_err(err, errlen,
                      "synthesis cache path \"%s\" contains white space, a quote, ';' or '\\'",
                      croot);
    if (!rc)
        rc = common_key(q, lib, li, &common, err, errlen);
    char etm_points[96];
    snprintf(etm_points, sizeof etm_points, "irhw timing 2 %g %g %g", ETM_LOAD0, ETM_LOAD1,
             ETM_SLEW);
    uint64_t timing = irhw_hash_str(IRHW_HASH_INIT, etm_points), h;
    const char *tfiles[] = {"synth_scripts/ilm.ys.in", "synth_scripts/sta.tcl.in",
                            "synth_scripts/etm.tcl.in"};
    for (size_t i = 0; i < 3 && !rc; i++) {
        char path[PATHLEN];
        snprintf(path, sizeof path, "%s/%s", irhw_root(), tfiles[i]);
        if (hash_file(path, &h))
            rc = irhw_err(err, errlen, "cannot read %s: %s", path, strerror(errno));
        timing = irhw_hash_field(timing, &h, sizeof h);
    }
    for (unsigned i = 0; i < nu && !rc; i++) {
        const vmod *m = &v.m[u[i].mod];
        uint64_t k = irhw_hash_field(common, m->text, m->len);
        for (size_t j = 0; j < v.n && j < 64; j++)
            if (u[i].leaves[j])
                k = irhw_hash_field(k, v.m[j].text, v.m[j].len);
        for (unsigned s = 0; s < u[i].nkids; s++)
            k = irhw_hash_field(k, &u[v.m[u[i].kids[s]].unit].key, sizeof k);
        u[i].key = k;
        /* the ILM and timing: also the scripts and the sub-units' */
        uint64_t t = irhw_hash_field(timing, &k, sizeof k);
        for (unsigned s = 0; s < u[i].nkids; s++)
            t = irhw_hash_field(t, &u[v.m[u[i].kids[s]].unit].tkey, sizeof t);
        u[i].tkey = t;
        if (snprintf(u[i].dir, PATHLEN, "%s/%016llx", croot, (unsigned long long)k) >= 400)
            rc = irhw_err(err, errlen, "synthesis cache path too long: %s", croot);
        snprintf(u[i].idir, PATHLEN, "%s/i%016llx", croot, (unsigned long long)t);
        snprintf(u[i].sdir, PATHLEN, "%s/t%016llx", croot, (unsigned long long)t);
        snprintf(u[i].edir, PATHLEN, "%s/e%016llx", croot, (unsigned long long)t);
    }
    c.nu = nu;
    /* timing from the units' ILMs or extracted models when asked, unless
     * SRAM macros must be cut out (their stat.txt says so: known after
     * synthesis, so a first pass synthesizes only) */
    int mode = !q->want_sta ? T_SYNTH : q->ilm ? T_ILM : q->etm ? T_ETM : T_SYNTH;
    if (!rc)
        rc = make_entries(&c, T_SYNTH, err, errlen);
    if (!rc)
        rc = add_up(&c, u, nu, node, err, errlen);
    if (u[nu - 1].sram_n > 0)
        mode = T_SYNTH;
    if (!rc && mode != T_SYNTH)
        rc = make_entries(&c, mode, err, errlen);
    if (!rc)
        rc = fill_result(&c, u, nu, node, r, err, errlen);
    if (!rc)
        rc = merge_netlists(u, nu, "netlist.v", netlist, err, errlen);
    if (!rc)
        rc = note_fsms(q, u, nu, err, errlen);
    if (!rc && q->want_sta && mode == T_SYNTH) {
        area_progress(q, "netlists read together", 1, 1, q->top);
        rc = sta_netlist(q, lib, u, nu, mapped, err, errlen);
    }
    if (!rc && mode != T_SYNTH) { /* the whole netlist for `irhw power`; the path from the cache */
        rc = merge_netlists(u, nu, "mapped.v", mapped, err, errlen);
        const char *dir = mode == T_ILM ? u[nu - 1].sdir : u[nu - 1].edir;
        tpath t;
        if (!rc && read_timing(dir, "crit", &t))
            rc = irhw_err(err, errlen, "cannot read %s/timing.txt", dir);
        if (!rc) {
            r->have_sta = 1;
            r->crit_ns = t.ns;
            snprintf(r->crit_from, sizeof r->crit_from, "%s", t.from);
            snprintf(r->crit_to, sizeof r->crit_to, "%s", strcmp(t.to, "-") ? t.to : "");
        }
    }
    free(v.m);
    free(u);
    free(text);
    return rc ? -1 : 0;
}
