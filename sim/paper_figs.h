/*
 * paper_figs.h — the parts of `irhw paper-figs` (sim/verb_paper_figs.c, the
 * verb): the runs the figures need and their cache (sim/paper_figs_run.c),
 * the tables and plots every figure writes (sim/paper_figs_out.c), the hwwl
 * paper's figures (sim/paper_figs_hwwl.c, at paper scale
 * sim/paper_figs_large.c) and the IRU paper's (sim/paper_figs_iru.c).
 *
 * Every number comes from one model-only `irhw workload ...` run. The runs
 * are data: each is an argument vector and, when it uses an option or a
 * worklist this irhw may not have yet, the thing it needs. A figure finds
 * its runs by the same calls that listed them, so the same run asked by two
 * figures runs once.
 */
#ifndef IRHW_PAPER_FIGS_H
#define IRHW_PAPER_FIGS_H

#include "cli_workload.h"
#include "sweep.h"

#include <math.h>
#include <stddef.h>

#define PF_MAX_GRAPHS 16
#define PF_MAX_LARGE 2
#define PF_MAX_RUNS 1024
#define NA HUGE_VAL /* a number not measured */

/* What a run needs that this irhw may lack: while it exits 2 its cells read
 * "n/a — needs <it>". */
#define NEEDS_INF "-p ENTRIES=inf"
#define NEEDS_BUFFER "--buffer single/double and --active-out FILE"
#define NEEDS_AREA "irhw area iru_hash's partition section"
#define NEEDS_IDEAL_DOUBLE "the double-buffered ideal worklists"
#define NEEDS_IDEAL_SINGLE "the single-buffered ideal worklists"

/* The ideal worklists by buffering: the paper's Fig. 5 ideal is one
 * infinite worklist run double-buffered, as HWWL is (§IV-A); the
 * single-buffered one is the variant §V-C revisits (sim/gpu_core.h). */
#define IDEAL_DOUBLE                                                                               \
    {                                                                                              \
        "ideal-fifo", "ideal-sort"                                                                 \
    }
#define IDEAL_SINGLE                                                                               \
    {                                                                                              \
        "ideal-fifo-single", "ideal-sort-single"                                                   \
    }

enum { RUN_PASS, RUN_MISMATCH, RUN_NA, RUN_ERROR, RUN_SPILLED };

typedef struct {
    char args[1024]; /* the irhw arguments, tab-separated */
    const char *needs;
    /* after the run */
    int state; /* RUN_* (RUN_NA: exit 2; RUN_SPILLED: ENTRIES=inf spilled) */
    char reason[512], key[20];
    double cycles, wait, insts; /* insts: dynamic warp instructions, every class */
    char *log;                  /* run.log */
} fig_run;

/* One generated graph of --large: the run that writes OUT/runs/<key>/<name>.txt. */
typedef struct {
    const char *name; /* "rmat", "grid" */
    int run;          /* its `irhw graph` run */
    char label[128];  /* its name in the tables: "rmat-s20-e16", "grid-1000x1000" */
} pf_large;

typedef struct {
    const char *out, *partition;
    int quick, jobs, slurm;
    unsigned ngraphs;
    char graph[PF_MAX_GRAPHS][4096], gname[PF_MAX_GRAPHS][256];
    char gdir[4200]; /* OUT/graphs: links to the graphs used */
    /* --large: the generated graphs (nlarge 0 without it) */
    unsigned nlarge, large_scale, grid_side;
    pf_large large[PF_MAX_LARGE];
    fig_run *runs;
    int nruns;
    irhw_out *figs; /* figures.txt */
    char err[4096];
} pf;

extern const char *const pf_kernels[2]; /* bfs, sssp */
extern const char *const pf_schemes[5]; /* hwwl's SCHEME values, none first */
extern const char *const pf_refills[2]; /* ondemand, interval */
/* What every figure of a --quick run says, in its Markdown, its plot and
 * figures.txt (so the index and irhw report say it too). */
#define PF_SMOKE_BANNER                                                                            \
    "Smoke test (--quick): not meaningful. Two small graphs and the smallest sizes show that "     \
    "the runs work; a comparison with the paper needs a run without --quick."
extern const char *const pf_fig7_entries[5]; /* ENTRIES of Fig. 7 (--quick: the first 2) */
extern const unsigned pf_core_counts[3];     /* §V-A (--quick: the first 2) */
extern const char *const pf_sw_wls[2];       /* topo, swwl */
extern const char *const pf_ideal_double[2]; /* FIFO, sorted */
extern const char *const pf_ideal_single[2];

/* ---- the runs (paper_figs_run.c) ---- */

int pf_run_add(pf *p, const char *needs, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* One GPU-model run of kernel k on the graph file `graph` (a path, or the
 * single argument "--graph=PATH"): worklist wl;
 * hwwl's SCHEME, ENTRIES, REFILL and CORES, or the GPU's cores. */
int pf_gpu_run_on(pf *p, const char *graph, int k, const char *wl, const char *scheme,
                  const char *entries, const char *refill, unsigned cores);
/* The same on the g-th graph of --graphs. */
int pf_gpu_run(pf *p, unsigned g, int k, const char *wl, const char *scheme, const char *entries,
               const char *refill, unsigned cores);
int pf_hwwl_default(pf *p, unsigned g, int k);
int pf_fig8_run(pf *p, unsigned g, const char *mode);
int pf_iru_all_run(pf *p);
/* workload gw --all --hold HOLD (the GW figures). */
int pf_gw_all_run(pf *p, unsigned hold);
int pf_iru_timeout_run(pf *p, unsigned t);
int pf_area_run(pf *p);
/* The IRU paper's system runs (figures in paper_figs_iru_gpu.c): --machine
 * gpu --all, and its TIMEOUT sweep at WARPS pf_iru_gpu_warps[i] (i 0, 1). */
#define PF_IRU_GPU_TIMEOUTS "0,1000"
extern const unsigned pf_iru_gpu_warps[2];
int pf_iru_gpu_run(pf *p);
int pf_iru_gpu_rate_run(pf *p, unsigned i);
unsigned pf_ntimeouts(const pf *p);
unsigned pf_timeout_at(const pf *p, unsigned i);
unsigned pf_nentries(const pf *p);
unsigned pf_ncores(const pf *p);
/* Every run of the figures on --graphs; 0, or -1 when more than PF_MAX_RUNS. */
int pf_build_runs(pf *p);
/* Runs runs[from..nruns) not cached (a cached one whose folder no longer
 * matches its seal runs again), seals each, reads every result: 0, or -1
 * with the message in p->err. */
int pf_execute(pf *p, int from);

/* ---- figure output (paper_figs_out.c) ---- */

typedef struct {
    pf *p;
    const char *id;
    irhw_out *md, *tsv;
    int nrefs;
    int refs[PF_MAX_RUNS]; /* the runs behind the figure, listed at the end */
} fig;

/* Growing text. */
typedef struct {
    char *s;
    size_t n, cap;
} buf_t;

int fig_open(pf *p, fig *f, const char *id, const char *title, const char *caption, int has_svg);
/* Lists run i under the figure. */
void fig_ref(fig *f, int i);
/* The cell of run i's number v: the value by fmt, or why there is none. */
const char *cell(fig *f, int i, double v, const char *fmt, char *buf, size_t len);
void fig_head(fig *f, const char *cols);
/* A row of cells separated by '|'. */
void fig_row(fig *f, const char *cells);
/* The note, the runs behind the figure with their commands; commits. */
int fig_close(fig *f, const char *note);
/* A gnuplot SVG of data by the script body; an empty data set or a note
 * draws the note instead. */
int fig_plot(pf *p, const char *id, const char *data, const char *body, const char *note);
void bput(buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The cells of a Markdown table line "| a | b | ... |" into c[], each
 * without its blanks and bold marks; their count (at most max). */
int pf_md_cells(const char *line, char c[][64], int max);
/* " v", or " ?" for a missing value. */
void bnum(buf_t *b, double v);
double cyc(const pf *p, int i);
double insts(const pf *p, int i);
double ratio(double a, double b);
/* The smaller of two numbers (fewer cycles), either NA. */
double best(double a, double b);
/* "topo" or "swwl", whichever of the two runs has fewer cycles; "n/a". */
const char *best_name(const pf *p, int topo, int swwl);
/* A histogram script: n series from column 2 with their titles. */
void hist_script(char *buf, size_t len, const char *title, const char *ylabel,
                 const char *const *names, int n);

/* ---- the figures ---- */

int fig5(pf *p);
int fig6(pf *p, const char *entries);
int fig7(pf *p);
int fig8(pf *p);
int fig_cores(pf *p);
int fig_iru_gpu(pf *p);
int fig_iru_gpu_rate(pf *p);
int fig_headline(pf *p);
/* The headline's table (paper_figs_hwwl.c), also at paper scale: its
 * columns, with the ideal FIFO's when ideal; the row of kernel k on a graph
 * (as pf_gpu_run_on takes it), its speedup appended to the plot data d. */
void pf_headline_head(fig *f, int ideal);
void pf_headline_row(pf *p, fig *f, buf_t *d, const char *gname, const char *graph, int k,
                     int ideal);
int fig_iru(pf *p);
int fig_iru_timeout(pf *p);
int fig_iru_area(pf *p);
/* The GW paper's (paper_figs_gw.c). */
int fig_gw(pf *p);
/* --large (paper_figs_large.c): the grid's side at R-MAT scale S (1000 at
 * 20); the runs that generate the graphs (run first); the runs on them;
 * their figures. */
unsigned pf_large_grid_side(unsigned scale);
int pf_large_gen_runs(pf *p);
int pf_large_runs(pf *p);
int fig_large(pf *p);
int fig_large_cores(pf *p);

#endif
