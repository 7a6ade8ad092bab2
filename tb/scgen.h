/*
 * scgen.h — SystemC from the block description: the C golden model as an
 * sc_module (a header users include in their own virtual platform), and the
 * C++ shim of the SystemC co-simulation (the Verilated `verilator --sc` RTL
 * beside that wrapper on shared input signals, behind the C entry points
 * vbuild.c loads).
 *
 * Port types are those `verilator --sc` 5.006 gives the Verilated model, so
 * both bind to the same sc_signals: 1 bit bool, 2..32 bits uint32_t,
 * 33..64 bits uint64_t, wider sc_dt::sc_bv<W>.
 */
#ifndef IRHW_SCGEN_H
#define IRHW_SCGEN_H

#include "irhw.h"

/* C++ type of a port of this width ("bool", "uint32_t", "uint64_t",
 * "sc_dt::sc_bv<W>") into buf. */
const char *irhw_sc_type(unsigned width, char *buf, size_t len);

/* "<module>_sc": the wrapper's class name and its header's base name. */
void irhw_sc_class(const irhw_inst *x, char *buf, size_t len);

/* Text of <module>_sc.h (malloc'd; deterministic). The configuration is
 * baked in; the constructor checks the description it is given matches. */
char *irhw_sc_header(const irhw_inst *x);

/* Text of the co-simulation shim (malloc'd). trace: 0 none, 1 VCD, 2 FST.
 * Expects Vtb.h (the Verilated irhw_tb wrapper, `verilator --sc`) and the
 * header above on the include path. Entry points: irhw_sc_new(block),
 * irhw_shim_{set_in,get_out,set_exp,clock,trace_open,dump,trace_close,
 * destroy} like the plain shim, irhw_sc_get_exp (the wrapped model's
 * outputs) and irhw_sc_model (its C model instance). */
char *irhw_sc_shim(const irhw_inst *x, int trace);

/* Where the SystemC co-simulation samples cycle n in its trace, in trace
 * time units (ps): inputs are driven at 10n+1 ns, the rising edge is at
 * 10n+5 ns. */
long long irhw_sc_trace_time(unsigned long long cycle);

#endif
