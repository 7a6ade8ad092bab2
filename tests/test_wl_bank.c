/*
 * Unit tests of the worklist bank's C model (model/wl_bank.c): fill,
 * drain, pointer wrap at non-power-of-two depths, spill, swap refused and
 * accepted, redistribution losing the port, reset in the middle of traffic,
 * the SRAM's one-cycle read latency, and parameter rejection.
 */
#include <check.h>

#include "check_main.h"
#include <stdlib.h>
#include <string.h>

#include "irhw.h"
#include "wl_bank.h"

typedef struct {
    const irhw_block *b;
    irhw_inst x;
    irhw_ports ps;
    void *m;
    uint64_t in[IRHW_MAX_PORTS], out[IRHW_MAX_PORTS];
} bank;

static bank *bank_new(unsigned entries, unsigned id_bits, const char *storage)
{
    bank *k = calloc(1, sizeof *k);
    k->b = &irhw_block_wl_bank;
    char params[128], err[256];
    snprintf(params, sizeof params, "ENTRIES=%u ID_BITS=%u STORAGE=%s", entries, id_bits, storage);
    irhw_check_inst(&k->x, k->b, params);
    k->ps = k->x.ps;
    k->m = irhw_model_create(&k->x, err, sizeof err);
    ck_assert_msg(k->m != NULL, "%s", err);
    return k;
}

static void bank_free(bank *k)
{
    k->b->model_free(k->m);
    irhw_inst_free(&k->x);
    free(k);
}

/* One cycle: drive the named inputs (others 0), evaluate, clock. */
enum { P = 1, L = 2, T = 4, U = 8, S = 16, C = 32, CD = 64, R = 128 };
static void cyc(bank *k, unsigned what, uint64_t id)
{
    memset(k->in, 0, sizeof k->in);
    irhw_set(k->in, &k->ps, WB_PUSH, !!(what & P));
    irhw_set(k->in, &k->ps, WB_PUSH_ID, what & P ? id : 0);
    irhw_set(k->in, &k->ps, WB_PULL, !!(what & L));
    irhw_set(k->in, &k->ps, WB_RD_TAKE, !!(what & T));
    irhw_set(k->in, &k->ps, WB_RD_PUT, !!(what & U));
    irhw_set(k->in, &k->ps, WB_RD_PUT_ID, what & U ? id : 0);
    irhw_set(k->in, &k->ps, WB_SWAP, !!(what & S));
    irhw_set(k->in, &k->ps, WB_CFG_EN, !!(what & C));
    irhw_set(k->in, &k->ps, WB_CFG_DOUBLE, !!(what & CD));
    irhw_set(k->in, &k->ps, WB_RST, !!(what & R));
    k->b->model_eval(k->m, k->in, k->out);
    k->b->model_tick(k->m, k->in);
}

static uint64_t o(bank *k, unsigned port) { return irhw_get(k->out, &k->ps, port); }

/* Outputs of the current state with idle inputs (no clock). */
static void peek(bank *k)
{
    memset(k->in, 0, sizeof k->in);
    k->b->model_eval(k->m, k->in, k->out);
}

START_TEST(fill_then_drain_returns_ids_in_order)
{
    bank *k = bank_new(32, 24, "flops");
    for (unsigned i = 0; i < 32; i++) {
        cyc(k, P, 100 + i);
        ck_assert_uint_eq(o(k, WB_PUSH_OK), 1);
    }
    peek(k);
    ck_assert_uint_eq(o(k, WB_COUNT), 32);
    ck_assert_uint_eq(o(k, WB_FULL), 1);
    ck_assert_uint_eq(o(k, WB_GREEDY), 1);
    for (unsigned i = 0; i < 32; i++) {
        cyc(k, L, 0);
        ck_assert_uint_eq(o(k, WB_PULL_OK), 1);
        ck_assert_uint_eq(o(k, WB_PULL_VALID), 1);
        ck_assert_uint_eq(o(k, WB_PULL_ID), 100 + i);
    }
    peek(k);
    ck_assert_uint_eq(o(k, WB_EMPTY), 1);
    cyc(k, L, 0);
    ck_assert_uint_eq(o(k, WB_PULL_OK), 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 0);
    bank_free(k);
}
END_TEST

START_TEST(push_to_full_bank_spills_and_writes_nothing)
{
    bank *k = bank_new(3, 8, "flops");
    for (unsigned i = 0; i < 3; i++)
        cyc(k, P, i + 1);
    cyc(k, P, 0xee);
    ck_assert_uint_eq(o(k, WB_SPILL), 1);
    ck_assert_uint_eq(o(k, WB_PUSH_OK), 0);
    for (unsigned i = 0; i < 3; i++) {
        cyc(k, L, 0);
        ck_assert_uint_eq(o(k, WB_PULL_ID), i + 1); /* 0xee never stored */
    }
    peek(k);
    ck_assert_uint_eq(o(k, WB_EMPTY), 1);
    bank_free(k);
}
END_TEST

START_TEST(pointers_wrap_at_non_power_of_two_depths)
{
    static const unsigned depths[] = {2, 3, 5, 33, 1000};
    for (unsigned d = 0; d < 5; d++) {
        unsigned e = depths[d];
        bank *k = bank_new(e, 32, "flops");
        uint64_t next_in = 0, next_out = 0;
        /* keep the bank between half and full for 3 wraps */
        for (unsigned i = 0; i < e / 2; i++)
            cyc(k, P, next_in++);
        for (unsigned i = 0; i < 3 * e; i++) {
            cyc(k, P, next_in++);
            ck_assert_uint_eq(o(k, WB_PUSH_OK), 1);
            cyc(k, L, 0);
            ck_assert_uint_eq(o(k, WB_PULL_ID), next_out++);
        }
        bank_free(k);
    }
}
END_TEST

START_TEST(swap_refused_while_pull_half_not_empty)
{
    bank *k = bank_new(8, 16, "flops");
    cyc(k, C | CD, 0);
    ck_assert_uint_eq(o(k, WB_CFG_OK), 1);
    cyc(k, P, 7);  /* into the push half */
    cyc(k, S, 0);  /* pull half empty: accepted */
    ck_assert_uint_eq(o(k, WB_SWAP_OK), 1);
    peek(k);
    ck_assert_uint_eq(o(k, WB_COUNT), 1);
    cyc(k, S, 0);  /* pull half holds 7: refused */
    ck_assert_uint_eq(o(k, WB_SWAP_OK), 0);
    cyc(k, L, 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 7);
    bank_free(k);
}
END_TEST

START_TEST(swap_accepted_exchanges_halves_and_push_lands_in_new_pull_half)
{
    bank *k = bank_new(7, 16, "flops"); /* partition 0: 3 words, partition 1: 4 */
    cyc(k, C | CD, 0);                    /* pulls read partition 0, pushes fill 1 */
    for (unsigned i = 0; i < 4; i++)
        cyc(k, P, 10 + i);
    cyc(k, P, 99);
    ck_assert_uint_eq(o(k, WB_SPILL), 1); /* push half (4 words) full */
    peek(k);
    ck_assert_uint_eq(o(k, WB_EMPTY), 1); /* pulls still see the empty pull half */
    cyc(k, P | S, 0);                     /* swap; push refused (full) in the same cycle */
    ck_assert_uint_eq(o(k, WB_SWAP_OK), 1);
    for (unsigned i = 0; i < 3; i++) {
        cyc(k, P, 20 + i);                /* the other half holds 3 */
        ck_assert_uint_eq(o(k, WB_PUSH_OK), 1);
    }
    cyc(k, P, 98);
    ck_assert_uint_eq(o(k, WB_SPILL), 1);
    cyc(k, L, 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 10);
    bank_free(k);
}
END_TEST

START_TEST(redistribution_loses_the_port_to_a_lane_access)
{
    bank *k = bank_new(8, 16, "flops");
    cyc(k, P, 1);
    cyc(k, P, 2);
    cyc(k, P | T, 3);     /* take loses to the push */
    ck_assert_uint_eq(o(k, WB_RD_TAKE_OK), 0);
    ck_assert_uint_eq(o(k, WB_RD_VALID), 0);
    cyc(k, L | U, 50);    /* put loses to the pull */
    ck_assert_uint_eq(o(k, WB_RD_PUT_OK), 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 1);
    cyc(k, T, 0);         /* port free: take performed */
    ck_assert_uint_eq(o(k, WB_RD_TAKE_OK), 1);
    ck_assert_uint_eq(o(k, WB_RD_ID), 2);
    cyc(k, U, 60);        /* put performed, appended at the tail */
    ck_assert_uint_eq(o(k, WB_RD_PUT_OK), 1);
    cyc(k, L, 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 3);
    cyc(k, L, 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 60);
    bank_free(k);
}
END_TEST

START_TEST(reset_in_the_middle_of_traffic_empties_the_bank)
{
    bank *k = bank_new(5, 8, "sram");
    cyc(k, C | CD, 0);
    cyc(k, P, 1);
    cyc(k, S, 0);
    cyc(k, P, 2);
    cyc(k, L | R, 0);
    peek(k);
    ck_assert_uint_eq(o(k, WB_EMPTY), 1);
    ck_assert_uint_eq(o(k, WB_DOUBLE_MODE), 0);
    ck_assert_uint_eq(o(k, WB_PULL_VALID), 0); /* the read issued under reset is dropped */
    cyc(k, P, 9);
    cyc(k, L, 0);
    cyc(k, 0, 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 9);
    bank_free(k);
}
END_TEST

START_TEST(sram_read_data_arrive_one_cycle_after_the_pull)
{
    bank *k = bank_new(4, 64, "sram");
    cyc(k, P, 0xfedcba9876543210ULL);
    cyc(k, L, 0);
    ck_assert_uint_eq(o(k, WB_PULL_OK), 1);
    ck_assert_uint_eq(o(k, WB_PULL_VALID), 0);
    cyc(k, 0, 0);
    ck_assert_uint_eq(o(k, WB_PULL_VALID), 1);
    ck_assert(o(k, WB_PULL_ID) == 0xfedcba9876543210ULL);
    cyc(k, 0, 0);
    ck_assert_uint_eq(o(k, WB_PULL_VALID), 0);
    ck_assert_uint_eq(o(k, WB_PULL_ID), 0);
    bank_free(k);
}
END_TEST

START_TEST(wlcfg_is_refused_while_the_bank_holds_work)
{
    bank *k = bank_new(6, 8, "flops");
    cyc(k, P, 4);
    cyc(k, C | CD, 0);
    ck_assert_uint_eq(o(k, WB_CFG_OK), 0);
    peek(k);
    ck_assert_uint_eq(o(k, WB_DOUBLE_MODE), 0);
    cyc(k, L, 0);
    cyc(k, C | CD, 0);
    ck_assert_uint_eq(o(k, WB_CFG_OK), 1);
    peek(k);
    ck_assert_uint_eq(o(k, WB_DOUBLE_MODE), 1);
    bank_free(k);
}
END_TEST

START_TEST(bad_parameters_are_rejected_with_their_range)
{
    const irhw_block *b = &irhw_block_wl_bank;
    irhw_cfg c;
    char err[256];
    irhw_cfg_defaults(b, &c);
    ck_assert_int_eq(irhw_cfg_set(b, &c, "ENTRIES=1", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ENTRIES"));
    ck_assert_ptr_nonnull(strstr(err, "2..65536"));
    ck_assert_int_eq(irhw_cfg_set(b, &c, "ID_BITS=65", err, sizeof err), -1);
    ck_assert_int_eq(irhw_cfg_set(b, &c, "ID_BITS=x", err, sizeof err), -1);
    ck_assert_int_eq(irhw_cfg_set(b, &c, "STORAGE=dram", err, sizeof err), -1);
    ck_assert_int_eq(irhw_cfg_set(b, &c, "DEPTH=4", err, sizeof err), -1);
    /* THRESHOLD set by the user and too large for ENTRIES: rejected by name */
    irhw_cfg_defaults(b, &c);
    ck_assert_int_eq(irhw_cfg_set_all(b, &c, "ENTRIES=4 THRESHOLD=4", err, sizeof err), 0);
    irhw_inst x;
    ck_assert_int_eq(irhw_inst_init(&x, b, &c, err, sizeof err), -1);
    irhw_inst_free(&x);
    ck_assert_ptr_nonnull(strstr(err, "THRESHOLD=4"));
    ck_assert_ptr_nonnull(strstr(err, "0..3"));
}
END_TEST

START_TEST(threshold_not_set_is_derived_below_a_small_bank)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_wl_bank, "ENTRIES=4");
    ck_assert_int_eq(x.c.v[WB_THRESHOLD], 3);
    ck_assert_str_eq(x.module, "wl_bank_e4_w24_t3_flops");
    irhw_inst_free(&x);
    irhw_check_inst(&x, &irhw_block_wl_bank, "ENTRIES=64");
    ck_assert_int_eq(x.c.v[WB_THRESHOLD], 5); /* the paper's value when it fits */
    irhw_inst_free(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("wl_bank");
    TCase *t = tcase_create("model");
    tcase_add_test(t, fill_then_drain_returns_ids_in_order);
    tcase_add_test(t, push_to_full_bank_spills_and_writes_nothing);
    tcase_add_test(t, pointers_wrap_at_non_power_of_two_depths);
    tcase_add_test(t, swap_refused_while_pull_half_not_empty);
    tcase_add_test(t, swap_accepted_exchanges_halves_and_push_lands_in_new_pull_half);
    tcase_add_test(t, redistribution_loses_the_port_to_a_lane_access);
    tcase_add_test(t, reset_in_the_middle_of_traffic_empties_the_bank);
    tcase_add_test(t, sram_read_data_arrive_one_cycle_after_the_pull);
    tcase_add_test(t, wlcfg_is_refused_while_the_bank_holds_work);
    tcase_add_test(t, bad_parameters_are_rejected_with_their_range);
    tcase_add_test(t, threshold_not_set_is_derived_below_a_small_bank);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
