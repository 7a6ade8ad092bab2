/*
 * gpu_gw.c — the Graph-Waving machine of gpu_gw.h (docs/gw.md has every
 * decision and its reason).
 *
 * A core holds WARPS x WARP_SIZE threads as SIMD groups of SIMD lanes
 * (baseline: SIMD = WARP_SIZE). Its ISSUE x WARP_SIZE lanes are
 * ISSUE x WARP_SIZE / SIMD narrow units (clusters); group g belongs to
 * cluster g mod units and each cluster issues at most one instruction a
 * cycle from its own groups (clustered issue): the group that issued
 * longest ago among the ready ones. A group waits for its instruction's
 * latency before its next one (--scoreboard: only for the values its next
 * one reads, regs[] below); memory and its timing are the GPU core model's
 * (gpu_mem_access, gpu_atomic_at).
 *
 * The kernels are topology-driven (Pannotia-style): every kernel visits
 * every vertex; BFS / SSSP relax the edges of the vertices whose flag the
 * last kernel set (atomicMin, then a store of the neighbour's flag) until
 * a kernel sets none; PageRank pushes rank / degree along every edge
 * (atomicAdd) and a second, vertex-per-lane kernel folds the sums into the
 * ranks, for pr_iters iterations. Baseline: lane i of a group takes vertex
 * slot * SIMD + i. GW: a group takes vertex `slot`, its edges over the
 * lanes; the instructions whose every lane computes the same value (the
 * vertex's flag, row offsets, value, contribution, the loop test, the
 * slot advance) are scalar. With waves, a ready scalar instruction goes
 * to its cluster's swt (one insert a cycle: the ready group that issued
 * longest ago); joined or allocated, the group waits there; rejected, it
 * runs as an ordinary instruction. A cluster with no ready ordinary
 * instruction raises iss_req (with hold: and its table is full or its
 * oldest entry is hold cycles old) and the table's wave runs its groups'
 * scalar instructions side by side, one lane each, in one issue. A table
 * is evaluated and ticked only in the cycles its cluster inserts or
 * requests (nothing changes in it in the others).
 */
#include "gpu_gw.h"

#include "gpu_int.h"
#include "swt.h"

#include <stdlib.h>
#include <string.h>

const char *const gwa_kernel_names[GWA_NKERNELS] = {"bfs", "sssp", "pagerank"};

/* The kernels' instructions; the PC a group presents to the swt is the
 * index. */
enum {
    P_FLAG, /* load the vertex's flag */
    P_CHK,  /* is it set? */
    P_ROW,  /* load row[v], row[v + 1] */
    P_VAL,  /* load the vertex's value (level, distance, rank) */
    P_DIV,  /* PageRank: its contribution, rank / degree */
    P_LOOP, /* the edge loop's test */
    P_COL,  /* load the neighbours */
    P_WT,   /* SSSP: load the weights */
    P_NVAL, /* load the neighbours' values */
    P_CMP,  /* candidate < value? */
    P_ATOM, /* atomicMin (BFS / SSSP) or atomicAdd (PageRank) */
    P_SETF, /* store the improved neighbours' flags */
    P_NEXT, /* the next vertex slot */
    P_ULD,  /* PageRank update: load sum[v] */
    P_UALU, /* the damping */
    P_UST,  /* store rank[v], clear sum[v] */
    P_NPC
};
enum { C_ALU, C_LOAD, C_STORE, C_ATOM };

static const uint8_t scalar_pc[P_NPC] = {
    [P_FLAG] = 1, [P_CHK] = 1, [P_ROW] = 1, [P_VAL] = 1, [P_DIV] = 1, [P_LOOP] = 1, [P_NEXT] = 1};

/* --scoreboard: the value each instruction writes and the ones it reads
 * (R_CTL: branches and the slot advance; every instruction waits for the
 * last one). Without it a group waits for every instruction's result. */
enum { R_NONE, R_CTL, R_FLAG, R_ROW, R_VAL, R_CONTRIB, R_COL, R_WT, R_NVAL, R_SUM, R_UPD, R_N };
static const struct {
    uint8_t dst, src[3];
} regs[P_NPC] = {
    [P_FLAG] = {R_FLAG, {R_CTL}},
    [P_CHK] = {R_CTL, {R_FLAG}},
    [P_ROW] = {R_ROW, {R_CTL}},
    [P_VAL] = {R_VAL, {R_CTL}},
    [P_DIV] = {R_CONTRIB, {R_VAL, R_ROW}},
    [P_LOOP] = {R_CTL, {R_ROW}},
    [P_COL] = {R_COL, {R_CTL}},
    [P_WT] = {R_WT, {R_CTL}},
    [P_NVAL] = {R_NVAL, {R_COL}},
    [P_CMP] = {R_CTL, {R_NVAL, R_WT, R_VAL}},
    [P_ATOM] = {R_NONE, {R_CTL, R_COL, R_CONTRIB}},
    [P_SETF] = {R_NONE, {R_CTL, R_COL}},
    [P_NEXT] = {R_CTL, {R_NONE}},
    [P_ULD] = {R_SUM, {R_CTL}},
    [P_UALU] = {R_UPD, {R_SUM}},
    [P_UST] = {R_CTL, {R_UPD}},
};

#define PR_SCALE (UINT64_C(1) << 40) /* PageRank: the ranks sum to this */
#define A_SUM (UINT64_C(7) << 40)    /* PageRank's sums */

unsigned gwa_pc_bits(void)
{
    return irhw_bits_for(P_NPC - 1);
}

unsigned gwa_groups_per_unit(const irhw_gpu_cfg *c)
{
    return c->v[GC_WARPS] / c->v[GC_ISSUE];
}

/* A group's lanes (apart from the group: the issue scan reads groups only). */
typedef struct {
    uint32_t v[GPU_MAX_WARP], nb[GPU_MAX_WARP];
    uint64_t e[GPU_MAX_WARP], end[GPU_MAX_WARP], cand[GPU_MAX_WARP];
} gwa_lanes;

typedef struct {
    int pc, done, waiting, bypass;
    uint64_t ready, last; /* the first cycle it may issue; the cycle it last issued */
    uint64_t slot;
    uint64_t live, edge, imp; /* lane masks: holds a vertex; has an edge; improved */
    uint64_t reg[R_N];        /* --scoreboard: the cycle each value is ready */
    gwa_lanes *l;
} gwa_group;

typedef struct {
    gwa_req q;
    gpu_sim *m; /* the GPU core model's memory */
    const unsigned *k;
    unsigned C, S, NU, GU, NG; /* cores, SIMD, units a core, groups a unit, groups a core */
    uint64_t TG;               /* groups, every core */
    int group_mode;            /* this kernel: a vertex a group (else a vertex a lane) */
    int update;                /* PageRank's update kernel */
    gwa_group *grp;
    gwa_lanes *lanes;
    uint64_t ndone; /* groups done in this kernel */
    void **tab;     /* C * NU swt models (waves) */
    uint64_t *in, *out;
    unsigned *occ;  /* valid entries a table */
    uint64_t *born; /* per table and entry: the cycle it was allocated (hold) */
    uint64_t *unext;
    uint64_t *busy;
    /* per unit: its groups neither done nor waiting (bit: index in the unit) */ /* a unit's
                                                                                    next cycle
                                                                                    worth
                                                                                    looking at
                                                                                  */
    uint8_t *flag_cur, *flag_next;
    int any_next;
    unsigned half;
    uint64_t *sum; /* PageRank */
    gwa_stats st;
    int fail; /* the probe stopped the run, or a table answered out of contract */
    char *err;
    size_t errlen;
} gwa_sim;

static gwa_group *grp_of(gwa_sim *s, unsigned c, unsigned g)
{
    return &s->grp[(size_t)c * s->NG + g];
}

/* Group g of core c in its unit's mask of groups neither done nor waiting. */
static void busy_set(gwa_sim *s, unsigned c, unsigned g, int on)
{
    uint64_t *m = &s->busy[(size_t)c * s->NU + g % s->NU], bit = UINT64_C(1) << (g / s->NU);
    *m = on ? *m | bit : *m & ~bit;
}

static uint64_t lanes_all(unsigned S)
{
    return S >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << S) - 1;
}

/* Group g of core c takes its slot's vertices; done past the last. */
static void slot_begin(gwa_sim *s, unsigned c, unsigned g, gwa_group *w)
{
    uint64_t gg = (uint64_t)g * s->C + c, n = s->q.g->n;
    uint64_t sl = gg + w->slot * s->TG;
    w->live = w->edge = w->imp = 0;
    if (s->group_mode) {
        if (sl >= n) {
            w->done = 1;
            s->ndone++;
            busy_set(s, c, g, 0);
            return;
        }
        for (unsigned i = 0; i < s->S; i++)
            w->l->v[i] = (uint32_t)sl;
        w->live = lanes_all(s->S);
    } else {
        if (sl * s->S >= n) {
            w->done = 1;
            s->ndone++;
            busy_set(s, c, g, 0);
            return;
        }
        for (unsigned i = 0; i < s->S; i++)
            if (sl * s->S + i < n) {
                w->l->v[i] = (uint32_t)(sl * s->S + i);
                w->live |= UINT64_C(1) << i;
            }
    }
    w->pc = s->update ? P_ULD : s->q.kernel == GWA_PR ? P_ROW : P_FLAG;
}

static int is_scalar(const gwa_sim *s, int pc)
{
    return s->group_mode && scalar_pc[pc];
}

static unsigned popc(uint64_t x)
{
    return (unsigned)__builtin_popcountll(x);
}

/* The lanes with an edge this iteration. */
static void edges_of(gwa_sim *s, gwa_group *w)
{
    w->edge = 0;
    for (uint64_t l = w->live; l; l &= l - 1) {
        unsigned i = (unsigned)__builtin_ctzll(l);
        if (w->l->e[i] < w->l->end[i])
            w->edge |= UINT64_C(1) << i;
    }
}

static void edges_advance(gwa_sim *s, gwa_group *w)
{
    unsigned step = s->group_mode ? s->S : 1;
    for (uint64_t l = w->edge; l; l &= l - 1)
        w->l->e[__builtin_ctzll(l)] += step;
}

/* The scalar lane (GW: every lane holds the same vertex). */
static unsigned lane0(const gwa_group *w)
{
    return w->live ? (unsigned)__builtin_ctzll(w->live) : 0;
}

/* One instruction's semantics for group w: its addresses appended to
 * addr[*n]; returns its class (C_*); *useful: lanes doing distinct work. */
static int sem(gwa_sim *s, unsigned c, unsigned g, gwa_group *w, uint64_t *addr, unsigned *n,
               unsigned *useful)
{
    const irhw_graph *G = s->q.g;
    uint64_t *val = s->q.val;
    int sc = is_scalar(s, w->pc);
    /* a scalar instruction's lanes agree: one does the work, one address */
    uint64_t lanes = sc ? (w->live ? UINT64_C(1) << lane0(w) : 0) : w->live;
    *useful = popc(sc ? lanes : (w->pc >= P_COL && w->pc <= P_SETF ? w->edge : w->live));
    switch (w->pc) {
    case P_FLAG:
        for (uint64_t l = lanes; l; l &= l - 1)
            addr[(*n)++] = A_FLAG + s->half * A_HALF + w->l->v[__builtin_ctzll(l)];
        w->pc = P_CHK;
        return C_LOAD;
    case P_CHK:
        for (uint64_t l = w->live; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            if (!s->flag_cur[w->l->v[i]])
                w->live &= ~(UINT64_C(1) << i);
        }
        w->pc = w->live ? P_ROW : P_NEXT;
        return C_ALU;
    case P_ROW:
        for (uint64_t l = lanes; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            addr[(*n)++] = A_ROW + 4 * (uint64_t)w->l->v[i];
            addr[(*n)++] = A_ROW + 4 * (uint64_t)w->l->v[i] + 4;
        }
        for (uint64_t l = w->live; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            w->l->e[i] = G->row[w->l->v[i]] + (s->group_mode ? i : 0);
            w->l->end[i] = G->row[w->l->v[i] + 1];
        }
        w->pc = P_VAL;
        return C_LOAD;
    case P_VAL:
        for (uint64_t l = lanes; l; l &= l - 1)
            addr[(*n)++] = A_VAL + 4 * (uint64_t)w->l->v[__builtin_ctzll(l)];
        w->pc = s->q.kernel == GWA_PR ? P_DIV : P_LOOP;
        return C_LOAD;
    case P_DIV:
        for (uint64_t l = w->live; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            uint64_t deg = G->row[w->l->v[i] + 1] - G->row[w->l->v[i]];
            w->l->cand[i] = deg ? val[w->l->v[i]] / deg : 0;
        }
        w->pc = P_LOOP;
        return C_ALU;
    case P_LOOP:
        edges_of(s, w);
        w->pc = w->edge ? P_COL : P_NEXT;
        return C_ALU;
    case P_COL:
        for (uint64_t l = w->edge; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            addr[(*n)++] = A_COL + 4 * w->l->e[i];
            w->l->nb[i] = G->col[w->l->e[i]];
        }
        w->pc = s->q.kernel == GWA_PR ? P_ATOM : s->q.kernel == GWA_SSSP ? P_WT : P_NVAL;
        return C_LOAD;
    case P_WT:
        for (uint64_t l = w->edge; l; l &= l - 1)
            addr[(*n)++] = A_TAIL + 4 * w->l->e[__builtin_ctzll(l)]; /* the weights' array */
        w->pc = P_NVAL;
        return C_LOAD;
    case P_NVAL:
        for (uint64_t l = w->edge; l; l &= l - 1)
            addr[(*n)++] = A_VAL + 4 * (uint64_t)w->l->nb[__builtin_ctzll(l)];
        w->pc = P_CMP;
        return C_LOAD;
    case P_CMP:
        w->imp = 0;
        for (uint64_t l = w->edge; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            w->l->cand[i] = val[w->l->v[i]] + (s->q.wt ? s->q.wt[w->l->e[i]] : 1);
            if (w->l->cand[i] < val[w->l->nb[i]])
                w->imp |= UINT64_C(1) << i;
        }
        s->st.edges += popc(w->edge);
        w->pc = w->imp ? P_ATOM : P_LOOP;
        if (!w->imp)
            edges_advance(s, w);
        return C_ALU;
    case P_ATOM:
        if (s->q.kernel == GWA_PR) {
            for (uint64_t l = w->edge; l; l &= l - 1) {
                unsigned i = (unsigned)__builtin_ctzll(l);
                addr[(*n)++] = A_SUM + 4 * (uint64_t)w->l->nb[i];
                s->sum[w->l->nb[i]] += w->l->cand[i];
            }
            s->st.edges += popc(w->edge);
            edges_advance(s, w);
            w->pc = P_LOOP;
            return C_ATOM;
        }
        *useful = popc(w->imp);
        for (uint64_t l = w->imp; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            addr[(*n)++] = A_VAL + 4 * (uint64_t)w->l->nb[i];
            if (w->l->cand[i] < val[w->l->nb[i]])
                val[w->l->nb[i]] = w->l->cand[i];
        }
        w->pc = P_SETF;
        return C_ATOM;
    case P_SETF:
        *useful = popc(w->imp);
        for (uint64_t l = w->imp; l; l &= l - 1) {
            unsigned i = (unsigned)__builtin_ctzll(l);
            addr[(*n)++] = A_FLAG + (1 - s->half) * A_HALF + w->l->nb[i];
            s->flag_next[w->l->nb[i]] = 1;
            s->any_next = 1;
        }
        edges_advance(s, w);
        w->pc = P_LOOP;
        return C_STORE;
    case P_NEXT:
        w->slot++;
        slot_begin(s, c, g, w);
        return C_ALU;
    case P_ULD:
        for (uint64_t l = w->live; l; l &= l - 1)
            addr[(*n)++] = A_SUM + 4 * (uint64_t)w->l->v[__builtin_ctzll(l)];
        w->pc = P_UALU;
        return C_LOAD;
    case P_UALU:
        w->pc = P_UST;
        return C_ALU;
    default: /* P_UST */
        for (uint64_t l = w->live; l; l &= l - 1) {
            uint32_t v = w->l->v[__builtin_ctzll(l)];
            addr[(*n)++] = A_VAL + 4 * (uint64_t)v;
            addr[(*n)++] = A_SUM + 4 * (uint64_t)v;
            val[v] = PR_SCALE * 15 / 100 / G->n + s->sum[v] * 85 / 100;
            s->sum[v] = 0;
        }
        w->slot++;
        slot_begin(s, c, g, w);
        return C_STORE;
    }
}

/* The timing of one issue: groups gs[0..ng) of core c ran an instruction
 * of class cls with addresses addr[0..n). */
/* The first cycle group w may issue its next instruction in, its last one
 * (at pc) answering at `at`. */
static uint64_t next_issue(const gwa_sim *s, gwa_group *w, int pc, uint64_t now, uint64_t at)
{
    if (!s->q.scoreboard)
        return at;
    w->reg[regs[pc].dst] = at;
    w->reg[R_NONE] = 0;
    uint64_t r = now + 1;
    for (int i = 0; i < 3; i++)
        r = w->reg[regs[w->pc].src[i]] > r ? w->reg[regs[w->pc].src[i]] : r;
    return r;
}

static void timing(gwa_sim *s, unsigned c, uint64_t now, unsigned *gs, unsigned ng, int pc, int cls,
                   const uint64_t *addr, unsigned n)
{
    uint64_t at = now + s->k[GC_ALU_LAT];
    uint64_t before = s->m->st.mem_req;
    if (cls == C_LOAD)
        at = gpu_mem_access(s->m, c, now, addr, n, 0);
    else if (cls == C_STORE && n)
        gpu_mem_access(s->m, c, now, addr, n, 1);
    else if (cls == C_ATOM)
        for (unsigned i = 0; i < n; i++) {
            uint64_t a = gpu_atomic_at(s->m, now, addr[i] & ~UINT64_C(3));
            s->m->st.mem_req++;
            at = a > at ? a : at;
        }
    if (cls != C_ALU)
        s->st.inst_mem++;
    s->st.mem_req += s->m->st.mem_req - before;
    for (unsigned i = 0; i < ng; i++) {
        gwa_group *w = grp_of(s, c, gs[i]);
        w->ready = next_issue(s, w, pc, now, at);
        w->last = now;
    }
}

/* Group g of core c issues alone. */
static void issue_one(gwa_sim *s, unsigned c, unsigned g, uint64_t now)
{
    gwa_group *w = grp_of(s, c, g);
    uint64_t addr[GPU_MAX_WARP * 2];
    unsigned n = 0, useful;
    int sc = is_scalar(s, w->pc), pc = w->pc;
    int cls = sem(s, c, g, w, addr, &n, &useful);
    w->bypass = 0;
    s->st.issues++;
    s->st.inst++;
    s->st.inst_scalar += (uint64_t)sc;
    s->st.lane_useful += useful;
    s->st.lane_slots += s->S;
    timing(s, c, now, &g, 1, pc, cls, addr, n);
}

/* The wave the table of unit u issued: its groups (mask: local ids). */
static void issue_wave(gwa_sim *s, unsigned c, unsigned u, uint64_t mask, uint64_t pc, uint64_t now)
{
    uint64_t addr[GPU_MAX_WARP * 2];
    unsigned n = 0, gs[SWT_MAX], ng = 0, useful;
    int cls = C_ALU;
    for (uint64_t l = mask; l; l &= l - 1) {
        unsigned g = (unsigned)__builtin_ctzll(l) * s->NU + u;
        gwa_group *w = grp_of(s, c, g);
        if (w->pc != (int)pc || !w->waiting) {
            s->fail = 1;
            irhw_err(s->err, s->errlen, "swt issued warp %u at PC %d, which waits at PC %d",
                     g / s->NU, (int)pc, w->waiting ? w->pc : -1);
            return;
        }
        w->waiting = 0;
        busy_set(s, c, g, 1);
        cls = sem(s, c, g, w, addr, &n, &useful);
        gs[ng++] = g;
    }
    s->st.issues++;
    s->st.inst += ng;
    s->st.inst_scalar += ng;
    s->st.lane_useful += ng;
    s->st.lane_slots += s->S;
    s->st.waves++;
    s->st.wave_warps += ng;
    s->st.wave_hist[ng < 64 ? ng : 64]++;
    timing(s, c, now, gs, ng, (int)pc, cls, addr, n);
}

/* May table t issue a wave now? Without hold, whenever its cluster has a
 * free slot; with hold, also only when the table is full or its oldest
 * entry was allocated hold cycles ago (the entries' ages are the
 * machine's: the table has no age output). */
static int hold_over(gwa_sim *s, size_t t, uint64_t now)
{
    if (!s->q.hold || !s->occ[t])
        return 1;
    if (s->occ[t] == s->q.swt->c.v[SWT_ENTRIES])
        return 1;
    uint64_t oldest = UINT64_MAX;
    for (unsigned e = 0; e < s->q.swt->c.v[SWT_ENTRIES]; e++)
        if (s->born[t * SWT_MAX + e] < oldest)
            oldest = s->born[t * SWT_MAX + e];
    return oldest != UINT64_MAX && now - oldest >= s->q.hold;
}

/* The table of unit u this cycle: the insert (ins: local id, -1 none) and
 * the issue request; then the wave, if any. */
static void table_cycle(gwa_sim *s, unsigned c, unsigned u, int ins, int req, uint64_t now)
{
    size_t t = (size_t)c * s->NU + u;
    const irhw_inst *x = s->q.swt;
    const irhw_ports *ps = &x->ps;
    uint64_t *in = s->in, *out = s->out;
    memset(in, 0, ps->in_words * sizeof *in);
    irhw_set(in, ps, SWT_INS_VALID, ins >= 0);
    irhw_set(in, ps, SWT_INS_WARP, ins >= 0 ? (uint64_t)ins : 0);
    unsigned g = ins >= 0 ? (unsigned)ins * s->NU + u : 0;
    irhw_set(in, ps, SWT_INS_PC, ins >= 0 ? (uint64_t)grp_of(s, c, g)->pc : 0);
    req = req && hold_over(s, t, now);
    irhw_set(in, ps, SWT_ISS_REQ, (uint64_t)req);
    x->b->model_eval(s->tab[t], in, out);
    if (s->q.probe && s->q.probe->cycle(s->q.probe->ctx, (unsigned)t, now, in, out)) {
        s->fail = 1;
        irhw_err(s->err, s->errlen, "the swt RTL differs from its model (above)");
        return;
    }
    if (ins >= 0) {
        gwa_group *w = grp_of(s, c, g);
        if (irhw_get(out, ps, SWT_INS_JOIN) || irhw_get(out, ps, SWT_INS_ALLOC)) {
            w->waiting = 1;
            busy_set(s, c, g, 0);
            s->st.ins_join += irhw_get(out, ps, SWT_INS_JOIN);
            s->st.ins_alloc += irhw_get(out, ps, SWT_INS_ALLOC);
            if (irhw_get(out, ps, SWT_INS_ALLOC)) {
                s->occ[t]++;
                s->born[t * SWT_MAX + irhw_get(out, ps, SWT_INS_ENTRY)] = now;
            }
        } else if (irhw_get(out, ps, SWT_INS_REJECT)) {
            w->bypass = 1;
            s->st.ins_reject++;
        } else {
            s->fail = 1;
            irhw_err(s->err, s->errlen,
                     "swt answered an insert of warp %d neither join, alloc nor "
                     "reject",
                     ins);
            return;
        }
    }
    if (irhw_get(out, ps, SWT_ISS_VALID)) {
        s->occ[t]--;
        s->born[t * SWT_MAX + irhw_get(out, ps, SWT_ISS_ENTRY)] = UINT64_MAX;
        issue_wave(s, c, u, irhw_get(out, ps, SWT_ISS_MASK), irhw_get(out, ps, SWT_ISS_PC), now);
    }
    x->b->model_tick(s->tab[t], in);
}

/* Unit u of core c at cycle now; returns the next cycle it needs a look. */
static uint64_t unit_cycle(gwa_sim *s, unsigned c, unsigned u, uint64_t now)
{
    int waves = s->tab != NULL;
    size_t t = (size_t)c * s->NU + u;
    unsigned vec = s->NG, ins = s->NG; /* the oldest ready ordinary / scalar instruction */
    uint64_t next = UINT64_MAX;
    unsigned nready = 0;
    for (uint64_t m = s->busy[t]; m; m &= m - 1) {
        unsigned g = (unsigned)__builtin_ctzll(m) * s->NU + u;
        gwa_group *w = grp_of(s, c, g);
        if (w->ready > now) {
            next = w->ready < next ? w->ready : next;
            continue;
        }
        nready++;
        int to_table = waves && is_scalar(s, w->pc) && !w->bypass;
        unsigned *best = to_table ? &ins : &vec;
        if (*best == s->NG || w->last < grp_of(s, c, *best)->last)
            *best = g;
    }
    if (waves && (ins < s->NG || (vec == s->NG && s->occ[t]))) {
        table_cycle(s, c, u, ins < s->NG ? (int)(ins / s->NU) : -1, vec == s->NG, now);
    }
    if (vec < s->NG && !s->fail) {
        issue_one(s, c, vec, now);
        nready--;
    }
    if (nready || (waves && s->occ[t]))
        return now + 1;
    for (uint64_t m = s->busy[t]; m; m &= m - 1) { /* the issued groups' new times */
        gwa_group *w = grp_of(s, c, (unsigned)__builtin_ctzll(m) * s->NU + u);
        if (w->ready < next)
            next = w->ready;
    }
    return next;
}

static void kernel_begin(gwa_sim *s, int update, uint64_t at)
{
    s->update = update;
    s->group_mode = s->q.gw && !update;
    s->S = s->q.gw ? s->q.simd : s->k[GC_WARP_SIZE];
    s->st.kernels++;
    s->ndone = 0;
    for (size_t i = 0; i < (size_t)s->C * s->NU; i++)
        s->busy[i] = lanes_all(s->GU);
    for (unsigned c = 0; c < s->C; c++)
        for (unsigned g = 0; g < s->NG; g++) {
            gwa_group *w = grp_of(s, c, g);
            gwa_lanes *l = w->l;
            memset(w, 0, sizeof *w);
            w->l = l;
            w->ready = at;
            slot_begin(s, c, g, w);
        }
    for (size_t i = 0; i < (size_t)s->C * s->NU; i++)
        s->unext[i] = at;
}

static int all_done(const gwa_sim *s)
{
    return s->ndone == (uint64_t)s->C * s->NG;
}

/* The next kernel after one ended at `at`; 0: the run is over. */
static int kernel_next(gwa_sim *s, uint64_t at, unsigned *iter)
{
    if (s->q.kernel == GWA_PR) {
        if (s->update && ++*iter >= s->q.pr_iters)
            return 0;
        kernel_begin(s, !s->update, at);
        return 1;
    }
    if (!s->any_next)
        return 0;
    uint8_t *f = s->flag_cur;
    s->flag_cur = s->flag_next;
    s->flag_next = f;
    memset(s->flag_next, 0, s->q.g->n);
    s->any_next = 0;
    s->half ^= 1;
    kernel_begin(s, 0, at);
    return 1;
}

static void sim_free(gwa_sim *s)
{
    if (s->tab)
        for (size_t t = 0; t < (size_t)s->C * s->NU; t++)
            if (s->tab[t])
                s->q.swt->b->model_free(s->tab[t]);
    free(s->tab);
    free(s->in);
    free(s->out);
    free(s->occ);
    free(s->born);
    free(s->unext);
    free(s->busy);
    free(s->grp);
    free(s->lanes);
    free(s->flag_cur);
    free(s->flag_next);
    free(s->sum);
    gpu_free(s->m);
}

static int sim_init(gwa_sim *s, const gwa_req *q)
{
    s->q = *q;
    s->k = q->cfg->v;
    s->C = s->k[GC_CORES];
    unsigned ws = s->k[GC_WARP_SIZE], simd = q->gw ? q->simd : ws;
    s->NU = s->k[GC_ISSUE] * ws / simd;
    s->NG = s->k[GC_WARPS] * ws / simd;
    s->GU = s->NG / s->NU;
    s->TG = (uint64_t)s->C * s->NG;
    gpu_req mq = {.cfg = q->cfg, .g = q->g, .kind = IRHW_WL_SWWL, .cores = s->C, .val = q->val};
    s->m = gpu_new(&mq);
    size_t units = (size_t)s->C * s->NU;
    s->grp = calloc((size_t)s->C * s->NG, sizeof *s->grp);
    s->lanes = calloc((size_t)s->C * s->NG, sizeof *s->lanes);
    for (size_t i = 0; s->grp && s->lanes && i < (size_t)s->C * s->NG; i++)
        s->grp[i].l = &s->lanes[i];
    s->unext = calloc(units, sizeof *s->unext);
    s->busy = calloc(units, sizeof *s->busy);
    s->occ = calloc(units, sizeof *s->occ);
    s->flag_cur = calloc(q->g->n + 1, 1);
    s->flag_next = calloc(q->g->n + 1, 1);
    s->sum = q->kernel == GWA_PR ? calloc(q->g->n + 1, sizeof *s->sum) : NULL;
    if (!s->m || !s->grp || !s->lanes || !s->busy || !s->unext || !s->occ || !s->flag_cur ||
        !s->flag_next || (q->kernel == GWA_PR && !s->sum))
        return irhw_err(s->err, s->errlen, "out of memory setting up the GW machine");
    s->st.simd = simd;
    s->st.units = s->NU;
    s->st.groups_unit = s->GU;
    if (!(q->gw && q->waves))
        return 0;
    s->tab = calloc(units, sizeof *s->tab);
    s->born = malloc(units * SWT_MAX * sizeof *s->born);
    for (size_t i = 0; s->born && i < units * SWT_MAX; i++)
        s->born[i] = UINT64_MAX;
    s->in = calloc(q->swt->ps.in_words + 1, sizeof *s->in);
    s->out = calloc(q->swt->ps.out_words + 1, sizeof *s->out);
    if (!s->tab || !s->born || !s->in || !s->out)
        return irhw_err(s->err, s->errlen, "out of memory setting up the GW machine");
    for (size_t t = 0; t < units; t++) {
        if (!(s->tab[t] = q->swt->b->model_new(q->swt)))
            return irhw_err(s->err, s->errlen, "out of memory setting up the swt models");
        uint64_t rst[8] = {0}, o[16];
        irhw_set(rst, &q->swt->ps, SWT_RST, 1);
        q->swt->b->model_eval(s->tab[t], rst, o);
        q->swt->b->model_tick(s->tab[t], rst);
    }
    return 0;
}

static void initial_values(gwa_sim *s)
{
    uint32_t n = s->q.g->n;
    for (uint32_t v = 0; v < n; v++)
        s->q.val[v] = s->q.kernel == GWA_PR ? PR_SCALE / n : IRHW_UNREACHED;
    if (s->q.kernel != GWA_PR) {
        s->q.val[s->q.src] = 0;
        s->flag_cur[s->q.src] = 1;
    }
}

int gwa_run(const gwa_req *q, gwa_stats *st, int *done, char *err, size_t errlen)
{
    gwa_sim s;
    memset(&s, 0, sizeof s);
    s.err = err;
    s.errlen = errlen;
    *done = 0;
    memset(st, 0, sizeof *st);
    if (sim_init(&s, q)) {
        sim_free(&s);
        return -1;
    }
    initial_values(&s);
    uint64_t cycle = 0, cap = q->max_cycles ? q->max_cycles : UINT64_MAX / 2;
    unsigned iter = 0;
    size_t units = (size_t)s.C * s.NU;
    kernel_begin(&s, 0, 0);
    while (!s.fail && cycle < cap) {
        if (all_done(&s)) {
            if (!kernel_next(&s, cycle + s.k[GC_LAUNCH], &iter)) {
                *done = 1;
                break;
            }
            cycle += s.k[GC_LAUNCH];
        }
        uint64_t next = UINT64_MAX;
        for (size_t i = 0; i < units; i++)
            next = s.unext[i] < next ? s.unext[i] : next;
        cycle = next > cycle ? next : cycle;
        if (next == UINT64_MAX)
            break;
        for (size_t i = 0; i < units && !s.fail; i++)
            if (s.unext[i] <= cycle)
                s.unext[i] = unit_cycle(&s, (unsigned)(i / s.NU), (unsigned)(i % s.NU), cycle);
        cycle++;
    }
    s.st.cycles = cycle;
    *st = s.st;
    int fail = s.fail;
    sim_free(&s);
    return fail ? -1 : 0;
}

int gwa_reference(const gwa_req *q, uint64_t *val)
{
    const irhw_graph *g = q->g;
    if (q->kernel == GWA_BFS)
        return irhw_bfs(g, q->src, val) ? 0 : -1;
    if (q->kernel == GWA_SSSP)
        return irhw_sssp(g, q->src, q->wt, val);
    uint64_t *sum = calloc(g->n + 1, sizeof *sum);
    if (!sum)
        return -1;
    for (uint32_t v = 0; v < g->n; v++)
        val[v] = PR_SCALE / g->n;
    for (unsigned it = 0; it < q->pr_iters; it++) {
        for (uint32_t v = 0; v < g->n; v++) {
            uint64_t deg = g->row[v + 1] - g->row[v];
            for (uint64_t e = g->row[v]; e < g->row[v + 1]; e++)
                sum[g->col[e]] += val[v] / deg;
        }
        for (uint32_t v = 0; v < g->n; v++) {
            val[v] = PR_SCALE * 15 / 100 / g->n + sum[v] * 85 / 100;
            sum[v] = 0;
        }
    }
    free(sum);
    return 0;
}
