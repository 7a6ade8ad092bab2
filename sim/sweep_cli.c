/*
 * sweep_cli.c — the verbs `irhw sweep`, `irhw sweep-task` and `irhw report`:
 * options and exit codes (0 every configuration passed, 1 a mismatch,
 * 2 usage or parameter error, 3 a tool or the system failed).
 */
#include "args.h"
#include "sweep.h"

#include "area.h"
#include "lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

static const char *self_exe(void)
{
    static char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = 0;
    return n > 0 ? buf : "irhw";
}

static int whole(const char *s, long lo, long hi, long *out)
{
    uint64_t x;
    if (irhw_parse_uint(s, &x) || x < (uint64_t)lo || x > (uint64_t)hi)
        return -1;
    *out = (long)x;
    return 0;
}

/* An absolute path for a file the tasks (maybe on another node) read. */
static const char *absolute(const char *p, char *buf, size_t len)
{
    char *r = realpath(p, NULL);
    snprintf(buf, len, "%s", r ? r : p);
    free(r);
    return buf;
}

enum {
    S_HELP,
    S_P,
    S_DO,
    S_J,
    S_OUT,
    S_PARTITION,
    S_CYCLES,
    S_SEED,
    S_LIBERTY,
    S_SRAM_TABLE,
    S_PAIRWISE,
    S_SLURM
};
static const irhw_opt sweep_opts[] = {
    {"-h", 0, S_HELP, 0, NULL, NULL},
    {"--help", 0, S_HELP, 0, NULL, NULL},
    {"-p", 1, S_P, 0, "NAME=LIST",
     "the values of a parameter: a,b,c or lo..hi[:step]\n"
     "(repeat for each parameter swept)"},
    {"--pairwise", 0, S_PAIRWISE, 0, NULL,
     "a cover of every pair of values of two parameters\n"
     "instead of the whole product"},
    {"--do", 1, S_DO, 0, "LIST", "steps: gen, cosim, area (default gen,cosim)"},
    {"-j", 1, S_J, 0, "N", "local tasks at once, 1..1024 (default: cores)"},
    {"--slurm", 0, S_SLURM, 0, NULL, "one sbatch --array job, one task per configuration"},
    {"--partition", 1, S_PARTITION, 0, "P", "the Slurm partition (with --slurm)"},
    {"-o", 1, S_OUT, 0, "DIR", "output folder (default out/sweep/BLOCK)"},
    {"--cycles", 1, S_CYCLES, 0, "N", "co-simulation length (default 100000)"},
    {"--seed", 1, S_SEED, 0, "S", "co-simulation seed (default 1)"},
    {"--liberty", 1, S_LIBERTY, 0, "F", "as for irhw area"},
    {"--sram-table", 1, S_SRAM_TABLE, 0, "F", "as for irhw area"},
    {NULL, 0, 0, 0, NULL, NULL},
};

static void sweep_help(void)
{
    printf("usage: irhw sweep BLOCK -p NAME=a,b,c | -p NAME=lo..hi[:step] ... [options]\n"
           "  Runs every configuration of the cartesian product of the values (or, with\n"
           "  --pairwise, a cover of every pair of values of two parameters): generate,\n"
           "  co-simulate and/or synthesize each, N at once (default: the number of cores),\n"
           "  or as one Slurm job array with --slurm (sbatch --wait; failed tasks listed\n"
           "  with the line that resubmits them). Parameters not swept keep their defaults.\n"
           "  Results are cached in DIR/runs/<key> by a hash of the configuration and the\n"
           "  tool: an interrupted or repeated sweep does only the missing work.\n"
           "  Writes DIR/results.csv and DIR/results.json, one row per configuration\n"
           "  (every parameter, verdict, cycles/s, area total/logic/storage, storage bits,\n"
           "  critical path, library, tool version); `irhw report DIR` plots them.\n"
           "  Configurations the block rejects (a joint limit) are listed with the reason\n"
           "  and kept as rows with verdict 'invalid'.\n");
    irhw_args_print(stdout, sweep_opts, 0, 18);
    fputs("exit: 0 all passed, 1 a mismatch, 2 usage/parameter error, 3 a tool failed or\n"
          "      sbatch is missing\n",
          stdout);
}

/* One option of irhw sweep: 0, or 2 after the message. */
static int sweep_opt(irhw_sweep *s, const irhw_opt *opt, const char *v, const char **out,
                     char *libbuf, char *tabbuf, size_t buflen)
{
    const char *a = opt->name;
    long x;
    switch (opt->id) {
    case S_DO: {
        s->do_gen = !!strstr(v, "gen");
        s->do_cosim = !!strstr(v, "cosim");
        s->do_area = !!strstr(v, "area");
        char buf[256], *save = NULL;
        snprintf(buf, sizeof buf, "%s", v);
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
            if (strcmp(t, "gen") && strcmp(t, "cosim") && strcmp(t, "area"))
                return irhw_usage("sweep", "--do '%s': '%s' is not a step (gen, cosim, area)", v,
                                  t);
        if (!s->do_gen && !s->do_cosim && !s->do_area)
            return irhw_usage("sweep", "--do names no step (gen, cosim, area)");
        break;
    }
    case S_J:
        if (whole(v, 1, 1024, &x))
            return irhw_usage("sweep", "-j '%s' must be a whole number 1..1024", v);
        s->jobs = (int)x;
        break;
    case S_OUT:
        *out = v;
        break;
    case S_PARTITION:
        s->partition = v;
        break;
    case S_CYCLES:
    case S_SEED:
        if (whole(v, opt->id == S_CYCLES, 2000000000L, &x))
            return irhw_usage("sweep", "%s '%s' must be a whole number %d..2000000000", a, v,
                              opt->id == S_CYCLES);
        *(opt->id == S_CYCLES ? &s->cycles : &s->seed) = (uint64_t)x;
        break;
    case S_LIBERTY:
    case S_SRAM_TABLE: {
        char e2[IRHW_ERRLEN], src[300];
        double um2;
        int bad = opt->id == S_LIBERTY
                      ? irhw_regular_file(v, e2, sizeof e2)
                      : irhw_sram_table_price(v, NULL, 45, &um2, src, sizeof src, e2, sizeof e2);
        if (bad)
            return irhw_usage("sweep", "%s: %s", a, e2);
        /* a liberty every run would refuse is refused here, once */
        if (opt->id == S_LIBERTY && (bad = irhw_liberty_check(v, e2, sizeof e2))) {
            fprintf(stderr, "irhw sweep: %s\n", e2);
            return bad == IRHW_EINPUT ? EXIT_USAGE : EXIT_TOOL;
        }
        if (opt->id == S_LIBERTY)
            s->liberty = absolute(v, libbuf, buflen);
        else
            s->sram_table = absolute(v, tabbuf, buflen);
        break;
    }
    case S_PAIRWISE:
        s->pairwise = 1;
        break;
    case S_SLURM:
        s->slurm = 1;
        break;
    }
    return 0;
}

int irhw_cmd_sweep(int argc, char **argv)
{
    if (irhw_args_help(argc, argv)) {
        sweep_help();
        return 0;
    }
    irhw_sweep *s = calloc(1, sizeof *s);
    if (!s)
        return EXIT_TOOL;
    char err[2048], obuf[4096], libbuf[4096], tabbuf[4096];
    int rc = 0;
    s->do_gen = s->do_cosim = 1;
    s->cycles = 100000;
    s->seed = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s->jobs = cores > 0 ? (int)cores : 1;
    const char *out = NULL, *block = NULL, *axes[IRHW_SWEEP_MAX_AXES * 2];
    unsigned naxes = 0;
    irhw_args a;
    irhw_args_init(&a, "sweep", sweep_opts, 0, argc, argv);
    const irhw_opt *opt;
    const char *v;
    for (int k; !rc && (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            rc = EXIT_USAGE;
        else if (k == IRHW_ARG_POS && block)
            rc = irhw_usage("sweep", "unexpected argument '%s' (one block at a time)", v);
        else if (k == IRHW_ARG_POS)
            block = v;
        else if (opt->id == S_P && naxes == sizeof axes / sizeof axes[0])
            rc = irhw_usage("sweep", "too many -p options: %s", v);
        else if (opt->id == S_P)
            axes[naxes++] = v; /* once the block is known */
        else
            rc = sweep_opt(s, opt, v, &out, libbuf, tabbuf, sizeof libbuf);
    }
    if (!rc && !block)
        rc = irhw_usage("sweep", "name a block (irhw list shows them)");
    if (!rc && !(s->b = irhw_args_block("sweep", block)))
        rc = EXIT_USAGE;
    for (unsigned i = 0; !rc && i < naxes; i++)
        if (irhw_sweep_axis(s, axes[i], err, sizeof err))
            rc = irhw_usage("sweep", "%s", err);
    if (!rc && s->partition && !s->slurm)
        rc = irhw_usage("sweep", "--partition needs --slurm");
    irhw_sweep_cfg *cfgs = NULL;
    int n = 0, *cached = NULL;
    if (!rc && irhw_sweep_expand(s, &cfgs, &n, err, sizeof err))
        rc = irhw_usage("sweep", "%s", err);
    if (rc) {
        free(s);
        return rc;
    }
    int nvalid = 0;
    for (int i = 0; i < n; i++) {
        nvalid += cfgs[i].valid;
        if (!cfgs[i].valid)
            fprintf(stderr, "sweep: skipped, invalid: %s: %s\n", cfgs[i].asked, cfgs[i].reason);
    }
    if (nvalid == 0) {
        fprintf(stderr, "irhw sweep: empty product: all %d configuration(s) are invalid\n", n);
        free(cfgs);
        free(s);
        return EXIT_USAGE;
    }
    if (!out) {
        snprintf(obuf, sizeof obuf, "out/sweep/%s", s->b->name);
        out = obuf;
    }
    irhw_io io[] = {{IRHW_IO_DIR, out == obuf ? "the output folder" : "-o", out, "-o"},
                    {IRHW_IO_IN, "--liberty", s->liberty, NULL},
                    {IRHW_IO_IN, "--sram-table", s->sram_table, NULL}};
    if (irhw_io_check(io, 3, err, sizeof err)) {
        free(cfgs);
        free(s);
        return irhw_usage("sweep", "%s", err);
    }
    char outabs[4096];
    if (irhw_mkdirs(out)) {
        fprintf(stderr, "irhw sweep: cannot create %s: %s\n", out, strerror(errno));
        free(cfgs);
        free(s);
        return EXIT_TOOL;
    }
    s->out = absolute(out, outabs, sizeof outabs);
    s->self = self_exe();
    fprintf(stderr, "sweep: %s, %d configuration(s)%s, %d valid, steps %s%s%s%s\n", s->b->name, n,
            s->pairwise ? " (pairwise cover)" : "", nvalid, s->do_gen ? "gen " : "",
            s->do_cosim ? "cosim " : "", s->do_area ? "area " : "",
            s->slurm ? "on Slurm" : "locally");
    cached = calloc((size_t)n, sizeof *cached);
    rc = cached ? irhw_sweep_prepare(s, cfgs, n, cached, err, sizeof err)
                : irhw_err(err, sizeof err, "out of memory");
    if (!rc) {
        int r = s->slurm ? irhw_sweep_slurm(s, cfgs, n, cached, err, sizeof err)
                         : irhw_sweep_local(s, cfgs, n, cached, err, sizeof err);
        rc = r;
    }
    if (!rc)
        rc = irhw_sweep_gather(s, cfgs, n, err, sizeof err);
    int code = 0;
    if (rc) {
        fprintf(stderr, "irhw sweep: %s\n", err);
        code = EXIT_TOOL;
    } else {
        int pass = 0, mis = 0, bad = 0;
        for (int i = 0; i < n; i++) {
            const irhw_sweep_row *r = &cfgs[i].row;
            pass += !strcmp(r->verdict, "pass");
            mis += !strcmp(r->verdict, "mismatch");
            bad += !strcmp(r->verdict, "error");
            if (!strcmp(r->verdict, "mismatch") || !strcmp(r->verdict, "error"))
                printf("%s %s: %s\n", r->verdict, cfgs[i].params, r->reason);
        }
        printf("sweep %s: %d configurations: %d pass, %d mismatch, %d error, %d invalid\n"
               "results: %s/results.csv, %s/results.json\n",
               s->b->name, n, pass, mis, bad, n - nvalid, s->out, s->out);
        code = bad ? EXIT_TOOL : mis ? EXIT_MISMATCH : 0;
    }
    free(cached);
    free(cfgs);
    free(s);
    return code;
}

int irhw_cmd_sweep_task(int argc, char **argv)
{
    static const irhw_opt none[] = {{NULL, 0, 0, 0, NULL, NULL}};
    if (irhw_args_help(argc, argv)) {
        printf("usage: irhw sweep-task RUNDIR\n"
               "  One configuration of a sweep (what `irhw sweep` runs locally and on each\n"
               "  Slurm array task): reads RUNDIR/config.txt, runs its steps (irhw gen,\n"
               "  cosim, area) with logs in RUNDIR, writes RUNDIR/result.txt. A command\n"
               "  sweep's task (config.txt: command=, irhw paper-figs) runs that irhw command\n"
               "  with its output in RUNDIR/run.log.\n");
        irhw_args_print(stdout, none, 0, 0);
        printf("exit: 0 pass (a command's exit 2, recorded as invalid, too), 1 mismatch,\n"
               "      3 a tool failed\n");
        return 0;
    }
    irhw_args a;
    irhw_args_init(&a, "sweep-task", none, 0, argc, argv);
    const irhw_opt *opt;
    const char *v, *rundir = NULL;
    for (int k; (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            return EXIT_USAGE;
        if (rundir)
            return irhw_usage("sweep-task", "name one run folder (not '%s' too)", v);
        rundir = v;
    }
    if (!rundir)
        return irhw_usage("sweep-task", "name one run folder");
    char err[2048];
    int rc = irhw_sweep_task(rundir, self_exe(), err, sizeof err);
    if (rc == EXIT_TOOL && err[0])
        fprintf(stderr, "irhw sweep-task: %s\n", err);
    return rc;
}

int irhw_cmd_report(int argc, char **argv)
{
    static const irhw_opt report_opts[] = {
        {"-o", 1, 0, 0, "FILE", "the HTML file (default out/report.html)"},
        {NULL, 0, 0, 0, NULL, NULL},
    };
    if (irhw_args_help(argc, argv)) {
        printf("usage: irhw report DIR... [options]\n"
               "  The area estimation report of sweep folders (irhw sweep -o DIR, and out/\n"
               "  when `irhw run` wrote results there): one self-contained HTML file with\n"
               "  inline SVG plots (gnuplot), and the same as Markdown beside it (.md):\n"
               "  the runs behind it with the commands that make them again, area against\n"
               "  each block's size parameter, logic vs storage, every block's area split\n"
               "  (stacked bars: storage, logic, parts), the wl_bank flops/SRAM crossover\n"
               "  (marked), the WRU networks side by side, the paper comparison of every\n"
               "  block, and a GPU-level total with the papers' percentages (n/a for a\n"
               "  block without an area result). A folder of `irhw paper-figs` adds the\n"
               "  papers' figures (plots and tables).\n");
        irhw_args_print(stdout, report_opts, 0, 12);
        return 0;
    }
    const char *html = "out/report.html";
    const char **dirs = calloc((size_t)argc + 1, sizeof *dirs);
    if (!dirs)
        return EXIT_TOOL;
    int nd = 0;
    irhw_args a;
    irhw_args_init(&a, "report", report_opts, 0, argc, argv);
    const irhw_opt *opt;
    const char *v;
    for (int k; (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD) {
            free(dirs);
            return EXIT_USAGE;
        }
        if (k == IRHW_ARG_OPT) {
            html = v;
            continue;
        }
        char p[4200];
        snprintf(p, sizeof p, "%s/index.txt", v);
        if (access(p, R_OK) && !irhw_paper_dir(v)) {
            free(dirs);
            return irhw_usage("report",
                              "'%s' holds no sweep results (no index.txt) and no paper figures "
                              "(no figures.txt)",
                              v);
        }
        dirs[nd++] = v;
    }
    if (nd == 0) {
        free(dirs);
        return irhw_usage("report",
                          "name sweep folders (irhw sweep -o DIR, or out/ after irhw run)");
    }
    char err[2048], md[4200];
    size_t hl = strlen(html);
    snprintf(md, sizeof md, "%.*s.md",
             (int)(hl > 5 && !strcmp(html + hl - 5, ".html") ? hl - 5 : hl), html);
    irhw_io io[2 + 2 * 64];
    int nio = 0;
    io[nio++] = (irhw_io){IRHW_IO_FILE, "-o", html, "-o"};
    io[nio++] = (irhw_io){IRHW_IO_FILE, "-o's Markdown", md, "-o"};
    static char read[64][2][4300]; /* the files report reads of each folder */
    for (int i = 0; i < nd && i < 64; i++) {
        snprintf(read[i][0], sizeof read[i][0], "%s/index.txt", dirs[i]);
        snprintf(read[i][1], sizeof read[i][1], "%s/figures.txt", dirs[i]);
        io[nio++] = (irhw_io){IRHW_IO_IN, "sweep index", read[i][0], NULL};
        io[nio++] = (irhw_io){IRHW_IO_IN, "figure list", read[i][1], NULL};
    }
    if (irhw_io_check(io, nio, err, sizeof err)) {
        free(dirs);
        return irhw_usage("report", "%s", err);
    }
    int rc = irhw_report_write(dirs, nd, html, err, sizeof err);
    free(dirs);
    if (rc) {
        fprintf(stderr, "irhw report: %s\n", err);
        return EXIT_TOOL;
    }
    printf("wrote %s and %.*s.md\n", html,
           (int)(strlen(html) > 5 && !strcmp(html + strlen(html) - 5, ".html") ? strlen(html) - 5
                                                                               : strlen(html)),
           html);
    return 0;
}
