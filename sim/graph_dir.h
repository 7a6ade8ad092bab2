/* graph_dir.h — the graph files of a folder (sim/graph_dir.c). */
#ifndef IRHW_GRAPH_DIR_H
#define IRHW_GRAPH_DIR_H

#include "irhw.h"

#include <stddef.h>

/* The graph files of the folder `graphs` (NULL: the shared data's) by
 * name, malloc'd into names[0..max-1]; dir gets the folder. A folder
 * contributes the files whose names end in an extension the graph reader
 * knows (.graph, .metis, .mtx, .txt, .edges, .el, .snap), but README*
 * and hidden files; the others are named on stderr as skipped. Their
 * count, or -1 after a message naming the folder ("PROG workload VERB: ").
 * Free the names with irhw_graph_files_free. */
int irhw_graph_files(const char *prog, const char *verb, const char *graphs, char *dir,
                     size_t dirlen, char **names, unsigned max);
void irhw_graph_files_free(char **names, unsigned n);

/* irhw_io_check of io[0..n-1] and, as inputs, the graph files of the
 * folder `graphs` (NULL: none). */
int irhw_graphs_io_check(const char *graphs, const irhw_io *io, int n, char *err, size_t errlen);

#endif
