/*
 * ringpack.h — one cycle's inputs and outputs packed for the two-thread
 * co-simulation's ring (cosim.c, "two threads").
 *
 * Each word of the cycle (in ++ out: the inputs' words, then the outputs',
 * as the judge's arrays hold them) takes the fewest of 1, 2, 4 or 8 bytes
 * that hold its port's bits in that word: the 8-byte words first, then the
 * 4-, 2- and 1-byte ones, each class in word order. Most ports are a bit
 * or a few, and each byte carried is one the judging core reads and the
 * RTL's core must take back before it writes the slot again (wl_bank -p
 * ID_BITS=64: 27 words, 216 bytes a cycle, packed into 56).
 *
 * Packing keeps a port's bits up to its width and drops the rest. The RTL's
 * outputs are zero above their widths (Verilator's are); the stimulus's
 * inputs are checked against `above`, so that packing never changes what
 * the model sees. The co-simulation packs with the Verilated shim's
 * irhw_shim_pack, this layout with the plan compiled in, which also
 * returns those bits (vshim.c); irhw_pack is its reference, the one its
 * test checks it against (tests/unit/test_ringpack.c).
 */
#ifndef IRHW_RINGPACK_H
#define IRHW_RINGPACK_H

#include "irhw.h"

#include <stdint.h>
#include <string.h>

typedef struct {
    unsigned n[4];   /* the words of 8, 4, 2 and 1 bytes */
    uint16_t *w;     /* their indices in in ++ out, class by class */
    size_t bytes;    /* a packed cycle, rounded up to 8 */
    uint64_t *above; /* per input word: the bits above its port's width */
} irhw_pack_plan;

/* The plan of ps's words: 0, or -1 when out of memory. */
int irhw_pack_plan_init(irhw_pack_plan *pl, const irhw_ports *ps);
void irhw_pack_plan_free(irhw_pack_plan *pl);

/* io (in ++ out, unpacked) into the packed cycle d (pl->bytes): the layout
 * irhw_shim_pack compiles. */
static inline void irhw_pack(const irhw_pack_plan *pl, const uint64_t *io, unsigned char *d)
{
    const uint16_t *w = pl->w;
    for (unsigned i = 0; i < pl->n[0]; i++, d += 8)
        memcpy(d, &io[*w++], 8);
    for (unsigned i = 0; i < pl->n[1]; i++, d += 4) {
        uint32_t v = (uint32_t)io[*w++];
        memcpy(d, &v, 4);
    }
    for (unsigned i = 0; i < pl->n[2]; i++, d += 2) {
        uint16_t v = (uint16_t)io[*w++];
        memcpy(d, &v, 2);
    }
    for (unsigned i = 0; i < pl->n[3]; i++)
        *d++ = (unsigned char)io[*w++];
}

/* The packed cycle d back into io (every word written). */
static inline void irhw_unpack(const irhw_pack_plan *pl, const unsigned char *d, uint64_t *io)
{
    const uint16_t *w = pl->w;
    for (unsigned i = 0; i < pl->n[0]; i++, d += 8)
        memcpy(&io[*w++], d, 8);
    for (unsigned i = 0; i < pl->n[1]; i++, d += 4) {
        uint32_t v;
        memcpy(&v, d, 4);
        io[*w++] = v;
    }
    for (unsigned i = 0; i < pl->n[2]; i++, d += 2) {
        uint16_t v;
        memcpy(&v, d, 2);
        io[*w++] = v;
    }
    for (unsigned i = 0; i < pl->n[3]; i++)
        io[*w++] = *d++;
}

#endif
