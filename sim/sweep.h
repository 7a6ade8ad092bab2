/*
 * sweep.h — parameter sweeps (irhw sweep), their results, the cluster
 * engine (Slurm) and the area estimation report (irhw report).
 *
 * A sweep expands `-p NAME=a,b,c` / `-p NAME=lo..hi[:step]` into the
 * cartesian product (or a pairwise cover) of configurations. Each valid
 * configuration gets a run folder DIR/runs/<key>/, key = a hash of the
 * tool version (version string + the irhw binary itself), the block, every
 * parameter after derivation, the steps, the cosim length and seed, and the
 * contents of the liberty and SRAM table. One task (`irhw sweep-task
 * DIR/runs/<key>`: the verbs gen, cosim, area run as child processes) writes
 * result.txt there atomically; a result that exists and is not an error is
 * never recomputed. Tasks run locally (N at once) or as one Slurm job array.
 *
 *   sweep.c       specifications, product / pairwise cover, keys, local runs
 *   sweep_task.c  one configuration: the steps, result.txt
 *   results.c     result.txt read/write, results.csv / results.json
 *   slurm.c       sbatch --array, progress while it runs
 *   report.c      report.html (gnuplot SVG inline) + report.md
 *   sweep_cli.c   the verbs sweep, sweep-task, report (exit codes)
 */
#ifndef IRHW_SWEEP_H
#define IRHW_SWEEP_H

#include "cache.h"
#include "hash.h"
#include "irhw.h"

#define IRHW_ROW_NOTES 16
#define IRHW_ROW_PARTS 8 /* IRHW_AREA_MAX_PARTS */

/* One configuration's result (runs/<key>/result.txt, a row of results.csv). */
typedef struct {
    char key[20];
    char block[32];
    unsigned nparams;
    char pname[IRHW_MAX_PARAMS][32], pval[IRHW_MAX_PARAMS][64];
    char steps[32];   /* "gen,cosim,area" */
    char verdict[16]; /* pass | mismatch | error | invalid */
    char reason[512]; /* why not pass ("" when pass) */
    double cycles_per_s;
    int have_area;
    double total_um2, logic_um2, ff_um2, sram_um2;
    uint64_t storage_bits;
    int have_sta;
    double crit_ns;
    char library[160], node[48], sram_source[200];
    char version[64];
    double seconds; /* the task's wall time */
    /* area by part: each module the top instantiates (whole subtree), and
     * the top's own cells (irhw_area_res.parts) */
    unsigned nparts;
    double own_um2;
    struct {
        char module[96];
        unsigned long count;
        double um2;
    } parts[IRHW_ROW_PARTS];
    int nnotes;
    irhw_note notes[IRHW_ROW_NOTES];
} irhw_sweep_row;

/* Value of parameter `name` in a row, or NULL. */
const char *irhw_row_param(const irhw_sweep_row *r, const char *name);
/* Written whole (irhw_write_file) and sealed (irhw_seal); read back
 * without looking at the seal (irhw_row_sealed does). */
int irhw_row_write(const char *path, const irhw_sweep_row *r, char *err, size_t errlen);
int irhw_row_read(const char *path, irhw_sweep_row *r, char *err, size_t errlen);
/* DIR/index.txt (keys in order), DIR/results.csv, DIR/results.json. */
int irhw_results_write(const char *dir, const irhw_sweep_row *rows, int n, char *err,
                       size_t errlen);
/* Rows of DIR (index.txt, then runs/<key>/result.txt); malloc'd array. */
int irhw_results_read(const char *dir, irhw_sweep_row **rows, int *n, char *err, size_t errlen);

/* A row of `irhw run` (x with its cosim verdict and area; a NULL: none). */
struct irhw_area_res;
int irhw_row_from_run(irhw_sweep_row *row, const irhw_inst *x, const char *verdict,
                      double cycles_per_s, const struct irhw_area_res *a);
/* runs/<key>/result.txt of every row, then the tables. */
int irhw_results_save(const char *dir, const irhw_sweep_row *rows, int n, char *err, size_t errlen);

/* The tool version recorded in every row: "0.1.0+<hash of the binary>". */
const char *irhw_tool_version(void);
/* 1 when PATH is a result irhw_row_write wrote for KEY, whole and unchanged
 * (its first line key=KEY, its seal matching); else 0 and why. */
int irhw_row_sealed(const char *path, const char *key, char *why, size_t whylen);

/* ---- the sweep ---- */
#define IRHW_SWEEP_MAX_AXES IRHW_MAX_PARAMS
#define IRHW_SWEEP_MAX_VALUES 256

typedef struct {
    char name[32];
    unsigned nvals;
    char vals[IRHW_SWEEP_MAX_VALUES][64];
} irhw_axis;

typedef struct {
    const irhw_block *b; /* NULL: a command sweep (irhw_sweep_cmd_prepare) */
    irhw_axis axes[IRHW_SWEEP_MAX_AXES];
    unsigned naxes;
    int pairwise;
    int do_gen, do_cosim, do_area;
    uint64_t cycles, seed;
    const char *liberty, *sram_table;
    const char *out;
    int jobs;
    int slurm;
    const char *partition;
    const char *self; /* the irhw binary the tasks run */
} irhw_sweep;

/* A configuration of the expansion: parameter text and, when valid, its key. */
typedef struct {
    /* "ENTRIES=4 ID_BITS=24 ..." every parameter, derived ones too; in a
     * command sweep (irhw_sweep.b NULL): the irhw arguments, tab-separated */
    char params[1024];
    char asked[1024]; /* the axes' values only, as typed */
    int valid;
    char reason[IRHW_ERRLEN];
    irhw_sweep_row row;
} irhw_sweep_cfg;

/* Adds one -p specification ("NAME=a,b", "NAME=lo..hi[:step]"); -1 and a
 * message naming it when malformed, unknown, a value the parameter never
 * takes, or empty. */
int irhw_sweep_axis(irhw_sweep *s, const char *spec, char *err, size_t errlen);
/* Every configuration (product or pairwise); malloc'd. -1 when empty. */
int irhw_sweep_expand(const irhw_sweep *s, irhw_sweep_cfg **cfgs, int *n, char *err, size_t errlen);
/* Run folders and config.txt of the valid configurations; cached[i] = 1 when
 * a result exists, 2 for an invalid configuration (nothing to run). */
int irhw_sweep_prepare(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, int *cached, char *err,
                       size_t errlen);
/* A command sweep: each configuration is one `irhw ARGS...` run (its
 * params: the arguments, tab-separated; "@RUN@" in one stands for the run
 * folder). key = a hash of the tool version, the arguments and the contents
 * of every file they name (a folder: its files); the task runs the command
 * with stdout and stderr into RUNDIR/run.log and writes result.txt: verdict
 * pass (exit 0), mismatch (1), invalid (2: bad input, e.g. an option this
 * irhw does not have; the message in reason) or error (anything else,
 * retried by the next sweep). cached[i] = 1 when a result that is not an
 * error exists. */
int irhw_sweep_cmd_prepare(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, int *cached, char *err,
                           size_t errlen);
/* Runs the tasks not cached, -j jobs at once, progress on stderr. */
int irhw_sweep_local(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, const int *cached, char *err,
                     size_t errlen);
/* The same as one Slurm job array; -2 when sbatch is missing. */
int irhw_sweep_slurm(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, const int *cached, char *err,
                     size_t errlen);
/* Rows of every configuration (results read back), then results.csv/json. */
int irhw_sweep_gather(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, char *err, size_t errlen);

/* Progress line: done / running / failed and an ETA. */
typedef struct {
    int total, done, running, failed, cached, invalid;
    double t0, busy_s; /* start; sum of finished tasks' wall times */
    int jobs;
} irhw_progress;
void irhw_progress_print(const irhw_progress *p, int final);

/* One task: RUNDIR/config.txt -> RUNDIR/result.txt. 0 pass, 1 mismatch, 3 error. */
int irhw_sweep_task(const char *rundir, const char *self, char *err, size_t errlen);

/* ---- report ---- */
/* report.html (self-contained, inline SVG from gnuplot) and report.md
 * beside it, from the rows of the folders. */
int irhw_report_write(const char *const *dirs, int ndirs, const char *html_path, char *err,
                      size_t errlen);

/* The papers' figures of an `irhw paper-figs` folder (DIR/figures.txt
 * lists them: per figure DIR/<id>.svg, DIR/<id>.tsv): 1 when dir is one. */
int irhw_paper_dir(const char *dir);
/* DIR/index.html (self-contained, the SVGs inline) and DIR/index.md: the
 * figures with their tables. */
int irhw_paper_index_write(const char *dir, const char *html_path, char *err, size_t errlen);

/* The verbs (sweep_cli.c); argv after the verb. Exit codes 0/1/2/3. */
int irhw_cmd_sweep(int argc, char **argv);
int irhw_cmd_sweep_task(int argc, char **argv);
int irhw_cmd_report(int argc, char **argv);

#endif
