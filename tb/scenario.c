/*
 * scenario.c — the directed-scenario rig: a table of cycles (inputs and
 * expected outputs, irhw_step) runs on any design under test, the C model
 * (irhw_model_dut) or the Verilated RTL (irhw_rtl_dut in vbuild.h), so a
 * directed test is written once and proves both.
 *
 * Row syntax: space-separated NAME=VALUE (decimal or 0x hex; values wider
 * than 64 bits take hex only), an optional leading "xN" repeating the row N
 * times. Two reset cycles (rst=1) come before the first row.
 */
#include "irhw.h"
#include "stimfile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A model's eval/tick have the DUT's shape: the model itself is the handle. */
irhw_dut irhw_model_dut(const irhw_inst *x, void *model)
{
    irhw_dut d = {model, x->b->model_eval, x->b->model_tick};
    return d;
}

/* Parses one value into words (hex may be wider than 64 bits). */
static int parse_value(const char *v, size_t n, uint64_t *words, unsigned width)
{
    const char *why;
    return irhw_parse_value(v, n, width, words, &why);
}

/* Applies "NAME=VALUE ..." of one direction; *repeat from a leading xN. */
static int apply_row(const irhw_inst *x, const char *row, irhw_dir dir, uint64_t *vals,
                     uint64_t *mask, unsigned *repeat, char *err, size_t errlen)
{
    const irhw_ports *ps = &x->ps;
    const char *p = row ? row : "";
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t n = strcspn(p, " ");
        if (repeat && p[0] == 'x' && n > 1 && strspn(p + 1, "0123456789") == n - 1) {
            *repeat = (unsigned)strtoul(p + 1, NULL, 10);
            p += n;
            continue;
        }
        const char *eq = memchr(p, '=', n);
        if (!eq)
            return irhw_err(err, errlen, "'%.*s' is not NAME=VALUE", (int)n, p);
        char name[64];
        size_t nl = (size_t)(eq - p) < sizeof name ? (size_t)(eq - p) : sizeof name - 1;
        memcpy(name, p, nl);
        name[nl] = 0;
        int pi = irhw_port_find(ps, name);
        if (pi < 0 || ps->p[pi].dir != dir)
            return irhw_err(err, errlen, "%s has no %s port '%s'", x->module,
                            dir == IRHW_IN ? "input" : "output", name);
        const irhw_port *pt = &ps->p[pi];
        uint64_t w[16];
        if (irhw_words(pt->width) > 16 || parse_value(eq + 1, n - nl - 1, w, pt->width))
            return irhw_err(err, errlen, "port %s: '%.*s' is not a %u-bit value", name,
                            (int)(n - nl - 1), eq + 1, pt->width);
        for (unsigned k = 0; k < irhw_words(pt->width); k++) {
            vals[pt->off + k] = w[k];
            if (mask)
                mask[pt->off + k] = irhw_mask(pt->width - 64 * k > 64 ? 64 : pt->width - 64 * k);
        }
        p += n;
    }
    return 0;
}

int irhw_scenario_run(const irhw_inst *x, const irhw_scenario *s, const irhw_dut *d, char *err,
                      size_t errlen)
{
    const irhw_ports *ps = &x->ps;
    uint64_t *in = calloc(ps->in_words + 1, sizeof *in);
    uint64_t *out = calloc(ps->out_words + 1, sizeof *out);
    uint64_t *exp = calloc(ps->out_words + 1, sizeof *exp);
    uint64_t *mask = calloc(ps->out_words + 1, sizeof *mask);
    int rc = 0;
    if (!in || !out || !exp || !mask) {
        rc = irhw_err(err, errlen, "out of memory");
        goto done;
    }
    for (int r = 0; r < 2; r++) { /* reset: rst is port 0 */
        memset(in, 0, ps->in_words * sizeof *in);
        in[ps->p[0].off] = 1;
        d->eval(d->h, in, out);
        d->tick(d->h, in);
    }
    uint64_t cycle = 2;
    for (unsigned i = 0; i < s->nsteps && !rc; i++) {
        unsigned repeat = 1;
        char perr[300];
        memset(in, 0, ps->in_words * sizeof *in);
        memset(mask, 0, ps->out_words * sizeof *mask);
        memset(exp, 0, ps->out_words * sizeof *exp);
        if (apply_row(x, s->steps[i].in, IRHW_IN, in, NULL, &repeat, perr, sizeof perr) ||
            apply_row(x, s->steps[i].expect, IRHW_OUT, exp, mask, NULL, perr, sizeof perr)) {
            rc = irhw_err(err, errlen, "scenario %s, row %u: %s", s->name, i + 1, perr);
            break;
        }
        for (unsigned k = 0; k < repeat && !rc; k++, cycle++) {
            d->eval(d->h, in, out);
            for (unsigned p = 0; p < ps->n; p++) {
                const irhw_port *pt = &ps->p[p];
                if (pt->dir != IRHW_OUT)
                    continue;
                for (unsigned w = 0; w < irhw_words(pt->width); w++) {
                    unsigned o = pt->off + w;
                    if (((out[o] ^ exp[o]) & mask[o]) == 0)
                        continue;
                    char e[300], a[300];
                    irhw_hex(exp + pt->off, pt->width, e, sizeof e);
                    irhw_hex(out + pt->off, pt->width, a, sizeof a);
                    rc = irhw_err(err, errlen,
                                  "scenario %s, row %u (\"%s\"), cycle %" PRIu64
                                  ": port %s expected %s, actual %s",
                                  s->name, i + 1, s->steps[i].in ? s->steps[i].in : "", cycle,
                                  pt->name, e, a);
                    break;
                }
                if (rc)
                    break;
            }
            d->tick(d->h, in);
        }
    }
done:
    free(in);
    free(out);
    free(exp);
    free(mask);
    return rc;
}
