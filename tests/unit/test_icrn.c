/*
 * Unit tests of the inter-core redistribution network (model/icrn.c, its
 * generator gen/icrn.c, its stimulus and checker tb/icrn_stim.c): hop
 * latency per tree level, round-robin donation to needy cores and never back
 * to the sender, IDs waiting at the root without blocking others, the greedy
 * bits of the decision cycle, backpressure, the throughput of depth-1
 * buffers, all_done, reset, conservation over long random runs, the checker
 * catching faults, parameters, storage bits, drawing and generated Verilog.
 */
#include <check.h>

#include "check_main.h"
#include "scenario_check.h"
#include "lint_helper.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "icrn.h"

#ifndef IRHW_ROOT
#define IRHW_ROOT "." /* the Makefile passes the project folder */
#endif

/* ---- a network under test ------------------------------------------------ */

typedef struct {
    uint64_t inj, ready, empty, greedy, rst;
    uint64_t id[ICRN_MAX_CORES];
} drive;

typedef struct {
    uint64_t cycle;
    unsigned core, src;
    uint64_t id;
} delivery;

typedef struct {
    const irhw_block *b;
    irhw_inst x;
    irhw_ports ps;
    icrn_geom g;
    void *m;
    uint64_t *in, *out;
    uint64_t cycle, accepted;
    delivery dl[4096];
    unsigned ndl;
} net;

/* An instance of CORES/RADIX/ID_BITS/BUF_DEPTH (fails the test when rejected). */
static void inst_of(irhw_inst *x, unsigned cores, unsigned radix, unsigned id_bits, unsigned depth)
{
    char params[128];
    snprintf(params, sizeof params, "CORES=%u RADIX=%u ID_BITS=%u BUF_DEPTH=%u", cores, radix,
             id_bits, depth);
    irhw_check_inst(x, &irhw_block_icrn, params);
}

static net *net_new(unsigned cores, unsigned radix, unsigned id_bits, unsigned depth)
{
    net *n = calloc(1, sizeof *n);
    n->b = &irhw_block_icrn;
    ck_assert_ptr_nonnull(n->b);
    inst_of(&n->x, cores, radix, id_bits, depth);
    n->ps = n->x.ps;
    n->g = *icrn_g(&n->x);
    char err[256];
    n->m = irhw_model_create(&n->x, err, sizeof err);
    ck_assert_msg(n->m != NULL, "%s", err);
    n->in = calloc(n->ps.in_words + 1, sizeof *n->in);
    n->out = calloc(n->ps.out_words + 1, sizeof *n->out);
    return n;
}

static void net_free(net *n)
{
    n->b->model_free(n->m);
    irhw_inst_free(&n->x);
    free(n->in);
    free(n->out);
    free(n);
}

static uint64_t o(const net *n, unsigned port)
{
    return irhw_get(n->out, &n->ps, port);
}

static void load(net *n, const drive *d)
{
    memset(n->in, 0, n->ps.in_words * sizeof *n->in);
    irhw_set(n->in, &n->ps, IC_RST, d->rst);
    irhw_set(n->in, &n->ps, IC_INJ_VALID, d->inj);
    irhw_set(n->in, &n->ps, IC_DLV_READY, d->ready);
    irhw_set(n->in, &n->ps, IC_CORE_EMPTY, d->empty);
    irhw_set(n->in, &n->ps, IC_CORE_GREEDY, d->greedy);
    for (unsigned i = 0; i < n->g.cores; i++)
        irhw_bits_set(irhw_wide(n->in, &n->ps, IC_INJ_ID), i * n->g.id_bits, n->g.id_bits,
                      d->id[i]);
    n->b->model_eval(n->m, n->in, n->out);
}

/* One cycle: evaluate (outputs stay in n->out), record deliveries, clock. */
static void step(net *n, const drive *d)
{
    load(n, d);
    uint64_t v = o(n, IC_DLV_VALID) & d->ready;
    for (unsigned i = 0; i < n->g.cores; i++)
        if (v >> i & 1 && n->ndl < 4096)
            n->dl[n->ndl++] =
                (delivery){n->cycle, i,
                           (unsigned)irhw_bits_get(irhw_cwide(n->out, &n->ps, IC_DLV_SRC),
                                                   i * n->g.core_bits, n->g.core_bits),
                           irhw_bits_get(irhw_cwide(n->out, &n->ps, IC_DLV_ID), i * n->g.id_bits,
                                         n->g.id_bits)};
    n->accepted += (uint64_t)__builtin_popcountll(d->inj & o(n, IC_INJ_READY));
    n->b->model_tick(n->m, n->in);
    n->cycle++;
}

static uint64_t all(const net *n)
{
    return irhw_mask(n->g.cores);
}

static void reset(net *n)
{
    drive d = {.rst = 1};
    step(n, &d);
    step(n, &d);
    n->ndl = 0;
    n->accepted = 0;
}

/* Idle cycles: every delivery port ready, nobody greedy. */
static void idle(net *n, unsigned cycles)
{
    drive d = {.ready = all(n), .empty = all(n)};
    while (cycles--)
        step(n, &d);
}

/* ---- latency and routing --------------------------------------------------- */

static void check_latency(unsigned cores, unsigned radix, unsigned expect)
{
    net *n = net_new(cores, radix, 24, 2);
    reset(n);
    drive d = {.inj = 1, .ready = all(n), .greedy = 1};
    d.id[0] = 0xabcde;
    uint64_t t0 = n->cycle;
    step(n, &d);
    d.inj = 0;
    while (n->ndl == 0 && n->cycle < t0 + 100)
        step(n, &d);
    ck_assert_uint_eq(n->ndl, 1);
    ck_assert_msg(n->dl[0].cycle - t0 == expect, "%u cores radix %u: latency %" PRIu64 ", want %u",
                  cores, radix, n->dl[0].cycle - t0, expect);
    ck_assert_uint_eq(n->dl[0].id, 0xabcde);
    ck_assert_uint_eq(n->dl[0].src, 0);
    ck_assert_uint_ne(n->dl[0].core, 0);
    net_free(n);
}

/* ---- directed scenarios: C model and Verilated RTL ------------------------------ */

/* CORES=4: per-core fields, core c at bits [c*24 +: 24] of inj_id and dlv_id
 * and [c*2 +: 2] of dlv_src. Core 0 is greedy and donates. */
#define QUIET "dlv_ready=0xf core_greedy=0x1"
static const irhw_step one_hop_each_way[] = {
    {"inj_valid=0x1 inj_id=0x64 " QUIET, "inj_ready=0xf dlv_valid=0 all_done=0"},
    {QUIET, "dlv_valid=0"},                               /* at the root */
    {QUIET, "dlv_valid=0x2 dlv_id=0x64000000 dlv_src=0"}, /* core 1: first needy */
    {QUIET " core_empty=0xf", "dlv_valid=0 all_done=1"},  /* nothing in flight */
};

static const irhw_step done_waits_for_an_offer_and_the_network[] = {
    {"core_empty=0xf " QUIET, "all_done=1"},
    {"core_empty=0xf inj_valid=0x1 inj_id=0x7 " QUIET, "all_done=0"}, /* an offer */
    {"core_empty=0xf " QUIET, "all_done=0"},                          /* in a buffer */
    {"core_empty=0xf " QUIET, "all_done=0 dlv_valid=0x2"},            /* delivered now */
    {"core_empty=0xf " QUIET, "all_done=1"},
};

static const irhw_scenario icrn_scenarios[] = {
    {"a_donation_takes_two_hops_to_the_first_needy_core", "", IRHW_STEPS(one_hop_each_way)},
    {"all_done_waits_for_an_offer_and_for_the_network_to_drain", "",
     IRHW_STEPS(done_waits_for_an_offer_and_the_network)},
};

START_TEST(a_work_id_crosses_a_one_level_tree_in_two_cycles)
{
    check_latency(4, 4, 2);
    check_latency(2, 2, 2);
    check_latency(16, 16, 2);
    check_latency(2, 16, 2); /* RADIX > CORES: still one hub */
}
END_TEST

START_TEST(deeper_trees_take_two_hops_per_level)
{
    check_latency(16, 4, 4);
    check_latency(3, 2, 4);
    check_latency(17, 16, 4);
    check_latency(64, 4, 6);
    check_latency(64, 2, 12);
}
END_TEST

START_TEST(donations_go_round_robin_to_needy_cores_never_back_to_the_sender)
{
    net *n = net_new(4, 4, 24, 2);
    reset(n);
    drive d = {.inj = 1, .ready = all(n), .greedy = 1};
    for (unsigned k = 0; k < 6; k++) {
        d.id[0] = 100 + k;
        step(n, &d);
    }
    d.inj = 0;
    idle(n, 10);
    ck_assert_uint_eq(n->ndl, 6);
    static const unsigned want[] = {1, 2, 3, 1, 2, 3};
    for (unsigned k = 0; k < 6; k++) {
        ck_assert_uint_eq(n->dl[k].core, want[k]);
        ck_assert_uint_eq(n->dl[k].id, 100 + k);
        ck_assert_uint_eq(n->dl[k].src, 0);
    }
    net_free(n);
}
END_TEST

START_TEST(greedy_cores_receive_nothing)
{
    net *n = net_new(4, 4, 24, 2);
    reset(n);
    drive d = {.inj = 1, .ready = all(n), .greedy = 1 | 4};
    for (unsigned k = 0; k < 4; k++) {
        d.id[0] = k;
        step(n, &d);
    }
    d.inj = 0;
    for (unsigned k = 0; k < 10; k++)
        step(n, &d);
    ck_assert_uint_eq(n->ndl, 4);
    for (unsigned k = 0; k < 4; k++)
        ck_assert_uint_eq(n->dl[k].core, k % 2 ? 3 : 1);
    net_free(n);
}
END_TEST

START_TEST(an_id_without_a_needy_core_waits_at_the_root_without_blocking_others)
{
    net *n = net_new(4, 4, 24, 2);
    reset(n);
    /* only core 1 is needy, and it donates X: X has nowhere to go */
    drive d = {.inj = 2 | 1, .ready = all(n), .greedy = all(n) & ~2u};
    d.id[1] = 0x111; /* X */
    d.id[0] = 0x222; /* Y, from core 0: goes to core 1 */
    step(n, &d);
    d.inj = 0;
    for (unsigned k = 0; k < 20; k++)
        step(n, &d);
    ck_assert_uint_eq(n->ndl, 1);
    ck_assert_uint_eq(n->dl[0].id, 0x222);
    ck_assert_uint_eq(n->dl[0].core, 1);
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 0); /* X is still in flight */
    d.greedy = all(n) & ~4u;                 /* core 2 turns needy */
    d.empty = all(n);
    for (unsigned k = 0; k < 5; k++)
        step(n, &d);
    ck_assert_uint_eq(n->ndl, 2);
    ck_assert_uint_eq(n->dl[1].id, 0x111);
    ck_assert_uint_eq(n->dl[1].core, 2);
    ck_assert_uint_eq(n->dl[1].src, 1);
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 1);
    net_free(n);
}
END_TEST

START_TEST(the_root_decides_with_this_cycles_greedy_bits_and_the_id_stays_on_its_way)
{
    /* 16 cores, radix 4: injected at t, at the root at t+2, delivered at t+4 */
    net *n = net_new(16, 4, 24, 2);
    reset(n);
    uint64_t only5 = all(n) & ~((uint64_t)1 << 5), only6 = all(n) & ~((uint64_t)1 << 6);
    drive d = {.inj = 1, .ready = all(n), .greedy = only6};
    d.id[0] = 7;
    step(n, &d); /* t */
    d.inj = 0;
    step(n, &d);      /* t+1: core 6 needy, but the ID is not at the root yet */
    d.greedy = only5; /* t+2: the root's decision: core 5 */
    step(n, &d);
    d.greedy = all(n); /* t+3, t+4: everyone greedy; the ID goes on to core 5 */
    step(n, &d);
    step(n, &d);
    ck_assert_uint_eq(n->ndl, 1);
    ck_assert_uint_eq(n->dl[0].core, 5);
    ck_assert_uint_eq(n->dl[0].cycle, n->cycle - 1);
    net_free(n);
}
END_TEST

/* ---- backpressure and throughput ---------------------------------------------- */

START_TEST(closed_delivery_ports_fill_the_network_and_stop_injection)
{
    static const unsigned cfg[][3] = {{4, 4, 2}, {2, 2, 1}, {16, 16, 4}, {16, 4, 1}, {9, 3, 2}};
    for (unsigned t = 0; t < sizeof cfg / sizeof cfg[0]; t++) {
        net *n = net_new(cfg[t][0], cfg[t][1], 16, cfg[t][2]);
        reset(n);
        unsigned cap = 0;
        for (unsigned k = 0; k < n->g.levels; k++)
            cap += 2 * n->g.count[k] * n->g.depth;
        drive d = {.inj = all(n), .ready = 0};
        for (unsigned k = 0; k < 4 * cap + 50; k++) {
            for (unsigned i = 0; i < n->g.cores; i++)
                d.id[i] = n->cycle * 64 + i;
            step(n, &d);
        }
        load(n, &d);
        ck_assert_uint_eq(o(n, IC_INJ_READY), 0);
        ck_assert_uint_eq(n->ndl, 0);
        if (n->g.levels == 1) { /* no head-of-line blocking: every buffer fills */
            ck_assert_uint_eq(o(n, IC_DLV_VALID), all(n));
            ck_assert_uint_eq(n->accepted, cap);
        } else { /* a hub's dn head may wait for a full child while a sibling starves */
            ck_assert_uint_ne(o(n, IC_DLV_VALID), 0);
            ck_assert_uint_le(n->accepted, cap);
        }
        uint64_t acc = n->accepted;
        d.inj = 0;
        d.ready = all(n);
        for (unsigned k = 0; k < 3 * cap + 50; k++)
            step(n, &d);
        ck_assert_uint_eq(n->ndl, acc);
        net_free(n);
    }
}
END_TEST

static unsigned flood(unsigned depth, unsigned cycles)
{
    net *n = net_new(2, 2, 24, depth);
    reset(n);
    drive d = {.inj = 1, .ready = 3, .greedy = 1};
    for (unsigned k = 0; k < cycles; k++) {
        d.id[0] = k;
        step(n, &d);
    }
    unsigned got = n->ndl;
    net_free(n);
    return got;
}

START_TEST(buffers_of_depth_one_pass_one_id_every_two_cycles)
{
    ck_assert_uint_eq(flood(1, 100), 49);
    ck_assert_uint_eq(flood(2, 100), 98);
    ck_assert_uint_eq(flood(4, 100), 98);
}
END_TEST

/* ---- termination and reset ------------------------------------------------------ */

START_TEST(all_done_needs_empty_cores_an_empty_network_and_no_offer)
{
    net *n = net_new(4, 4, 24, 2);
    reset(n);
    drive d = {.ready = all(n), .empty = all(n)};
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 1);
    d.empty = all(n) & ~8u;
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 0);
    d.empty = all(n);
    d.inj = 2; /* an offer drops all_done in the same cycle */
    d.id[1] = 9;
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 0);
    step(n, &d);
    d.inj = 0;
    uint64_t low = 0;
    while (n->ndl == 0) {
        load(n, &d);
        low += !o(n, IC_ALL_DONE);
        step(n, &d);
    }
    ck_assert_uint_eq(low, 2); /* in flight for two cycles, the last one being delivered */
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 1);
    net_free(n);
}
END_TEST

START_TEST(reset_flushes_the_network)
{
    net *n = net_new(16, 4, 24, 2);
    reset(n);
    drive d = {.inj = all(n), .ready = 0, .empty = all(n)};
    for (unsigned k = 0; k < 10; k++)
        step(n, &d);
    d.inj = 0;
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 0);
    reset(n);
    d.ready = all(n);
    load(n, &d);
    ck_assert_uint_eq(o(n, IC_ALL_DONE), 1);
    ck_assert_uint_eq(o(n, IC_INJ_READY), all(n));
    ck_assert_uint_eq(o(n, IC_DLV_VALID), 0);
    idle(n, 20);
    ck_assert_uint_eq(n->ndl, 0);
    net_free(n);
}
END_TEST

/* ---- conservation: stimulus + model + checker ----------------------------------- */

static const char *run_checked(const irhw_cfg *c, uint64_t seed, uint64_t cycles,
                               irhw_stim_mode mode, char *err, size_t errlen, uint64_t *delivered)
{
    const irhw_block *b = &irhw_block_icrn;
    irhw_inst x;
    if (irhw_inst_init(&x, b, c, err, errlen)) {
        irhw_inst_free(&x);
        return err;
    }
    const irhw_ports ps = x.ps;
    void *m = irhw_model_create(&x, err, errlen);
    if (!m) {
        irhw_inst_free(&x);
        return err;
    }
    void *s = b->stim_new(&x, seed, cycles, mode);
    void *k = b->check_new(&x);
    uint64_t *in = calloc(ps.in_words + 1, 8), *out = calloc(ps.out_words + 1, 8);
    uint64_t *prev = calloc(ps.out_words + 1, 8);
    const char *bad = NULL;
    *delivered = 0;
    for (uint64_t cy = 0; cy < cycles && !bad; cy++) {
        memset(in, 0, ps.in_words * 8);
        b->stim_next(s, cy, prev, in);
        if (cy < 2)
            in[0] |= 1;
        b->model_eval(m, in, out);
        if (b->check_cycle(k, cy, in, out, err, errlen))
            bad = err;
        if (!irhw_get(in, &ps, IC_RST))
            *delivered += (uint64_t)__builtin_popcountll(irhw_get(out, &ps, IC_DLV_VALID) &
                                                         irhw_get(in, &ps, IC_DLV_READY));
        b->model_tick(m, in);
        memcpy(prev, out, ps.out_words * 8);
    }
    if (!bad && b->check_end(k, err, errlen))
        bad = err;
    if (!bad && !irhw_get(prev, &ps, IC_ALL_DONE))
        bad = "all_done low at the end of the drain";
    b->check_free(k);
    b->stim_free(s);
    b->model_free(m);
    irhw_inst_free(&x);
    free(in);
    free(out);
    free(prev);
    return bad;
}

START_TEST(conservation_holds_over_long_random_runs_on_the_model)
{
    static const unsigned cfg[][4] = {
        {2, 2, 1, 1},   {2, 16, 64, 4}, {3, 2, 24, 1},  {3, 4, 2, 2},   {4, 4, 24, 2},
        {4, 2, 5, 4},   {16, 4, 24, 1}, {16, 2, 64, 2}, {16, 16, 3, 4}, {64, 2, 24, 1},
        {64, 4, 64, 2}, {64, 16, 1, 4}, {17, 16, 9, 2}, {5, 2, 7, 3},   {33, 6, 20, 1},
    };
    const irhw_block *b = &irhw_block_icrn;
    uint64_t seed0 = (uint64_t)_i * 1000 + 17;
    for (unsigned t = 0; t < sizeof cfg / sizeof cfg[0]; t++) {
        irhw_cfg c;
        irhw_cfg_defaults(b, &c);
        c.v[IC_CORES] = cfg[t][0];
        c.v[IC_RADIX] = cfg[t][1];
        c.v[IC_ID_BITS] = cfg[t][2];
        c.v[IC_BUF_DEPTH] = cfg[t][3];
        char err[1024];
        uint64_t seed = seed0 + t, got;
        irhw_stim_mode mode = (irhw_stim_mode)(t % 3);
        const char *bad = run_checked(&c, seed, 30000, mode, err, sizeof err, &got);
        ck_assert_msg(bad == NULL,
                      "CORES=%u RADIX=%u ID_BITS=%u BUF_DEPTH=%u seed %" PRIu64 " mode %d: %s",
                      cfg[t][0], cfg[t][1], cfg[t][2], cfg[t][3], seed, (int)mode, bad);
        ck_assert_msg(got > 1000, "seed %" PRIu64 ": only %" PRIu64 " deliveries", seed, got);
    }
}
END_TEST

/* ---- the checker catches faults --------------------------------------------------- */

typedef struct {
    const irhw_block *b;
    irhw_inst inst;
    irhw_ports ps;
    icrn_geom g;
    void *k;
    uint64_t *in, *out, cycle;
    char err[1024];
} chk;

static chk *chk_new(void)
{
    chk *x = calloc(1, sizeof *x);
    x->b = &irhw_block_icrn;
    irhw_check_inst(&x->inst, x->b, ""); /* 4 cores, 24-bit IDs */
    x->ps = x->inst.ps;
    x->g = *icrn_g(&x->inst);
    x->k = x->b->check_new(&x->inst);
    x->in = calloc(x->ps.in_words + 1, 8);
    x->out = calloc(x->ps.out_words + 1, 8);
    return x;
}

static void chk_free(chk *x)
{
    x->b->check_free(x->k);
    irhw_inst_free(&x->inst);
    free(x->in);
    free(x->out);
    free(x);
}

/* One cycle seen by the checker: core `inj` offers (and the network accepts)
 * id; core `dlv` receives id from src; the rest idle, all cores empty. */
static int chk_cycle(chk *x, int inj, int dlv, unsigned src, uint64_t id, int done)
{
    memset(x->in, 0, x->ps.in_words * 8);
    memset(x->out, 0, x->ps.out_words * 8);
    irhw_set(x->in, &x->ps, IC_CORE_EMPTY, 15);
    irhw_set(x->in, &x->ps, IC_DLV_READY, 15);
    irhw_set(x->out, &x->ps, IC_INJ_READY, 15);
    if (inj >= 0) {
        irhw_set(x->in, &x->ps, IC_INJ_VALID, (uint64_t)1 << inj);
        irhw_bits_set(irhw_wide(x->in, &x->ps, IC_INJ_ID), (unsigned)inj * 24, 24, id);
    }
    if (dlv >= 0) {
        irhw_set(x->out, &x->ps, IC_DLV_VALID, (uint64_t)1 << dlv);
        irhw_bits_set(irhw_wide(x->out, &x->ps, IC_DLV_ID), (unsigned)dlv * 24, 24, id);
        irhw_bits_set(irhw_wide(x->out, &x->ps, IC_DLV_SRC), (unsigned)dlv * 2, 2, src);
    }
    irhw_set(x->out, &x->ps, IC_ALL_DONE, (uint64_t)done);
    return x->b->check_cycle(x->k, x->cycle++, x->in, x->out, x->err, sizeof x->err);
}

START_TEST(the_checker_catches_lost_duplicated_invented_and_returned_ids)
{
    chk *x = chk_new();
    ck_assert_int_eq(chk_cycle(x, -1, -1, 0, 0, 1), 0);
    ck_assert_int_eq(chk_cycle(x, 0, -1, 0, 5, 0), 0);
    ck_assert_int_eq(x->b->check_end(x->k, x->err, sizeof x->err), -1); /* lost */
    ck_assert_ptr_nonnull(strstr(x->err, "never delivered"));
    ck_assert_int_eq(chk_cycle(x, -1, 1, 0, 5, 0), 0);
    ck_assert_int_eq(x->b->check_end(x->k, x->err, sizeof x->err), 0);
    ck_assert_int_eq(chk_cycle(x, -1, 2, 0, 5, 1), -1); /* delivered twice */
    ck_assert_ptr_nonnull(strstr(x->err, "not in flight"));
    chk_free(x);

    x = chk_new();
    ck_assert_int_eq(chk_cycle(x, -1, 3, 1, 6, 1), -1); /* never injected */
    chk_free(x);

    x = chk_new();
    ck_assert_int_eq(chk_cycle(x, 2, -1, 0, 7, 0), 0);
    ck_assert_int_eq(chk_cycle(x, -1, 2, 2, 7, 0), -1); /* back to its sender */
    ck_assert_ptr_nonnull(strstr(x->err, "back to its sender"));
    chk_free(x);

    x = chk_new();
    ck_assert_int_eq(chk_cycle(x, 2, -1, 0, 7, 0), 0);
    ck_assert_int_eq(chk_cycle(x, -1, -1, 0, 0, 1), -1); /* all_done with one in flight */
    ck_assert_ptr_nonnull(strstr(x->err, "in flight"));
    chk_free(x);

    x = chk_new();
    ck_assert_int_eq(chk_cycle(x, -1, -1, 0, 0, 0), -1); /* all_done missing */
    chk_free(x);
}
END_TEST

START_TEST(the_checker_counts_repeated_ids_as_a_multiset)
{
    chk *x = chk_new();
    ck_assert_int_eq(chk_cycle(x, 0, -1, 0, 1, 0), 0);
    ck_assert_int_eq(chk_cycle(x, 0, -1, 0, 1, 0), 0);
    ck_assert_int_eq(chk_cycle(x, -1, 3, 0, 1, 0), 0);
    ck_assert_int_eq(chk_cycle(x, -1, 2, 0, 1, 0), 0);
    ck_assert_int_eq(chk_cycle(x, -1, 1, 0, 1, 1), -1); /* a third copy */
    chk_free(x);
}
END_TEST

/* ---- parameters, storage, drawing, Verilog ------------------------------------------ */

START_TEST(parameters_out_of_range_are_rejected_and_radix_above_cores_is_legal)
{
    const irhw_block *b = &irhw_block_icrn;
    irhw_cfg c;
    char err[256];
    irhw_cfg_defaults(b, &c);
    static const char *const bad[][2] = {
        {"CORES=1", "2..64"},     {"CORES=65", "2..64"},    {"RADIX=1", "2..16"},
        {"RADIX=17", "2..16"},    {"ID_BITS=0", "1..64"},   {"ID_BITS=65", "1..64"},
        {"BUF_DEPTH=0", "1..64"}, {"BUF_DEPTH=x", "1..64"},
    };
    for (unsigned t = 0; t < sizeof bad / sizeof bad[0]; t++) {
        ck_assert_int_eq(irhw_cfg_set(b, &c, bad[t][0], err, sizeof err), -1);
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(strchr(bad[t][0], '=') - bad[t][0]), bad[t][0]);
        ck_assert_msg(strstr(err, name) && strstr(err, bad[t][1]), "%s: %s", bad[t][0], err);
    }
    irhw_inst x;
    c.v[IC_BUF_DEPTH] = 0; /* set behind the parser's back: the instance rejects it too */
    ck_assert_int_eq(irhw_inst_init(&x, b, &c, err, sizeof err), -1);
    irhw_inst_free(&x);
    ck_assert_ptr_nonnull(strstr(err, "BUF_DEPTH"));
    inst_of(&x, 3, 16, 24, 2); /* RADIX above CORES: one hub */
    void *m = irhw_model_create(&x, err, sizeof err);
    ck_assert_ptr_nonnull(m);
    b->model_free(m);
    irhw_inst_free(&x);
}
END_TEST

static uint64_t bits_of(unsigned cores, unsigned radix, unsigned id_bits, unsigned depth)
{
    irhw_inst x;
    inst_of(&x, cores, radix, id_bits, depth);
    irhw_storage st;
    irhw_block_icrn.storage(&x, &st);
    irhw_inst_free(&x);
    return st.storage_bits;
}

START_TEST(storage_counts_every_buffer_bit)
{
    /* 4 cores: up 24 b + down 24+2 b, two entries each: 4 x 2 x 50 */
    ck_assert_uint_eq(bits_of(4, 4, 24, 2), 400);
    /* 16 cores radix 4: cores 2 x (24 + 28); 4 hubs 2 x (28 + 32) */
    ck_assert_uint_eq(bits_of(16, 4, 24, 2), 16 * 2 * 52 + 4 * 2 * 60);
    /* 3 cores radix 2: hub h1_1 covers core 2 alone and stores no src/dst */
    ck_assert_uint_eq(bits_of(3, 2, 8, 1), 3 * (8 + 10) + (10 + 12) + (8 + 10));
}
END_TEST

static char *capture_svg(unsigned cores, unsigned radix)
{
    irhw_inst x;
    inst_of(&x, cores, radix, 24, 2);
    char *buf = NULL, err[128];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(irhw_block_icrn.draw_svg(&x, f, err, sizeof err), 0);
    fclose(f);
    irhw_inst_free(&x);
    return buf;
}

static unsigned count(const char *s, const char *what)
{
    unsigned n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

START_TEST(the_drawing_shows_every_core_hub_and_link)
{
    char *s = capture_svg(16, 4);
    ck_assert_uint_eq(count(s, "<circle"), 16);
    ck_assert_uint_eq(count(s, "<rect x="), 5); /* 4 hubs + the root */
    ck_assert_uint_eq(count(s, "<line"), 20);
    ck_assert_ptr_nonnull(strstr(s, ">root<"));
    free(s);
    s = capture_svg(64, 2);
    ck_assert_uint_eq(count(s, "<circle"), 64);
    ck_assert_uint_eq(count(s, "<rect x="), 63);
    free(s);
}
END_TEST

START_TEST(generated_verilog_is_deterministic_and_names_the_configuration)
{
    irhw_inst x;
    inst_of(&x, 16, 4, 24, 2);
    char err[256];
    char *v1 = irhw_generate(&x, err, sizeof err), *v2 = irhw_generate(&x, err, sizeof err);
    ck_assert_ptr_nonnull(v1);
    ck_assert_str_eq(v1, v2);
    ck_assert_ptr_nonnull(strstr(v1, "module icrn_c16_r4_w24_d2 ("));
    /* one named loop per level over the leaves, not one copy per node */
    ck_assert_ptr_nonnull(strstr(v1, "for (i = 0; i < 16; i = i + 1) begin : g_core"));
    ck_assert_ptr_nonnull(strstr(v1, "for (i = 0; i < 4; i = i + 1) begin : g_l1_hub"));
    ck_assert_ptr_nonnull(strstr(v1, "irhw_icrn_hub #(.N(N)"));
    ck_assert_ptr_nonnull(strstr(v1, "irhw_rr_arbiter #(.N(16)) u_root_dst ("));
    ck_assert_ptr_null(strstr(v1, "module icrn_c16_r4_w24_d2_fifo")); /* the leaf, not a copy */
    ck_assert_ptr_null(strstr(v1, "initial"));
    free(v1);
    free(v2);
    irhw_inst_free(&x);
}
END_TEST

START_TEST(generated_verilog_grows_with_the_levels_not_the_cores)
{
    irhw_inst x, y;
    inst_of(&x, 64, 2, 24, 2); /* 6 levels */
    inst_of(&y, 8, 2, 24, 2);  /* 3 levels */
    char err[256];
    char *v64 = irhw_generate(&x, err, sizeof err), *v8 = irhw_generate(&y, err, sizeof err);
    ck_assert_ptr_nonnull(v64);
    ck_assert_ptr_nonnull(v8);
    ck_assert_uint_lt(irhw_lines_of(v64), 400);
    /* three more levels cost a few dozen lines, not 56 more cores' worth */
    ck_assert_uint_lt(irhw_lines_of(v64) - irhw_lines_of(v8), 120);
    free(v64);
    free(v8);
    irhw_inst_free(&x);
    irhw_inst_free(&y);
}
END_TEST

START_TEST(generated_verilog_of_odd_trees_is_lint_clean)
{
    static const unsigned cfg[][4] = {{3, 2, 1, 1}, {5, 2, 7, 3}, {17, 16, 64, 2}, {33, 6, 20, 5}};
    for (unsigned t = 0; t < sizeof cfg / sizeof cfg[0]; t++) {
        irhw_inst x;
        inst_of(&x, cfg[t][0], cfg[t][1], cfg[t][2], cfg[t][3]);
        char msg[512];
        int rc = irhw_lint(&x, 0, msg, sizeof msg);
        irhw_inst_free(&x);
        if (rc == 1) {
            printf("SKIP: generated_verilog_of_odd_trees_is_lint_clean: %s\n", msg);
            return;
        }
        ck_assert_msg(rc == 0, "%s", msg);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("icrn");
    TCase *t = tcase_create("model");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, a_work_id_crosses_a_one_level_tree_in_two_cycles);
    tcase_add_test(t, deeper_trees_take_two_hops_per_level);
    tcase_add_test(t, donations_go_round_robin_to_needy_cores_never_back_to_the_sender);
    tcase_add_test(t, greedy_cores_receive_nothing);
    tcase_add_test(t, an_id_without_a_needy_core_waits_at_the_root_without_blocking_others);
    tcase_add_test(t, the_root_decides_with_this_cycles_greedy_bits_and_the_id_stays_on_its_way);
    tcase_add_test(t, closed_delivery_ports_fill_the_network_and_stop_injection);
    tcase_add_test(t, buffers_of_depth_one_pass_one_id_every_two_cycles);
    tcase_add_test(t, all_done_needs_empty_cores_an_empty_network_and_no_offer);
    tcase_add_test(t, reset_flushes_the_network);
    tcase_add_loop_test(t, conservation_holds_over_long_random_runs_on_the_model, 0, 2);
    tcase_add_test(t, the_checker_catches_lost_duplicated_invented_and_returned_ids);
    tcase_add_test(t, the_checker_counts_repeated_ids_as_a_multiset);
    tcase_add_test(t, parameters_out_of_range_are_rejected_and_radix_above_cores_is_legal);
    tcase_add_test(t, storage_counts_every_buffer_bit);
    tcase_add_test(t, the_drawing_shows_every_core_hub_and_link);
    tcase_add_test(t, generated_verilog_is_deterministic_and_names_the_configuration);
    tcase_add_test(t, generated_verilog_grows_with_the_levels_not_the_cores);
    tcase_add_test(t, generated_verilog_of_odd_trees_is_lint_clean);
    suite_add_tcase(s, t);
    irhw_check_scenarios(s, &irhw_block_icrn, icrn_scenarios,
                         sizeof icrn_scenarios / sizeof icrn_scenarios[0]);
    return irhw_check_run(s);
}
