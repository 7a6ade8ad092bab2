/*
 * slurm.c — a sweep as one Slurm job array: one array task per
 * configuration still to run (`irhw sweep-task RUNDIR`, the same task a
 * local sweep runs), submitted with `sbatch --wait` so the sweep gathers
 * the results when the array ends. While it runs, the progress line counts
 * the run folders that have started and finished. Failed tasks are listed
 * with the `sbatch --array=...` line that resubmits only them; running the
 * same sweep again also does only what is missing.
 */
#include "sweep.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int exists(const char *dir, const char *key, const char *name)
{
    char p[4400];
    snprintf(p, sizeof p, "%s/runs/%s/%s", dir, key, name);
    return access(p, F_OK) == 0;
}

static int write_job(const irhw_sweep *s, const char *sdir, const char *tasks, char *job,
                     size_t len, char *err, size_t errlen)
{
    snprintf(job, len, "%s/job.sh", sdir);
    char text[16384];
    snprintf(text, sizeof text,
             "#!/bin/sh\n"
             "# irhw sweep of %s: array task i runs the configuration on line i+1 of\n"
             "#   %s\n"
             "# Resubmit some tasks: sbatch --array=3,7 %s\n"
             "#SBATCH --job-name=irhw-sweep\n"
             "#SBATCH --output=%s/task_%%a.out\n"
             "#SBATCH --ntasks=1\n"
             "dir=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" '%s')\n"
             "exec '%s' sweep-task \"$dir\"\n",
             s->b ? s->b->name : "irhw commands", tasks, job, sdir, tasks, s->self);
    return irhw_write_file(job, text, err, errlen);
}

int irhw_sweep_slurm(const irhw_sweep *s, irhw_sweep_cfg *cfgs, int n, const int *cached, char *err,
                     size_t errlen)
{
    if (!irhw_find_in_path("sbatch")) {
        irhw_err(err, errlen,
                 "--slurm: sbatch not found on PATH (install the Debian package slurm-wlm, or "
                 "run without --slurm)");
        return -2;
    }
    char sdir[4200], tasks[4300], job[4300], out[4300];
    snprintf(sdir, sizeof sdir, "%s/slurm", s->out);
    snprintf(tasks, sizeof tasks, "%s/tasks.txt", sdir);
    snprintf(out, sizeof out, "%s/sbatch.out", sdir);
    if (irhw_mkdirs(sdir))
        return irhw_err(err, errlen, "cannot create %s: %s", sdir, strerror(errno));
    int *idx = calloc((size_t)n + 1, sizeof *idx);
    if (!idx)
        return irhw_err(err, errlen, "out of memory");
    irhw_out *tf = irhw_out_open(tasks, err, errlen);
    if (!tf) {
        free(idx);
        return -1;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!cached[i]) {
            char started[4400];
            snprintf(started, sizeof started, "%s/runs/%s/started", s->out, cfgs[i].row.key);
            unlink(started);
            irhw_out_printf(tf, "%s/runs/%s\n", s->out, cfgs[i].row.key);
            idx[k++] = i;
        }
    if (irhw_out_commit(tf, err, errlen)) {
        free(idx);
        return -1;
    }
    irhw_progress p = {0};
    p.total = n;
    for (int i = 0; i < n; i++) {
        p.cached += cached[i] == 1;
        p.invalid += cached[i] == 2;
    }
    p.t0 = irhw_now_s();
    if (k == 0) {
        irhw_progress_print(&p, 1);
        free(idx);
        return 0;
    }
    if (write_job(s, sdir, tasks, job, sizeof job, err, errlen)) {
        free(idx);
        return -1;
    }
    char range[64];
    snprintf(range, sizeof range, "--array=0-%d", k - 1);
    char *argv[12];
    int a = 0;
    argv[a++] = "sbatch";
    argv[a++] = "--wait";
    argv[a++] = "--parsable";
    argv[a++] = range;
    if (s->partition) {
        argv[a++] = "--partition";
        argv[a++] = (char *)s->partition;
    }
    argv[a++] = job;
    argv[a] = NULL;
    fprintf(stderr, "sweep: submitting %d task(s) to Slurm: sbatch %s%s%s %s\n", k, range,
            s->partition ? " --partition " : "", s->partition ? s->partition : "", job);
    pid_t pid = irhw_fork();
    if (pid < 0) {
        free(idx);
        return irhw_err(err, errlen, "cannot start sbatch: %s", strerror(errno));
    }
    if (pid == 0) { /* the job id (--parsable) into sbatch.out; errors stay on stderr */
        FILE *o = freopen(out, "w", stdout);
        (void)o;
        execvp(argv[0], argv);
        _exit(127);
    }
    int st = 0;
    for (;;) {
        pid_t w = waitpid(pid, &st, WNOHANG);
        int done = 0, running = 0, failed = 0;
        for (int j = 0; j < k; j++) {
            const char *key = cfgs[idx[j]].row.key;
            if (exists(s->out, key, "result.txt")) {
                done++;
                char res[4400], e[IRHW_ERRLEN];
                irhw_sweep_row r;
                snprintf(res, sizeof res, "%s/runs/%s/result.txt", s->out, key);
                failed += irhw_row_read(res, &r, e, sizeof e) || strcmp(r.verdict, "pass");
            } else if (exists(s->out, key, "started"))
                running++;
        }
        p.done = done, p.running = running, p.failed = failed;
        if (w == pid || w < 0) {
            irhw_child_done(pid);
            break;
        }
        irhw_progress_print(&p, 0);
        sleep(1);
    }
    /* tasks that never wrote a result failed too (node lost, time limit) */
    char list[4096] = "";
    size_t o = 0;
    int missing = 0;
    for (int j = 0; j < k; j++) {
        const char *key = cfgs[idx[j]].row.key;
        char res[4400], e[IRHW_ERRLEN];
        irhw_sweep_row r;
        snprintf(res, sizeof res, "%s/runs/%s/result.txt", s->out, key);
        if (irhw_row_read(res, &r, e, sizeof e) || !strcmp(r.verdict, "error")) {
            missing++;
            if (o < sizeof list - 16)
                o += (size_t)snprintf(list + o, sizeof list - o, "%s%d", o ? "," : "", j);
        }
    }
    p.failed = missing > p.failed ? missing : p.failed;
    p.done = k;
    p.running = 0;
    irhw_progress_print(&p, 1);
    free(idx);
    int sb = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    char *jobid = irhw_read_file(out, NULL);
    if (jobid && jobid[0]) {
        jobid[strcspn(jobid, "\n;")] = 0;
        fprintf(stderr, "sweep: Slurm job %s ended (sbatch exit %d)\n", jobid, sb);
    }
    free(jobid);
    if (sb == 127)
        return irhw_err(err, errlen, "cannot run sbatch");
    if (missing) {
        fprintf(stderr,
                "sweep: %d Slurm task(s) failed or left no result: array indices %s\n"
                "  resubmit them:  sbatch --array=%s %s   (or run the same sweep again)\n"
                "  their output:   %s/task_<index>.out\n",
                missing, list, list, job, sdir);
        if (missing == k && sb != 0)
            return irhw_err(err, errlen, "sbatch exited %d and no task wrote a result", sb);
    }
    return 0;
}
