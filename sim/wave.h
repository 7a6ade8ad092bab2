/*
 * wave.h — GTKWave save files (.gtkw) for co-simulation traces.
 */
#ifndef IRHW_WAVE_H
#define IRHW_WAVE_H

#include "irhw.h"

/* Writes a .gtkw next to the trace: clock and reset, inputs, outputs and
 * expected values in named groups, the mismatch flag, and the primary
 * marker on the first mismatch (time < 0: none). */
int irhw_gtkw_write(const char *gtkw_path, const char *trace_path, const irhw_ports *ps,
                    long long mismatch_time, char *err, size_t errlen);

#endif
