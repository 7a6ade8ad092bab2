/*
 * files.c — the few operating-system helpers every part shares: whole-file
 * read, whole and streamed output files that are complete or absent (see
 * irhw.h), mkdir -p, rm -rf, running a tool with its output in a log (a
 * build in a process group of its own), and finding the source tree.
 */
#include "irhw.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
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

/* ---- output files -------------------------------------------------------
 * Every byte goes through out_write (a stdio cookie), which keeps the first
 * OS error of a write, so the message at commit names it even when stdio
 * only remembers that something failed. */

enum { OUT_ATOMIC, OUT_IN_PLACE, OUT_STREAM };

struct irhw_out {
    FILE *f;
    int fd;
    int mode;         /* OUT_*: how the file is written and what a failure leaves */
    int existed;      /* a complete file was at the final name before */
    int oserr;        /* the first write or close error (errno), 0 none */
    char path[4096];  /* the name the caller gave (messages) */
    char final[4096]; /* the file renamed over: a symlink's target for a link */
    char tmp[4200];   /* OUT_ATOMIC: final.tmp.<pid> */
    int on_signal;    /* its slot in the signal registry (irhw_signal_file), or -1 */
};

static ssize_t out_write(void *c, const char *buf, size_t n)
{
    irhw_out *o = c;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(o->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!o->oserr)
                o->oserr = w < 0 ? errno : EIO;
            break; /* a short count: stdio marks the stream as failed */
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int out_close(void *c)
{
    irhw_out *o = c;
    int rc = close(o->fd);
    if (rc && !o->oserr)
        o->oserr = errno;
    o->fd = -1;
    return rc;
}

/* The file a complete PATH is renamed onto: a symlink's target (the link
 * stays a link; the rename never crosses file systems), else PATH. */
static void out_final(const char *path, char *final, size_t len)
{
    struct stat lst;
    char real[PATH_MAX];
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && realpath(path, real))
        snprintf(final, len, "%s", real);
    else
        snprintf(final, len, "%s", path);
}

int irhw_out_check(const char *path, char *err, size_t errlen)
{
    struct stat st;
    int exists = stat(path, &st) == 0;
    const char *why = !*path                          ? "the file name is empty"
                      : strlen(path) >= PATH_MAX      ? strerror(ENAMETOOLONG)
                      : exists && S_ISDIR(st.st_mode) ? strerror(EISDIR)
                      : exists && S_ISREG(st.st_mode) && access(path, W_OK) ? strerror(errno)
                      : !exists && errno != ENOENT                          ? strerror(errno)
                                                                            : NULL;
    return why ? irhw_err(err, errlen, "cannot write %s: %s", path, why) : 0;
}

static irhw_out *out_open(const char *path, int stream, char *err, size_t errlen)
{
    if (irhw_out_check(path, err, errlen))
        return NULL;
    irhw_out *o = calloc(1, sizeof *o);
    if (!o) {
        irhw_err(err, errlen, "out of memory opening %s", path);
        return NULL;
    }
    o->fd = -1;
    o->on_signal = -1;
    struct stat st, lst;
    int exists = stat(path, &st) == 0;
    if (strlen(path) >= sizeof o->path) {
        irhw_err(err, errlen, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
        free(o);
        return NULL;
    }
    snprintf(o->path, sizeof o->path, "%s", path);
    o->existed = exists && S_ISREG(st.st_mode);
    /* a device or a FIFO (/dev/stdout, a pipe) is written in place, and so
     * is a symlink to nowhere (the link names where the file goes) */
    int dangling = !exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    o->mode = (exists && !S_ISREG(st.st_mode)) || dangling ? OUT_IN_PLACE
              : stream                                     ? OUT_STREAM
                                                           : OUT_ATOMIC;
    if (o->mode == OUT_ATOMIC) {
        out_final(path, o->final, sizeof o->final); /* the temporary file goes beside it */
        irhw_tmp_name(o->final, o->tmp, sizeof o->tmp);
        o->fd = open(o->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (o->fd >= 0 && o->existed)
            (void)fchmod(o->fd, st.st_mode & 07777); /* the replaced file's mode */
    } else
        o->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (o->fd < 0) {
        irhw_err(err, errlen, "cannot write %s: %s", path, strerror(errno));
        free(o);
        return NULL;
    }
    cookie_io_functions_t io = {NULL, out_write, NULL, out_close};
    if (!(o->f = fopencookie(o, "w", io))) {
        irhw_err(err, errlen, "cannot write %s: %s", path, strerror(errno));
        close(o->fd);
        if (o->mode == OUT_ATOMIC)
            unlink(o->tmp);
        free(o);
        return NULL;
    }
    setvbuf(o->f, NULL, _IOFBF, 1 << 16);
    o->on_signal = o->mode == OUT_ATOMIC   ? irhw_signal_file(o->tmp, IRHW_ON_SIGNAL_REMOVE)
                   : o->mode == OUT_STREAM ? irhw_signal_file(o->path, IRHW_ON_SIGNAL_PARTIAL)
                                           : -1;
    return o;
}

irhw_out *irhw_out_open(const char *path, char *err, size_t errlen)
{
    return out_open(path, 0, err, errlen);
}

irhw_out *irhw_out_stream(const char *path, char *err, size_t errlen)
{
    return out_open(path, 1, err, errlen);
}

FILE *irhw_out_file(irhw_out *o)
{
    return o->f;
}

const char *irhw_out_path(const irhw_out *o)
{
    return o->path;
}

int irhw_out_printf(irhw_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(o->f, fmt, ap);
    va_end(ap);
    return n;
}

int irhw_out_failed(const irhw_out *o)
{
    return o->oserr || ferror(o->f);
}

/* Closes the stream and puts away what a failure left: the temporary file
 * removed, a stream's partial file renamed PATH.partial. What became of the
 * file, for the message ("" when nothing is worth saying). */
static const char *out_discard(irhw_out *o, char *what, size_t len)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    *what = 0;
    if (o->mode == OUT_ATOMIC) {
        unlink(o->tmp);
        snprintf(what, len, "; %s",
                 o->existed ? "the file is left as it was" : "no file was created");
    } else if (o->mode == OUT_STREAM) {
        char partial[4200];
        snprintf(partial, sizeof partial, "%s.partial", o->path);
        if (!rename(o->path, partial))
            snprintf(what, len, "; the partial file is kept as %s", partial);
        else if (!unlink(o->path))
            snprintf(what, len, "; the partial file is removed");
    }
    irhw_signal_forget(o->on_signal);
    return what;
}

void irhw_out_abort(irhw_out *o)
{
    if (!o)
        return;
    char what[4300];
    out_discard(o, what, sizeof what);
    free(o);
}

int irhw_out_commit(irhw_out *o, char *err, size_t errlen)
{
    int bad = fflush(o->f) != 0 || ferror(o->f);
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    if (!bad && o->mode == OUT_ATOMIC && rename(o->tmp, o->final)) {
        o->oserr = errno;
        bad = 1;
    }
    if (bad || o->oserr) {
        char what[4300];
        int e = o->oserr ? o->oserr : EIO;
        out_discard(o, what, sizeof what);
        irhw_err(err, errlen, "cannot write %s: %s%s", o->path, strerror(e), what);
        free(o);
        return -1;
    }
    irhw_signal_forget(o->on_signal);
    free(o);
    return 0;
}

void irhw_tmp_name(const char *path, char *buf, size_t len)
{
    snprintf(buf, len, "%s.tmp.%ld", path, (long)getpid());
}

/* Copies the file FROM into the output o (an adopted file whose name is a
 * device or a FIFO); 0, or -1 when FROM cannot be read (errno). */
static int out_copy(irhw_out *o, const char *from)
{
    FILE *f = fopen(from, "rb");
    if (!f)
        return -1;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0 && fwrite(buf, 1, n, o->f) == n)
        ;
    int e = ferror(f) ? errno : 0;
    fclose(f);
    errno = e;
    return e ? -1 : 0;
}

int irhw_adopt(const char *tmp, const char *path, const char *whole, const char *tool, char *err,
               size_t errlen)
{
    /* the end of the file, where a complete one holds `whole` */
    char tail[4097] = "";
    FILE *f = fopen(tmp, "rb");
    int e = errno;
    if (f) {
        if (fseek(f, 0, SEEK_END) == 0) {
            long n = ftell(f);
            fseek(f, n > 4096 ? n - 4096 : 0, SEEK_SET);
            tail[fread(tail, 1, 4096, f)] = 0;
        }
        e = ferror(f) ? errno : 0;
        fclose(f);
    }
    struct stat st;
    char final[4096];
    out_final(path, final, sizeof final);
    const char *why = !f || e ? strerror(e) : !strstr(tail, whole) ? "the file is cut short" : NULL;
    if (!why && stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        /* a device or a FIFO: the content is written into it */
        irhw_out *o = irhw_out_open(path, err, errlen);
        int rc = -1;
        if (o && out_copy(o, tmp)) {
            irhw_err(err, errlen, "cannot read %s: %s", tmp, strerror(errno));
            irhw_out_abort(o);
        } else if (o)
            rc = irhw_out_commit(o, err, errlen);
        unlink(tmp);
        return rc;
    }
    if (!why && rename(tmp, final))
        why = strerror(errno);
    if (!why)
        return 0;
    unlink(tmp);
    return irhw_err(err, errlen, "%s wrote no whole %s (%s)", tool, path, why);
}

int irhw_write_file(const char *path, const char *text, char *err, size_t errlen)
{
    irhw_out *o = irhw_out_open(path, err, errlen);
    if (!o)
        return -1;
    fputs(text, o->f);
    return irhw_out_commit(o, err, errlen);
}

/* Registered with atexit by the command line: a report printed to a full
 * disk (`irhw area x --json > f`) must not end with exit 0. */
void irhw_check_stdout(void)
{
    int bad = ferror(stdout);
    int flushed = fflush(stdout) == 0;
    if (flushed && !bad)
        return;
    fprintf(stderr, "irhw: cannot write the standard output: %s\n",
            flushed ? "a write failed" : strerror(errno));
    _exit(3);
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

/* stdin from /dev/null: a tool in a process group of its own must not
 * read the terminal (it would stop, and irhw wait for it). */
static void stdin_null(void)
{
    int in = open("/dev/null", O_RDONLY);
    if (in >= 0 && in != 0) {
        dup2(in, 0);
        close(in);
    }
}

int irhw_run(char *const argv[], const char *log)
{
    pid_t pid = irhw_fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        stdin_null();
        exec_tool(argv, log);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            irhw_child_done(pid);
            return -1;
        }
    irhw_child_done(pid);
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st); /* the shell's convention */
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

pid_t irhw_wait_any(int *st, double timeout_s)
{
    double end = irhw_now_s() + timeout_s;
    long nap_ns = 1000000; /* 1 ms, doubled up to 100 ms: a quick job is seen quickly */
    for (;;) {
        pid_t pid = waitpid(-1, st, WNOHANG);
        double left = end - irhw_now_s();
        if (pid != 0 || left <= 0)
            return pid;
        long ns = left < nap_ns / 1e9 ? (long)(left * 1e9) : nap_ns;
        struct timespec nap = {0, ns};
        if (nanosleep(&nap, NULL) && errno == EINTR)
            return -1;
        nap_ns = nap_ns < 50000000 ? 2 * nap_ns : 100000000;
    }
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

int irhw_run_group(char *const argv[], const char *log, int *sig)
{
    sigset_t old;
    pid_t parent = getpid();
    irhw_stop_signals_block(&old);
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
            stdin_null();
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
    struct sigaction fw = {.sa_handler = group_forward}, prev[IRHW_NSTOP_SIGS];
    group_sig = 0;
    group_pid = pid;
    for (unsigned i = 0; i < IRHW_NSTOP_SIGS; i++) {
        sigaction(irhw_stop_sigs[i], NULL, &prev[i]);
        if (prev[i].sa_handler != SIG_IGN) /* nohup's SIGHUP stays ignored */
            sigaction(irhw_stop_sigs[i], &fw, NULL);
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
    for (unsigned i = 0; i < IRHW_NSTOP_SIGS; i++)
        if (prev[i].sa_handler != SIG_IGN)
            sigaction(irhw_stop_sigs[i], &prev[i], NULL);
    *sig = group_sig;
    return group_sig ? 128 + group_sig : rc;
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

/* ---- outputs never overlap inputs --------------------------------------- */

/* The absolute path with every symbolic link of its existing part resolved;
 * the part that does not exist yet is appended as written, "." and ".."
 * applied. 0, or -1 when it is too long. */
static int io_canon(const char *path, char *buf, size_t len)
{
    char abs[PATH_MAX], rest[PATH_MAX] = "";
    size_t k = 0;
    if (path[0] != '/' && !getcwd(abs, sizeof abs))
        return -1;
    if (path[0] != '/')
        k = strlen(abs);
    if (k + strlen(path) + 2 > sizeof abs)
        return -1;
    snprintf(abs + k, sizeof abs - k, "%s%s", path[0] == '/' ? "" : "/", path);
    /* the longest prefix that exists, resolved; the rest kept in rest */
    char *real;
    while (!(real = realpath(abs, NULL))) {
        char *slash = strrchr(abs, '/');
        if (!slash)
            return -1;
        size_t r = strlen(rest), c = strlen(slash + 1);
        if (r + c + 2 > sizeof rest)
            return -1;
        memmove(rest + c + 1, rest, r + 1);
        memcpy(rest, slash + 1, c);
        rest[c] = '/';
        if (slash == abs)
            slash[1] = 0; /* "/": realpath cannot fail */
        else
            *slash = 0;
    }
    int n = snprintf(buf, len, "%s", strcmp(real, "/") ? real : "");
    free(real);
    char *save = NULL;
    for (char *c = strtok_r(rest, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (!strcmp(c, "."))
            continue;
        if (!strcmp(c, "..")) {
            char *s = strrchr(buf, '/');
            n = s ? (int)(s - buf) : 0;
            buf[n] = 0;
            continue;
        }
        n += snprintf(buf + n, len - (size_t)n, "/%s", c);
        if ((size_t)n >= len)
            return -1;
    }
    if (!buf[0])
        snprintf(buf, len, "/");
    return 0;
}

/* Is a (canonical) inside folder b or b itself? */
static int io_within(const char *a, const char *b)
{
    size_t n = strlen(b);
    if (!strcmp(b, "/"))
        return 1;
    return !strncmp(a, b, n) && (a[n] == 0 || a[n] == '/');
}

int irhw_io_check(const irhw_io *io, int n, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++) {
        if (io[i].kind == IRHW_IO_IN || !io[i].path)
            continue;
        char out[PATH_MAX];
        struct stat so;
        int out_exists = !stat(io[i].path, &so);
        if (io_canon(io[i].path, out, sizeof out))
            continue; /* too long to compare: the write itself will fail */
        for (int j = 0; j < n; j++) {
            if (io[j].kind != IRHW_IO_IN || !io[j].path)
                continue;
            char in[PATH_MAX];
            struct stat si;
            if (stat(io[j].path, &si) || io_canon(io[j].path, in, sizeof in))
                continue; /* a missing input: its reader says so */
            const char *how = NULL;
            if (io[i].kind == IRHW_IO_FILE) {
                if (out_exists && so.st_dev == si.st_dev && so.st_ino == si.st_ino)
                    how = "is the same file as";
            } else if (!strcmp(in, out)) {
                how = "is";
            } else if (io_within(in, out)) {
                how = "holds";
            } else if (S_ISDIR(si.st_mode) && io_within(out, in)) {
                how = "is inside";
            }
            if (how)
                return irhw_err(err, errlen,
                                "%s '%s' %s the input %s '%s': outputs never overlap inputs "
                                "(irhw would write over or clear it); give another %s",
                                io[i].opt, io[i].path, how, io[j].opt, io[j].path, io[i].hint);
        }
    }
    return 0;
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
