/*
 * fuzz_graph.c — libFuzzer target of the graph reader of `irhw workload
 * --graph` (sim/graph.c, irhw_graph_read). The first byte chooses the
 * format as an extension would (METIS, Matrix Market, SNAP, or by
 * content); the rest is the file. Built and run by `make fuzz`.
 */
#include "fuzz_file.h"

#include "graph.h"
#include "irhw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    static const irhw_graph_fmt fmts[] = {IRHW_GRAPH_AUTO, IRHW_GRAPH_METIS, IRHW_GRAPH_MTX,
                                          IRHW_GRAPH_SNAP};
    char path[64], err[IRHW_ERRLEN];
    int fd = fuzz_file(data + 1, size - 1, path, sizeof path);
    irhw_graph g;
    irhw_graph_read(path, fmts[data[0] % 4], &g, err, sizeof err);
    irhw_graph_free(&g);
    close(fd);
    return 0;
}
