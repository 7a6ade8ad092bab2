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
 * whole; its `seal` file holds the key and a hash of each result file. An
 * entry whose seal does not match (a damaged or foreign entry) is removed
 * and synthesized again, never used.
 *
 * The areas add up: a unit's own cells (its leaves included) plus, per
 * sub-unit instance, that sub-unit's total. The critical path is OpenSTA's
 * on the units' mapped netlists, each module once: OpenSTA links the
 * hierarchy itself, or, when the design has SRAM macros, Yosys flattens it
 * first and cuts the macros out (synth_scripts/sta_merge.ys.in).
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- hashing ------------------------------------------------------------- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= 0x100000001b3ULL;
    }
    h ^= 0xff; /* keep "ab"+"c" apart from "a"+"bc" */
    return h * 0x100000001b3ULL;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
    return fnv(h, s, strlen(s));
}

#define FNV0 0xcbf29ce484222325ULL

/* Hash of a file's contents; -1 when it cannot be read. */
static int fnv_file(const char *path, uint64_t *h)
{
    size_t n;
    char *t = irhw_read_file(path, &n);
    if (!t)
        return -1;
    *h = fnv(FNV0, t, n);
    free(t);
    return 0;
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

typedef struct {
    const char *name, *text; /* name (nlen chars) and "module ... endmodule" (len) */
    size_t nlen, len;
    int leaf; /* has parameters: an rtl/ leaf */
    int unit; /* index among the units, or -1 */
} vmod;

typedef struct {
    vmod *m;
    size_t n, cap;
} vmods;

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

typedef struct {
    int mod;      /* index in the source's modules */
    int kids[16]; /* module indices of the units it instantiates */
    unsigned nkids;
    char leaves[64]; /* leaves[i]: the unit uses module i (a leaf), i < 64 */
    uint64_t key;
    char dir[PATHLEN]; /* its cache entry */
    irhw_area_res own; /* its own cells (leaves included), sub-units apart */
    unsigned long srams, kid_count[16];
    double logic, ff, sram_n; /* totals with the sub-units' */
    unsigned long cells, flops;
} unit;

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

/* The seal text of an entry: its key, then each result file's hash. */
static int seal_text(const char *dir, uint64_t key, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "key %016llx\n", (unsigned long long)key);
    for (size_t i = 0; i < sizeof results / sizeof *results && n < len; i++) {
        char path[PATHLEN];
        uint64_t h;
        if (area_path_join(path, sizeof path, dir, results[i]) || fnv_file(path, &h))
            return -1;
        n += (size_t)snprintf(buf + n, len - n, "%s %016llx\n", results[i], (unsigned long long)h);
    }
    return n < len ? 0 : -1;
}

/* 1 when the entry's seal matches its key and its files. */
static int entry_valid(const char *dir, uint64_t key)
{
    char path[PATHLEN], want[512];
    if (area_path_join(path, sizeof path, dir, "seal") || seal_text(dir, key, want, sizeof want))
        return 0;
    char *have = irhw_read_file(path, NULL);
    int ok = have && strcmp(have, want) == 0;
    free(have);
    return ok;
}

static void remove_tree(const char *dir)
{
    char *argv[] = {"rm", "-rf", (char *)dir, NULL};
    irhw_run(argv, NULL);
}

/* DIR.tmp<host>-<pid>: a folder no other process writes to. */
static void private_dir(char *buf, size_t len, const char *dir, const char *what)
{
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    host[strcspn(host, "/ '")] = 0;
    snprintf(buf, len, "%s.%s%s-%d", dir, what, host, (int)getpid());
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

typedef struct {
    const irhw_area_req *q;
    const char *lib;
    const lib_info *li;
    const vmods *v;
} run_ctx;

/* Synthesizes unit u into a private folder, renamed to u->dir when done. */
static int synthesize(const run_ctx *c, const unit *u, char *err, size_t errlen)
{
    char tmp[PATHLEN], uv[PATHLEN], sv[PATHLEN], ys[PATHLEN], log[PATHLEN], out[PATHLEN],
        paths[3][PATHLEN], sram_v[PATHLEN], rtl[PATHLEN], abc[2 * PATHLEN + 32];
    private_dir(tmp, sizeof tmp, u->dir, "tmp");
    remove_tree(tmp);
    if (irhw_mkdirs(tmp))
        return irhw_err(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
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
        return irhw_err(err, errlen, "yosys failed on %s (exit %d), log %s: %s", top, rc, log,
                        line[0] ? line : "(no error line)");
    }
    char seal[512], sp[PATHLEN];
    if (seal_text(tmp, u->key, seal, sizeof seal) || area_path_join(sp, sizeof sp, tmp, "seal") ||
        irhw_write_file(sp, seal, err, errlen))
        return irhw_err(err, errlen, "cannot seal the cache entry %s", tmp);
    if (rename(tmp, u->dir) != 0) { /* another run finished first: use its entry */
        remove_tree(tmp);
        if (!entry_valid(u->dir, u->key))
            return irhw_err(err, errlen, "cannot move %s to %s", tmp, u->dir);
    }
    return 0;
}

/* The unit's entry: used when its seal matches, else (re)made. */
static int get_unit_locked(const run_ctx *c, unit *u, unsigned k, unsigned n, char *err,
                           size_t errlen)
{
    char what[300];
    const vmod *m = &c->v->m[u->mod];
    struct stat sb;
    if (stat(u->dir, &sb) == 0) {
        if (entry_valid(u->dir, u->key)) {
            snprintf(what, sizeof what, "%.*s: cached", (int)m->nlen, m->name);
            area_progress(c->q, "synthesis", k, n, what);
            return 0;
        }
        char bad[PATHLEN];
        private_dir(bad, sizeof bad, u->dir, "bad");
        fprintf(stderr, "irhw area: cache entry %s does not match its hash: synthesizing again\n",
                u->dir);
        if (rename(u->dir, bad) == 0)
            remove_tree(bad);
    }
    snprintf(what, sizeof what, "%.*s: synthesizing", (int)m->nlen, m->name);
    area_progress(c->q, "synthesis", k, n, what);
    return synthesize(c, u, err, errlen);
}

/* get_unit_locked under the entry's lock (its folder name + ".lock"): runs
 * at the same time (irhw run -j, sweeps) that want one unit synthesize it
 * once, the others wait and then find it cached. Without a lock file (a
 * read-only cache folder) the unit is made unlocked, as the rename into
 * place keeps the entry whole either way. */
static int get_unit(const run_ctx *c, unit *u, unsigned k, unsigned n, char *err, size_t errlen)
{
    char lk[PATHLEN + 8];
    snprintf(lk, sizeof lk, "%s.lock", u->dir);
    int fd = open(lk, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char what[300];
        const vmod *m = &c->v->m[u->mod];
        snprintf(what, sizeof what, "%.*s: waiting for another run synthesizing it", (int)m->nlen,
                 m->name);
        area_progress(c->q, "synthesis", k, n, what);
        while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
            ;
    }
    int rc = get_unit_locked(c, u, k, n, err, errlen);
    if (fd >= 0)
        close(fd); /* releases the lock */
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
    uint64_t k = fnv_str(FNV0, "irhw synth cache 1");
    k = fnv_str(k, yv);
    k = fnv_str(k, av);
    uint64_t f;
    if (fnv_file(lib, &f))
        return irhw_err(err, errlen, "cannot read %s: %s", lib, strerror(errno));
    k = fnv(k, &f, sizeof f);
    const char *files[] = {"synth_scripts/synth_module.ys.in", "synth_scripts/abc.script.in",
                           "rtl/irhw_sram_1rw.v"};
    for (size_t i = 0; i < 3; i++) {
        char p[PATHLEN];
        snprintf(p, sizeof p, "%s/%s", irhw_root(), files[i]);
        if (fnv_file(p, &f))
            return irhw_err(err, errlen, "cannot read %s: %s", p, strerror(errno));
        k = fnv(k, &f, sizeof f);
    }
    snprintf(text, sizeof text, "%s %.6f", li->buf_cell, q->clock_ns);
    *h = fnv_str(k, text);
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
    run_ctx c = {q, lib, li, &v};
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
    for (unsigned i = 0; i < nu && !rc; i++) {
        const vmod *m = &v.m[u[i].mod];
        uint64_t k = fnv(common, m->text, m->len);
        for (size_t j = 0; j < v.n && j < 64; j++)
            if (u[i].leaves[j])
                k = fnv(k, v.m[j].text, v.m[j].len);
        for (unsigned s = 0; s < u[i].nkids; s++)
            k = fnv(k, &u[v.m[u[i].kids[s]].unit].key, sizeof k);
        u[i].key = k;
        if (snprintf(u[i].dir, PATHLEN, "%s/%016llx", croot, (unsigned long long)k) >= 400)
            rc = irhw_err(err, errlen, "synthesis cache path too long: %s", croot);
        else
            rc = get_unit(&c, &u[i], i + 1, nu, err, errlen);
    }
    if (!rc)
        rc = add_up(&c, u, nu, node, err, errlen);
    if (!rc)
        rc = fill_result(&c, u, nu, node, r, err, errlen);
    if (!rc)
        rc = merge_netlists(u, nu, "netlist.v", netlist, err, errlen);
    if (!rc)
        rc = note_fsms(q, u, nu, err, errlen);
    if (!rc && q->want_sta) {
        area_progress(q, "netlists read together", 1, 1, q->top);
        rc = sta_netlist(q, lib, u, nu, mapped, err, errlen);
    }
    free(v.m);
    free(u);
    free(text);
    return rc ? -1 : 0;
}
