/*
 * Unit tests of the scalar-warp table (model/swt.c, gen/swt.c,
 * tb/swt_stim.c): insert answers (join, alloc, reject on a full table and on
 * a full entry, dup, bad warp id), both issue policies, insert and issue of
 * the same entry in one cycle, reset, statistics, parameter rejection, the
 * generator's determinism, storage bits, and long random runs of the
 * stimulus checked by the invariant checker over the co-simulation matrix.
 */
#include <check.h>

#include "check_main.h"
#include "lint_helper.h"
#include "scenario_check.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "swt.h"

typedef struct {
    const irhw_block *b;
    irhw_cfg c;
    irhw_inst x;
    irhw_ports ps;
    void *m;
    uint64_t in[IRHW_MAX_PORTS], out[IRHW_MAX_PORTS];
} tbl;

static unsigned port(const irhw_ports *ps, const char *name)
{
    for (unsigned i = 0; i < ps->n; i++)
        if (strcmp(ps->p[i].name, name) == 0)
            return i;
    ck_abort_msg("no port %s", name);
    return 0;
}

static void set_param(const irhw_block *b, irhw_cfg *c, const char *name, const char *value)
{
    char a[64], err[IRHW_ERRLEN];
    snprintf(a, sizeof a, "%s=%s", name, value);
    ck_assert_msg(irhw_cfg_set(b, c, a, err, sizeof err) == 0, "%s", err);
}

static void cfg_of(const irhw_block *b, irhw_cfg *c, unsigned e, unsigned w, unsigned pcb,
                   unsigned lanes, const char *policy)
{
    char v[16];
    irhw_cfg_defaults(b, c);
    snprintf(v, sizeof v, "%u", e);
    set_param(b, c, "ENTRIES", v);
    snprintf(v, sizeof v, "%u", w);
    set_param(b, c, "WARPS", v);
    snprintf(v, sizeof v, "%u", pcb);
    set_param(b, c, "PC_BITS", v);
    snprintf(v, sizeof v, "%u", lanes);
    set_param(b, c, "LANES", v);
    set_param(b, c, "POLICY", policy);
}

/* The checked instance of a configuration (fails the test when rejected). */
static void inst_of(const irhw_cfg *c, irhw_inst *x)
{
    char err[IRHW_ERRLEN];
    ck_assert_msg(irhw_inst_init(x, &irhw_block_swt, c, err, sizeof err) == 0, "%s", err);
}

static tbl *tbl_new(unsigned e, unsigned w, unsigned lanes, const char *policy)
{
    tbl *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    t->b = &irhw_block_swt;
    cfg_of(t->b, &t->c, e, w, 32, lanes, policy);
    inst_of(&t->c, &t->x);
    t->ps = t->x.ps;
    char err[IRHW_ERRLEN];
    t->m = irhw_model_create(&t->x, err, sizeof err);
    ck_assert_msg(t->m != NULL, "%s", err);
    return t;
}

static void tbl_free(tbl *t)
{
    t->b->model_free(t->m);
    irhw_inst_free(&t->x);
    free(t);
}

static uint64_t o(const tbl *t, const char *name)
{
    return irhw_get(t->out, &t->ps, port(&t->ps, name));
}

/* One cycle: drive the inputs, evaluate (t->out = this cycle's outputs), clock. */
static void cyc_full(tbl *t, int rst, int ins, unsigned warp, uint64_t pc, int iss)
{
    memset(t->in, 0, sizeof t->in);
    irhw_set(t->in, &t->ps, port(&t->ps, "rst"), (uint64_t)rst);
    irhw_set(t->in, &t->ps, port(&t->ps, "ins_valid"), (uint64_t)ins);
    irhw_set(t->in, &t->ps, port(&t->ps, "ins_warp"), warp);
    irhw_set(t->in, &t->ps, port(&t->ps, "ins_pc"), pc);
    irhw_set(t->in, &t->ps, port(&t->ps, "iss_req"), (uint64_t)iss);
    t->b->model_eval(t->m, t->in, t->out);
    t->b->model_tick(t->m, t->in);
}
static void insert(tbl *t, unsigned warp, uint64_t pc)
{
    cyc_full(t, 0, 1, warp, pc, 0);
}
static void issue(tbl *t)
{
    cyc_full(t, 0, 0, 0, 0, 1);
}
static void insert_issue(tbl *t, unsigned warp, uint64_t pc)
{
    cyc_full(t, 0, 1, warp, pc, 1);
}

/* The one answer bit that is set, by name ("none" when none). */
static const char *answer(const tbl *t)
{
    static const char *const names[] = {"ins_join", "ins_alloc", "ins_reject", "ins_dup",
                                        "ins_badwarp"};
    const char *a = "none";
    int n = 0;
    for (unsigned i = 0; i < 5; i++)
        if (o(t, names[i])) {
            a = names[i] + 4;
            n++;
        }
    ck_assert_int_le(n, 1);
    return a;
}

#define ck_answer(t, want, entry)                                                                  \
    do {                                                                                           \
        ck_assert_str_eq(answer(t), want);                                                         \
        ck_assert_uint_eq(o(t, "ins_entry"), entry);                                               \
    } while (0)

#define ck_issued(t, entry, pc, mask)                                                              \
    do {                                                                                           \
        ck_assert_uint_eq(o(t, "iss_valid"), 1);                                                   \
        ck_assert_uint_eq(o(t, "iss_entry"), entry);                                               \
        ck_assert_uint_eq(o(t, "iss_pc"), pc);                                                     \
        ck_assert_uint_eq(o(t, "iss_mask"), mask);                                                 \
        ck_assert_uint_eq(o(t, "iss_count"), (uint64_t)__builtin_popcountll(mask));                \
    } while (0)

/* ---- directed scenarios: C model and Verilated RTL ---------------------------- */

/* One-hot insert answers and the issued scalar warp, as expected outputs. */
#define ANS(j, a, r, d, b)                                                                         \
    "ins_join=" #j " ins_alloc=" #a " ins_reject=" #r " ins_dup=" #d " ins_badwarp=" #b
#define JOIN(e) ANS(1, 0, 0, 0, 0) " ins_entry=" #e
#define ALLOC(e) ANS(0, 1, 0, 0, 0) " ins_entry=" #e
#define REJECT ANS(0, 0, 1, 0, 0) " ins_entry=0"
#define DUP ANS(0, 0, 0, 1, 0) " ins_entry=0"
#define BADWARP ANS(0, 0, 0, 0, 1) " ins_entry=0"
#define ISSUED(e, pc, mask, n)                                                                     \
    "iss_valid=1 iss_entry=" #e " iss_pc=" #pc " iss_mask=" #mask " iss_count=" #n
#define INS(w, pc) "ins_valid=1 ins_warp=" #w " ins_pc=" #pc
#define INS_ISS(w, pc) "iss_req=1 " INS(w, pc)

static const irhw_step alloc_then_join[] = {
    {INS(5, 0x100), ALLOC(0)},
    {INS(7, 0x100), JOIN(0)},
    {INS(9, 0x104), ALLOC(1)},
    {INS(11, 0x100), JOIN(0)},
    {"iss_req=1", ISSUED(0, 0x100, 0x8a0, 3) " occupancy=2"},
};

static const irhw_step dup_in_any_entry[] = {
    {INS(3, 0x200), ALLOC(0)},
    {INS(3, 0x200), DUP},                /* same PC */
    {INS(3, 0x300), DUP " occupancy=1"}, /* another PC: still waiting, nothing allocated */
    {"iss_req=1", ISSUED(0, 0x200, 0x8, 1)},
    {INS(3, 0x300), ALLOC(0)}, /* issued: free to wait again */
};

static const irhw_step full_table_rejects[] = {
    {INS(0, 0x1000), ALLOC(0)},
    {INS(1, 0x1004), ALLOC(1)},
    {INS(2, 0x1008), ALLOC(2)},
    {INS(3, 0x100c), ALLOC(3)},
    {INS(4, 0x2000), REJECT " full=1 occupancy=4"},
    {INS(4, 0x1008), JOIN(2)}, /* a PC in the table still joins */
};

static const irhw_step full_entry_opens_second[] = {
    {INS(0, 0x40), ALLOC(0)},
    {INS(1, 0x40), JOIN(0)},
    {INS(2, 0x40), JOIN(0)},
    {INS(3, 0x40), JOIN(0)},
    {INS(4, 0x40), ALLOC(1)}, /* entry 0 holds LANES = 4 warps */
    {INS(5, 0x40), JOIN(1)},  /* joins the younger entry, the one with room */
    {"iss_req=1", ISSUED(0, 0x40, 0xf, 4)},
    {"iss_req=1", ISSUED(1, 0x40, 0x30, 2)},
};

static const irhw_step badwarp_changes_nothing[] = {
    {INS(24, 0x40), BADWARP}, /* ins_warp is 5 bits: ids 24..31 name no warp */
    {INS(31, 0x40), BADWARP},
    {"iss_req=1", "iss_valid=0 occupancy=0"},
};

static const irhw_step oldest_policy[] = {
    {INS(0, 0x10), ALLOC(0)},
    {INS(1, 0x20), ALLOC(1)},
    {INS(2, 0x30), ALLOC(2)},
    {INS(3, 0x40), ALLOC(3)},
    {"iss_req=1", ISSUED(0, 0x10, 0x1, 1)},
    {INS(9, 0x99), ALLOC(0)}, /* reuses entry 0: now the youngest */
    {INS(8, 0x40), JOIN(3)},  /* joining entry 3 does not make it younger */
    {"iss_req=1", ISSUED(1, 0x20, 0x2, 1)},
    {"iss_req=1", ISSUED(2, 0x30, 0x4, 1)},
    {"iss_req=1", ISSUED(3, 0x40, 0x108, 2)},
    {"iss_req=1", ISSUED(0, 0x99, 0x200, 1)},
    {"iss_req=1", "iss_valid=0 iss_pc=0 iss_mask=0 iss_count=0"},
};

static const irhw_step fullest_policy[] = {
    {INS(0, 0xa0), ALLOC(0)}, /* entry 0: 1 warp, oldest */
    {INS(1, 0xb0), ALLOC(1)}, /* entry 1: 3 warps */
    {INS(2, 0xb0), JOIN(1)},
    {INS(3, 0xb0), JOIN(1)},
    {INS(4, 0xc0), ALLOC(2)}, /* entry 2: 3 warps, younger */
    {INS(5, 0xc0), JOIN(2)},
    {INS(6, 0xc0), JOIN(2)},
    {INS(7, 0xd0), ALLOC(3)}, /* entry 3: 1 warp */
    {"iss_req=1", ISSUED(1, 0xb0, 0xe, 3)},
    {"iss_req=1", ISSUED(2, 0xc0, 0x70, 3)},
    {"iss_req=1", ISSUED(0, 0xa0, 0x1, 1)},
    {"iss_req=1", ISSUED(3, 0xd0, 0x80, 1)},
};

static const irhw_step insert_beside_issue_allocates[] = {
    {INS(0, 0x80), ALLOC(0)},
    {INS_ISS(1, 0x80), ISSUED(0, 0x80, 0x1, 1) " " ALLOC(1)}, /* not entry 0: it is leaving */
    {INS_ISS(0, 0x80), ISSUED(1, 0x80, 0x2, 1) " " ALLOC(0)}, /* warp 0 free again */
    {"iss_req=1", ISSUED(0, 0x80, 0x1, 1)},
};

static const irhw_step insert_beside_issue_rejected[] = {
    {INS(0, 0x80), ALLOC(0)},
    {INS(1, 0x90), ALLOC(1)},
    {INS_ISS(2, 0x80), ISSUED(0, 0x80, 0x1, 1) " " REJECT}, /* entry 0 is freed at the edge */
    {INS(2, 0x80), ALLOC(0)}, /* next cycle the freed entry is there */
};

static const irhw_step reinsert_while_issuing_is_dup[] = {
    {INS(6, 0x80), ALLOC(0)},
    {INS_ISS(6, 0x80), ISSUED(0, 0x80, 0x40, 1) " " DUP " occupancy=1"},
    {"iss_req=1", "iss_valid=0"}, /* the dup changed nothing */
};

static const irhw_step reset_silences_every_output[] = {
    {INS(0, 0x80), ALLOC(0)},
    {INS(1, 0x90), ALLOC(1)},
    {"rst=1 " INS_ISS(2, 0x80),
     ANS(0, 0, 0, 0, 0) " ins_entry=0 iss_valid=0 iss_entry=0 "
                        "iss_pc=0 iss_mask=0 iss_count=0 occupancy=0 full=0"},
    {INS(0, 0x90), ALLOC(0) " occupancy=0"}, /* warp 0 no longer waits; the table is empty */
};

static const irhw_scenario swt_scenarios[] = {
    {"first_insert_allocates_and_the_same_pc_joins", "", IRHW_STEPS(alloc_then_join)},
    {"a_warp_waiting_in_any_entry_is_answered_dup", "", IRHW_STEPS(dup_in_any_entry)},
    {"a_full_table_rejects_a_new_pc", "ENTRIES=4 WARPS=24 LANES=8", IRHW_STEPS(full_table_rejects)},
    {"a_full_entry_opens_a_second_entry_for_its_pc_while_one_is_free", "ENTRIES=2 WARPS=24 LANES=4",
     IRHW_STEPS(full_entry_opens_second)},
    {"a_warp_id_beyond_warps_is_answered_badwarp_and_changes_nothing", "WARPS=24 LANES=8",
     IRHW_STEPS(badwarp_changes_nothing)},
    {"oldest_policy_issues_in_allocation_order_not_entry_order", "ENTRIES=4 WARPS=24 LANES=8",
     IRHW_STEPS(oldest_policy)},
    {"fullest_policy_issues_the_most_warps_ties_to_the_oldest",
     "ENTRIES=4 WARPS=24 LANES=8 POLICY=fullest", IRHW_STEPS(fullest_policy)},
    {"an_insert_matching_the_entry_being_issued_allocates_a_fresh_entry",
     "ENTRIES=4 WARPS=24 LANES=8", IRHW_STEPS(insert_beside_issue_allocates)},
    {"an_insert_matching_the_entry_being_issued_is_rejected_when_no_entry_is_free",
     "ENTRIES=2 WARPS=24 LANES=8", IRHW_STEPS(insert_beside_issue_rejected)},
    {"a_warp_reinserted_while_its_entry_issues_is_dup", "ENTRIES=4 WARPS=24 LANES=8",
     IRHW_STEPS(reinsert_while_issuing_is_dup)},
    {"reset_empties_the_table_and_silences_every_output", "ENTRIES=4 WARPS=24 LANES=8",
     IRHW_STEPS(reset_silences_every_output)},
};

/* ---- insert answers ------------------------------------------------------ */

START_TEST(a_full_entry_in_a_full_table_rejects_its_pc)
{
    tbl *t = tbl_new(2, 24, 2, "oldest");
    insert(t, 0, 0x40);
    insert(t, 1, 0x40); /* entry 0 full (LANES = 2) */
    insert(t, 2, 0x80); /* entry 1: the last free one */
    ck_answer(t, "alloc", 1);
    insert(t, 3, 0x40);
    ck_answer(t, "reject", 0);
    tbl_free(t);
}
END_TEST

START_TEST(entries_fill_at_warps_when_lanes_exceed_warps)
{
    tbl *t = tbl_new(2, 2, 16, "oldest");
    insert(t, 0, 0x40);
    insert(t, 1, 0x40);
    ck_answer(t, "join", 0);
    issue(t);
    ck_issued(t, 0, 0x40, 0x3ull);
    ck_assert_uint_eq(o(t, "iss_count"), 2);
    tbl_free(t);
}
END_TEST

/* ---- issue ----------------------------------------------------------------- */

START_TEST(no_request_or_an_empty_table_issues_nothing_and_outputs_zeros)
{
    tbl *t = tbl_new(4, 24, 8, "fullest");
    issue(t);
    ck_assert_uint_eq(o(t, "iss_valid"), 0);
    insert(t, 1, 0x40);
    ck_assert_uint_eq(o(t, "iss_valid"), 0); /* no request */
    ck_assert_uint_eq(o(t, "iss_pc"), 0);
    ck_assert_uint_eq(o(t, "iss_mask"), 0);
    ck_assert_uint_eq(o(t, "iss_count"), 0);
    cyc_full(t, 0, 0, 0, 0, 0); /* no insert: no answer */
    ck_answer(t, "none", 0);
    ck_assert_uint_eq(o(t, "occupancy"), 1);
    tbl_free(t);
}
END_TEST

/* ---- insert and issue in the same cycle -------------------------------------- */

START_TEST(an_insert_joins_another_entry_of_its_pc_while_one_issues)
{
    tbl *t = tbl_new(4, 24, 2, "oldest");
    insert(t, 0, 0x80);
    insert(t, 1, 0x80); /* entry 0 full */
    insert(t, 2, 0x80); /* entry 1 */
    insert_issue(t, 3, 0x80);
    ck_issued(t, 0, 0x80, 0x3ull);
    ck_answer(t, "join", 1);
    tbl_free(t);
}
END_TEST

/* ---- reset, two-phase ---------------------------------------------------------- */

START_TEST(eval_does_not_change_the_state)
{
    tbl *t = tbl_new(4, 24, 8, "fullest");
    insert(t, 0, 0x80);
    memset(t->in, 0, sizeof t->in);
    irhw_set(t->in, &t->ps, port(&t->ps, "ins_valid"), 1);
    irhw_set(t->in, &t->ps, port(&t->ps, "ins_warp"), 1);
    irhw_set(t->in, &t->ps, port(&t->ps, "ins_pc"), 0x80);
    irhw_set(t->in, &t->ps, port(&t->ps, "iss_req"), 1);
    uint64_t first[IRHW_MAX_PORTS];
    t->b->model_eval(t->m, t->in, first);
    for (int k = 0; k < 3; k++) {
        t->b->model_eval(t->m, t->in, t->out);
        ck_assert_mem_eq(first, t->out, t->ps.out_words * sizeof(uint64_t));
    }
    tbl_free(t);
}
END_TEST

/* ---- parameters, ports, generator, area ------------------------------------------ */

START_TEST(bad_parameters_are_rejected_naming_the_parameter)
{
    const irhw_block *b = &irhw_block_swt;
    static const char *const bad[] = {"ENTRIES=0",     "ENTRIES=65", "WARPS=1", "WARPS=65",
                                      "PC_BITS=7",     "PC_BITS=65", "LANES=1", "LANES=65",
                                      "POLICY=newest", "ENTRIES=x"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        irhw_cfg c;
        irhw_cfg_defaults(b, &c);
        char err[IRHW_ERRLEN] = "", name[16];
        ck_assert_msg(irhw_cfg_set(b, &c, bad[i], err, sizeof err) != 0, "%s accepted", bad[i]);
        snprintf(name, sizeof name, "%.*s", (int)(strchr(bad[i], '=') - bad[i]), bad[i]);
        ck_assert_msg(strstr(err, name) != NULL, "'%s' does not name %s", err, name);
    }
    /* a value set behind the parser's back is caught by the instance too */
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    c.v[SWT_LANES] = 99;
    irhw_inst x;
    char err[IRHW_ERRLEN] = "";
    ck_assert_int_ne(irhw_inst_init(&x, b, &c, err, sizeof err), 0);
    irhw_inst_free(&x);
    ck_assert_ptr_nonnull(strstr(err, "LANES"));
}
END_TEST

START_TEST(ports_follow_the_parameters)
{
    tbl *t = tbl_new(8, 48, 16, "oldest");
    const irhw_ports *ps = &t->ps;
    ck_assert_str_eq(ps->p[0].name, "rst");
    ck_assert_uint_eq(ps->p[port(ps, "ins_warp")].width, 6);
    ck_assert_uint_eq(ps->p[port(ps, "ins_pc")].width, 32);
    ck_assert_uint_eq(ps->p[port(ps, "ins_entry")].width, 3);
    ck_assert_uint_eq(ps->p[port(ps, "iss_mask")].width, 48);
    ck_assert_uint_eq(ps->p[port(ps, "iss_count")].width, 5); /* 0..16 */
    ck_assert_uint_eq(ps->p[port(ps, "occupancy")].width, 4); /* 0..8 */
    tbl_free(t);
    t = tbl_new(1, 2, 16, "fullest");
    ck_assert_uint_eq(t->ps.p[port(&t->ps, "ins_entry")].width, 1);
    ck_assert_uint_eq(t->ps.p[port(&t->ps, "iss_count")].width, 2); /* 0..min(16, 2) */
    tbl_free(t);
}
END_TEST

START_TEST(generator_is_deterministic_and_names_the_configuration)
{
    const irhw_block *b = &irhw_block_swt;
    static const unsigned cfgs[][4] = {
        {8, 48, 32, 16}, {1, 2, 8, 2}, {3, 5, 9, 64}, {64, 64, 64, 64}};
    for (unsigned k = 0; k < 4; k++)
        for (int pol = 0; pol < 2; pol++) {
            irhw_cfg c;
            cfg_of(b, &c, cfgs[k][0], cfgs[k][1], cfgs[k][2], cfgs[k][3],
                   pol ? "fullest" : "oldest");
            char err[IRHW_ERRLEN], decl[160];
            irhw_inst x;
            inst_of(&c, &x);
            char *v1 = irhw_generate(&x, err, sizeof err);
            ck_assert_msg(v1 != NULL, "%s", err);
            char *v2 = irhw_generate(&x, err, sizeof err);
            ck_assert_str_eq(v1, v2);
            snprintf(decl, sizeof decl, "module %s (", x.module);
            ck_assert_ptr_nonnull(strstr(v1, decl));
            ck_assert_ptr_nonnull(strstr(v1, "endmodule"));
            ck_assert_ptr_null(strstr(v1, "initial"));
            for (unsigned i = 0; i < x.ps.n; i++)
                ck_assert_ptr_nonnull(strstr(v1, x.ps.p[i].name));
            free(v1);
            free(v2);
            irhw_inst_free(&x);
        }
    irhw_cfg c;
    cfg_of(b, &c, 8, 48, 32, 16, "fullest");
    irhw_inst x;
    inst_of(&c, &x);
    ck_assert_str_eq(x.module, "swt_e8_w48_pc32_l16_fullest");
    irhw_inst_free(&x);
}
END_TEST

START_TEST(storage_counts_every_table_bit)
{
    const irhw_block *b = &irhw_block_swt;
    irhw_cfg c;
    cfg_of(b, &c, 8, 48, 32, 16, "oldest");
    irhw_inst x;
    inst_of(&c, &x);
    irhw_storage st;
    b->storage(&x, &st);
    /* 8 x (32 PC + 48 mask + 1 valid + 5 count + 3 age rank) + 4 occupancy */
    ck_assert_uint_eq(st.storage_bits, 8 * (32 + 48 + 1 + 5 + 3) + 4);
    ck_assert_uint_eq(st.nsrams, 0);
    irhw_area_fig r;
    memset(&r, 0, sizeof r);
    r.total_um2 = 8000;
    r.logic_um2 = 3000;
    r.storage_bits = st.storage_bits;
    r.library = "test";
    irhw_note n[8];
    int k = b->area_notes(&x, &r, n, 8);
    ck_assert_int_ge(k, 4);
    ck_assert_str_eq(n[0].key, "cam_bits");
    ck_assert_double_eq(n[0].value, 716);
    int found = 0;
    for (int i = 0; i < k; i++)
        if (strcmp(n[i].key, "area_per_entry_um2") == 0) {
            ck_assert_double_eq_tol(n[i].value, 1000, 1e-9);
            found = 1;
        }
    ck_assert(found);
    ck_assert_int_eq(b->area_notes(&x, &r, n, 2), 2); /* never more than asked */
    irhw_inst_free(&x);
}
END_TEST

/* The entries, warps and the issue heap are generate loops: the text of the
 * module does not depend on ENTRIES (nor on WARPS, but for warp_bad). */
START_TEST(generated_verilog_does_not_grow_with_the_entries)
{
    const irhw_block *b = &irhw_block_swt;
    for (int pol = 0; pol < 2; pol++) {
        unsigned lines[2];
        for (int k = 0; k < 2; k++) {
            irhw_cfg c;
            cfg_of(b, &c, k ? 64 : 2, 48, 32, 16, pol ? "fullest" : "oldest");
            irhw_inst x;
            inst_of(&c, &x);
            char err[IRHW_ERRLEN];
            char *v = irhw_generate(&x, err, sizeof err);
            ck_assert_msg(v != NULL, "%s", err);
            lines[k] = irhw_lines_of(v);
            ck_assert_ptr_nonnull(strstr(v, "begin : g_entry"));
            ck_assert_ptr_null(strstr(v, "e63")); /* nothing unrolled per entry */
            free(v);
            irhw_inst_free(&x);
        }
        ck_assert_uint_le(lines[1], 400);
        ck_assert_uint_eq(lines[0], lines[1]);
    }
}
END_TEST

/* Verilator -Wall, Icarus -g2005 and Yosys accept the generated RTL at the
 * edges of the loops: one entry (no multiplexers), three entries under
 * POLICY=fullest (a heap with padded leaves), 64 entries and 64 warps. */
START_TEST(generated_verilog_lints_clean_at_the_loop_edges)
{
    const irhw_block *b = &irhw_block_swt;
    static const struct {
        unsigned e, w, pcb, lanes;
        const char *policy;
    } cfgs[] = {{1, 2, 8, 2, "oldest"}, {3, 5, 9, 64, "fullest"}, {64, 64, 64, 64, "fullest"}};
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++) {
        irhw_cfg c;
        cfg_of(b, &c, cfgs[k].e, cfgs[k].w, cfgs[k].pcb, cfgs[k].lanes, cfgs[k].policy);
        irhw_inst x;
        inst_of(&c, &x);
        char msg[512];
        int rc = irhw_lint(&x, 0, msg, sizeof msg);
        irhw_inst_free(&x);
        if (rc == 1) {
            printf("SKIP: generated_verilog_lints_clean_at_the_loop_edges: %s\n", msg);
            return;
        }
        ck_assert_msg(rc == 0, "%s", msg);
    }
}
END_TEST

/* ---- stimulus + checker over the co-simulation matrix ------------------------------ */

typedef struct {
    uint64_t answers[5], issued, same_entry_collisions, resets, max_occ_seen, full_cycles;
} run_cover;

/* Runs model + stimulus + checker like the co-simulation harness does. */
static void run_random(const irhw_cfg *c, uint64_t seed, uint64_t cycles, irhw_stim_mode mode,
                       run_cover *cov, uint64_t *trace_hash)
{
    const irhw_block *b = &irhw_block_swt;
    irhw_inst x;
    inst_of(c, &x);
    const irhw_ports ps = x.ps;
    char err[IRHW_ERRLEN] = "";
    void *m = irhw_model_create(&x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    void *s = b->stim_new(&x, seed, cycles, mode);
    void *k = b->check_new(&x);
    uint64_t in[IRHW_MAX_PORTS], out[IRHW_MAX_PORTS], prev[IRHW_MAX_PORTS];
    memset(prev, 0, sizeof prev);
    memset(cov, 0, sizeof *cov);
    static const char *const ans[] = {"ins_join", "ins_alloc", "ins_reject", "ins_dup",
                                      "ins_badwarp"};
    uint64_t h = 1469598103934665603ull;
    char cfgtxt[256];
    irhw_cfg_format(b, c, " ", cfgtxt, sizeof cfgtxt);
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        memset(in, 0, sizeof in);
        b->stim_next(s, cyc, prev, in);
        if (cyc < 2)
            irhw_set(in, &ps, 0, 1);
        b->model_eval(m, in, out);
        ck_assert_msg(b->check_cycle(k, cyc, in, out, err, sizeof err) == 0,
                      "%s (%s, seed %" PRIu64 ")", err, cfgtxt, seed);
        b->model_tick(m, in);
        for (unsigned i = 0; i < 5; i++)
            cov->answers[i] += irhw_get(out, &ps, port(&ps, ans[i]));
        cov->issued += irhw_get(out, &ps, port(&ps, "iss_valid"));
        cov->resets += cyc >= 2 && irhw_get(in, &ps, 0);
        cov->full_cycles += irhw_get(out, &ps, port(&ps, "full"));
        uint64_t occ = irhw_get(out, &ps, port(&ps, "occupancy"));
        if (occ > cov->max_occ_seen)
            cov->max_occ_seen = occ;
        if (irhw_get(out, &ps, port(&ps, "iss_valid")) &&
            irhw_get(in, &ps, port(&ps, "ins_valid")) &&
            irhw_get(in, &ps, port(&ps, "ins_pc")) == irhw_get(out, &ps, port(&ps, "iss_pc")) &&
            (irhw_get(out, &ps, port(&ps, "ins_alloc")) ||
             irhw_get(out, &ps, port(&ps, "ins_reject"))))
            cov->same_entry_collisions++;
        for (unsigned i = 0; i < ps.in_words; i++)
            h = (h ^ in[i]) * 1099511628211ull;
        memcpy(prev, out, sizeof prev);
    }
    ck_assert_msg(b->check_end(k, err, sizeof err) == 0, "%s (%s, seed %" PRIu64 ")", err, cfgtxt,
                  seed);
    if (trace_hash)
        *trace_hash = h;
    b->check_free(k);
    b->stim_free(s);
    b->model_free(m);
    irhw_inst_free(&x);
}

static uint64_t test_seed(void)
{
    const char *e = getenv("SWT_SEED");
    return e ? strtoull(e, NULL, 0) : (uint64_t)time(NULL);
}

START_TEST(random_runs_over_the_matrix_keep_every_invariant)
{
    const irhw_block *b = &irhw_block_swt;
    static const unsigned es[] = {1, 2, 8, 16}, ws[] = {2, 24, 48, 64}, ls[] = {2, 8, 16};
    static const unsigned pcs[] = {8, 13, 32, 64};
    uint64_t seed = test_seed();
    printf("random_runs_over_the_matrix_keep_every_invariant: seed %" PRIu64 " (SWT_SEED=%" PRIu64
           " reproduces it)\n",
           seed, seed);
    for (unsigned e = 0; e < 4; e++)
        for (unsigned w = 0; w < 4; w++)
            for (unsigned l = 0; l < 3; l++)
                for (int pol = 0; pol < 2; pol++) {
                    irhw_cfg c;
                    cfg_of(b, &c, es[e], ws[w], pcs[(e + w + l) % 4], ls[l],
                           pol ? "fullest" : "oldest");
                    run_cover cov;
                    run_random(&c, seed + e * 100 + w * 10 + l * 2 + (unsigned)pol, 6000,
                               IRHW_STIM_MIXED, &cov, NULL);
                }
}
END_TEST

START_TEST(stimulus_reaches_every_answer_overflow_and_same_entry_collisions)
{
    const irhw_block *b = &irhw_block_swt;
    static const unsigned cfgs[][3] = {{1, 2, 2},   {1, 64, 16},  {2, 24, 8}, {8, 48, 16},
                                       {16, 64, 2}, {16, 24, 16}, {8, 2, 8}};
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++)
        for (int pol = 0; pol < 2; pol++) {
            irhw_cfg c;
            cfg_of(b, &c, cfgs[k][0], cfgs[k][1], 32, cfgs[k][2], pol ? "fullest" : "oldest");
            run_cover cov;
            run_random(&c, 7, 20000, IRHW_STIM_MIXED, &cov, NULL);
            unsigned e = cfgs[k][0], w = cfgs[k][1];
            int pow2 = (w & (w - 1)) == 0;
            ck_assert_msg(cov.answers[0] > 0, "no join in config %u", k);
            ck_assert_msg(cov.answers[1] > 0, "no alloc in config %u", k);
            ck_assert_msg(cov.answers[3] > 0, "no dup in config %u", k);
            ck_assert_msg((cov.answers[4] > 0) == !pow2, "badwarp in config %u", k);
            ck_assert_msg(cov.issued > 0, "nothing issued in config %u", k);
            ck_assert_msg(cov.same_entry_collisions > 0, "no same-entry insert+issue in config %u",
                          k);
            ck_assert_msg(cov.resets > 0, "no reset in config %u", k);
            if (w > e) { /* the table can overflow */
                ck_assert_msg(cov.answers[2] > 0, "no reject in config %u", k);
                ck_assert_msg(cov.full_cycles > 0, "never full in config %u", k);
            }
            ck_assert_uint_eq(cov.max_occ_seen, e < w ? e : w);
        }
}
END_TEST

START_TEST(stimulus_is_reproducible_by_seed_and_differs_across_seeds)
{
    const irhw_block *b = &irhw_block_swt;
    irhw_cfg c;
    cfg_of(b, &c, 8, 48, 32, 16, "oldest");
    for (int mode = 0; mode < 3; mode++) {
        uint64_t h1, h2, h3;
        run_cover cov;
        run_random(&c, 11, 3000, (irhw_stim_mode)mode, &cov, &h1);
        run_random(&c, 11, 3000, (irhw_stim_mode)mode, &cov, &h2);
        run_random(&c, 12, 3000, (irhw_stim_mode)mode, &cov, &h3);
        ck_assert_uint_eq(h1, h2);
        if (mode != IRHW_STIM_DIRECTED)
            ck_assert_uint_ne(h1, h3);
    }
}
END_TEST

START_TEST(checker_reports_a_wrong_answer)
{
    const irhw_block *b = &irhw_block_swt;
    irhw_cfg c;
    cfg_of(b, &c, 4, 24, 32, 8, "oldest");
    irhw_inst x;
    inst_of(&c, &x);
    const irhw_ports ps = x.ps;
    void *k = b->check_new(&x);
    uint64_t in[IRHW_MAX_PORTS] = {0}, out[IRHW_MAX_PORTS] = {0};
    char err[IRHW_ERRLEN] = "";
    irhw_set(in, &ps, port(&ps, "ins_valid"), 1);
    irhw_set(in, &ps, port(&ps, "ins_warp"), 3);
    irhw_set(in, &ps, port(&ps, "ins_pc"), 0x40);
    irhw_set(out, &ps, port(&ps, "ins_alloc"), 1);
    ck_assert_int_eq(b->check_cycle(k, 5, in, out, err, sizeof err), 0);
    /* the same warp again cannot be a join: it waits already */
    irhw_set(out, &ps, port(&ps, "ins_alloc"), 0);
    irhw_set(out, &ps, port(&ps, "ins_join"), 1);
    irhw_set(out, &ps, port(&ps, "occupancy"), 1);
    ck_assert_int_ne(b->check_cycle(k, 6, in, out, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "ins_dup"));
    b->check_free(k);
    irhw_inst_free(&x);
}
END_TEST

START_TEST(stats_report_pack_rate_rejects_and_occupancy)
{
    tbl *t = tbl_new(2, 24, 8, "oldest");
    insert(t, 0, 0x40);
    insert(t, 1, 0x40);
    insert(t, 2, 0x40); /* entry 0: 3 warps */
    insert(t, 3, 0x80); /* entry 1 */
    insert(t, 4, 0xc0); /* rejected: full */
    issue(t);           /* 3 warps */
    issue(t);           /* 1 warp: pack rate (3 + 1) / 2 = 2.00 */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->b->model_stats(t->m, f);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "pack rate 2.00 warps per scalar warp"));
    ck_assert_ptr_nonnull(strstr(buf, "rejected 1 (20.0 %)"));
    ck_assert_ptr_nonnull(strstr(buf, "joined 2, allocated 2"));
    ck_assert_ptr_nonnull(strstr(buf, "1:1 3:1"));
    ck_assert_ptr_nonnull(strstr(buf, "max 2 of 2 entries"));
    free(buf);
    tbl_free(t);
}
END_TEST

static Suite *swt_suite(void)
{
    Suite *s = suite_create("swt");
    TCase *tc = tcase_create("swt");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_full_entry_in_a_full_table_rejects_its_pc);
    tcase_add_test(tc, entries_fill_at_warps_when_lanes_exceed_warps);
    tcase_add_test(tc, no_request_or_an_empty_table_issues_nothing_and_outputs_zeros);
    tcase_add_test(tc, an_insert_joins_another_entry_of_its_pc_while_one_issues);
    tcase_add_test(tc, eval_does_not_change_the_state);
    tcase_add_test(tc, bad_parameters_are_rejected_naming_the_parameter);
    tcase_add_test(tc, ports_follow_the_parameters);
    tcase_add_test(tc, generator_is_deterministic_and_names_the_configuration);
    tcase_add_test(tc, storage_counts_every_table_bit);
    tcase_add_test(tc, generated_verilog_does_not_grow_with_the_entries);
    tcase_add_test(tc, random_runs_over_the_matrix_keep_every_invariant);
    tcase_add_test(tc, stimulus_reaches_every_answer_overflow_and_same_entry_collisions);
    tcase_add_test(tc, stimulus_is_reproducible_by_seed_and_differs_across_seeds);
    tcase_add_test(tc, checker_reports_a_wrong_answer);
    tcase_add_test(tc, stats_report_pack_rate_rejects_and_occupancy);
    suite_add_tcase(s, tc);
    TCase *lint = tcase_create("lint"); /* three tools per configuration */
    tcase_set_timeout(lint, 300);
    tcase_add_test(lint, generated_verilog_lints_clean_at_the_loop_edges);
    suite_add_tcase(s, lint);
    return s;
}

int main(void)
{
    Suite *s = swt_suite();
    irhw_check_scenarios(s, &irhw_block_swt, swt_scenarios,
                         sizeof swt_scenarios / sizeof swt_scenarios[0]);
    return irhw_check_run(s);
}
