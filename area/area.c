/*
 * area.c — area and critical path of generated RTL, and the area reports.
 *
 * The run (the parsers, the reports and the tool helpers of tools.c live
 * apart, see area_int.h).
 *
 * irhw_area_run drives external tools through scripts written into the
 * request's work folder from templates in IRHW_ROOT/synth_scripts/:
 *
 *  1. The liberty is copied into the work folder as cells.lib: gunzipped
 *     (`gzip -dc`) when it is gzip data (Yosys 0.23 cannot read .lib.gz),
 *     and without the cells no synthesis flow should pick (sky130
 *     lpflow_*, probe, tap, decap, fill, diode, conb). Removing them works
 *     for every tool, whether or not it honours dont_use. The same pass
 *     reads the library name, the names of the flip-flop cells and the
 *     smallest plain buffer (ABC's input driver).
 *  2. Yosys (synth.ys.in) reads the design (leaf cells it does not include
 *     come from IRHW_ROOT/rtl/<module>.v), synthesizes with hierarchy kept,
 *     writes a flat generic-gate netlist for simulation (netlist.v), maps
 *     onto the liberty (ABC buffers high-fanout nets, see abc_options),
 *     writes `stat -liberty` to stat.txt, and writes a flat mapped netlist
 *     for OpenSTA (sta_netlist.v). irhw_sram_1rw is a black box.
 *  3. stat.txt is parsed per module (Yosys 0.23's `stat -json` has no
 *     area) by yosys_stat.c: modules the block's storage() names are
 *     flip-flop storage, other modules logic, irhw_sram_1rw instances
 *     priced by the SRAM model.
 *  4. With want_sta, OpenSTA (sta.tcl.in) times the mapped netlist; the
 *     SRAM macros are cut out by Yosys and modelled as port delays (see
 *     sram_timing below). The worst path's arrival time, start and end are
 *     parsed from the report; a flip-flop end is named by its Q net.
 *
 * The SRAM model's node is 130 nm for a liberty whose name or path
 * contains "sky130", 45 nm for the default library and otherwise 45 nm
 * with a note in r->node. Tools run through fork/exec (no shell), with
 * output to log files in the work folder. Paths containing white space
 * or quotes are refused, since they would break the Yosys script.
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int safe_path(const char *what, const char *p, char *err, size_t errlen)
{
    if (strpbrk(p, " \t\n\"'\\;"))
        return irhw_err(err, errlen,
                        "%s path \"%s\" contains white space, a quote, ';' or "
                        "'\\': not supported in the Yosys script",
                        what, p);
    return 0;
}

/* ---- the run ------------------------------------------------------------------ */

void irhw_default_liberty(char *path, size_t len)
{
    snprintf(path, len, "%s/../shared/data/liberty/" IRHW_SKY130_LIB, irhw_root());
    if (access(path, R_OK) != 0)
        snprintf(path, len, "%s/area/default_45nm.lib", irhw_root());
}

static void set_node(const char *lib_path, const lib_info *li, int is_default, irhw_area_res *r,
                     unsigned *node)
{
    if (strstr(li->name, "sky130") || strstr(lib_path, "sky130")) {
        *node = 130;
        snprintf(r->node, sizeof r->node, "%s",
                 strstr(li->name, "sky130_fd_sc_hd") ? "130 nm (sky130hd)" : "130 nm (sky130)");
    } else if (is_default || !strcmp(li->name, "irhw_45nm_approx")) { /* the shipped one */
        *node = 45;
        snprintf(r->node, sizeof r->node, "45 nm-class (approximate)");
    } else {
        *node = 45;
        snprintf(r->node, sizeof r->node, "unknown (SRAM model: 45 nm)");
    }
}

static int yosys_failed(const char *log, const char *out, int rc, char *err, size_t errlen)
{
    char line[300] = "";
    char *text = irhw_read_file(log, NULL);
    area_last_line_with(text, "ERROR", line, sizeof line);
    free(text);
    if (!line[0]) {
        text = irhw_read_file(out, NULL);
        area_last_line_with(text, NULL, line, sizeof line);
        free(text);
    }
    return irhw_err(err, errlen, "yosys failed (exit %d), log %s: %s", rc, log,
                    line[0] ? line : "(no error line)");
}

static int read_areas(const irhw_area_req *q, const char *stat_path, const lib_info *li,
                      unsigned node, irhw_area_res *r, char *err, size_t errlen)
{
    char *text = irhw_read_file(stat_path, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", stat_path, strerror(errno));
    int rc = area_stat_read(text, q->top, q->storage, li, node, r, err, errlen);
    free(text);
    return rc;
}

/* ---- public --------------------------------------------------------------------- */

static int check_request(const irhw_area_req *q, irhw_area_res *r, char *err, size_t errlen)
{
    if (!q || !r || !q->top || !q->verilog || !q->workdir)
        return irhw_err(err, errlen, "area request needs top, verilog and workdir");
    if (access(q->verilog, R_OK) != 0)
        return irhw_err(err, errlen, "cannot read %s: %s", q->verilog, strerror(errno));
    if (mkdir(q->workdir, 0755) != 0 && errno != EEXIST)
        return irhw_err(err, errlen, "cannot create work folder %s: %s", q->workdir,
                        strerror(errno));
    if (safe_path("verilog", q->verilog, err, errlen) ||
        safe_path("work folder", q->workdir, err, errlen) ||
        safe_path("IRHW_ROOT", irhw_root(), err, errlen))
        return -1;
    if (strpbrk(q->top, " \t\n\"'\\;/$") || !q->top[0])
        return irhw_err(err, errlen, "bad top module name \"%s\"", q->top);
    if (!irhw_find_in_path("yosys"))
        return irhw_err(err, errlen, "yosys not found: install the Debian package yosys");
    return 0;
}

typedef struct {
    char lib[PATHLEN], script[PATHLEN], log[PATHLEN], out[PATHLEN], stat[PATHLEN], netlist[PATHLEN],
        mapped[PATHLEN], sram_v[PATHLEN], rtl[PATHLEN];
} run_paths;

static int make_paths(const irhw_area_req *q, run_paths *p, char *err, size_t errlen)
{
    const char *w = q->workdir;
    if (strlen(w) > 400)
        return irhw_err(err, errlen, "work folder path too long (over 400 characters)");
    int bad = area_path_join(p->script, PATHLEN, w, "synth.ys") |
              area_path_join(p->log, PATHLEN, w, "yosys.log") |
              area_path_join(p->out, PATHLEN, w, "yosys.out") |
              area_path_join(p->stat, PATHLEN, w, "stat.txt") |
              area_path_join(p->netlist, PATHLEN, w, "netlist.v") |
              area_path_join(p->mapped, PATHLEN, w, "sta_netlist.v");
    bad |= snprintf(p->sram_v, PATHLEN, "%s/rtl/irhw_sram_1rw.v", irhw_root()) >= PATHLEN;
    bad |= snprintf(p->rtl, PATHLEN, "%s/rtl", irhw_root()) >= PATHLEN;
    return bad ? irhw_err(err, errlen, "work folder path too long") : 0;
}

static int run_yosys(const irhw_area_req *q, const run_paths *p, const lib_info *li, char *err,
                     size_t errlen)
{
    char abc[2 * PATHLEN + 32];
    if (area_abc_options(q, q->workdir, li, abc, sizeof abc, err, errlen))
        return -1;
    /* Yosys writes its three outputs under temporary names; each is renamed
     * in once Yosys succeeded and the file ends as a whole one does (a full
     * disk can cut a file short without Yosys failing) */
    char netlist[PATHLEN + 32], stat[PATHLEN + 32], mapped[PATHLEN + 32];
    irhw_tmp_name(p->netlist, netlist, sizeof netlist);
    irhw_tmp_name(p->stat, stat, sizeof stat);
    irhw_tmp_name(p->mapped, mapped, sizeof mapped);
    const char *keys[] = {"SRAM_V",   "RTL",     "VERILOG", "TOP",   "LIB",
                          "ABC_OPTS", "NETLIST", "STAT",    "MAPPED"};
    const char *vals[] = {p->sram_v, p->rtl,  q->verilog, q->top, p->lib,
                          abc,       netlist, stat,       mapped};
    if (area_write_script("synth.ys.in", p->script, keys, vals, 9, err, errlen))
        return -1;
    remove(p->stat);
    char *argv[] = {"yosys", "-q", "-l", (char *)p->log, (char *)p->script, NULL};
    int on_signal[3] = {irhw_signal_file(netlist, IRHW_ON_SIGNAL_REMOVE),
                        irhw_signal_file(stat, IRHW_ON_SIGNAL_REMOVE),
                        irhw_signal_file(mapped, IRHW_ON_SIGNAL_REMOVE)};
    int rc = area_run_tool(argv, p->out, err, errlen);
    if (rc == 0 && (irhw_adopt(netlist, p->netlist, "endmodule", "yosys", err, errlen) ||
                    irhw_adopt(stat, p->stat, "Chip area", "yosys", err, errlen) ||
                    irhw_adopt(mapped, p->mapped, "endmodule", "yosys", err, errlen)))
        rc = -1;
    if (rc) {
        unlink(netlist);
        unlink(stat);
        unlink(mapped);
    }
    for (int i = 0; i < 3; i++)
        irhw_signal_forget(on_signal[i]);
    if (rc < 0)
        return -1;
    if (rc != 0)
        return yosys_failed(p->log, p->out, rc, err, errlen);
    return 0;
}

int irhw_area_run(const irhw_area_req *q, irhw_area_res *r, char *err, size_t errlen)
{
    if (r)
        memset(r, 0, sizeof *r);
    area_progress_start();
    if (check_request(q, r, err, errlen))
        return -1;
    r->storage_bits = q->storage ? q->storage->storage_bits : 0;

    run_paths p;
    if (make_paths(q, &p, err, errlen))
        return -1;
    char deflib[PATHLEN];
    irhw_default_liberty(deflib, sizeof deflib);
    const char *lib = q->liberty ? q->liberty : deflib;

    lib_info li;
    memset(&li, 0, sizeof li);
    int rc = area_prepare_liberty(lib, q->workdir, p.lib, sizeof p.lib, &li, err, errlen);
    unsigned node = 45;
    if (rc == 0 && li.seq.n == 0)
        rc = irhw_err_input(err, errlen,
                            "liberty %s has no flip-flop cell (no cell with an ff group): the "
                            "design's registers cannot be mapped; give a liberty with D "
                            "flip-flops",
                            lib);
    if (rc == 0) {
        snprintf(r->library, sizeof r->library, "%s", li.name);
        set_node(lib, &li, q->liberty == NULL, r, &node);
        if (q->flat) {
            area_progress(q, "synthesis (flat)", 1, 1, q->top);
            rc = run_yosys(q, &p, &li, err, errlen);
            if (rc == 0)
                rc = read_areas(q, p.stat, &li, node, r, err, errlen);
        } else {
            rc = area_hier_run(q, p.lib, &li, node, p.netlist, p.mapped, r, err, errlen);
        }
    }
    if (rc == 0 && q->sram_table && r->sram_um2 > 0) {
        double sram;
        rc = irhw_sram_table_price(q->sram_table, q->storage, node, &sram, r->sram_source,
                                   sizeof r->sram_source, err, errlen);
        if (rc == 0) {
            r->total_um2 += sram - r->sram_um2;
            r->sram_um2 = sram;
        }
    }
    area_strlist_free(&li.seq);
    if (rc)
        return rc == IRHW_EINPUT ? IRHW_EINPUT : -1;
    snprintf(r->netlist, sizeof r->netlist, "%.500s", p.netlist);
    if (!q->want_sta || r->have_sta) {
        if (r->have_sta)
            area_progress(q, "done", 1, 1, q->top);
        return 0;
    }
    area_progress(q, "timing (OpenSTA)", 1, 1, q->top);
    rc = area_run_sta(q, p.lib, p.mapped, node, r, err, errlen);
    area_progress(q, "done", 1, 1, q->top);
    return rc;
}
