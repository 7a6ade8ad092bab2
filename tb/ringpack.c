/*
 * ringpack.c — the packing plan of a block's ports (ringpack.h).
 */
#include "ringpack.h"

#include <stdlib.h>

int irhw_pack_plan_init(irhw_pack_plan *pl, const irhw_ports *ps)
{
    size_t nw = ps->in_words + ps->out_words;
    memset(pl, 0, sizeof *pl);
    pl->w = malloc((nw + 1) * sizeof *pl->w);
    pl->above = calloc(ps->in_words + 1, sizeof *pl->above);
    unsigned char *cls = malloc(nw + 1);
    if (!pl->w || !pl->above || !cls) {
        free(cls);
        irhw_pack_plan_free(pl);
        return -1;
    }
    /* each word's class: 0, 1, 2, 3 for 8, 4, 2, 1 bytes */
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        size_t base = p->dir == IRHW_IN ? 0 : ps->in_words;
        for (unsigned k = 0; k < irhw_words(p->width); k++) {
            unsigned bits = p->width - 64 * k > 64 ? 64 : p->width - 64 * k;
            cls[base + p->off + k] = bits > 32 ? 0 : bits > 16 ? 1 : bits > 8 ? 2 : 3;
            if (p->dir == IRHW_IN)
                pl->above[p->off + k] = ~irhw_mask(bits);
        }
    }
    size_t k = 0;
    for (unsigned c = 0; c < 4; c++)
        for (size_t i = 0; i < nw; i++)
            if (cls[i] == c) {
                pl->w[k++] = (uint16_t)i;
                pl->n[c]++;
                pl->bytes += 8u >> c;
            }
    pl->bytes = (pl->bytes + 7) & ~(size_t)7;
    free(cls);
    return 0;
}

void irhw_pack_plan_free(irhw_pack_plan *pl)
{
    free(pl->w);
    free(pl->above);
    pl->w = NULL;
    pl->above = NULL;
}
