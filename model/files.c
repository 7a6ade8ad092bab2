/*
 * files.c — the few operating-system helpers every part shares: whole-file
 * read and write, mkdir -p, rm -rf, running a tool with its output in a log
 * (a build in a process group of its own), and finding the source tree.
 */
#include "irhw.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int irhw_mkdirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return (mkdir(buf, 0777) && errno != EEXIST) ? -1 : 0;
}

int irhw_mkdirs_for(const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash || slash == file)
        return 0;
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - file), file);
    return irhw_mkdirs(dir);
}

int irhw_write_file(const char *path, const char *text, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return irhw_err(err, errlen, "cannot write %s: %s", path, strerror(errno));
    fputs(text, f);
    if (fclose(f))
        return irhw_err(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return 0;
}

char *irhw_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0, r;
    char chunk[65536];
    while ((r = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n + r + 1 > cap) {
            cap = (n + r + 1) * 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        memcpy(buf + n, chunk, r);
        n += r;
    }
    fclose(f);
    if (!buf && !(buf = calloc(1, 1)))
        return NULL;
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

/* In a forked child: stdout and stderr into log (NULL: kept), then argv. */
static void __attribute__((noreturn)) exec_tool(char *const argv[], const char *log)
{
    if (log) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
    }
    execvp(argv[0], argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

int irhw_run(char *const argv[], const char *log)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0)
        exec_tool(argv, log);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st); /* the shell's convention */
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Is `name` an executable in $PATH (or a path to one)? */
int irhw_find_in_path(const char *name)
{
    if (strchr(name, '/'))
        return access(name, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        const char *end = strchr(path, ':');
        size_t n = end ? (size_t)(end - path) : strlen(path);
        char buf[4096];
        if (n > 0 && n + strlen(name) + 2 < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
            if (access(buf, X_OK) == 0)
                return 1;
        }
        if (!end)
            break;
        path = end + 1;
    }
    return 0;
}

/* ---- a tool chain in a process group of its own ------------------------ */

static volatile sig_atomic_t group_pid, group_sig;
static void group_forward(int sig)
{
    group_sig = sig;
    if (group_pid > 0)
        kill(-(pid_t)group_pid, sig);
}
/* The watchdog's: its parent, irhw, died. */
static void group_orphaned(int sig)
{
    (void)sig;
    kill(0, SIGKILL);
}

static const int group_sigs[] = {SIGINT, SIGTERM, SIGHUP};
#define NGROUP_SIGS (sizeof group_sigs / sizeof group_sigs[0])

int irhw_run_group(char *const argv[], const char *log, int *sig)
{
    sigset_t block, old;
    sigemptyset(&block);
    for (unsigned i = 0; i < NGROUP_SIGS; i++)
        sigaddset(&block, group_sigs[i]);
    fflush(NULL);
    pid_t parent = getpid();
    sigprocmask(SIG_BLOCK, &block, &old);
    pid_t pid = fork();
    if (pid == 0) {
        /* the watchdog: leads the group, and kills it when irhw dies (the
         * signals irhw forwards stay blocked here: irhw kills the group) */
        setpgid(0, 0);
        struct sigaction wd = {.sa_handler = group_orphaned};
        sigaction(SIGUSR1, &wd, NULL);
        prctl(PR_SET_PDEATHSIG, SIGUSR1);
        if (getppid() != parent)
            kill(0, SIGKILL);
        pid_t tool = fork();
        if (tool == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            sigprocmask(SIG_SETMASK, &old, NULL);
            int in = open("/dev/null", O_RDONLY);
            if (in >= 0 && in != 0) {
                dup2(in, 0);
                close(in);
            }
            exec_tool(argv, log);
        }
        int st = 0;
        while (tool > 0 && waitpid(tool, &st, 0) < 0 && errno == EINTR)
            ;
        _exit(tool < 0 ? 127 : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st));
    }
    if (pid < 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        return -1;
    }
    setpgid(pid, pid); /* also here: no signal can find the group unmade */
    struct sigaction fw = {.sa_handler = group_forward}, prev[NGROUP_SIGS];
    group_sig = 0;
    group_pid = pid;
    for (unsigned i = 0; i < NGROUP_SIGS; i++) {
        sigaction(group_sigs[i], NULL, &prev[i]);
        if (prev[i].sa_handler != SIG_IGN) /* nohup's SIGHUP stays ignored */
            sigaction(group_sigs[i], &fw, NULL);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    int st = 0, rc;
    for (;;) {
        if (group_sig) /* forwarded by group_forward; now the rest */
            kill(-pid, SIGKILL);
        if (waitpid(pid, &st, 0) >= 0) {
            rc = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            break;
        }
        if (errno != EINTR) {
            rc = -1;
            break;
        }
    }
    /* what is left of the group: a tool's background job, or all of it
     * when interrupted; killed, and waited for (no file written after) */
    kill(-pid, SIGKILL);
    for (int i = 0; i < 400 && kill(-pid, 0) == 0; i++)
        nanosleep(&(struct timespec){0, 5000000}, NULL);
    group_pid = 0;
    for (unsigned i = 0; i < NGROUP_SIGS; i++)
        if (prev[i].sa_handler != SIG_IGN)
            sigaction(group_sigs[i], &prev[i], NULL);
    *sig = group_sig;
    return group_sig ? 128 + group_sig : rc;
}

void irhw_reraise(int sig)
{
    signal(sig, SIG_DFL);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);
    _exit(128 + sig);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path) && errno != ENOENT ? -1 : 0;
}

int irhw_remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st))
        return errno == ENOENT ? 0 : -1;
    return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- the source tree ---------------------------------------------------- */

static int is_tree(const char *dir)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/rtl/irhw_fifo.v", dir);
    return access(p, R_OK) == 0;
}

const char *irhw_root(void)
{
    const char *e = getenv("IRHW_ROOT");
    if (e && *e) {
        if (is_tree(e))
            return e;
        fprintf(stderr,
                "irhw: IRHW_ROOT=%s is not the irhw source tree (no rtl/irhw_fifo.v there): "
                "set it to the folder that holds rtl/, or unset it\n",
                e);
        exit(3);
    }
    static char root[4096];
    if (root[0])
        return root;
    char exe[4096] = "", above[4096] = "";
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        snprintf(above, sizeof above, "%s", exe); /* <tree>/bin/irhw -> <tree> */
        for (int up = 0; up < 2; up++) {
            char *s = strrchr(above, '/');
            if (s)
                *s = 0;
        }
        if (!above[0])
            snprintf(above, sizeof above, "/");
        if (is_tree(above))
            return memcpy(root, above, sizeof root);
    }
    if (is_tree(IRHW_ROOT))
        return IRHW_ROOT;
    fprintf(stderr,
            "irhw: cannot find the irhw source tree (a folder holding rtl/irhw_fifo.v): looked in "
            "%s (above the executable %s) and in %s (where it was built); set IRHW_ROOT to the "
            "tree\n",
            above[0] ? above : "(none)", exe[0] ? exe : "(unknown)", IRHW_ROOT);
    exit(3);
}
