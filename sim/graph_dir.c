/*
 * graph_dir.c — the graph files of a folder, as the workloads' --all,
 * --timeout-sweep and --trends and paper-figs take them: the names the
 * graph reader knows, sorted, the others named as skipped (sim/graph_dir.h).
 */
#include "graph_dir.h"

#include "graph.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Does a graph folder contribute the file `name`? A name with a graph
 * extension the reader knows (irhw_graph_ext), not hidden, not a README. */
static int graph_name(const char *name)
{
    return name[0] != '.' && strncasecmp(name, "readme", 6) &&
           irhw_graph_ext(name) != IRHW_GRAPH_AUTO;
}

/* The graph files of the folder dir (graph_name) by name, malloc'd into
 * names[0..max-1]; the other entries by name, comma-separated, into
 * skipped. Their count, or -1 with errno when the folder cannot be read. */
static int graph_names(const char *dir, char **names, unsigned max, char *skipped, size_t sklen)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    unsigned nn = 0, ns = 0;
    char *skip[64] = {0};
    for (struct dirent *e; (e = readdir(d)) && nn < max;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        int take = graph_name(e->d_name);
        if (!take && ns < 64 && (skip[ns] = strdup(e->d_name)))
            ns++;
        if (take && !(names[nn++] = strdup(e->d_name))) {
            nn--;
            break;
        }
    }
    closedir(d);
    qsort(names, nn, sizeof *names, cmp_str);
    qsort(skip, ns, sizeof *skip, cmp_str);
    size_t k = 0;
    skipped[0] = 0;
    for (unsigned i = 0; i < ns; i++) {
        if (k < sklen)
            k += (size_t)snprintf(skipped + k, sklen - k, "%s%s", i ? ", " : "", skip[i]);
        free(skip[i]);
    }
    return (int)nn;
}

int irhw_graph_files(const char *prog, const char *verb, const char *graphs, char *dir,
                     size_t dirlen, char **names, unsigned max)
{
    if (graphs)
        snprintf(dir, dirlen, "%s", graphs);
    else
        snprintf(dir, dirlen, "%s/../shared/data/graphs", irhw_root());
    char skipped[1024];
    int nn = graph_names(dir, names, max, skipped, sizeof skipped);
    if (nn < 0) {
        fprintf(stderr, "%s workload %s: cannot open the graph folder %s: %s\n", prog, verb, dir,
                strerror(errno));
        return -1;
    }
    if (!nn) {
        fprintf(stderr,
                "%s workload %s: no graph files (.graph, .metis, .mtx, .txt, .edges, .el, "
                ".snap) in %s%s%s\n",
                prog, verb, dir, skipped[0] ? "; skipped: " : "", skipped);
        return -1;
    }
    if (skipped[0])
        fprintf(stderr,
                "%s workload %s: %s: skipped %s (a graph's name ends in .graph, .metis, "
                ".mtx, .txt, .edges, .el or .snap; README files, hidden files and folders are "
                "not graphs)\n",
                prog, verb, dir, skipped);
    return nn;
}

int irhw_graphs_io_check(const char *graphs, const irhw_io *io, int n, char *err, size_t errlen)
{
    char *names[256], skipped[8];
    int ng = graphs ? graph_names(graphs, names, 256, skipped, sizeof skipped) : -1;
    irhw_io *all = malloc(((size_t)n + 256) * sizeof *all);
    char(*paths)[4400] = malloc(256 * sizeof *paths);
    if (!all || !paths) {
        free(all);
        free(paths);
        return irhw_err(err, errlen, "out of memory");
    }
    memcpy(all, io, (size_t)n * sizeof *all);
    for (int i = 0; i < ng; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", graphs, names[i]);
        all[n + i] = (irhw_io){IRHW_IO_IN, "graph", paths[i], NULL};
        free(names[i]);
    }
    int rc = irhw_io_check(all, n + (ng > 0 ? ng : 0), err, errlen);
    free(all);
    free(paths);
    return rc;
}

void irhw_graph_files_free(char **names, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        free(names[i]);
}
