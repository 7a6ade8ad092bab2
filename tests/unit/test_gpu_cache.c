/*
 * Tests of the GPU model's cache (sim/gpu_cache.c) on tiny configurations:
 * hits and misses, LRU replacement within a set, dirty evictions, the
 * geometry rounded to whole sets, a cache that is off.
 */
#include "check_main.h"
#include "gpu_cache.h"

/* 2 sets x 2 ways of 16-byte lines: lines 0, 2, 4 share set 0. */
static void tiny(gpu_cache *c)
{
    ck_assert_int_eq(gpu_cache_init(c, 64, 2, 16), 0);
    ck_assert_uint_eq(c->sets, 2);
    ck_assert_uint_eq(c->ways, 2);
}

/* Looks the line up and fills it on a miss: 1 on a hit. */
static int touch(gpu_cache *c, uint64_t line)
{
    int ev, dirty;
    if (gpu_cache_find(c, line))
        return 1;
    gpu_cache_fill(c, line, &ev, &dirty);
    return 0;
}

START_TEST(a_repeated_access_hits)
{
    gpu_cache c;
    tiny(&c);
    ck_assert_int_eq(touch(&c, 5), 0);
    ck_assert_int_eq(touch(&c, 5), 1);
    ck_assert_int_eq(touch(&c, 5), 1);
    gpu_cache_free(&c);
}
END_TEST

START_TEST(the_least_recently_used_way_is_replaced)
{
    gpu_cache c;
    tiny(&c);
    touch(&c, 0);
    touch(&c, 2);
    ck_assert_int_eq(touch(&c, 0), 1); /* 0 is now newer than 2 */
    ck_assert_int_eq(touch(&c, 4), 0); /* evicts 2 */
    ck_assert_int_eq(touch(&c, 0), 1);
    ck_assert_int_eq(touch(&c, 2), 0); /* gone; evicts 4 */
    ck_assert_int_eq(touch(&c, 4), 0);
    gpu_cache_free(&c);
}
END_TEST

START_TEST(sets_do_not_share_ways)
{
    gpu_cache c;
    tiny(&c);
    touch(&c, 0);
    touch(&c, 2);
    touch(&c, 1); /* set 1 */
    touch(&c, 3);
    ck_assert_int_eq(touch(&c, 0), 1);
    ck_assert_int_eq(touch(&c, 2), 1);
    ck_assert_int_eq(touch(&c, 1), 1);
    ck_assert_int_eq(touch(&c, 3), 1);
    gpu_cache_free(&c);
}
END_TEST

START_TEST(a_dirty_line_evicted_is_reported)
{
    gpu_cache c;
    int ev, dirty;
    tiny(&c);
    gpu_line *l = gpu_cache_fill(&c, 0, &ev, &dirty);
    ck_assert_int_eq(ev, 0);
    l->dirty = 1;
    gpu_cache_fill(&c, 2, &ev, &dirty);
    ck_assert_int_eq(ev, 0); /* an invalid way first */
    gpu_cache_fill(&c, 4, &ev, &dirty);
    ck_assert_int_eq(ev, 1);
    ck_assert_int_eq(dirty, 1); /* line 0, the oldest, was dirty */
    gpu_cache_fill(&c, 6, &ev, &dirty);
    ck_assert_int_eq(ev, 1);
    ck_assert_int_eq(dirty, 0);
    gpu_cache_free(&c);
}
END_TEST

START_TEST(the_capacity_rounds_down_to_whole_sets)
{
    gpu_cache c;
    ck_assert_int_eq(gpu_cache_init(&c, 100, 2, 16), 0); /* 6 lines: 3 sets of 2 */
    ck_assert_uint_eq(c.sets, 3);
    ck_assert_uint_eq(gpu_cache_bytes(&c, 16), 96);
    gpu_cache_free(&c);
    ck_assert_int_eq(gpu_cache_init(&c, 32, 4, 16), 0); /* 2 lines: one set of 2 ways */
    ck_assert_uint_eq(c.sets, 1);
    ck_assert_uint_eq(c.ways, 2);
    gpu_cache_free(&c);
    ck_assert_int_eq(gpu_cache_init(&c, 8192, 4, 128), 0); /* Table IV's L1 */
    ck_assert_uint_eq(c.sets, 16);
    gpu_cache_free(&c);
}
END_TEST

START_TEST(zero_bytes_is_off)
{
    gpu_cache c;
    ck_assert_int_eq(gpu_cache_init(&c, 0, 4, 128), 0);
    ck_assert_uint_eq(c.sets, 0);
    ck_assert_uint_eq(gpu_cache_bytes(&c, 128), 0);
    ck_assert_int_eq(gpu_cache_init(&c, 64, 4, 128), 0); /* not one line */
    ck_assert_uint_eq(c.sets, 0);
    gpu_cache_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gpu_cache");
    TCase *t = tcase_create("cache");
    tcase_add_test(t, a_repeated_access_hits);
    tcase_add_test(t, the_least_recently_used_way_is_replaced);
    tcase_add_test(t, sets_do_not_share_ways);
    tcase_add_test(t, a_dirty_line_evicted_is_reported);
    tcase_add_test(t, the_capacity_rounds_down_to_whole_sets);
    tcase_add_test(t, zero_bytes_is_off);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
