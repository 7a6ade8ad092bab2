/*
 * linetrace.c — one line per cycle (linetrace.h).
 */
#include "linetrace.h"

#include <inttypes.h>
#include <string.h>

static unsigned hex_digits(unsigned width)
{
    return width > 64 ? 17 : (width + 3) / 4;
}

static int add(irhw_linetrace *t, int p)
{
    for (unsigned k = 0; k < t->n; k++)
        if ((int)t->port[k] == p)
            return 0;
    const irhw_port *q = &t->ps->p[p];
    unsigned w = hex_digits(q->width), nl = (unsigned)strlen(q->name);
    t->port[t->n] = (unsigned)p;
    t->width[t->n++] = w > nl ? w : nl;
    return 0;
}

int irhw_lt_init(irhw_linetrace *t, const irhw_inst *x, FILE *f, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->ps = &x->ps;
    t->f = f;
    const char *keys = x->b->trace_ports;
    /* inputs first, then outputs, each in the order named */
    for (int dir = 0; dir < 2; dir++) {
        irhw_dir want = dir ? IRHW_OUT : IRHW_IN;
        if (!keys) {
            for (unsigned i = 0; i < t->ps->n; i++)
                if (t->ps->p[i].dir == want)
                    add(t, (int)i);
        } else {
            char buf[1024];
            snprintf(buf, sizeof buf, "%s", keys);
            char *save = NULL;
            for (char *s = strtok_r(buf, " |", &save); s; s = strtok_r(NULL, " |", &save)) {
                int p = irhw_port_find(t->ps, s);
                if (p < 0)
                    return irhw_err(err, errlen, "%s: trace_ports names no port '%s'", x->b->name,
                                    s);
                if (t->ps->p[p].dir == want)
                    add(t, p);
            }
        }
        if (!dir)
            t->nin = t->n;
    }
    fprintf(f, "%7s |", "cycle");
    for (unsigned k = 0; k < t->n; k++)
        fprintf(f, "%s %*s", k == t->nin ? " |" : "", (int)t->width[k], t->ps->p[t->port[k]].name);
    fputc('\n', f);
    return 0;
}

static void value(FILE *f, const irhw_port *p, const uint64_t *v, unsigned colw)
{
    char buf[40];
    if (p->width > 64)
        snprintf(buf, sizeof buf, "%016" PRIx64 "~", v[p->off]);
    else
        snprintf(buf, sizeof buf, "%" PRIx64, v[p->off]);
    fprintf(f, " %*s", (int)colw, buf);
}

void irhw_lt_line(irhw_linetrace *t, uint64_t cycle, const uint64_t *in, const uint64_t *exp,
                  const uint64_t *act)
{
    fprintf(t->f, "%7" PRIu64 " |", cycle);
    for (unsigned k = 0; k < t->n; k++) {
        const irhw_port *p = &t->ps->p[t->port[k]];
        if (k == t->nin)
            fputs(" |", t->f);
        value(t->f, p, k < t->nin ? in : exp, t->width[k]);
    }
    for (unsigned i = 0; act && i < t->ps->n; i++) {
        const irhw_port *p = &t->ps->p[i];
        if (p->dir != IRHW_OUT ||
            !memcmp(exp + p->off, act + p->off, irhw_words(p->width) * sizeof *exp))
            continue;
        char h[1200];
        irhw_hex(act + p->off, p->width, h, sizeof h);
        fprintf(t->f, "  !%s=%s", p->name, h);
    }
    fputc('\n', t->f);
}
