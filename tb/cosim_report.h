/*
 * cosim_report.h — the lockstep driver's reports (cosim_report.c), used by
 * cosim.c only.
 */
#ifndef IRHW_COSIM_REPORT_H
#define IRHW_COSIM_REPORT_H

#include "cosim.h"

/* The replay command of a failure in cycle `at` - 1. */
void irhw_cosim_replay_cmd(const irhw_cosim_req *q, uint64_t at, char *buf, size_t len);
/* Compares every output and describes the differing ports (count). */
int irhw_cosim_compare(const irhw_ports *ps, const uint64_t *exp, const uint64_t *act, char *msg,
                       size_t len, int *first, unsigned char *differ);
/* The RTL's first failed assertion, if one failed (1), and its cycle. */
int irhw_cosim_assert_failed(const irhw_cosim_req *q, irhw_rtl *rtl, char *out, size_t len,
                             uint64_t *cyc);
/* The progress line at cycle cyc of `cycles`, `s` seconds into the run: the
 * rate, and when the end is known the share done and the time left at that
 * rate (an observer, --until-covered, may end the run sooner). */
void irhw_cosim_progress(const char *name, uint64_t cyc, uint64_t cycles, double s);
/* Closes the trace and writes its .gtkw; -1 with a message on a failure. */
int irhw_cosim_end_trace(const irhw_cosim_req *q, const irhw_ports *ps, irhw_rtl *rtl, int own,
                         irhw_cosim_res *res, int equal, char *err, size_t errlen);

#endif
