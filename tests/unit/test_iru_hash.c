/*
 * Unit tests of the IRU reordering hash (model/iru_hash.c, gen/iru_hash.c,
 * tb/iru_hash_stim.c): the hash, complete entries and backpressure, reply
 * timing, bank conflicts and rotating priority, each filter, timeouts,
 * flush packing, the request FIFO, the conservation checker (and that it
 * catches violations), long random runs that drain to empty, parameter
 * rejection, storage figures, and the generated Verilog (deterministic;
 * lint-clean under Verilator, Icarus and Yosys when installed).
 */
#include <check.h>

#include "check_main.h"
#include "lint_helper.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp32.h"
#include "iru_hash.h"

typedef struct {
    const irhw_block *b;
    irhw_cfg c;
    irhw_inst x;
    irhw_ports ps;
    iru_geom g;
    void *m;
    uint64_t *in, *out;
} unit;

/* The checked instance of the defaults with params applied. */
static void inst_of(irhw_inst *x, const char *const *params)
{
    irhw_cfg c;
    char err[IRHW_ERRLEN];
    irhw_cfg_defaults(&irhw_block_iru_hash, &c);
    for (; params && *params; params++)
        ck_assert_msg(irhw_cfg_set(&irhw_block_iru_hash, &c, *params, err, sizeof err) == 0, "%s",
                      err);
    ck_assert_msg(irhw_inst_init(x, &irhw_block_iru_hash, &c, err, sizeof err) == 0, "%s", err);
}

static void cfg_of(const irhw_block *b, irhw_cfg *c, const char *const *params)
{
    irhw_cfg_defaults(b, c);
    char err[IRHW_ERRLEN];
    for (; params && *params; params++)
        ck_assert_msg(irhw_cfg_set(b, c, *params, err, sizeof err) == 0, "%s", err);
}

static unit *unit_new(const char *const *params)
{
    unit *u = calloc(1, sizeof *u);
    u->b = &irhw_block_iru_hash;
    cfg_of(u->b, &u->c, params);
    inst_of(&u->x, params);
    u->ps = u->x.ps;
    u->g = *iru_g(&u->x);
    char err[IRHW_ERRLEN];
    u->m = irhw_model_create(&u->x, err, sizeof err);
    ck_assert_msg(u->m != NULL, "%s", err);
    u->in = calloc(u->ps.in_words + 1, sizeof *u->in);
    u->out = calloc(u->ps.out_words + 1, sizeof *u->out);
    return u;
}

static void unit_free(unit *u)
{
    u->b->model_free(u->m);
    irhw_inst_free(&u->x);
    free(u->in);
    free(u->out);
    free(u);
}

static void put(unit *u, enum iru_hash_port p, unsigned i, unsigned width, uint64_t x)
{
    ck_assert_int_ge(u->g.port[p], 0);
    irhw_bits_set(irhw_wide(u->in, &u->ps, (unsigned)u->g.port[p]), i * width, width, x);
}

static uint64_t get(const unit *u, enum iru_hash_port p, unsigned i, unsigned width)
{
    ck_assert_int_ge(u->g.port[p], 0);
    return irhw_bits_get(irhw_cwide(u->out, &u->ps, (unsigned)u->g.port[p]), i * width, width);
}

static void clear(unit *u)
{
    memset(u->in, 0, u->ps.in_words * sizeof *u->in);
}

/* Drive an element on a lane (this cycle's inputs). */
static void lane(unit *u, unsigned l, uint64_t idx, uint64_t data, uint64_t pos)
{
    put(u, IHP_INS_VALID, l, 1, 1);
    put(u, IHP_INS_IDX, l, u->g.idx_bits, idx);
    if (u->g.data_bits)
        put(u, IHP_INS_DATA, l, u->g.data_bits, data);
    put(u, IHP_INS_POS, l, u->g.pos_bits, pos);
}

/* Evaluate (u->out = this cycle's outputs), then clock; clears inputs. */
static void step(unit *u)
{
    u->b->model_eval(u->m, u->in, u->out);
    u->b->model_tick(u->m, u->in);
    clear(u);
}

static void reset(unit *u)
{
    for (int i = 0; i < 2; i++) {
        clear(u);
        put(u, IHP_RST, 0, 1, 1);
        step(u);
    }
}

static void req(unit *u)
{
    put(u, IHP_REQ, 0, 1, 1);
}
static void flush(unit *u)
{
    put(u, IHP_FLUSH, 0, 1, 1);
}

static unsigned ready(const unit *u, unsigned l)
{
    return (unsigned)get(u, IHP_INS_READY, l, 1);
}
static unsigned rep_valid(const unit *u)
{
    return (unsigned)get(u, IHP_REP_VALID, 0, 1);
}
static unsigned rep_count(const unit *u)
{
    unsigned n = 0;
    for (unsigned i = 0; i < u->g.slots; i++)
        n += (unsigned)get(u, IHP_REP_SLOT_VALID, i, 1);
    return n;
}
static uint64_t held(const unit *u)
{
    return get(u, IHP_HELD, 0, u->g.held_bits);
}

/* An index of memory block `blk`, offset `off` inside the block. */
static uint64_t idx_of(const unit *u, uint64_t blk, uint64_t off)
{
    return (blk << u->g.shift) | off;
}

/* ---- hash ---------------------------------------------------------------- */

START_TEST(element_lands_in_the_set_of_its_xor_folded_block)
{
    static const char *const p[] = {"SETS=16", "BANKS=2", "LINE_BYTES=128", "ELEM_BYTES=4", NULL};
    unit *u = unit_new(p);
    ck_assert_uint_eq(u->g.shift, 5);
    ck_assert_uint_eq(iru_block_of(&u->g, 0x12345), 0x12345 >> 5);
    /* block 0x91a = chunks a, 1, 9 -> a ^ 1 ^ 9 = 2 */
    ck_assert_uint_eq(iru_set_of(&u->g, 0x12345), 0xa ^ 0x1 ^ 0x9);
    for (uint64_t off = 0; off < 32; off++) /* a whole line: one set */
        ck_assert_uint_eq(iru_set_of(&u->g, idx_of(u, 7, off)), 7);
    ck_assert_uint_eq(iru_set_of(&u->g, idx_of(u, 8, 0)), 8); /* consecutive lines spread */
    unit_free(u);
}
END_TEST

/* ---- complete entries, reply timing, backpressure -------------------------- */

START_TEST(complete_entry_waits_for_a_request_and_replies_in_insert_order)
{
    static const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", "TIMEOUT=0", NULL};
    unit *u = unit_new(p);
    reset(u);
    for (unsigned i = 0; i < 4; i++) {
        lane(u, 0, idx_of(u, 1, i), 100 + i, 10 + i);
        step(u);
        ck_assert_uint_eq(ready(u, 0), 1);
    }
    /* complete: the set accepts nothing until replied */
    lane(u, 0, idx_of(u, 1, 9), 0, 20);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 0);
    ck_assert_uint_eq(rep_valid(u), 0);
    ck_assert_uint_eq(held(u), 4);
    lane(u, 0, idx_of(u, 1, 9), 0, 20);
    req(u); /* counted at the edge */
    step(u);
    ck_assert_uint_eq(rep_valid(u), 0);
    lane(u, 0, idx_of(u, 1, 9), 0, 20);
    step(u); /* action: the entry is read and freed, its bank blocked */
    ck_assert_uint_eq(rep_valid(u), 0);
    ck_assert_uint_eq(ready(u, 0), 0);
    lane(u, 0, idx_of(u, 1, 9), 0, 20);
    step(u); /* output phase: the reply; the bank is still being read */
    ck_assert_uint_eq(rep_valid(u), 1);
    ck_assert_uint_eq(ready(u, 0), 0);
    ck_assert_uint_eq(rep_count(u), 4);
    for (unsigned i = 0; i < 4; i++) {
        ck_assert_uint_eq(get(u, IHP_REP_IDX, i, 24), idx_of(u, 1, i));
        ck_assert_uint_eq(get(u, IHP_REP_DATA, i, 32), 100 + i);
        ck_assert_uint_eq(get(u, IHP_REP_POS, i, 24), 10 + i);
    }
    lane(u, 0, idx_of(u, 1, 9), 0, 20);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 1); /* the freed entry takes it now */
    ck_assert_uint_eq(rep_valid(u), 0);
    step(u);
    ck_assert_uint_eq(held(u), 1);
    unit_free(u);
}
END_TEST

START_TEST(full_entry_blocks_only_its_own_set)
{
    static const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=2", "TIMEOUT=0", NULL};
    unit *u = unit_new(p);
    reset(u);
    lane(u, 0, idx_of(u, 0, 0), 0, 0);
    step(u);
    lane(u, 0, idx_of(u, 0, 1), 0, 1);
    step(u);
    lane(u, 0, idx_of(u, 0, 2), 0, 2); /* set 0 complete */
    step(u);
    ck_assert_uint_eq(ready(u, 0), 0);
    lane(u, 0, idx_of(u, 3, 0), 0, 3); /* set 3 is free */
    step(u);
    ck_assert_uint_eq(ready(u, 0), 1);
    unit_free(u);
}
END_TEST

START_TEST(bank_conflict_grants_one_lane_and_priority_rotates)
{
    static const char *const p[] = {"SETS=4", "BANKS=2", "SLOTS=8", "TIMEOUT=0", NULL};
    unit *u = unit_new(p);
    reset(u);
    /* sets 0 and 2 are both in bank 0 */
    lane(u, 0, idx_of(u, 0, 0), 0, 0);
    lane(u, 1, idx_of(u, 2, 0), 0, 1);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 1); /* lane 0 has rank 0 */
    ck_assert_uint_eq(ready(u, 1), 0);
    lane(u, 0, idx_of(u, 0, 1), 0, 2);
    lane(u, 1, idx_of(u, 2, 0), 0, 1);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 0);
    ck_assert_uint_eq(ready(u, 1), 1); /* priority rotated */
    /* different banks: both go */
    lane(u, 0, idx_of(u, 0, 1), 0, 2);
    lane(u, 1, idx_of(u, 1, 0), 0, 3);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 1);
    ck_assert_uint_eq(ready(u, 1), 1);
    unit_free(u);
}
END_TEST

/* ---- filters ------------------------------------------------------------------ */

/* Insert idx twice (data d0 then d1), return the merge port's outputs. */
static unit *merge_pair(const char *filter, uint64_t d0, uint64_t d1)
{
    char f[32];
    snprintf(f, sizeof f, "FILTER=%s", filter);
    const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", "TIMEOUT=0", f, NULL};
    unit *u = unit_new(p);
    reset(u);
    uint64_t x = idx_of(u, 2, 5);
    lane(u, 0, x, d0, 7);
    step(u);
    lane(u, 0, x, d1, 8);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 1); /* accepted, then merged out */
    lane(u, 0, idx_of(u, 2, 6), 0, 9);
    step(u); /* the merge stage reports; its bank is busy */
    ck_assert_uint_eq(get(u, IHP_MRG_VALID, 0, 1), 1);
    ck_assert_uint_eq(ready(u, 0), 0);
    ck_assert_uint_eq(get(u, IHP_MRG_IDX, 0, 24), x);
    ck_assert_uint_eq(get(u, IHP_MRG_POS, 0, 24), 8);
    ck_assert_uint_eq(get(u, IHP_MRG_KEEP_POS, 0, 24), 7);
    ck_assert_uint_eq(get(u, IHP_MRG_DATA, 0, 32), d1);
    ck_assert_uint_eq(get(u, IHP_MRG_KEEP_OLD, 0, 32), d0);
    ck_assert_uint_eq(held(u), 2);
    step(u);
    ck_assert_uint_eq(get(u, IHP_MRG_VALID, 0, 1), 0);
    ck_assert_uint_eq(held(u), 1);
    return u;
}

/* Flush and read the one reply: data of slot 0. */
static uint64_t flushed_data(unit *u)
{
    for (int t = 0; t < 10; t++) {
        flush(u);
        req(u);
        step(u);
        if (rep_valid(u)) {
            ck_assert_uint_eq(rep_count(u), 1);
            return get(u, IHP_REP_DATA, 0, 32);
        }
    }
    ck_abort_msg("no reply after flush");
    return 0;
}

START_TEST(dedup_drops_a_duplicate_index_and_keeps_the_first)
{
    unit *u = merge_pair("dedup", 5, 3);
    ck_assert_uint_eq(flushed_data(u), 5);
    unit_free(u);
}
END_TEST

START_TEST(min_keeps_the_smaller_unsigned_value)
{
    unit *u = merge_pair("min", 50, 30);
    ck_assert_uint_eq(get(u, IHP_MRG_KEEP_NEW, 0, 32), 0); /* idle port is zero */
    ck_assert_uint_eq(flushed_data(u), 30);
    unit_free(u);
    u = merge_pair("min", 0x80000000u, 0x7fffffffu);
    ck_assert_uint_eq(flushed_data(u), 0x7fffffffu);
    unit_free(u);
}
END_TEST

START_TEST(fadd_sums_in_binary32)
{
    unit *u = merge_pair("fadd", 0x3f800000u, 0x40000000u); /* 1 + 2 */
    ck_assert_uint_eq(flushed_data(u), 0x40400000u);
    unit_free(u);
    u = merge_pair("fadd", 0x7f800000u, 0xff800000u); /* inf - inf */
    ck_assert_uint_eq(flushed_data(u), FP32_QNAN);
    unit_free(u);
}
END_TEST

START_TEST(no_filter_keeps_duplicates)
{
    static const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", "TIMEOUT=0", NULL};
    unit *u = unit_new(p);
    ck_assert_int_lt(u->g.port[IHP_MRG_VALID], 0); /* no merge ports */
    reset(u);
    for (unsigned i = 0; i < 3; i++) {
        lane(u, 0, 77, i, i);
        step(u);
        ck_assert_uint_eq(ready(u, 0), 1);
    }
    step(u); /* held shows the state at the start of a cycle */
    ck_assert_uint_eq(held(u), 3);
    unit_free(u);
}
END_TEST

/* ---- timeout and flush ------------------------------------------------------------ */

/* Entries of sets 1, 2, 3 holding 3, 1 and 2 elements (positions 0-2, 3,
 * 4-5), then one request at t0. */
static unit *three_partial_entries_and_a_request(unsigned timeout)
{
    char t[32];
    snprintf(t, sizeof t, "TIMEOUT=%u", timeout);
    const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", t, NULL};
    unit *u = unit_new(p);
    reset(u);
    static const unsigned set[6] = {1, 1, 1, 2, 3, 3}, off[6] = {0, 1, 2, 0, 0, 1};
    for (unsigned i = 0; i < 6; i++) {
        lane(u, 0, idx_of(u, set[i], off[i]), 0, i);
        step(u);
        ck_assert_uint_eq(ready(u, 0), 1);
    }
    step(u);
    req(u);
    step(u); /* t0: the request arrives */
    return u;
}

/* The cycle (after t0) of the first reply; the reply stays in u->out. */
static unsigned first_reply_after(unit *u, unsigned limit)
{
    for (unsigned t = 1; t <= limit; t++) {
        step(u);
        if (rep_valid(u))
            return t;
    }
    return 0;
}

START_TEST(timeout_fills_the_reply_best_coalesced_first_across_entries)
{
    unit *u = three_partial_entries_and_a_request(10);
    /* expired at t0+10, draining from t0+11: pack set 1 (3), pack the top
     * element of set 3 (the buffer is full), the last pack read lands at
     * t0+13, reply decided at t0+14, out at t0+15 */
    ck_assert_uint_eq(first_reply_after(u, 40), 15);
    ck_assert_uint_eq(rep_count(u), 4);
    unsigned seen = 0;
    for (unsigned i = 0; i < 4; i++)
        seen |= 1u << get(u, IHP_REP_POS, i, 24);
    ck_assert_uint_eq(seen, 0x27); /* positions 0, 1, 2 (set 1) and 5 (set 3's top) */
    step(u);
    ck_assert_uint_eq(held(u), 2); /* set 2's element and set 3's first stay */
    unit_free(u);
}
END_TEST

START_TEST(timeout_fill_stops_when_the_table_is_empty)
{
    unit *u = three_partial_entries_and_a_request(10);
    ck_assert_uint_eq(first_reply_after(u, 40), 15);
    req(u);
    step(u); /* t1: a second request; the rest (2 elements) stays */
    /* expires at t1+10; pack set 3 (1 left), then set 2, reply of 2 */
    unsigned t = first_reply_after(u, 40);
    ck_assert_uint_eq(t, 15);
    ck_assert_uint_eq(rep_count(u), 2);
    step(u);
    ck_assert_uint_eq(held(u), 0);
    unit_free(u);
}
END_TEST

START_TEST(no_timeout_means_requests_wait_for_complete_entries)
{
    unit *u = three_partial_entries_and_a_request(0);
    ck_assert_uint_eq(first_reply_after(u, 3000), 0);
    ck_assert_uint_eq(held(u), 6);
    unit_free(u);
}
END_TEST

START_TEST(flush_packs_partial_entries_into_ceil_total_over_slots_replies)
{
    static const char *const p[] = {"SETS=16", "BANKS=2", "SLOTS=4", "TIMEOUT=0", NULL};
    unit *u = unit_new(p);
    reset(u);
    static const unsigned fill[7] = {3, 3, 2, 2, 1, 1, 1}; /* 13 elements, 7 entries */
    unsigned pos = 0;
    for (unsigned s = 0; s < 7; s++)
        for (unsigned i = 0; i < fill[s]; i++) {
            lane(u, 0, idx_of(u, s, i), 0, pos++);
            step(u);
            ck_assert_uint_eq(ready(u, 0), 1);
        }
    step(u);
    ck_assert_uint_eq(held(u), 13);
    unsigned replies = 0, elems = 0, empty = 0, seen[13] = {0};
    for (int t = 0; t < 100; t++) {
        flush(u);
        req(u);
        step(u);
        if (!rep_valid(u))
            continue;
        unsigned n = rep_count(u);
        if (n == 0) {
            empty++;
            continue;
        }
        ck_assert_msg(empty == 0, "an element reply after an empty (done) reply");
        replies++;
        elems += n;
        ck_assert_msg(n == 4 || elems == 13, "reply %u holds %u elements, not full", replies, n);
        for (unsigned i = 0; i < n; i++)
            seen[get(u, IHP_REP_POS, i, 24)]++;
    }
    ck_assert_uint_eq(replies, 4); /* ceil(13 / 4) */
    ck_assert_uint_eq(elems, 13);
    for (unsigned i = 0; i < 13; i++)
        ck_assert_uint_eq(seen[i], 1);
    ck_assert_uint_gt(empty, 0); /* the unit is empty: "no more work" replies */
    ck_assert_uint_eq(held(u), 0);
    unit_free(u);
}
END_TEST

/* Spec §5's clarification: SLOTS elements gathered by a flush are a
 * complete reply even once the flush is withdrawn. */
START_TEST(withdrawn_flush_leaves_a_full_pack_buffer_for_the_next_request)
{
    static const char *const p[] = {"SETS=16", "BANKS=2", "SLOTS=4", "TIMEOUT=0", NULL};
    unit *u = unit_new(p);
    reset(u);
    static const unsigned fill[3] = {3, 2, 1}; /* 6 elements in 3 partial entries */
    unsigned pos = 0;
    for (unsigned s = 0; s < 3; s++)
        for (unsigned i = 0; i < fill[s]; i++) {
            lane(u, 0, idx_of(u, s, i), 0, pos++);
            step(u);
        }
    for (int t = 0; t < 6; t++) { /* flush, no request: set 0's 3 and set 1's top */
        flush(u);
        step(u);
        ck_assert_uint_eq(rep_valid(u), 0);
    }
    step(u); /* the flush is withdrawn */
    req(u);
    step(u); /* t0: the request arrives; the full buffer is decided at t0+1 */
    ck_assert_uint_eq(first_reply_after(u, 3000), 2);
    ck_assert_uint_eq(rep_count(u), 4);
    step(u);
    ck_assert_uint_eq(held(u), 2); /* set 1's first and set 2's element wait */
    unit_free(u);
}
END_TEST

START_TEST(request_fifo_refuses_requests_when_full)
{
    static const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", "REQS=2", NULL};
    unit *u = unit_new(p);
    reset(u);
    for (unsigned i = 0; i < 3; i++) {
        req(u);
        step(u);
        ck_assert_uint_eq(get(u, IHP_REQ_READY, 0, 1), i < 2);
    }
    unit_free(u);
}
END_TEST

START_TEST(reset_in_the_middle_of_traffic_empties_the_unit)
{
    static const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", NULL};
    unit *u = unit_new(p);
    reset(u);
    lane(u, 0, 1, 0, 0);
    step(u);
    ck_assert_uint_eq(held(u), 0);
    put(u, IHP_RST, 0, 1, 1);
    lane(u, 0, 2, 0, 1);
    step(u);
    ck_assert_uint_eq(ready(u, 0), 0); /* nothing accepted during reset */
    ck_assert_uint_eq(held(u), 1);
    step(u);
    ck_assert_uint_eq(held(u), 0);
    unit_free(u);
}
END_TEST

/* ---- the conservation checker ----------------------------------------------------------- */

/* Runs the model with the block's stimulus and checker; returns the
 * checker's totals, the longest full-pack-buffer wait and the
 * flush_withdrawn hits (n[5], n[6]). Fails on any checker error. */
static void run_checked(const char *const *params, uint64_t cycles, uint64_t seed,
                        irhw_stim_mode mode, uint64_t n[7])
{
    unit *u = unit_new(params);
    void *st = u->b->stim_new(&u->x, seed, cycles, mode);
    void *k = u->b->check_new(&u->x);
    uint64_t *prev = calloc(u->ps.out_words + 1, sizeof *prev);
    char err[1024];
    uint64_t hits[IH_NCOV] = {0};
    for (uint64_t t = 0; t < cycles; t++) {
        clear(u);
        u->b->stim_next(st, t, prev, u->in);
        if (t < 2)
            put(u, IHP_RST, 0, 1, 1);
        u->b->model_eval(u->m, u->in, u->out);
        if (u->b->check_cycle(k, t, u->in, u->out, err, sizeof err))
            ck_abort_msg("seed %" PRIu64 " cycle %" PRIu64 ": %s", seed, t, err);
        u->b->cover_sample(u->m, u->in, u->out, hits);
        u->b->model_tick(u->m, u->in);
        memcpy(prev, u->out, u->ps.out_words * sizeof *prev);
    }
    if (u->b->check_end(k, err, sizeof err))
        ck_abort_msg("seed %" PRIu64 " end: %s", seed, err);
    iru_hash_check_counts(k, n);
    n[5] = iru_pack_wait_max(u->m);
    n[6] = hits[IH_COV_FLUSH_WITHDRAWN];
    free(prev);
    u->b->check_free(k);
    u->b->stim_free(st);
    unit_free(u);
}

static const char *const *const random_configs[] = {
    (const char *const[]){"SETS=16", "BANKS=2", "SLOTS=4", "TIMEOUT=20", NULL},
    (const char *const[]){"SETS=4", "BANKS=4", "SLOTS=5", "FILTER=dedup", "REQS=3", NULL},
    (const char *const[]){"SETS=16", "BANKS=1", "SLOTS=8", "FILTER=min", "DATA_BITS=7", NULL},
    (const char *const[]){"SETS=64", "BANKS=4", "SLOTS=32", "FILTER=fadd", "TIMEOUT=0", NULL},
    (const char *const[]){"SETS=1", "BANKS=1", "SLOTS=3", "IDX_BITS=4", "POS_BITS=2", NULL},
    (const char *const[]){"FILTER=fadd", "STORAGE=flops", NULL}, /* the paper's sizes */
};

START_TEST(random_runs_conserve_every_element_and_drain_to_empty)
{
    uint64_t n[7];
    const uint64_t seed = 1000 + (uint64_t)_i;
    run_checked(random_configs[_i], 40000, seed, IRHW_STIM_MIXED, n);
    ck_assert_msg(n[0] > 1000, "config %d: only %" PRIu64 " elements inserted", _i, n[0]);
    ck_assert_msg(n[4] == 0,
                  "config %d seed %" PRIu64 ": %" PRIu64 " elements still held at the end", _i,
                  seed, n[4]);
    ck_assert_uint_eq(n[0], n[1] + n[2] + n[3]);
}
END_TEST

/* The case spec §5's clarification came from: SETS=16 SLOTS=4 FILTER=fadd,
 * seed 51, where a full pack buffer waited ~1,250 cycles past a withdrawn
 * flush. Now at most the cycle its last pack read lands. */
START_TEST(seed_51_a_full_pack_buffer_never_waits_for_a_drain)
{
    static const char *const p[] = {"SETS=16", "SLOTS=4", "FILTER=fadd", NULL};
    uint64_t n[7];
    run_checked(p, 100000, 51, IRHW_STIM_MIXED, n);
    ck_assert_uint_gt(n[6], 0);
    ck_assert_msg(n[5] <= 1, "a full pack buffer waited %" PRIu64 " cycles", n[5]);
}
END_TEST

START_TEST(random_and_directed_stimulus_modes_also_conserve)
{
    uint64_t n[7];
    static const char *const p[] = {"SETS=16", "BANKS=4", "SLOTS=4", "FILTER=dedup", NULL};
    run_checked(p, 20000, 7, IRHW_STIM_RANDOM, n);
    ck_assert_uint_eq(n[4], 0);
    run_checked(p, 20000, 8, IRHW_STIM_DIRECTED, n);
    ck_assert_uint_eq(n[4], 0);
    ck_assert_uint_gt(n[2], 0); /* duplicates were merged out */
}
END_TEST

/* A checker fed hand-made outputs must object. */
typedef struct {
    unit *u;
    void *k;
    char err[1024];
} chk;

static chk *chk_new(void)
{
    static const char *const p[] = {"SETS=4", "BANKS=1", "SLOTS=4", "FILTER=fadd", NULL};
    chk *c = calloc(1, sizeof *c);
    c->u = unit_new(p);
    c->k = c->u->b->check_new(&c->u->x);
    return c;
}

static void chk_free(chk *c)
{
    c->u->b->check_free(c->k);
    unit_free(c->u);
    free(c);
}

static int chk_cycle(chk *c)
{
    return c->u->b->check_cycle(c->k, 0, c->u->in, c->u->out, c->err, sizeof c->err);
}

static void chk_insert(chk *c, uint64_t idx, uint64_t data, uint64_t pos, uint64_t held_now)
{
    unit *u = c->u;
    clear(u);
    memset(u->out, 0, u->ps.out_words * sizeof *u->out);
    lane(u, 0, idx, data, pos);
    irhw_bits_set(irhw_wide(u->out, &u->ps, (unsigned)u->g.port[IHP_INS_READY]), 0, 1, 1);
    irhw_bits_set(irhw_wide(u->out, &u->ps, (unsigned)u->g.port[IHP_HELD]), 0, u->g.held_bits,
                  held_now);
    ck_assert_msg(chk_cycle(c) == 0, "%s", c->err);
}

static void out_put(chk *c, enum iru_hash_port p, unsigned i, unsigned w, uint64_t x)
{
    irhw_bits_set(irhw_wide(c->u->out, &c->u->ps, (unsigned)c->u->g.port[p]), i * w, w, x);
}

START_TEST(checker_rejects_a_reply_of_an_element_never_inserted)
{
    chk *c = chk_new();
    chk_insert(c, 5, 1, 0, 0);
    clear(c->u);
    memset(c->u->out, 0, c->u->ps.out_words * sizeof(uint64_t));
    out_put(c, IHP_HELD, 0, c->u->g.held_bits, 1);
    out_put(c, IHP_REP_VALID, 0, 1, 1);
    out_put(c, IHP_REP_SLOT_VALID, 0, 1, 1);
    out_put(c, IHP_REP_IDX, 0, 24, 6); /* not 5 */
    out_put(c, IHP_REP_DATA, 0, 32, 1);
    ck_assert_int_ne(chk_cycle(c), 0);
    ck_assert_ptr_nonnull(strstr(c->err, "not held"));
    chk_free(c);
}
END_TEST

START_TEST(checker_rejects_merged_data_that_differ_from_the_model_arithmetic)
{
    chk *c = chk_new();
    chk_insert(c, 5, 0x3f800000, 0, 0);
    chk_insert(c, 5, 0x3f800000, 1, 1);
    clear(c->u);
    memset(c->u->out, 0, c->u->ps.out_words * sizeof(uint64_t));
    out_put(c, IHP_HELD, 0, c->u->g.held_bits, 2);
    out_put(c, IHP_MRG_VALID, 0, 1, 1);
    out_put(c, IHP_MRG_IDX, 0, 24, 5);
    out_put(c, IHP_MRG_POS, 0, 24, 1);
    out_put(c, IHP_MRG_DATA, 0, 32, 0x3f800000);
    out_put(c, IHP_MRG_KEEP_POS, 0, 24, 0);
    out_put(c, IHP_MRG_KEEP_OLD, 0, 32, 0x3f800000);
    out_put(c, IHP_MRG_KEEP_NEW, 0, 32, 0x40000001); /* 1 + 1 is 0x40000000 */
    ck_assert_int_ne(chk_cycle(c), 0);
    ck_assert_ptr_nonnull(strstr(c->err, "expected 40000000"));
    chk_free(c);
}
END_TEST

START_TEST(checker_rejects_a_held_count_that_loses_an_element)
{
    chk *c = chk_new();
    chk_insert(c, 5, 0, 0, 0);
    clear(c->u);
    memset(c->u->out, 0, c->u->ps.out_words * sizeof(uint64_t));
    ck_assert_int_ne(chk_cycle(c), 0); /* held says 0, one element is in */
    ck_assert_ptr_nonnull(strstr(c->err, "held"));
    chk_free(c);
}
END_TEST

START_TEST(checker_rejects_a_valid_slot_after_an_invalid_one)
{
    chk *c = chk_new();
    chk_insert(c, 5, 0, 0, 0);
    clear(c->u);
    memset(c->u->out, 0, c->u->ps.out_words * sizeof(uint64_t));
    out_put(c, IHP_HELD, 0, c->u->g.held_bits, 1);
    out_put(c, IHP_REP_VALID, 0, 1, 1);
    out_put(c, IHP_REP_SLOT_VALID, 1, 1, 1);
    out_put(c, IHP_REP_IDX, 1, 24, 5);
    ck_assert_int_ne(chk_cycle(c), 0);
    ck_assert_ptr_nonnull(strstr(c->err, "after an invalid slot"));
    chk_free(c);
}
END_TEST

START_TEST(checker_rejects_a_partial_reply_while_entries_hold_elements)
{
    chk *c = chk_new();
    chk_insert(c, 5, 0, 0, 0);
    chk_insert(c, 200, 0, 1, 1); /* another set */
    clear(c->u);
    memset(c->u->out, 0, c->u->ps.out_words * sizeof(uint64_t));
    out_put(c, IHP_HELD, 0, c->u->g.held_bits, 2);
    ck_assert_msg(chk_cycle(c) == 0, "%s", c->err); /* a cycle without inserts */
    out_put(c, IHP_REP_VALID, 0, 1, 1);             /* the single entry of index 5 */
    out_put(c, IHP_REP_SLOT_VALID, 0, 1, 1);
    out_put(c, IHP_REP_IDX, 0, 24, 5);
    ck_assert_int_ne(chk_cycle(c), 0);
    ck_assert_ptr_nonnull(strstr(c->err, "1 other elements were held"));
    chk_free(c);
}
END_TEST

/* ---- parameters, storage, statistics ------------------------------------------------------ */

static void expect_rejected(const char *const *params, const char *name)
{
    const irhw_block *b = &irhw_block_iru_hash;
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    char err[IRHW_ERRLEN] = "";
    int bad = 0;
    for (; *params; params++)
        bad |= irhw_cfg_set(b, &c, *params, err, sizeof err) != 0;
    if (!bad) {
        irhw_inst x;
        bad = irhw_inst_init(&x, b, &c, err, sizeof err) != 0;
        irhw_inst_free(&x);
    }
    ck_assert_msg(bad, "accepted: %s", name);
    ck_assert_msg(strstr(err, name) != NULL, "message does not name %s: %s", name, err);
}

START_TEST(bad_parameters_are_rejected_naming_the_parameter)
{
    expect_rejected((const char *const[]){"SETS=3", NULL}, "SETS");
    expect_rejected((const char *const[]){"SETS=8192", NULL}, "SETS");
    expect_rejected((const char *const[]){"BANKS=3", NULL}, "BANKS");
    expect_rejected((const char *const[]){"SETS=2", "BANKS=4", NULL}, "BANKS");
    expect_rejected((const char *const[]){"SLOTS=0", NULL}, "SLOTS");
    expect_rejected((const char *const[]){"SLOTS=65", NULL}, "SLOTS");
    expect_rejected((const char *const[]){"FILTER=fadd", "DATA_BITS=16", NULL}, "DATA_BITS");
    expect_rejected((const char *const[]){"FILTER=min", "DATA_BITS=0", NULL}, "DATA_BITS");
    expect_rejected((const char *const[]){"FILTER=max", NULL}, "FILTER");
    expect_rejected((const char *const[]){"ELEM_BYTES=256", "LINE_BYTES=128", NULL}, "ELEM_BYTES");
    expect_rejected((const char *const[]){"LINE_BYTES=100", NULL}, "LINE_BYTES");
    expect_rejected((const char *const[]){"TIMEOUT=1000001", NULL}, "TIMEOUT");
    expect_rejected((const char *const[]){"STORAGE=dram", NULL}, "STORAGE");
}
END_TEST

START_TEST(defaults_give_way_to_a_parameter_the_user_set)
{
    irhw_inst x;
    inst_of(&x, (const char *const[]){"SETS=1", NULL});
    ck_assert_int_eq(x.c.v[IH_BANKS], 1); /* the paper's 2 banks need 2 sets */
    irhw_inst_free(&x);
    inst_of(&x, (const char *const[]){"ELEM_BYTES=256", NULL});
    ck_assert_int_eq(x.c.v[IH_LINE_BYTES], 256); /* a line holds at least one element */
    irhw_inst_free(&x);
    inst_of(&x, (const char *const[]){"LINE_BYTES=2", NULL});
    ck_assert_int_eq(x.c.v[IH_ELEM_BYTES], 2);
    irhw_inst_free(&x);
    inst_of(&x, NULL); /* the paper's configuration is untouched */
    ck_assert_int_eq(x.c.v[IH_BANKS], 2);
    ck_assert_int_eq(x.c.v[IH_LINE_BYTES], 128);
    ck_assert_int_eq(x.c.v[IH_ELEM_BYTES], 4);
    irhw_inst_free(&x);
}
END_TEST

START_TEST(storage_at_the_paper_configuration_is_80_KB_of_hash)
{
    const irhw_block *b = &irhw_block_iru_hash;
    irhw_inst x;
    inst_of(&x, NULL);
    irhw_storage st;
    b->storage(&x, &st);
    /* 256 x 32 x 80 b = 80 KB, plus counts, pack buffer, request times */
    ck_assert_uint_ge(st.storage_bits, 256u * 32 * 80);
    ck_assert_uint_lt(st.storage_bits, 256u * 32 * 80 + 8192);
    ck_assert_uint_eq(st.nsrams, 1);
    ck_assert_uint_eq(st.srams[0].words, 128); /* 256 sets / 2 banks */
    ck_assert_uint_eq(st.srams[0].width, 80);  /* index, data, position */
    ck_assert_uint_eq(st.srams[0].count, 64);  /* 2 banks x 32 slots */
    irhw_area_fig r;
    memset(&r, 0, sizeof r);
    r.total_um2 = 1e6;
    r.library = "test lib";
    r.node = "45 nm";
    irhw_note n[8];
    int k = b->area_notes(&x, &r, n, 8);
    irhw_inst_free(&x);
    ck_assert_int_ge(k, 3);
    ck_assert_ptr_nonnull(strstr(n[0].text, "80.0 KB"));
    ck_assert_ptr_nonnull(strstr(n[1].text, "5.98 mm2"));
    ck_assert_ptr_nonnull(strstr(n[1].text, "test lib"));
}
END_TEST

START_TEST(statistics_report_lines_per_reply_against_the_original_order)
{
    static const char *const p[] = {"SETS=16", "BANKS=2", "SLOTS=4", NULL};
    unit *u = unit_new(p);
    reset(u);
    /* interleave two lines: original groups of 4 hold 2 lines each */
    for (unsigned i = 0; i < 8; i++) {
        lane(u, 0, idx_of(u, i % 2 ? 3 : 4, i), 0, i);
        step(u);
    }
    for (unsigned i = 0; i < 6; i++) {
        req(u);
        step(u);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    u->b->model_stats(u->m, f);
    fclose(f);
    ck_assert_msg(strstr(text, "lines per reply          1.00 (original order, groups of 4: 2.00)"),
                  "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "replies                  2 (complete 2"));
    free(text);
    unit_free(u);
}
END_TEST

/* ---- generated Verilog ------------------------------------------------------------------- */

static char *generate(const char *const *params, char *module, size_t len)
{
    irhw_inst x;
    inst_of(&x, params);
    char err[IRHW_ERRLEN];
    char *v = irhw_generate(&x, err, sizeof err);
    ck_assert_msg(v != NULL, "%s", err);
    snprintf(module, len, "%s", x.module);
    irhw_inst_free(&x);
    return v;
}

START_TEST(generated_verilog_is_deterministic_and_names_the_configuration)
{
    static const char *const p[] = {"SETS=16", "FILTER=fadd", "STORAGE=flops", NULL};
    char m1[256], m2[256];
    char *a = generate(p, m1, sizeof m1), *b = generate(p, m2, sizeof m2);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(m1, "iru_hash_s16_b2_k32_i24_d32_p24_l128_e4_fadd_t1000_r64_flops");
    ck_assert_ptr_nonnull(
        strstr(a, "module iru_hash_s16_b2_k32_i24_d32_p24_l128_e4_fadd_t1000_r64_flops ("));
    ck_assert_ptr_nonnull(strstr(a, "_fp32_add"));
    ck_assert_ptr_nonnull(strstr(a, "irhw_regfile_1rw"));
    free(a);
    free(b);
}
END_TEST

static const char *const *const lint_configs[] = {
    (const char *const[]){NULL}, /* the paper's sizes, sram, no filter */
    (const char *const[]){"SETS=1", "BANKS=1", "SLOTS=1", "DATA_BITS=0", "TIMEOUT=0", "REQS=1",
                          "STORAGE=flops", NULL},
    (const char *const[]){"SETS=16", "BANKS=4", "SLOTS=5", "FILTER=dedup", "IDX_BITS=7", NULL},
    (const char *const[]){"SETS=8", "BANKS=8", "SLOTS=33", "FILTER=min", "DATA_BITS=64",
                          "STORAGE=flops", NULL},
    (const char *const[]){"SETS=4", "BANKS=2", "SLOTS=4", "FILTER=fadd", "LINE_BYTES=4", NULL},
};

START_TEST(generated_verilog_is_lint_clean_under_verilator_and_icarus)
{
    irhw_inst x;
    inst_of(&x, lint_configs[_i]);
    char msg[512];
    int rc = irhw_lint(&x, 0, msg, sizeof msg);
    irhw_inst_free(&x);
    if (rc == 1) {
        printf("SKIP: generated_verilog_is_lint_clean_under_verilator_and_icarus: %s\n", msg);
        return;
    }
    ck_assert_msg(rc == 0, "%s", msg);
}
END_TEST

START_TEST(generated_verilog_synthesizes_under_yosys)
{
    static const char *const p[] = {"SETS=8",      "BANKS=2",       "SLOTS=4",
                                    "FILTER=fadd", "STORAGE=flops", NULL};
    irhw_inst x;
    inst_of(&x, p);
    char msg[512];
    int rc = irhw_lint(&x, 1, msg, sizeof msg);
    irhw_inst_free(&x);
    if (rc == 1) {
        printf("SKIP: generated_verilog_synthesizes_under_yosys: %s\n", msg);
        return;
    }
    ck_assert_msg(rc == 0, "%s", msg);
}
END_TEST

static Suite *iru_hash_suite(void)
{
    Suite *s = suite_create("iru_hash");
    TCase *t = tcase_create("model");
    tcase_add_test(t, element_lands_in_the_set_of_its_xor_folded_block);
    tcase_add_test(t, complete_entry_waits_for_a_request_and_replies_in_insert_order);
    tcase_add_test(t, full_entry_blocks_only_its_own_set);
    tcase_add_test(t, bank_conflict_grants_one_lane_and_priority_rotates);
    tcase_add_test(t, dedup_drops_a_duplicate_index_and_keeps_the_first);
    tcase_add_test(t, min_keeps_the_smaller_unsigned_value);
    tcase_add_test(t, fadd_sums_in_binary32);
    tcase_add_test(t, no_filter_keeps_duplicates);
    tcase_add_test(t, timeout_fills_the_reply_best_coalesced_first_across_entries);
    tcase_add_test(t, timeout_fill_stops_when_the_table_is_empty);
    tcase_add_test(t, no_timeout_means_requests_wait_for_complete_entries);
    tcase_add_test(t, flush_packs_partial_entries_into_ceil_total_over_slots_replies);
    tcase_add_test(t, withdrawn_flush_leaves_a_full_pack_buffer_for_the_next_request);
    tcase_add_test(t, request_fifo_refuses_requests_when_full);
    tcase_add_test(t, reset_in_the_middle_of_traffic_empties_the_unit);
    tcase_add_test(t, bad_parameters_are_rejected_naming_the_parameter);
    tcase_add_test(t, defaults_give_way_to_a_parameter_the_user_set);
    tcase_add_test(t, storage_at_the_paper_configuration_is_80_KB_of_hash);
    tcase_add_test(t, statistics_report_lines_per_reply_against_the_original_order);
    suite_add_tcase(s, t);

    TCase *r = tcase_create("conservation");
    tcase_set_timeout(r, 120);
    tcase_add_loop_test(r, random_runs_conserve_every_element_and_drain_to_empty, 0,
                        (int)(sizeof random_configs / sizeof random_configs[0]));
    tcase_add_test(r, random_and_directed_stimulus_modes_also_conserve);
    tcase_add_test(r, seed_51_a_full_pack_buffer_never_waits_for_a_drain);
    tcase_add_test(r, checker_rejects_a_reply_of_an_element_never_inserted);
    tcase_add_test(r, checker_rejects_merged_data_that_differ_from_the_model_arithmetic);
    tcase_add_test(r, checker_rejects_a_held_count_that_loses_an_element);
    tcase_add_test(r, checker_rejects_a_valid_slot_after_an_invalid_one);
    tcase_add_test(r, checker_rejects_a_partial_reply_while_entries_hold_elements);
    suite_add_tcase(s, r);

    TCase *v = tcase_create("verilog");
    tcase_set_timeout(v, 300);
    tcase_add_test(v, generated_verilog_is_deterministic_and_names_the_configuration);
    tcase_add_loop_test(v, generated_verilog_is_lint_clean_under_verilator_and_icarus, 0,
                        (int)(sizeof lint_configs / sizeof lint_configs[0]));
    tcase_add_test(v, generated_verilog_synthesizes_under_yosys);
    suite_add_tcase(s, v);
    return s;
}

int main(void)
{
    return irhw_check_run(iru_hash_suite());
}
