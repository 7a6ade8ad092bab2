/*
 * hier.h — what the parts of hierarchical synthesis share: the modules of
 * the design file, the units, the kinds of cache entry, the run's context,
 * and the interface models and timing of a unit.
 *
 *   hier.c         the units, the cache entries, the schedule and the
 *                  totals (area_hier_run)
 *   hier_timing.c  a unit's interface logic model (ILM), its timing and its
 *                  extracted timing model (ETM)
 */
#ifndef IRHW_AREA_HIER_H
#define IRHW_AREA_HIER_H

#include "area_int.h"
#include "hash.h"

#include <stdint.h>

typedef struct {
    const char *name, *text; /* name (nlen chars) and "module ... endmodule" (len) */
    size_t nlen, len;
    int leaf; /* has parameters: an rtl/ leaf */
    int unit; /* index among the units, or -1 */
} vmod;

typedef struct {
    vmod *m;
    size_t n, cap;
} vmods;

typedef struct {
    int mod;      /* index in the source's modules */
    int kids[16]; /* module indices of the units it instantiates */
    unsigned nkids;
    char leaves[64];    /* leaves[i]: the unit uses module i (a leaf), i < 64 */
    uint64_t key, tkey; /* synthesis; interface model and timing (with the sub-units') */
    char dir[PATHLEN];  /* its cache entries: synthesis, */
    char idir[PATHLEN]; /* interface logic model (ILM), */
    char sdir[PATHLEN]; /* timing (with the ILMs), */
    char edir[PATHLEN]; /* timing and extracted timing model */
    irhw_area_res own;  /* its own cells (leaves included), sub-units apart */
    unsigned long srams, kid_count[16];
    double logic, ff, sram_n; /* totals with the sub-units' */
    unsigned long cells, flops;
} unit;

/* The files of each kind of cache entry. */
enum { E_SYNTH, E_ILM, E_STA, E_ETM, E_KINDS };

typedef struct {
    const irhw_area_req *q;
    const char *lib;
    const lib_info *li;
    const vmods *v;
    const unit *u; /* the units, sub-units first */
    unsigned nu, node, jobs;
} run_ctx;

/* A path of a timing.txt line: "<what>\t<ns>\t<from>\t<to>". */
typedef struct {
    double ns;
    char from[128], to[128];
} tpath;

/* A model's delays are measured with every output at load ETM_LOAD0 (pF,
 * a parent's typical: a few inputs), each output also alone at ETM_LOAD1,
 * and the inputs' transitions at 0 and ETM_SLEW (ns); OpenSTA interpolates
 * linearly between, and beyond. */
#define ETM_LOAD0 0.0
#define ETM_LOAD1 0.02
#define ETM_SLEW 0.1

/* ---- hier.c ---- */

/* ---- hier_timing.c ---- */
/* make_ilm, make_sta and make_etm write unit u's entry of that kind into
 * tmp, the entry's private folder (model/cache.h). */
int read_timing(const char *sdir, const char *what, tpath *t);
int kid_whole(const run_ctx *c, const unit *u, unsigned k);
int make_ilm(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen);
int make_sta(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen);
int make_etm(const run_ctx *c, const unit *u, const char *tmp, char *err, size_t errlen);

#endif
