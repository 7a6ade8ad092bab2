/*
 * sweep_cli.c — the verbs `irhw sweep`, `irhw sweep-task` and `irhw report`:
 * options and exit codes (0 every configuration passed, 1 a mismatch,
 * 2 usage or parameter error, 3 a tool or the system failed).
 */
#include "sweep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

static int usage(const char *verb, const char *msg)
{
    fprintf(stderr, "irhw %s: %s\n(see 'irhw %s --help')\n", verb, msg, verb);
    return EXIT_USAGE;
}

static int want_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return 1;
    return 0;
}

static const char *self_exe(void)
{
    static char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = 0;
    return n > 0 ? buf : "irhw";
}

static int whole(const char *s, long lo, long hi, long *out)
{
    char *e;
    errno = 0;
    long x = s ? strtol(s, &e, 10) : 0;
    if (!s || !*s || *e || errno || x < lo || x > hi)
        return -1;
    *out = x;
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

static void sweep_help(void)
{
    printf("usage: irhw sweep BLOCK -p NAME=a,b,c | -p NAME=lo..hi[:step] ... [--pairwise]\n"
           "          [--do gen,cosim,area] [-j N] [--slurm [--partition P]] [-o DIR]\n"
           "          [--cycles N] [--seed S] [--liberty FILE] [--sram-table FILE]\n"
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
           "  and kept as rows with verdict 'invalid'.\n"
           "  --do LIST       steps: gen, cosim, area (default gen,cosim)\n"
           "  -j N            local tasks at once (default: cores)\n"
           "  --slurm         one sbatch --array job, one task per configuration\n"
           "  --partition P   the Slurm partition\n"
           "  -o DIR          output folder (default out/sweep/BLOCK)\n"
           "  --cycles N, --seed S  co-simulation length (default 100000) and seed (1)\n"
           "  --liberty F, --sram-table F  as for irhw area\n"
           "exit: 0 all passed, 1 a mismatch, 2 usage/parameter error, 3 a tool failed or\n"
           "      sbatch is missing\n");
}

int irhw_cmd_sweep(int argc, char **argv)
{
    if (want_help(argc, argv)) {
        sweep_help();
        return 0;
    }
    if (argc < 1 || argv[0][0] == '-')
        return usage("sweep", "name a block (irhw list shows them)");
    irhw_sweep *s = calloc(1, sizeof *s);
    if (!s)
        return EXIT_TOOL;
    s->b = irhw_find_block(argv[0]);
    char err[2048], obuf[4096], libbuf[4096], tabbuf[4096];
    int rc = 0;
    if (!s->b) {
        snprintf(err, sizeof err, "unknown block '%s'", argv[0]);
        free(s);
        return usage("sweep", err);
    }
    s->do_gen = s->do_cosim = 1;
    s->cycles = 100000;
    s->seed = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s->jobs = cores > 0 ? (int)cores : 1;
    const char *out = NULL;
    for (int i = 1; i < argc && !rc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long x;
        int takes = !strcmp(a, "-p") || !strcmp(a, "--do") || !strcmp(a, "-j") ||
                    !strcmp(a, "-o") || !strcmp(a, "--partition") || !strcmp(a, "--cycles") ||
                    !strcmp(a, "--seed") || !strcmp(a, "--liberty") || !strcmp(a, "--sram-table");
        if (takes && !v) {
            snprintf(err, sizeof err, "option %s needs a value", a);
            rc = usage("sweep", err);
            break;
        }
        if (takes)
            i++;
        if (!strcmp(a, "-p")) {
            if (irhw_sweep_axis(s, v, err, sizeof err))
                rc = usage("sweep", err);
        } else if (!strcmp(a, "--do")) {
            s->do_gen = !!strstr(v, "gen");
            s->do_cosim = !!strstr(v, "cosim");
            s->do_area = !!strstr(v, "area");
            char buf[256], *save = NULL;
            snprintf(buf, sizeof buf, "%s", v);
            for (char *t = strtok_r(buf, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save))
                if (strcmp(t, "gen") && strcmp(t, "cosim") && strcmp(t, "area")) {
                    snprintf(err, sizeof err, "--do '%s': '%s' is not a step (gen, cosim, area)", v,
                             t);
                    rc = usage("sweep", err);
                }
            if (!rc && !s->do_gen && !s->do_cosim && !s->do_area)
                rc = usage("sweep", "--do names no step (gen, cosim, area)");
        } else if (!strcmp(a, "-j")) {
            if (whole(v, 1, 1024, &x)) {
                snprintf(err, sizeof err, "-j '%s' must be a whole number 1..1024", v);
                rc = usage("sweep", err);
            } else
                s->jobs = (int)x;
        } else if (!strcmp(a, "-o")) {
            out = v;
        } else if (!strcmp(a, "--partition")) {
            s->partition = v;
        } else if (!strcmp(a, "--cycles") || !strcmp(a, "--seed")) {
            if (whole(v, !strcmp(a, "--cycles"), 2000000000L, &x)) {
                snprintf(err, sizeof err, "%s '%s' must be a whole number", a, v);
                rc = usage("sweep", err);
            } else if (!strcmp(a, "--cycles"))
                s->cycles = (uint64_t)x;
            else
                s->seed = (uint64_t)x;
        } else if (!strcmp(a, "--liberty") || !strcmp(a, "--sram-table")) {
            if (access(v, R_OK)) {
                snprintf(err, sizeof err, "%s file '%s' cannot be read", a, v);
                rc = usage("sweep", err);
            } else if (!strcmp(a, "--liberty"))
                s->liberty = absolute(v, libbuf, sizeof libbuf);
            else
                s->sram_table = absolute(v, tabbuf, sizeof tabbuf);
        } else if (!strcmp(a, "--pairwise")) {
            s->pairwise = 1;
        } else if (!strcmp(a, "--slurm")) {
            s->slurm = 1;
        } else {
            snprintf(err, sizeof err, "unknown argument '%s'", a);
            rc = usage("sweep", err);
        }
    }
    if (!rc && s->partition && !s->slurm)
        rc = usage("sweep", "--partition needs --slurm");
    irhw_sweep_cfg *cfgs = NULL;
    int n = 0, *cached = NULL;
    if (!rc && irhw_sweep_expand(s, &cfgs, &n, err, sizeof err))
        rc = usage("sweep", err);
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
    if (want_help(argc, argv)) {
        printf("usage: irhw sweep-task RUNDIR\n"
               "  One configuration of a sweep (what `irhw sweep` runs locally and on each\n"
               "  Slurm array task): reads RUNDIR/config.txt, runs its steps (irhw gen,\n"
               "  cosim, area) with logs in RUNDIR, writes RUNDIR/result.txt.\n"
               "exit: 0 pass, 1 mismatch, 3 a tool failed\n");
        return 0;
    }
    if (argc != 1)
        return usage("sweep-task", "name one run folder");
    char err[2048];
    int rc = irhw_sweep_task(argv[0], self_exe(), err, sizeof err);
    if (rc == EXIT_TOOL && err[0])
        fprintf(stderr, "irhw sweep-task: %s\n", err);
    return rc;
}

int irhw_cmd_report(int argc, char **argv)
{
    if (want_help(argc, argv)) {
        printf("usage: irhw report DIR... [-o report.html]\n"
               "  The area estimation report of sweep folders (irhw sweep -o DIR, and out/\n"
               "  when `irhw run` wrote results there): one self-contained HTML file with\n"
               "  inline SVG plots (gnuplot), and the same as Markdown beside it (.md):\n"
               "  the runs behind it with the commands that make them again, area against\n"
               "  each block's size parameter, logic vs storage, every block's area split\n"
               "  (stacked bars: storage, logic, parts), the wl_bank flops/SRAM crossover\n"
               "  (marked), the WRU networks side by side, the paper comparison of every\n"
               "  block, and a GPU-level total with the papers' percentages (n/a for a\n"
               "  block without an area result).\n"
               "  -o FILE   the HTML file (default out/report.html)\n");
        return 0;
    }
    const char *html = "out/report.html";
    const char **dirs = calloc((size_t)argc + 1, sizeof *dirs);
    int nd = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-o")) {
            if (i + 1 >= argc) {
                free(dirs);
                return usage("report", "option -o needs a value");
            }
            html = argv[++i];
        } else if (argv[i][0] == '-') {
            char e[512];
            snprintf(e, sizeof e, "unknown argument '%s'", argv[i]);
            free(dirs);
            return usage("report", e);
        } else {
            char p[4200];
            snprintf(p, sizeof p, "%s/index.txt", argv[i]);
            if (access(p, R_OK)) {
                char e[4400];
                snprintf(e, sizeof e, "'%s' holds no sweep results (no index.txt)", argv[i]);
                free(dirs);
                return usage("report", e);
            }
            dirs[nd++] = argv[i];
        }
    }
    if (nd == 0) {
        free(dirs);
        return usage("report", "name sweep folders (irhw sweep -o DIR, or out/ after irhw run)");
    }
    char err[2048];
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
