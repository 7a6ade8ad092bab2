/*
 * The two-thread ring's packing (tb/ringpack.c), on the C models and their
 * stimuli, for every block at its defaults and at make bench's large
 * configuration:
 * - every cycle's inputs and model outputs unpack to exactly what was
 *   packed (so the outputs carry no bits above their ports' widths, and
 *   the judge of two threads sees what one thread's does);
 * - no stimulus drives an input bit above its port's width (the case the
 *   co-simulation's RTL side refuses, as packing would cut it), and such a
 *   bit is caught by the plan's masks;
 * - the packed sizes: wl_bank -p ID_BITS=64 from 216 bytes to 56;
 * - the Verilated shim's irhw_shim_pack (the plan compiled in, vshim.c)
 *   writes the bytes irhw_pack does and returns the same input
 *   bits above their ports, on words of every size class.
 */
#include "check_main.h"
#include "ringpack.h"
#include "vbuild.h"

#include <stdlib.h>
#include <string.h>

#define CYCLES 20000

/* block and parameters: the defaults and tests/bench/bench.sh's large rows */
static const char *const configs[][2] = {
    {"wl_bank", ""},   {"wl_bank", "ENTRIES=1000 ID_BITS=64 STORAGE=sram"},
    {"fifo", ""},      {"fifo", "WIDTH=64 DEPTH=64"},
    {"swt", ""},       {"swt", "ENTRIES=64 WARPS=64 PC_BITS=64 LANES=64"},
    {"icrn", ""},      {"icrn", "CORES=64 RADIX=4 ID_BITS=64 BUF_DEPTH=4"},
    {"wru", ""},       {"wru", "LANES=32 COUNT_BITS=8 THRESHOLD=20"},
    {"iru_hash", ""},  {"iru_hash", "SETS=1024 BANKS=4"},
    {"hwwl_core", ""}, {"hwwl_core", "STORAGE=sram REFILL=interval"},
    {"hwwl", ""},
};

/* Runs the model and its stimulus; every cycle packs in ++ out and checks
 * the round trip and the inputs' widths. Returns the packed bytes. */
static size_t round_trips(const irhw_inst *x)
{
    const irhw_block *b = x->b;
    const irhw_ports *ps = &x->ps;
    char err[IRHW_ERRLEN];
    irhw_pack_plan pl;
    ck_assert_int_eq(irhw_pack_plan_init(&pl, ps), 0);
    size_t nw = ps->in_words + ps->out_words;
    ck_assert_uint_le(pl.bytes, 8 * nw);
    ck_assert_uint_eq(pl.n[0] + pl.n[1] + pl.n[2] + pl.n[3], nw);
    void *m = irhw_model_create(x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    void *s = b->stim_new(x, 1, CYCLES, IRHW_STIM_MIXED);
    ck_assert_ptr_nonnull(s);
    uint64_t *io = calloc(nw + 1, 8), *back = calloc(nw + 1, 8),
             *prev = calloc(ps->out_words + 1, 8);
    unsigned char *slot = malloc(pl.bytes);
    ck_assert(io && back && prev && slot);
    uint64_t *in = io, *out = io + ps->in_words;
    for (uint64_t c = 0; c < CYCLES; c++) {
        memset(in, 0, ps->in_words * 8);
        b->stim_next(s, c, prev, in);
        if (c < 2)
            in[ps->p[0].off] |= 1;
        for (size_t k = 0; k < ps->in_words; k++)
            ck_assert_msg(!(in[k] & pl.above[k]),
                          "%s: cycle %llu: input word %zu drives bits %#llx above its port",
                          b->name, (unsigned long long)c, k,
                          (unsigned long long)(in[k] & pl.above[k]));
        b->model_eval(m, in, out);
        irhw_pack(&pl, io, slot);
        memset(back, 0xa5, nw * 8);
        irhw_unpack(&pl, slot, back);
        for (size_t k = 0; k < nw; k++)
            ck_assert_msg(back[k] == io[k],
                          "%s: cycle %llu: word %zu of in ++ out: %#llx, unpacked %#llx", b->name,
                          (unsigned long long)c, k, (unsigned long long)io[k],
                          (unsigned long long)back[k]);
        b->model_tick(m, in);
        memcpy(prev, out, ps->out_words * 8);
    }
    size_t bytes = pl.bytes;
    b->stim_free(s);
    b->model_free(m);
    free(io);
    free(back);
    free(prev);
    free(slot);
    irhw_pack_plan_free(&pl);
    return bytes;
}

START_TEST(every_cycle_of_every_bench_row_unpacks_to_what_was_packed)
{
    int ran = 0;
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        const irhw_block *b = irhw_find_block(configs[i][0]);
        if (!b)
            continue; /* a build of some blocks only (ONLY=...) */
        irhw_inst x;
        irhw_check_inst(&x, b, configs[i][1]);
        size_t bytes = round_trips(&x);
        printf("ringpack %-9s %-40s %3u words, %4zu bytes packed into %3zu\n", b->name,
               configs[i][1], x.ps.in_words + x.ps.out_words,
               8 * (size_t)(x.ps.in_words + x.ps.out_words), bytes);
        irhw_inst_free(&x);
        ran++;
    }
    ck_assert_int_gt(ran, 0);
}
END_TEST

START_TEST(wl_bank_with_64_bit_ids_packs_216_bytes_into_56)
{
    const irhw_block *b = irhw_find_block("wl_bank");
    if (!b)
        return;
    irhw_inst x;
    irhw_check_inst(&x, b, "ENTRIES=1000 ID_BITS=64 STORAGE=sram");
    irhw_pack_plan pl;
    ck_assert_int_eq(irhw_pack_plan_init(&pl, &x.ps), 0);
    ck_assert_uint_eq(8 * (x.ps.in_words + x.ps.out_words), 216);
    ck_assert_uint_eq(pl.bytes, 56);
    irhw_pack_plan_free(&pl);
    irhw_inst_free(&x);
}
END_TEST

START_TEST(an_input_bit_above_its_port_is_caught_by_the_plan)
{
    const irhw_block *b = irhw_find_block("fifo");
    if (!b)
        b = irhw_blocks[0];
    irhw_inst x;
    irhw_check_inst(&x, b, "");
    irhw_pack_plan pl;
    ck_assert_int_eq(irhw_pack_plan_init(&pl, &x.ps), 0);
    for (unsigned i = 0; i < x.ps.n; i++) {
        const irhw_port *p = &x.ps.p[i];
        if (p->dir != IRHW_IN || p->width % 64 == 0)
            continue;
        unsigned last = p->off + irhw_words(p->width) - 1;
        uint64_t top = (uint64_t)1 << (p->width % 64);
        ck_assert_msg(pl.above[last] & top, "%s.%s: bit %u above its width not caught", b->name,
                      p->name, p->width);
        ck_assert_msg(!(pl.above[last] & (top - 1)), "%s.%s: a bit within its width caught",
                      b->name, p->name);
    }
    irhw_pack_plan_free(&pl);
    irhw_inst_free(&x);
}
END_TEST

/* wl_bank's IDs in 4, 8 and 2 bytes; its flags and counts in 1 */
static const char *const shim_configs[] = {"", "ENTRIES=1000 ID_BITS=64 STORAGE=sram",
                                           "ID_BITS=12"};
#define N_SHIM_CONFIGS (int)(sizeof shim_configs / sizeof shim_configs[0])

START_TEST(the_shim_configurations_hold_words_of_every_size)
{
    const irhw_block *b = irhw_find_block("wl_bank");
    if (!b)
        return;
    unsigned classes[4] = {0};
    for (int i = 0; i < N_SHIM_CONFIGS; i++) {
        irhw_inst x;
        irhw_check_inst(&x, b, shim_configs[i]);
        irhw_pack_plan pl;
        ck_assert_int_eq(irhw_pack_plan_init(&pl, &x.ps), 0);
        for (unsigned c = 0; c < 4; c++)
            classes[c] += pl.n[c];
        irhw_pack_plan_free(&pl);
        irhw_inst_free(&x);
    }
    for (unsigned c = 0; c < 4; c++)
        ck_assert_msg(classes[c] > 0, "no word of %u bytes tested", 8u >> c);
}
END_TEST

/* One configuration a test (each in a process of its own: a Verilated
 * model's runtime is loaded once a process, as in test_contract). */
START_TEST(the_shims_pack_is_the_plans)
{
    const irhw_block *b = irhw_find_block("wl_bank");
    if (!b)
        return; /* a build of some blocks only (ONLY=...) */
    const char *params = shim_configs[_i];
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    irhw_inst x;
    irhw_check_inst(&x, b, params);
    irhw_pack_plan pl;
    ck_assert_int_eq(irhw_pack_plan_init(&pl, &x.ps), 0);
    char err[4096], so[4600];
    int cached;
    irhw_build_req q = {.x = &x, .trace = IRHW_TRACE_NONE, .quiet = 1};
    irhw_rtl rtl;
    ck_assert_msg(irhw_rtl_build(&q, so, sizeof so, &cached, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(irhw_rtl_open(so, &rtl, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_nonnull(rtl.pack);
    size_t nw = x.ps.in_words + x.ps.out_words;
    uint64_t *io = calloc(nw, 8);
    unsigned char *a = malloc(pl.bytes), *want = malloc(pl.bytes);
    ck_assert(io && a && want);
    for (unsigned v = 0; v < 4000; v++) {
        for (size_t k = 0; k < nw; k++) { /* an input above its port one time in eight */
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            io[k] = k < x.ps.in_words && v % 8 ? rng & ~pl.above[k] : rng;
        }
        memset(a, 0x5a, pl.bytes);
        memset(want, 0x5a, pl.bytes);
        uint64_t got_above = rtl.pack(io, a), want_above = 0;
        irhw_pack(&pl, io, want);
        for (size_t k = 0; k < x.ps.in_words; k++)
            want_above |= io[k] & pl.above[k];
        ck_assert_msg(got_above == want_above, "wl_bank %s: vector %u: above %#llx, want %#llx",
                      params, v, (unsigned long long)got_above, (unsigned long long)want_above);
        ck_assert_msg(memcmp(a, want, pl.bytes) == 0, "wl_bank %s: vector %u: packed bytes differ",
                      params, v);
    }
    free(io);
    free(a);
    free(want);
    irhw_rtl_close(&rtl);
    irhw_pack_plan_free(&pl);
    irhw_inst_free(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ringpack");
    TCase *c = tcase_create("ringpack");
    tcase_set_timeout(c, 300);
    tcase_add_test(c, every_cycle_of_every_bench_row_unpacks_to_what_was_packed);
    tcase_add_test(c, wl_bank_with_64_bit_ids_packs_216_bytes_into_56);
    tcase_add_test(c, an_input_bit_above_its_port_is_caught_by_the_plan);
    tcase_add_test(c, the_shim_configurations_hold_words_of_every_size);
    tcase_add_loop_test(c, the_shims_pack_is_the_plans, 0, N_SHIM_CONFIGS);
    suite_add_tcase(s, c);
    return irhw_check_run(s);
}
