/*
 * workload_gw.h — `irhw workload bfs|sssp|pagerank --arch baseline|gw|both`
 * and `irhw workload gw --all | --sweep` (sim/workload_gw.c): the
 * Graph-Waving machine (sim/gpu_gw.c) against its baseline.
 */
#ifndef IRHW_WORKLOAD_GW_H
#define IRHW_WORKLOAD_GW_H

/* 1 when the command line of `workload bfs|sssp` names --arch (the GW
 * machine runs it, not the hwwl one). */
int irhw_workload_gw_wants(int argc, char **argv);
/* argv: the words after the kind; kind: bfs, sssp, pagerank or gw. The
 * exit code. */
int irhw_workload_gw(int argc, char **argv, const char *prog, const char *kind);

#endif
