/* pool.c — child-process job pool (pool.h). */
#include "pool.h"

#include "irhw.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    pid_t pid; /* 0: free */
    int id, fd;
    double t0;
} slot;

struct irhw_pool {
    unsigned limit, running;
    slot s[];
};

irhw_pool *irhw_pool_new(unsigned limit)
{
    if (limit < 1)
        limit = 1;
    irhw_pool *p = calloc(1, sizeof *p + limit * sizeof(slot));
    if (p)
        p->limit = limit;
    return p;
}

void irhw_pool_free(irhw_pool *p)
{
    free(p);
}

unsigned irhw_pool_running(const irhw_pool *p)
{
    return p->running;
}

int irhw_pool_full(const irhw_pool *p)
{
    return p->running >= p->limit;
}

/* The child: the job, its message down the pipe, its status. */
static void __attribute__((noreturn)) run_job(int fd, irhw_job_fn *fn, void *arg)
{
    char e[2048] = "";
    int rc = fn(arg, e, sizeof e);
    if (e[0] && write(fd, e, strlen(e)) < 0 && rc == 0)
        rc = 1;
    fflush(NULL);
    _exit(rc < 0 ? 1 : rc & 0xff);
}

int irhw_pool_start(irhw_pool *p, int id, irhw_job_fn *fn, void *arg)
{
    slot *s = NULL;
    for (unsigned i = 0; i < p->limit && !s; i++)
        if (!p->s[i].pid)
            s = &p->s[i];
    if (!s) {
        errno = EAGAIN;
        return -1;
    }
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = irhw_fork();
    if (pid < 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        run_job(fds[1], fn, arg);
    }
    close(fds[1]);
    *s = (slot){pid, id, fds[0], irhw_now_s()};
    p->running++;
    return 0;
}

/* The job's message (what it wrote before it exited). */
static void read_msg(int fd, char *buf, size_t len)
{
    size_t n = 0;
    for (ssize_t r; n < len - 1 && (r = read(fd, buf + n, len - 1 - n)) != 0;) {
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    close(fd);
}

int irhw_pool_wait_for(irhw_pool *p, irhw_job_end *end, double timeout_s)
{
    while (p->running > 0) {
        int st;
        pid_t pid = timeout_s < 0 ? waitpid(-1, &st, 0) : irhw_wait_any(&st, timeout_s);
        if (pid == 0)
            return 2;
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid < 0)
            return -1;
        irhw_child_done(pid);
        for (unsigned i = 0; i < p->limit; i++) {
            slot *s = &p->s[i];
            if (s->pid != pid)
                continue;
            end->id = s->id;
            end->exited = WIFEXITED(st);
            end->code = end->exited ? WEXITSTATUS(st) : 0;
            end->sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
            end->seconds = irhw_now_s() - s->t0;
            read_msg(s->fd, end->msg, sizeof end->msg);
            s->pid = 0;
            p->running--;
            return 1;
        }
    }
    return 0;
}

int irhw_pool_wait(irhw_pool *p, irhw_job_end *end)
{
    return irhw_pool_wait_for(p, end, -1);
}
