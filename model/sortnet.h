/*
 * sortnet.h — sorting networks as explicit comparator lists.
 *
 * A network on n wires is a list of comparators (lo, hi), lo < hi: the
 * smaller value goes to wire lo, the larger to wire hi, so a network that
 * sorts leaves wire 0 with the minimum. Comparators are grouped into layers
 * (as soon as possible: a comparator sits one layer after the last one that
 * touched either of its wires); inside a layer no two comparators share a
 * wire, and the list is ordered by (layer, lo). The layered order computes
 * the same function as the source order.
 *
 * Kinds:
 *   bitonic    Batcher's bitonic sorter, in the form where every comparator
 *              puts the minimum on the lower wire (the first step of each
 *              merge compares i with its mirror in the block).
 *   oddeven    Batcher's odd-even merge sort.
 *   best       the smallest known network: for n <= 16 the best known by
 *              comparator count (Green's 60-comparator 16-sorter, ...); for
 *              n > 16 the smallest of bitonic, oddeven and every split
 *              n = a + b into best(a) and best(b) joined by a padded
 *              Batcher odd-even merge (n = 32 gives 185 comparators).
 *   bestdepth  the same search ordered by (depth, size): for n <= 16 the
 *              best known depth (the 61-comparator 9-layer 16-sorter, ...).
 *
 * Sizes that are not powers of two are padded to the next power of two and
 * pruned: padding wires above the real ones carry +infinity (and, for the
 * merges, wires below carry -infinity). A comparator with one end on a
 * padding wire never moves anything (+inf stays on the higher wire, -inf on
 * the lower one), so every comparator touching padding is removed, not only
 * those with both ends on padding.
 *
 * The n <= 16 lists are the ones published with SorterHunter
 * (github.com/bertdobbelaere/SorterHunter, Networks/Sorters); the 0-1
 * principle test in tests/unit/test_sortnet.c proves every network this library
 * builds for n <= 24.
 */
#ifndef SORTNET_H
#define SORTNET_H

#include <stddef.h>
#include <stdint.h>

#define SORTNET_MAX_N 256

typedef enum {
    SORTNET_BITONIC,
    SORTNET_ODDEVEN,
    SORTNET_BEST,
    SORTNET_BESTDEPTH,
    SORTNET_NKINDS
} sortnet_kind;

typedef struct {
    uint16_t lo, hi; /* wires, lo < hi: min goes to lo */
    uint16_t layer;  /* 1-based */
} sortnet_cmp;

typedef struct {
    sortnet_kind kind;
    unsigned n;          /* wires */
    unsigned size;       /* comparators */
    unsigned depth;      /* layers */
    sortnet_cmp *c;      /* size comparators, ordered by (layer, lo) */
    unsigned *layer_off; /* depth + 1 offsets: layer L is c[layer_off[L-1] .. layer_off[L]) */
} sortnet;

/* "bitonic", "oddeven", "best", "bestdepth"; NULL-terminated list for enums. */
extern const char *const sortnet_kind_names[];
const char *sortnet_kind_name(sortnet_kind k);

/* Build a network on n wires (2 <= n <= SORTNET_MAX_N). NULL on a bad n or
 * out of memory. Free with sortnet_free. */
sortnet *sortnet_make(sortnet_kind k, unsigned n);
sortnet *sortnet_bitonic(unsigned n);
sortnet *sortnet_oddeven(unsigned n);
sortnet *sortnet_best(unsigned n);
sortnet *sortnet_bestdepth(unsigned n);
void sortnet_free(sortnet *s);

/* Size and depth without keeping the network; 0 on a bad n. */
unsigned sortnet_size_of(sortnet_kind k, unsigned n);
unsigned sortnet_depth_of(sortnet_kind k, unsigned n);

/* Apply layers first..last (1-based, inclusive) to v[0..n-1] in place,
 * comparing whole 64-bit values (a (key, tag) pair packed as key << t | tag
 * compares like the pair). first > last does nothing. */
void sortnet_apply_layers(const sortnet *s, uint64_t *v, unsigned first, unsigned last);
void sortnet_apply(const sortnet *s, uint64_t *v);

/* The 0-1 principle: runs all 2^n inputs of 0s and 1s through the network,
 * 64 at a time (one bit per input vector in each machine word). Returns 1
 * if every one comes out sorted, 0 if not (the first failing input is
 * stored in *bad when bad != NULL), -1 when n > 30 (too many inputs). */
int sortnet_sorts_all_01(const sortnet *s, uint64_t *bad);

#endif
