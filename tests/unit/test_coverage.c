/*
 * Functional coverage (tb/coverage.c), CSV traces (tb/stimfile.c) and the
 * line trace (tb/linetrace.c), on the C models alone:
 * - every applicable coverage point of every configuration in
 *   tests/cosim/cosim_<block>.list (with IRHW_SWEEP=full also the sweep: lines)
 *   is hit within that line's cycles, by the
 *   stimulus the line names (the co-simulation regression requires the same
 *   with the RTL, `--require-coverage`);
 * - every block's defaults reach 100 % within 200,000 cycles;
 * - points a configuration cannot reach are declared, with a reason;
 * - a CSV trace round-trips, and every malformed one is refused with its
 *   file, line and column.
 */
#include "check_main.h"
#include "coverage.h"
#include "linetrace.h"
#include "stimfile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs model + stimulus with coverage until every point is hit or `cycles`
 * pass; returns the cycles run. */
static uint64_t run_cov(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode,
                        irhw_coverage *cov)
{
    const irhw_block *b = x->b;
    char err[IRHW_ERRLEN];
    ck_assert_msg(irhw_cov_init(cov, x, err, sizeof err) == 0, "%s", err);
    void *m = irhw_model_create(x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    void *s = b->stim_new(x, seed, cycles, mode);
    ck_assert_ptr_nonnull(s);
    uint64_t *in = calloc(x->ps.in_words + 1, 8), *out = calloc(x->ps.out_words + 1, 8),
             *prev = calloc(x->ps.out_words + 1, 8);
    ck_assert(in && out && prev);
    uint64_t c;
    for (c = 0; c < cycles && !irhw_cov_complete(cov); c++) {
        memset(in, 0, x->ps.in_words * 8);
        b->stim_next(s, c, prev, in);
        if (c < 2)
            in[x->ps.p[0].off] |= 1;
        b->model_eval(m, in, out);
        irhw_cov_sample(cov, c, m, in, out);
        b->model_tick(m, in);
        memcpy(prev, out, x->ps.out_words * 8);
    }
    b->stim_free(s);
    b->model_free(m);
    free(in);
    free(out);
    free(prev);
    return c;
}

static void missing_points(const irhw_coverage *c, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < c->n && o < len; i++)
        if (!c->na[i] && !c->hits[i])
            o += (size_t)snprintf(buf + o, len - o, " %s", c->x->b->cover_points[i].name);
}

/* One line of a cosim list: parameters, cycles, seed, stimulus. */
static void list_line(const irhw_block *b, char *line, char *params, size_t plen, uint64_t *cycles,
                      uint64_t *seed, irhw_stim_mode *mode)
{
    *cycles = 100000;
    *seed = 1;
    *mode = IRHW_STIM_MIXED;
    params[0] = 0;
    char *save = NULL;
    for (char *t = strtok_r(line, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
        char *v = strtok_r(NULL, " \t\n", &save);
        ck_assert_msg(v != NULL, "%s list: option %s without a value", b->name, t);
        if (!strcmp(t, "-p")) {
            strncat(params, v, plen - strlen(params) - 2);
            strcat(params, " ");
        } else if (!strcmp(t, "--cycles")) {
            *cycles = strtoull(v, NULL, 10);
        } else if (!strcmp(t, "--seed")) {
            *seed = strtoull(v, NULL, 10);
        } else if (!strcmp(t, "--stim")) {
            *mode = !strcmp(v, "random")     ? IRHW_STIM_RANDOM
                    : !strcmp(v, "directed") ? IRHW_STIM_DIRECTED
                                             : IRHW_STIM_MIXED;
        }
    }
}

START_TEST(every_configuration_of_the_cosim_lists_hits_every_applicable_point)
{
    int lines = 0, holes = 0;
    const char *sw = getenv("IRHW_SWEEP");
    int sweep = sw && !strcmp(sw, "full");
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_block *b = *bp;
        if (!b->ncover)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/cosim/cosim_%s.list", irhw_root(), b->name);
        FILE *f = fopen(path, "r");
        ck_assert_msg(f != NULL, "cannot read %s", path);
        char line[2048];
        while (fgets(line, sizeof line, f)) {
            char *h = strchr(line, '#');
            if (h)
                *h = 0;
            if (!strncmp(line, "sweep:", 6)) { /* IRHW_SWEEP=full: those lines too */
                if (!sweep)
                    continue;
                memmove(line, line + 6, strlen(line + 6) + 1);
            }
            if (strspn(line, " \t\n") == strlen(line))
                continue;
            char shown[2048], params[1024];
            snprintf(shown, sizeof shown, "%s", line);
            shown[strcspn(shown, "\n")] = 0;
            uint64_t cycles, seed;
            irhw_stim_mode mode;
            list_line(b, line, params, sizeof params, &cycles, &seed, &mode);
            irhw_inst x;
            irhw_check_inst(&x, b, params);
            irhw_coverage cov;
            run_cov(&x, seed, cycles, mode, &cov);
            char miss[1024];
            missing_points(&cov, miss, sizeof miss);
            if (!irhw_cov_complete(&cov)) { /* every hole is printed, then the test fails */
                printf("COVERAGE HOLE %s %s: never hit:%s\n", b->name, shown, miss);
                fflush(stdout);
                holes++;
            }
            irhw_cov_free(&cov);
            irhw_inst_free(&x);
            lines++;
        }
        fclose(f);
    }
    ck_assert_int_gt(lines, 20);
    ck_assert_msg(holes == 0, "%d configurations of the cosim lists miss a point (above)", holes);
}
END_TEST

START_TEST(every_block_reaches_full_coverage_at_its_defaults_within_200000_cycles)
{
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_block *b = *bp;
        irhw_inst x;
        irhw_check_inst(&x, b, "");
        irhw_coverage cov;
        uint64_t n = run_cov(&x, 1, 200000, IRHW_STIM_MIXED, &cov);
        char miss[1024];
        missing_points(&cov, miss, sizeof miss);
        ck_assert_msg(irhw_cov_complete(&cov), "%s defaults: never hit in 200000 cycles:%s",
                      b->name, miss);
        printf("coverage %-9s defaults: %u of %u points (%u applicable) in %" PRIu64 " cycles\n",
               b->name, cov.covered, cov.n, cov.applicable, n);
        ck_assert_msg(b->ncover > 0, "%s declares no coverage points", b->name);
        irhw_cov_free(&cov);
        irhw_inst_free(&x);
    }
}
END_TEST

static const char *na_of(const char *block, const char *params, const char *point)
{
    const irhw_block *b = irhw_find_block(block);
    ck_assert_ptr_nonnull(b);
    irhw_inst x;
    irhw_check_inst(&x, b, params);
    const char *why = "(no such point)";
    for (unsigned i = 0; i < b->ncover; i++)
        if (!strcmp(b->cover_points[i].name, point))
            why = b->cover_na ? b->cover_na(&x, i) : NULL;
    irhw_inst_free(&x);
    return why;
}

START_TEST(points_a_configuration_cannot_reach_are_declared_inapplicable_with_a_reason)
{
    ck_assert_ptr_nonnull(na_of("wru", "PIPELINE=0", "stages_busy"));
    ck_assert_ptr_null(na_of("wru", "PIPELINE=1 INTERVAL=1", "stages_busy"));
    ck_assert_ptr_nonnull(na_of("swt", "POLICY=oldest", "fullest_picks_younger"));
    ck_assert_ptr_null(na_of("swt", "POLICY=fullest", "fullest_picks_younger"));
    ck_assert_ptr_nonnull(na_of("swt", "WARPS=2 LANES=16", "full_entry_second_alloc"));
    ck_assert_ptr_null(na_of("swt", "", "entry_full"));
    /* the edges: a donor empties while its ID is in flight only at THRESHOLD=0; OVF_CAP + 1
     * reaches wlinit_size only where the port holds it */
    ck_assert_ptr_nonnull(na_of("hwwl", "", "net_only"));
    ck_assert_ptr_null(na_of("hwwl", "THRESHOLD=0", "swap_held_by_net"));
    ck_assert_ptr_nonnull(na_of("hwwl", "THRESHOLD=0 SCHEME=none", "done_held_by_net"));
    ck_assert_ptr_nonnull(na_of("hwwl_core", "OVF_CAP=4095", "wlinit_above_cap"));
    ck_assert_ptr_null(na_of("hwwl_core", "", "wlinit_above_cap"));
    /* the wraps at the edge sizes: the walk fills no buffer with interval refill, and an
     * OVF_CAP buffer only where that takes at most 256 stores */
    ck_assert_ptr_null(na_of("hwwl_core", "", "store_wrap_cap_double"));
    ck_assert_ptr_nonnull(na_of("hwwl_core", "REFILL=interval", "store_wrap_warp_single"));
    ck_assert_ptr_nonnull(na_of("hwwl_core", "COALESCE=5", "load_wrap_cap_single"));
    ck_assert_ptr_null(na_of("hwwl_core", "COALESCE=5", "store_wrap_warp_double"));
    /* and the same in hwwl's cores */
    ck_assert_ptr_null(na_of("hwwl", "", "load_wrap_cap_double"));
    ck_assert_ptr_nonnull(na_of("hwwl", "REFILL=interval", "store_wrap_warp_double"));
    ck_assert_ptr_nonnull(na_of("hwwl", "LANES=2", "store_wrap_cap_single"));
    ck_assert_ptr_null(na_of("hwwl", "LANES=2", "store_wrap_warp_single"));
}
END_TEST

/* ---- CSV traces ---------------------------------------------------------- */

static irhw_inst bank;
static char tmpdir[] = "/tmp/irhw_cov_XXXXXX";

static void bank_setup(void)
{
    irhw_check_inst(&bank, irhw_find_block("wl_bank"), "ID_BITS=8");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void bank_teardown(void)
{
    irhw_inst_free(&bank);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    strcpy(tmpdir, "/tmp/irhw_cov_XXXXXX");
}

/* Writes text to a file in tmpdir and reads it as a trace of the bank. */
static int read_text(const char *text, irhw_rows *r, char *err, size_t errlen)
{
    char path[256];
    snprintf(path, sizeof path, "%s/t.csv", tmpdir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return irhw_stimfile_read(path, &bank.ps, r, err, errlen);
}

#define HDR "rst,cfg_en,cfg_double,push,push_id,pull,swap,rd_take,rd_put,rd_put_id\n"

START_TEST(a_csv_trace_reads_decimal_and_hex_in_any_column_order_and_round_trips)
{
    irhw_rows r, r2;
    char err[IRHW_ERRLEN];
    ck_assert_msg(read_text("# a comment\n"
                            "push_id,rst,cfg_en,cfg_double,push,pull,swap,rd_take,rd_put,"
                            "rd_put_id\n"
                            "0xff, 1,0,0,1,0,0,0,0,0\n\n"
                            "42,0,0,0,1,0,0,0,1,0x2A\n",
                            &r, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(r.n, 2);
    const irhw_ports *ps = &bank.ps;
    int pid = irhw_port_find(ps, "push_id"), put = irhw_port_find(ps, "rd_put_id");
    ck_assert_uint_eq(irhw_get(irhw_row(&r, 0), ps, (unsigned)pid), 0xff);
    ck_assert_uint_eq(irhw_get(irhw_row(&r, 1), ps, (unsigned)pid), 42);
    ck_assert_uint_eq(irhw_get(irhw_row(&r, 1), ps, (unsigned)put), 0x2a);
    char path[256];
    snprintf(path, sizeof path, "%s/w.csv", tmpdir);
    ck_assert_int_eq(irhw_stimfile_write(path, ps, &r, "round trip", err, sizeof err), 0);
    ck_assert_msg(irhw_stimfile_read(path, ps, &r2, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(r2.n, r.n);
    ck_assert_int_eq(memcmp(r.v, r2.v, r.n * r.words * 8), 0);
    irhw_rows_free(&r);
    irhw_rows_free(&r2);
}
END_TEST

/* The trace is refused and the message holds every fragment. */
static void refused(const char *text, const char *a, const char *b)
{
    irhw_rows r;
    char err[IRHW_ERRLEN];
    ck_assert_int_eq(read_text(text, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, a) && strstr(err, b), "message '%s' lacks '%s' or '%s'", err, a, b);
    ck_assert_ptr_nonnull(strstr(err, "t.csv"));
}

START_TEST(a_malformed_csv_trace_is_refused_naming_file_line_and_column)
{
    refused("rst,cfg_en,cfg_double,push,push_id,pull,swap,rd_take,rd_put\n0,0,0,0,0,0,0,0,0\n",
            ":1:", "missing column 'rd_put_id'");
    refused("rst,cfg_en,cfg_double,push,push_id,pull,swap,rd_take,rd_put,rd_put_id,bogus\n",
            ":1: column 11", "'bogus' is not an input port");
    refused("rst,cfg_en,cfg_double,push,push_id,pull,swap,rd_take,rd_put,rd_put_id,count\n",
            ":1: column 11", "'count' is not an input port");
    refused("rst,rst\n", ":1: column 2", "appears twice");
    refused(HDR "0,0,0,2,0,0,0,0,0,0\n", ":2: column 4 (push, 1 bit)", "does not fit");
    refused(HDR "0,0,0,1,0x100,0,0,0,0,0\n", ":2: column 5 (push_id, 8 bits)", "does not fit");
    refused(HDR "# c\n0,0,0,1,12z,0,0,0,0,0\n", ":3: column 5", "is not a number");
    refused(HDR "0,0,0,1,,0,0,0,0,0\n", ":2: column 5", "is empty");
    refused(HDR "0,0,0,1,0,0,0,0,0\n", ":2:", "9 values, the header has 10");
    refused(HDR "0,0,0,1,0,0,0,0,0,0,0\n", ":2:", "more values than");
    refused(HDR, ":1:", "no cycles");
    refused("# only a comment\n", "t.csv", "no header");
}
END_TEST

/* The trace is read a line at a time: a directory, a device of endless
 * zeros, binary bytes and a line past IRHW_LINE_MAX are refused at once. */
START_TEST(a_csv_trace_that_is_not_text_is_refused_before_it_is_read_whole)
{
    irhw_rows r;
    char err[IRHW_ERRLEN];
    ck_assert_int_eq(irhw_stimfile_read(tmpdir, &bank.ps, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, tmpdir) && strstr(err, "is a directory"), "%s", err);
    ck_assert_int_eq(irhw_stimfile_read("/dev/zero", &bank.ps, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/dev/zero:1: a NUL byte"), "%s", err);
    size_t n = ((size_t)1 << 20) + 100;
    char *t = malloc(strlen(HDR) + n + 2);
    strcpy(t, HDR);
    memset(t + strlen(HDR), '0', n);
    strcpy(t + strlen(HDR) + n, "\n");
    refused(t, ":2:", "longer than the limit of 1048576 bytes");
    free(t);
}
END_TEST

START_TEST(the_line_trace_shows_the_key_ports_of_a_block_one_line_per_cycle)
{
    char path[256];
    snprintf(path, sizeof path, "%s/lt.txt", tmpdir);
    FILE *f = fopen(path, "w+");
    ck_assert_ptr_nonnull(f);
    irhw_linetrace t;
    char err[IRHW_ERRLEN];
    ck_assert_int_eq(irhw_lt_init(&t, &bank, f, err, sizeof err), 0);
    uint64_t in[IRHW_MAX_PORTS] = {0}, exp[IRHW_MAX_PORTS] = {0}, act[IRHW_MAX_PORTS] = {0};
    irhw_set(in, &bank.ps, (unsigned)irhw_port_find(&bank.ps, "push_id"), 0xab);
    irhw_set(exp, &bank.ps, (unsigned)irhw_port_find(&bank.ps, "count"), 3);
    irhw_set(act, &bank.ps, (unsigned)irhw_port_find(&bank.ps, "count"), 3);
    irhw_lt_line(&t, 7, in, exp, act);
    irhw_set(act, &bank.ps, (unsigned)irhw_port_find(&bank.ps, "count"), 4);
    irhw_lt_line(&t, 8, in, exp, act);
    rewind(f);
    char l1[512], l2[512], l3[512];
    ck_assert_ptr_nonnull(fgets(l1, sizeof l1, f));
    ck_assert_ptr_nonnull(fgets(l2, sizeof l2, f));
    ck_assert_ptr_nonnull(fgets(l3, sizeof l3, f));
    fclose(f);
    ck_assert_ptr_nonnull(strstr(l1, "push_id"));
    ck_assert_ptr_nonnull(strstr(l1, "greedy"));
    ck_assert_ptr_null(strstr(l1, "rd_put_id")); /* not a key port of the bank */
    ck_assert_ptr_nonnull(strstr(l2, "      7 |"));
    ck_assert_ptr_nonnull(strstr(l2, "ab"));
    ck_assert_ptr_null(strstr(l2, "!"));
    ck_assert_ptr_nonnull(strstr(l3, "!count=6'h4"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("coverage");
    TCase *c = tcase_create("coverage");
    tcase_set_timeout(c, 600);
    tcase_add_test(c, every_configuration_of_the_cosim_lists_hits_every_applicable_point);
    tcase_add_test(c, every_block_reaches_full_coverage_at_its_defaults_within_200000_cycles);
    tcase_add_test(c, points_a_configuration_cannot_reach_are_declared_inapplicable_with_a_reason);
    suite_add_tcase(s, c);
    TCase *t = tcase_create("traces");
    tcase_add_checked_fixture(t, bank_setup, bank_teardown);
    tcase_add_test(t, a_csv_trace_reads_decimal_and_hex_in_any_column_order_and_round_trips);
    tcase_add_test(t, a_malformed_csv_trace_is_refused_naming_file_line_and_column);
    tcase_add_test(t, a_csv_trace_that_is_not_text_is_refused_before_it_is_read_whole);
    tcase_add_test(t, the_line_trace_shows_the_key_ports_of_a_block_one_line_per_cycle);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
