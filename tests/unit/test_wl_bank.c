/*
 * Tests of the worklist bank (model/wl_bank.c, gen/wl_bank.c). Directed
 * scenarios are cycle tables that run on the C model and on the Verilated
 * RTL (tests/unit/scenario_check.h): fill and drain, spill, swap refused and
 * accepted, redistribution losing the port, reset in the middle of traffic,
 * the SRAM's one-cycle read latency, wlcfg refused while holding work.
 * On the model alone: pointer wrap at non-power-of-two depths over many
 * wraps, parameter rejection and derived defaults.
 */
#include <check.h>

#include "check_main.h"
#include "scenario_check.h"
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

static uint64_t o(bank *k, unsigned port)
{
    return irhw_get(k->out, &k->ps, port);
}

/* ---- directed scenarios: C model and RTL ------------------------------ */

static const irhw_step fill_then_drain[] = {
    {"push=1 push_id=100", "push_ok=1 spill=0"},
    {"push=1 push_id=101", "push_ok=1"},
    {"push=1 push_id=102", "push_ok=1"},
    {"push=1 push_id=103", "push_ok=1"},
    {"", "count=4 full=1 greedy=1 empty=0"},
    {"pull=1", "pull_ok=1 pull_valid=1 pull_id=100"},
    {"pull=1", "pull_ok=1 pull_valid=1 pull_id=101"},
    {"pull=1", "pull_ok=1 pull_valid=1 pull_id=102"},
    {"pull=1", "pull_ok=1 pull_valid=1 pull_id=103"},
    {"", "empty=1 count=0 full=0"},
    {"x2 pull=1", "pull_ok=0 pull_valid=0 pull_id=0"}, /* past empty */
};

static const irhw_step push_to_full_spills[] = {
    {"push=1 push_id=1", "push_ok=1"},
    {"push=1 push_id=2", "push_ok=1"},
    {"push=1 push_id=3", "push_ok=1"},
    {"push=1 push_id=0xee", "spill=1 push_ok=0"},
    {"pull=1", "pull_id=1"},
    {"pull=1", "pull_id=2"},
    {"pull=1", "pull_id=3"}, /* 0xee was never stored */
    {"", "empty=1"},
};

static const irhw_step swap_refused[] = {
    {"cfg_en=1 cfg_double=1", "cfg_ok=1"},
    {"push=1 push_id=7", "push_ok=1"}, /* into the push half */
    {"swap=1", "swap_ok=1"},           /* pull half empty: accepted */
    {"", "count=1 double_mode=1"},
    {"swap=1", "swap_ok=0"}, /* the pull half holds 7: refused */
    {"pull=1", "pull_valid=1 pull_id=7"},
};

/* ENTRIES=7: partition 0 holds 3 words, partition 1 holds 4. */
static const irhw_step swap_accepted[] = {
    {"cfg_en=1 cfg_double=1", "cfg_ok=1"}, /* pulls read partition 0, pushes fill 1 */
    {"push=1 push_id=10", "push_ok=1"},
    {"push=1 push_id=11", "push_ok=1"},
    {"push=1 push_id=12", "push_ok=1"},
    {"push=1 push_id=13", "push_ok=1"},
    {"push=1 push_id=99", "spill=1 push_ok=0"}, /* push half (4 words) full */
    {"", "empty=1 full=1"},                     /* pulls still see the empty pull half */
    {"push=1 swap=1", "swap_ok=1 push_ok=0"},   /* swap; the push refused (full) */
    {"push=1 push_id=20", "push_ok=1"},         /* the other half holds 3 */
    {"push=1 push_id=21", "push_ok=1"},
    {"push=1 push_id=22", "push_ok=1"},
    {"push=1 push_id=98", "spill=1"},
    {"pull=1", "pull_valid=1 pull_id=10"},
};

static const irhw_step redistribution_loses_port[] = {
    {"push=1 push_id=1", "push_ok=1"},
    {"push=1 push_id=2", "push_ok=1"},
    {"push=1 push_id=3 rd_take=1", "push_ok=1 rd_take_ok=0 rd_valid=0"}, /* take loses */
    {"pull=1 rd_put=1 rd_put_id=50", "rd_put_ok=0 pull_id=1"},           /* put loses */
    {"rd_take=1", "rd_take_ok=1 rd_valid=1 rd_id=2"},                    /* port free */
    {"rd_put=1 rd_put_id=60", "rd_put_ok=1"},                            /* appended at the tail */
    {"pull=1", "pull_id=3"},
    {"pull=1", "pull_id=60"},
};

static const irhw_step reset_mid_traffic[] = {
    {"cfg_en=1 cfg_double=1", "cfg_ok=1"},
    {"push=1 push_id=1", "push_ok=1"},
    {"swap=1", "swap_ok=1"},
    {"push=1 push_id=2", "push_ok=1"},
    {"pull=1 rst=1", ""},
    {"", "empty=1 double_mode=0 pull_valid=0"}, /* the read issued under reset is dropped */
    {"push=1 push_id=9", "push_ok=1"},
    {"pull=1", "pull_ok=1 pull_valid=0"},
    {"", "pull_valid=1 pull_id=9"},
};

static const irhw_step sram_latency[] = {
    {"push=1 push_id=0xfedcba9876543210", "push_ok=1"},
    {"pull=1", "pull_ok=1 pull_valid=0 pull_id=0"},
    {"", "pull_valid=1 pull_id=0xfedcba9876543210"},
    {"", "pull_valid=0 pull_id=0"},
};

static const irhw_step wlcfg_refused[] = {
    {"push=1 push_id=4", "push_ok=1"}, {"cfg_en=1 cfg_double=1", "cfg_ok=0"}, {"", "double_mode=0"},
    {"pull=1", "pull_id=4"},           {"cfg_en=1 cfg_double=1", "cfg_ok=1"}, {"", "double_mode=1"},
};

static const irhw_scenario wl_bank_scenarios[] = {
    {"fill_then_drain_returns_ids_in_order", "ENTRIES=4", IRHW_STEPS(fill_then_drain)},
    {"push_to_full_bank_spills_and_writes_nothing", "ENTRIES=3 ID_BITS=8",
     IRHW_STEPS(push_to_full_spills)},
    {"swap_refused_while_pull_half_not_empty", "ENTRIES=8 ID_BITS=16", IRHW_STEPS(swap_refused)},
    {"swap_accepted_exchanges_halves_and_push_lands_in_new_pull_half", "ENTRIES=7 ID_BITS=16",
     IRHW_STEPS(swap_accepted)},
    {"redistribution_loses_the_port_to_a_lane_access", "ENTRIES=8 ID_BITS=16",
     IRHW_STEPS(redistribution_loses_port)},
    {"reset_in_the_middle_of_traffic_empties_the_bank", "ENTRIES=5 ID_BITS=8 STORAGE=sram",
     IRHW_STEPS(reset_mid_traffic)},
    {"sram_read_data_arrive_one_cycle_after_the_pull", "ENTRIES=4 ID_BITS=64 STORAGE=sram",
     IRHW_STEPS(sram_latency)},
    {"wlcfg_is_refused_while_the_bank_holds_work", "ENTRIES=6 ID_BITS=8",
     IRHW_STEPS(wlcfg_refused)},
};

/* ---- the C model alone ------------------------------------------------- */

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
    tcase_add_test(t, pointers_wrap_at_non_power_of_two_depths);
    tcase_add_test(t, bad_parameters_are_rejected_with_their_range);
    tcase_add_test(t, threshold_not_set_is_derived_below_a_small_bank);
    suite_add_tcase(s, t);
    irhw_check_scenarios(s, &irhw_block_wl_bank, wl_bank_scenarios,
                         sizeof wl_bank_scenarios / sizeof wl_bank_scenarios[0]);
    return irhw_check_run(s);
}
