/*
 * Unit tests of the sorting-network library (model/sortnet.c): the 0-1
 * principle over every network the library builds for n <= 24 (all 2^n
 * inputs of 0s and 1s, 64 per machine word; the table of sizes and depths is
 * printed), the best known sizes and depths the spec names, layering,
 * pruning of padded networks, sorting of random integers for n up to 64, and
 * that a broken network is caught.
 */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "irhw.h"
#include "sortnet.h"

START_TEST(every_network_up_to_24_inputs_sorts_all_01_inputs)
{
    clock_t t0 = clock();
    printf(
        "  n  bitonic  oddeven  best     bestdepth   (comparators/layers, all 2^n 0-1 inputs)\n");
    for (unsigned n = 2; n <= 24; n++) {
        char row[160];
        size_t o = (size_t)snprintf(row, sizeof row, " %2u", n);
        for (int k = 0; k < SORTNET_NKINDS; k++) {
            sortnet *s = sortnet_make((sortnet_kind)k, n);
            ck_assert_ptr_nonnull(s);
            uint64_t bad = 0;
            int ok = sortnet_sorts_all_01(s, &bad);
            ck_assert_msg(ok == 1, "%s network on %u wires does not sort 0-1 input 0x%llx",
                          sortnet_kind_name((sortnet_kind)k), n, (unsigned long long)bad);
            char cell[24];
            snprintf(cell, sizeof cell, "%u/%u", s->size, s->depth);
            o += (size_t)snprintf(row + o, sizeof row - o, "  %-7s", cell);
            sortnet_free(s);
        }
        printf("%s\n", row);
    }
    printf("  0-1 proofs for n <= 24: %.2f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
}
END_TEST

START_TEST(best_networks_have_the_best_known_sizes_up_to_16)
{
    static const unsigned size[17] = {0, 0, 1, 3, 5, 9, 12, 16, 19, 25, 29, 35, 39, 45, 51, 56, 60};
    for (unsigned n = 2; n <= 16; n++)
        ck_assert_msg(sortnet_size_of(SORTNET_BEST, n) == size[n],
                      "best(%u) has %u comparators, "
                      "the best known is %u",
                      n, sortnet_size_of(SORTNET_BEST, n), size[n]);
}
END_TEST

START_TEST(spec_figures_hold_for_4_8_and_16_inputs)
{
    ck_assert_uint_eq(sortnet_size_of(SORTNET_BEST, 4), 5);
    ck_assert_uint_eq(sortnet_depth_of(SORTNET_BEST, 4), 3);
    ck_assert_uint_eq(sortnet_size_of(SORTNET_BEST, 8), 19);
    ck_assert_uint_eq(sortnet_depth_of(SORTNET_BEST, 8), 6);
    ck_assert_uint_eq(sortnet_size_of(SORTNET_BEST, 16), 60);
    ck_assert_uint_eq(sortnet_depth_of(SORTNET_BEST, 16), 10);
    ck_assert_uint_eq(sortnet_size_of(SORTNET_BESTDEPTH, 16), 61);
    ck_assert_uint_eq(sortnet_depth_of(SORTNET_BESTDEPTH, 16), 9);
    ck_assert_uint_eq(sortnet_size_of(SORTNET_ODDEVEN, 16), 63);
    ck_assert_uint_eq(sortnet_depth_of(SORTNET_ODDEVEN, 16), 10);
    ck_assert_uint_eq(sortnet_size_of(SORTNET_BITONIC, 16), 80);
    ck_assert_uint_eq(sortnet_depth_of(SORTNET_BITONIC, 16), 10);
}
END_TEST

START_TEST(bestdepth_is_never_deeper_and_best_never_larger_than_the_others)
{
    for (unsigned n = 2; n <= 64; n++) {
        unsigned size[SORTNET_NKINDS], depth[SORTNET_NKINDS];
        for (int k = 0; k < SORTNET_NKINDS; k++) {
            sortnet *s = sortnet_make((sortnet_kind)k, n);
            ck_assert_ptr_nonnull(s);
            size[k] = s->size;
            depth[k] = s->depth;
            sortnet_free(s);
        }
        for (int k = 0; k < SORTNET_NKINDS; k++) {
            ck_assert_msg(size[SORTNET_BEST] <= size[k], "best(%u) larger than %s", n,
                          sortnet_kind_name((sortnet_kind)k));
            ck_assert_msg(depth[SORTNET_BESTDEPTH] <= depth[k], "bestdepth(%u) deeper than %s", n,
                          sortnet_kind_name((sortnet_kind)k));
        }
    }
    /* n = 32: two best 16-sorters and a 32-wire merge, the best known size. */
    ck_assert_uint_eq(sortnet_size_of(SORTNET_BEST, 32), 185);
}
END_TEST

START_TEST(layers_are_disjoint_ordered_and_wires_in_range)
{
    for (unsigned n = 2; n <= 64; n++)
        for (int k = 0; k < SORTNET_NKINDS; k++) {
            sortnet *s = sortnet_make((sortnet_kind)k, n);
            ck_assert_ptr_nonnull(s);
            ck_assert_uint_eq(s->layer_off[0], 0);
            ck_assert_uint_eq(s->layer_off[s->depth], s->size);
            for (unsigned L = 1; L <= s->depth; L++) {
                uint64_t used[SORTNET_MAX_N / 64] = {0};
                ck_assert_msg(s->layer_off[L] > s->layer_off[L - 1], "empty layer %u", L);
                for (unsigned i = s->layer_off[L - 1]; i < s->layer_off[L]; i++) {
                    const sortnet_cmp *c = &s->c[i];
                    ck_assert_uint_eq(c->layer, L);
                    ck_assert_msg(c->lo < c->hi && c->hi < n, "comparator (%u, %u) on %u wires",
                                  c->lo, c->hi, n);
                    if (i > s->layer_off[L - 1])
                        ck_assert_uint_lt(s->c[i - 1].lo, c->lo);
                    for (unsigned x = 0; x < 2; x++) {
                        unsigned wv = x ? c->hi : c->lo;
                        ck_assert_msg(!((used[wv / 64] >> (wv % 64)) & 1),
                                      "wire %u twice in layer %u", wv, L);
                        used[wv / 64] |= (uint64_t)1 << (wv % 64);
                    }
                }
            }
            sortnet_free(s);
        }
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

START_TEST(random_integers_come_out_sorted_for_every_size_up_to_64)
{
    uint64_t seed = (uint64_t)time(NULL);
    irhw_rng r;
    irhw_rng_seed(&r, seed);
    for (unsigned n = 2; n <= 64; n++)
        for (int k = 0; k < SORTNET_NKINDS; k++) {
            sortnet *s = sortnet_make((sortnet_kind)k, n);
            for (int t = 0; t < 200; t++) {
                uint64_t v[64], ref[64];
                unsigned span = t % 2 ? 4 : 1000; /* many ties, or few */
                for (unsigned i = 0; i < n; i++)
                    v[i] = ref[i] = irhw_rng_below(&r, span);
                sortnet_apply(s, v);
                qsort(ref, n, sizeof *ref, cmp_u64);
                ck_assert_msg(memcmp(v, ref, n * sizeof *v) == 0,
                              "%s(%u) failed on a random input (seed %llu)",
                              sortnet_kind_name((sortnet_kind)k), n, (unsigned long long)seed);
            }
            sortnet_free(s);
        }
}
END_TEST

START_TEST(layer_ranges_compose_to_the_whole_network)
{
    sortnet *s = sortnet_best(13);
    irhw_rng r;
    irhw_rng_seed(&r, 5);
    for (int t = 0; t < 100; t++) {
        uint64_t a[13], b[13];
        for (unsigned i = 0; i < 13; i++)
            a[i] = b[i] = irhw_rng_below(&r, 50);
        sortnet_apply(s, a);
        for (unsigned L = 1; L <= s->depth; L += 3)
            sortnet_apply_layers(s, b, L, L + 2);
        ck_assert(memcmp(a, b, sizeof a) == 0);
    }
    sortnet_free(s);
}
END_TEST

START_TEST(a_network_missing_one_comparator_is_caught_by_the_01_test)
{
    sortnet *s = sortnet_best(16);
    s->size--; /* drop the last comparator */
    s->layer_off[s->depth]--;
    uint64_t bad = 0;
    ck_assert_int_eq(sortnet_sorts_all_01(s, &bad), 0);
    ck_assert_uint_ne(bad, 0);
    s->size++;
    s->layer_off[s->depth]++;
    sortnet_free(s);
}
END_TEST

START_TEST(bad_sizes_are_refused)
{
    ck_assert_ptr_null(sortnet_make(SORTNET_BEST, 0));
    ck_assert_ptr_null(sortnet_make(SORTNET_BEST, 1));
    ck_assert_ptr_null(sortnet_make(SORTNET_BITONIC, SORTNET_MAX_N + 1));
    ck_assert_ptr_null(sortnet_make(SORTNET_NKINDS, 8));
    ck_assert_uint_eq(sortnet_size_of(SORTNET_ODDEVEN, 1), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sortnet");
    TCase *t = tcase_create("networks");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, every_network_up_to_24_inputs_sorts_all_01_inputs);
    tcase_add_test(t, best_networks_have_the_best_known_sizes_up_to_16);
    tcase_add_test(t, spec_figures_hold_for_4_8_and_16_inputs);
    tcase_add_test(t, bestdepth_is_never_deeper_and_best_never_larger_than_the_others);
    tcase_add_test(t, layers_are_disjoint_ordered_and_wires_in_range);
    tcase_add_test(t, random_integers_come_out_sorted_for_every_size_up_to_64);
    tcase_add_test(t, layer_ranges_compose_to_the_whole_network);
    tcase_add_test(t, a_network_missing_one_comparator_is_caught_by_the_01_test);
    tcase_add_test(t, bad_sizes_are_refused);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
