/*
 * test_area.c — tests of the area flow (area/area.c, area/sram_model.c):
 * the SRAM model's shape, a tiny design synthesized on the default
 * liberty (logic, flip-flop storage and SRAM split, netlist accepted by
 * Verilator and Icarus, OpenSTA path), error paths, the reports, and the
 * sky130 liberty when ../shared/data is there.
 *
 * The test design is written into a fresh folder under /tmp: a 4-bit
 * counter, two irhw_regfile_1rw instances (one configuration) and one
 * irhw_sram_1rw, with the leaf cells copied from IRHW_ROOT/rtl. When the
 * sky130 liberty is absent its test is not registered and the run prints
 * "SKIP: ../shared/data not found". Set IRHW_KEEP=1 to keep the folders.
 */
#define _XOPEN_SOURCE 700

#include <check.h>

#include "check_main.h"
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "area.h"

#ifndef IRHW_ROOT
#define IRHW_ROOT "."
#endif

#define TOP "irhw_area_selftest"
#define SKY130_REL "/../shared/data/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib.gz"

static void sky130_path(char *buf, size_t len)
{
    snprintf(buf, len, "%s%s", irhw_root(), SKY130_REL);
}

static const char design_top[] =
    "module " TOP " (\n"
    "    input  wire       clk,\n"
    "    input  wire       rst,\n"
    "    input  wire       we,\n"
    "    input  wire [3:0] wdata,\n"
    "    output wire [3:0] count,\n"
    "    output wire [3:0] rf_q,\n"
    "    output wire [3:0] rf2_q,\n"
    "    output wire [7:0] sram_q\n"
    ");\n"
    "    reg [3:0] cnt;\n"
    "    always @(posedge clk) begin\n"
    "        if (rst) cnt <= 4'd0;\n"
    "        else     cnt <= cnt + 4'd1;\n"
    "    end\n"
    "    assign count = cnt;\n"
    "    irhw_regfile_1rw #(.WIDTH(4), .DEPTH(8), .ABITS(3)) u_rf (\n"
    "        .clk(clk), .we(we), .addr(cnt[2:0]), .wdata(wdata), .rdata(rf_q));\n"
    "    irhw_regfile_1rw #(.WIDTH(4), .DEPTH(8), .ABITS(3)) u_rf_b (\n"
    "        .clk(clk), .we(!we), .addr(cnt[3:1]), .wdata(~wdata), .rdata(rf2_q));\n"
    "    irhw_sram_1rw #(.WIDTH(8), .DEPTH(16), .ABITS(4)) u_sram (\n"
    "        .clk(clk), .en(1'b1), .we(we), .addr(cnt), .wdata({wdata, cnt}),\n"
    "        .rdata(sram_q));\n"
    "endmodule\n";

typedef struct {
    char dir[64];
    char verilog[128];
    char work[128];
    char cache[128]; /* the synthesis cache of the hierarchical flow */
    irhw_storage st;
} fixture;

static void append_file(FILE *out, const char *path)
{
    FILE *in = fopen(path, "r");
    ck_assert_msg(in != NULL, "cannot read %s", path);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    fclose(in);
}

/* Writes the test design into a fresh folder; storage lists its SRAM. */
static void fixture_make(fixture *fx)
{
    memset(fx, 0, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/irhw_area_test.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(fx->dir));
    snprintf(fx->verilog, sizeof fx->verilog, "%s/design.v", fx->dir);
    snprintf(fx->work, sizeof fx->work, "%s/work", fx->dir);
    snprintf(fx->cache, sizeof fx->cache, "%s/cache", fx->dir);
    FILE *f = fopen(fx->verilog, "w");
    ck_assert_ptr_nonnull(f);
    fputs(design_top, f);
    char leaf[1024];
    snprintf(leaf, sizeof leaf, "%s/rtl/irhw_regfile_1rw.v", irhw_root());
    append_file(f, leaf);
    snprintf(leaf, sizeof leaf, "%s/rtl/irhw_sram_1rw.v", irhw_root());
    append_file(f, leaf);
    fclose(f);
    fx->st.storage_bits = 2 * 8 * 4 + 16 * 8;
    irhw_storage_sram(&fx->st, 16, 8, 1);
    fx->st.modules[0] = "irhw_regfile_1rw"; /* what a block's storage() names */
    fx->st.nmodules = 1;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void fixture_drop(fixture *fx)
{
    const char *keep = getenv("IRHW_KEEP");
    if (keep && *keep && *keep != '0')
        printf("kept %s\n", fx->dir);
    else
        nftw(fx->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The shipped 45 nm-class library (the default is sky130hd when
 * ../shared/data has it). */
static const char *lib45(void)
{
    static char path[1200];
    snprintf(path, sizeof path, "%s/area/default_45nm.lib", irhw_root());
    return path;
}

static irhw_area_req request(const fixture *fx, const char *liberty, int sta)
{
    irhw_area_req q = {.liberty = liberty,
                       .top = TOP,
                       .verilog = fx->verilog,
                       .workdir = fx->work,
                       .storage = &fx->st,
                       .want_sta = sta,
                       .clock_ns = 0,
                       .cache_dir = fx->cache};
    return q;
}

/* Runs the flow, failing the test with the message on error. */
static void run_ok(const irhw_area_req *q, irhw_area_res *r, const char *label)
{
    char err[IRHW_ERRLEN] = "";
    double t0 = irhw_now_s();
    int rc = irhw_area_run(q, r, err, sizeof err);
    double dt = irhw_now_s() - t0;
    ck_assert_msg(rc == 0, "irhw_area_run failed: %s", err);
    printf("%s: total %.1f um2 (logic %.1f, ff storage %.1f, sram %.1f), "
           "%lu cells, %lu flops, %.2f s%s",
           label, r->total_um2, r->logic_um2, r->ff_storage_um2, r->sram_um2, r->cells, r->flops,
           dt, r->have_sta ? "" : "\n");
    if (r->have_sta)
        printf(", crit %.3f ns %s -> %s\n", r->crit_ns, r->crit_from, r->crit_to);
}

/* ---- SRAM model ------------------------------------------------------------ */

START_TEST(sram_area_never_shrinks_when_words_or_width_grow)
{
    for (unsigned width = 1; width <= 300; width += 7) {
        double prev = 0;
        for (unsigned words = 1; words <= 5000; words += 13) {
            double a = irhw_sram_area_um2(words, width, 45);
            ck_assert_msg(a >= prev, "area fell at %ux%u", words, width);
            prev = a;
        }
    }
    for (unsigned words = 2; words <= 4096; words *= 2) {
        double prev = 0;
        for (unsigned width = 1; width <= 2600; width += 11) {
            double a = irhw_sram_area_um2(words, width, 45);
            ck_assert_msg(a >= prev, "area fell at %ux%u", words, width);
            prev = a;
        }
    }
}
END_TEST

START_TEST(sram_area_grows_when_words_or_width_double)
{
    for (unsigned words = 4; words <= 8192; words *= 2)
        for (unsigned width = 1; width <= 1024; width *= 2) {
            double a = irhw_sram_area_um2(words, width, 45);
            ck_assert(irhw_sram_area_um2(2 * words, width, 45) > a);
            ck_assert(irhw_sram_area_um2(words, 2 * width, 45) > a);
        }
}
END_TEST

START_TEST(sram_area_is_larger_at_130_nm_than_at_45_nm)
{
    unsigned sizes[][2] = {{16, 8}, {32, 24}, {1024, 32}, {256, 2560}};
    for (unsigned i = 0; i < 4; i++)
        ck_assert(irhw_sram_area_um2(sizes[i][0], sizes[i][1], 130) >
                  irhw_sram_area_um2(sizes[i][0], sizes[i][1], 45));
}
END_TEST

START_TEST(sram_area_matches_the_documented_sanity_figures)
{
    double small = irhw_sram_area_um2(32, 24, 45);
    double big = irhw_sram_area_um2(256, 2560, 45);
    ck_assert_msg(small > 1.5e3 && small < 2.5e3, "32x24: %.1f", small);
    ck_assert_msg(big > 2.5e5 && big < 4.0e5, "256x2560: %.1f", big);
    /* array efficiency: bit cells are a small part of a tiny macro, most of a big one */
    ck_assert(32 * 24 * 0.346 / small < 0.25);
    ck_assert(256 * 2560 * 0.346 / big > 0.6);
    ck_assert(irhw_sram_area_um2(0, 8, 45) == 0.0);
}
END_TEST

/* ---- the default library ------------------------------------------------------ */

START_TEST(gpu_share_compares_at_one_node_and_is_na_without_a_result)
{
    /* the same area at 45 nm against the die scaled to 45 nm */
    double pct = irhw_gpu_share_pct(1e6, "45 nm-class (approximate)");
    ck_assert_double_eq_tol(pct, 100.0 / (IRHW_GTX980_MM2_32NM * (45.0 / 32) * (45.0 / 32)), 1e-9);
    /* scaled to 32 nm first, the share is the same */
    ck_assert_double_eq_tol(irhw_gpu_share_pct(1e6 * (32.0 / 45) * (32.0 / 45), "32 nm"), pct,
                            1e-9);
    ck_assert(isnan(irhw_gpu_share_pct(0, "45 nm")));
    ck_assert(isnan(irhw_gpu_share_pct(1e6, "unknown (SRAM model: 45 nm)")));
    char t[256];
    irhw_gpu_share_text(t, sizeof t, 0, "45 nm");
    ck_assert_str_eq(t, "n/a (no area result)");
    irhw_gpu_share_text(t, sizeof t, 1e6, "45 nm");
    ck_assert_ptr_nonnull(strstr(t, "% of a GTX 980"));
}
END_TEST

START_TEST(iru_partition_prices_table_1_around_the_hash)
{
    irhw_iru_partition p;
    char err[256];
    ck_assert_int_eq(irhw_iru_partition_price(0, 0, "45 nm", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no iru_hash area result"));
    ck_assert_int_eq(irhw_iru_partition_price(5e5, 4e5, "45 nm", &p, err, sizeof err), 0);
    ck_assert_double_eq_tol(p.paper_kb, 87.7, 1e-9);
    ck_assert_double_eq_tol(p.line[0].um2, 5e5, 1e-9);
    ck_assert_double_eq_tol(p.hash_logic_um2, 1e5, 1e-9);
    double sum = 0;
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++) {
        if (p.line[i].words) { /* every buffer holds at least its Table 1 size */
            ck_assert_double_ge((double)p.line[i].words * p.line[i].width,
                                p.line[i].paper_kb * 8192 - 1e-6);
            ck_assert_double_eq_tol(p.line[i].um2,
                                    irhw_sram_area_um2(p.line[i].words, p.line[i].width, 45), 1e-9);
        }
        sum += p.line[i].um2;
    }
    ck_assert_double_eq_tol(p.total_um2, sum, 1e-6);
    ck_assert_double_eq_tol(p.total_mm2_32nm, sum * (32.0 / 45) * (32.0 / 45) * 1e-6, 1e-12);
    ck_assert_double_eq_tol(p.pct_gpu_4, irhw_gpu_share_pct(4 * sum, "45 nm"), 1e-12);
    /* the bracket: 1rw is the main figure; more ports never cost less; the
     * hash's logic stays in every organisation */
    ck_assert_double_eq_tol(p.ports_total_mm2_32nm[0], p.total_mm2_32nm, 1e-12);
    ck_assert(p.ports_total_mm2_32nm[1] > p.ports_total_mm2_32nm[0]);
    ck_assert(p.ports_total_mm2_32nm[2] > p.ports_total_mm2_32nm[1]);
    ck_assert(p.line[0].ports_mm2_32nm[2] * 1e6 / p.scale > p.hash_logic_um2 + 4e5);
}
END_TEST

START_TEST(multi_port_sram_costs_more_per_port)
{
    static const unsigned sizes[][2] = {{16, 1024}, {128, 80}, {1024, 32}};
    for (unsigned i = 0; i < 3; i++) {
        double a1 = irhw_sram_area_ports_um2(sizes[i][0], sizes[i][1], 45, 1);
        double a2 = irhw_sram_area_ports_um2(sizes[i][0], sizes[i][1], 45, 2);
        double a4 = irhw_sram_area_ports_um2(sizes[i][0], sizes[i][1], 45, 4);
        ck_assert_double_eq_tol(a1, irhw_sram_area_um2(sizes[i][0], sizes[i][1], 45), 1e-9);
        ck_assert(a2 > 1.3 * a1 && a2 < 2.5 * a1);
        ck_assert(a4 > 2.5 * a1 && a4 < 5 * a1);
    }
}
END_TEST

START_TEST(shipped_library_splits_logic_flip_flop_storage_and_sram)
{
    fixture fx;
    fixture_make(&fx);
    irhw_area_req q = request(&fx, lib45(), 0);
    irhw_area_res r;
    run_ok(&q, &r, "default 45nm");
    ck_assert_str_eq(r.library, "irhw_45nm_approx");
    ck_assert(strstr(r.node, "45") != NULL);
    ck_assert(r.logic_um2 > 0);
    ck_assert(r.ff_storage_um2 > 0);
    ck_assert(r.ff_storage_um2 > r.logic_um2);
    ck_assert_double_eq_tol(r.sram_um2, irhw_sram_area_um2(16, 8, 45), 1e-9);
    ck_assert_double_eq_tol(r.total_um2, r.logic_um2 + r.ff_storage_um2 + r.sram_um2, 1e-9);
    ck_assert_uint_eq(r.flops, 4 + 2 * 32); /* counter + two 8x4 arrays */
    ck_assert(r.cells > r.flops);
    ck_assert_uint_eq(r.storage_bits, 2 * 8 * 4 + 16 * 8);
    ck_assert(!r.have_sta);
    ck_assert(access(r.netlist, R_OK) == 0);
    fixture_drop(&fx);
}
END_TEST

static int tool_ok(const char *cmd)
{
    char buf[1200];
    snprintf(buf, sizeof buf, "%s >/dev/null 2>&1", cmd);
    return system(buf) == 0;
}

START_TEST(gate_netlist_is_accepted_by_verilator_and_icarus)
{
    fixture fx;
    fixture_make(&fx);
    /* both flows: hierarchical (the default) and flat */
    for (int flat = 0; flat < 2; flat++) {
        irhw_area_req q = request(&fx, lib45(), 0);
        q.flat = flat;
        irhw_area_res r;
        run_ok(&q, &r, flat ? "netlist (flat)" : "netlist (hierarchical)");
        char cmd[1024];
        if (tool_ok("verilator --version")) {
            snprintf(cmd, sizeof cmd,
                     "verilator --lint-only -Wno-fatal --top-module %s %s -y %s/rtl", TOP,
                     r.netlist, irhw_root());
            ck_assert_msg(tool_ok(cmd), "verilator rejects %s", r.netlist);
        } else {
            printf("SKIP: verilator not installed\n");
        }
        if (tool_ok("iverilog -V")) {
            snprintf(cmd, sizeof cmd, "iverilog -g2005 -s %s -o %s/sim.vvp %s -y %s/rtl", TOP,
                     fx.dir, r.netlist, irhw_root());
            ck_assert_msg(tool_ok(cmd), "iverilog rejects %s", r.netlist);
        } else {
            printf("SKIP: iverilog not installed\n");
        }
        /* the SRAM stays a macro instance; the flat flow flattens the storage
         * leaves, the hierarchical one keeps them as modules */
        FILE *f = fopen(r.netlist, "r");
        ck_assert_ptr_nonnull(f);
        char line[512];
        int sram = 0, module_top = 0, regfile = 0;
        while (fgets(line, sizeof line, f)) {
            sram += strstr(line, "irhw_sram_1rw #(") != NULL;
            module_top += strncmp(line, "module " TOP "(", strlen("module " TOP "(")) == 0;
            regfile += strstr(line, "module ") && strstr(line, "irhw_regfile");
        }
        fclose(f);
        ck_assert_int_eq(sram, 1);
        ck_assert_int_eq(module_top, 1);
        if (flat)
            ck_assert_int_eq(regfile, 0);
        else
            ck_assert_int_gt(regfile, 0);
    }
    fixture_drop(&fx);
}
END_TEST

START_TEST(opensta_reports_a_critical_path_with_its_ends)
{
    fixture fx;
    fixture_make(&fx);
    irhw_area_req q = request(&fx, lib45(), 1);
    irhw_area_res r;
    run_ok(&q, &r, "default 45nm + STA");
    ck_assert(r.have_sta);
    ck_assert(r.crit_ns > 0 && r.crit_ns < 5);
    ck_assert(r.crit_from[0] != '\0');
    ck_assert(r.crit_to[0] != '\0');
    fixture_drop(&fx);
}
END_TEST

/* ---- errors ----------------------------------------------------------------------- */

START_TEST(a_missing_liberty_gives_an_error_message)
{
    fixture fx;
    fixture_make(&fx);
    irhw_area_req q = request(&fx, "/nonexistent/irhw/none.lib", 0);
    irhw_area_res r;
    char err[IRHW_ERRLEN] = "";
    ck_assert_int_eq(irhw_area_run(&q, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "none.lib") != NULL, "message: %s", err);
    fixture_drop(&fx);
}
END_TEST

START_TEST(a_file_that_is_not_a_liberty_gives_an_error_message)
{
    fixture fx;
    fixture_make(&fx);
    irhw_area_req q = request(&fx, fx.verilog, 0); /* Verilog, not liberty */
    irhw_area_res r;
    char err[IRHW_ERRLEN] = "";
    ck_assert_int_eq(irhw_area_run(&q, &r, err, sizeof err), IRHW_EINPUT);
    ck_assert_msg(strstr(err, "not a liberty") != NULL, "message: %s", err);
    fixture_drop(&fx);
}
END_TEST

START_TEST(a_verilog_error_reports_the_yosys_log_and_error_line)
{
    fixture fx;
    fixture_make(&fx);
    FILE *f = fopen(fx.verilog, "a");
    ck_assert_ptr_nonnull(f);
    fputs("module broken(input a); assign = ; endmodule\n", f);
    fclose(f);
    irhw_area_req q = request(&fx, lib45(), 0);
    q.flat = 1; /* the flat flow reads every module of the file */
    irhw_area_res r;
    char err[IRHW_ERRLEN] = "";
    ck_assert_int_eq(irhw_area_run(&q, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "yosys.log") && strstr(err, "ERROR"), "message: %s", err);
    /* the hierarchical flow reads the modules under the top: break the top */
    f = fopen(fx.verilog, "w");
    ck_assert_ptr_nonnull(f);
    const char *at = strstr(design_top, "    assign count");
    fprintf(f, "%.*s    assign = ;\n%s", (int)(at - design_top), design_top, at);
    fclose(f);
    q.flat = 0;
    ck_assert_int_eq(irhw_area_run(&q, &r, err, sizeof err), -1);
    /* the log named is kept in the work folder (the cache's folder is removed) */
    char kept[1400];
    snprintf(kept, sizeof kept, "%s/yosys_%s.log", fx.work, TOP);
    ck_assert_msg(strstr(err, kept) && strstr(err, "ERROR") && access(kept, R_OK) == 0,
                  "message: %s", err);
    fixture_drop(&fx);
}
END_TEST

START_TEST(an_sram_count_out_of_step_with_the_storage_list_is_an_error)
{
    fixture fx;
    fixture_make(&fx);
    fx.st.srams[0].count = 2;
    irhw_area_req q = request(&fx, lib45(), 0);
    irhw_area_res r;
    char err[IRHW_ERRLEN] = "";
    ck_assert_int_eq(irhw_area_run(&q, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "irhw_sram_1rw") != NULL, "message: %s", err);
    fixture_drop(&fx);
}
END_TEST

/* ---- reports ------------------------------------------------------------------------ */

static const irhw_param test_params[] = {
    {.name = "ENTRIES", .type = IRHW_PINT, .def = 32, .min = 2, .max = 4096, .meaning = "words"},
};
static const irhw_block test_block = {
    .name = "selftest", .title = "area self-test", .params = test_params, .nparams = 1};

static char *report(int json, const irhw_area_res *r)
{
    irhw_cfg c = {.v = {32}};
    irhw_note n = {.key = "paper_bits", .text = "paper: 12,288 b per core", .value = 12288};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    if (json)
        irhw_area_print_json(f, &test_block, &c, r, &n, 1);
    else
        irhw_area_print(f, &test_block, &c, r, &n, 1);
    fclose(f);
    return buf;
}

START_TEST(reports_state_areas_library_path_and_paper_notes)
{
    irhw_area_res r = {.library = "irhw_45nm_approx",
                       .node = "45 nm-class (approximate)",
                       .logic_um2 = 10.25,
                       .ff_storage_um2 = 20.5,
                       .sram_um2 = 0,
                       .total_um2 = 30.75,
                       .storage_bits = 64,
                       .cells = 9,
                       .flops = 4,
                       .have_sta = 1,
                       .crit_ns = 0.4115,
                       .crit_from = "count[1]",
                       .crit_to = "u_rf.mem[3][2]"};
    char *t = report(0, &r);
    ck_assert_msg(strstr(t, "ENTRIES=32") && strstr(t, "30.8 µm²") &&
                      strstr(t, "irhw_45nm_approx") && strstr(t, "count[1] -> u_rf.mem[3][2]") &&
                      strstr(t, "paper: 12,288 b per core"),
                  "text report:\n%s", t);
    free(t);
    char *j = report(1, &r);
    ck_assert_msg(strstr(j, "\"total_um2\": 30.8") && strstr(j, "\"ENTRIES\": 32") &&
                      strstr(j, "\"paper_bits\": 12288") && strstr(j, "\"crit_ns\": 0.4115") &&
                      strstr(j, "\"notes_text\"") && strstr(j, "\"have_sta\": true"),
                  "json report:\n%s", j);
    free(j);
}
END_TEST

/* ---- sky130 (only when ../shared/data is there) ---------------------------------------- */

START_TEST(sky130_liberty_is_gunzipped_filtered_and_costs_more_than_45_nm)
{
    char lib[1200];
    sky130_path(lib, sizeof lib);
    fixture fx;
    fixture_make(&fx);
    irhw_area_req q = request(&fx, lib, 1);
    irhw_area_res r;
    run_ok(&q, &r, "sky130hd + STA");
    ck_assert_str_eq(r.library, "sky130_fd_sc_hd__tt_025C_1v80");
    ck_assert(strstr(r.node, "130") != NULL);
    ck_assert_double_eq_tol(r.sram_um2, irhw_sram_area_um2(16, 8, 130), 1e-9);
    ck_assert_uint_eq(r.flops, 4 + 2 * 32);
    ck_assert(r.have_sta && r.crit_ns > 0);

    irhw_area_req q45 = request(&fx, lib45(), 0);
    irhw_area_res r45;
    run_ok(&q45, &r45, "default 45nm");
    ck_assert(r.logic_um2 > 2 * r45.logic_um2);
    ck_assert(r.ff_storage_um2 > 2 * r45.ff_storage_um2);

    /* no lpflow cell may reach the mapped design */
    char path[256];
    snprintf(path, sizeof path, "%s/sta_netlist.v", fx.work);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    while (fgets(line, sizeof line, f))
        ck_assert_msg(strstr(line, "lpflow") == NULL, "lpflow cell used: %s", line);
    fclose(f);
    fixture_drop(&fx);
}
END_TEST

static Suite *area_suite(void)
{
    Suite *s = suite_create("area");
    TCase *model = tcase_create("sram model");
    tcase_add_test(model, sram_area_never_shrinks_when_words_or_width_grow);
    tcase_add_test(model, sram_area_grows_when_words_or_width_double);
    tcase_add_test(model, sram_area_is_larger_at_130_nm_than_at_45_nm);
    tcase_add_test(model, sram_area_matches_the_documented_sanity_figures);
    tcase_add_test(model, gpu_share_compares_at_one_node_and_is_na_without_a_result);
    tcase_add_test(model, iru_partition_prices_table_1_around_the_hash);
    tcase_add_test(model, multi_port_sram_costs_more_per_port);
    suite_add_tcase(s, model);

    TCase *flow = tcase_create("synthesis");
    tcase_set_timeout(flow, 120);
    tcase_add_test(flow, shipped_library_splits_logic_flip_flop_storage_and_sram);
    tcase_add_test(flow, gate_netlist_is_accepted_by_verilator_and_icarus);
    tcase_add_test(flow, opensta_reports_a_critical_path_with_its_ends);
    tcase_add_test(flow, a_missing_liberty_gives_an_error_message);
    tcase_add_test(flow, a_file_that_is_not_a_liberty_gives_an_error_message);
    tcase_add_test(flow, a_verilog_error_reports_the_yosys_log_and_error_line);
    tcase_add_test(flow, an_sram_count_out_of_step_with_the_storage_list_is_an_error);
    tcase_add_test(flow, reports_state_areas_library_path_and_paper_notes);
    suite_add_tcase(s, flow);

    char lib[1200];
    sky130_path(lib, sizeof lib);
    if (access(lib, R_OK) == 0) {
        TCase *sky = tcase_create("sky130");
        tcase_set_timeout(sky, 300);
        tcase_add_test(sky, sky130_liberty_is_gunzipped_filtered_and_costs_more_than_45_nm);
        suite_add_tcase(s, sky);
    } else {
        printf("SKIP: ../shared/data not found (%s): the sky130 test did not run\n", lib);
    }
    return s;
}

int main(void)
{
    return irhw_check_run(area_suite());
}
