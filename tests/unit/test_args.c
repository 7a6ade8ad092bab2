/*
 * Tests of the option parser every verb shares (sim/args.c) and of the
 * "did you mean" choice (irhw_closest, model/core.c): each form of an
 * option gives the same item, glued one-letter flags, '--', the errors
 * (unknown, missing, empty or unwanted value), a -p repeated, and which
 * words are close enough to suggest. The verbs themselves:
 * tests/cli/test_cli_habits.sh.
 */
#include "args.h"
#include "check_main.h"

#include <string.h>

enum { T_HELP, T_P, T_J, T_QUIET, T_CYCLES, T_X };
static const irhw_opt opts[] = {
    {"-h", 0, T_HELP, 0},       {"-p", 1, T_P, 0}, {"-j", 1, T_J, 1},
    {"-q", 0, T_QUIET, 0},      {"-x", 0, T_X, 2}, {"--cycles", 1, T_CYCLES, 0},
    {"--quiet", 0, T_QUIET, 0}, {NULL, 0, 0, 0},
};

/* The items of a command line as text: "p=ENTRIES=8 pos=wl_bank end". */
static const char *items(unsigned verbs, int argc, const char **argv)
{
    static char buf[512];
    size_t o = 0;
    irhw_args a;
    irhw_args_init(&a, "test", opts, verbs, argc, (char **)argv);
    const irhw_opt *opt;
    const char *v;
    buf[0] = 0;
    for (int k; o < sizeof buf;) {
        k = irhw_args_next(&a, &opt, &v);
        if (k == IRHW_ARG_END || k == IRHW_ARG_BAD) {
            snprintf(buf + o, sizeof buf - o, "%s", k == IRHW_ARG_END ? "end" : "bad");
            break;
        }
        if (k == IRHW_ARG_POS)
            o += (size_t)snprintf(buf + o, sizeof buf - o, "pos=%s ", v);
        else
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s%s ",
                                  opt->name + 1 + (opt->name[1] == '-'), v ? "=" : "", v ? v : "");
    }
    return buf;
}

#define ITEMS(want, verbs, ...)                                                                    \
    do {                                                                                           \
        const char *argv_[] = {__VA_ARGS__};                                                       \
        const char *got_ = items(verbs, (int)(sizeof argv_ / sizeof argv_[0]), argv_);             \
        ck_assert_msg(!strcmp(got_, want), "got '%s', want '%s'", got_, want);                     \
    } while (0)

START_TEST(forms)
{
    ITEMS("cycles=100 pos=blk end", 0, "--cycles", "100", "blk");
    ITEMS("cycles=100 pos=blk end", 0, "--cycles=100", "blk");
    ITEMS("pos=blk p=A=1 p=B=2 p=C=3 end", 0, "blk", "-p", "A=1", "-pB=2", "-p=C=3");
    ITEMS("j=2 j=3 end", 1, "-j2", "-j", "3");
    ITEMS("q h quiet end", 0, "-qh", "--quiet");
    ITEMS("q p=A=1 end", 0, "-qpA=1");     /* flags, then a value option glued */
    ITEMS("q p=A=1 end", 0, "-qp", "A=1"); /* ... its value the next word */
    ITEMS("q pos=--cycles pos=-p end", 0, "-q", "--", "--cycles", "-p");
    ITEMS("pos=- end", 0, "-");                  /* '-' alone is a word */
    ITEMS("cycles=-5 end", 0, "--cycles", "-5"); /* the value is taken as it is */
}
END_TEST

START_TEST(errors)
{
    ITEMS("bad", 0, "--cycels", "3");
    ITEMS("bad", 0, "--cycles");
    ITEMS("q bad", 0, "-q", "-p");
    ITEMS("bad", 0, "--cycles=");
    ITEMS("bad", 0, "-p", "");
    ITEMS("bad", 0, "--quiet=1");
    ITEMS("q bad", 0, "-qz");
    ITEMS("bad", 1, "-x"); /* another verb's */
    ITEMS("x end", 2, "-x");
}
END_TEST

START_TEST(params_once)
{
    const char *list[4];
    unsigned n = 0;
    irhw_args a;
    irhw_args_init(&a, "test", opts, 0, 0, NULL);
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "ENTRIES=8"), 0);
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "ID_BITS=16"), 0);
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "ENTRIES=8"), 0); /* the same: dropped */
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "ENTRIES=16"), 2);
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "ENTRIES_X=16"), 0); /* a longer name */
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "ENTRIE=1"), 0);     /* a shorter one */
    ck_assert_int_eq(irhw_args_param(&a, list, &n, 4, "MORE=1"), 2);       /* the list is full */
    ck_assert_uint_eq(n, 4);
}
END_TEST

START_TEST(closest)
{
    static const char *const words[] = {"list", "gen", "cosim", "area", "sweep", "sweep-task"};
    size_t n = sizeof words / sizeof words[0];
    struct {
        const char *typed, *want;
    } cases[] = {
        {"cosmi", "cosim"},
        {"gne", "gen"},
        {"lsit", "list"},
        {"aera", "area"},
        {"COSIM", "cosim"},
        {"swep", "sweep"},
        {"sweeptask", "sweep-task"},
        {"ge", "gen"},
        {"g", NULL},
        {"cxyzm", NULL},
        {"frobnicate", NULL},
        {"", NULL},
        {"-", NULL},
        {"--gen", "gen"},
        {"-z", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = irhw_closest(cases[i].typed, words, n, sizeof words[0]);
        ck_assert_msg(got == cases[i].want || (got && cases[i].want && !strcmp(got, cases[i].want)),
                      "'%s': got %s, want %s", cases[i].typed, got ? got : "none",
                      cases[i].want ? cases[i].want : "none");
    }
    /* a table's name field, and the block parameters' message */
    ck_assert_str_eq(irhw_closest("--cylces", &opts[0].name, 7, sizeof opts[0]), "--cycles");
    ck_assert_str_eq(irhw_closest("-cycles", &opts[0].name, 7, sizeof opts[0]), "--cycles");
    ck_assert_str_eq(irhw_closest("--j", &opts[0].name, 7, sizeof opts[0]), "-j");
    ck_assert_ptr_null(irhw_closest("-z", &opts[0].name, 7, sizeof opts[0]));
    const irhw_block *b = irhw_find_block("wl_bank");
    if (b) {
        irhw_cfg c;
        char err[IRHW_ERRLEN];
        irhw_cfg_defaults(b, &c);
        ck_assert_int_ne(irhw_cfg_set(b, &c, "ENTRYS=4", err, sizeof err), 0);
        ck_assert_msg(strstr(err, "unknown parameter 'ENTRYS' for block wl_bank (did you mean "
                                  "ENTRIES? parameters: "),
                      "%s", err);
        ck_assert_int_ne(irhw_cfg_set(b, &c, "QQQQQ=4", err, sizeof err), 0);
        ck_assert_msg(!strstr(err, "did you mean"), "%s", err);
    }
}
END_TEST

START_TEST(numbers_are_decimal)
{
    struct {
        const char *typed;
        int ok;
        uint64_t want;
    } whole[] = {
        {"0", 1, 0},
        {"010", 1, 10},
        {"18446744073709551615", 1, UINT64_MAX},
        {"18446744073709551616", 0, 0}, /* never wrapped */
        {"0x10", 0, 0},
        {"+10", 0, 0},
        {"-1", 0, 0},
        {" 10", 0, 0},
        {"10 ", 0, 0},
        {"1e3", 0, 0},
        {"", 0, 0},
    };
    for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++) {
        uint64_t x = 7;
        int rc = irhw_parse_uint(whole[i].typed, &x);
        ck_assert_msg(rc == (whole[i].ok ? 0 : -1) && (!whole[i].ok || x == whole[i].want),
                      "'%s': rc %d, %llu", whole[i].typed, rc, (unsigned long long)x);
    }
    struct {
        const char *typed;
        int ok;
        double want;
    } real[] = {
        {"700", 1, 700},     {"0.5", 1, 0.5},  {"-3", 1, -3}, {".5", 1, 0.5},  {"1e3", 1, 1000},
        {"2.5E-1", 1, 0.25}, {"0x1p10", 0, 0}, {"inf", 0, 0}, {"nan", 0, 0},   {"+1", 0, 0},
        {" 1", 0, 0},        {"1e", 0, 0},     {".", 0, 0},   {"1e999", 0, 0}, {"", 0, 0},
    };
    for (size_t i = 0; i < sizeof real / sizeof real[0]; i++) {
        double x = 7;
        int rc = irhw_parse_real(real[i].typed, &x);
        ck_assert_msg(rc == (real[i].ok ? 0 : -1) && (!real[i].ok || x == real[i].want),
                      "'%s': rc %d, %g", real[i].typed, rc, x);
    }
    const irhw_block *b = irhw_find_block("wl_bank");
    if (b) {
        irhw_cfg c;
        char err[IRHW_ERRLEN];
        irhw_cfg_defaults(b, &c);
        ck_assert_int_eq(irhw_cfg_set(b, &c, "ENTRIES=010", err, sizeof err), 0);
        ck_assert_int_eq(c.v[irhw_param_index(b, "ENTRIES")], 10);
        ck_assert_int_ne(irhw_cfg_set(b, &c, "ENTRIES=0x10", err, sizeof err), 0);
        ck_assert_msg(strstr(err, "is not a whole number: ENTRIES must be 2..65536"), "%s", err);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("args");
    TCase *t = tcase_create("args");
    tcase_add_test(t, forms);
    tcase_add_test(t, errors);
    tcase_add_test(t, params_once);
    tcase_add_test(t, closest);
    tcase_add_test(t, numbers_are_decimal);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
