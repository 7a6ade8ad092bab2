/*
 * Unit tests of the partitioned IRU (model/iru.c): every element reaches
 * its home partition over the ring and is replied exactly once, by its
 * home; filters conserve elements across partitions; the ring's hop
 * latency shows in the first reply; bad PARTS, HOP, RING_W are refused
 * naming the parameter.
 */
#include <check.h>

#include "check_main.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "iru.h"

static iru_sys *sys_new(unsigned parts, unsigned hop, const char *hash)
{
    iru_cfg c;
    iru_cfg_defaults(&c);
    c.parts = parts;
    c.hop = hop;
    c.hash = hash;
    char err[IRHW_ERRLEN];
    iru_sys *s = iru_sys_new(&c, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
}

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Pushes n random elements (index < 2^16, any source partition), asks
 * steadily, flushes at the end; checks every reply against the homes and
 * counts each position. Returns the elements replied. */
static uint64_t run(iru_sys *s, unsigned parts, unsigned n, unsigned *seen, uint64_t cycles_max)
{
    uint64_t x = 88172645463325252ull, replied = 0;
    unsigned next = 0;
    iru_reply_t r;
    for (uint64_t t = 0; t < cycles_max; t++) {
        for (unsigned k = 0; k < 4 && next < n; k++) {
            uint64_t idx = rng_next(&x) & 0xffff;
            if (!iru_sys_push(s, (unsigned)(rng_next(&x) % parts), idx, next, next))
                break;
            next++;
        }
        if (t % 3 == 0)
            for (unsigned p = 0; p < parts; p++)
                if (iru_sys_waiting(s, p) < 4)
                    iru_sys_request(s, p);
        iru_sys_flush(s, next == n);
        iru_sys_step(s);
        for (unsigned p = 0; p < parts; p++)
            while (iru_sys_reply(s, p, &r))
                for (unsigned i = 0; i < r.n; i++) {
                    ck_assert_uint_eq(iru_home(s, r.e[i].idx), p);
                    ck_assert_uint_lt(r.e[i].pos, n);
                    seen[r.e[i].pos]++;
                    replied++;
                }
        if (next == n && iru_sys_held(s) == 0)
            break;
    }
    return replied;
}

START_TEST(every_element_is_replied_once_by_its_home_partition)
{
    enum { N = 20000 };
    iru_sys *s = sys_new(4, 1, "SETS=16 SLOTS=8 TIMEOUT=50");
    unsigned *seen = calloc(N, sizeof *seen);
    ck_assert_uint_eq(run(s, 4, N, seen, 200000), N);
    for (unsigned i = 0; i < N; i++)
        ck_assert_msg(seen[i] == 1, "position %u replied %u times", i, seen[i]);
    const iru_sys_stats *st = iru_sys_stats_of(s);
    ck_assert_uint_eq(st->inserted, N);
    ck_assert_uint_gt(st->ring_hops, N / 2); /* 3 of 4 elements travel, 1.5 hops each */
    ck_assert_uint_eq(iru_sys_held(s), 0);
    free(seen);
    iru_sys_free(s);
}
END_TEST

START_TEST(filters_conserve_elements_across_partitions)
{
    enum { N = 20000 };
    iru_sys *s = sys_new(4, 3, "SETS=16 SLOTS=8 TIMEOUT=50 FILTER=fadd");
    unsigned *seen = calloc(N, sizeof *seen);
    uint64_t replied = run(s, 4, N, seen, 400000);
    const iru_sys_stats *st = iru_sys_stats_of(s);
    ck_assert_uint_gt(st->merged, 0);
    ck_assert_uint_eq(replied + st->merged, N);
    ck_assert_uint_eq(iru_sys_held(s), 0);
    free(seen);
    iru_sys_free(s);
}
END_TEST

/* SLOTS elements of one line pushed at partition 0 whose home is 2: the
 * reply waits for 2 hops of HOP cycles. */
static unsigned first_reply_cycle(unsigned hop)
{
    iru_sys *s = sys_new(4, hop, "SETS=16 SLOTS=4 TIMEOUT=0");
    uint64_t base = 2ull << 5; /* block 2: 32 four-byte elements a 128-byte line */
    ck_assert_uint_eq(iru_home(s, base), 2);
    for (unsigned i = 0; i < 4; i++)
        ck_assert(iru_sys_push(s, 0, base + i, 0, i));
    iru_sys_request(s, 2);
    iru_reply_t r;
    for (unsigned t = 1; t < 200; t++) {
        iru_sys_step(s);
        if (iru_sys_reply(s, 2, &r)) {
            ck_assert_uint_eq(r.n, 4);
            iru_sys_free(s);
            return t;
        }
    }
    iru_sys_free(s);
    return 0;
}

START_TEST(ring_hops_delay_the_reply_by_hop_latency)
{
    unsigned t1 = first_reply_cycle(1), t4 = first_reply_cycle(4);
    ck_assert_uint_gt(t1, 0);
    ck_assert_uint_eq(t4 - t1, 2 * 3); /* two hops, 3 more cycles each */
}
END_TEST

static void expect_refused(unsigned parts, unsigned hop, unsigned ring_w, const char *hash,
                           const char *name)
{
    iru_cfg c;
    iru_cfg_defaults(&c);
    c.parts = parts;
    c.hop = hop;
    c.ring_w = ring_w;
    c.hash = hash;
    char err[IRHW_ERRLEN] = "";
    iru_sys *s = iru_sys_new(&c, err, sizeof err);
    ck_assert_msg(s == NULL, "%s accepted", name);
    ck_assert_msg(strstr(err, name) != NULL, "message '%s' does not name %s", err, name);
}

START_TEST(bad_parameters_are_refused_naming_them)
{
    expect_refused(3, 1, 2, "", "PARTS");
    expect_refused(32, 1, 2, "SETS=16", "PARTS");
    expect_refused(4, 0, 2, "", "HOP");
    expect_refused(4, 1, 0, "", "RING_W");
    expect_refused(4, 1, 2, "LINE_BYTES=2048", "PARTS");
    expect_refused(4, 1, 2, "SETS=3", "SETS");
}
END_TEST

static Suite *iru_suite(void)
{
    Suite *s = suite_create("iru");
    TCase *t = tcase_create("model");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, every_element_is_replied_once_by_its_home_partition);
    tcase_add_test(t, filters_conserve_elements_across_partitions);
    tcase_add_test(t, ring_hops_delay_the_reply_by_hop_latency);
    tcase_add_test(t, bad_parameters_are_refused_naming_them);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return irhw_check_run(iru_suite());
}
