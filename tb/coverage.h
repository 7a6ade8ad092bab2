/*
 * coverage.h — functional coverage of a co-simulation: the block's points
 * (irhw_block.cover_points), sampled on the C model every cycle, counted,
 * and reported with the points that cannot occur at this configuration.
 */
#ifndef IRHW_COVERAGE_H
#define IRHW_COVERAGE_H

#include "irhw.h"

typedef struct {
    const irhw_inst *x;
    unsigned n;      /* points of the block (0: it declares none) */
    uint64_t *hits;  /* per point */
    uint64_t *first; /* cycle of the first hit, per point */
    const char **na; /* per point: why it cannot occur here, or NULL */
    unsigned *todo;  /* the applicable points not hit yet (ntodo of them) */
    unsigned ntodo;
    unsigned applicable; /* points that can occur at this configuration */
    unsigned covered;    /* of them, hit at least once */
    uint64_t all_at;     /* cycle the last applicable point was first hit */
    uint64_t cycles;     /* cycles sampled */
} irhw_coverage;

/* 0, or -1 with a message (out of memory). A block without points gives
 * n = 0 and counts as covered. */
int irhw_cov_init(irhw_coverage *c, const irhw_inst *x, char *err, size_t errlen);
void irhw_cov_free(irhw_coverage *c);
/* Every applicable point hit at least once? */
static inline int irhw_cov_complete(const irhw_coverage *c)
{
    return c->covered == c->applicable;
}
/* irhw_cov_sample while some applicable point was never hit. */
void irhw_cov_sample_first(irhw_coverage *c, uint64_t cycle, const void *model, const uint64_t *in,
                           const uint64_t *out);
/* One cycle of the model (after eval, before tick). Inline: once every
 * point was hit (early in most runs) it only counts, every cycle. */
static inline void irhw_cov_sample(irhw_coverage *c, uint64_t cycle, const void *model,
                                   const uint64_t *in, const uint64_t *out)
{
    if (!c->n || !model)
        return;
    c->cycles = cycle + 1;
    if (irhw_cov_complete(c))
        c->x->b->cover_sample(model, in, out, c->hits);
    else
        irhw_cov_sample_first(c, cycle, model, in, out);
}
/* The report: one line per point (hits, first cycle, or why not applicable)
 * and a total line. */
void irhw_cov_print(const irhw_coverage *c, FILE *f);

#endif
