/*
 * area_int.h — what the parts of area/ share: the liberty summary, small
 * file and tool helpers, and the parsers (each testable on canned tool
 * output, tests/unit/test_area_parsers.c).
 *
 *   liberty.c     liberty filtering (unusable cells removed), flip-flop
 *                 cells, ABC's input buffer
 *   yosys_stat.c  Yosys `stat -liberty` text -> logic / flip-flop storage /
 *                 SRAM areas
 *   sta.c         OpenSTA run and its report -> critical path
 *   report.c      text and JSON reports
 *   hier.c        hierarchical synthesis, one cached run per generated module
 *   hier_timing.c a unit's interface model, timing and timing model (hier.h)
 *   tools.c       paths, tool runs, script templates, ABC options, progress
 *   area.c        the run: the pieces above in order (irhw_area_run)
 */
#ifndef IRHW_AREA_INT_H
#define IRHW_AREA_INT_H

#include "area.h"

#define PATHLEN 1024

/* ---- tools.c: helpers ---- */
int area_path_join(char *buf, size_t len, const char *dir, const char *name);
/* A tool run; a failure to run or a signal as a message (-1); else its exit status. */
int area_run_tool(char *const argv[], const char *out_path, char *err, size_t errlen);
/* Room for element n of the array *pp (capacity *cap): 0, or -1. */
int area_grow(void *pp, size_t n, size_t *cap, size_t elem);
/* memmem without _GNU_SOURCE. */
const char *area_mem_find(const char *hay, size_t n, const char *needle);
/* Last line of text containing needle (or the last non-empty line). */
void area_last_line_with(const char *text, const char *needle, char *buf, size_t len);
/* IRHW_ROOT/synth_scripts/<name> with @KEY@ replaced, written to dst. */
int area_write_script(const char *name, const char *dst, const char *const *keys,
                      const char *const *vals, size_t nkeys, char *err, size_t errlen);

/* ---- liberty.c ---- */
typedef struct {
    char **s;
    size_t n, cap;
} strlist;
int area_strlist_add(strlist *l, const char *s, size_t len);
int area_strlist_has(const strlist *l, const char *s);
void area_strlist_free(strlist *l);

typedef struct {
    char name[160]; /* library ("name") */
    strlist seq;    /* cells with an ff group */
    unsigned cells, skipped;
    unsigned with_area; /* kept cells with an area above 0 */
    char buf_cell[160]; /* smallest plain buffer (drives ABC's inputs), or "" */
    double buf_area;
} lib_info;

/* If line opens a group `kw ( "name" )`, `kw (name)` or `kw (a, b)`,
 * copies its (first) name: 1, else 0. */
int area_lib_group(const char *line, const char *kw, char *name, size_t len);
/* Change of brace depth on a line, ignoring braces inside strings. */
int area_lib_brace_delta(const char *line);
/* Copies the liberty src to dst without the cells no flow should use,
 * learning li on the way. 0; IRHW_EINPUT when src is not a usable liberty
 * (empty, binary, no library group, no usable cells, no cell areas); -1. */
int area_filter_liberty(const char *src, const char *dst, lib_info *li, char *err, size_t errlen);
/* workdir/cells.lib from the user's (maybe gzipped) liberty; returns as
 * area_filter_liberty. */
int area_prepare_liberty(const char *lib, const char *workdir, char *dst, size_t dstlen,
                         lib_info *li, char *err, size_t errlen);

/* ABC's script and options for a run whose scripts go to dir. */
int area_abc_options(const irhw_area_req *q, const char *dir, const lib_info *li, char *opts,
                     size_t len, char *err, size_t errlen);
/* Progress on stderr when q->progress: stage, item k of n, elapsed time. */
void area_progress(const irhw_area_req *q, const char *stage, unsigned k, unsigned n,
                   const char *what);
/* The elapsed time of the progress lines counts from here (a run's start). */
void area_progress_start(void);

/* ---- hier.c ---- */
/* Hierarchical synthesis of q's design: each generated module once, cached;
 * fills r (areas, parts, SRAMs priced) and writes netlist (generic gates,
 * for simulation) and mapped (liberty cells, for OpenSTA: each module once,
 * or flat with the SRAM macros cut out when the design has any). */
int area_hier_run(const irhw_area_req *q, const char *lib, const lib_info *li, unsigned node,
                  const char *netlist, const char *mapped, irhw_area_res *r, char *err,
                  size_t errlen);

/* ---- yosys_stat.c ---- */
int area_stat_unit(const char *text, const char *top, const irhw_storage *st, const lib_info *li,
                   unsigned node, const strlist *boxes, unsigned long *box_count,
                   unsigned long *srams, irhw_area_res *r, char *err, size_t errlen);
double area_sram_each(const irhw_storage *st, unsigned node);
int area_stat_total(const irhw_storage *st, unsigned long srams, unsigned node, irhw_area_res *r,
                    char *err, size_t errlen);
int area_stat_read(const char *text, const char *top, const irhw_storage *st, const lib_info *li,
                   unsigned node, irhw_area_res *r, char *err, size_t errlen);

/* ---- power.c ---- */
/* OpenSTA's output of the power script (its IRHW_* marker lines and
 * report_power's groups and instances) into r: the groups, pins_set and
 * the parts (a generate loop's instances as one, "(other parts)" past
 * IRHW_POWER_MAX_PARTS). */
int area_power_parse(const char *text, irhw_power_res *r, char *err, size_t errlen);

/* ---- power_netlist.c ---- */
/* The netlist OpenSTA and the gate-level simulation read, from the area
 * run's files in workdir, written to dst (its path in path). */
int area_power_netlist(const char *workdir, const char *dst, char *path, size_t len, char *err,
                       size_t errlen);
/* The plain flip-flop (irhw_gsim_plain_flop) that holds a net in
 * OpenSTA's netlist, and the counts over the file. */
typedef struct {
    char cell[160], clk[160], d[160], q[160];
    unsigned consts, holds;
    FILE *cells, *decls; /* the module's hold flip-flops and net declarations */
} power_holder;
/* OpenSTA's netlist dst: src with the top's inputs but clk and every
 * constant held by a flip-flop (h->cell) of its own, instances
 * irhw_hold_K, so that OpenSTA propagates no activity. */
int area_sta_netlist(const char *src, const char *dst, const char *top, power_holder *h, char *err,
                     size_t errlen);

/* ---- sta.c ---- */
int area_sta_parse(const char *text, const char *netlist, const char *top, const char *log,
                   irhw_area_res *r, char *err, size_t errlen);
/* Writes dir/sta.tcl (sta.tcl.in: `read` are the read_verilog and
 * read_liberty lines, `report` 1 for the report of the worst path, `extra`
 * Tcl after it), runs OpenSTA into dir/sta.log (its path in log) and
 * returns its output in *text (malloc'd). */
int area_sta_tool(const irhw_area_req *q, const char *dir, const char *lib, const char *read,
                  const char *top, unsigned node, int report, const char *extra, char **text,
                  char *log, size_t loglen, char *err, size_t errlen);
/* A pin as OpenSTA names it ("a/b/_12_/D", "u_x/port", "out[3]") as a path
 * end of the report: a private flip-flop by the net its Q pin drives
 * (walking the netlist down from module top), '/' as '.'. */
void area_sta_name_pin(const char *netlist, const char *top, const char *pin, char *buf,
                       size_t len);
int area_run_sta(const irhw_area_req *q, const char *lib, const char *mapped, unsigned node,
                 irhw_area_res *r, char *err, size_t errlen);

#endif
