/*
 * signals.c — what every verb does when SIGINT, SIGTERM or SIGHUP stops it
 * (irhw.h, docs/errors.md "Signals"): the child processes are stopped, the
 * files being written are left whole or as PATH.partial, private folders are
 * removed, one line says where the run stopped, and irhw dies of the signal.
 *
 * The registries are fixed arrays that a signal handler may read at any
 * moment: a slot is claimed (state 1), filled, then published (state 2);
 * the handler acts only on published slots its own process registered (a
 * forked job inherits its parent's, and leaves them to the parent). The
 * handler uses async-signal-safe calls only (kill, waitpid, rename, unlink,
 * getdents64, write).
 */
#include "irhw.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NFILES 64
#define NCHILDREN 128
#define GRACE_MS 3000 /* from the forwarded signal to SIGKILL */

typedef struct {
    volatile sig_atomic_t state; /* 0 free, 1 being filled, 2 published */
    pid_t owner;
    int how;
    char path[4200];
} file_slot;

typedef struct {
    volatile sig_atomic_t state;
    pid_t owner, pid; /* pid leads a process group of its own */
} child_slot;

static file_slot files[NFILES];
static child_slot children[NCHILDREN];
static char verb_name[64];
static pid_t main_pid; /* the irhw that prints the message; forked jobs are silent */
static struct timespec t_start;
static char where[2][512];
static volatile sig_atomic_t where_at = -1, stopping;

const int irhw_stop_sigs[IRHW_NSTOP_SIGS] = {SIGINT, SIGTERM, SIGHUP};

static int claim(volatile sig_atomic_t *state)
{
    sig_atomic_t free_state = 0;
    return __atomic_compare_exchange_n(state, &free_state, 1, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED);
}

int irhw_signal_file(const char *path, int how)
{
    if (strlen(path) >= sizeof files[0].path)
        return -1;
    for (int i = 0; i < NFILES; i++)
        if (claim(&files[i].state)) {
            files[i].owner = getpid();
            files[i].how = how;
            strcpy(files[i].path, path);
            __atomic_store_n(&files[i].state, 2, __ATOMIC_RELEASE);
            return i;
        }
    return -1;
}

void irhw_signal_forget(int slot)
{
    if (slot >= 0 && slot < NFILES)
        __atomic_store_n(&files[slot].state, 0, __ATOMIC_RELEASE);
}

static void child_add(pid_t pid)
{
    for (int i = 0; i < NCHILDREN; i++)
        if (claim(&children[i].state)) {
            children[i].owner = getpid();
            children[i].pid = pid;
            __atomic_store_n(&children[i].state, 2, __ATOMIC_RELEASE);
            return;
        }
}

void irhw_child_done(pid_t pid)
{
    pid_t me = getpid();
    for (int i = 0; i < NCHILDREN; i++)
        if (children[i].state == 2 && children[i].pid == pid && children[i].owner == me)
            __atomic_store_n(&children[i].state, 0, __ATOMIC_RELEASE);
}

void irhw_stop_signals_block(void *old)
{
    sigset_t block;
    sigemptyset(&block);
    for (unsigned i = 0; i < IRHW_NSTOP_SIGS; i++)
        sigaddset(&block, irhw_stop_sigs[i]);
    fflush(NULL);
    sigprocmask(SIG_BLOCK, &block, old);
}

pid_t irhw_fork(void)
{
    sigset_t old;
    pid_t parent = getpid();
    irhw_stop_signals_block(&old); /* no signal finds the child unregistered */
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) /* irhw died before the line above */
            raise(SIGTERM);
    } else if (pid > 0) {
        setpgid(pid, pid);
        child_add(pid);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return pid;
}

void irhw_signal_at(const char *fmt, ...)
{
    int next = where_at == 0 ? 1 : 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(where[next], sizeof where[next], fmt, ap);
    va_end(ap);
    where_at = next;
}

/* ---- the handler's async-signal-safe helpers ---------------------------- */

static void say(char *buf, size_t *n, size_t cap, const char *s)
{
    while (*s && *n + 1 < cap)
        buf[(*n)++] = *s++;
    buf[*n] = 0;
}

static void say_num(char *buf, size_t *n, size_t cap, long v)
{
    char d[24];
    int k = 0;
    do
        d[k++] = (char)('0' + v % 10);
    while ((v /= 10) > 0 && k < 23);
    char s[24];
    for (int i = 0; i < k; i++)
        s[i] = d[k - 1 - i];
    s[k] = 0;
    say(buf, n, cap, s);
}

static void put_err(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(2, s, n);
        if (w <= 0 && errno != EINTR)
            return;
        if (w > 0)
            s += w, n -= (size_t)w;
    }
}

/* rm -rf name under dirfd without malloc (getdents64); depth-bounded. */
static void remove_at(int dirfd, const char *name, int depth)
{
    if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
        return;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    char buf[2048];
    for (int round = 0; round < 100000 && depth < 40;) {
        long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (n <= 0)
            break;
        for (long off = 0; off < n;) {
            const char *rec = buf + off;
            unsigned short reclen;
            memcpy(&reclen, rec + 16, sizeof reclen);
            const char *nm = rec + 19; /* d_ino 8, d_off 8, d_reclen 2, d_type 1 */
            if (strcmp(nm, ".") && strcmp(nm, ".."))
                remove_at(fd, nm, depth + 1);
            off += reclen;
            round++;
        }
    }
    close(fd);
    unlinkat(dirfd, name, AT_REMOVEDIR);
}

static long ms_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0->tv_sec) * 1000L + (t.tv_nsec - t0->tv_nsec) / 1000000L;
}

/* The registered children of this process: sent sig, waited for up to
 * GRACE_MS, then their groups killed (a tool's own children with them). */
static void stop_children(int sig, pid_t me)
{
    int live[NCHILDREN] = {0}, any = 0;
    for (int i = 0; i < NCHILDREN; i++)
        if (children[i].state == 2 && children[i].owner == me) {
            live[i] = kill(-children[i].pid, sig) == 0 || kill(children[i].pid, sig) == 0;
            any |= live[i];
        }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (any) {
        any = 0;
        for (int i = 0; i < NCHILDREN; i++) {
            if (!live[i])
                continue;
            int st;
            pid_t w = waitpid(children[i].pid, &st, WNOHANG);
            if (w == children[i].pid || (w < 0 && errno == ECHILD))
                live[i] = 0;
            any |= live[i];
        }
        if (!any || ms_since(&t0) > GRACE_MS)
            break;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    for (int i = 0; i < NCHILDREN; i++)
        if (children[i].state == 2 && children[i].owner == me) {
            kill(-children[i].pid, SIGKILL); /* what is left of the group */
            if (live[i])
                waitpid(children[i].pid, NULL, 0);
        }
}

static const char *sig_name(int sig)
{
    return sig == SIGINT    ? "SIGINT"
           : sig == SIGTERM ? "SIGTERM"
           : sig == SIGHUP  ? "SIGHUP"
                            : "a signal";
}

void irhw_reraise(int sig)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, NULL);
    if (!stopping) {
        stopping = 1;
        pid_t me = getpid();
        stop_children(sig, me);
        char msg[8192];
        size_t n = 0;
        int loud = me == main_pid && verb_name[0];
        if (loud) {
            say(msg, &n, sizeof msg, "irhw ");
            say(msg, &n, sizeof msg, verb_name);
            say(msg, &n, sizeof msg, ": stopped by ");
            say(msg, &n, sizeof msg, sig_name(sig));
            long ms = ms_since(&t_start);
            say(msg, &n, sizeof msg, " after ");
            say_num(msg, &n, sizeof msg, ms / 1000);
            say(msg, &n, sizeof msg, ".");
            say_num(msg, &n, sizeof msg, ms / 100 % 10);
            say(msg, &n, sizeof msg, " s");
            int w = where_at;
            if (w >= 0) {
                say(msg, &n, sizeof msg, ", at ");
                say(msg, &n, sizeof msg, where[w]);
            }
            say(msg, &n, sizeof msg, "\n");
        }
        for (int i = 0; i < NFILES; i++) {
            file_slot *f = &files[i];
            if (f->state != 2 || f->owner != me)
                continue;
            if (f->how == IRHW_ON_SIGNAL_PARTIAL) {
                char part[4300];
                size_t k = 0;
                say(part, &k, sizeof part, f->path);
                say(part, &k, sizeof part, ".partial");
                if (rename(f->path, part) == 0 && loud) {
                    say(msg, &n, sizeof msg, "irhw ");
                    say(msg, &n, sizeof msg, verb_name);
                    say(msg, &n, sizeof msg, ": the unfinished ");
                    say(msg, &n, sizeof msg, f->path);
                    say(msg, &n, sizeof msg, " is kept as ");
                    say(msg, &n, sizeof msg, part);
                    say(msg, &n, sizeof msg, "\n");
                } else if (errno != ENOENT)
                    unlink(f->path);
            } else {
                remove_at(AT_FDCWD, f->path, 0);
            }
        }
        if (loud)
            put_err(msg, n);
    }
    signal(sig, SIG_DFL);
    raise(sig);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    _exit(128 + sig);
}

static void on_stop(int sig)
{
    irhw_reraise(sig);
}

void irhw_signals_init(const char *verb)
{
    snprintf(verb_name, sizeof verb_name, "%s", verb);
    main_pid = getpid();
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    struct sigaction sa = {.sa_handler = on_stop};
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < IRHW_NSTOP_SIGS; i++)
        sigaddset(&sa.sa_mask, irhw_stop_sigs[i]);
    for (unsigned i = 0; i < IRHW_NSTOP_SIGS; i++) {
        struct sigaction prev;
        sigaction(irhw_stop_sigs[i], NULL, &prev);
        if (prev.sa_handler != SIG_IGN) /* nohup's SIGHUP stays ignored */
            sigaction(irhw_stop_sigs[i], &sa, NULL);
    }
}
