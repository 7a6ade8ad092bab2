/*
 * Tests of the multi-core hardware worklist (model/hwwl.c, gen/hwwl.c).
 * Directed scenarios are cycle tables run on the C model and on the
 * Verilated RTL (tests/unit/scenario_check.h): a donation from a greedy core
 * reaches a needy core through the network; DONE reaches the lanes only
 * after the network has drained; a swap is refused while an ID is inside
 * the network, though every core alone would take it; wlinit gives core c
 * its buffer at base + c*size and is answered per core. On the model
 * alone: parameter rejection naming the parameter (the parts' too), the
 * core's derived defaults, and SCHEME=gsorting / magic (model only) under
 * random stimulus with the conservation checker.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "scenario_check.h"

#include "hwwl.h"

/* CORES=2 LANES=2 ID_BITS=8: core c's lane l is bit c*2+l of push/pull,
 * bits [2*(c*2+l) +: 2] of pull_ans and [8*(c*2+l) +: 8] of push_id/pull_id;
 * per-core bits (don_valid, core_empty, ...) at bit c. */
#define SMALL "CORES=2 LANES=2 ENTRIES=4 ID_BITS=8 INTERVAL=1 OVF_CAP=8 ADDR_BITS=8 "

/* Core 0 holds two IDs in each bank: greedy; core 1 holds none: needy. The
 * WRU's donor word leaves core 0 (don_valid) and arrives two hops later at
 * core 1 (rcv_valid), whose lanes then pull it. */
static const irhw_step donation_reaches_needy_core[] = {
    {"push=3 push_id=0x1211", "push_ok=3"},
    {"push=3 push_id=0x1413", "push_ok=3 core_greedy=0"},
    {"", "core_greedy=1 don_valid=0"},
    {"", "core_greedy=1 don_valid=1 don_id=0x12 net_held=0"},
    {"", "net_held=1 rcv_valid=0"},
    {"", "don_valid=1 don_id=0x11 rcv_valid=2 rcv_id=0x1200 net_held=1"},
    {"", "net_held=1"},
    {"", "rcv_valid=2 rcv_id=0x1100 net_held=1"},
    {"pull=0xc", "pull_ans=0x90 pull_id=0x120000 net_held=0"}, /* core 1 lane 0: ID, lane 1: WAIT */
    {"pull=0xc", "pull_ans=0x60 pull_id=0x11000000"},
    {"pull=0xf", "pull_ans=0xa5 pull_id=0x1413"}, /* core 0's own two */
    {"pull=0xf", "pull_ans=0xaa all_done=0"},     /* lanes 0,1 have not waited */
    {"pull=0xf", "pull_ans=0xff all_done=1 core_empty=3"},
};

/* THRESHOLD=0: core 0's single ID makes it greedy, and it donates it.
 * While the ID is in the network every core is empty, yet the lanes get
 * WAIT: all_done needs the network empty too. */
static const irhw_step done_after_network_drains[] = {
    {"pull=0xf", "pull_ans=0xaa all_done=0"}, /* every lane waits once */
    {"push=1 push_id=0x11 pull=0xe", "push_ok=1 pull_ans=0xfc all_done=1"},
    {"pull=0xe", "pull_ans=0xa8 all_done=0 core_greedy=1"},
    {"pull=0xe", "pull_ans=0xa8 don_valid=1 don_id=0x11"},
    {"pull=0xe", "pull_ans=0xa8 core_empty=3 net_held=1 all_done=0"}, /* in the network only */
    {"pull=0xe", "pull_ans=0xa8 core_empty=3 rcv_valid=2 rcv_id=0x1100 all_done=0"},
    {"pull=0xe", "pull_ans=0xa8 core_empty=1 net_held=0"}, /* in core 1's rx register */
    {"pull=0xe", "pull_ans=0x98 pull_id=0x110000"},        /* core 1 lane 0 takes it */
    {"pull=0xf", "pull_ans=0xaa all_done=0"},              /* lane 2 has not waited since */
    {"pull=0xf", "pull_ans=0xff all_done=1"},
};

/* Double mode: the pushed ID becomes the pull side at a swap; donated, it
 * sits in the network while both cores are drained: swap is refused until
 * it is delivered and pulled. */
static const irhw_step swap_waits_for_network[] = {
    {"wlcfg_en=1 wlcfg_double=1", "wlcfg_ok=1"},
    {"push=1 push_id=0x21", "push_ok=1 double_mode=3 swap_ready=1"},
    {"swap=1", "swap_ok=1"},
    {"swap=1", "swap_ok=0 swap_ready=0 core_greedy=1"},
    {"swap=1", "swap_ok=0 don_valid=1 don_id=0x21"},
    {"swap=1", "swap_ok=0 swap_ready=0 core_empty=3 net_held=1"}, /* every core would swap */
    {"swap=1", "swap_ok=0 rcv_valid=2 rcv_id=0x2100"},
    {"swap=1", "swap_ok=0"},
    {"pull=0xc", "pull_ans=0x90 pull_id=0x210000"},
    {"pull=0xc", "pull_ans=0xf0 swap_ready=1"},
    {"swap=1", "swap_ok=1"},
};

/* wlinit: core c's buffer at base + c*size; a core whose buffer holds work
 * refuses a second wlinit while the other takes it. */
static const irhw_step wlinit_per_core_offsets[] = {
    {"wlinit_en=1 wlinit_base=0x10 wlinit_size=3", "wlinit_ok=3"},
    {"push=4 push_id=0x310000", "push_ok=4"},
    {"push=4 push_id=0x320000", "push_ok=4"},
    {"push=4 push_id=0x330000", "push_ok=4"}, /* core 1's bank is full: spilled */
    {"", "mem_req_valid=0"},
    {"mem_req_ready=2", "mem_req_valid=2 mem_req_write=2 mem_req_addr=0x1300 mem_req_n=0x4"},
    {"", "mem_req_valid=0 ovf_held=0x10"}, /* core 1's buffer holds one ID */
    {"wlinit_en=1 wlinit_base=0x40 wlinit_size=3", "wlinit_ok=1"},
};

static const irhw_scenario hwwl_scenarios[] = {
    {"a_donation_from_a_greedy_core_reaches_a_needy_core", SMALL "THRESHOLD=1",
     IRHW_STEPS(donation_reaches_needy_core)},
    {"done_reaches_the_lanes_only_after_the_network_drains", SMALL "THRESHOLD=0",
     IRHW_STEPS(done_after_network_drains)},
    {"swap_is_refused_while_an_id_is_inside_the_network", SMALL "THRESHOLD=0",
     IRHW_STEPS(swap_waits_for_network)},
    {"wlinit_gives_core_c_its_buffer_at_base_plus_c_times_size",
     "CORES=2 LANES=2 ENTRIES=2 ID_BITS=8 SCHEME=none OVF_CAP=8 ADDR_BITS=8",
     IRHW_STEPS(wlinit_per_core_offsets)},
};

/* ---- the C model alone ------------------------------------------------- */

static void expect_rejected(const char *params, const char *needle)
{
    irhw_cfg c;
    irhw_inst x;
    char err[IRHW_ERRLEN];
    irhw_cfg_defaults(&irhw_block_hwwl, &c);
    ck_assert_int_eq(irhw_cfg_set_all(&irhw_block_hwwl, &c, params, err, sizeof err), 0);
    ck_assert_msg(irhw_inst_init(&x, &irhw_block_hwwl, &c, err, sizeof err) != 0, "%s accepted",
                  params);
    ck_assert_msg(strstr(err, needle) != NULL, "[%s] message '%s' lacks '%s'", params, err, needle);
    irhw_inst_free(&x);
}

START_TEST(parameters_a_part_rejects_are_named_with_the_part)
{
    expect_rejected("THRESHOLD=32", "THRESHOLD=32 is out of range: THRESHOLD must be 0..31");
    expect_rejected("THRESHOLD=32", "(in the system's hwwl_core)");
    expect_rejected("LANES=4 COALESCE=5", "COALESCE=5 is out of range");
    expect_rejected("OVF_CAP=8", "OVF_CAP=8 is out of range");
    expect_rejected("SCHEME=none PIPELINE=2", "PIPELINE=2");
    /* static ranges, the system's and the core's, when they are set */
    const char *const set[][2] = {{"ENTRIES=1", "ENTRIES=1 is out of range"},
                                  {"CORES=17", "CORES=17 is out of range: CORES must be 2..16"},
                                  {"RADIX=1", "RADIX=1 is out of range"},
                                  {"BUF_DEPTH=0", "BUF_DEPTH=0 is out of range"}};
    for (unsigned i = 0; i < sizeof set / sizeof set[0]; i++) {
        irhw_cfg c;
        char err[IRHW_ERRLEN];
        irhw_cfg_defaults(&irhw_block_hwwl, &c);
        ck_assert_int_ne(irhw_cfg_set_all(&irhw_block_hwwl, &c, set[i][0], err, sizeof err), 0);
        ck_assert_msg(strstr(err, set[i][1]) != NULL, "message '%s' lacks '%s'", err, set[i][1]);
    }
}
END_TEST

START_TEST(the_cores_defaults_follow_lanes_and_entries)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_hwwl, "LANES=8 ENTRIES=4");
    ck_assert_int_eq(x.c.v[HW_COALESCE], 8); /* one warp */
    ck_assert_int_eq(x.c.v[HW_THRESHOLD], 3);
    const hwwl_geom *g = hwwl_g(&x);
    ck_assert_uint_eq(g->core.coalesce, 8);
    ck_assert_uint_eq(g->core.threshold, 3);
    irhw_inst_free(&x);
    irhw_check_inst(&x, &irhw_block_hwwl, "");
    g = hwwl_g(&x);
    ck_assert_uint_eq(g->cores, 4);
    ck_assert_uint_eq(g->core.lanes * g->core.entries * g->core.id_bits, 12288);
    ck_assert_uint_eq(g->net_cap, 16); /* 8 FIFOs of 2 entries */
    /* the widest bus: 4 cores x 16 lanes x 24 b */
    ck_assert_uint_eq(x.ps.p[irhw_port_find(&x.ps, "push_id")].width, 1536);
    irhw_inst_free(&x);
}
END_TEST

/* SCHEME=gsorting / magic (model only): random stimulus with the block's
 * own checker (one pull-side set for all cores), long enough to drain. */
static void random_run_checked(const char *params, uint64_t seed, uint64_t *moves)
{
    const irhw_block *b = &irhw_block_hwwl;
    irhw_inst x;
    char err[IRHW_ERRLEN];
    irhw_check_inst(&x, b, params);
    const irhw_ports ps = x.ps;
    void *m = irhw_model_create(&x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    uint64_t cycles = b->min_cycles(&x, err, sizeof err);
    cycles = cycles > 6000 ? cycles : 6000;
    void *st = b->stim_new(&x, seed, cycles, IRHW_STIM_MIXED);
    void *k = b->check_new(&x);
    uint64_t *in = calloc(ps.in_words + 1, 8), *out = calloc(ps.out_words + 1, 8);
    uint64_t *prev = calloc(ps.out_words + 1, 8);
    for (uint64_t cy = 0; cy < cycles; cy++) {
        memset(in, 0, ps.in_words * 8);
        b->stim_next(st, cy, prev, in);
        b->model_eval(m, in, out);
        ck_assert_msg(b->check_cycle(k, cy, in, out, err, sizeof err) == 0, "[%s] %s", params, err);
        b->model_tick(m, in);
        memcpy(prev, out, ps.out_words * 8);
    }
    ck_assert_msg(b->check_end(k, err, sizeof err) == 0, "[%s] %s", params, err);
    char *txt = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&txt, &len);
    b->model_stats(m, f);
    fclose(f);
    const char *p = strstr(txt, "system-wide moves (");
    ck_assert_msg(p && sscanf(strchr(p, ')'), ") %" SCNu64, moves) == 1, "%s", txt);
    free(txt);
    b->check_free(k);
    b->stim_free(st);
    b->model_free(m);
    irhw_inst_free(&x);
    free(in);
    free(out);
    free(prev);
}

START_TEST(gsorting_and_magic_conserve_work_under_random_stimulus)
{
    static const char *const cfg[] = {
        "SCHEME=gsorting CORES=2 LANES=4 ENTRIES=8 INTERVAL=1 OVF_CAP=16 ADDR_BITS=8",
        "SCHEME=magic CORES=2 LANES=4 ENTRIES=8 OVF_CAP=16 ADDR_BITS=8",
        "SCHEME=magic CORES=3 LANES=2 ENTRIES=4 STORAGE=sram OVF_CAP=8 ADDR_BITS=8",
        "SCHEME=gsorting CORES=4 LANES=4 ENTRIES=16 THRESHOLD=5 STORAGE=sram",
    };
    for (unsigned i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
        uint64_t moves = 0;
        random_run_checked(cfg[i], 7 + i, &moves);
        ck_assert_msg(moves > 0, "[%s] moved nothing", cfg[i]);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hwwl");
    TCase *t = tcase_create("model");
    tcase_add_test(t, parameters_a_part_rejects_are_named_with_the_part);
    tcase_add_test(t, the_cores_defaults_follow_lanes_and_entries);
    tcase_add_test(t, gsorting_and_magic_conserve_work_under_random_stimulus);
    suite_add_tcase(s, t);
    irhw_check_scenarios(s, &irhw_block_hwwl, hwwl_scenarios,
                         sizeof hwwl_scenarios / sizeof hwwl_scenarios[0]);
    return irhw_check_run(s);
}
