/*
 * verb_run.c — irhw run: every block's RTL, co-simulation, waveform and
 * area at the papers' defaults, the blocks' built-in area sweeps
 * (irhw_block.run_sweep), a summary table and the report. Exit codes as in
 * cli.c.
 */
#include "cli_int.h"
#include "pool.h"
#include "progress.h"

#include "args.h"
#include "cli_workload.h"
#include "cosim.h"
#include "irhw.h"
#include "sweep.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Block b's built-in area sweep (irhw_block.run_sweep: small
 * configurations, every core) into dir with `jobs` at once (a number as
 * text). Each is an ordinary `irhw sweep` (cached by key in DIR/runs/), so
 * the report can name the command that makes it again. Its exit code. */
static int run_one_sweep(const opts *o, const irhw_block *b, const char *dir, const char *jobs)
{
    char *argv[16];
    int k = 0;
    argv[k++] = (char *)b->name;
    for (int a = 0; a < 3 && b->run_sweep[a]; a++) {
        argv[k++] = "-p";
        argv[k++] = (char *)b->run_sweep[a];
    }
    argv[k++] = "--do";
    argv[k++] = "area";
    argv[k++] = "-j";
    argv[k++] = (char *)jobs;
    argv[k++] = "-o";
    argv[k++] = (char *)dir;
    if (o->liberty) {
        argv[k++] = "--liberty";
        argv[k++] = (char *)o->liberty;
    }
    argv[k] = NULL;
    printf("== built-in sweep: irhw sweep");
    for (int a = 0; a < k; a++)
        printf(" %s", argv[a]);
    printf("\n");
    fflush(stdout);
    return irhw_cmd_sweep(k, argv);
}

/* One block of `irhw run`: its RTL, a co-simulation with a waveform and its
 * area, printed as it goes; its summary line into row, its report row into
 * res. The worst exit code; *fatal when the block could not be run. */
static int run_block(const opts *o, const irhw_block *b, const char *root, char *row, size_t rowlen,
                     irhw_sweep_row *res, int *fatal)
{
    opts bo = *o;
    bo.b = b;
    irhw_cfg_defaults(bo.b, &bo.c);
    char dir[4096], wave[4200], path[4300], err[IRHW_ERRLEN], params[512];
    const char *leaves[IRHW_MAX_LEAVES];
    unsigned nleaves;
    *fatal = 0;
    snprintf(row, rowlen, "%-9s %-12s %-9s %12s %8s   %s", b->name, "-", "ERROR", "n/a", "n/a",
             "-");
    if (irhw_inst_init(&bo.x, bo.b, &bo.c, err, sizeof err)) {
        irhw_inst_free(&bo.x);
        fprintf(stderr, "%s run: %s: %s\n", prog, bo.b->name, err);
        *fatal = 1;
        return EXIT_TOOL;
    }
    irhw_cfg_format(bo.b, &bo.c, " ", params, sizeof params);
    snprintf(dir, sizeof dir, "%s/%s", root, bo.b->name);
    printf("== %s (%s)\n", bo.b->name, params);
    fflush(stdout);
    if (write_design(&bo.x, dir, path, sizeof path, leaves, &nleaves, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        irhw_inst_free(&bo.x);
        *fatal = 1;
        return EXIT_TOOL;
    }
    printf("rtl:  %s\n", path);
    snprintf(wave, sizeof wave, "%s/%s.fst", dir, bo.b->name);
    bo.wave = wave;
    irhw_cosim_res cres;
    int crc = cosim_one(&bo, &cres, 1);
    char adir[4200];
    snprintf(adir, sizeof adir, "%s/area", dir);
    bo.json = 0;
    irhw_area_res ares;
    int arc = area_one(&bo, adir, &ares, stdout);
    irhw_row_from_run(res, &bo.x,
                      crc == 0               ? "pass"
                      : crc == EXIT_MISMATCH ? "mismatch"
                                             : "error",
                      cres.run_s > 0 ? (double)cres.cycles_run / cres.run_s : 0,
                      arc ? NULL : &ares);
    irhw_inst_free(&bo.x);
    char area_txt[64] = "n/a", cp[32] = "n/a";
    if (!arc) {
        snprintf(area_txt, sizeof area_txt, "%.0f", ares.total_um2);
        if (ares.have_sta)
            snprintf(cp, sizeof cp, "%.3f", ares.crit_ns);
    }
    snprintf(row, rowlen, "%-9s %-12" PRIu64 " %-9s %12s %8s   %s", bo.b->name, cres.cycles_run,
             crc == 0               ? "PASS"
             : crc == EXIT_MISMATCH ? "MISMATCH"
                                    : "ERROR",
             area_txt, cp, params);
    printf("\n");
    fflush(stdout);
    return crc > arc ? crc : arc;
}

#define RUN_MAX_BLOCKS 32
#define RUN_MAX_ITEMS (2 * RUN_MAX_BLOCKS)

/* What `irhw run` runs: every block, then the built-in sweeps. */
typedef struct {
    const irhw_block *b;
    int sweep;       /* 1: b's built-in sweep, not b itself */
    char dir[4200];  /* its folder (a sweep's: ROOT/sweep/<block>) */
    char log[4300];  /* its output when run apart */
    char rowf[4300]; /* a block's summary line and report row, from its process */
    char resf[4300];
    char name[80]; /* in the progress lines */
    int state;     /* 0 waiting, 1 running, 2 done, 3 printed */
    int rc;
    double t0, wall_s;
} run_item;

/* When an item starts with several at once: lower first. The longest
 * first (irhw_block.run_order: the synthesis of hwwl_core, the WRU's four
 * networks, iru_hash's 80 KB of storage), hwwl last, as its cores' modules
 * are then in the synthesis cache. A sweep runs its configurations as many
 * at once as the run (irhw sweep -j), more processes than cores for a
 * while, so that its own longest configuration does not end the run alone. */
static int run_rank(const run_item *it)
{
    return it->sweep ? it->b->run_sweep_order : it->b->run_order;
}

/* The item in this process (its output where stdout goes): its exit code. */
static int run_item_here(const opts *o, const char *root, run_item *it, char *row, size_t rowlen,
                         irhw_sweep_row *res, int *fatal, const char *sweep_jobs)
{
    if (it->sweep) {
        *fatal = 0;
        return run_one_sweep(o, it->b, it->dir, sweep_jobs);
    }
    return run_block(o, it->b, root, row, rowlen, res, fatal);
}

/* Prints a finished item's output (its log). */
static void run_item_print(const run_item *it)
{
    size_t len = 0;
    char *text = irhw_read_file(it->log, &len);
    if (text)
        fwrite(text, 1, len, stdout);
    else
        printf("(%s: no output: %s)\n", it->log, strerror(errno));
    fflush(stdout);
    free(text);
}

/* Prints a finished block's output and takes its summary line and report
 * row (*fatal when they are missing). */
static void run_item_collect(const run_item *it, char *row, size_t rowlen, irhw_sweep_row *res,
                             int *fatal)
{
    run_item_print(it);
    char *rt = irhw_read_file(it->rowf, NULL), *nl = rt ? strchr(rt, '\n') : NULL, err[IRHW_ERRLEN];
    int bad = 1;
    if (nl) {
        bad = atoi(rt);
        snprintf(row, rowlen, "%.*s", (int)strcspn(nl + 1, "\n"), nl + 1);
    } else {
        snprintf(row, rowlen, "%-9s %-12s %-9s %12s %8s   %s", it->b->name, "-", "ERROR", "n/a",
                 "n/a", it->log);
    }
    if (!bad && irhw_row_read(it->resf, res, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        bad = 1;
    }
    free(rt);
    if (bad)
        *fatal = 1;
}

/* What a job of run_parallel's pool needs. */
typedef struct {
    const opts *o;
    const char *root;
    run_item *x;
    unsigned jobs;
} run_job;

/* One item in its child process (model/pool.h): its output into its log,
 * a block's summary row and result into their files. */
static int run_one_job(void *arg, char *err, size_t errlen)
{
    const run_job *j = arg;
    run_item *x = j->x;
    int fd = open(x->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
        return EXIT_TOOL;
    close(fd);
    char row[512] = "", text[600];
    irhw_sweep_row res;
    memset(&res, 0, sizeof res);
    char sj[16];
    snprintf(sj, sizeof sj, "%u", j->jobs);
    opts one = *j->o; /* its area runs one tool at a time: the run fills the cores */
    one.jobs = 1;
    int bad = 0, r = run_item_here(&one, j->root, x, row, sizeof row, &res, &bad, sj);
    snprintf(text, sizeof text, "%d\n%s\n", bad, row);
    if (!x->sweep && (irhw_write_file(x->rowf, text, err, errlen) ||
                      (!bad && irhw_row_write(x->resf, &res, err, errlen)))) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        r = EXIT_TOOL;
    }
    err[0] = '\0';
    return r;
}

/* The items in child processes (model/pool.h), `jobs` at once, in
 * run_rank's order, each one's output into its log; the blocks' output
 * printed whole, in their order, as they finish (the sweeps' is printed by
 * the caller); a line on stderr as each starts and ends and every 30 s what
 * still runs (steps), and a status line there when it is a terminal. The
 * worst exit code. */
static int run_parallel(const opts *o, const char *root, run_item *it, int n, unsigned jobs,
                        char rows[][512], irhw_sweep_row *results, int *fatal, irhw_steps *steps)
{
    int order[RUN_MAX_ITEMS], k = 0;
    for (int i = 0; i < n; i++) { /* by rank, stable */
        int j = k++;
        for (; j > 0 && run_rank(&it[order[j - 1]]) > run_rank(&it[i]); j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    int tty = isatty(STDERR_FILENO), started = 0, printed = 0, worst = 0;
    double t0 = irhw_now_s();
    irhw_pool *pool = irhw_pool_new(jobs);
    if (!pool) {
        fprintf(stderr, "%s run: out of memory\n", prog);
        *fatal = 1;
        return EXIT_TOOL;
    }
    while (irhw_pool_running(pool) || started < n) {
        while (!irhw_pool_full(pool) && started < n) {
            int i = order[started++];
            run_item *x = &it[i];
            x->t0 = irhw_now_s();
            run_job job = {o, root, x, jobs};
            if (irhw_pool_start(pool, i, run_one_job, &job)) {
                fprintf(stderr, "%s run: fork: %s\n", prog, strerror(errno));
                x->state = 2, x->rc = EXIT_TOOL, *fatal = 1;
                continue;
            }
            x->state = 1;
            irhw_steps_start(steps, i, x->name);
            irhw_signal_at("%d of %d items started (the last: %s)", started, n, x->b->name);
        }
        if (irhw_pool_running(pool)) {
            irhw_job_end e;
            int w;
            while ((w = irhw_pool_wait_for(pool, &e, irhw_steps_left(steps))) == 2)
                irhw_steps_tick(steps);
            if (w < 0 && errno == EINTR)
                continue;
            if (w == 1) {
                run_item *x = &it[e.id];
                x->state = 2;
                x->wall_s = e.seconds;
                x->rc = e.exited ? e.code : EXIT_TOOL;
                if (!e.exited)
                    fprintf(stderr, "%s run: %s: its process ended by signal %d (%s)\n", prog,
                            x->dir, e.sig, x->log);
                irhw_steps_done(steps, e.id, x->name, x->rc);
            }
        }
        for (; printed < n && !it[printed].sweep && it[printed].state == 2; printed++) {
            if (tty)
                fprintf(stderr, "\r\033[K");
            run_item_collect(&it[printed], rows[printed], sizeof rows[0], &results[printed], fatal);
            it[printed].state = 3;
        }
        if (tty && irhw_pool_running(pool)) {
            char names[512] = "";
            int done = 0;
            for (int i = 0; i < n; i++) {
                done += it[i].state >= 2;
                if (it[i].state == 1)
                    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                             names[0] ? ", " : "", it[i].b->name);
            }
            fprintf(stderr, "\r\033[K%s run: %d of %d done, running %s [%.0f s]", prog, done, n,
                    names, irhw_now_s() - t0);
        }
    }
    irhw_pool_free(pool);
    if (tty)
        fprintf(stderr, "\r\033[K");
    for (int i = 0; i < n; i++)
        worst = it[i].rc > worst ? it[i].rc : worst;
    return worst;
}

/* Is block `name` in --blocks (every block without it)? */
static int run_wants(const opts *o, const char *name)
{
    if (!o->blocks)
        return 1;
    size_t n = strlen(name);
    for (const char *p = o->blocks; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && !strncmp(p, name, n))
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

int cmd_run(int argc, char **argv)
{
    opts o;
    int rc = parse_opts("run", argc, argv, 0, V_RUN, &o);
    if (rc || o.help) {
        if (o.help)
            verb_help(
                "run [options]",
                "  for every block at the papers' default configuration: generate the RTL,\n"
                "  co-simulate it against its model with a waveform, estimate its area; then\n"
                "  print a summary table and write the area estimation report\n"
                "  (DIR/report.html, DIR/report.md; DIR/results.csv). Last, BFS on a small\n"
                "  real graph through hwwl in lockstep (irhw workload bfs: a line in the\n"
                "  summary, a plot in DIR). The report adds the built-in area sweeps of\n"
                "  the blocks that have one (irhw sweep ... --do area, cached in\n"
                "  DIR/sweep/<block>; each prints its command). Each block, sweep and the\n"
                "  workload is said on stderr as it starts and as it ends, with its time.\n",
                V_RUN, NULL);
        return rc;
    }
    const char *root = o.out ? o.out : "out";
    if ((rc = io_check("run", &o, root)))
        return rc;
    if (!o.out)
        o.cycles = 200000;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned jobs = o.jobs ? (unsigned)o.jobs : cores > 0 ? (unsigned)cores : 1;
    static run_item items[RUN_MAX_ITEMS];
    int n = 0, nblocks = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp && nblocks < RUN_MAX_BLOCKS; bp++) {
        if (!run_wants(&o, (*bp)->name))
            continue;
        run_item *x = &items[n++];
        memset(x, 0, sizeof *x);
        x->b = *bp;
        snprintf(x->name, sizeof x->name, "%s", x->b->name);
        snprintf(x->dir, sizeof x->dir, "%s/%s", root, x->b->name);
        snprintf(x->log, sizeof x->log, "%s/%s/run.log", root, x->b->name);
        snprintf(x->rowf, sizeof x->rowf, "%s/%s/run.row", root, x->b->name);
        snprintf(x->resf, sizeof x->resf, "%s/%s/run.result", root, x->b->name);
        nblocks++;
    }
    for (int i = 0; i < nblocks; i++) {
        if (!items[i].b->run_sweep[0])
            continue;
        run_item *x = &items[n++];
        memset(x, 0, sizeof *x);
        x->b = items[i].b;
        snprintf(x->name, sizeof x->name, "sweep %s", items[i].b->name);
        x->sweep = 1;
        snprintf(x->dir, sizeof x->dir, "%s/sweep/%s", root, x->b->name);
        snprintf(x->log, sizeof x->log, "%s/sweep/%s.log", root, x->b->name);
    }
    if (jobs > 1)
        for (int i = 0; i < n; i++)
            if (irhw_mkdirs_for(items[i].log)) {
                fprintf(stderr, "%s run: cannot create the folder of %s: %s\n", prog, items[i].log,
                        strerror(errno));
                return EXIT_TOOL;
            }
    int worst = 0, fatal = 0;
    char rows[RUN_MAX_BLOCKS][512];
    static irhw_sweep_row results[RUN_MAX_BLOCKS]; /* for the report (sweep.h) */
    double t0 = irhw_now_s(), sweep_s = 0;
    irhw_steps steps; /* every item, then the workload */
    irhw_steps_init(&steps, "irhw run", n + 1);
    if (jobs > 1) {
        worst = run_parallel(&o, root, items, n, jobs, rows, results, &fatal, &steps);
    } else {
        for (int i = 0; i < nblocks && !fatal; i++) {
            irhw_steps_start(&steps, i, items[i].name);
            int r = run_item_here(&o, root, &items[i], rows[i], sizeof rows[0], &results[i], &fatal,
                                  "1");
            irhw_steps_done(&steps, i, items[i].name, r);
            worst = r > worst ? r : worst;
        }
    }
    if (fatal)
        return EXIT_TOOL;
    printf("%-9s %-12s %-9s %12s %8s   %s\n", "block", "cycles", "verdict", "area_um2", "crit_ns",
           "parameters");
    for (int i = 0; i < nblocks; i++)
        printf("%s\n", rows[i]);
    char wl[8192]; /* BFS on a small real graph through hwwl (sim/workload_run.c) */
    irhw_steps_start(&steps, n, "workload bfs");
    int wrc = irhw_cli_run_workload(prog, root, wl, sizeof wl);
    irhw_steps_done(&steps, n, "workload bfs", wrc);
    printf("%s\n", wl);
    worst = wrc > worst ? wrc : worst;
    printf("(area on %s; waveforms, .gtkw files, RTL and area reports under %s/)\n",
           o.liberty ? o.liberty : "the default 45 nm-class library", root);
    /* the built-in sweeps: run beside the blocks, or now */
    const char *dirs[1 + RUN_MAX_BLOCKS] = {root};
    int ndirs = 1;
    for (int i = nblocks; i < n; i++) {
        run_item *x = &items[i];
        if (jobs > 1) {
            run_item_print(x);
            sweep_s = x->wall_s > sweep_s ? x->wall_s : sweep_s;
        } else {
            double s0 = irhw_now_s();
            irhw_steps_start(&steps, i, x->name);
            int r = run_one_sweep(&o, x->b, x->dir, "1");
            irhw_steps_done(&steps, i, x->name, r);
            worst = r > worst ? r : worst;
            sweep_s += irhw_now_s() - s0;
        }
        dirs[ndirs++] = x->dir;
    }
    if (n > nblocks)
        printf("built-in area sweep: %.1f s wall%s (results cached under %s/sweep/)\n", sweep_s,
               jobs > 1 ? ", beside the blocks" : "", root);
    else
        printf("built-in area sweep: none (--blocks names no block that has one)\n");
    char html[4200], err[2048];
    snprintf(html, sizeof html, "%s/report.html", root);
    if (irhw_results_save(root, results, nblocks, err, sizeof err) ||
        irhw_report_write(dirs, ndirs, html, err, sizeof err)) {
        fprintf(stderr, "%s run: %s\n", prog, err);
        return EXIT_TOOL;
    }
    if (ndirs > 1)
        printf("report: %s and %s/report.md (irhw report %s %s/sweep/* remakes it)\n", html, root,
               root, root);
    else
        printf("report: %s and %s/report.md (irhw report %s remakes it)\n", html, root, root);
    printf("irhw run: %.0f s wall, %u at once\n", irhw_now_s() - t0, jobs);
    return worst;
}
