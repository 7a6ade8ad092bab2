/*
 * portwave.h — the default-depth waveform (`cosim --wave F.fst|F.vcd` at
 * --wave-depth 1), written by irhw from the values the co-simulation loop
 * already holds.
 *
 * At that depth a trace holds irhw_tb's signals only: clk, the block's
 * ports, exp_<output> and mismatch. The loop drives the inputs, reads the
 * outputs and computes the expected values, so it can record them itself:
 * the Verilated model is the untraced one (the same cached build as a run
 * without --wave), and no trace code inside the model checks signals for
 * changes at every dump. Each dump compares the ports' words with their last
 * values and emits what changed. The file holds the same scopes (TOP,
 * irhw_tb), signals, widths and value changes as Verilator's trace of those
 * signals (tests/cli/test_wave.sh compares the two); Verilator merges signals
 * that are one net (e.g. two outputs driven by one register) under one
 * identifier, this writer keeps one per name.
 *
 * FST goes through the FST library Verilator ships (gtkwave/fstapi.c),
 * compiled once into a shared library in the build cache
 * (irhw_fst_lib: vbuild.h) and loaded here; VCD is written directly. With
 * a second CPU the loop only copies each dump's values into a ring, and a
 * thread of the writer's compares, emits and writes the file
 * (IRHW_WAVE_THREAD=0: all of it in the loop's thread).
 * Deeper traces (--wave-depth 2 and more) and SystemC traces stay
 * Verilator's.
 */
#ifndef IRHW_PORTWAVE_H
#define IRHW_PORTWAVE_H

#include "vbuild.h"

/* Wraps the loaded RTL r: from here on r's entry points pass through the
 * recorder, which keeps the last inputs, clock level and expected values it
 * was given, and r->dump(h, time) records them with the outputs read at that
 * time. r->trace_close ends the file; r->destroy (irhw_rtl_close) also frees
 * the recorder. fst_lib: the FST library (IRHW_TRACE_FST only). limit: the
 * bytes the file may reach (0: no limit): when the next dumps would take it
 * past, the recorder stops at a cycle's first dump (two dumps a cycle) and
 * writes no more, so the file holds whole cycles. A failed write also
 * stops it. 0, or -1 with a message naming the file. */
int irhw_portwave_wrap(irhw_rtl *r, const irhw_ports *ps, const char *path, irhw_trace fmt,
                       const char *fst_lib, uint64_t limit, char *err, size_t errlen);

/* What the file holds, once r->trace_close has ended it (h: the wrapped
 * r->h). */
typedef struct {
    int error;                             /* errno of the first failed write or close; 0: none */
    int limited;                           /* stopped at the limit */
    uint64_t dumps, first_time, last_time; /* the dumps written, their times */
} irhw_portwave_stat;
void irhw_portwave_stat_of(const void *h, irhw_portwave_stat *st);

/* cosim --wave-limit's default, and the estimate from which cosim says it
 * before a run (bytes). */
#define IRHW_WAVE_LIMIT (2ULL << 30)
#define IRHW_WAVE_SAY (100.0 * (1 << 20))

/* Bytes a cycle of ports ps adds to a file of format fmt, estimated ahead
 * of a run (every port changing at random, as the blocks' stimuli do). */
double irhw_portwave_cycle_bytes(const irhw_ports *ps, irhw_trace fmt);

#endif
