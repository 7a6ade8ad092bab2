/*
 * prove.c — irhw prove's engine (prove.h): the Yosys script from its
 * template, the run, the verdict from the log, and a failing proof's
 * counterexample as a stimulus file, a VCD and a GTKWave view.
 */
#include "prove.h"

#include "stimfile.h"
#include "template.h"

#include <errno.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The counterexample of the log's last "Time Signal ..." table: input
 * values at steps 1..n as rows of cycles 0..n-1; the step count, or 0. */
static uint64_t cex_rows(const char *log, const irhw_ports *ps, irhw_rows *r)
{
    const char *t = NULL, *p = log;
    while ((p = strstr(p, "  Time Signal Name")))
        t = p++;
    if (!t)
        return 0;
    uint64_t *row = calloc(ps->in_words, sizeof *row);
    uint64_t steps = 0;
    unsigned long cur = 0;
    char name[128], hex[512];
    unsigned long step;
    for (p = strchr(t, '\n'); p && row; p = strchr(p + 1, '\n')) {
        if (sscanf(p + 1, " %lu \\%127s %*s %511s", &step, name, hex) != 3) {
            if (strncmp(p + 1, "  ----", 6) && strncmp(p + 1, "  init", 6))
                break;
            continue;
        }
        if (step != cur && cur) {
            irhw_rows_push(r, row);
            steps++;
        }
        cur = step;
        for (unsigned i = 0; i < ps->n; i++) {
            const irhw_port *q = &ps->p[i];
            char h[520];
            const char *why;
            if (q->dir != IRHW_IN || strcmp(q->name, name))
                continue;
            snprintf(h, sizeof h, "0x%s", hex);
            irhw_parse_value(h, strlen(h), q->width, row + q->off, &why);
        }
    }
    if (cur && row) {
        irhw_rows_push(r, row);
        steps++;
    }
    free(row);
    return steps;
}

/* A GTKWave view of the counterexample's VCD: the block's ports, a marker
 * on the failing step. */
static int cex_gtkw(const char *path, const char *vcd, const irhw_inst *x, uint64_t steps,
                    char *err, size_t errlen)
{
    irhw_out *out = irhw_out_open(path, err, errlen);
    if (!out)
        return -1;
    FILE *f = irhw_out_file(out);
    /* both in DIR: names relative to it (GTKWave resolves them from the .gtkw's folder) */
    fprintf(f, "[dumpfile] \"%s\"\n[savefile] \"cex.gtkw\"\n*0.0 %" PRIu64 " -1\n",
            strrchr(vcd, '/') ? strrchr(vcd, '/') + 1 : vcd, steps);
    for (unsigned i = 0; i < x->ps.n; i++) {
        const irhw_port *p = &x->ps.p[i];
        if (p->width > 1)
            fprintf(f, "%s.%s[%u:0]\n", x->module, p->name, p->width - 1);
        else
            fprintf(f, "%s.%s\n", x->module, p->name);
    }
    return irhw_out_commit(out, err, errlen);
}

/* The folder holds this run's files only: an earlier counterexample goes. */
static int remove_old_cex(const irhw_prove_req *q, irhw_prove_res *r, char *err, size_t errlen)
{
    snprintf(r->csv, sizeof r->csv, "%s/cex.csv", q->dir);
    snprintf(r->vcd, sizeof r->vcd, "%s/cex.vcd", q->dir);
    snprintf(r->gtkw, sizeof r->gtkw, "%s/cex.gtkw", q->dir);
    const char *old[] = {r->csv, r->vcd, r->gtkw};
    for (unsigned i = 0; i < sizeof old / sizeof old[0]; i++)
        if (unlink(old[i]) && errno != ENOENT)
            return irhw_err(err, errlen, "cannot remove the earlier %s: %s", old[i],
                            strerror(errno));
    return 0;
}

/* The most files a proof reads: cosim's 64 --rtl and the leaf cells. */
#define PROVE_MAX_FILES (64 + IRHW_MAX_LEAVES)

/* The module definitions of the files a proof reads: one entry a module,
 * its text from `module` to `endmodule` inside texts[file]. */
typedef struct {
    char name[128];
    const char *text;
    size_t len;
    unsigned file;
} vmod;

typedef struct {
    const char *paths[PROVE_MAX_FILES];
    char *texts[PROVE_MAX_FILES];
    unsigned nfiles;
    vmod *m;
    unsigned n, cap;
    char own[4200]; /* DIR/<module>.v, the generated design */
} vset;

static void vset_free(vset *v)
{
    for (unsigned i = 0; i < v->nfiles; i++)
        free(v->texts[i]);
    free(v->m);
}

static int is_ident(char c)
{
    return c == '_' || c == '$' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* The module of `text` that starts on the line at `p`, or NULL: `module`
 * after blanks at the start of a line. */
static const char *module_at(const char *p, char *name, size_t len)
{
    p += strspn(p, " \t");
    if (strncmp(p, "module", 6) || (p[6] != ' ' && p[6] != '\t'))
        return NULL;
    const char *q = p + 6 + strspn(p + 6, " \t");
    size_t n = 0;
    while (is_ident(q[n]))
        n++;
    if (!n || n >= len)
        return NULL;
    snprintf(name, len, "%.*s", (int)n, q);
    return p;
}

/* Adds file `path` (its modules) to v. 0; 1 when a module it defines is
 * already in v with other text (why says which and where); -1 when it
 * cannot be read or memory runs out (err). */
static int vset_add(vset *v, const char *path, char *why, size_t whylen, char *err, size_t errlen)
{
    if (v->nfiles == PROVE_MAX_FILES)
        return irhw_err(err, errlen, "more than %d files to read", PROVE_MAX_FILES);
    char *t = irhw_read_file(path, NULL);
    if (!t)
        return irhw_err(err, errlen, "cannot read %s: %s", path, strerror(errno));
    unsigned f = v->nfiles++;
    v->paths[f] = path;
    v->texts[f] = t;
    char name[128];
    for (const char *line = t; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        const char *m = module_at(line, name, sizeof name);
        if (!m)
            continue;
        const char *e = strstr(m, "endmodule");
        size_t len = e ? (size_t)(e - m) + 9 : strlen(m);
        for (unsigned i = 0; i < v->n; i++)
            if (!strcmp(v->m[i].name, name) && (v->m[i].len != len || memcmp(v->m[i].text, m, len)))
                return irhw_err(why, whylen,
                                "module %s is defined twice with different text, in %s and "
                                "in %s: give one of them",
                                name, v->paths[v->m[i].file], path),
                       1;
        if (v->n == v->cap) {
            vmod *g = realloc(v->m, (v->cap = v->cap ? 2 * v->cap : 16) * sizeof *g);
            if (!g)
                return irhw_err(err, errlen, "out of memory reading %s", path);
            v->m = g;
        }
        vmod *d = &v->m[v->n++];
        snprintf(d->name, sizeof d->name, "%s", name);
        d->text = m;
        d->len = len;
        d->file = f;
    }
    return 0;
}

static int vset_defines(const vset *v, const char *module)
{
    for (unsigned i = 0; i < v->n; i++)
        if (!strcmp(v->m[i].name, module))
            return 1;
    return 0;
}

/* The module a leaf file defines: its name without ".v". */
static void leaf_module(const char *leaf, char *buf, size_t len)
{
    snprintf(buf, len, "%.*s", (int)strcspn(leaf, "."), leaf);
}

/* The labels of the scoreboard's checks (`sb_NAME: assert`) in v's files
 * into the phases' names: sb_data_* to IRHW_PHASE_SB_DATA, the others to
 * IRHW_PHASE_SB. */
static void sb_labels(const vset *v, irhw_prove_res *r)
{
    size_t o[IRHW_NPHASES] = {0};
    for (unsigned f = 0; f < v->nfiles; f++)
        for (const char *p = v->texts[f]; (p = strstr(p, "sb_")); p++) {
            if (p > v->texts[f] && is_ident(p[-1]))
                continue;
            size_t k = 3;
            while (is_ident(p[k]))
                k++;
            const char *c = p + k + strspn(p + k, " \t");
            if (*c != ':' || strncmp(c + 1 + strspn(c + 1, " \t"), "assert", 6))
                continue;
            unsigned i = strncmp(p, "sb_data_", 8) ? IRHW_PHASE_SB : IRHW_PHASE_SB_DATA;
            irhw_prove_phase *ph = &r->ph[i];
            if (o[i] < sizeof ph->names)
                o[i] += (size_t)snprintf(ph->names + o[i], sizeof ph->names - o[i], "%s%.*s",
                                         ph->n ? ", " : "", (int)k, p);
            ph->n++;
        }
}

/* The files Yosys reads into v: the design (the user's or DIR/<module>.v),
 * then each leaf cell no file of the design defines. 0; 1 with r->why; -1
 * with err. */
static int read_design(const irhw_prove_req *q, vset *v, irhw_prove_res *r, char (*leafp)[4200],
                       char *err, size_t errlen)
{
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves = q->x->b->leaf_cells ? q->x->b->leaf_cells(q->x, leaves) : 0;
    snprintf(v->own, sizeof v->own, "%s/%s.v", q->dir, q->x->module);
    unsigned nd = q->nrtl ? q->nrtl : 1;
    for (unsigned i = 0; i < nd; i++) {
        int rc = vset_add(v, q->nrtl ? q->rtl[i] : v->own, r->why, sizeof r->why, err, errlen);
        if (rc)
            return rc;
    }
    for (unsigned i = 0; i < nleaves; i++) {
        char mod[128];
        leaf_module(leaves[i], mod, sizeof mod);
        if (q->nrtl && vset_defines(v, mod))
            continue;
        if (q->nrtl)
            snprintf(leafp[i], sizeof leafp[i], "%s/rtl/%s", irhw_root(), leaves[i]);
        else
            snprintf(leafp[i], sizeof leafp[i], "%s/%s", q->dir, leaves[i]);
        int rc = vset_add(v, leafp[i], r->why, sizeof r->why, err, errlen);
        if (rc)
            return rc;
    }
    return 0;
}

/* v's files, each in double quotes. A malloc'd string, or NULL when out of
 * memory. */
static char *file_list(const vset *v)
{
    char *list = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&list, &len);
    if (!f)
        return NULL;
    for (unsigned i = 0; i < v->nfiles; i++)
        fprintf(f, "%s\"%s\"", i ? " " : "", v->paths[i]);
    if (fclose(f)) {
        free(list);
        return NULL;
    }
    return list;
}

/* DIR/<name>.ys from synth_scripts/prove.ys.in, the phase's selection of
 * checks in `select`. The file list grows with the files (any number and
 * length of --rtl): a file, not `yosys -p`, as an argument is at most 128
 * KiB (MAX_ARG_STRLEN). */
static int write_script(const irhw_prove_req *q, const char *files, const char *select,
                        const char *vcd_path, irhw_prove_phase *ph, char *err, size_t errlen)
{
    char vcd[4300], cells[24], mem[24], depth[24];
    snprintf(vcd, sizeof vcd, "\"%s\"", vcd_path);
    snprintf(cells, sizeof cells, "%d", IRHW_PROVE_CELLS_MAX);
    snprintf(mem, sizeof mem, "%d", IRHW_PROVE_MEM_MAX);
    snprintf(depth, sizeof depth, "%" PRIu64, q->depth);
    const char *keys[] = {"FILES", "TOP", "CELLS_MAX", "MEM_MAX", "DEPTH", "VCD", "SELECT"};
    const char *vals[] = {files, q->x->module, cells, mem, depth, vcd, select};
    return irhw_template_write("prove.ys.in", ph->script, keys, vals, 7, err, errlen);
}

/* The row of cosim's cycle 0, before the solver's first step: rst alone. */
static void reset_row(const irhw_ports *ps, irhw_rows *rows)
{
    uint64_t *row = calloc(ps->in_words ? ps->in_words : 1, sizeof *row);
    int i = irhw_port_find(ps, "rst");
    if (!row)
        return;
    if (i >= 0)
        row[ps->p[i].off] = 1;
    irhw_rows_push(rows, row);
    free(row);
}

/* A failing proof's counterexample: r->csv, r->gtkw beside Yosys's r->vcd.
 * The solver holds rst in its step 1 only (from an arbitrary state); cosim
 * holds it in cycles 0 and 1, so the trace gets a reset row first and
 * solver step s is cosim's cycle s. */
static int write_cex(const irhw_prove_req *q, irhw_prove_res *r, irhw_prove_phase *ph,
                     const char *text, char *err, size_t errlen)
{
    irhw_rows rows;
    irhw_rows_init(&rows, q->x->ps.in_words);
    reset_row(&q->x->ps, &rows);
    uint64_t n = cex_rows(text, &q->x->ps, &rows);
    int rc = !n ? irhw_err(err, errlen, "no counterexample in the Yosys log %s", ph->log)
                : irhw_stimfile_write(r->csv, &q->x->ps, &rows,
                                      "irhw prove counterexample: cycle 0 resets, cycle N = "
                                      "solver step N",
                                      err, errlen);
    if (!rc)
        rc = cex_gtkw(r->gtkw, r->vcd, q->x, n, err, errlen);
    irhw_rows_free(&rows);
    /* step s's check samples step s-1: cosim's cycle s-1 */
    ph->fail_cycle = n >= 1 ? n - 1 : 0;
    return rc;
}

/* A module the design instantiates that no file defines, from Yosys's
 * `hierarchy -check` error: 1 with r->why, else 0. */
static int missing_module(const char *text, irhw_prove_res *r)
{
    const char *p = strstr(text, "ERROR: Module `\\");
    if (!p || !strstr(p, "is not part of the design"))
        return 0;
    p += strlen("ERROR: Module `\\");
    int n = (int)strcspn(p, "'");
    const char *key = "referenced in module `\\", *in = strstr(p, key);
    if (in)
        in += strlen(key);
    int m = in ? (int)strcspn(in, "'") : 0;
    snprintf(r->why, sizeof r->why,
             "module %.*s (instantiated in %.*s) is defined in none of the files: add the file "
             "that defines it",
             n, p, m, in ? in : "");
    return 1;
}

/* The verdict of a phase's Yosys log `text` (Yosys's exit status st). */
static int read_verdict(const irhw_prove_req *q, irhw_prove_res *r, irhw_prove_phase *ph,
                        const char *text, int st, char *err, size_t errlen)
{
    ph->k = 0;
    for (const char *p = text; (p = strstr(p, "Base case for induction length")); p++)
        ph->k++;
    if (missing_module(text, r))
        ph->verdict = IRHW_PROVE_BAD_RTL;
    else if (strstr(text, "less than the minimum number 1: t:$assert"))
        ph->verdict = IRHW_PROVE_NO_CHECK;
    else if (strstr(text, "Assertion failed: selection"))
        ph->verdict = IRHW_PROVE_TOO_LARGE;
    else if (strstr(text, "Induction step proven: SUCCESS!"))
        ph->verdict = IRHW_PROVE_PROVED;
    else if (strstr(text, "model found for base case: FAIL!")) {
        ph->verdict = IRHW_PROVE_FAILED;
        return write_cex(q, r, ph, text, err, errlen);
    } else if (st == 0 && strstr(text, "Reached maximum number of time steps"))
        ph->verdict = IRHW_PROVE_PASSED;
    else
        return irhw_err(err, errlen, "Yosys failed (exit %d; log: %s)", st, ph->log);
    return 0;
}

/* One phase: its script DIR/<name>.ys, the run, the verdict from
 * DIR/<name>.log. */
static int run_phase(const irhw_prove_req *q, irhw_prove_res *r, irhw_prove_phase *ph,
                     const char *name, const char *files, const char *select, char *err,
                     size_t errlen)
{
    snprintf(ph->script, sizeof ph->script, "%s/%s.ys", q->dir, name);
    snprintf(ph->log, sizeof ph->log, "%s/%s.log", q->dir, name);
    if (write_script(q, files, select, r->vcd, ph, err, errlen))
        return -1;
    char *av[] = {"yosys", "-s", ph->script, NULL};
    irhw_signal_at("the proof of %s (Yosys, depth %" PRIu64 ", log %s)", q->x->module, q->depth,
                   ph->log);
    int st = irhw_run(av, ph->log);
    char *text = irhw_read_file(ph->log, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read the Yosys log %s: %s", ph->log, strerror(errno));
    int rc = read_verdict(q, r, ph, text, st, err, errlen);
    free(text);
    /* a phase that did not close leaves Yosys's induction model as the VCD:
     * no counterexample, so no cex.vcd */
    if (!rc && ph->verdict != IRHW_PROVE_FAILED && unlink(r->vcd) && errno != ENOENT)
        return irhw_err(err, errlen, "cannot remove %s: %s", r->vcd, strerror(errno));
    return rc;
}

/* Each phase's own checks as Yosys selections (a stack: %u unites, %i
 * intersects, %d subtracts the top two); a label in a submodule is
 * INSTANCE.sb_NAME after flattening. */
static const char *const phase_own[IRHW_NPHASES] = {
    "t:$assert n:sb_* n:*.sb_* %u %d",
    "t:$assert n:sb_* n:*.sb_* %u %i n:sb_data_* n:*.sb_data_* %u %d",
    "t:$assert n:sb_data_* n:*.sb_data_* %u %i"};
static const char *const phase_file[IRHW_NPHASES] = {"prove", "prove_sb", "prove_sb_data"};

/* A scoreboard's assumptions (its model of what drives the block, e.g.
 * hwwl_core's memory), labelled like its checks: `sb_NAME: assume`. */
static const char *const phase_assumes[IRHW_NPHASES] = {
    NULL, "t:$assume n:sb_* n:*.sb_* %u %i n:sb_data_* n:*.sb_data_* %u %d",
    "t:$assume n:sb_data_* n:*.sb_data_* %u %i"};

/* The chformal commands of phase i: the later phases' checks and
 * assumptions removed, an earlier phase's checks assumed when they were
 * proved (else removed: assuming them would be unsound). An earlier
 * phase's assumptions stay: its checks were proved under them. */
static void phase_select(const irhw_prove_res *r, unsigned i, char *buf, size_t len)
{
    size_t o = 0;
    for (unsigned j = 0; j < IRHW_NPHASES; j++) {
        if (j == i)
            continue;
        int assume = j < i && r->ph[j].ran && r->ph[j].verdict == IRHW_PROVE_PROVED;
        o += (size_t)snprintf(buf + o, len - o, "chformal %s %s\n",
                              assume ? "-assert2assume" : "-remove", phase_own[j]);
        if (j > i && phase_assumes[j])
            o += (size_t)snprintf(buf + o, len - o, "chformal -remove %s\n", phase_assumes[j]);
    }
}

int irhw_prove_run(const irhw_prove_req *q, irhw_prove_res *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    vset v = {0};
    char leafp[IRHW_MAX_LEAVES][4200];
    int rc = read_design(q, &v, r, leafp, err, errlen);
    if (rc) {
        vset_free(&v);
        if (rc < 0)
            return -1;
        r->ph[IRHW_PHASE_CHECKS].verdict = IRHW_PROVE_BAD_RTL;
        return 0;
    }
    sb_labels(&v, r);
    char *files = file_list(&v);
    vset_free(&v);
    if (!files)
        return irhw_err(err, errlen, "out of memory writing the Yosys script");
    rc = remove_old_cex(q, r, err, errlen);
    for (unsigned i = 0; !rc && i < IRHW_NPHASES; i++) {
        irhw_prove_verdict last = i ? r->ph[i - 1].verdict : IRHW_PROVE_PROVED;
        if (i && r->ph[i - 1].ran && last != IRHW_PROVE_PROVED && last != IRHW_PROVE_PASSED)
            break;
        if (i && !r->ph[i].n)
            continue;
        char select[1024];
        phase_select(r, i, select, sizeof select);
        r->ph[i].ran = 1;
        rc = run_phase(q, r, &r->ph[i], phase_file[i], files, select, err, errlen);
    }
    free(files);
    return rc ? -1 : 0;
}
