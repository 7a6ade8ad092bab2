/*
 * swt_stim.c — stimulus and invariant checker for the scalar-warp table
 * (model/swt.c holds the behaviour and every decision).
 *
 * Directed program (mode directed, and the first part of mixed), sized from
 * ENTRIES, WARPS and min(LANES, WARPS): insert + issue on the table as
 * power-up left it, then a burst of issues (other entries never written);
 * fill every entry with a
 * different PC and overflow it (reject); a warp inserted again, with its own
 * PC and with another (dup); an id >= WARPS (badwarp, when WARPS is not a
 * power of two); drain in policy order; join one PC up to full, the next warp
 * of that PC allocates a second entry, fill the rest and overflow with that
 * PC (it joins the second entry); one PC full and every other entry taken,
 * one more of that PC (rejected: the hit entry is full and none is free);
 * insert + issue of
 * the same entry (a fresh entry is allocated), the same with a full table
 * (rejected), a warp re-inserted while its entry issues (dup); entries with
 * different warp counts (the two policies pick differently); issue on an
 * empty table; a reset in the middle of traffic.
 *
 * Random (mode random, and the rest of mixed): phases of 64..319 cycles.
 * Warps walk loop bodies: each warp sits at an instruction of a loop, a few
 * instructions from the others, inserts the PC of its next scalar
 * instruction, and moves on only once that instruction has run (issued in a
 * scalar warp, or rejected and run alone); a warp waiting in the table is
 * not inserted again except on purpose (dup). Phases: loop (the real-warp
 * stream, 10 % random PCs), random PCs from a small pool, overflow bursts
 * (distinct PCs, hardly any issue), hot PCs (one or two PCs, many same-entry
 * insert+issue collisions), fill (one hot PC among fresh ones, almost no
 * issue: entries of the hot PC fill to LANES, a second entry of it opens,
 * the table fills and inserts of the full PC are rejected; without it a
 * full entry showed up once in 20,000 cycles at the defaults), and drain.
 * Rare ids >= WARPS
 * and rare resets at phase boundaries.
 *
 * The stimulus follows the table from its outputs (prev_out): an answer
 * join/alloc marks the warp waiting, iss_mask releases warps.
 */
#include "swt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- stimulus ----------------------------------------------------------- */

typedef struct {
    unsigned char rst, ins, iss;
    unsigned warp;
    uint64_t pc;
} swt_cmd;

enum swt_phase { PH_LOOP, PH_POOL, PH_BURST, PH_HOT, PH_FILL, PH_DRAIN, PH_N };

#define SWT_LOOPS 3

typedef struct {
    const irhw_ports *ps;
    swt_geom z; /* the geometry (swt_geom_of) */
    irhw_rng rng;
    irhw_stim_mode mode;
    /* directed program */
    swt_cmd *prog;
    unsigned nprog, cap_prog, prog_i;
    int in_prog;
    /* warps walking loops */
    uint64_t loop_base[SWT_LOOPS];
    unsigned loop_len[SWT_LOOPS], nloops;
    unsigned warp_loop[64], warp_k[64];
    uint64_t waiting; /* warps waiting in the table, as the outputs tell */
    /* last cycle's inputs, to read the answers in prev_out */
    swt_cmd last;
    /* random phases */
    enum swt_phase ph;
    unsigned ph_left, p_ins, p_iss;
    uint64_t pool[16], hot[2], next_fresh;
    unsigned npool;
} swt_stim;

static uint64_t pc_mask(const swt_stim *s)
{
    return irhw_mask(s->z.pc_bits);
}

/* The x-th distinct PC of the directed program (distinct for x < 256). */
static uint64_t dpc(const swt_stim *s, unsigned x)
{
    unsigned step = s->z.pc_bits >= 10 ? 4 : 1;
    return (0x400 + (uint64_t)x * step) & pc_mask(s);
}

static void put(swt_stim *s, swt_cmd c)
{
    if (s->nprog == s->cap_prog) {
        unsigned ncap = s->cap_prog ? 2 * s->cap_prog : 256;
        swt_cmd *np = realloc(s->prog, ncap * sizeof *np);
        if (!np)
            abort();
        s->prog = np;
        s->cap_prog = ncap;
    }
    s->prog[s->nprog++] = c;
}

static void ins(swt_stim *s, unsigned warp, uint64_t pc)
{
    put(s, (swt_cmd){0, 1, 0, warp, pc & pc_mask(s)});
}
static void ins_iss(swt_stim *s, unsigned warp, uint64_t pc)
{
    put(s, (swt_cmd){0, 1, 1, warp, pc & pc_mask(s)});
}
static void iss(swt_stim *s)
{
    put(s, (swt_cmd){0, 0, 1, 0, 0});
}
static void drain(swt_stim *s)
{
    for (unsigned i = 0; i <= s->z.entries; i++)
        iss(s);
}
static void idle(swt_stim *s)
{
    put(s, (swt_cmd){0, 0, 0, 0, 0});
}

static unsigned umin(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

static void build_program(swt_stim *s)
{
    const unsigned e = s->z.entries, w = s->z.warps, cap = s->z.cap;
    const unsigned fill = umin(e, w); /* entries distinct warps can occupy */
    unsigned x = 0;                   /* next distinct PC */
    /* Issues on a table whose other entries were never written since
     * power-up (their payload leaves have no reset: X in 4-state): insert +
     * issue on the empty table, then on the one entry it allocated (a fresh
     * entry), then a burst of issues; as long as the drain it replaces. */
    ins_iss(s, 0, dpc(s, 0));
    ins_iss(s, 1, dpc(s, 1));
    for (unsigned i = 2; i <= e; i++)
        iss(s);
    /* Fill every entry with its own PC, then overflow: table full. */
    for (unsigned i = 0; i < fill; i++)
        ins(s, i, dpc(s, x + i));
    if (w > fill)
        ins(s, fill, dpc(s, x + fill + 1));
    ins(s, 0, dpc(s, x));     /* warp 0 again, same PC: dup */
    ins(s, 0, dpc(s, x + 1)); /* and with another entry's PC: dup */
    if (w < (1u << s->z.warp_bits)) {
        ins(s, w, dpc(s, x)); /* no such warp */
        ins(s, (1u << s->z.warp_bits) - 1, 0);
    }
    x += fill + 2;
    idle(s);
    drain(s);
    /* One PC joined up to full; the next warp of that PC opens a second
     * entry; the rest fill with other PCs; one more of that PC: rejected. */
    uint64_t q = dpc(s, x++);
    for (unsigned i = 0; i < cap; i++)
        ins(s, i, q);
    unsigned wk = cap;
    if (wk < w)
        ins(s, wk++, q);
    for (unsigned i = 2; i < e && wk < w; i++)
        ins(s, wk++, dpc(s, x++));
    if (wk < w)
        ins(s, wk++, q);
    drain(s);
    /* One PC full, every other entry taken: one more of that PC is rejected. */
    q = dpc(s, x++);
    for (unsigned i = 0; i < cap; i++)
        ins(s, i, q);
    for (wk = cap; wk < cap + e - 1 && wk < w; wk++)
        ins(s, wk, dpc(s, x++));
    if (wk < w)
        ins(s, wk, q);
    drain(s);
    /* Insert and issue touching the same entry. */
    uint64_t r = dpc(s, x++);
    ins(s, 0, r);
    ins_iss(s, 1, r); /* entry of warp 0 issues; warp 1 allocates afresh */
    ins_iss(s, 0, r); /* warp 0 is free again: allocates while warp 1's entry issues */
    ins_iss(s, 0, r); /* warp 0 waits in the entry issuing now: dup */
    drain(s);
    /* The same with a full table: the insert is rejected. */
    for (unsigned i = 0; i < fill; i++)
        ins(s, i, dpc(s, x + i));
    if (w > fill)
        ins_iss(s, fill, dpc(s, x)); /* matches the entry issued now */
    x += fill;
    drain(s);
    /* Different warp counts: oldest and fullest pick differently. */
    uint64_t t1 = dpc(s, x++), t2 = dpc(s, x++);
    ins(s, 0, t1);
    for (unsigned i = 1; i < umin(w, cap + 1); i++)
        ins(s, i, t2);
    iss(s);
    iss(s);
    iss(s); /* empty table: nothing issues */
    /* Reset in the middle of traffic. */
    for (unsigned i = 0; i < umin(fill, 3); i++)
        ins(s, i, dpc(s, x + i));
    put(s, (swt_cmd){1, 1, 1, 0, dpc(s, x)});
    ins(s, 0, dpc(s, x)); /* allocates entry 0 of an empty table */
    drain(s);
}

void *swt_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    (void)cycles; /* phases repeat for as long as the run lasts */
    swt_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ps = &x->ps;
    s->z = *swt_g(x);
    s->mode = mode;
    irhw_rng_seed(&s->rng, seed);
    if (mode != IRHW_STIM_RANDOM)
        build_program(s);
    s->in_prog = mode != IRHW_STIM_RANDOM;
    /* Loop bodies and where each warp starts: a few instructions apart. */
    s->nloops = 1 + (unsigned)irhw_rng_below(&s->rng, SWT_LOOPS);
    for (unsigned l = 0; l < SWT_LOOPS; l++) {
        s->loop_base[l] = irhw_rng_bits(&s->rng, s->z.pc_bits) & ~(uint64_t)3;
        s->loop_len[l] = 4 + (unsigned)irhw_rng_below(&s->rng, 13);
    }
    for (unsigned k = 0; k < s->z.warps; k++) {
        s->warp_loop[k] = k % s->nloops;
        s->warp_k[k] = (unsigned)irhw_rng_below(&s->rng, 4);
    }
    return s;
}

void swt_stim_free(void *vs)
{
    swt_stim *s = vs;
    if (s)
        free(s->prog);
    free(s);
}

static uint64_t warp_pc(const swt_stim *s, unsigned k)
{
    unsigned l = s->warp_loop[k];
    return (s->loop_base[l] + 4 * (uint64_t)s->warp_k[k]) & pc_mask(s);
}

/* The warp's instruction ran (issued or rejected): on to the next one. */
static void advance(swt_stim *s, unsigned k)
{
    if (++s->warp_k[k] < s->loop_len[s->warp_loop[k]])
        return;
    s->warp_k[k] = 0; /* loop back edge; sometimes the loop exits to the next */
    if (irhw_rng_chance(&s->rng, 20))
        s->warp_loop[k] = (s->warp_loop[k] + 1) % s->nloops;
}

/* Learn last cycle's answers from its outputs. */
static void observe(swt_stim *s, uint64_t cycle, const uint64_t *out)
{
    const irhw_ports *ps = s->ps;
    if (cycle < 2 || s->last.rst) { /* cycles 0, 1: the driver's reset */
        s->waiting = 0;
        return;
    }
    if (irhw_get(out, ps, SWT_ISS_VALID)) {
        uint64_t m = irhw_get(out, ps, SWT_ISS_MASK) & s->waiting;
        for (unsigned k = 0; k < s->z.warps; k++)
            if (m >> k & 1)
                advance(s, k);
        s->waiting &= ~irhw_get(out, ps, SWT_ISS_MASK);
    }
    if (!s->last.ins || s->last.warp >= s->z.warps)
        return;
    if (irhw_get(out, ps, SWT_INS_JOIN) || irhw_get(out, ps, SWT_INS_ALLOC))
        s->waiting |= (uint64_t)1 << s->last.warp;
    else if (irhw_get(out, ps, SWT_INS_REJECT))
        advance(s, s->last.warp);
}

static void new_phase(swt_stim *s)
{
    irhw_rng *r = &s->rng;
    s->ph = (enum swt_phase)irhw_rng_below(r, PH_N);
    s->ph_left = 64 + (unsigned)irhw_rng_below(r, 256);
    switch (s->ph) {
    case PH_LOOP:
        s->p_ins = 50 + (unsigned)irhw_rng_below(r, 50);
        s->p_iss = 15 + (unsigned)irhw_rng_below(r, 40);
        break;
    case PH_POOL:
        s->npool = 1 + (unsigned)irhw_rng_below(r, 16);
        for (unsigned i = 0; i < s->npool; i++)
            s->pool[i] = irhw_rng_bits(r, s->z.pc_bits);
        s->p_ins = 70;
        s->p_iss = 20 + (unsigned)irhw_rng_below(r, 40);
        break;
    case PH_BURST:
        s->p_ins = 100;
        s->p_iss = (unsigned)irhw_rng_below(r, 10);
        break;
    case PH_HOT:
        s->hot[0] = irhw_rng_bits(r, s->z.pc_bits);
        s->hot[1] = irhw_rng_bits(r, s->z.pc_bits);
        s->p_ins = 90;
        s->p_iss = 30 + (unsigned)irhw_rng_below(r, 50);
        break;
    case PH_FILL:
        s->hot[0] = irhw_rng_bits(r, s->z.pc_bits);
        s->p_ins = 100;
        s->p_iss = (unsigned)irhw_rng_below(r, 7);
        break;
    default:
        s->p_ins = 10;
        s->p_iss = 90;
        break;
    }
}

/* A warp that is not waiting, at random; a waiting one now and then (dup). */
static unsigned pick_warp(swt_stim *s)
{
    irhw_rng *r = &s->rng;
    uint64_t all = irhw_mask(s->z.warps), idle_w = all & ~s->waiting;
    uint64_t from = (idle_w && !irhw_rng_chance(r, 3)) ? idle_w : (s->waiting ? s->waiting : all);
    unsigned n = 0;
    for (uint64_t m = from; m; m &= m - 1)
        n++;
    unsigned pick = (unsigned)irhw_rng_below(r, n);
    for (unsigned k = 0; k < s->z.warps; k++)
        if ((from >> k & 1) && pick-- == 0)
            return k;
    return 0;
}

static swt_cmd random_cmd(swt_stim *s)
{
    irhw_rng *r = &s->rng;
    swt_cmd c = {0};
    if (s->ph_left == 0) {
        new_phase(s);
        if (irhw_rng_chance(r, 4)) { /* a rare reset between phases */
            c.rst = 1;
            return c;
        }
    }
    s->ph_left--;
    c.iss = (unsigned char)irhw_rng_chance(r, s->p_iss);
    c.ins = (unsigned char)irhw_rng_chance(r, s->p_ins);
    if (!c.ins)
        return c;
    if (s->z.warps < (1u << s->z.warp_bits) && irhw_rng_chance(r, 2)) {
        c.warp = s->z.warps + (unsigned)irhw_rng_below(r, (1u << s->z.warp_bits) - s->z.warps);
        c.pc = irhw_rng_bits(r, s->z.pc_bits);
        return c;
    }
    c.warp = pick_warp(s);
    switch (s->ph) {
    case PH_POOL:
        c.pc = s->pool[irhw_rng_below(r, s->npool)];
        break;
    case PH_BURST:
        c.pc = irhw_rng_chance(r, 30) ? warp_pc(s, c.warp) : (0x8000 + 4 * s->next_fresh++);
        break;
    case PH_HOT:
        c.pc = s->hot[irhw_rng_below(r, 2)];
        break;
    case PH_FILL:
        c.pc = irhw_rng_chance(r, 70) ? s->hot[0] : (0xc000 + 4 * s->next_fresh++);
        break;
    default: /* the real-warp stream: loop PCs, some random */
        c.pc = irhw_rng_chance(r, 10) ? irhw_rng_bits(r, s->z.pc_bits) : warp_pc(s, c.warp);
        break;
    }
    c.pc &= pc_mask(s);
    return c;
}

void swt_stim_next(void *vs, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    swt_stim *s = vs;
    const irhw_ports *ps = s->ps;
    observe(s, cycle, prev_out);
    swt_cmd c = {0};
    if (cycle >= 2) {
        if (s->in_prog && s->prog_i < s->nprog) {
            c = s->prog[s->prog_i++];
            if (s->prog_i == s->nprog && s->mode == IRHW_STIM_DIRECTED)
                s->prog_i = 0; /* directed: the program again (it ends with a drain) */
        } else {
            s->in_prog = 0;
            c = random_cmd(s);
        }
    }
    s->last = c;
    if (cycle < 2)
        s->last.rst = 1;
    irhw_set(in, ps, SWT_RST, c.rst);
    irhw_set(in, ps, SWT_INS_VALID, c.ins);
    irhw_set(in, ps, SWT_INS_WARP, c.ins ? c.warp & irhw_mask(s->z.warp_bits) : 0);
    irhw_set(in, ps, SWT_INS_PC, c.ins ? c.pc & pc_mask(s) : 0);
    irhw_set(in, ps, SWT_ISS_REQ, c.iss);
}

/* ---- invariant checker ---------------------------------------------------- */

/*
 * The checker keeps its own table, rebuilt only from the outputs, and checks
 * each answer against the spec's rules (not against the model's code):
 * one-hot answers; dup iff the warp waits somewhere; a join goes to the
 * lowest joinable entry, never the one issuing; alloc only when nothing is
 * joinable, into the lowest free entry; reject only when neither exists; the
 * issued entry is the policy's choice and carries exactly the warps that
 * joined it; occupancy and full match; nothing lost or duplicated.
 */
typedef struct {
    uint64_t pc, mask, born;
    unsigned count;
} swt_chk_entry;

typedef struct {
    const irhw_ports *ps;
    swt_geom z; /* the geometry (swt_geom_of) */
    swt_chk_entry e[64];
    /* bit i: entry i is valid; how many are; the warps waiting (the OR of
     * the valid entries' masks): kept as the table changes, so that no
     * check loops over the invalid entries */
    uint64_t valid, waiting;
    unsigned occ;
    uint64_t born;
    uint64_t inserted, issued; /* warps accepted (join/alloc), warps issued */
} swt_check;

void *swt_check_new(const irhw_inst *x)
{
    swt_check *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->ps = &x->ps;
    k->z = *swt_g(x);
    return k;
}

void swt_check_free(void *k)
{
    free(k);
}

static int chk_precedes(const swt_check *k, unsigned i, unsigned j)
{
    if (k->z.fullest && k->e[i].count != k->e[j].count)
        return k->e[i].count > k->e[j].count;
    return k->e[i].born < k->e[j].born;
}

#define FAIL(fmt, ...) return irhw_err(err, errlen, "cycle %" PRIu64 ": " fmt, cycle, ##__VA_ARGS__)

static int chk_issue(swt_check *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                     int *issued, char *err, size_t errlen)
{
    const irhw_ports *ps = k->ps;
    int any = k->valid != 0;
    *issued = -1;
    int req = (int)irhw_get(in, ps, SWT_ISS_REQ);
    int v = (int)irhw_get(out, ps, SWT_ISS_VALID);
    if (v != (req && any))
        FAIL("iss_valid=%d with iss_req=%d and %s table", v, req, any ? "a non-empty" : "an empty");
    uint64_t ent = irhw_get(out, ps, SWT_ISS_ENTRY), pc = irhw_get(out, ps, SWT_ISS_PC);
    uint64_t cnt = irhw_get(out, ps, SWT_ISS_COUNT);
    const uint64_t *mask = irhw_cwide(out, ps, SWT_ISS_MASK);
    if (!v) {
        if (ent || pc || cnt || mask[0])
            FAIL("iss_entry/pc/mask/count not 0 without iss_valid");
        return 0;
    }
    if (ent >= k->z.entries || !(k->valid >> ent & 1))
        FAIL("iss_entry=%" PRIu64 " is not a valid entry", ent);
    const swt_chk_entry *e = &k->e[ent];
    if (pc != e->pc || mask[0] != e->mask || cnt != e->count)
        FAIL("entry %" PRIu64 " issued pc=%#" PRIx64 " mask=%#" PRIx64 " count=%" PRIu64
             ", expected pc=%#" PRIx64 " mask=%#" PRIx64 " count=%u",
             ent, pc, mask[0], cnt, e->pc, e->mask, e->count);
    for (uint64_t v = k->valid & ~((uint64_t)1 << ent); v; v &= v - 1) {
        unsigned j = (unsigned)__builtin_ctzll(v);
        if (chk_precedes(k, j, (unsigned)ent))
            FAIL("issued entry %" PRIu64 " but entry %u goes first under the policy", ent, j);
    }
    *issued = (int)ent;
    return 0;
}

static int chk_insert(swt_check *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                      int issued, char *err, size_t errlen)
{
    const irhw_ports *ps = k->ps;
    int v = (int)irhw_get(in, ps, SWT_INS_VALID);
    unsigned warp = (unsigned)irhw_get(in, ps, SWT_INS_WARP);
    uint64_t pc = irhw_get(in, ps, SWT_INS_PC);
    int join = (int)irhw_get(out, ps, SWT_INS_JOIN), alloc = (int)irhw_get(out, ps, SWT_INS_ALLOC);
    int rej = (int)irhw_get(out, ps, SWT_INS_REJECT), dup = (int)irhw_get(out, ps, SWT_INS_DUP);
    int bad = (int)irhw_get(out, ps, SWT_INS_BADWARP);
    uint64_t ent = irhw_get(out, ps, SWT_INS_ENTRY);
    if (join + alloc + rej + dup + bad != v)
        FAIL("answers join=%d alloc=%d reject=%d dup=%d badwarp=%d for ins_valid=%d", join, alloc,
             rej, dup, bad, v);
    if (!join && !alloc && ent)
        FAIL("ins_entry=%" PRIu64 " without join/alloc", ent);
    if (!v)
        return 0;
    if (bad != (warp >= k->z.warps))
        FAIL("ins_badwarp=%d for warp %u of %u", bad, warp, k->z.warps);
    if (bad)
        return 0;
    int waits = (int)(k->waiting >> warp & 1), first_join = -1, first_free = -1;
    for (uint64_t v = k->valid; v && first_join < 0; v &= v - 1) {
        unsigned i = (unsigned)__builtin_ctzll(v);
        const swt_chk_entry *e = &k->e[i];
        if (e->pc == pc && e->count < k->z.cap && (int)i != issued)
            first_join = (int)i;
    }
    uint64_t spare = ~k->valid & irhw_mask(k->z.entries);
    if (spare)
        first_free = __builtin_ctzll(spare);
    if (dup != waits)
        FAIL("ins_dup=%d but warp %u %s", dup, warp,
             waits ? "waits in the table" : "is not waiting");
    if (dup)
        return 0;
    if (join != (first_join >= 0))
        FAIL("ins_join=%d, joinable entry %d", join, first_join);
    if (join && (int)ent != first_join)
        FAIL("joined entry %" PRIu64 ", the lowest joinable is %d", ent, first_join);
    if (alloc != (first_join < 0 && first_free >= 0))
        FAIL("ins_alloc=%d, joinable %d, free %d", alloc, first_join, first_free);
    if (alloc && (int)ent != first_free)
        FAIL("allocated entry %" PRIu64 ", the lowest free is %d", ent, first_free);
    if (rej != (first_join < 0 && first_free < 0))
        FAIL("ins_reject=%d, joinable %d, free %d", rej, first_join, first_free);
    return 0;
}

int swt_check_cycle(void *vk, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                    size_t errlen)
{
    swt_check *k = vk;
    const irhw_ports *ps = k->ps;
    if (irhw_get(in, ps, SWT_RST)) {
        for (unsigned i = 0; i < ps->out_words; i++)
            if (out[i])
                FAIL("outputs not 0 during reset");
        memset(k->e, 0, sizeof k->e);
        k->valid = k->waiting = 0;
        k->occ = 0;
        k->inserted = k->issued = 0;
        return 0;
    }
    unsigned occ = k->occ;
    if (irhw_get(out, ps, SWT_OCCUPANCY) != occ)
        FAIL("occupancy=%" PRIu64 ", %u entries valid", irhw_get(out, ps, SWT_OCCUPANCY), occ);
    if (irhw_get(out, ps, SWT_FULL) != (occ == k->z.entries))
        FAIL("full=%" PRIu64 " with %u of %u entries valid", irhw_get(out, ps, SWT_FULL), occ,
             k->z.entries);
    int issued;
    if (chk_issue(k, cycle, in, out, &issued, err, errlen) ||
        chk_insert(k, cycle, in, out, issued, err, errlen))
        return -1;
    /* Next state, from the outputs. */
    if (issued >= 0) {
        k->issued += k->e[issued].count;
        k->waiting &= ~k->e[issued].mask;
        memset(&k->e[issued], 0, sizeof k->e[0]);
        k->valid &= ~((uint64_t)1 << issued);
        k->occ--;
    }
    unsigned warp = (unsigned)irhw_get(in, ps, SWT_INS_WARP);
    uint64_t ent = irhw_get(out, ps, SWT_INS_ENTRY);
    if (irhw_get(out, ps, SWT_INS_ALLOC)) {
        k->e[ent] = (swt_chk_entry){irhw_get(in, ps, SWT_INS_PC), 0, k->born++, 0};
        k->valid |= (uint64_t)1 << ent;
        k->occ++;
    }
    if (irhw_get(out, ps, SWT_INS_ALLOC) || irhw_get(out, ps, SWT_INS_JOIN)) {
        k->e[ent].mask |= (uint64_t)1 << warp;
        k->e[ent].count++;
        k->waiting |= (uint64_t)1 << warp;
        k->inserted++;
    }
    return 0;
}

int swt_check_end(void *vk, char *err, size_t errlen)
{
    swt_check *k = vk;
    uint64_t waiting = 0, seen = 0;
    for (unsigned i = 0; i < k->z.entries; i++) {
        const swt_chk_entry *e = &k->e[i];
        if (e->mask & seen)
            return irhw_err(err, errlen, "at the end: a warp waits in two entries");
        seen |= e->mask;
        unsigned n = 0;
        for (uint64_t m = e->mask; m; m &= m - 1)
            n++;
        if (n != e->count || ((k->valid >> i & 1) && (n == 0 || n > k->z.cap)))
            return irhw_err(err, errlen, "at the end: entry %u holds %u warps, count %u", i, n,
                            e->count);
        waiting += n;
    }
    if (k->inserted != k->issued + waiting)
        return irhw_err(err, errlen,
                        "at the end: %" PRIu64 " warps accepted, %" PRIu64 " issued, %" PRIu64
                        " still waiting",
                        k->inserted, k->issued, waiting);
    return 0;
}
