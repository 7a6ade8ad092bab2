/*
 * rtlcheck.h — whether the Verilog files given to `cosim --rtl` hold the
 * run's configuration, before Verilator is asked to build them.
 */
#ifndef IRHW_RTLCHECK_H
#define IRHW_RTLCHECK_H

#include "irhw.h"

/* 0 when one of the files defines x's module. Else -1 with a message: a
 * directory is named as one; when
 * a file carries the header `irhw gen` writes (its block and every
 * parameter), which -p NAME=VALUE the run needs to match it, or which
 * block's RTL it is; without a header, the module expected and the modules
 * found. A file that cannot be read: -1, its path and the OS error. */
int irhw_rtl_config_check(const irhw_inst *x, const char *const *files, unsigned n, char *err,
                          size_t errlen);

#endif
