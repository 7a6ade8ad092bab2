/* workload_gw_all.c — stub */
#include "workload_gw_int.h"
int gwv_all(const gwv_opts *o)
{
    (void)o;
    return EXIT_TOOL;
}
int gwv_sweep(const gwv_opts *o)
{
    (void)o;
    return EXIT_TOOL;
}
