/* cli_workload.h — `irhw workload <kind>` (sim/cli_workload.c). */
#ifndef IRHW_CLI_WORKLOAD_H
#define IRHW_CLI_WORKLOAD_H

/* argv[0] is the kind; returns the exit code. */
int irhw_cli_workload(int argc, char **argv, const char *prog);

/* `irhw run`: BFS on one small real graph through hwwl in lockstep at the
 * paper's defaults (plot into dir); the summary line; the exit code. */
#include <stddef.h>
int irhw_cli_run_workload(const char *prog, const char *dir, char *line, size_t len);

#endif
