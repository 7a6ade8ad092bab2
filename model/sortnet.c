/*
 * sortnet.c — the sorting-network library (see sortnet.h): Batcher bitonic
 * and odd-even merge sorters, the best known networks for n <= 16, their
 * composition for larger n, padding and pruning, layering, evaluation and
 * the bit-parallel 0-1 principle check.
 */
#include "sortnet.h"

#include <stdlib.h>
#include <string.h>

const char *const sortnet_kind_names[] = {"bitonic", "oddeven", "best", "bestdepth", NULL};

const char *sortnet_kind_name(sortnet_kind k)
{
    return k < SORTNET_NKINDS ? sortnet_kind_names[k] : "?";
}

/* ---- comparator lists under construction ------------------------------- */

typedef struct {
    uint16_t (*p)[2];
    unsigned len, cap;
    int oom;
} cmplist;

static void cl_add(cmplist *l, unsigned lo, unsigned hi)
{
    if (l->oom)
        return;
    if (l->len == l->cap) {
        unsigned cap = l->cap ? 2 * l->cap : 64;
        void *p = realloc(l->p, cap * sizeof *l->p);
        if (!p) {
            l->oom = 1;
            return;
        }
        l->p = p;
        l->cap = cap;
    }
    l->p[l->len][0] = (uint16_t)(lo < hi ? lo : hi);
    l->p[l->len][1] = (uint16_t)(lo < hi ? hi : lo);
    l->len++;
}

static unsigned pow2_at_least(unsigned n)
{
    unsigned p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

/* Bitonic sorter on N = 2^k wires, every comparator min-to-lower: the first
 * step of a merge of blocks of size m compares i with i ^ (m - 1) (the
 * mirror), the later steps i with i ^ j. */
static void bitonic_pow2(cmplist *l, unsigned N)
{
    for (unsigned m = 2; m <= N; m <<= 1)
        for (unsigned j = m / 2; j > 0; j >>= 1)
            for (unsigned i = 0; i < N; i++) {
                unsigned partner = j == m / 2 ? i ^ (m - 1) : i ^ j;
                if (partner > i)
                    cl_add(l, i, partner);
            }
}

/* The merge step of Batcher's odd-even merge sort that merges sorted
 * blocks of size p into sorted blocks of size 2p, on N = 2^k wires. */
static void oddeven_merge_step(cmplist *l, unsigned N, unsigned p)
{
    for (unsigned k = p; k >= 1; k >>= 1)
        for (unsigned j = k % p; j + k < N; j += 2 * k)
            for (unsigned i = 0; i < k && i + j + k < N; i++)
                if ((i + j) / (2 * p) == (i + j + k) / (2 * p))
                    cl_add(l, i + j, i + j + k);
}

static void oddeven_pow2(cmplist *l, unsigned N)
{
    for (unsigned p = 1; p < N; p <<= 1)
        oddeven_merge_step(l, N, p);
}

/* Keep the comparators whose wires both lie in [base, base + n) and move
 * them down by base. Wires below base carry -inf and wires above carry
 * +inf; a comparator touching either never moves a value. */
static void prune_into(cmplist *dst, const cmplist *src, unsigned base, unsigned n)
{
    for (unsigned i = 0; i < src->len; i++) {
        unsigned lo = src->p[i][0], hi = src->p[i][1];
        if (lo >= base && hi < base + n)
            cl_add(dst, lo - base, hi - base);
    }
}

/* ---- best known networks, n <= 16 (SorterHunter's lists) --------------- */

typedef struct {
    unsigned n, size, depth;
    const uint8_t (*c)[2];
} known_net;

static const uint8_t k2[][2] = {{0, 1}};
static const uint8_t k3[][2] = {{0, 2}, {0, 1}, {1, 2}};
static const uint8_t k4[][2] = {{0, 2}, {1, 3}, {0, 1}, {2, 3}, {1, 2}};
static const uint8_t k5[][2] = {{0, 3}, {1, 4}, {0, 2}, {1, 3}, {0, 1},
                                {2, 4}, {1, 2}, {3, 4}, {2, 3}};
static const uint8_t k6[][2] = {{0, 5}, {1, 3}, {2, 4}, {1, 2}, {3, 4}, {0, 3},
                                {2, 5}, {0, 1}, {2, 3}, {4, 5}, {1, 2}, {3, 4}};
static const uint8_t k7[][2] = {{0, 6}, {2, 3}, {4, 5}, {0, 2}, {1, 4}, {3, 6}, {0, 1}, {2, 5},
                                {3, 4}, {1, 2}, {4, 6}, {2, 3}, {4, 5}, {1, 2}, {3, 4}, {5, 6}};
static const uint8_t k8[][2] = {{0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6},
                                {3, 7}, {0, 1}, {2, 3}, {4, 5}, {6, 7}, {2, 4}, {3, 5},
                                {1, 4}, {3, 6}, {1, 2}, {3, 4}, {5, 6}};
static const uint8_t k9[][2] = {{0, 3}, {1, 7}, {2, 5}, {4, 8}, {0, 7}, {2, 4}, {3, 8},
                                {5, 6}, {0, 2}, {1, 3}, {4, 5}, {7, 8}, {1, 4}, {3, 6},
                                {5, 7}, {0, 1}, {2, 4}, {3, 5}, {6, 8}, {2, 3}, {4, 5},
                                {6, 7}, {1, 2}, {3, 4}, {5, 6}};
static const uint8_t k10[][2] = {{0, 8}, {1, 9}, {2, 7}, {3, 5}, {4, 6}, {0, 2}, {1, 4}, {5, 8},
                                 {7, 9}, {0, 3}, {2, 4}, {5, 7}, {6, 9}, {0, 1}, {3, 6}, {8, 9},
                                 {1, 5}, {2, 3}, {4, 8}, {6, 7}, {1, 2}, {3, 5}, {4, 6}, {7, 8},
                                 {2, 3}, {4, 5}, {6, 7}, {3, 4}, {5, 6}};
static const uint8_t k11[][2] = {{0, 9},  {1, 6}, {2, 4},  {3, 7}, {5, 8}, {0, 1}, {3, 5},
                                 {4, 10}, {6, 9}, {7, 8},  {1, 3}, {2, 5}, {4, 7}, {8, 10},
                                 {0, 4},  {1, 2}, {3, 7},  {5, 9}, {6, 8}, {0, 1}, {2, 6},
                                 {4, 5},  {7, 8}, {9, 10}, {2, 4}, {3, 6}, {5, 7}, {8, 9},
                                 {1, 2},  {3, 4}, {5, 6},  {7, 8}, {2, 3}, {4, 5}, {6, 7}};
static const uint8_t k12[][2] = {
    {0, 8},  {1, 7},   {2, 6}, {3, 11}, {4, 10}, {5, 9},  {0, 1}, {2, 5}, {3, 4}, {6, 9},
    {7, 8},  {10, 11}, {0, 2}, {1, 6},  {5, 10}, {9, 11}, {0, 3}, {1, 2}, {4, 6}, {5, 7},
    {8, 11}, {9, 10},  {1, 4}, {3, 5},  {6, 8},  {7, 10}, {1, 3}, {2, 5}, {6, 9}, {8, 10},
    {2, 3},  {4, 5},   {6, 7}, {8, 9},  {4, 6},  {5, 7},  {3, 4}, {5, 6}, {7, 8}};
static const uint8_t k13[][2] = {
    {0, 12}, {1, 10}, {2, 9},   {3, 7},   {5, 11}, {6, 8}, {1, 6},  {2, 3},   {4, 11},
    {7, 9},  {8, 10}, {0, 4},   {1, 2},   {3, 6},  {7, 8}, {9, 10}, {11, 12}, {4, 6},
    {5, 9},  {8, 11}, {10, 12}, {0, 5},   {3, 8},  {4, 7}, {6, 11}, {9, 10},  {0, 1},
    {2, 5},  {6, 9},  {7, 8},   {10, 11}, {1, 3},  {2, 4}, {5, 6},  {9, 10},  {1, 2},
    {3, 4},  {5, 7},  {6, 8},   {2, 3},   {4, 5},  {6, 7}, {8, 9},  {3, 4},   {5, 6}};
static const uint8_t k14[][2] = {
    {0, 1},  {2, 3},   {4, 5},   {6, 7},   {8, 9},  {10, 11}, {12, 13}, {0, 2},   {1, 3},
    {4, 8},  {5, 9},   {10, 12}, {11, 13}, {0, 4},  {1, 2},   {3, 7},   {5, 8},   {6, 10},
    {9, 13}, {11, 12}, {0, 6},   {1, 5},   {3, 9},  {4, 10},  {7, 13},  {8, 12},  {2, 10},
    {3, 11}, {4, 6},   {7, 9},   {1, 3},   {2, 8},  {5, 11},  {6, 7},   {10, 12}, {1, 4},
    {2, 6},  {3, 5},   {7, 11},  {8, 10},  {9, 12}, {2, 4},   {3, 6},   {5, 8},   {7, 10},
    {9, 11}, {3, 4},   {5, 6},   {7, 8},   {9, 10}, {6, 7}};
static const uint8_t k15[][2] = {
    {1, 2},   {3, 10}, {4, 14},  {5, 8},   {6, 13},  {7, 12}, {9, 11}, {0, 14},  {1, 5},  {2, 8},
    {3, 7},   {6, 9},  {10, 12}, {11, 13}, {0, 7},   {1, 6},  {2, 9},  {4, 10},  {5, 11}, {8, 13},
    {12, 14}, {0, 6},  {2, 4},   {3, 5},   {7, 11},  {8, 10}, {9, 12}, {13, 14}, {0, 3},  {1, 2},
    {4, 7},   {5, 9},  {6, 8},   {10, 11}, {12, 13}, {0, 1},  {2, 3},  {4, 6},   {7, 9},  {10, 12},
    {11, 13}, {1, 2},  {3, 5},   {8, 10},  {11, 12}, {3, 4},  {5, 6},  {7, 8},   {9, 10}, {2, 3},
    {4, 5},   {6, 7},  {8, 9},   {10, 11}, {5, 6},   {7, 8}};
/* A 60-comparator 10-layer 16-sorter: the size of M. W. Green's network
 * (Knuth, TAOCP vol. 3, 5.3.4), still the smallest known. */
static const uint8_t k16[][2] = {
    {0, 13}, {1, 12}, {2, 15},  {3, 14},  {4, 8},   {5, 6},   {7, 11},  {9, 10},  {0, 5},
    {1, 7},  {2, 9},  {3, 4},   {6, 13},  {8, 14},  {10, 15}, {11, 12}, {0, 1},   {2, 3},
    {4, 5},  {6, 8},  {7, 9},   {10, 11}, {12, 13}, {14, 15}, {0, 2},   {1, 3},   {4, 10},
    {5, 11}, {6, 7},  {8, 9},   {12, 14}, {13, 15}, {1, 2},   {3, 12},  {4, 6},   {5, 7},
    {8, 10}, {9, 11}, {13, 14}, {1, 4},   {2, 6},   {5, 8},   {7, 10},  {9, 13},  {11, 14},
    {2, 4},  {3, 6},  {9, 12},  {11, 13}, {3, 5},   {6, 8},   {7, 9},   {10, 12}, {3, 4},
    {5, 6},  {7, 8},  {9, 10},  {11, 12}, {6, 7},   {8, 9}};

/* Depth-optimal alternatives where they differ from the size-optimal ones. */
static const uint8_t d10[][2] = {{0, 1}, {2, 5}, {3, 6}, {4, 7}, {8, 9}, {0, 6}, {1, 8}, {2, 4},
                                 {3, 9}, {5, 7}, {0, 2}, {1, 3}, {4, 5}, {6, 8}, {7, 9}, {0, 1},
                                 {2, 7}, {3, 5}, {4, 6}, {8, 9}, {1, 2}, {3, 4}, {5, 6}, {7, 8},
                                 {1, 3}, {2, 4}, {5, 7}, {6, 8}, {2, 3}, {4, 5}, {6, 7}};
static const uint8_t d12[][2] = {
    {0, 8},  {1, 7},  {2, 6}, {3, 11}, {4, 10}, {5, 9}, {0, 2},   {1, 4}, {3, 5}, {6, 8},
    {7, 10}, {9, 11}, {0, 1}, {2, 9},  {4, 7},  {5, 6}, {10, 11}, {1, 3}, {2, 7}, {4, 9},
    {8, 10}, {0, 1},  {2, 3}, {4, 5},  {6, 7},  {8, 9}, {10, 11}, {1, 2}, {3, 5}, {6, 8},
    {9, 10}, {2, 4},  {3, 6}, {5, 8},  {7, 9},  {1, 2}, {3, 4},   {5, 6}, {7, 8}, {9, 10}};
static const uint8_t d13[][2] = {
    {0, 11}, {1, 7},   {2, 4},  {3, 5}, {8, 9},  {10, 12}, {0, 2},  {3, 6},   {4, 12}, {5, 7},
    {8, 10}, {0, 8},   {1, 3},  {2, 5}, {4, 9},  {6, 11},  {7, 12}, {0, 1},   {2, 10}, {3, 8},
    {4, 6},  {9, 11},  {1, 3},  {2, 4}, {5, 10}, {6, 8},   {7, 9},  {11, 12}, {1, 2},  {3, 4},
    {5, 8},  {6, 9},   {7, 10}, {2, 3}, {4, 7},  {5, 6},   {8, 11}, {9, 10},  {4, 5},  {6, 7},
    {8, 9},  {10, 11}, {3, 4},  {5, 6}, {7, 8},  {9, 10}};
static const uint8_t d14[][2] = {
    {0, 1},  {2, 3}, {4, 5},   {6, 7},   {8, 9},  {10, 11}, {12, 13}, {0, 2},  {1, 3},
    {4, 8},  {5, 9}, {10, 12}, {11, 13}, {0, 10}, {1, 6},   {2, 11},  {3, 13}, {5, 8},
    {7, 12}, {1, 4}, {2, 8},   {3, 6},   {5, 11}, {7, 10},  {9, 12},  {0, 1},  {3, 9},
    {4, 10}, {5, 7}, {6, 8},   {12, 13}, {1, 5},  {2, 4},   {3, 7},   {6, 10}, {8, 12},
    {9, 11}, {1, 2}, {3, 5},   {4, 6},   {7, 9},  {8, 10},  {11, 12}, {2, 3},  {4, 5},
    {6, 7},  {8, 9}, {10, 11}, {3, 4},   {5, 6},  {7, 8},   {9, 10}};
static const uint8_t d15[][2] = {
    {0, 6},   {1, 10},  {2, 14}, {3, 9},   {4, 12},  {5, 13}, {7, 11},  {0, 7},   {2, 5}, {3, 4},
    {6, 11},  {8, 10},  {9, 12}, {13, 14}, {1, 13},  {2, 3},  {4, 6},   {5, 9},   {7, 8}, {10, 14},
    {11, 12}, {0, 3},   {1, 4},  {5, 7},   {6, 13},  {8, 9},  {10, 11}, {12, 14}, {0, 2}, {1, 5},
    {3, 8},   {4, 6},   {7, 10}, {9, 11},  {12, 13}, {0, 1},  {2, 5},   {3, 10},  {4, 8}, {6, 7},
    {9, 12},  {11, 13}, {1, 2},  {3, 4},   {5, 6},   {7, 9},  {8, 10},  {11, 12}, {3, 5}, {4, 6},
    {7, 8},   {9, 10},  {2, 3},  {4, 5},   {6, 7},   {8, 9},  {10, 11}};
/* A 61-comparator 9-layer 16-sorter: 9 layers is the proven minimum depth. */
static const uint8_t d16[][2] = {
    {0, 5},   {1, 4},   {2, 12},  {3, 13},  {6, 7},   {8, 9},   {10, 15}, {11, 14}, {0, 2},
    {1, 10},  {3, 6},   {4, 7},   {5, 14},  {8, 11},  {9, 12},  {13, 15}, {0, 8},   {1, 3},
    {2, 11},  {4, 13},  {5, 9},   {6, 10},  {7, 15},  {12, 14}, {0, 1},   {2, 4},   {3, 8},
    {5, 6},   {7, 12},  {9, 10},  {11, 13}, {14, 15}, {1, 3},   {2, 5},   {4, 8},   {6, 9},
    {7, 11},  {10, 13}, {12, 14}, {1, 2},   {3, 5},   {4, 11},  {6, 8},   {7, 9},   {10, 12},
    {13, 14}, {2, 3},   {4, 5},   {6, 7},   {8, 9},   {10, 11}, {12, 13}, {4, 6},   {5, 7},
    {8, 10},  {9, 11},  {3, 4},   {5, 6},   {7, 8},   {9, 10},  {11, 12}};

#define KNOWN(nn, arr)                                                                             \
    {                                                                                              \
        nn, sizeof arr / sizeof arr[0], 0, arr                                                     \
    }
static const known_net known_size[] = {
    KNOWN(2, k2),   KNOWN(3, k3),   KNOWN(4, k4),   KNOWN(5, k5),   KNOWN(6, k6),
    KNOWN(7, k7),   KNOWN(8, k8),   KNOWN(9, k9),   KNOWN(10, k10), KNOWN(11, k11),
    KNOWN(12, k12), KNOWN(13, k13), KNOWN(14, k14), KNOWN(15, k15), KNOWN(16, k16)};
static const known_net known_depth[] = {KNOWN(10, d10), KNOWN(12, d12), KNOWN(13, d13),
                                        KNOWN(14, d14), KNOWN(15, d15), KNOWN(16, d16)};
#define NKNOWN_DEPTH (sizeof known_depth / sizeof known_depth[0])

static void known_into(cmplist *l, const known_net *k)
{
    for (unsigned i = 0; i < k->size; i++)
        cl_add(l, k->c[i][0], k->c[i][1]);
}

/* ---- layering ----------------------------------------------------------- */

static int cmp_by_layer(const void *a, const void *b)
{
    const sortnet_cmp *x = a, *y = b;
    if (x->layer != y->layer)
        return x->layer < y->layer ? -1 : 1;
    return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Finish a network from a raw list: as-soon-as-possible layers, ordered by
 * (layer, lo). Two comparators sharing a wire keep their order (the later
 * one lands in a later layer); the others commute. Consumes l. */
static sortnet *finish(sortnet_kind kind, unsigned n, cmplist *l)
{
    sortnet *s = calloc(1, sizeof *s);
    unsigned *last = calloc(n, sizeof *last);
    if (!s || !last || l->oom)
        goto fail;
    s->kind = kind;
    s->n = n;
    s->size = l->len;
    s->c = malloc((l->len ? l->len : 1) * sizeof *s->c);
    if (!s->c)
        goto fail;
    for (unsigned i = 0; i < l->len; i++) {
        unsigned lo = l->p[i][0], hi = l->p[i][1];
        unsigned layer = 1 + (last[lo] > last[hi] ? last[lo] : last[hi]);
        last[lo] = last[hi] = layer;
        s->c[i] = (sortnet_cmp){(uint16_t)lo, (uint16_t)hi, (uint16_t)layer};
        if (layer > s->depth)
            s->depth = layer;
    }
    qsort(s->c, s->size, sizeof *s->c, cmp_by_layer);
    s->layer_off = calloc(s->depth + 1, sizeof *s->layer_off);
    if (!s->layer_off)
        goto fail;
    for (unsigned i = 0; i < s->size; i++)
        s->layer_off[s->c[i].layer]++;
    for (unsigned L = 1; L <= s->depth; L++)
        s->layer_off[L] += s->layer_off[L - 1];
    free(last);
    free(l->p);
    return s;
fail:
    free(last);
    free(l->p);
    sortnet_free(s);
    return NULL;
}

void sortnet_free(sortnet *s)
{
    if (!s)
        return;
    free(s->c);
    free(s->layer_off);
    free(s);
}

/* ---- constructions ------------------------------------------------------ */

static sortnet *batcher(sortnet_kind kind, unsigned n)
{
    unsigned N = pow2_at_least(n);
    cmplist full = {0}, l = {0};
    if (kind == SORTNET_BITONIC)
        bitonic_pow2(&full, N);
    else
        oddeven_pow2(&full, N);
    prune_into(&l, &full, 0, n); /* +inf padding above wire n-1 */
    free(full.p);
    if (full.oom)
        l.oom = 1;
    return finish(kind, n, &l);
}

static sortnet *known(sortnet_kind kind, unsigned n)
{
    const known_net *k = &known_size[n - 2];
    if (kind == SORTNET_BESTDEPTH)
        for (unsigned i = 0; i < NKNOWN_DEPTH; i++)
            if (known_depth[i].n == n)
                k = &known_depth[i];
    cmplist l = {0};
    known_into(&l, k);
    return finish(kind, n, &l);
}

/* a + b wires: sorter A on wires 0..a-1, sorter B on a..a+b-1, then an
 * odd-even merge of the two sorted runs. The merge is the last step of an
 * odd-even merge sort on 2P wires (P >= a, b a power of two) with A placed
 * on P-a..P-1 (-inf below) and B on P..P+b-1 (+inf above), pruned. */
static sortnet *compose(sortnet_kind kind, const sortnet *A, const sortnet *B)
{
    unsigned a = A->n, b = B->n, P = pow2_at_least(a > b ? a : b);
    cmplist l = {0}, merge = {0};
    for (unsigned i = 0; i < A->size; i++)
        cl_add(&l, A->c[i].lo, A->c[i].hi);
    for (unsigned i = 0; i < B->size; i++)
        cl_add(&l, a + B->c[i].lo, a + B->c[i].hi);
    oddeven_merge_step(&merge, 2 * P, P);
    prune_into(&l, &merge, P - a, a + b);
    free(merge.p);
    if (merge.oom)
        l.oom = 1;
    return finish(kind, a + b, &l);
}

/* Is x better than y under the kind's order: (size, depth) for best,
 * (depth, size) for bestdepth. */
static int better(sortnet_kind kind, const sortnet *x, const sortnet *y)
{
    if (!y)
        return 1;
    if (kind == SORTNET_BESTDEPTH) {
        if (x->depth != y->depth)
            return x->depth < y->depth;
        return x->size < y->size;
    }
    if (x->size != y->size)
        return x->size < y->size;
    return x->depth < y->depth;
}

static sortnet *keep_better(sortnet_kind kind, sortnet *cur, sortnet *cand)
{
    if (!cand)
        return cur;
    if (better(kind, cand, cur)) {
        sortnet_free(cur);
        return cand;
    }
    sortnet_free(cand);
    return cur;
}

/* Splits tried for m wires: every a >= m/2 up to 64 wires; above that the
 * halves and the power-of-two splits (the search is quadratic). */
static int split_tried(unsigned m, unsigned a)
{
    if (m <= 64)
        return 1;
    unsigned p = pow2_at_least(m) / 2;
    return a == (m + 1) / 2 || a == p || m - a == p;
}

/* best / bestdepth: known networks up to 16; above, the better of the
 * Batcher sorters and every composition of smaller best networks, built
 * bottom-up (tab[m] for m < n is the best network of m wires). */
static sortnet *searched(sortnet_kind kind, unsigned n)
{
    if (n <= 16)
        return known(kind, n);
    sortnet **tab = calloc(n + 1, sizeof *tab);
    if (!tab)
        return NULL;
    sortnet *res = NULL;
    int ok = 1;
    for (unsigned m = 2; m <= n && ok; m++) {
        sortnet *cur = NULL;
        if (m <= 16) {
            cur = known(kind, m);
        } else {
            cur = keep_better(kind, cur, batcher(SORTNET_ODDEVEN, m));
            cur = keep_better(kind, cur, batcher(SORTNET_BITONIC, m));
            for (unsigned a = (m + 1) / 2; a < m; a++)
                if (split_tried(m, a) && tab[a] && tab[m - a])
                    cur = keep_better(kind, cur, compose(kind, tab[a], tab[m - a]));
        }
        if (!cur)
            ok = 0;
        else
            cur->kind = kind;
        tab[m] = cur;
    }
    if (ok) {
        res = tab[n];
        tab[n] = NULL;
    }
    for (unsigned m = 0; m <= n; m++)
        sortnet_free(tab[m]);
    free(tab);
    return res;
}

sortnet *sortnet_make(sortnet_kind k, unsigned n)
{
    if (n < 2 || n > SORTNET_MAX_N)
        return NULL;
    switch (k) {
    case SORTNET_BITONIC:
    case SORTNET_ODDEVEN:
        return batcher(k, n);
    case SORTNET_BEST:
    case SORTNET_BESTDEPTH:
        return searched(k, n);
    default:
        return NULL;
    }
}

sortnet *sortnet_bitonic(unsigned n)
{
    return sortnet_make(SORTNET_BITONIC, n);
}
sortnet *sortnet_oddeven(unsigned n)
{
    return sortnet_make(SORTNET_ODDEVEN, n);
}
sortnet *sortnet_best(unsigned n)
{
    return sortnet_make(SORTNET_BEST, n);
}
sortnet *sortnet_bestdepth(unsigned n)
{
    return sortnet_make(SORTNET_BESTDEPTH, n);
}

unsigned sortnet_size_of(sortnet_kind k, unsigned n)
{
    sortnet *s = sortnet_make(k, n);
    unsigned x = s ? s->size : 0;
    sortnet_free(s);
    return x;
}

unsigned sortnet_depth_of(sortnet_kind k, unsigned n)
{
    sortnet *s = sortnet_make(k, n);
    unsigned x = s ? s->depth : 0;
    sortnet_free(s);
    return x;
}

/* ---- evaluation ----------------------------------------------------------- */

void sortnet_apply_layers(const sortnet *s, uint64_t *v, unsigned first, unsigned last)
{
    if (first < 1)
        first = 1;
    if (last > s->depth)
        last = s->depth;
    if (first > last)
        return;
    for (unsigned i = s->layer_off[first - 1]; i < s->layer_off[last]; i++) {
        const sortnet_cmp *c = &s->c[i];
        uint64_t a = v[c->lo], b = v[c->hi];
        if (a > b) {
            v[c->lo] = b;
            v[c->hi] = a;
        }
    }
}

void sortnet_apply(const sortnet *s, uint64_t *v)
{
    sortnet_apply_layers(s, v, 1, s->depth);
}

/* Bit b of word w of wire i is input bit i of the 0-1 vector w * 64 + b. */
int sortnet_sorts_all_01(const sortnet *s, uint64_t *bad)
{
    static const uint64_t low6[6] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL,
                                     0xF0F0F0F0F0F0F0F0ULL, 0xFF00FF00FF00FF00ULL,
                                     0xFFFF0000FFFF0000ULL, 0xFFFFFFFF00000000ULL};
    unsigned n = s->n;
    if (n > 30)
        return -1;
    uint64_t words = n > 6 ? (uint64_t)1 << (n - 6) : 1;
    uint64_t wire[32];
    for (uint64_t w = 0; w < words; w++) {
        for (unsigned i = 0; i < n; i++)
            wire[i] = i < 6 ? low6[i] : (uint64_t)0 - ((w >> (i - 6)) & 1);
        for (unsigned k = 0; k < s->size; k++) {
            unsigned lo = s->c[k].lo, hi = s->c[k].hi;
            uint64_t a = wire[lo], b = wire[hi];
            wire[lo] = a & b;
            wire[hi] = a | b;
        }
        uint64_t unsorted = 0; /* a 1 below a 0 */
        for (unsigned i = 0; i + 1 < n; i++)
            unsorted |= wire[i] & ~wire[i + 1];
        if (unsorted) {
            if (bad) {
                unsigned b = 0;
                while (!((unsorted >> b) & 1))
                    b++;
                *bad = w * 64 + b;
            }
            return 0;
        }
    }
    return 1;
}
