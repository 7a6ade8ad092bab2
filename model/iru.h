/* iru.h — the partitioned IRU: PARTS iru_hash partitions as one logical
 * table joined by a ring (IRU paper §3.2, §5; spec §5). A model-level
 * composition of the iru_hash model (see model/iru.c for the decisions):
 * a GPU model pushes prefetched elements into a partition, queues warp
 * requests at a partition and pops the replies. */
#ifndef IRU_H
#define IRU_H

#include "iru_hash.h"

typedef struct {
    uint64_t idx, data, pos;
} iru_elt;

/* One reply: n valid elements (n = 0: the "no more work" answer). */
typedef struct {
    unsigned n;
    iru_elt e[64];
} iru_reply_t;

typedef struct {
    unsigned parts;  /* partitions (power of two, <= SETS); paper: 4 */
    unsigned hop;    /* cycles per ring hop (>= 1) */
    unsigned ring_w; /* elements a hop carries per cycle (>= 1) */
    unsigned buf;    /* ring input buffer per partition, elements (>= 2 ring_w) */
    unsigned fifo;   /* prefetched-element FIFO per partition, elements (>= 1) */
    /* iru_hash parameters of every partition, "NAME=VALUE ..." (SETS is per
     * partition; LINE_BYTES and ELEM_BYTES are the memory's) */
    const char *hash;
} iru_cfg;

typedef struct {
    uint64_t pushed, inserted, merged, replies, replied, empty_replies;
    uint64_t ring_hops;   /* element-hops on the ring */
    uint64_t ring_stalls; /* cycles a partition could not forward its head */
    uint64_t cycles;
} iru_sys_stats;

typedef struct iru_sys iru_sys;

/* The defaults: the paper's 4 partitions, 1-cycle hops of 2 elements. */
void iru_cfg_defaults(iru_cfg *c);
/* NULL with a message naming the parameter and its range on bad input. */
iru_sys *iru_sys_new(const iru_cfg *c, char *err, size_t errlen);
void iru_sys_free(iru_sys *s);
/* The home partition of an index: its memory block mod PARTS. */
unsigned iru_home(const iru_sys *s, uint64_t idx);
/* Offer a prefetched element to partition part's FIFO: 1 taken, 0 full. */
int iru_sys_push(iru_sys *s, unsigned part, uint64_t idx, uint64_t data, uint64_t pos);
/* A warp's request at partition part: 1 taken, 0 its queue is full. */
int iru_sys_request(iru_sys *s, unsigned part);
/* The input is exhausted (1) or not (0): the partitions pack partial
 * entries once nothing is left in the FIFOs and on the ring. */
void iru_sys_flush(iru_sys *s, int on);
/* One clock cycle of every partition and the ring. */
void iru_sys_step(iru_sys *s);
/* Pop partition part's oldest reply into r: 1, or 0 when none. */
int iru_sys_reply(iru_sys *s, unsigned part, iru_reply_t *r);
/* Elements anywhere in the unit: FIFOs, ring, lanes and partitions. */
uint64_t iru_sys_held(const iru_sys *s);
/* Requests queued or waiting at partition part, not yet replied. */
unsigned iru_sys_waiting(const iru_sys *s, unsigned part);
const iru_sys_stats *iru_sys_stats_of(const iru_sys *s);
/* A partition's iru_hash model (its iru_stats_print, iru_pack_wait_max). */
void *iru_sys_part_model(const iru_sys *s, unsigned part);

#endif
