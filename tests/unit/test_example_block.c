/*
 * A block added by its own files only. The example counter
 * (tests/unit/example_block/) is compiled into this test binary — the way a
 * user's block would be compiled into their own tool — and goes through
 * the generic code, none of which names it: instance and derived defaults,
 * generation (lint-clean as one design), directed scenarios on the model
 * and the Verilated RTL, lockstep co-simulation, a hand-made RTL fault
 * caught by the same co-simulation, and the replay command of an end-of-run
 * checker failure.
 */
#include "check_main.h"
#include "cosim.h"
#include "scenario_check.h"

/* The block's own sources (see tests/unit/example_block/counter.h). */
#include "example_block/counter.c"
#include "example_block/counter_block.c"
#include "example_block/counter_gen.c"
#include "example_block/counter_stim.c"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const irhw_step counts_and_wraps[] = {
    {"en=1", "count=0 wrap=0"},
    {"en=1", "count=1"},
    {"en=1", "count=2 wrap=1"}, /* MAX=2: wraps now */
    {"", "count=0"},
    {"load=1 load_val=3", "load_ok=0"}, /* above MAX: refused */
    {"load=1 load_val=2 en=1", "load_ok=1 wrap=0 count=0"},
    {"", "count=2"},
};

static const irhw_scenario counter_scenarios[] = {
    {"counts_wraps_after_max_and_refuses_loads_above_it", "WIDTH=4 MAX=2",
     IRHW_STEPS(counts_and_wraps)},
};

START_TEST(max_not_set_is_derived_from_width_and_a_max_set_too_large_is_rejected)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_counter, "WIDTH=5");
    ck_assert_int_eq(x.c.v[CT_MAX], 31);
    ck_assert_str_eq(x.module, "counter_w5_m31");
    irhw_inst_free(&x);
    irhw_cfg c;
    char err[IRHW_ERRLEN];
    irhw_cfg_defaults(&irhw_block_counter, &c);
    ck_assert_int_eq(irhw_cfg_set_all(&irhw_block_counter, &c, "WIDTH=3 MAX=9", err, sizeof err),
                     0);
    ck_assert_int_eq(irhw_inst_init(&x, &irhw_block_counter, &c, err, sizeof err), -1);
    irhw_inst_free(&x);
    ck_assert_ptr_nonnull(strstr(err, "MAX=9"));
    ck_assert_ptr_nonnull(strstr(err, "1..7"));
}
END_TEST

/* Generates the default counter into a fresh folder; returns the file. */
static void gen_to(const irhw_inst *x, char *dir, size_t dlen, char *path, size_t plen)
{
    char err[IRHW_ERRLEN];
    snprintf(dir, dlen, "/tmp/irhw_example.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, plen, "%s/%s.v", dir, x->module);
    char *v = irhw_generate(x, err, sizeof err);
    ck_assert_msg(v != NULL, "%s", err);
    ck_assert_int_eq(irhw_write_file(path, v, err, sizeof err), 0);
    free(v);
}

START_TEST(generated_rtl_is_lint_clean_as_one_design)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_counter, "");
    char dir[64], path[256], cmd[600];
    gen_to(&x, dir, sizeof dir, path, sizeof path);
    snprintf(cmd, sizeof cmd, "verilator --lint-only -Wall %s/*.v > %s/lint.log 2>&1", dir, dir);
    ck_assert_msg(system(cmd) == 0, "verilator -Wall rejected %s (see %s/lint.log)", path, dir);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    irhw_inst_free(&x);
}
END_TEST

static int cosim(const irhw_inst *x, const char *const *rtl, unsigned nrtl, irhw_cosim_res *r)
{
    irhw_cosim_req q = {0};
    q.x = x;
    q.cycles = 20000;
    q.seed = 3;
    q.quiet = 1;
    q.rtl_files = rtl;
    q.nrtl = nrtl;
    char err[4096];
    int rc = irhw_cosim(&q, r, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    return r->equal;
}

START_TEST(the_model_and_the_generated_rtl_agree_every_cycle)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_counter, "WIDTH=3");
    irhw_cosim_res r;
    ck_assert_msg(cosim(&x, NULL, 0, &r), "%s", r.message);
    ck_assert_uint_eq(r.cycles_run, 20000);
    irhw_inst_free(&x);
}
END_TEST

START_TEST(a_faulty_rtl_is_caught_by_the_same_cosimulation)
{
    irhw_inst x;
    irhw_check_inst(&x, &irhw_block_counter, "WIDTH=3");
    char dir[64], path[256], cmd[800];
    gen_to(&x, dir, sizeof dir, path, sizeof path);
    /* the wrap no longer yields to a load */
    snprintf(cmd, sizeof cmd, "sed -i 's/assign wrap    = ~load \\& en/assign wrap    = en/' %s",
             path);
    ck_assert_int_eq(system(cmd), 0);
    char *t = irhw_read_file(path, NULL);
    ck_assert_ptr_nonnull(strstr(t, "assign wrap    = en &"));
    free(t);
    const char *rtl[] = {path};
    irhw_cosim_res r;
    ck_assert_int_eq(cosim(&x, rtl, 1, &r), 0);
    ck_assert_ptr_nonnull(strstr(r.message, "port wrap"));
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    irhw_inst_free(&x);
}
END_TEST

/* The counter with a checker that fails at the end of a run of 1000
 * cycles or more, as a drain that leaves work behind does: the printed
 * replay must give the run's --cycles (the failing cycle + 1 was 1 here:
 * a one-cycle run, which passes). */
static int long_run_check_end(void *k, char *err, size_t errlen)
{
    return *(uint64_t *)k >= 1000 ? irhw_err(err, errlen, "work left at the end") : 0;
}
static void *long_run_check_new(const irhw_inst *x)
{
    (void)x;
    return calloc(1, sizeof(uint64_t));
}
static int long_run_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                                char *err, size_t errlen)
{
    (void)cycle, (void)in, (void)out, (void)err, (void)errlen;
    ++*(uint64_t *)k;
    return 0;
}

static irhw_cosim_res run_for(const irhw_inst *x, uint64_t cycles)
{
    irhw_cosim_req q = {0};
    q.x = x;
    q.cycles = cycles;
    q.seed = 3;
    q.quiet = 1;
    irhw_cosim_res r;
    char err[4096];
    ck_assert_msg(irhw_cosim(&q, &r, err, sizeof err) == 0, "%s", err);
    return r;
}

START_TEST(an_end_of_run_failure_replays_with_the_runs_own_cycles)
{
    irhw_block b = irhw_block_counter;
    b.check_new = long_run_check_new;
    b.check_free = free;
    b.check_cycle = long_run_check_cycle;
    b.check_end = long_run_check_end;
    irhw_inst x;
    irhw_check_inst(&x, &b, "WIDTH=3");
    irhw_cosim_res r = run_for(&x, 5000);
    ck_assert_int_eq(r.equal, 0);
    ck_assert_msg(strstr(r.message, "CHECK FAILED counter at the end of the run") == r.message,
                  "%s", r.message);
    ck_assert_uint_eq(r.mismatch_cycle, 4999);
    const char *c = strstr(r.message, " --cycles ");
    ck_assert_ptr_nonnull(c);
    ck_assert_ptr_nonnull(strstr(r.message, " --wave-from 4799"));
    /* the printed length replays the failure */
    irhw_cosim_res again = run_for(&x, strtoull(c + 10, NULL, 10));
    ck_assert_int_eq(again.equal, 0);
    ck_assert_str_eq(again.message, r.message);
    irhw_inst_free(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("example_block");
    TCase *t = tcase_create("example");
    tcase_set_timeout(t, 900);
    tcase_add_test(t, max_not_set_is_derived_from_width_and_a_max_set_too_large_is_rejected);
    tcase_add_test(t, generated_rtl_is_lint_clean_as_one_design);
    tcase_add_test(t, the_model_and_the_generated_rtl_agree_every_cycle);
    tcase_add_test(t, a_faulty_rtl_is_caught_by_the_same_cosimulation);
    tcase_add_test(t, an_end_of_run_failure_replays_with_the_runs_own_cycles);
    suite_add_tcase(s, t);
    irhw_check_scenarios(s, &irhw_block_counter, counter_scenarios,
                         sizeof counter_scenarios / sizeof counter_scenarios[0]);
    return irhw_check_run(s);
}
