/*
 * Tests of one core's hardware worklist (model/hwwl_core.c,
 * gen/hwwl_core.c). Directed scenarios are cycle tables run on the C model
 * and on the Verilated RTL (tests/unit/scenario_check.h): the exception of a
 * push with no room anywhere, WAIT then DONE, spills coalesced into one
 * store and refilled on demand by a tagged load, a kernel boundary in
 * double mode. On the model alone: parameter rejection naming parameter,
 * value and range, and derived defaults.
 */
#include <check.h>

#include "check_main.h"
#include "scenario_check.h"

#include "hwwl_core.h"

/* LANES=2 ENTRIES=2 ID_BITS=8: lane 0 is bit 0 of push/pull, bits [1:0] of
 * pull_ans (1 ID, 2 WAIT, 3 DONE) and [7:0] of push_id/pull_id. */
#define SMALL "LANES=2 ENTRIES=2 ID_BITS=8 SCHEME=none OVF_CAP=8 ADDR_BITS=8 "

static const irhw_step exception_without_buffer[] = {
    {"push=1 push_id=0x11", "push_ok=1 push_exc=0"},
    {"push=1 push_id=0x12", "push_ok=1 push_exc=0"},
    {"push=1 push_id=0x13", "push_ok=0 push_exc=1"}, /* bank full, no wlinit: no room */
    {"pull=1", "pull_ans=1 pull_id=0x11"},
    {"pull=1", "pull_ans=1 pull_id=0x12"},
    {"pull=1 others_done=1", "pull_ans=2"}, /* lane 1 never waited: not done yet */
};

static const irhw_step wait_then_done[] = {
    {"", "core_empty=0"}, /* single mode: no lane has waited yet */
    {"pull=3", "pull_ans=0xa"},                       /* WAIT, WAIT: others not done */
    {"pull=3", "pull_ans=0xa core_empty=1"},          /* every lane waits */
    {"pull=3 others_done=1", "pull_ans=0xf"},         /* DONE, DONE */
    {"push=2 push_id=0x500", "push_ok=2"},            /* lane 1 pushes */
    {"pull=1 others_done=1", "pull_ans=2 core_empty=0"}, /* work in the core: WAIT */
    {"pull=2", "pull_ans=4 pull_id=0x500"},
};

static const irhw_step spill_store_refill[] = {
    {"wlinit_en=1 wlinit_base=0x40 wlinit_size=4", "wlinit_ok=1"},
    {"push=1 push_id=0x11", "push_ok=1"},
    {"push=1 push_id=0x12", "push_ok=1"},
    {"push=1 push_id=0x13", "push_ok=1 push_exc=0"}, /* bank full: into the buffer */
    {"push=1 push_id=0x14", "push_ok=1"},            /* the buffer is now full (2) */
    {"", "mem_req_valid=0"},                         /* a store is decided */
    {"mem_req_ready=1",
     "mem_req_valid=1 mem_req_write=1 mem_req_addr=0x40 mem_req_n=2 mem_req_data=0x1413"},
    {"", "mem_req_valid=0 ovf_held=2"},
    {"pull=1", "pull_ans=1 pull_id=0x11"},
    {"pull=1", "pull_ans=1 pull_id=0x12"},
    {"pull=1", "pull_ans=2"}, /* empty bank, work in memory: WAIT, and a load */
    {"mem_req_ready=1", "mem_req_valid=1 mem_req_write=0 mem_req_addr=0x40 mem_req_n=1 "
                        "mem_req_tag=0 ovf_held=1"},
    {"x2", "mem_req_valid=0"},
    {"mem_resp_valid=1 mem_resp_tag=0 mem_resp_data=0x13", ""},
    {"", ""}, /* the refill slot puts 0x13 into bank 0 */
    {"pull=1", "pull_ans=1 pull_id=0x13"},
};

/* Double mode: pushes land in the next kernel's half; swap only once the
 * pull side is empty. */
static const irhw_step kernel_boundary[] = {
    {"", "cfg_ready=1 swap_ready=0"}, /* single mode: nothing to swap */
    {"wlcfg_en=1 wlcfg_double=1", "wlcfg_ok=1"},
    {"push=1 push_id=0x21", "push_ok=1 double_mode=1 swap_ready=1"},
    {"pull=1", "pull_ans=2 cfg_ready=0"},   /* 0x21 is next kernel's work: WAIT */
    {"pull=1 others_done=1", "pull_ans=3"}, /* pull side empty: DONE (no waiting bits) */
    {"swap=1", "swap_ok=1 swap_ready=1"},
    {"swap=1", "swap_ok=0 swap_ready=0"}, /* the pull side holds 0x21 */
    {"pull=1", "pull_ans=1 pull_id=0x21"},
};

static const irhw_scenario hwwl_core_scenarios[] = {
    {"push_with_bank_and_overflow_buffer_full_raises_the_exception", SMALL,
     IRHW_STEPS(exception_without_buffer)},
    {"pulls_answer_wait_until_every_lane_waits_and_others_are_done", SMALL,
     IRHW_STEPS(wait_then_done)},
    {"spills_are_coalesced_into_one_store_and_refilled_by_a_tagged_load", SMALL "COALESCE=2",
     IRHW_STEPS(spill_store_refill)},
    {"double_mode_kernel_boundary_swaps_only_an_empty_pull_side", SMALL,
     IRHW_STEPS(kernel_boundary)},
};

/* ---- the C model alone ------------------------------------------------- */

static void expect_rejected(const char *params, const char *needle)
{
    irhw_cfg c;
    irhw_inst x;
    char err[IRHW_ERRLEN];
    irhw_cfg_defaults(&irhw_block_hwwl_core, &c);
    ck_assert_int_eq(irhw_cfg_set_all(&irhw_block_hwwl_core, &c, params, err, sizeof err), 0);
    ck_assert_msg(irhw_inst_init(&x, &irhw_block_hwwl_core, &c, err, sizeof err) != 0,
                  "%s accepted", params);
    ck_assert_msg(strstr(err, needle) != NULL, "[%s] message '%s' lacks '%s'", params, err,
                  needle);
    irhw_inst_free(&x);
}

START_TEST(inconsistent_parameters_are_rejected_naming_parameter_value_and_range)
{
    expect_rejected("THRESHOLD=32", "THRESHOLD=32 is out of range: THRESHOLD must be 0..31");
    expect_rejected("OVF_CAP=8", "OVF_CAP=8 is out of range");
    expect_rejected("OVF_CAP=8", "must be 16..");
    expect_rejected("LANES=4 COALESCE=5", "COALESCE=5 is out of range");
    expect_rejected("SCHEME=none PIPELINE=2", "PIPELINE=2");
    expect_rejected("SCHEME=threshold PIPELINE=1", "PIPELINE");
    expect_rejected("OVF_CAP=65536 ADDR_BITS=16", "ADDR_BITS=16 is out of range");
}
END_TEST

START_TEST(defaults_follow_lanes_and_entries)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_hwwl_core, "LANES=8 ENTRIES=4");
    ck_assert_int_eq(x.c.v[HC_COALESCE], 8); /* one warp */
    ck_assert_int_eq(x.c.v[HC_THRESHOLD], 3);
    const hwwl_core_geom *g = hwwl_core_g(&x);
    ck_assert_uint_eq(g->wcnt_bits, 3); /* counts 0..6 for the WRU */
    irhw_inst_free(&x);
    irhw_check_inst(&x, &irhw_block_hwwl_core, "");
    ck_assert_uint_eq(hwwl_core_g(&x)->lanes * hwwl_core_g(&x)->entries * 24, 12288);
    irhw_inst_free(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hwwl_core");
    TCase *t = tcase_create("model");
    tcase_add_test(t, inconsistent_parameters_are_rejected_naming_parameter_value_and_range);
    tcase_add_test(t, defaults_follow_lanes_and_entries);
    suite_add_tcase(s, t);
    irhw_check_scenarios(s, &irhw_block_hwwl_core, hwwl_core_scenarios,
                         sizeof hwwl_core_scenarios / sizeof hwwl_core_scenarios[0]);
    return irhw_check_run(s);
}
