/*
 * Tests of the graph reader (sim/graph.c) on tiny files written here — every
 * format, content detection, self-loops and duplicates kept, and every
 * malformed case named by file, line and what was expected — of the
 * reference BFS and SSSP (sim/graph_algo.c), and of the IRU workload
 * (sim/workload_iru.c): frontiers against the reference algorithms, lines
 * per warp and the filtered share against independent counts from the
 * element stream, on a tiny graph in lockstep with the RTL; one real graph
 * when ../shared/data exists (else a visible SKIP).
 */
#include "check_main.h"
#include "graph.h"
#include "graph_gen.h"
#include "workload.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[256];

static const char *write_tmp(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
    return path;
}

static void read_ok(const char *name, const char *text, irhw_graph *g)
{
    char err[1024];
    const char *p = write_tmp(name, text);
    ck_assert_msg(irhw_graph_read(p, IRHW_GRAPH_AUTO, g, err, sizeof err) == 0, "%s: %s", name,
                  err);
}

/* The file must be rejected with a message holding each of the pieces. */
static void read_bad(const char *name, const char *text, const char *want1, const char *want2)
{
    char err[1024];
    irhw_graph g;
    const char *p = write_tmp(name, text);
    int rc = irhw_graph_read(p, IRHW_GRAPH_AUTO, &g, err, sizeof err);
    irhw_graph_free(&g);
    ck_assert_msg(rc == -1, "%s: accepted", name);
    ck_assert_msg(strstr(err, name) != NULL, "%s: message does not name the file: %s", name, err);
    ck_assert_msg(strstr(err, want1) != NULL, "%s: '%s' not in: %s", name, want1, err);
    ck_assert_msg(!want2 || strstr(err, want2) != NULL, "%s: '%s' not in: %s", name, want2, err);
}

static void expect_adj(const irhw_graph *g, uint32_t v, const uint32_t *nb, unsigned n)
{
    ck_assert_uint_eq(g->row[v + 1] - g->row[v], n);
    for (unsigned i = 0; i < n; i++)
        ck_assert_uint_eq(g->col[g->row[v] + i], nb[i]);
}

/* ---- formats ---------------------------------------------------------------------- */

START_TEST(metis_adjacency_lines_become_csr_in_file_order)
{
    irhw_graph g;
    read_ok("a.graph", "% a comment\n4 4\n3 2\n1 3\n1 2 4\n3\n", &g);
    ck_assert_uint_eq(g.n, 4);
    ck_assert_uint_eq(g.m, 8);
    ck_assert(g.w == NULL && !g.directed && g.fmt == IRHW_GRAPH_METIS);
    expect_adj(&g, 0, (const uint32_t[]){2, 1}, 2);
    expect_adj(&g, 2, (const uint32_t[]){0, 1, 3}, 3);
    expect_adj(&g, 3, (const uint32_t[]){2}, 1);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(metis_edge_and_vertex_weights_follow_the_fmt_field)
{
    irhw_graph g;
    read_ok("w.graph", "3 2 1\n2 5\n1 5 3 7\n2 7\n", &g);
    ck_assert(g.w != NULL);
    expect_adj(&g, 1, (const uint32_t[]){0, 2}, 2);
    ck_assert(g.w[g.row[1]] == 5 && g.w[g.row[1] + 1] == 7);
    irhw_graph_free(&g);
    read_ok("vw.graph", "3 2 11 2\n9 8 2 5\n9 8 1 5 3 7\n9 8 2 7\n", &g);
    expect_adj(&g, 1, (const uint32_t[]){0, 2}, 2);
    ck_assert(g.w[g.row[2]] == 7);
    irhw_graph_free(&g);
    read_ok("size.graph", "2 1 100\n4 2\n4 1\n", &g);
    expect_adj(&g, 0, (const uint32_t[]){1}, 1);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(metis_blank_line_is_an_isolated_vertex_and_self_loops_are_kept)
{
    irhw_graph g;
    read_ok("iso.graph", "3 2\n1 2\n1\n\n", &g); /* 1-1 listed once, 1-2 by both ends */
    ck_assert_uint_eq(g.n, 3);
    expect_adj(&g, 0, (const uint32_t[]){0, 1}, 2);
    expect_adj(&g, 2, NULL, 0);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(matrix_market_symmetric_is_mirrored_and_general_is_directed)
{
    irhw_graph g;
    read_ok("s.mtx",
            "%%MatrixMarket matrix coordinate pattern symmetric\n% c\n3 3 3\n1 1\n2 1\n3 2\n", &g);
    ck_assert_uint_eq(g.n, 3);
    ck_assert_uint_eq(g.m, 5); /* the diagonal entry once */
    ck_assert(!g.directed && g.w == NULL);
    expect_adj(&g, 0, (const uint32_t[]){0, 1}, 2);
    expect_adj(&g, 1, (const uint32_t[]){0, 2}, 2);
    irhw_graph_free(&g);
    read_ok("g.mtx",
            "%%MatrixMarket matrix coordinate real general\n2 3 3\n1 3 2.5\n2 1 -1\n1 3 4\n", &g);
    ck_assert_uint_eq(g.n, 3);
    ck_assert_uint_eq(g.m, 3); /* the duplicate 1->3 is kept */
    ck_assert(g.directed);
    expect_adj(&g, 0, (const uint32_t[]){2, 2}, 2);
    ck_assert(g.w[0] == 2.5 && g.w[1] == 4 && g.w[2] == -1);
    irhw_graph_free(&g);
    read_ok("i.mtx", "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 3\n", &g);
    ck_assert(g.w[g.row[0]] == -3 && g.w[g.row[1]] == 3);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(snap_edge_lists_keep_small_ids_and_renumber_huge_ones)
{
    irhw_graph g;
    read_ok("e.txt", "# comment\n# FromNodeId\tToNodeId\n0\t2\n2 1\n0 2\n\n", &g);
    ck_assert_uint_eq(g.n, 3);
    ck_assert_uint_eq(g.m, 3);
    ck_assert(g.directed && g.fmt == IRHW_GRAPH_SNAP);
    expect_adj(&g, 0, (const uint32_t[]){2, 2}, 2);
    irhw_graph_free(&g);
    read_ok("big.txt", "900000000000 5\n5 77777777777\n", &g);
    ck_assert_uint_eq(g.n, 3); /* 5 -> 0, 77777777777 -> 1, 900000000000 -> 2 */
    expect_adj(&g, 2, (const uint32_t[]){0}, 1);
    expect_adj(&g, 0, (const uint32_t[]){1}, 1);
    irhw_graph_free(&g);
    read_ok("wt.txt", "0 1 2.5\n1 0 3\n", &g);
    ck_assert(g.w && g.w[0] == 2.5);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(sssp_refuses_a_bad_weight_and_hashes_only_graphs_without_weights)
{
    irhw_graph g;
    uint32_t *wt;
    int fw;
    char err[1024];
    read_ok("w.txt", "0 1 3\n1 2 4\n2 0 0.5\n", &g); /* BFS reads any number */
    ck_assert_msg(strstr(g.w_bad, "w.txt:3: edge weight '0.5'"), "%s", g.w_bad);
    ck_assert_int_eq(irhw_sssp_weights(&g, &wt, &fw, err, sizeof err), 2);
    ck_assert_msg(strstr(err, "w.txt:3: edge weight '0.5' is not a whole number 1..65535"), "%s",
                  err);
    ck_assert_ptr_null(wt);
    irhw_graph_free(&g);
    read_ok("ok.graph", "2 1 001\n2 7\n1 7\n", &g);
    ck_assert_int_eq(irhw_sssp_weights(&g, &wt, &fw, err, sizeof err), 0);
    ck_assert(fw && wt[0] == 7 && wt[1] == 7);
    ck_assert_str_eq(irhw_sssp_weights_said(&g, fw), "the file's");
    free(wt);
    irhw_graph_free(&g);
    read_ok("r.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 -2.5\n", &g);
    ck_assert_int_eq(irhw_sssp_weights(&g, &wt, &fw, err, sizeof err), 0); /* a matrix */
    ck_assert(!fw && wt[0] >= 1 && wt[0] <= 64);
    ck_assert_msg(strstr(irhw_sssp_weights_said(&g, fw), "a real matrix"), "%s",
                  irhw_sssp_weights_said(&g, fw));
    free(wt);
    irhw_graph_free(&g);
    read_ok("n.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 70000\n", &g);
    ck_assert_int_eq(irhw_sssp_weights(&g, &wt, &fw, err, sizeof err), 2);
    ck_assert_msg(strstr(err, "n.mtx:3: edge weight '70000'"), "%s", err);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(format_is_found_by_content_without_an_extension)
{
    irhw_graph g;
    read_ok("mm_noext", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", &g);
    ck_assert(g.fmt == IRHW_GRAPH_MTX);
    irhw_graph_free(&g);
    read_ok("snap_noext", "# edges\n0 1\n", &g);
    ck_assert(g.fmt == IRHW_GRAPH_SNAP);
    irhw_graph_free(&g);
    read_ok("metis_noext", "3 2\n2\n1 3\n2\n", &g);
    ck_assert(g.fmt == IRHW_GRAPH_METIS);
    irhw_graph_free(&g);
    read_ok("el_noext", "0 1\n1 2\n", &g); /* 2 numbers, then 1 line, not 0: an edge list */
    ck_assert(g.fmt == IRHW_GRAPH_SNAP);
    irhw_graph_free(&g);
}
END_TEST

/* ---- malformed files ----------------------------------------------------------------- */

START_TEST(missing_file_is_named_with_the_os_error)
{
    char err[512];
    irhw_graph g;
    ck_assert_int_eq(irhw_graph_read("/nonexistent/x.graph", IRHW_GRAPH_AUTO, &g, err, sizeof err),
                     -1);
    ck_assert_msg(strstr(err, "/nonexistent/x.graph") && strstr(err, "No such file"), "%s", err);
}
END_TEST

/* name (its extension picks the format), text, two pieces of the message */
typedef struct {
    const char *name, *text, *want1, *want2;
} bad_case;

static const bad_case bad_metis[] = {
    {"empty.graph", "", ":1: expected the METIS header", "end of the file"},
    {"hdr.graph", "a b\n", ":1: expected the METIS header", "'a b'"},
    {"fmt.graph", "2 1 3\n2\n1\n", ":1: expected a METIS fmt", "'3'"},
    {"zero.graph", "2 1\n0\n1\n", ":2: expected a neighbour of vertex 1: a vertex number 1..2",
     "'0'"},
    {"big.graph", "2 1\n3\n1\n", ":2: expected a neighbour of vertex 1", "'3'"},
    {"word.graph", "2 1\n2\nx\n", ":3: expected a neighbour of vertex 2", "'x'"},
    {"trunc.graph", "3 2\n2\n1 3\n", ":4: expected the adjacency line of vertex 3",
     "end of the file"},
    {"odd.graph", "2 1 1\n2 5\n1\n", ":3: expected vertex weights, then neighbour and", "'1'"},
    {"wt.graph", "2 1 1\n2 x\n1 5\n", ":2: expected an edge weight", "'x'"},
    {"count.graph", "3 3\n2\n1 3\n2\n", ":1: the header says 3 edges", "4 neighbours"},
    {"extra.graph", "2 1\n2\n1\n1 2\n", ":4: expected the end of the file", "'1 2'"},
};

static const bad_case bad_mtx[] = {
    {"banner.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
     ":1: expected the banner", "array"},
    {"nobanner.mtx", "2 2 1\n1 2\n", ":1: expected the banner", "'2 2 1'"},
    {"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n",
     ":1: expected a field of real, integer or pattern", "'complex'"},
    {"herm.mtx", "%%MatrixMarket matrix coordinate real hermitian\n1 1 1\n1 1 1\n",
     ":1: expected a symmetry", "'hermitian'"},
    {"nosize.mtx", "%%MatrixMarket matrix coordinate real general\n% only comments\n",
     ":3: expected the size line", "end of the file"},
    {"size.mtx", "%%MatrixMarket matrix coordinate real general\n2 2\n",
     ":2: expected the size line", "'2 2'"},
    {"range.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n3 1\n",
     ":4: expected entry 2 of 2", "row 1..2, column 1..2, found '3 1'"},
    {"trunc.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 3\n1 2\n2 1\n",
     ":5: expected entry 3 of 3", "end of the file"},
    {"noval.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n",
     ":3: expected entry 1 of 1: \"row column value\"", "'1 2'"},
    {"extra.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n2 1\n",
     ":4: expected the end of the file", "'2 1'"},
};

static const bad_case bad_snap[] = {
    {"one.txt", "0 1\n2\n", ":2: expected an edge \"source destination\"", "'2'"},
    {"neg.txt", "0 1\n-1 2\n", ":2: expected an edge", "'-1 2'"},
    {"word.txt", "# c\nzero one\n", ":2: expected an edge", "'zero one'"},
    {"mixed.txt", "0 1 2.5\n1 2\n", ":2: expected an edge \"source destination weight\"", "'1 2'"},
    {"none.txt", "# nothing but comments\n", "expected at least one edge", "end of the file"},
};

/* Counts a file cannot hold, lines past the limit, bytes that are not text. */
static const bad_case bad_limits[] = {
    {"huge.mtx", "%%MatrixMarket matrix coordinate pattern general\n4000000000 4000000000 0\n",
     ":2: the size line declares 4000000000 vertices", "more than a file of 73 bytes"},
    {"huge.graph", "1000000000 5\n", ":1: the header says 1000000000 vertices,",
     "more than the 0 bytes after it"},
    {"hugeid.txt", "0 5\n5 50000000\n",
     ":2: the largest vertex id (ids below 2^26 are kept as vertex numbers) makes 50000001",
     "more than a file of 15 bytes"},
};

#define READ_BAD_ALL(cases)                                                                        \
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases)[0]; i++)                                  \
    read_bad((cases)[i].name, (cases)[i].text, (cases)[i].want1, (cases)[i].want2)

START_TEST(malformed_metis_files_name_the_line_and_what_was_expected)
{
    READ_BAD_ALL(bad_metis);
}
END_TEST

START_TEST(malformed_matrix_market_files_name_the_line_and_what_was_expected)
{
    READ_BAD_ALL(bad_mtx);
}
END_TEST

START_TEST(malformed_edge_lists_name_the_line_and_what_was_expected)
{
    READ_BAD_ALL(bad_snap);
}
END_TEST

START_TEST(header_counts_beyond_what_the_file_can_hold_are_rejected)
{
    READ_BAD_ALL(bad_limits);
}
END_TEST

START_TEST(directories_devices_and_binary_bytes_are_named)
{
    char err[1024];
    irhw_graph g;
    ck_assert_int_eq(irhw_graph_read(tmpdir, IRHW_GRAPH_AUTO, &g, err, sizeof err), -1);
    irhw_graph_free(&g);
    ck_assert_msg(strstr(err, tmpdir) && strstr(err, "is a directory"), "%s", err);
    ck_assert_int_eq(irhw_graph_read("/dev/zero", IRHW_GRAPH_AUTO, &g, err, sizeof err), -1);
    irhw_graph_free(&g);
    ck_assert_msg(strstr(err, "/dev/zero:1: a NUL byte at column 1"), "%s", err);
    char path[512];
    snprintf(path, sizeof path, "%s/nul.txt", tmpdir);
    FILE *f = fopen(path, "wb");
    ck_assert(f != NULL);
    fwrite("0 1\n1 2\0 3\n", 1, 12, f);
    fclose(f);
    ck_assert_int_eq(irhw_graph_read(path, IRHW_GRAPH_AUTO, &g, err, sizeof err), -1);
    irhw_graph_free(&g);
    ck_assert_msg(strstr(err, "nul.txt:2: a NUL byte at column 4"), "%s", err);
}
END_TEST

/* An edge-list line stops at IRHW_LINE_MAX (1 MiB); a METIS adjacency line,
 * all of one vertex's neighbours, may be longer. */
START_TEST(line_limits_stop_long_lines_but_not_long_adjacency_lists)
{
    size_t deg = 600000; /* "2 " 600,000 times: 1.2 MB */
    size_t len = 2 * deg + 64;
    char *t = malloc(2 * len), *p = t;
    p += sprintf(p, "2 %zu\n", deg);
    for (int v = 0; v < 2; v++) {
        for (size_t i = 0; i < deg; i++)
            p += sprintf(p, "%d ", 2 - v);
        *p++ = '\n';
    }
    *p = 0;
    irhw_graph g;
    read_ok("hub.graph", t, &g);
    ck_assert_uint_eq(g.n, 2);
    ck_assert_uint_eq(g.m, 2 * deg);
    irhw_graph_free(&g);
    memset(t, '7', 2 * len - 1);
    memcpy(t, "0 1\n", 4);
    t[2 * len - 1] = 0;
    read_bad("long.txt", t, ":2: the line is longer than the limit of 1048576 bytes", NULL);
    free(t);
}
END_TEST

/* ---- reference algorithms --------------------------------------------------------------- */

/* ---- generated graphs (sim/graph_gen.c) ------------------------------------------- */

/* Writes a generated graph to tmpdir/name and reads it back. */
static void gen_read(const char *name, int rmat, unsigned a, unsigned b, irhw_graph *g)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    irhw_out *o = irhw_out_open(path, err, sizeof err);
    ck_assert_msg(o != NULL, "%s", err);
    ck_assert_int_eq(rmat ? irhw_gen_rmat(o, a, b, 7, NULL) : irhw_gen_grid(o, a, b, 7, NULL), 0);
    ck_assert_msg(irhw_out_commit(o, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(irhw_graph_read(path, IRHW_GRAPH_AUTO, g, err, sizeof err) == 0, "%s", err);
}

START_TEST(generated_grid_has_its_counts_depth_and_symmetric_weights)
{
    irhw_graph g;
    gen_read("grid4x5.txt", 0, 4, 5, &g);
    ck_assert_uint_eq(g.n, 20);
    ck_assert_uint_eq(g.m, 2 * (4 * 4 + 5 * 3));
    ck_assert_msg(g.w && !g.w_bad[0], "weights: %s", g.w_bad);
    for (uint32_t v = 0; v < g.n; v++)
        for (uint64_t e = g.row[v]; e < g.row[v + 1]; e++) {
            ck_assert(g.w[e] >= 1 && g.w[e] <= 64);
            ck_assert_uint_eq((unsigned)g.w[e], irhw_gen_weight(7, g.col[e], v));
        }
    irhw_graph_stats s;
    ck_assert_int_eq(irhw_graph_stats_of(&g, &s), 0);
    ck_assert_uint_eq(s.src, 6); /* row 1 column 1: the first with 4 out-edges */
    ck_assert_uint_eq(s.depth, (4 - 2) + (5 - 2));
    ck_assert_uint_eq(s.reached, 20);
    ck_assert_uint_eq(s.deg_min, 2);
    ck_assert_uint_eq(s.deg_max, 4);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(generated_rmat_has_ef_times_2_to_the_scale_edges)
{
    irhw_graph g;
    gen_read("rmat6.txt", 1, 6, 4, &g);
    ck_assert_uint_le(g.n, 64);
    ck_assert_uint_eq(g.m, 4 * 64);
    ck_assert_msg(g.w && !g.w_bad[0], "weights: %s", g.w_bad);
    irhw_graph_stats s;
    ck_assert_int_eq(irhw_graph_stats_of(&g, &s), 0);
    ck_assert(s.frontier_max >= 1 && s.reached <= g.n && s.deg_max >= 4);
    irhw_graph_free(&g);
}
END_TEST

START_TEST(reference_bfs_and_dijkstra_give_known_levels_and_distances)
{
    irhw_graph g;
    /* 1-2 (w 4), 1-3 (w 1), 3-2 (w 1), 2-4 (w 5); 5 isolated */
    read_ok("d.graph", "5 4 1\n2 4 3 1\n1 4 3 1 4 5\n1 1 2 1\n2 5\n\n", &g);
    uint64_t lv[5], d[5];
    ck_assert_uint_eq(irhw_bfs(&g, 0, lv), 3);
    ck_assert(lv[0] == 0 && lv[1] == 1 && lv[2] == 1 && lv[3] == 2 && lv[4] == IRHW_UNREACHED);
    uint32_t wt[8];
    for (uint64_t e = 0; e < g.m; e++)
        wt[e] = (uint32_t)g.w[e];
    ck_assert_int_eq(irhw_sssp(&g, 0, wt, d), 0);
    ck_assert(d[0] == 0 && d[1] == 2 && d[2] == 1 && d[3] == 7 && d[4] == IRHW_UNREACHED);
    ck_assert_uint_eq(irhw_graph_hub(&g), 1);
    irhw_graph_free(&g);
}
END_TEST

/* ---- the IRU workload ---------------------------------------------------------------------- */

/* 16 vertices, each joined to the next three (mod 16): BFS has several
 * levels and every frontier lists some vertices more than once. */
static void ring_graph(irhw_graph *g, int weighted)
{
    char text[2048];
    size_t o = (size_t)snprintf(text, sizeof text, "16 48%s\n", weighted ? " 1" : "");
    for (int v = 0; v < 16; v++) {
        for (int d = -3; d <= 3; d++)
            if (d)
                o += (size_t)snprintf(text + o, sizeof text - o, weighted ? "%d %d " : "%d ",
                                      (v + d + 16) % 16 + 1,
                                      1 + (v * 7 + (v + d + 16) % 16 * 7) % 9);
        o += (size_t)snprintf(text + o, sizeof text - o, "\n");
    }
    read_ok(weighted ? "ringw.graph" : "ring.graph", text, g);
}

static void iru_inst(irhw_inst *x, const char *params)
{
    const irhw_block *b = irhw_find_block("iru_hash");
    ck_assert(b != NULL);
    irhw_check_inst(x, b, params);
}

START_TEST(traversal_streams_reach_the_reference_levels_and_distances)
{
    irhw_graph g;
    ring_graph(&g, 1);
    char err[512];
    irhw_iru_stream s;
    ck_assert_msg(irhw_iru_stream_build(&g, IRHW_KERNEL_BFS, 0, &s, err, sizeof err) == 0, "%s",
                  err);
    uint64_t ref[16];
    irhw_bfs(&g, s.src, ref);
    uint64_t pushed = 0;
    for (uint32_t v = 0; v < 16; v++) {
        ck_assert_uint_eq(s.result[v], ref[v]);
        pushed += g.row[v + 1] - g.row[v]; /* every vertex is reached once */
    }
    ck_assert_uint_eq(s.n, pushed);
    /* frontier f holds the neighbours of the vertices at level f, data f+1 */
    for (uint64_t f = 0; f < s.nfront; f++)
        for (uint64_t e = s.start[f]; e < s.start[f + 1]; e++)
            ck_assert_uint_eq(s.data[e], f + 1);
    irhw_iru_stream_free(&s);
    ck_assert(irhw_iru_stream_build(&g, IRHW_KERNEL_SSSP, 0, &s, err, sizeof err) == 0);
    ck_assert(s.file_weights);
    uint32_t wt[96];
    for (uint64_t e = 0; e < g.m; e++)
        wt[e] = (uint32_t)g.w[e];
    irhw_sssp(&g, s.src, wt, ref);
    for (uint32_t v = 0; v < 16; v++)
        ck_assert_uint_eq(s.result[v], ref[v]);
    irhw_iru_stream_free(&s);
    ck_assert(irhw_iru_stream_build(&g, IRHW_KERNEL_PAGERANK, 0, &s, err, sizeof err) == 0);
    ck_assert_uint_eq(s.n, g.m);
    ck_assert_uint_eq(s.nfront, 1);
    irhw_iru_stream_free(&s);
    ck_assert(irhw_iru_stream_build(&g, IRHW_KERNEL_SSSP, 10, &s, err, sizeof err) == 0);
    ck_assert_uint_eq(s.n, 10); /* --max-elems */
    irhw_iru_stream_free(&s);
    irhw_graph_free(&g);
}
END_TEST

/* Independent counts from the stream: warps of `warp` elements per
 * frontier and their distinct blocks; distinct indices per frontier. */
static void count_stream(const irhw_iru_stream *s, unsigned warp, unsigned shift, uint64_t *warps,
                         uint64_t *lines, uint64_t *distinct)
{
    *warps = *lines = *distinct = 0;
    for (uint64_t f = 0; f < s->nfront; f++) {
        for (uint64_t e = s->start[f]; e < s->start[f + 1]; e++) {
            uint64_t k = (e - s->start[f]) % warp, w0 = e - k, seen = 0, seen_f = 0;
            for (uint64_t j = w0; j < e; j++)
                seen |= s->idx[j] >> shift == s->idx[e] >> shift;
            for (uint64_t j = s->start[f]; j < e; j++)
                seen_f |= s->idx[j] == s->idx[e];
            *warps += k == 0;
            *lines += !seen;
            *distinct += !seen_f;
        }
    }
}

/* Every index its own line and set (LINE_BYTES = ELEM_BYTES, 16 sets, 16
 * vertices), no timeout: an entry never completes within a frontier, so
 * the filter merges every repeat of an index in a frontier and each reply
 * slot is a line of its own. */
#define EXACT_PARAMS "SETS=16 SLOTS=4 LINE_BYTES=4 ELEM_BYTES=4 TIMEOUT=0 STORAGE=flops"

static void run_exact(irhw_kernel k, int model_only, irhw_iru_result *r, irhw_iru_stream *s)
{
    irhw_graph g;
    ring_graph(&g, 1);
    char err[8192], params[256];
    /* every kernel filtered (BFS dropping duplicates, which it does not by default) */
    static const char *const filter[] = {"dedup", "min", "fadd"};
    snprintf(params, sizeof params, EXACT_PARAMS " FILTER=%s", filter[k]);
    irhw_inst x;
    iru_inst(&x, params);
    ck_assert(irhw_iru_stream_build(&g, k, 0, s, err, sizeof err) == 0);
    irhw_iru_req q = {&x, s, model_only, "test", 1, 0};
    ck_assert_msg(irhw_iru_run(&q, r, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(r->equal, "%s", r->message);
    irhw_inst_free(&x);
    irhw_graph_free(&g);
}

START_TEST(tiny_graph_in_lockstep_matches_counts_from_the_element_stream)
{
    for (int k = 0; k < 3; k++) {
        irhw_iru_result r, rm;
        irhw_iru_stream s;
        run_exact((irhw_kernel)k, 0, &r, &s);
        uint64_t warps, lines, distinct;
        count_stream(&s, 4, 0, &warps, &lines, &distinct);
        ck_assert_uint_eq(r.warps_before, warps);
        ck_assert_uint_eq(r.lines_before, lines);
        ck_assert_uint_eq(r.inserted, s.n);
        ck_assert_uint_eq(r.merged + r.replied, s.n); /* conservation, unit drained */
        ck_assert_msg(r.merged == s.n - distinct, "%s: merged %llu, expected %llu",
                      irhw_kernel_name((irhw_kernel)k), (unsigned long long)r.merged,
                      (unsigned long long)(s.n - distinct));
        ck_assert_uint_eq(r.lines_after, distinct);
        ck_assert_uint_ge(r.replies * 4, r.replied);
        /* the replied elements cut into full warps of SLOTS = 4 */
        ck_assert_uint_eq(r.warps_packed, (r.replied + 3) / 4);
        ck_assert_uint_le(r.lines_packed, r.replied);
        ck_assert_uint_ge(r.lines_packed, r.warps_packed);
        /* the model alone counts the same */
        irhw_iru_stream s2;
        run_exact((irhw_kernel)k, 1, &rm, &s2);
        ck_assert_uint_eq(rm.merged, r.merged);
        ck_assert_uint_eq(rm.replies, r.replies);
        ck_assert_uint_eq(rm.lines_after, r.lines_after);
        ck_assert_uint_eq(rm.lines_packed, r.lines_packed);
        ck_assert_uint_eq(rm.cycles, r.cycles);
        irhw_iru_stream_free(&s);
        irhw_iru_stream_free(&s2);
    }
}
END_TEST

#define REAL_GRAPH IRHW_ROOT "/../shared/data/graphs/jagmesh7.mtx"

START_TEST(real_graph_bfs_runs_in_lockstep_with_conservation)
{
    irhw_graph g;
    char err[8192];
    ck_assert_msg(irhw_graph_read(REAL_GRAPH, IRHW_GRAPH_AUTO, &g, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_eq(g.n, 1138);
    ck_assert_uint_eq(g.m, 2 * 4294 - 1138); /* mirrored, the diagonal once */
    irhw_inst x;
    iru_inst(&x, "SETS=16 SLOTS=8 FILTER=dedup");
    irhw_iru_stream s;
    ck_assert(irhw_iru_stream_build(&g, IRHW_KERNEL_BFS, 0, &s, err, sizeof err) == 0);
    irhw_iru_result r;
    irhw_iru_req q = {&x, &s, 0, "test", 1, 0};
    ck_assert_msg(irhw_iru_run(&q, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(r.equal, "%s", r.message);
    uint64_t warps, lines, distinct;
    count_stream(&s, 8, 5, &warps, &lines, &distinct);
    ck_assert_uint_eq(r.warps_before, warps);
    ck_assert_uint_eq(r.lines_before, lines);
    ck_assert_uint_eq(r.merged + r.replied, s.n);
    ck_assert_uint_le(r.merged, s.n - distinct); /* only repeats within a frontier merge */
    ck_assert_uint_lt(r.lines_after, r.lines_before);
    irhw_iru_stream_free(&s);
    irhw_inst_free(&x);
    irhw_graph_free(&g);
}
END_TEST

static Suite *graph_suite(void)
{
    Suite *s = suite_create("graph");
    TCase *rd = tcase_create("reader");
    tcase_add_test(rd, metis_adjacency_lines_become_csr_in_file_order);
    tcase_add_test(rd, metis_edge_and_vertex_weights_follow_the_fmt_field);
    tcase_add_test(rd, metis_blank_line_is_an_isolated_vertex_and_self_loops_are_kept);
    tcase_add_test(rd, matrix_market_symmetric_is_mirrored_and_general_is_directed);
    tcase_add_test(rd, snap_edge_lists_keep_small_ids_and_renumber_huge_ones);
    tcase_add_test(rd, format_is_found_by_content_without_an_extension);
    tcase_add_test(rd, sssp_refuses_a_bad_weight_and_hashes_only_graphs_without_weights);
    tcase_add_test(rd, missing_file_is_named_with_the_os_error);
    tcase_add_test(rd, malformed_metis_files_name_the_line_and_what_was_expected);
    tcase_add_test(rd, malformed_matrix_market_files_name_the_line_and_what_was_expected);
    tcase_add_test(rd, malformed_edge_lists_name_the_line_and_what_was_expected);
    tcase_add_test(rd, header_counts_beyond_what_the_file_can_hold_are_rejected);
    tcase_add_test(rd, directories_devices_and_binary_bytes_are_named);
    tcase_add_test(rd, line_limits_stop_long_lines_but_not_long_adjacency_lists);
    tcase_add_test(rd, reference_bfs_and_dijkstra_give_known_levels_and_distances);
    tcase_add_test(rd, generated_grid_has_its_counts_depth_and_symmetric_weights);
    tcase_add_test(rd, generated_rmat_has_ef_times_2_to_the_scale_edges);
    suite_add_tcase(s, rd);
    TCase *wl = tcase_create("iru workload");
    tcase_set_timeout(wl, 300);
    tcase_add_test(wl, traversal_streams_reach_the_reference_levels_and_distances);
    tcase_add_test(wl, tiny_graph_in_lockstep_matches_counts_from_the_element_stream);
    if (access(REAL_GRAPH, R_OK) == 0)
        tcase_add_test(wl, real_graph_bfs_runs_in_lockstep_with_conservation);
    else
        printf("SKIP: %s not found: the real-graph IRU test did not run (the project works "
               "without ../shared/data)\n",
               REAL_GRAPH);
    suite_add_tcase(s, wl);
    return s;
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/irhw-graph-test.XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    int rc = irhw_check_run(graph_suite());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return rc;
}
