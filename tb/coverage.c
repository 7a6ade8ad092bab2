/*
 * coverage.c — functional coverage (coverage.h). The block says what to
 * look for (cover_sample, on its own model's state, inputs and outputs) and
 * which points its configuration rules out (cover_na); this file counts,
 * notes when each point was first reached and prints the report. Nothing
 * here knows any block.
 */
#include "coverage.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int irhw_cov_init(irhw_coverage *c, const irhw_inst *x, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->x = x;
    const irhw_block *b = x->b;
    if (!b->cover_sample || !b->ncover)
        return 0;
    c->n = b->ncover;
    c->hits = calloc(c->n, sizeof *c->hits);
    c->first = calloc(c->n, sizeof *c->first);
    c->na = calloc(c->n, sizeof *c->na);
    c->todo = calloc(c->n, sizeof *c->todo);
    if (!c->hits || !c->first || !c->na || !c->todo) {
        irhw_cov_free(c);
        return irhw_err(err, errlen, "out of memory for the coverage of %s", b->name);
    }
    for (unsigned i = 0; i < c->n; i++) {
        c->na[i] = b->cover_na ? b->cover_na(x, i) : NULL;
        c->applicable += !c->na[i];
        if (!c->na[i])
            c->todo[c->ntodo++] = i;
    }
    return 0;
}

void irhw_cov_free(irhw_coverage *c)
{
    free(c->hits);
    free(c->first);
    free(c->na);
    free(c->todo);
    c->hits = c->first = NULL;
    c->na = NULL;
    c->todo = NULL;
    c->n = c->ntodo = 0;
}

void irhw_cov_sample_first(irhw_coverage *c, uint64_t cycle, const void *model, const uint64_t *in,
                           const uint64_t *out)
{
    /* Points not reached yet have 0 hits: note the cycles they first show
     * (and drop them from the list still to reach). */
    c->x->b->cover_sample(model, in, out, c->hits);
    for (unsigned t = 0; t < c->ntodo;) {
        unsigned i = c->todo[t];
        if (!c->hits[i]) {
            t++;
            continue;
        }
        c->first[i] = cycle + 1; /* stored + 1: 0 = not yet */
        c->todo[t] = c->todo[--c->ntodo];
        if (++c->covered == c->applicable)
            c->all_at = cycle;
    }
}

void irhw_cov_print(const irhw_coverage *c, FILE *f)
{
    const irhw_block *b = c->x->b;
    if (!c->n) {
        fprintf(f, "coverage: %s declares no coverage points\n", b->name);
        return;
    }
    fprintf(f, "coverage of %s (%u points, %u applicable here), over %" PRIu64 " cycles:\n",
            b->name, c->n, c->applicable, c->cycles);
    for (unsigned i = 0; i < c->n; i++) {
        const irhw_cover_point *p = &b->cover_points[i];
        if (c->na[i])
            fprintf(f, "  %-26s %10s  n/a: %s\n", p->name, "-", c->na[i]);
        else if (!c->hits[i])
            fprintf(f, "  %-26s %10s  NOT HIT: %s\n", p->name, "0", p->meaning);
        else
            fprintf(f, "  %-26s %10" PRIu64 "  first at cycle %" PRIu64 ": %s\n", p->name,
                    c->hits[i], c->first[i] - 1, p->meaning);
    }
    fprintf(f, "coverage: %u of %u applicable points hit (%.0f %%)", c->covered, c->applicable,
            c->applicable ? 100.0 * c->covered / c->applicable : 100.0);
    if (irhw_cov_complete(c) && c->applicable)
        fprintf(f, ", all by cycle %" PRIu64, c->all_at);
    fprintf(f, "\n");
}
