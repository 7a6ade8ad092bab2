/* icrn.h — parameter and port indices and the tree geometry of the
 * inter-core redistribution network (see model/icrn.c for the behaviour). */
#ifndef ICRN_H
#define ICRN_H

#include "irhw.h"

enum icrn_param { IC_CORES, IC_RADIX, IC_ID_BITS, IC_BUF_DEPTH };

enum icrn_port {
    /* inputs */
    IC_RST,
    IC_INJ_VALID,   /* [CORES]          */
    IC_INJ_ID,      /* [CORES*ID_BITS]  */
    IC_DLV_READY,   /* [CORES]          */
    IC_CORE_EMPTY,  /* [CORES]          */
    IC_CORE_GREEDY, /* [CORES]          */
    /* outputs */
    IC_INJ_READY, /* [CORES]            */
    IC_DLV_VALID, /* [CORES]            */
    IC_DLV_ID,    /* [CORES*ID_BITS]    */
    IC_DLV_SRC,   /* [CORES*CORE_BITS]  */
    IC_ALL_DONE,
    IC_NPORTS
};

/* 64 cores with radix 2 need 6 hub levels. */
#define ICRN_MAX_LEVELS 6
#define ICRN_MAX_CORES 64

/* The tree. Level 0 holds the cores, level k >= 1 the hubs; the root is the
 * only node of level `levels`. Node (k, i) with k >= 1 has the children
 * (k-1, j) for j in [i*radix, min((i+1)*radix, count[k-1])) and covers the
 * cores [i*span[k], min((i+1)*span[k], cores)). */
typedef struct {
    unsigned cores, radix, id_bits, depth;
    unsigned core_bits; /* ceil(log2(CORES)): width of a source/destination core */
    unsigned levels;    /* hub levels L: a core-to-core trip is 2L hops */
    unsigned count[ICRN_MAX_LEVELS + 1];
    unsigned span[ICRN_MAX_LEVELS + 1];
} icrn_geom;

void icrn_geom_init(const irhw_cfg *c, icrn_geom *g);
void icrn_children(const icrn_geom *g, unsigned level, unsigned i, unsigned *first, unsigned *n);
void icrn_cover(const icrn_geom *g, unsigned level, unsigned i, unsigned *lo, unsigned *hi);
/* Bits of one entry of the up (toward the root) and down (toward a core)
 * buffer of node (level, i): a node covering one core stores no source on
 * the way up (it is constant) and no destination on the way down. */
unsigned icrn_up_width(const icrn_geom *g, unsigned level, unsigned i);
unsigned icrn_dn_width(const icrn_geom *g, unsigned level, unsigned i);
/* Buffer payload bits of the whole network. */
uint64_t icrn_buffer_bits(const icrn_geom *g);

#endif
