/*
 * wave.h — GTKWave save files (.gtkw) for co-simulation traces.
 */
#ifndef IRHW_WAVE_H
#define IRHW_WAVE_H

#include "irhw.h"

/* What the view opens on. */
typedef struct {
    long long mismatch_time; /* the first failure's sample (time), < 0: none */
    long long cycle_ps;      /* trace time from one cycle to the next */
    /* differ[i]: output port i differed at the first mismatch (NULL: none
     * known, e.g. a checker failed) */
    const unsigned char *differ;
} irhw_gtkw_view;

/* Cycles shown before and after the first failure when the view opens. */
#define IRHW_GTKW_BEFORE 20
#define IRHW_GTKW_AFTER 5

/* Writes a .gtkw next to the trace (irhw_write_file): the cycle number on
 * top; on a mismatch a first group with the mismatch flag and each
 * differing output above its exp_ twin, in colour; then clock and reset,
 * inputs, outputs beside their expected values, in named groups, lane
 * buses also split per lane (closed), and the verdict. The window opens on
 * IRHW_GTKW_BEFORE cycles before the first failure to IRHW_GTKW_AFTER
 * after it, the primary marker and named marker A on it. */
int irhw_gtkw_write(const char *gtkw_path, const char *trace_path, const irhw_ports *ps,
                    const irhw_gtkw_view *v, char *err, size_t errlen);

#endif
