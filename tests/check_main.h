/* check_main.h — the one way every Check suite here is run: normal
 * verbosity (the "NN%: Checks: C, Failures: F, Errors: E" line that
 * tests/run_unit.sh counts), exit status 1 when anything failed. */
#ifndef IRHW_CHECK_MAIN_H
#define IRHW_CHECK_MAIN_H

#include <check.h>

static inline int irhw_check_run(Suite *s)
{
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? 1 : 0;
}

#endif
