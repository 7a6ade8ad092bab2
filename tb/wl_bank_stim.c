/*
 * wl_bank_stim.c — stimulus for the worklist bank.
 *
 * Directed program (mode directed, and the first part of mixed): fill a
 * single-mode bank past full (spills), drain past empty, redistribution
 * requests colliding with lane accesses, wlcfg refused while non-empty and
 * accepted when empty, double mode: fill the push half, swap accepted on an
 * empty pull half and refused on a non-empty one, drain, a reset in the
 * middle of traffic, and back to single mode. Every segment is sized from
 * ENTRIES so each configuration is filled and drained to its limits.
 *
 * Random (mode random, and the rest of mixed): phases of 4*ENTRIES cycles,
 * each with its own bias (push-heavy, pull-heavy, balanced, redistribution-
 * heavy), occasional swap and wlcfg, rare push+pull together (defined, never
 * issued by a real lane) and rare resets.
 */
#include "wl_bank.h"

#include <stdlib.h>

enum seg_kind { S_FILL, S_DRAIN, S_CFG_SINGLE, S_CFG_DOUBLE, S_SWAP, S_COLLIDE, S_RESET, S_MIXED };

typedef struct {
    enum seg_kind kind;
    unsigned len;
} seg;

typedef struct {
    const irhw_ports *ps;
    irhw_rng rng;
    unsigned entries, idw;
    irhw_stim_mode mode;
    seg prog[40];
    unsigned nprog, seg_i, seg_c;
    uint64_t next_id;
    unsigned bias_push, bias_pull, bias_rd, phase_left;
} wl_bank_stim;

static void add(wl_bank_stim *s, enum seg_kind k, unsigned len)
{
    s->prog[s->nprog++] = (seg){k, len};
}

void *wl_bank_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    wl_bank_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ps = &x->ps;
    s->entries = wl_bank_g(x)->entries;
    s->idw = wl_bank_g(x)->id_bits;
    s->mode = mode;
    irhw_rng_seed(&s->rng, seed);
    unsigned e = s->entries;
    if (mode != IRHW_STIM_RANDOM) {
        add(s, S_RESET, 2);
        add(s, S_FILL, e + 3);  /* past full: spills */
        add(s, S_COLLIDE, e);   /* rd_take/rd_put against lane traffic */
        add(s, S_DRAIN, e + 3); /* past empty */
        add(s, S_FILL, e / 2);
        add(s, S_CFG_DOUBLE, 2); /* refused: bank not empty */
        add(s, S_DRAIN, e + 1);
        add(s, S_CFG_DOUBLE, 2);   /* accepted */
        add(s, S_FILL, e / 2 + 3); /* push half past full */
        add(s, S_SWAP, 2);         /* accepted: pull half empty */
        add(s, S_FILL, e / 2 + 3); /* the other half */
        add(s, S_SWAP, 2);         /* refused: pull half full */
        add(s, S_COLLIDE, e);
        add(s, S_DRAIN, e + 3);
        add(s, S_SWAP, 2);
        add(s, S_DRAIN, e + 3);
        add(s, S_FILL, e / 3 + 1);
        add(s, S_RESET, 1); /* reset in the middle of traffic */
        add(s, S_MIXED, 2 * e);
        add(s, S_CFG_DOUBLE, 1);
        add(s, S_MIXED, 4 * e);
        add(s, S_DRAIN, e + 2);
        add(s, S_SWAP, 1);
        add(s, S_DRAIN, e + 2);
        add(s, S_CFG_SINGLE, 2);
        add(s, S_FILL, e + 1);
        add(s, S_DRAIN, e + 1);
    }
    (void)cycles;
    return s;
}

void wl_bank_stim_free(void *s)
{
    free(s);
}

/* Work IDs count up (masked to ID_BITS) so a waveform reads in order. */
static uint64_t new_id(wl_bank_stim *s)
{
    return s->next_id++ & irhw_mask(s->idw);
}

static void drive(wl_bank_stim *s, enum seg_kind k, uint64_t *in)
{
    const irhw_ports *ps = s->ps;
    irhw_rng *r = &s->rng;
    switch (k) {
    case S_FILL:
        irhw_set(in, ps, WB_PUSH, 1);
        irhw_set(in, ps, WB_PUSH_ID, new_id(s));
        break;
    case S_DRAIN:
        irhw_set(in, ps, WB_PULL, 1);
        break;
    case S_CFG_SINGLE:
    case S_CFG_DOUBLE:
        irhw_set(in, ps, WB_CFG_EN, 1);
        irhw_set(in, ps, WB_CFG_DOUBLE, k == S_CFG_DOUBLE);
        break;
    case S_SWAP:
        irhw_set(in, ps, WB_SWAP, 1);
        break;
    case S_RESET:
        irhw_set(in, ps, WB_RST, 1);
        break;
    case S_COLLIDE: {
        unsigned lane = (unsigned)irhw_rng_below(r, 3); /* 0 none, 1 push, 2 pull */
        if (lane == 1) {
            irhw_set(in, ps, WB_PUSH, 1);
            irhw_set(in, ps, WB_PUSH_ID, new_id(s));
        } else if (lane == 2) {
            irhw_set(in, ps, WB_PULL, 1);
        }
        irhw_set(in, ps, WB_RD_TAKE, irhw_rng_below(r, 2));
        irhw_set(in, ps, WB_RD_PUT, irhw_rng_below(r, 2));
        irhw_set(in, ps, WB_RD_PUT_ID, irhw_rng_bits(r, s->idw));
        break;
    }
    case S_MIXED:
        break;
    }
}

static void random_cycle(wl_bank_stim *s, uint64_t *in)
{
    const irhw_ports *ps = s->ps;
    irhw_rng *r = &s->rng;
    if (s->phase_left == 0) {
        static const unsigned bias[][3] = {{70, 20, 10}, {20, 70, 10}, {45, 45, 20},
                                           {30, 30, 60}, {90, 5, 5},   {5, 90, 5}};
        unsigned b = (unsigned)irhw_rng_below(r, sizeof bias / sizeof bias[0]);
        s->bias_push = bias[b][0];
        s->bias_pull = bias[b][1];
        s->bias_rd = bias[b][2];
        s->phase_left = 4 * s->entries + (unsigned)irhw_rng_below(r, 16);
    }
    s->phase_left--;
    unsigned x = (unsigned)irhw_rng_below(r, 100);
    if (x < s->bias_push) {
        irhw_set(in, ps, WB_PUSH, 1);
        irhw_set(in, ps, WB_PUSH_ID, irhw_rng_chance(r, 50) ? new_id(s) : irhw_rng_bits(r, s->idw));
    } else if (x < s->bias_push + s->bias_pull) {
        irhw_set(in, ps, WB_PULL, 1);
    }
    if (irhw_rng_chance(r, 1)) /* both at once: defined, never issued by a lane */
        irhw_set(in, ps, WB_PULL, 1);
    if (irhw_rng_chance(r, s->bias_rd))
        irhw_set(in, ps, WB_RD_TAKE, 1);
    if (irhw_rng_chance(r, s->bias_rd)) {
        irhw_set(in, ps, WB_RD_PUT, 1);
        irhw_set(in, ps, WB_RD_PUT_ID, irhw_rng_bits(r, s->idw));
    }
    if (irhw_rng_chance(r, 3))
        irhw_set(in, ps, WB_SWAP, 1);
    if (irhw_rng_chance(r, 1)) {
        irhw_set(in, ps, WB_CFG_EN, 1);
        irhw_set(in, ps, WB_CFG_DOUBLE, irhw_rng_below(r, 2));
    }
    if (irhw_rng_below(r, 2000) == 0)
        irhw_set(in, ps, WB_RST, 1);
}

void wl_bank_stim_next(void *vs, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    wl_bank_stim *s = vs;
    (void)cycle;
    (void)prev_out;
    while (s->seg_i < s->nprog && s->seg_c >= s->prog[s->seg_i].len) {
        s->seg_i++;
        s->seg_c = 0;
    }
    if (s->seg_i < s->nprog) {
        enum seg_kind k = s->prog[s->seg_i].kind;
        s->seg_c++;
        if (k == S_MIXED)
            random_cycle(s, in);
        else
            drive(s, k, in);
        return;
    }
    if (s->mode == IRHW_STIM_DIRECTED) { /* program over: restart it */
        s->seg_i = 0;
        s->seg_c = 0;
        wl_bank_stim_next(vs, cycle, prev_out, in);
        return;
    }
    random_cycle(s, in);
}
