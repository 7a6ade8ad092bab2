/*
 * The parsers of area/, on canned tool output kept in tests/data/area/
 * (captured from real runs of `irhw area wl_bank` with Yosys 0.23, ABC and
 * OpenSTA): no tool runs here. Liberty filtering (name, flip-flop cells,
 * ABC's buffer, unusable cells removed), Yosys `stat -liberty` text (logic,
 * flip-flop storage named by the block, SRAM macros priced by the model,
 * cell and flip-flop counts), and OpenSTA reports (critical path, start and
 * end named by nets), and a power report made up here (its parts). The
 * figures asserted are the ones those runs printed.
 */
#include "area_int.h"
#include "check_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *canned(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/area/%s", irhw_root(), name);
    char *t = irhw_read_file(path, NULL);
    ck_assert_msg(t != NULL, "cannot read %s", path);
    return t;
}

/* Filters a liberty into a temporary file; returns what was learnt. */
static void filter(const char *src, lib_info *li, char *out, size_t len)
{
    char err[512];
    snprintf(out, len, "/tmp/irhw_lib_test.%d.lib", (int)getpid());
    memset(li, 0, sizeof *li);
    ck_assert_msg(area_filter_liberty(src, out, li, err, sizeof err) == 0, "%s", err);
}

START_TEST(liberty_filter_learns_name_flops_and_buffer_and_drops_unusable_cells)
{
    char src[1024], out[256];
    snprintf(src, sizeof src, "%s/tests/data/area/tiny.lib", irhw_root());
    lib_info li;
    filter(src, &li, out, sizeof out);
    ck_assert_str_eq(li.name, "tiny_lib");
    ck_assert_uint_eq(li.cells, 5);
    ck_assert_uint_eq(li.skipped, 1);
    ck_assert_str_eq(li.buf_cell, "BUF_X1"); /* the smaller of the two buffers */
    ck_assert(area_strlist_has(&li.seq, "DFF_X1"));
    ck_assert(!area_strlist_has(&li.seq, "INV_X1"));
    char *t = irhw_read_file(out, NULL);
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_null(strstr(t, "cell (sky130_fd_sc_hd__lpflow"));
    ck_assert_ptr_nonnull(strstr(t, "cell (DFF_X1)"));
    free(t);
    remove(out);
    area_strlist_free(&li.seq);
}
END_TEST

START_TEST(the_shipped_45nm_library_parses)
{
    char src[1024], out[256];
    snprintf(src, sizeof src, "%s/area/default_45nm.lib", irhw_root());
    lib_info li;
    filter(src, &li, out, sizeof out);
    ck_assert_str_eq(li.name, "irhw_45nm_approx");
    ck_assert_uint_gt(li.seq.n, 0);
    ck_assert(li.buf_cell[0]);
    remove(out);
    area_strlist_free(&li.seq);
}
END_TEST

START_TEST(a_file_that_is_not_a_liberty_is_rejected_by_name)
{
    char src[1024], out[256], err[512];
    snprintf(src, sizeof src, "%s/tests/data/area/wl_bank_flops_sta.log", irhw_root());
    snprintf(out, sizeof out, "/tmp/irhw_lib_test.%d.lib", (int)getpid());
    lib_info li;
    memset(&li, 0, sizeof li);
    ck_assert_int_eq(area_filter_liberty(src, out, &li, err, sizeof err), IRHW_EINPUT);
    ck_assert_ptr_nonnull(strstr(err, "is not a liberty file"));
    remove(out);
    area_strlist_free(&li.seq);
}
END_TEST

/* Filters the text t as a liberty: the return code, the message in err. */
static int filter_text(const char *t, size_t n, char *err, size_t errlen)
{
    char src[256], out[256];
    snprintf(src, sizeof src, "/tmp/irhw_lib_src.%d.lib", (int)getpid());
    snprintf(out, sizeof out, "/tmp/irhw_lib_test.%d.lib", (int)getpid());
    FILE *f = fopen(src, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite(t, 1, n, f);
    fclose(f);
    lib_info li;
    memset(&li, 0, sizeof li);
    int rc = area_filter_liberty(src, out, &li, err, errlen);
    ck_assert_msg(access(out, F_OK) != 0 || rc == 0, "a refused liberty left %s", out);
    remove(src);
    remove(out);
    area_strlist_free(&li.seq);
    return rc;
}

START_TEST(an_empty_binary_or_arealess_liberty_is_the_users_input_error)
{
    char err[512];
    ck_assert_int_eq(filter_text("", 0, err, sizeof err), IRHW_EINPUT);
    ck_assert_ptr_nonnull(strstr(err, "it is empty"));
    ck_assert_int_eq(filter_text("library (x) {\n\0\1\2", 17, err, sizeof err), IRHW_EINPUT);
    ck_assert_ptr_nonnull(strstr(err, "a NUL byte"));
    const char *noarea = "library (x) {\n cell (INV) {\n  pin (A) { direction : input; }\n"
                         "  pin (Y) { direction : output; function : \"!A\"; }\n }\n}\n";
    ck_assert_int_eq(filter_text(noarea, strlen(noarea), err, sizeof err), IRHW_EINPUT);
    ck_assert_ptr_nonnull(strstr(err, "gives no cell areas"));
    const char *ok = "library (x) {\n cell (INV) {\n  area : 1.5;\n  pin (A) { direction : "
                     "input; }\n  pin (Y) { direction : output; function : \"!A\"; }\n }\n}\n";
    ck_assert_int_eq(filter_text(ok, strlen(ok), err, sizeof err), 0);
}
END_TEST

/* The default library's flip-flop names, for the flip-flop count. */
static void lib45(lib_info *li)
{
    char src[1024], out[256];
    snprintf(src, sizeof src, "%s/area/default_45nm.lib", irhw_root());
    filter(src, li, out, sizeof out);
    remove(out);
}

/* A storage list naming one flip-flop storage module (or none). */
static irhw_storage storage_named(const char *module)
{
    irhw_storage st;
    memset(&st, 0, sizeof st);
    if (module) {
        st.modules[0] = module;
        st.nmodules = 1;
    }
    return st;
}

START_TEST(yosys_stat_splits_logic_from_the_storage_the_block_names)
{
    char *t = canned("wl_bank_flops_stat.txt");
    lib_info li;
    lib45(&li);
    irhw_storage st = storage_named("irhw_regfile_1rw");
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(
        area_stat_read(t, "wl_bank_e32_w24_t5_flops", &st, &li, 45, &r, err, sizeof err) == 0, "%s",
        err);
    ck_assert_double_eq_tol(r.logic_um2, 523.5, 0.05); /* the run printed these */
    ck_assert_double_eq_tol(r.ff_storage_um2, 6218.5, 0.05);
    ck_assert_double_eq_tol(r.total_um2, 6742.0, 0.05);
    ck_assert_uint_eq(r.cells, 3142);
    ck_assert_uint_eq(r.flops, 802);
    /* per part: the regfile the top instantiates once, and the top's own cells */
    ck_assert_uint_eq(r.nparts, 1);
    ck_assert_str_eq(r.parts[0].module, "irhw_regfile_1rw");
    ck_assert_uint_eq(r.parts[0].count, 1);
    ck_assert_double_eq_tol(r.parts[0].um2, 6218.5, 0.05);
    ck_assert_double_eq_tol(r.own_um2, 523.5, 0.05);
    /* a block that names no storage module: the same cells are all logic */
    st.nmodules = 0;
    memset(&r, 0, sizeof r);
    ck_assert_int_eq(
        area_stat_read(t, "wl_bank_e32_w24_t5_flops", &st, &li, 45, &r, err, sizeof err), 0);
    ck_assert_double_eq_tol(r.ff_storage_um2, 0, 1e-9);
    ck_assert_double_eq_tol(r.logic_um2, 6742.0, 0.05);
    free(t);
    area_strlist_free(&li.seq);
}
END_TEST

START_TEST(yosys_stat_prices_the_sram_macros_the_block_lists)
{
    char *t = canned("wl_bank_sram_stat.txt");
    lib_info li;
    lib45(&li);
    irhw_storage st = storage_named(NULL);
    irhw_storage_sram(&st, 64, 24, 1);
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(area_stat_read(t, "wl_bank_e64_w24_t5_sram", &st, &li, 45, &r, err, sizeof err) ==
                      0,
                  "%s", err);
    ck_assert_double_eq_tol(r.logic_um2, 591.1, 0.05);
    ck_assert_double_eq_tol(r.sram_um2, irhw_sram_area_um2(64, 24, 45), 1e-9);
    ck_assert_double_eq_tol(r.total_um2, 2890.4, 0.05);
    ck_assert_uint_eq(r.cells, 408);
    ck_assert_uint_eq(r.flops, 42);
    /* a storage list out of step with the RTL is an error, not a guess */
    st.srams[0].count = 2;
    ck_assert_int_eq(
        area_stat_read(t, "wl_bank_e64_w24_t5_sram", &st, &li, 45, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "instantiates 1 irhw_sram_1rw"));
    free(t);
    area_strlist_free(&li.seq);
}
END_TEST

START_TEST(yosys_stat_of_a_sky130_run_and_a_missing_top)
{
    char *t = canned("wl_bank_sky130_stat.txt");
    lib_info li;
    memset(&li, 0, sizeof li); /* flip-flop names unknown: the count is 0 */
    irhw_storage st = storage_named("irhw_regfile_1rw");
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(
        area_stat_read(t, "wl_bank_e32_w24_t5_flops", &st, &li, 130, &r, err, sizeof err) == 0,
        "%s", err);
    ck_assert_double_eq_tol(r.logic_um2, 2593.7, 0.05);
    ck_assert_double_eq_tol(r.ff_storage_um2, 30165.2, 0.05);
    ck_assert_uint_eq(r.cells, 2471);
    ck_assert_int_eq(area_stat_read(t, "no_such_top", &st, &li, 130, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no_such_top"));
    free(t);
}
END_TEST

START_TEST(sta_report_gives_the_path_to_an_output_port)
{
    char *t = canned("wl_bank_flops_sta.log");
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(area_sta_parse(t, NULL, NULL, "sta.log", &r, err, sizeof err) == 0, "%s", err);
    ck_assert(r.have_sta);
    ck_assert_double_eq_tol(r.crit_ns, 1.3439, 1e-9);
    ck_assert_str_eq(r.crit_from, "mode_q"); /* the flip-flop named by its first net */
    ck_assert_str_eq(r.crit_to, "pull_id[0]");
    free(t);
}
END_TEST

START_TEST(sta_report_names_a_flip_flop_end_by_the_net_it_drives)
{
    char *t = canned("wl_bank_sram_sta.log");
    char *nl = canned("wl_bank_sram_sta_netlist_excerpt.v");
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(area_sta_parse(t, nl, NULL, "sta.log", &r, err, sizeof err) == 0, "%s", err);
    ck_assert_double_eq_tol(r.crit_ns, 1.0602, 1e-9);
    ck_assert_str_eq(r.crit_from, "mode_q");
    ck_assert_str_eq(r.crit_to, "cnt1_q[6]"); /* _696_ drives cnt1_q[6] */
    /* without the netlist the end keeps the instance name */
    memset(&r, 0, sizeof r);
    ck_assert_int_eq(area_sta_parse(t, NULL, NULL, "sta.log", &r, err, sizeof err), 0);
    ck_assert_str_eq(r.crit_to, "_696_");
    free(t);
    free(nl);
}
END_TEST

START_TEST(sta_report_on_a_hierarchical_netlist_names_as_a_flat_one)
{
    const char *t = "Startpoint: g_bank[0].u_bank/_378_\n"
                    "            (rising edge-triggered flip-flop clocked by clk)\n"
                    "Endpoint: g_core[1].u_core/u_rf/_12_\n"
                    "          (rising edge-triggered flip-flop clocked by clk)\n"
                    "   2.0140   data arrival time\n";
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(area_sta_parse(t, NULL, NULL, "sta.log", &r, err, sizeof err) == 0, "%s", err);
    ck_assert_double_eq_tol(r.crit_ns, 2.014, 1e-9);
    ck_assert_str_eq(r.crit_from, "g_bank[0].u_bank._378_");
    ck_assert_str_eq(r.crit_to, "g_core[1].u_core.u_rf._12_");
}
END_TEST

/* The same report with the netlist: each flip-flop named by the net its Q
 * pin drives, the instance path walked down from the top (escaped names,
 * an escaped module type) */
START_TEST(sta_report_names_flip_flops_in_submodules_by_their_q_nets)
{
    const char *t = "Startpoint: g_bank[0].u_bank/_378_\n"
                    "            (rising edge-triggered flip-flop clocked by clk)\n"
                    "Endpoint: g_core[1].u_core/u_rf/_12_\n"
                    "          (rising edge-triggered flip-flop clocked by clk)\n"
                    "   2.0140   data arrival time\n";
    const char *nl = "module top(clk);\n"
                     "  input clk;\n"
                     "  bank \\g_bank[0].u_bank  (\n    .clk(clk)\n  );\n"
                     "  core \\g_core[1].u_core  (\n    .clk(clk)\n  );\n"
                     "endmodule\n"
                     "module bank(clk);\n"
                     "  DFF_X1 _378_ (\n    .CK(clk),\n    .D(a),\n    .Q(mode_q)\n  );\n"
                     "endmodule\n"
                     "module core(clk);\n"
                     "  \\$paramod$ab\\irhw_regfile_1rw  u_rf (\n    .clk(clk)\n  );\n"
                     "endmodule\n"
                     "module \\$paramod$ab\\irhw_regfile_1rw (clk);\n"
                     "  DFF_X1 _12_ (\n    .CK(clk),\n    .D(b),\n    .Q(\\mem[2] [0])\n  );\n"
                     "endmodule\n";
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_msg(area_sta_parse(t, nl, "top", "sta.log", &r, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(r.crit_from, "g_bank[0].u_bank.mode_q");
    ck_assert_str_eq(r.crit_to, "g_core[1].u_core.u_rf.mem[2][0]");
    /* an instance the netlist lacks: the cell name kept */
    memset(&r, 0, sizeof r);
    ck_assert_int_eq(area_sta_parse(t, nl, "bank", "sta.log", &r, err, sizeof err), 0);
    ck_assert_str_eq(r.crit_to, "g_core[1].u_core.u_rf._12_");
}
END_TEST

START_TEST(sta_report_without_a_path_is_an_error_naming_the_log)
{
    irhw_area_res r;
    memset(&r, 0, sizeof r);
    char err[512];
    ck_assert_int_eq(area_sta_parse("Error: cannot read liberty\n", NULL, NULL, "w/sta.log", &r,
                                    err, sizeof err),
                     -1);
    ck_assert_ptr_nonnull(strstr(err, "w/sta.log"));
    ck_assert_ptr_nonnull(strstr(err, "cannot read liberty"));
    ck_assert_int_eq(
        area_sta_parse("No paths found.\n", NULL, NULL, "sta.log", &r, err, sizeof err), 0);
    ck_assert_str_eq(r.crit_from, "(no timed path)");
}
END_TEST

/* The SRAM energy model reproduces the published figures it is built on
 * (Horowitz, ISSCC 2014, 45 nm: 64 bits from 8 KB 10 pJ, from 32 KB
 * 20 pJ, from 1 MB about 100 pJ) and scales to sky130 as C V^2. */
START_TEST(sram_energy_per_access_matches_its_published_figures)
{
    ck_assert_double_eq_tol(irhw_sram_energy_pj(1024, 64, 45, 0), 10.0, 1e-9);
    ck_assert_double_eq_tol(irhw_sram_energy_pj(4096, 64, 45, 0), 20.0, 1e-9);
    double mb = irhw_sram_energy_pj(131072, 64, 45, 0);
    ck_assert(mb > 90 && mb < 120);
    ck_assert_double_eq_tol(irhw_sram_energy_pj(32, 24, 45, 1), 1.2, 1e-9); /* the floor */
    ck_assert_double_eq_tol(irhw_sram_energy_pj(1024, 64, 130, 0), 10.0 * 130 / 45 * 4, 1e-9);
    ck_assert(irhw_sram_energy_pj(0, 64, 45, 0) == 0.0);
}
END_TEST

/* A liberty has power data only with power groups or attributes, not the
 * unit and default attributes the shipped 45 nm library carries. */
START_TEST(power_data_is_told_from_power_units)
{
    char src[1024], err[256];
    snprintf(src, sizeof src, "%s/area/default_45nm.lib", irhw_root());
    ck_assert_int_eq(irhw_liberty_has_power(src, err, sizeof err), 0);
    char tmp[] = "/tmp/irhw-pwr-XXXXXX";
    int fd = mkstemp(tmp);
    ck_assert_int_ge(fd, 0);
    const char *lib = "library (x) { leakage_power_unit : \"1nW\"; cell (A) {\n"
                      "  pin (Y) { internal_power () { related_pin : \"A\"; } } } }\n";
    ck_assert(write(fd, lib, strlen(lib)) == (ssize_t)strlen(lib));
    close(fd);
    ck_assert_int_eq(irhw_liberty_has_power(tmp, err, sizeof err), 1);
    remove(tmp);
    ck_assert_int_eq(irhw_liberty_has_power("/nonexistent.lib", err, sizeof err), -1);
    ck_assert(strstr(err, "/nonexistent.lib"));
}
END_TEST

/* OpenSTA's power report read into parts: a generate loop's instances
 * summed as one part with its count and least and most, a name without
 * "/" the top's own logic, and past the last slot one "(other parts)"
 * (it takes the last slot's part too): every instance's power in some
 * part. */
START_TEST(power_report_sums_a_generate_loop_and_drops_no_part)
{
    char text[16384], err[256];
    int n = snprintf(text, sizeof text,
                     "IRHW_PINS_SET 12\nIRHW_MEASURED\n"
                     "Sequential 1.0e-03 1.0e-04 1.0e-09 1.1e-03 50.0%%\n"
                     "Combinational 1.0e-03 1.0e-04 1.0e-09 1.1e-03 50.0%%\n"
                     "Total 2.0e-03 2.0e-04 2.0e-09 2.2e-03 100.0%%\n"
                     "IRHW_INSTANCES\n"
                     "2e-4 0 0 2e-4 g_bank[0].u_bank/_2_\n"
                     "3e-4 0 0 3e-4 g_bank[1].u_bank/_3_\n"
                     "1e-4 0 0 1e-4 g_bank[1].u_bank/_4_\n"
                     "0 0 0 0 g_bank[2].u_bank\n" /* a hierarchical instance: skipped */
                     "5e-5 0 0 5e-5 _5_\n");
    for (int i = 0; i < 70; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "1e-4 0 0 1e-4 u_p%d/_1_\n", i);
    ck_assert((size_t)n < sizeof text);
    irhw_power_res r;
    memset(&r, 0, sizeof r);
    ck_assert_msg(area_power_parse(text, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(r.pins_set, 12);
    ck_assert_double_eq_tol(r.internal_w, 2e-3, 1e-12);
    ck_assert_uint_eq(r.nparts, IRHW_POWER_MAX_PARTS);
    ck_assert_str_eq(r.parts[0].name, "g_bank[*].u_bank");
    ck_assert_uint_eq(r.parts[0].count, 2);
    ck_assert_double_eq_tol(r.parts[0].w, 6e-4, 1e-12);
    ck_assert_double_eq_tol(r.parts[0].min_w, 2e-4, 1e-12);
    ck_assert_double_eq_tol(r.parts[0].max_w, 4e-4, 1e-12);
    ck_assert_str_eq(r.parts[1].name, "(own logic)");
    ck_assert_str_eq(r.parts[2].name, "u_p0");
    ck_assert_str_eq(r.parts[IRHW_POWER_MAX_PARTS - 1].name, "(other parts)");
    /* u_p61 (the last slot's) and u_p62..u_p69 */
    ck_assert_uint_eq(r.parts[IRHW_POWER_MAX_PARTS - 1].count, 9);
    double sum = 0;
    for (unsigned i = 0; i < r.nparts; i++)
        sum += r.parts[i].w;
    ck_assert_double_eq_tol(sum, 6e-4 + 5e-5 + 70 * 1e-4, 1e-12);
    ck_assert_int_eq(area_power_parse("Total 1 2 3 4 100%\n", &r, err, sizeof err), -1);
    ck_assert(strstr(err, "IRHW_MEASURED"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("area_parsers");
    TCase *t = tcase_create("canned");
    tcase_add_test(t, liberty_filter_learns_name_flops_and_buffer_and_drops_unusable_cells);
    tcase_add_test(t, the_shipped_45nm_library_parses);
    tcase_add_test(t, a_file_that_is_not_a_liberty_is_rejected_by_name);
    tcase_add_test(t, an_empty_binary_or_arealess_liberty_is_the_users_input_error);
    tcase_add_test(t, yosys_stat_splits_logic_from_the_storage_the_block_names);
    tcase_add_test(t, yosys_stat_prices_the_sram_macros_the_block_lists);
    tcase_add_test(t, yosys_stat_of_a_sky130_run_and_a_missing_top);
    tcase_add_test(t, sta_report_gives_the_path_to_an_output_port);
    tcase_add_test(t, sta_report_names_a_flip_flop_end_by_the_net_it_drives);
    tcase_add_test(t, sta_report_on_a_hierarchical_netlist_names_as_a_flat_one);
    tcase_add_test(t, sta_report_names_flip_flops_in_submodules_by_their_q_nets);
    tcase_add_test(t, sta_report_without_a_path_is_an_error_naming_the_log);
    tcase_add_test(t, sram_energy_per_access_matches_its_published_figures);
    tcase_add_test(t, power_data_is_told_from_power_units);
    tcase_add_test(t, power_report_sums_a_generate_loop_and_drops_no_part);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
