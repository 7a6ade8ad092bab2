/* check_main.h — the one way every Check suite here is run: normal
 * verbosity (the "NN%: Checks: C, Failures: F, Errors: E" line that
 * tests/run_unit.sh counts), exit status 1 when anything failed. */
#ifndef IRHW_CHECK_MAIN_H
#define IRHW_CHECK_MAIN_H

#include <check.h>

#include "irhw.h"

static inline int irhw_check_run(Suite *s)
{
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? 1 : 0;
}

/* An instance of b with the defaults and "NAME=VALUE ..." applied; fails
 * the test with the message when the parameters are rejected. */
static inline void irhw_check_inst(irhw_inst *x, const irhw_block *b, const char *params)
{
    irhw_cfg c;
    char err[IRHW_ERRLEN];
    irhw_cfg_defaults(b, &c);
    ck_assert_msg(irhw_cfg_set_all(b, &c, params, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(irhw_inst_init(x, b, &c, err, sizeof err) == 0, "%s [%s]: %s", b->name, params,
                  err);
}

/* Lines of a generated text (its newlines). */
static inline unsigned irhw_lines_of(const char *s)
{
    unsigned n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

#endif
