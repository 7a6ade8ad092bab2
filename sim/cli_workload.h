/* cli_workload.h — `irhw workload <kind>` (sim/cli_workload.c). */
#ifndef IRHW_CLI_WORKLOAD_H
#define IRHW_CLI_WORKLOAD_H

#include "irhw.h"

/* argv[0] is the kind; returns the exit code. */
int irhw_cli_workload(int argc, char **argv, const char *prog);

/* `irhw run`: BFS on one small real graph through hwwl in lockstep at the
 * paper's defaults (plot into dir); the summary line; the exit code. */
#include <stddef.h>
int irhw_cli_run_workload(const char *prog, const char *dir, char *line, size_t len);

/* gnuplot into svg (written whole or not at all), the data (data_text) in
 * svg.dat and the script in svg.gp beside it; script_body follows the
 * terminal and output lines and names the data file as %1$s. 0, or -1 with
 * a message naming the log. */
int irhw_gnuplot_svg(const char *svg, const char *data_text, const char *script_body, char *err,
                     size_t errlen);

/* The graph files of the folder `graphs` (NULL: the shared data's) by
 * name, malloc'd into names[0..max-1]; dir gets the folder. A folder
 * contributes the files whose names end in an extension the graph reader
 * knows (.graph, .metis, .mtx, .txt, .edges, .el, .snap), but README*
 * and hidden files; the others are named on stderr as skipped. Their
 * count, or -1 after a message naming the folder. */
int irhw_graph_files(const char *prog, const char *verb, const char *graphs, char *dir,
                     size_t dirlen, char **names, unsigned max);

/* irhw_io_check of io[0..n-1] and, as inputs, the graph files of the
 * folder `graphs` (NULL: none). */
int irhw_graphs_io_check(const char *graphs, const irhw_io *io, int n, char *err, size_t errlen);

/* `irhw paper-figs` (sim/verb_paper_figs.c); argv after the verb. */
int irhw_cmd_paper_figs(int argc, char **argv);

#endif
