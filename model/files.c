/*
 * files.c — the few operating-system helpers every part shares: whole-file
 * read and write, mkdir -p, and running a tool with its output in a log.
 */
#include "irhw.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

int irhw_write_file_atomic(const char *path, const char *text, char *err, size_t errlen)
{
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp)
        return irhw_err(err, errlen, "cannot write %s: out of memory", path);
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
    int rc = irhw_write_file(tmp, text, err, errlen);
    if (!rc && rename(tmp, path))
        rc = irhw_err(err, errlen, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    if (rc)
        unlink(tmp);
    free(tmp);
    return rc;
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

int irhw_run(char *const argv[], const char *log)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
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

const char *irhw_root(void)
{
    const char *r = getenv("IRHW_ROOT");
    return r && *r ? r : IRHW_ROOT;
}
