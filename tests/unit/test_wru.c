/*
 * Tests of the work redistribution unit (model/wru.c, model/wru_block.c,
 * gen/wru.c, tb/wru_stim.c): the ranking against a plain sort, the model's
 * plans against a qsort reference for every network and pipeline, the
 * geometry (derived sizes, copy-safe network), parameter rejection and the
 * derived THRESHOLD, the generated Verilog (the comparator list the model
 * evaluates, header figures, determinism, lint), the Knuth diagram, the area
 * notes, the stimulus + checker on long random runs, the timing contract of
 * pipelined and threshold units, and the directed cycle stories (lsorting
 * pairing, ties, inter-core donor, round-robin, latency, reset in flight,
 * status between intervals) as irhw_scenario tables run on the C model and
 * on the Verilated RTL.
 */
#include <check.h>

#include "check_main.h"
#include "lint_helper.h"
#include "scenario_check.h"
#include "timing_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "irhw.h"
#include "wru.h"

/* ---- harness ------------------------------------------------------------- */

typedef struct {
    const irhw_block *b;
    irhw_inst x;
    const irhw_ports *ps;
    const wru_geom *g;
    void *m;
    uint64_t in[64], out[64];
    unsigned lanes, cb, tb;
} unit;

/* "LANES=4 THRESHOLD=5 ..." on top of the defaults: an instance, or -1
 * with the message. */
static int inst_parse(irhw_inst *x, const char *params, char *err, size_t errlen)
{
    irhw_cfg c;
    irhw_cfg_defaults(&irhw_block_wru, &c);
    memset(x, 0, sizeof *x);
    if (irhw_cfg_set_all(&irhw_block_wru, &c, params, err, errlen))
        return -1;
    int rc = irhw_inst_init(x, &irhw_block_wru, &c, err, errlen);
    if (rc)
        irhw_inst_free(x);
    return rc;
}

static unit *unit_new(const char *params)
{
    unit *u = calloc(1, sizeof *u);
    char err[IRHW_ERRLEN];
    ck_assert_ptr_nonnull(u);
    u->b = &irhw_block_wru;
    irhw_check_inst(&u->x, u->b, params);
    u->ps = &u->x.ps;
    u->g = wru_g(&u->x);
    u->m = irhw_model_create(&u->x, err, sizeof err);
    ck_assert_msg(u->m != NULL, "%s", err);
    u->lanes = u->g->lanes;
    u->cb = u->g->count_bits;
    u->tb = u->g->tag_bits;
    return u;
}

static void unit_free(unit *u)
{
    u->b->model_free(u->m);
    irhw_inst_free(&u->x);
    free(u);
}

/* One cycle with these counts (and rst): evaluate, then clock. */
static void cyc(unit *u, const unsigned *counts, int rst)
{
    memset(u->in, 0, sizeof u->in);
    irhw_set(u->in, u->ps, WRU_RST, (uint64_t)rst);
    uint64_t *cv = irhw_wide(u->in, u->ps, WRU_COUNTS);
    for (unsigned b = 0; b < u->lanes; b++)
        irhw_bits_set(cv, b * u->cb, u->cb, counts[b]);
    u->b->model_eval(u->m, u->in, u->out);
    u->b->model_tick(u->m, u->in);
}

static void reset2(unit *u)
{
    unsigned zero[WRU_MAX_LANES] = {0};
    cyc(u, zero, 1);
    cyc(u, zero, 1);
}

static uint64_t o(unit *u, unsigned port)
{
    return irhw_get(u->out, u->ps, port);
}
static unsigned donates(unit *u, unsigned b)
{
    return (unsigned)irhw_bits_get(irhw_cwide(u->out, u->ps, WRU_DONATE_VALID), b, 1);
}
static unsigned donate_to(unit *u, unsigned b)
{
    return (unsigned)irhw_bits_get(irhw_cwide(u->out, u->ps, WRU_DONATE_TO), b * u->tb, u->tb);
}
static unsigned receives(unit *u, unsigned b)
{
    return (unsigned)irhw_bits_get(irhw_cwide(u->out, u->ps, WRU_RECEIVE_VALID), b, 1);
}
static unsigned ndonors(unit *u)
{
    unsigned n = 0;
    for (unsigned b = 0; b < u->lanes; b++)
        n += donates(u, b);
    return n;
}

/* Reference lsorting plan from qsort: transfers[donor] = receiver + 1. */
typedef struct {
    unsigned to[WRU_MAX_LANES]; /* 0 = none, else receiver + 1 */
    unsigned n, xfer_valid, xfer_bank;
} ref_plan;

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void reference(unsigned L, unsigned T, const unsigned *c, ref_plan *r)
{
    uint64_t v[WRU_MAX_LANES];
    memset(r, 0, sizeof *r);
    for (unsigned b = 0; b < L; b++)
        v[b] = (uint64_t)c[b] << 8 | b;
    qsort(v, L, sizeof *v, by_value);
    unsigned i = 0;
    while (i < L - 1 - i && (v[i] >> 8) < T && (v[L - 1 - i] >> 8) >= (v[i] >> 8) + 2) {
        r->to[v[L - 1 - i] & 0xff] = (unsigned)(v[i] & 0xff) + 1;
        i++;
    }
    r->n = i;
    unsigned g = 0, nd = 0;
    for (unsigned b = 0; b < L; b++) {
        g += c[b] > T;
        nd += c[b] < T;
    }
    if (g > nd) {
        r->xfer_valid = 1;
        r->xfer_bank = (unsigned)(v[L - 1 - i] & 0xff);
    }
}

static void assert_plan_is(unit *u, const ref_plan *r, const char *what)
{
    ck_assert_msg(o(u, WRU_PLAN_VALID) == 1, "%s: no plan", what);
    ck_assert_msg(ndonors(u) == r->n, "%s: %u transfers, expected %u", what, ndonors(u), r->n);
    for (unsigned b = 0; b < u->lanes; b++) {
        ck_assert_msg(donates(u, b) == (r->to[b] != 0), "%s: bank %u donates=%u", what, b,
                      donates(u, b));
        if (r->to[b]) {
            ck_assert_msg(donate_to(u, b) == r->to[b] - 1, "%s: bank %u gives to %u, expected %u",
                          what, b, donate_to(u, b), r->to[b] - 1);
            ck_assert_msg(receives(u, r->to[b] - 1), "%s: receiver %u not flagged", what,
                          r->to[b] - 1);
        }
    }
    ck_assert_msg(o(u, WRU_XFER_VALID) == r->xfer_valid, "%s: xfer_valid", what);
    ck_assert_msg(o(u, WRU_XFER_BANK) == (r->xfer_valid ? r->xfer_bank : 0), "%s: xfer_bank %llu",
                  what, (unsigned long long)o(u, WRU_XFER_BANK));
}

/* ---- ranking ---------------------------------------------------------------- */

START_TEST(ranking_matches_a_plain_sort_for_every_network_and_size)
{
    uint64_t seed = (uint64_t)time(NULL);
    irhw_rng r;
    irhw_rng_seed(&r, seed);
    for (unsigned L = 2; L <= WRU_MAX_LANES; L++)
        for (int k = 0; k < SORTNET_NKINDS; k++) {
            sortnet *s = sortnet_make((sortnet_kind)k, L);
            unsigned tb = irhw_clog2(L);
            for (int t = 0; t < 50; t++) {
                uint64_t v[WRU_MAX_LANES], ref[WRU_MAX_LANES];
                unsigned span = t % 3 == 0 ? 3 : 64; /* heavy ties, or few */
                for (unsigned b = 0; b < L; b++)
                    v[b] = ref[b] = irhw_rng_below(&r, span) << tb | b;
                sortnet_apply(s, v);
                qsort(ref, L, sizeof *ref, by_value);
                ck_assert_msg(memcmp(v, ref, L * sizeof *v) == 0,
                              "%s network on %u banks ranks differently from qsort (seed %llu)",
                              sortnet_kind_name((sortnet_kind)k), L, (unsigned long long)seed);
            }
            sortnet_free(s);
        }
}
END_TEST

/* The model's and the checker's shortcut for the live status (wru_live_of:
 * a table summing several banks' side at once, lookups that straddle words
 * and run past the last bank) and the one-pass decode (wru_unpack_counts)
 * against the plain bank-by-bank definition, at widths where the lookups
 * fall differently in the words, with counts at their extremes and at T. */
START_TEST(live_status_and_decode_match_a_bank_by_bank_reading)
{
    static const unsigned lanes[] = {2, 3, 5, 7, 8, 13, 16, 31, 32, 33, 63, 64};
    uint64_t seed = (uint64_t)time(NULL);
    irhw_rng r;
    irhw_rng_seed(&r, seed);
    for (size_t li = 0; li < sizeof lanes / sizeof *lanes; li++)
        for (unsigned cb = 1; cb <= 16; cb++) {
            unsigned cmax = (unsigned)irhw_mask(cb);
            unsigned ts[] = {0, 1, cmax / 2, cmax - 1, cmax};
            for (size_t ti = 0; ti < sizeof ts / sizeof *ts; ti++) {
                char params[96], err[IRHW_ERRLEN];
                snprintf(params, sizeof params, "LANES=%u COUNT_BITS=%u THRESHOLD=%u", lanes[li],
                         cb, ts[ti]);
                irhw_inst x;
                ck_assert_msg(inst_parse(&x, params, err, sizeof err) == 0, "%s: %s", params, err);
                const wru_geom *w = wru_g(&x);
                wru_sides sd;
                ck_assert_int_eq(wru_sides_init(&sd, w), 0);
                unsigned T = w->threshold, L = w->lanes;
                for (int t = 0; t < 200; t++) {
                    uint64_t v[WRU_MAX_COUNT_WORDS + 1] = {0}, cw[WRU_MAX_COUNT_WORDS + 1];
                    unsigned want[WRU_MAX_LANES], got[WRU_MAX_LANES];
                    int bal = 0, any = 0;
                    for (unsigned b = 0; b < L; b++) {
                        unsigned pick = (unsigned)irhw_rng_below(&r, 5);
                        want[b] = t == 0 ? 0
                                  : pick == 0 ? 0
                                  : pick == 1 ? cmax
                                  : pick == 2 ? T
                                              : (unsigned)irhw_rng_below(&r, (uint64_t)cmax + 1);
                        irhw_bits_set(v, b * cb, cb, want[b]);
                        bal += (want[b] > T) - (want[b] < T);
                        any |= want[b] != 0;
                    }
                    if (L * cb % 64) /* bits above the last bank: not counts */
                        v[L * cb / 64] |= ~irhw_mask(L * cb % 64);
                    wru_live lv = wru_live_of(&sd, cw, v);
                    ck_assert_msg(lv.empty == !any && lv.greedy == (bal > 0) && lv.balance == bal,
                                  "%s: live status empty %d greedy %d balance %d, bank by bank "
                                  "%d %d %d (seed %llu)",
                                  params, lv.empty, lv.greedy, lv.balance, !any, bal > 0, bal,
                                  (unsigned long long)seed);
                    wru_unpack_counts(w, v, got);
                    ck_assert_msg(memcmp(got, want, L * sizeof *got) == 0,
                                  "%s: decoded counts differ (seed %llu)", params,
                                  (unsigned long long)seed);
                }
                wru_sides_free(&sd);
                irhw_inst_free(&x);
            }
        }
}
END_TEST

START_TEST(model_plans_match_a_plain_sort_for_every_network_and_pipeline)
{
    static const char *cfgs[] = {"LANES=2",
                                 "LANES=3 NETWORK=bitonic PIPELINE=1",
                                 "LANES=7 NETWORK=oddeven PIPELINE=2",
                                 "LANES=8 NETWORK=bestdepth",
                                 "LANES=16",
                                 "LANES=16 NETWORK=bestdepth PIPELINE=3",
                                 "LANES=23 NETWORK=best PIPELINE=4",
                                 "LANES=32 NETWORK=bitonic PIPELINE=15",
                                 "LANES=64 COUNT_BITS=9 THRESHOLD=100 PIPELINE=7"};
    uint64_t seed = (uint64_t)time(NULL);
    irhw_rng r;
    irhw_rng_seed(&r, seed);
    for (unsigned i = 0; i < sizeof cfgs / sizeof *cfgs; i++) {
        char p[128];
        snprintf(p, sizeof p, "%s INTERVAL=1", cfgs[i]);
        unit *u = unit_new(p);
        unsigned lat = u->g->regs, T = u->g->threshold, max = (unsigned)irhw_mask(u->cb);
        unsigned hist[32][WRU_MAX_LANES];
        reset2(u);
        for (unsigned t = 0; t < 400; t++) {
            unsigned *c = hist[t % 32];
            for (unsigned b = 0; b < u->lanes; b++)
                c[b] = t % 2 ? (unsigned)irhw_rng_below(&r, T + 4 < max ? T + 4 : max + 1)
                             : (unsigned)irhw_rng_below(&r, max + 1);
            cyc(u, c, 0);
            if (t < lat)
                continue;
            ref_plan ref;
            reference(u->lanes, T, hist[(t - lat) % 32], &ref);
            char what[200];
            snprintf(what, sizeof what, "%s, cycle %u (seed %llu)", p, t, (unsigned long long)seed);
            assert_plan_is(u, &ref, what);
        }
        unit_free(u);
    }
}
END_TEST

/* The comparators named in the generated Verilog, in order, are the model's. */
START_TEST(model_evaluates_the_comparator_list_the_generator_emits)
{
    static const char *cfgs[] = {"LANES=16", "LANES=16 NETWORK=bestdepth PIPELINE=2",
                                 "LANES=11 NETWORK=bitonic", "LANES=40 NETWORK=oddeven PIPELINE=5"};
    for (unsigned i = 0; i < sizeof cfgs / sizeof *cfgs; i++) {
        irhw_inst x;
        char err[IRHW_ERRLEN];
        irhw_check_inst(&x, &irhw_block_wru, cfgs[i]);
        char *v = irhw_generate(&x, err, sizeof err);
        ck_assert_msg(v != NULL, "%s", err);
        const wru_geom *w = wru_g(&x);
        unsigned k = 0, stage = 0;
        for (const char *p = v; (p = strstr(p, "wire cmp_l")) != NULL; p++) {
            unsigned L, lo, hi;
            ck_assert_int_eq(sscanf(p, "wire cmp_l%u_%u_%u", &L, &lo, &hi), 3);
            ck_assert_msg(k < w->size, "%s: more comparators in the RTL than in the model",
                          cfgs[i]);
            ck_assert_msg(w->cmp[k].layer == L && w->cmp[k].lo == lo && w->cmp[k].hi == hi,
                          "%s: RTL comparator %u is (%u: %u, %u), model has (%u: %u, %u)", cfgs[i],
                          k, L, lo, hi, w->cmp[k].layer, w->cmp[k].lo, w->cmp[k].hi);
            k++;
        }
        ck_assert_uint_eq(k, w->size);
        for (const char *p = v; (p = strstr(p, "// pipeline stage ")) != NULL; p++) {
            unsigned s, j;
            ck_assert_int_eq(sscanf(p, "// pipeline stage %u: register after layer %u", &s, &j), 2);
            ck_assert_uint_eq(s, ++stage);
            ck_assert_uint_eq(j, wru_reg_layer(w, s));
        }
        ck_assert_uint_eq(stage, w->regs);
        irhw_inst_free(&x);
        free(v);
    }
}
END_TEST

/* ---- geometry ------------------------------------------------------------------------- */

START_TEST(geometry_holds_every_derived_size_and_survives_a_copy)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_wru, "LANES=11 COUNT_BITS=5 INTERVAL=6 PIPELINE=2");
    wru_geom *copy = malloc(sizeof *copy);
    ck_assert_ptr_nonnull(copy);
    memcpy(copy, wru_g(&x), sizeof *copy);
    irhw_inst_free(&x); /* the copy must not point into the freed instance */
    ck_assert_uint_eq(copy->tag_bits, 4);
    ck_assert_uint_eq(copy->key_bits, 9);
    ck_assert_uint_eq(copy->padded, 16);
    ck_assert_uint_eq(copy->pairs, 5);
    ck_assert_uint_eq(copy->rank_bits, 4);
    ck_assert_uint_eq(copy->phase_bits, 3);
    ck_assert_uint_eq(copy->count_max, 31);
    ck_assert_uint_eq(copy->size, sortnet_size_of(SORTNET_BEST, 11));
    ck_assert_uint_eq(copy->depth, sortnet_depth_of(SORTNET_BEST, 11));
    ck_assert_uint_eq(copy->regs, copy->depth / 2);
    ck_assert_uint_eq(copy->slots, copy->regs);
    ck_assert_uint_eq(copy->state_bits, 3 + (uint64_t)copy->regs * (11 * 9 + 1));
    uint64_t v[11];
    for (unsigned b = 0; b < 11; b++)
        v[b] = wru_pack(copy, (b * 7) % 5, b);
    sortnet net = wru_net(copy);
    sortnet_apply(&net, v);
    for (unsigned b = 1; b < 11; b++)
        ck_assert_msg(v[b - 1] < v[b], "rank %u not above rank %u", b, b - 1);
    free(copy);
}
END_TEST

START_TEST(every_network_fits_the_geometry_at_the_largest_lanes)
{
    for (int k = 0; k < SORTNET_NKINDS; k++) {
        irhw_inst x;
        char p[64];
        snprintf(p, sizeof p, "LANES=%u NETWORK=%s PIPELINE=1", WRU_MAX_LANES,
                 sortnet_kind_name((sortnet_kind)k));
        irhw_check_inst(&x, &irhw_block_wru, p);
        const wru_geom *g = wru_g(&x);
        ck_assert_uint_eq(g->size, sortnet_size_of((sortnet_kind)k, WRU_MAX_LANES));
        ck_assert_uint_le(g->size, WRU_MAX_CMPS);
        ck_assert_uint_eq(g->regs, g->depth);
        irhw_inst_free(&x);
    }
    /* threshold builds no network */
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_wru, "SCHEME=threshold");
    ck_assert_uint_eq(wru_g(&x)->size, 0);
    ck_assert_uint_eq(wru_g(&x)->regs, 0);
    ck_assert_uint_eq(wru_g(&x)->state_bits, 4 + 2 * 4);
    irhw_inst_free(&x);
}
END_TEST

/* ---- directed scenarios (C model and Verilated RTL) ------------------------------------------- */

/* Counts are written one hex digit (COUNT_BITS=4) or two (COUNT_BITS=8) per
 * bank, bank 0 rightmost: LANES=4 counts {b0=0, b1=9, b2=3, b3=1} = 0x1390.
 * donate_to holds clog2(LANES) bits per bank, bank b at [b*clog2(LANES)]. */

/* LANES=4: ranks (0,b0) (1,b3) (3,b2) (9,b1): b1 -> b0, b2 -> b3 (3 >= 1 + 2);
 * one greedy bank, three needy: no inter-core donor. */
static const irhw_step lsorting_pairs[] = {
    {"counts=0x1390", "plan_valid=1 donate_valid=0x6 donate_to=0x30 receive_valid=0x9 "
                      "xfer_valid=0 xfer_bank=0 core_empty=0 core_greedy=0"},
};

/* LANES=2: 3 and 4 are one apart, 3 and 5 two apart; 5 is not needy. */
static const irhw_step two_more[] = {
    {"counts=0x43", "plan_valid=1 donate_valid=0 receive_valid=0 xfer_valid=0"},
    {"counts=0x53", "plan_valid=1 donate_valid=0x2 donate_to=0 receive_valid=0x1 xfer_valid=0"},
    {"counts=0x95", "plan_valid=1 donate_valid=0 receive_valid=0 core_greedy=1 xfer_valid=1 "
                    "xfer_bank=1"},
};

/* LANES=8, all equal: nothing moves; above THRESHOLD the core is greedy and
 * the top-ranked bank (the highest index among equals) goes to the ICRN. */
static const irhw_step equal_counts[] = {
    {"counts=0x00000000", "plan_valid=1 donate_valid=0 receive_valid=0 core_empty=1 "
                          "core_greedy=0 xfer_valid=0"},
    {"counts=0x44444444", "plan_valid=1 donate_valid=0 core_empty=0 core_greedy=0 xfer_valid=0"},
    {"counts=0x55555555", "plan_valid=1 donate_valid=0 core_empty=0 core_greedy=0 xfer_valid=0"},
    {"counts=0x66666666", "plan_valid=1 donate_valid=0 core_greedy=1 xfer_valid=1 xfer_bank=7"},
    {"counts=0xffffffff", "plan_valid=1 donate_valid=0 core_greedy=1 xfer_valid=1 xfer_bank=7"},
};

/* LANES=8 {4,0,4,1,4,2,4,3}: ranks (0,b1) (1,b3) (2,b5) (3,b7) (4,b0) (4,b2)
 * (4,b4) (4,b6): b6 -> b1, b4 -> b3, b2 -> b5; b0 -> b7 fails the two-more
 * rule. donate_to: 1 << 18 | 3 << 12 | 5 << 6. */
static const irhw_step all_needy[] = {
    {"counts=0x34241404", "plan_valid=1 donate_valid=0x54 donate_to=0x43140 receive_valid=0x2a "
                          "xfer_valid=0 core_greedy=0"},
};

/* LANES=4 {2,2,8,8}: (2,b0) (2,b1) (8,b2) (8,b3): b3 -> b0, b2 -> b1; two
 * greedy, two needy: no inter-core donor. */
static const irhw_step ties[] = {
    {"counts=0x8822", "plan_valid=1 donate_valid=0xc donate_to=0x10 receive_valid=0x3 "
                      "xfer_valid=0 core_greedy=0"},
};

/* LANES=4 {9,9,9,0}: (0,b3) (9,b0) (9,b1) (9,b2): b2 -> b3; three greedy >
 * one needy: rank 2 (b1), the highest not donating, goes to the ICRN. Then
 * {9,9,0,0}: b1 -> b2, b0 -> b3, greedy = needy: no inter-core donor. */
static const irhw_step intercore[] = {
    {"counts=0x0999", "plan_valid=1 donate_valid=0x4 donate_to=0x30 receive_valid=0x8 "
                      "core_greedy=1 xfer_valid=1 xfer_bank=1"},
    {"counts=0x0099", "plan_valid=1 donate_valid=0x3 donate_to=0xb receive_valid=0xc "
                      "core_greedy=0 xfer_valid=0 xfer_bank=0"},
};

/* LANES=7 {0,0,0,15,0,0,0}: only rank 6 (b3) holds work; pair 0 gives to b0,
 * pair 1 would pair two empty banks. One greedy, six needy. */
static const irhw_step one_loaded[] = {
    {"counts=0x000f000", "plan_valid=1 donate_valid=0x8 donate_to=0 receive_valid=0x1 "
                         "xfer_valid=0 core_greedy=0"},
};

/* threshold, LANES=4 {9,9,9,0}: greedy 0, 1, 2 give to needy 3 in turn from
 * rr_donor (0, then one past the inter-core donor): donors 0, 2, 1 and
 * inter-core donors 1, 0, 2. */
static const irhw_step rr_donors[] = {
    {"counts=0x0999", "plan_valid=1 donate_valid=0x1 donate_to=0x3 receive_valid=0x8 "
                      "core_greedy=1 xfer_valid=1 xfer_bank=1"},
    {"counts=0x0999", "plan_valid=1 donate_valid=0x4 donate_to=0x30 receive_valid=0x8 "
                      "xfer_valid=1 xfer_bank=0"},
    {"counts=0x0999", "plan_valid=1 donate_valid=0x2 donate_to=0xc receive_valid=0x8 "
                      "xfer_valid=1 xfer_bank=2"},
};

/* threshold, LANES=4 {0,0,0,9}: bank 3 gives to 0, 1, 2 in turn; with
 * nobody needy nothing moves and rr_receiver stays at 3, so the next
 * receiver is bank 0 again (3 itself is not needy). */
static const irhw_step rr_receivers[] = {
    {"counts=0x9000", "plan_valid=1 donate_valid=0x8 donate_to=0x00 receive_valid=0x1 "
                      "xfer_valid=0 core_greedy=0"},
    {"counts=0x9000", "plan_valid=1 donate_valid=0x8 donate_to=0x40 receive_valid=0x2"},
    {"counts=0x9000", "plan_valid=1 donate_valid=0x8 donate_to=0x80 receive_valid=0x4"},
    {"counts=0x5555", "plan_valid=1 donate_valid=0 receive_valid=0 xfer_valid=0 core_greedy=0"},
    {"counts=0x9000", "plan_valid=1 donate_valid=0x8 donate_to=0x00 receive_valid=0x1"},
};

/* LANES=4 PIPELINE=1: the best 4-sorter has 3 layers, so 3 register stages.
 * Samples at rows 1, 4, 7 (INTERVAL=3); each plan leaves 3 cycles later,
 * while core_empty/core_greedy follow the live counts and the plan outputs
 * stay zero in between. */
static const irhw_step latency[] = {
    {"counts=0x1390", "plan_valid=0 donate_valid=0 core_greedy=0"},
    {"counts=0x0999", "plan_valid=0 donate_valid=0 donate_to=0 receive_valid=0 xfer_valid=0 "
                      "xfer_bank=0 core_greedy=1"},
    {"counts=0x0000", "plan_valid=0 donate_valid=0 xfer_valid=0 core_empty=1"},
    {"counts=0x0099", "plan_valid=1 donate_valid=0x6 donate_to=0x30 receive_valid=0x9 "
                      "xfer_valid=0 core_empty=0 core_greedy=0"},
    {"x2 counts=0x0999", "plan_valid=0 donate_valid=0 receive_valid=0 xfer_valid=0 xfer_bank=0"},
    {"counts=0x0999", "plan_valid=1 donate_valid=0x3 donate_to=0xb receive_valid=0xc "
                      "xfer_valid=0 core_greedy=1"},
};

/* LANES=8 PIPELINE=1 (6 layers, 6 stages) INTERVAL=3, {0,20,0,20,...}: the
 * sample of row 1 would leave at row 7; a reset in row 3 cancels it. The
 * cycle after the reset samples again (row 4); that plan leaves at row 10:
 * b7 -> b0, b5 -> b2, b3 -> b4, b1 -> b6 (2 << 15 | 4 << 9 | 6 << 3). */
static const irhw_step reset_in_flight[] = {
    {"x2 counts=0x14001400_14001400", "plan_valid=0"},
    {"rst=1 counts=0x14001400_14001400", "plan_valid=0"},
    {"x6 counts=0x14001400_14001400", "plan_valid=0 donate_valid=0 xfer_valid=0"},
    {"counts=0x14001400_14001400", "plan_valid=1 donate_valid=0xaa donate_to=0x10830 "
                                   "receive_valid=0x55 xfer_valid=0 core_greedy=0"},
};

/* INTERVAL=10 without pipeline: the plan is combinational in the sampling
 * cycle only; the status is live every cycle. */
static const irhw_step between_intervals[] = {
    {"counts=0x0000", "plan_valid=1 donate_valid=0 xfer_valid=0 core_empty=1 core_greedy=0"},
    {"counts=0x0999", "plan_valid=0 donate_valid=0 donate_to=0 receive_valid=0 xfer_valid=0 "
                      "xfer_bank=0 core_empty=0 core_greedy=1"},
    {"x8 counts=0x1390", "plan_valid=0 donate_valid=0 receive_valid=0 core_greedy=0"},
    {"counts=0x1390", "plan_valid=1 donate_valid=0x6 donate_to=0x30 receive_valid=0x9"},
};

static const irhw_scenario wru_scenarios[] = {
    {"lsorting_pairs_the_most_loaded_with_the_least_while_the_receiver_is_needy",
     "LANES=4 COUNT_BITS=4 INTERVAL=1", IRHW_STEPS(lsorting_pairs)},
    {"a_donor_needs_at_least_two_more_than_its_receiver", "LANES=2 COUNT_BITS=4 INTERVAL=1",
     IRHW_STEPS(two_more)},
    {"equal_counts_move_nothing", "LANES=8 COUNT_BITS=4 INTERVAL=1", IRHW_STEPS(equal_counts)},
    {"with_every_bank_needy_the_fuller_half_gives_to_the_emptier_half",
     "LANES=8 COUNT_BITS=4 INTERVAL=1", IRHW_STEPS(all_needy)},
    {"equal_counts_rank_the_lower_bank_first", "LANES=4 COUNT_BITS=4 INTERVAL=1",
     IRHW_STEPS(ties)},
    {"intercore_donor_is_the_highest_ranked_bank_not_donating_in_the_core",
     "LANES=4 COUNT_BITS=4 INTERVAL=1", IRHW_STEPS(intercore)},
    {"one_loaded_bank_feeds_one_bank_per_interval", "LANES=7 COUNT_BITS=4 INTERVAL=1",
     IRHW_STEPS(one_loaded)},
    {"threshold_donors_take_turns_round_robin", "LANES=4 COUNT_BITS=4 SCHEME=threshold INTERVAL=1",
     IRHW_STEPS(rr_donors)},
    {"threshold_receivers_take_turns_and_idle_pointers_stay",
     "LANES=4 COUNT_BITS=4 SCHEME=threshold INTERVAL=1", IRHW_STEPS(rr_receivers)},
    {"a_plan_leaves_latency_cycles_after_each_interval_sample",
     "LANES=4 COUNT_BITS=4 PIPELINE=1 INTERVAL=3", IRHW_STEPS(latency)},
    {"reset_cancels_decisions_in_flight", "LANES=8 COUNT_BITS=8 PIPELINE=1 INTERVAL=3",
     IRHW_STEPS(reset_in_flight)},
    {"status_is_live_and_plan_outputs_are_zero_between_intervals",
     "LANES=4 COUNT_BITS=4 INTERVAL=10", IRHW_STEPS(between_intervals)},
};

/* ---- parameters ---------------------------------------------------------------------- */

static void expect_rejected(const char *params, const char *needle)
{
    irhw_inst x;
    char err[IRHW_ERRLEN] = "";
    ck_assert_msg(inst_parse(&x, params, err, sizeof err) != 0, "%s accepted", params);
    ck_assert_msg(strstr(err, needle) != NULL, "%s: message '%s' lacks '%s'", params, err, needle);
}

START_TEST(bad_parameters_are_rejected_naming_parameter_and_range)
{
    expect_rejected("COUNT_BITS=6 THRESHOLD=64", "THRESHOLD=64 does not fit COUNT_BITS=6: "
                                                 "THRESHOLD must be 0..63");
    expect_rejected("COUNT_BITS=1 THRESHOLD=2", "THRESHOLD must be 0..1");
    expect_rejected("LANES=16 PIPELINE=11", "PIPELINE must be 0..10");
    expect_rejected("LANES=16 NETWORK=bestdepth PIPELINE=10", "PIPELINE must be 0..9");
    expect_rejected("SCHEME=threshold PIPELINE=1", "PIPELINE=1 needs SCHEME=lsorting");
    expect_rejected("LANES=1", "LANES must be 2..64");
    expect_rejected("LANES=65", "LANES must be 2..64");
    expect_rejected("COUNT_BITS=17", "COUNT_BITS must be 1..16");
    expect_rejected("INTERVAL=0", "INTERVAL must be 1..65535");
    expect_rejected("NETWORK=quick", "NETWORK must be one of bitonic|oddeven|best|bestdepth");
    expect_rejected("SCHEME=gsorting", "SCHEME must be one of lsorting|threshold");
    /* THRESHOLD not set follows a narrow COUNT_BITS; set, it is checked */
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_wru, "COUNT_BITS=2");
    ck_assert_uint_eq(wru_g(&x)->threshold, 3);
    ck_assert_str_eq(x.module, "wru_l16_c2_t3_i10_lsorting_best_p0");
    irhw_inst_free(&x);
    irhw_check_inst(&x, &irhw_block_wru, "COUNT_BITS=3");
    ck_assert_uint_eq(wru_g(&x)->threshold, 5); /* the paper's value when it fits */
    irhw_inst_free(&x);
    expect_rejected("COUNT_BITS=2 THRESHOLD=5", "THRESHOLD=5 does not fit COUNT_BITS=2");
}
END_TEST

/* ---- generator, drawing, area ----------------------------------------------------------- */

START_TEST(generated_verilog_is_deterministic_and_states_its_figures)
{
    irhw_inst x;
    char err[IRHW_ERRLEN];
    const irhw_block *b = &irhw_block_wru;
    irhw_check_inst(&x, b, "LANES=16 PIPELINE=3");
    char *v1 = irhw_generate(&x, err, sizeof err), *v2 = irhw_generate(&x, err, sizeof err);
    ck_assert_ptr_nonnull(v1);
    ck_assert_str_eq(v1, v2);
    ck_assert_ptr_nonnull(strstr(v1, "module wru_l16_c6_t5_i10_lsorting_best_p3 ("));
    ck_assert_ptr_nonnull(strstr(v1, "// comparators: 60, layers: 10, pipeline latency: 3 cycles "
                                     "(registers after layer 3, 6, 9)"));
    ck_assert_ptr_nonnull(strstr(v1, "wire cmp_l3_6_8 = layer2[6] > layer2[8];"));
    ck_assert_ptr_nonnull(strstr(v1, "assign layer4[1] = cmp_l4_1_3 ? layer3_q[3] : layer3_q[1];"));
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    b->gen_summary(&x, f);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(s, "comparators: 60, layers: 10, pipeline latency: 3 cycles"));
    free(s);
    irhw_inst_free(&x);
    free(v1);
    free(v2);
}
END_TEST

START_TEST(draw_makes_a_knuth_diagram_with_every_comparator_and_layer)
{
    irhw_inst x;
    char err[IRHW_ERRLEN];
    const irhw_block *b = &irhw_block_wru;
    irhw_check_inst(&x, b, "LANES=16 PIPELINE=5");
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    ck_assert_int_eq(b->draw_svg(&x, f, err, sizeof err), 0);
    fclose(f);
    unsigned cmps = 0, layers = 0, regs = 0;
    for (const char *p = s; (p = strstr(p, "<g><title>layer ")) != NULL; p++)
        cmps++;
    for (const char *p = s; (p = strstr(p, "text-anchor=\"middle\">L")) != NULL; p++)
        layers++;
    for (const char *p = s; (p = strstr(p, ">reg ")) != NULL; p++)
        regs++;
    ck_assert_uint_eq(cmps, 60);
    ck_assert_uint_eq(layers, 10);
    ck_assert_uint_eq(regs, 2);
    ck_assert_ptr_nonnull(strstr(s, "<title>layer 3, comparator (6, 8)</title>"));
    ck_assert_ptr_nonnull(strstr(s, "</svg>"));
    free(s);
    irhw_inst_free(&x);
    irhw_check_inst(&x, b, "SCHEME=threshold");
    f = open_memstream(&s, &len);
    ck_assert_int_ne(b->draw_svg(&x, f, err, sizeof err), 0);
    irhw_inst_free(&x);
    fclose(f);
    free(s);
    ck_assert_ptr_nonnull(strstr(err, "threshold has no sorting network"));
}
END_TEST

START_TEST(area_notes_quote_the_paper_and_state_our_library)
{
    irhw_inst x;
    const irhw_block *b = &irhw_block_wru;
    irhw_check_inst(&x, b, "LANES=16 PIPELINE=5");
    irhw_storage st;
    b->storage(&x, &st);
    /* phase (4 b) + 2 stages x (16 x (6 + 4) + 1) */
    ck_assert_uint_eq(st.storage_bits, 4 + 2 * 161);
    ck_assert_uint_eq(st.nsrams, 0);
    ck_assert_uint_eq(st.nmodules, 0);
    irhw_area_fig r = {.total_um2 = 2000, .library = "test_lib", .node = "45 nm-class (approximate)"};
    irhw_note notes[16];
    int n = b->area_notes(&x, &r, notes, 16);
    int paper = 0, ours = 0, scaled = 0;
    for (int i = 0; i < n; i++) {
        paper |= notes[i].value == 162.0 && strstr(notes[i].text, "paper") &&
                 strstr(notes[i].text, "40 nm");
        ours |= strstr(notes[i].text, "test_lib") && strstr(notes[i].text, "45 nm-class") != NULL;
        scaled |= strcmp(notes[i].key, "ours_um2_at_40nm") == 0;
    }
    ck_assert(paper && ours && scaled);
    ck_assert_int_le(b->area_notes(&x, &r, notes, 2), 2);
    irhw_inst_free(&x);
}
END_TEST

/* ---- stimulus and checker ------------------------------------------------------------------ */

static void run_with_checker(const char *params, uint64_t seed, uint64_t cycles,
                             irhw_stim_mode mode)
{
    unit *u = unit_new(params);
    const irhw_block *b = u->b;
    void *s = b->stim_new(&u->x, seed, cycles, mode);
    void *k = b->check_new(&u->x);
    ck_assert(s && k);
    uint64_t prev[64] = {0};
    char err[IRHW_ERRLEN];
    unsigned plans = 0;
    for (uint64_t t = 0; t < cycles; t++) {
        memset(u->in, 0, sizeof u->in);
        b->stim_next(s, t, prev, u->in);
        if (t < 2)
            irhw_set(u->in, u->ps, WRU_RST, 1);
        b->model_eval(u->m, u->in, u->out);
        ck_assert_msg(b->check_cycle(k, t, u->in, u->out, err, sizeof err) == 0, "%s seed %llu: %s",
                      params, (unsigned long long)seed, err);
        plans += (unsigned)o(u, WRU_PLAN_VALID);
        b->model_tick(u->m, u->in);
        memcpy(prev, u->out, sizeof prev);
    }
    ck_assert_int_eq(b->check_end(k, err, sizeof err), 0);
    ck_assert_msg(plans > 0, "%s: no plan in %llu cycles", params, (unsigned long long)cycles);
    b->check_free(k);
    b->stim_free(s);
    unit_free(u);
}

START_TEST(model_passes_the_checker_on_long_mixed_runs)
{
    static const char *cfgs[] = {"LANES=2",
                                 "LANES=3 NETWORK=bitonic PIPELINE=3 INTERVAL=1",
                                 "LANES=7 NETWORK=oddeven PIPELINE=2",
                                 "LANES=8 NETWORK=bestdepth INTERVAL=3",
                                 "LANES=16 PIPELINE=1",
                                 "LANES=32 NETWORK=best PIPELINE=5 INTERVAL=2",
                                 "LANES=7 SCHEME=threshold",
                                 "LANES=32 SCHEME=threshold INTERVAL=1",
                                 "LANES=5 COUNT_BITS=2 THRESHOLD=1",
                                 "LANES=6 THRESHOLD=0 SCHEME=threshold",
                                 "LANES=9 COUNT_BITS=4 THRESHOLD=15"};
    uint64_t seed = (uint64_t)time(NULL);
    for (unsigned i = 0; i < sizeof cfgs / sizeof *cfgs; i++)
        run_with_checker(cfgs[i], seed + i, 6000, i % 3 == 0 ? IRHW_STIM_RANDOM : IRHW_STIM_MIXED);
    run_with_checker("LANES=16", seed, 2000, IRHW_STIM_DIRECTED);
}
END_TEST

START_TEST(checker_catches_a_wrong_plan_and_a_missing_plan)
{
    unit *u = unit_new("LANES=4 INTERVAL=1");
    void *k = u->b->check_new(&u->x);
    char err[IRHW_ERRLEN];
    const unsigned c[4] = {0, 9, 3, 1};
    for (uint64_t t = 0; t < 3; t++) {
        memset(u->in, 0, sizeof u->in);
        irhw_set(u->in, u->ps, WRU_RST, t < 2);
        uint64_t *cv = irhw_wide(u->in, u->ps, WRU_COUNTS);
        for (unsigned b = 0; b < 4; b++)
            irhw_bits_set(cv, b * u->cb, u->cb, c[b]);
        u->b->model_eval(u->m, u->in, u->out);
        if (t == 2) {
            /* b2 -> b3 redirected to b0 (which already receives from b1) */
            irhw_bits_set(irhw_wide(u->out, u->ps, WRU_DONATE_TO), 2 * u->tb, u->tb, 0);
            ck_assert_int_ne(u->b->check_cycle(k, t, u->in, u->out, err, sizeof err), 0);
            ck_assert_ptr_nonnull(strstr(err, "cycle 2"));
        } else {
            ck_assert_int_eq(u->b->check_cycle(k, t, u->in, u->out, err, sizeof err), 0);
        }
        u->b->model_tick(u->m, u->in);
    }
    /* a plan with its transfers missing */
    memset(u->out, 0, sizeof u->out);
    irhw_set(u->out, u->ps, WRU_PLAN_VALID, 1);
    ck_assert_int_ne(u->b->check_cycle(k, 3, u->in, u->out, err, sizeof err), 0);
    u->b->check_free(k);
    unit_free(u);
}
END_TEST

/* ---- timing contract beyond the defaults (tests/unit/test_contract.c covers them) ------------ */

/* Pipelined, the plan is registered; the threshold scheme's plan follows
 * counts and rst like PIPELINE=0; a non-power-of-two pipelined unit. */
static const char *const timing_cfgs[] = {"LANES=8 PIPELINE=2", "LANES=5 SCHEME=threshold",
                                          "LANES=6 NETWORK=bitonic PIPELINE=1 INTERVAL=1"};

START_TEST(the_timing_contract_holds_for_pipelined_and_threshold_units)
{
    irhw_check_timing_contract(&irhw_block_wru, timing_cfgs[_i]);
}
END_TEST

/* ---- lint --------------------------------------------------------------------------------- */


START_TEST(generated_rtl_is_lint_clean_under_verilator_icarus_and_yosys)
{
    static const char *cfgs[] = {"LANES=2 INTERVAL=1",
                                 "LANES=3 NETWORK=bitonic PIPELINE=1 INTERVAL=1",
                                 "LANES=3 SCHEME=threshold THRESHOLD=0", "LANES=16 PIPELINE=5",
                                 "LANES=12 NETWORK=bestdepth COUNT_BITS=1 THRESHOLD=1 INTERVAL=2"};
    for (unsigned i = 0; i < sizeof cfgs / sizeof *cfgs; i++) {
        irhw_inst x;
        char msg[512];
        irhw_check_inst(&x, &irhw_block_wru, cfgs[i]);
        /* full synthesis on the small ones only (seconds each above) */
        int rc = irhw_lint(&x, i < 3, msg, sizeof msg);
        irhw_inst_free(&x);
        if (rc == 1) {
            printf("SKIP: generated_rtl_is_lint_clean: %s\n", msg);
            return;
        }
        ck_assert_msg(rc == 0, "%s: %s", cfgs[i], msg);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("wru");
    TCase *t = tcase_create("wru");
    tcase_set_timeout(t, 300);
    tcase_add_test(t, ranking_matches_a_plain_sort_for_every_network_and_size);
    tcase_add_test(t, live_status_and_decode_match_a_bank_by_bank_reading);
    tcase_add_test(t, model_plans_match_a_plain_sort_for_every_network_and_pipeline);
    tcase_add_test(t, model_evaluates_the_comparator_list_the_generator_emits);
    tcase_add_test(t, geometry_holds_every_derived_size_and_survives_a_copy);
    tcase_add_test(t, every_network_fits_the_geometry_at_the_largest_lanes);
    tcase_add_test(t, bad_parameters_are_rejected_naming_parameter_and_range);
    tcase_add_test(t, generated_verilog_is_deterministic_and_states_its_figures);
    tcase_add_test(t, draw_makes_a_knuth_diagram_with_every_comparator_and_layer);
    tcase_add_test(t, area_notes_quote_the_paper_and_state_our_library);
    tcase_add_test(t, model_passes_the_checker_on_long_mixed_runs);
    tcase_add_test(t, checker_catches_a_wrong_plan_and_a_missing_plan);
    tcase_add_test(t, generated_rtl_is_lint_clean_under_verilator_icarus_and_yosys);
    suite_add_tcase(s, t);
    TCase *tt = tcase_create("timing");
    tcase_set_timeout(tt, 900); /* cold Verilator builds */
    tcase_add_loop_test(tt, the_timing_contract_holds_for_pipelined_and_threshold_units, 0,
                        (int)(sizeof timing_cfgs / sizeof *timing_cfgs));
    suite_add_tcase(s, tt);
    irhw_check_scenarios(s, &irhw_block_wru, wru_scenarios,
                         sizeof wru_scenarios / sizeof *wru_scenarios);
    return irhw_check_run(s);
}
