/*
 * graph.c — METIS, Matrix Market and SNAP edge-list readers into CSR
 * (formats in graph.h). Every error names the file, the line and what was
 * expected there; nothing is guessed or silently dropped.
 */
#include "graph.h"

#include "irhw.h"
#include "lines.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- lines and tokens --------------------------------------------------- */

/* METIS adjacency lines list every neighbour of a vertex on one line: they
 * may be this long (bytes); every other line of a graph file IRHW_LINE_MAX. */
#define METIS_LINE_MAX ((size_t)64 << 20)

typedef struct {
    irhw_lines r;
    const char *name;
    int bad;       /* the reader failed; its message is in msg */
    char msg[512]; /* (read errors, an over-long line, a NUL byte) */
} cursor;

/* The next line (without its newline); 0 at the end of the file or after
 * a read error (c->bad). */
static int next_line(cursor *c, const char **s, size_t *len)
{
    char *p;
    if (c->bad)
        return 0;
    int rc = irhw_lines_next(&c->r, &p, len, c->msg, sizeof c->msg);
    if (rc < 0) {
        c->bad = 1;
        return 0;
    }
    *s = p;
    return rc;
}

static int blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!isspace((unsigned char)s[i]))
            return 0;
    return 1;
}

/* Token i of a line: start and length; 0 when there are fewer tokens. */
typedef struct {
    const char *s;
    size_t len;
} tok;

static size_t tokens(const char *s, size_t len, tok *t, size_t max)
{
    size_t n = 0, i = 0;
    while (i < len) {
        while (i < len && isspace((unsigned char)s[i]))
            i++;
        if (i >= len)
            break;
        size_t st = i;
        while (i < len && !isspace((unsigned char)s[i]))
            i++;
        if (n < max)
            t[n] = (tok){s + st, i - st};
        n++;
    }
    return n;
}

/* "'text'" of a token or line, shortened, bytes that are not printable
 * ASCII as '?', for messages. */
static const char *shown(const char *s, size_t len, char *buf, size_t blen)
{
    char t[41];
    size_t n = len > 40 ? 37 : len;
    for (size_t i = 0; i < n; i++)
        t[i] = isprint((unsigned char)s[i]) || s[i] == '\t' ? s[i] : '?';
    t[n] = 0;
    snprintf(buf, blen, len > 40 ? "'%s...'" : "'%s'", t);
    return buf;
}

static int parse_uint(tok t, uint64_t max, uint64_t *out)
{
    char buf[32];
    if (!t.len || t.len >= sizeof buf || !isdigit((unsigned char)t.s[0]))
        return -1;
    memcpy(buf, t.s, t.len);
    buf[t.len] = 0;
    uint64_t x;
    if (irhw_parse_uint(buf, &x) || x > max)
        return -1;
    *out = x;
    return 0;
}

static int parse_real(tok t, double *out)
{
    char buf[64];
    if (!t.len || t.len >= sizeof buf)
        return -1;
    memcpy(buf, t.s, t.len);
    buf[t.len] = 0;
    return irhw_parse_real(buf, out);
}

/* "FILE:LINE: expected WHAT, found S" (S NULL: the end of the file); after
 * a read error, that error instead (irhw_graph_read copies it). -1. */
static int fail(const cursor *c, char *err, size_t errlen, const char *what, const char *s,
                size_t len)
{
    char b[64];
    if (c->bad)
        return -1;
    if (!s)
        return irhw_err(err, errlen, "%s:%lu: expected %s, found the end of the file", c->name,
                        c->r.line + 1, what);
    return irhw_err(err, errlen, "%s:%lu: expected %s, found %s", c->name, c->r.line, what,
                    shown(s, len, b, sizeof b));
}

/* Every vertex costs CSR memory whether or not an edge names it, so a file
 * may declare at most max(2^20, its size in bytes) vertices. -1 with a
 * message naming the count and the limit when n is above it. */
#define VERTEX_FLOOR ((uint64_t)1 << 20)
static int vertex_check(const cursor *c, uint64_t n, uint64_t bytes, unsigned long line,
                        const char *what, char *err, size_t errlen)
{
    uint64_t cap = bytes > VERTEX_FLOOR ? bytes : VERTEX_FLOOR;
    if (n <= cap)
        return 0;
    return irhw_err(err, errlen,
                    "%s:%lu: %s %llu vertices, more than a file of %llu bytes may declare (the "
                    "limit is its size in bytes, %llu = 2^20 at least): a damaged file?",
                    c->name, line, what, (unsigned long long)n, (unsigned long long)bytes,
                    (unsigned long long)VERTEX_FLOOR);
}

/* ---- an edge list, then CSR ----------------------------------------------- */

typedef struct {
    uint32_t *src, *dst;
    double *w;
    size_t n, cap;
    int weighted, real;
    char w_bad[200]; /* irhw_graph.w_bad */
} edges;

/* Keeps the place of the first weight that is not a whole number 1..65535
 * (w: the weight stored, t: its text in the file). */
static void weight_note(const cursor *c, edges *e, double w, tok t)
{
    char b[64];
    if (e->w_bad[0] || (w >= 1 && w <= 65535 && w == (double)(uint32_t)w))
        return;
    snprintf(e->w_bad, sizeof e->w_bad, "%s:%lu: edge weight %s%s", c->name, c->r.line,
             shown(t.s, t.len, b, sizeof b),
             w < 0 && t.s[0] != '-' ? " (mirrored as negative)" : "");
}

int irhw_grow(void *pptr, size_t elem, size_t cap)
{
    void *old, *arr;
    memcpy(&old, pptr, sizeof old);
    if (!(arr = realloc(old, cap * elem)))
        return -1;
    memcpy(pptr, &arr, sizeof arr);
    return 0;
}

static int edge_add(edges *e, uint64_t s, uint64_t d, double w)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 1024;
        if (irhw_grow(&e->src, sizeof *e->src, cap) || irhw_grow(&e->dst, sizeof *e->dst, cap) ||
            (e->weighted && irhw_grow(&e->w, sizeof *e->w, cap)))
            return -1;
        e->cap = cap;
    }
    e->src[e->n] = (uint32_t)s;
    e->dst[e->n] = (uint32_t)d;
    if (e->weighted)
        e->w[e->n] = w;
    e->n++;
    return 0;
}

static void edges_free(edges *e)
{
    free(e->src);
    free(e->dst);
    free(e->w);
}

/* Stable counting sort by source: each vertex keeps the file's order. The
 * edge list goes as its CSR copy comes: dst once col is filled, before the
 * weights are placed, so at most src, w, col and one weight array are held
 * at once. */
static int to_csr(edges *e, uint32_t n, irhw_graph *g)
{
    g->n = n;
    g->m = e->n;
    g->row = calloc((size_t)n + 1, sizeof *g->row);
    g->col = malloc((e->n ? e->n : 1) * sizeof *g->col);
    uint64_t *fill = malloc(((size_t)n + 1) * sizeof *fill);
    if (!g->row || !g->col || !fill) {
        free(fill);
        return -1;
    }
    for (size_t i = 0; i < e->n; i++)
        g->row[e->src[i] + 1]++;
    for (uint32_t v = 0; v < n; v++)
        g->row[v + 1] += g->row[v];
    memcpy(fill, g->row, ((size_t)n + 1) * sizeof *fill);
    for (size_t i = 0; i < e->n; i++)
        g->col[fill[e->src[i]]++] = e->dst[i];
    free(e->dst);
    e->dst = NULL;
    if (e->weighted) {
        g->w = malloc((e->n ? e->n : 1) * sizeof *g->w);
        if (!g->w) {
            free(fill);
            return -1;
        }
        memcpy(fill, g->row, ((size_t)n + 1) * sizeof *fill);
        for (size_t i = 0; i < e->n; i++)
            g->w[fill[e->src[i]]++] = e->w[i];
    }
    free(fill);
    return 0;
}

static int nomem(const char *name, char *err, size_t errlen)
{
    return irhw_err(err, errlen, "%s: out of memory reading the graph", name);
}

/* Every token of a line, into a growing array. -1 when out of memory. */
typedef struct {
    tok *t;
    size_t n, cap;
} toks;

static int split(const char *s, size_t len, toks *v)
{
    size_t n = tokens(s, len, v->t, v->cap);
    if (n > v->cap) {
        if (irhw_grow(&v->t, sizeof *v->t, n))
            return -1;
        v->cap = n;
        tokens(s, len, v->t, v->cap);
    }
    v->n = n;
    return 0;
}

/* The next line that is not a comment (starts with cmt) and, when
 * skip_blank, not blank; 0 at the end. */
static int next_data(cursor *c, char cmt, int skip_blank, const char **s, size_t *len)
{
    while (next_line(c, s, len))
        if (!(*len && (*s)[0] == cmt) && !(skip_blank && blank(*s, *len)))
            return 1;
    *s = NULL;
    *len = 0;
    return 0;
}

/* ---- METIS ------------------------------------------------------------------ */

static int read_metis(cursor *c, edges *e, uint32_t *nv, char *err, size_t errlen)
{
    const char *s;
    size_t len;
    static const char hdr[] = "the METIS header \"vertices edges [fmt [ncon]]\"";
    if (!next_data(c, '%', 1, &s, &len))
        return fail(c, err, errlen, hdr, NULL, 0);
    tok t[4];
    size_t nt = tokens(s, len, t, 4);
    uint64_t n, m, fmt = 0, ncon = 1;
    if (nt < 2 || nt > 4 || parse_uint(t[0], 0xfffffffeu, &n) ||
        parse_uint(t[1], UINT64_MAX / 4, &m))
        return fail(c, err, errlen, hdr, s, len);
    if (nt >= 3 &&
        (parse_uint(t[2], 111, &fmt) || fmt % 10 > 1 || fmt / 10 % 10 > 1 || fmt / 100 > 1))
        return fail(c, err, errlen, "a METIS fmt of 0/1 digits (0, 1, 10, 11, 100, ...)", t[2].s,
                    t[2].len);
    if (nt == 4 && (parse_uint(t[3], 64, &ncon) || ncon < 1))
        return fail(c, err, errlen, "a METIS ncon of 1..64", t[3].s, t[3].len);
    unsigned long header_line = c->r.line;
    /* each vertex needs a line (a newline but for the last); a shorter
     * truncation is named at its first missing line */
    if (c->r.size >= 0 && n > (uint64_t)c->r.size - c->r.bytes + 1)
        return irhw_err(err, errlen,
                        "%s:%lu: the header says %llu vertices, more than the %llu bytes after it "
                        "can hold (a line each): a truncated or damaged file?",
                        c->name, header_line, (unsigned long long)n,
                        (unsigned long long)((uint64_t)c->r.size - c->r.bytes));
    c->r.max = METIS_LINE_MAX;
    int has_ew = fmt % 10 == 1;
    size_t lead = (size_t)(fmt / 100) + (fmt / 10 % 10 ? (size_t)ncon : 0);
    e->weighted = has_ew;
    uint64_t self = 0, listed = 0;
    toks v = {0};
    int rc = 0;
    for (uint64_t u = 0; u < n && !rc; u++) {
        char what[120];
        snprintf(what, sizeof what,
                 "the adjacency line of vertex %llu (the header says %llu vertices)",
                 (unsigned long long)u + 1, (unsigned long long)n);
        if (!next_data(c, '%', 0, &s, &len)) {
            rc = fail(c, err, errlen, what, NULL, 0);
            break;
        }
        if (split(s, len, &v)) {
            rc = nomem(c->name, err, errlen);
            break;
        }
        if (v.n < lead || (has_ew && (v.n - lead) % 2)) {
            rc =
                fail(c, err, errlen,
                     has_ew ? "vertex weights, then neighbour and edge-weight pairs (fmt ends in 1)"
                            : "the vertex size/weights the fmt announces",
                     s, len);
            break;
        }
        uint64_t x;
        for (size_t k = 0; k < lead && !rc; k++)
            if (parse_uint(v.t[k], UINT64_MAX, &x))
                rc = fail(c, err, errlen, "a vertex size or weight (a whole number)", v.t[k].s,
                          v.t[k].len);
        for (size_t k = lead; k < v.n && !rc; k += has_ew ? 2 : 1) {
            double w = 1;
            char wn[120];
            snprintf(wn, sizeof wn, "a neighbour of vertex %llu: a vertex number 1..%llu",
                     (unsigned long long)u + 1, (unsigned long long)n);
            if (parse_uint(v.t[k], n, &x) || x < 1)
                rc = fail(c, err, errlen, wn, v.t[k].s, v.t[k].len);
            else if (has_ew && parse_real(v.t[k + 1], &w))
                rc =
                    fail(c, err, errlen, "an edge weight (a number)", v.t[k + 1].s, v.t[k + 1].len);
            else if (edge_add(e, u, x - 1, w))
                rc = nomem(c->name, err, errlen);
            else {
                if (has_ew)
                    weight_note(c, e, w, v.t[k + 1]);
                listed++;
                self += x - 1 == u;
            }
        }
    }
    free(v.t);
    if (rc)
        return -1;
    if (next_data(c, '%', 1, &s, &len))
        return fail(c, err, errlen, "the end of the file after the last vertex's line", s, len);
    if (c->bad)
        return -1;
    /* each edge listed by both ends, a self-loop once */
    if ((listed - self) % 2 || (listed - self) / 2 + self != m)
        return irhw_err(err, errlen,
                        "%s:%lu: the header says %llu edges, but the adjacency lines list %llu "
                        "neighbours (%llu self-loops): expected every edge listed by both ends",
                        c->name, header_line, (unsigned long long)m, (unsigned long long)listed,
                        (unsigned long long)self);
    *nv = (uint32_t)n;
    return 0;
}

/* ---- Matrix Market ------------------------------------------------------------ */

static int tok_is(tok t, const char *w)
{
    return t.len == strlen(w) && strncasecmp(t.s, w, t.len) == 0;
}

static int read_mtx(cursor *c, edges *e, uint32_t *nv, int *directed, char *err, size_t errlen)
{
    const char *s;
    size_t len;
    static const char banner[] =
        "the banner \"%%MatrixMarket matrix coordinate real|integer|pattern "
        "general|symmetric|skew-symmetric\"";
    if (!next_line(c, &s, &len))
        return fail(c, err, errlen, banner, NULL, 0);
    tok t[6];
    size_t nt = tokens(s, len, t, 6);
    if (nt != 5 || !tok_is(t[0], "%%MatrixMarket") || !tok_is(t[1], "matrix") ||
        !tok_is(t[2], "coordinate"))
        return fail(c, err, errlen, banner, s, len);
    int pattern = tok_is(t[3], "pattern");
    e->real = tok_is(t[3], "real");
    if (!pattern && !tok_is(t[3], "real") && !tok_is(t[3], "integer"))
        return fail(c, err, errlen, "a field of real, integer or pattern", t[3].s, t[3].len);
    int sym = tok_is(t[4], "symmetric") ? 1 : tok_is(t[4], "skew-symmetric") ? -1 : 0;
    if (!sym && !tok_is(t[4], "general"))
        return fail(c, err, errlen, "a symmetry of general, symmetric or skew-symmetric", t[4].s,
                    t[4].len);
    static const char size[] = "the size line \"rows columns entries\"";
    if (!next_data(c, '%', 1, &s, &len))
        return fail(c, err, errlen, size, NULL, 0);
    uint64_t rows, cols, nnz;
    if (tokens(s, len, t, 6) != 3 || parse_uint(t[0], 0xfffffffeu, &rows) ||
        parse_uint(t[1], 0xfffffffeu, &cols) || parse_uint(t[2], UINT64_MAX / 4, &nnz))
        return fail(c, err, errlen, size, s, len);
    unsigned long size_line = c->r.line;
    uint64_t nv64 = rows > cols ? rows : cols;
    /* entries are read one at a time (a count above what is there ends at
     * the first missing one); the vertices are allocated at once */
    if (c->r.size >= 0 && vertex_check(c, nv64, (uint64_t)c->r.size, size_line,
                                       "the size line declares", err, errlen))
        return -1;
    e->weighted = !pattern;
    for (uint64_t k = 0; k < nnz; k++) {
        char what[160];
        snprintf(what, sizeof what,
                 "entry %llu of %llu: \"row column%s\", row 1..%llu, column 1..%llu",
                 (unsigned long long)k + 1, (unsigned long long)nnz, pattern ? "" : " value",
                 (unsigned long long)rows, (unsigned long long)cols);
        if (!next_data(c, '%', 1, &s, &len))
            return fail(c, err, errlen, what, NULL, 0);
        uint64_t i, j;
        double w = 1;
        nt = tokens(s, len, t, 6);
        if (nt != (pattern ? 2u : 3u) || parse_uint(t[0], rows, &i) || i < 1 ||
            parse_uint(t[1], cols, &j) || j < 1 || (!pattern && parse_real(t[2], &w)))
            return fail(c, err, errlen, what, s, len);
        if (!pattern) {
            weight_note(c, e, w, t[2]);
            if (sym && i != j)
                weight_note(c, e, sym * w, t[2]);
        }
        if (edge_add(e, i - 1, j - 1, w) || (sym && i != j && edge_add(e, j - 1, i - 1, sym * w)))
            return nomem(c->name, err, errlen);
    }
    if (next_data(c, '%', 1, &s, &len))
        return fail(c, err, errlen, "the end of the file after the last entry", s, len);
    if (c->bad ||
        vertex_check(c, nv64, c->r.bytes, size_line, "the size line declares", err, errlen))
        return -1;
    *nv = (uint32_t)nv64;
    *directed = !sym;
    return 0;
}

/* ---- SNAP edge list ---------------------------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Index of x in the sorted distinct ids. */
static uint32_t id_index(const uint64_t *ids, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (ids[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return (uint32_t)lo;
}

/* The id of edge i's end (hi: the high words, NULL while every id fits in
 * 32 bits). */
static uint64_t snap_id(const uint32_t *lo, const uint32_t *hi, size_t i)
{
    return (uint64_t)(hi ? hi[i] : 0) << 32 | lo[i];
}

/* Appends an edge: the ids' low words go straight into the edge list, their
 * high words into hs/hd, made (zeros before) at the first id of 2^32 or
 * more. -1 when out of memory. */
static int snap_add(edges *e, uint32_t **hs, uint32_t **hd, uint64_t a, uint64_t b, double w)
{
    size_t cap = e->cap;
    if (edge_add(e, a, b, w))
        return -1;
    if (!*hs && !((a | b) >> 32))
        return 0;
    if (!*hs) { /* the first high word: the edges before have none */
        if (!(*hs = calloc(e->cap, sizeof **hs)) || !(*hd = calloc(e->cap, sizeof **hd)))
            return -1;
    } else if (e->cap != cap) {
        if (irhw_grow(hs, sizeof **hs, e->cap) || irhw_grow(hd, sizeof **hd, e->cap))
            return -1;
    }
    (*hs)[e->n - 1] = (uint32_t)(a >> 32);
    (*hd)[e->n - 1] = (uint32_t)(b >> 32);
    return 0;
}

/* Ids of 2^26 or more are renumbered: their sorted distinct values, each
 * edge's ends replaced by their index. The count in *nids; -1 when out of
 * memory. */
static int snap_renumber(edges *e, const uint32_t *hs, const uint32_t *hd, size_t *nids)
{
    uint64_t *ids = malloc(2 * e->n * sizeof *ids);
    if (!ids)
        return -1;
    for (size_t i = 0; i < e->n; i++) {
        ids[2 * i] = snap_id(e->src, hs, i);
        ids[2 * i + 1] = snap_id(e->dst, hd, i);
    }
    qsort(ids, 2 * e->n, sizeof *ids, cmp_u64);
    size_t n = 0;
    for (size_t i = 0; i < 2 * e->n; i++)
        if (!n || ids[n - 1] != ids[i])
            ids[n++] = ids[i];
    for (size_t i = 0; i < e->n; i++) {
        e->src[i] = id_index(ids, n, snap_id(e->src, hs, i));
        e->dst[i] = id_index(ids, n, snap_id(e->dst, hd, i));
    }
    free(ids);
    *nids = n;
    return 0;
}

/* The edges go straight into the edge list (32-bit ids; high words aside
 * only when a file has ids of 2^32 or more): no second copy of the file's
 * edges is held. */
static int read_snap(cursor *c, edges *e, uint32_t *nv, char *err, size_t errlen)
{
    const char *s;
    size_t len;
    uint64_t maxid = 0;
    unsigned long maxline = 0;
    uint32_t *hs = NULL, *hd = NULL;
    int rc = 0, weighted = -1;
    while (!rc && next_data(c, '#', 1, &s, &len)) {
        tok t[4];
        size_t nt = tokens(s, len, t, 4);
        uint64_t a, b;
        double w = 1;
        if (weighted < 0)
            e->weighted = weighted = nt == 3;
        if (nt != (weighted ? 3u : 2u) || parse_uint(t[0], UINT64_MAX - 1, &a) ||
            parse_uint(t[1], UINT64_MAX - 1, &b) || (weighted && parse_real(t[2], &w))) {
            rc = fail(c, err, errlen,
                      weighted ? "an edge \"source destination weight\" (as on the first edge line)"
                               : "an edge \"source destination\" (non-negative whole numbers)",
                      s, len);
            break;
        }
        if (weighted)
            weight_note(c, e, w, t[2]);
        if (snap_add(e, &hs, &hd, a, b, w)) {
            rc = nomem(c->name, err, errlen);
            break;
        }
        if (a > maxid || b > maxid) {
            maxid = a > b ? a : b;
            maxline = c->r.line;
        }
    }
    if (!rc && !e->n)
        rc = fail(c, err, errlen, "at least one edge \"source destination\"", NULL, 0);
    size_t nids = 0;
    int renumber = !rc && maxid >= (1u << 26);
    if (renumber && snap_renumber(e, hs, hd, &nids))
        rc = nomem(c->name, err, errlen);
    if (!rc && c->bad)
        rc = -1;
    if (!rc && !renumber)
        rc = vertex_check(c, maxid + 1, c->r.bytes, maxline,
                          "the largest vertex id (ids below 2^26 are kept as vertex numbers) "
                          "makes",
                          err, errlen);
    *nv = renumber ? (uint32_t)nids : (uint32_t)(maxid + 1);
    free(hs);
    free(hd);
    return rc;
}

/* ---- entry points ---------------------------------------------------------------- */

const char *irhw_graph_fmt_name(irhw_graph_fmt f)
{
    return f == IRHW_GRAPH_METIS  ? "METIS"
           : f == IRHW_GRAPH_MTX  ? "Matrix Market"
           : f == IRHW_GRAPH_SNAP ? "SNAP edge list"
                                  : "auto";
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcasecmp(s + a - b, suf) == 0;
}

irhw_graph_fmt irhw_graph_ext(const char *name)
{
    if (ends_with(name, ".graph") || ends_with(name, ".metis"))
        return IRHW_GRAPH_METIS;
    if (ends_with(name, ".mtx"))
        return IRHW_GRAPH_MTX;
    if (ends_with(name, ".txt") || ends_with(name, ".edges") || ends_with(name, ".el") ||
        ends_with(name, ".snap"))
        return IRHW_GRAPH_SNAP;
    return IRHW_GRAPH_AUTO;
}

/* By extension, else by content: a Matrix Market banner; '#' comments
 * (SNAP); a first data line of 2..4 numbers followed by exactly that many
 * vertex lines (METIS); else SNAP. Counting the lines reads the file once
 * more, so an input that cannot seek (a pipe) must be told by its name or
 * its first line. 0 with the reader back at the first line, or -1. */
static int detect(cursor *c, irhw_graph_fmt *fmt, char *err, size_t errlen)
{
    const char *name = c->name;
    if ((*fmt = irhw_graph_ext(name)) != IRHW_GRAPH_AUTO)
        return 0;
    *fmt = IRHW_GRAPH_SNAP;
    const char *s;
    size_t l;
    if (!next_line(c, &s, &l))
        return 0; /* empty, or unreadable: the SNAP reader reports it */
    irhw_lines_hold(&c->r);
    if (l >= 14 && strncasecmp(s, "%%MatrixMarket", 14) == 0)
        return *fmt = IRHW_GRAPH_MTX, 0;
    if (l && s[0] == '#')
        return 0;
    tok t[5];
    uint64_t n;
    size_t nt = tokens(s, l, t, 5);
    int header_like = nt >= 2 && nt <= 4 && !parse_uint(t[0], 0xfffffffeu, &n);
    if (!blank(s, l) && s[0] != '%' && !header_like)
        return 0;
    if (irhw_lines_rewind(&c->r))
        return irhw_err(err, errlen,
                        "%s: cannot tell a METIS graph from a SNAP edge list without reading it "
                        "twice, and it is not a regular file (a pipe or a device): give the "
                        "graph a name ending in .graph, .mtx or .txt",
                        name);
    if (!next_data(c, '%', 1, &s, &l))
        return 0;
    nt = tokens(s, l, t, 5);
    if (nt < 2 || nt > 4 || parse_uint(t[0], 0xfffffffeu, &n)) {
        irhw_lines_rewind(&c->r);
        return 0;
    }
    c->r.max = METIS_LINE_MAX;
    uint64_t lines = 0;
    while (next_data(c, '%', 0, &s, &l))
        lines += !(c->r.no_newline && blank(s, l));
    if (c->bad)
        return -1;
    irhw_lines_rewind(&c->r);
    c->r.max = IRHW_LINE_MAX;
    *fmt = lines == n ? IRHW_GRAPH_METIS : IRHW_GRAPH_SNAP;
    return 0;
}

int irhw_graph_read(const char *path, irhw_graph_fmt fmt, irhw_graph *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    cursor c = {.name = path};
    if (irhw_lines_open(&c.r, path, IRHW_LINE_MAX, c.msg, sizeof c.msg))
        return irhw_err(err, errlen, "%s", c.msg);
    edges e = {0};
    uint32_t n = 0;
    int directed = 1, rc = 0;
    if (fmt == IRHW_GRAPH_AUTO && detect(&c, &fmt, err, errlen)) {
        rc = -1;
    } else if (fmt == IRHW_GRAPH_METIS) {
        rc = read_metis(&c, &e, &n, err, errlen);
        directed = 0;
    } else if (fmt == IRHW_GRAPH_MTX) {
        rc = read_mtx(&c, &e, &n, &directed, err, errlen);
    } else {
        rc = read_snap(&c, &e, &n, err, errlen);
    }
    if (c.bad)
        rc = irhw_err(err, errlen, "%s", c.msg);
    if (!rc && to_csr(&e, n, g))
        rc = nomem(path, err, errlen);
    g->fmt = fmt;
    g->directed = directed;
    if (e.weighted)
        snprintf(g->w_bad, sizeof g->w_bad, "%s", e.w_bad);
    g->w_real = e.real;
    edges_free(&e);
    irhw_lines_close(&c.r);
    return rc;
}

void irhw_graph_free(irhw_graph *g)
{
    free(g->row);
    free(g->col);
    free(g->w);
    memset(g, 0, sizeof *g);
}
