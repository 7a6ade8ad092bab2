/*
 * vshim.h — the generated wrapper and C++ shim of a Verilator build
 * (tb/vbuild.c builds them; tb/vshim.c writes their text).
 */
#ifndef IRHW_VSHIM_H
#define IRHW_VSHIM_H

#include "vbuild.h"

/* The Verilog of module irhw_tb around `top` (malloc'd; NULL when out of
 * memory). dut_untraced: the block's own signals compiled out of the trace;
 * latch: the DUT's inputs loaded from registers on irhw_tb_load's edges. */
char *irhw_vshim_wrapper(const irhw_ports *ps, const char *top, int dut_untraced, int latch);
/* The C++ shim with the C entry points of irhw_rtl (malloc'd, or NULL). */
char *irhw_vshim_shim(const irhw_ports *ps, irhw_trace trace);

#endif
