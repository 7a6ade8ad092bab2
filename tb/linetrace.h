/*
 * linetrace.h — `cosim --trace-lines`: one line per cycle with the block's
 * key inputs and outputs (irhw_block.trace_ports; every port when it names
 * none), PyMTL-style, for reading a short run in a terminal.
 *
 *   cycle | in in ... | out out ...      (a header names the columns)
 *
 * Values are hexadecimal without prefix, ports wider than 64 bits show
 * their low 64 bits and a '~'. Outputs are the model's; an output where
 * the RTL differs is listed after the line as "!port=rtl_value".
 */
#ifndef IRHW_LINETRACE_H
#define IRHW_LINETRACE_H

#include "irhw.h"

typedef struct {
    const irhw_ports *ps;
    FILE *f;
    unsigned port[IRHW_MAX_PORTS], width[IRHW_MAX_PORTS], n, nin;
} irhw_linetrace;

/* 0, or -1 when the block's trace_ports names a port it does not have. */
int irhw_lt_init(irhw_linetrace *t, const irhw_inst *x, FILE *f, char *err, size_t errlen);
void irhw_lt_line(irhw_linetrace *t, uint64_t cycle, const uint64_t *in, const uint64_t *exp,
                  const uint64_t *act);

#endif
