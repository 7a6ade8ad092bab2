/*
 * cli_workload.h — `irhw workload <kind>` (sim/verb_workload.c), `irhw
 * run`'s workload line (sim/workload_run.c), and, for paper-figs, the
 * graph folders (sim/graph_dir.h) and gnuplot (sim/plot.h) they use.
 */
#ifndef IRHW_CLI_WORKLOAD_H
#define IRHW_CLI_WORKLOAD_H

#include "graph_dir.h"
#include "irhw.h"
#include "plot.h"

#include <stddef.h>

/* argv[0] is the kind; returns the exit code. */
int irhw_cli_workload(int argc, char **argv, const char *prog);

/* `irhw run`: BFS on one small real graph through hwwl in lockstep at the
 * paper's defaults (plot into dir); the summary line; the exit code. */
int irhw_cli_run_workload(const char *prog, const char *dir, char *line, size_t len);

/* `irhw paper-figs` (sim/verb_paper_figs.c); argv after the verb. */
int irhw_cmd_paper_figs(int argc, char **argv);

#endif
