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

/* The files Yosys reads, each in double quotes: the design, its leaf cells.
 * A malloc'd string, or NULL when out of memory. */
static char *file_list(const irhw_prove_req *q)
{
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves = q->x->b->leaf_cells ? q->x->b->leaf_cells(q->x, leaves) : 0;
    char *list = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&list, &len);
    if (!f)
        return NULL;
    if (q->nrtl)
        for (unsigned i = 0; i < q->nrtl; i++)
            fprintf(f, "%s\"%s\"", i ? " " : "", q->rtl[i]);
    else
        fprintf(f, "\"%s/%s.v\"", q->dir, q->x->module);
    for (unsigned i = 0; i < nleaves; i++)
        fprintf(f, q->nrtl ? " \"%s/rtl/%s\"" : " \"%s/%s\"", q->nrtl ? irhw_root() : q->dir,
                leaves[i]);
    if (fclose(f)) {
        free(list);
        return NULL;
    }
    return list;
}

/* DIR/prove.ys from synth_scripts/prove.ys.in. The file list grows with the
 * files (any number and length of --rtl): a file, not `yosys -p`, as an
 * argument is at most 128 KiB (MAX_ARG_STRLEN). */
static int write_script(const irhw_prove_req *q, irhw_prove_res *r, char *err, size_t errlen)
{
    char *files = file_list(q), vcd[4300], cells[24], mem[24], depth[24];
    if (!files)
        return irhw_err(err, errlen, "out of memory writing the Yosys script");
    snprintf(vcd, sizeof vcd, "\"%s\"", r->vcd);
    snprintf(cells, sizeof cells, "%d", IRHW_PROVE_CELLS_MAX);
    snprintf(mem, sizeof mem, "%d", IRHW_PROVE_MEM_MAX);
    snprintf(depth, sizeof depth, "%" PRIu64, q->depth);
    const char *keys[] = {"FILES", "TOP", "CELLS_MAX", "MEM_MAX", "DEPTH", "VCD"};
    const char *vals[] = {files, q->x->module, cells, mem, depth, vcd};
    snprintf(r->script, sizeof r->script, "%s/prove.ys", q->dir);
    int rc = irhw_template_write("prove.ys.in", r->script, keys, vals, 6, err, errlen);
    free(files);
    return rc;
}

/* A failing proof's counterexample: r->csv, r->gtkw beside Yosys's r->vcd. */
static int write_cex(const irhw_prove_req *q, irhw_prove_res *r, const char *text, char *err,
                     size_t errlen)
{
    irhw_rows rows;
    irhw_rows_init(&rows, q->x->ps.in_words);
    uint64_t n = cex_rows(text, &q->x->ps, &rows);
    int rc = !n ? irhw_err(err, errlen, "no counterexample in the Yosys log %s", r->log)
                : irhw_stimfile_write(r->csv, &q->x->ps, &rows,
                                      "irhw prove counterexample: cycle N = solver step N+1", err,
                                      errlen);
    if (!rc)
        rc = cex_gtkw(r->gtkw, r->vcd, q->x, n, err, errlen);
    irhw_rows_free(&rows);
    /* step s's check samples step s-1, cosim's cycle s-2 */
    r->fail_cycle = n >= 2 ? n - 2 : 0;
    return rc;
}

/* The verdict of the Yosys log `text` (Yosys's exit status st). */
static int read_verdict(const irhw_prove_req *q, irhw_prove_res *r, const char *text, int st,
                        char *err, size_t errlen)
{
    r->k = 0;
    for (const char *p = text; (p = strstr(p, "Base case for induction length")); p++)
        r->k++;
    if (strstr(text, "less than the minimum number 1: t:$assert"))
        r->verdict = IRHW_PROVE_NO_CHECK;
    else if (strstr(text, "Assertion failed: selection"))
        r->verdict = IRHW_PROVE_TOO_LARGE;
    else if (strstr(text, "Induction step proven: SUCCESS!"))
        r->verdict = IRHW_PROVE_PROVED;
    else if (strstr(text, "model found for base case: FAIL!")) {
        r->verdict = IRHW_PROVE_FAILED;
        return write_cex(q, r, text, err, errlen);
    } else if (st == 0 && strstr(text, "Reached maximum number of time steps"))
        r->verdict = IRHW_PROVE_PASSED;
    else
        return irhw_err(err, errlen, "Yosys failed (exit %d; log: %s)", st, r->log);
    return 0;
}

int irhw_prove_run(const irhw_prove_req *q, irhw_prove_res *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    snprintf(r->log, sizeof r->log, "%s/prove.log", q->dir);
    if (remove_old_cex(q, r, err, errlen) || write_script(q, r, err, errlen))
        return -1;
    char *av[] = {"yosys", "-s", r->script, NULL};
    irhw_signal_at("the proof of %s (Yosys, depth %" PRIu64 ", log %s)", q->x->module, q->depth,
                   r->log);
    int st = irhw_run(av, r->log);
    char *text = irhw_read_file(r->log, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read the Yosys log %s: %s", r->log, strerror(errno));
    int rc = read_verdict(q, r, text, st, err, errlen);
    free(text);
    return rc;
}
