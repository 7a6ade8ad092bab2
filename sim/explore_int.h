/* explore_int.h — between the runs of irhw explore (explore.c) and its
 * tables and plots (explore_out.c). */
#ifndef IRHW_EXPLORE_INT_H
#define IRHW_EXPLORE_INT_H

#include "explore.h"

#define EX_WITHIN 1.05 /* the question's "within 5 % of the ideal" */

/* OUT/explore.md, explore.tsv, explore_area.svg, explore_energy.svg (+ their
 * tables for irhw report) and figures.txt, each whole or not at all. 0, or
 * -1 with err. */
int ex_write(const irhw_explore *e, char *err, size_t errlen);
/* The configuration the question asks for: the smallest area among those
 * with a cost whose cycles are within EX_WITHIN of the ideal on every graph;
 * -1 when none. */
int ex_cheapest(const irhw_explore *e);

#endif
