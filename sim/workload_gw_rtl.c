/* workload_gw_rtl.c — stub */
#include "workload_gw_int.h"
int gwv_rtl_open(const gwv_opts *o, const irhw_inst *x, unsigned tables, gwv_rtl **r, gwa_probe *p)
{
    (void)o;
    (void)x;
    (void)tables;
    (void)r;
    (void)p;
    return EXIT_TOOL;
}
int gwv_rtl_close(gwv_rtl *r, uint64_t *cycles, double *secs)
{
    (void)r;
    *cycles = 0;
    *secs = 0;
    return 1;
}
