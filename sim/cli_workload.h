/* cli_workload.h — `irhw workload <kind>` (sim/cli_workload.c). */
#ifndef IRHW_CLI_WORKLOAD_H
#define IRHW_CLI_WORKLOAD_H

/* argv[0] is the kind; returns the exit code. */
int irhw_cli_workload(int argc, char **argv, const char *prog);

#endif
