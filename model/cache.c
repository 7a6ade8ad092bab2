/* cache.c — crash-safe cache entries and sealed text (cache.h). */
#include "cache.h"

#include "hash.h"
#include "irhw.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define STALE_TAG ".tmp" /* in the name of a private folder: private_dir */

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* One "file SIZE HASH NAME" line of dir's manifest checked; -1 with why. */
static int file_valid(const char *dir, const char *line, char *why, size_t len)
{
    unsigned long long size, hash;
    int at = 0;
    if (sscanf(line, "file %llu %llx %n", &size, &hash, &at) != 2 || !at)
        return 0;
    char fp[4800];
    uint64_t fs, fh;
    snprintf(fp, sizeof fp, "%s/%s", dir, line + at);
    if (irhw_hash_file(fp, &fs, &fh))
        return irhw_err(why, len, "%s: %s", line + at, strerror(errno));
    if (fs != size)
        return irhw_err(why, len, "%s is %llu bytes, its manifest says %llu", line + at,
                        (unsigned long long)fs, size);
    if (fh != hash)
        return irhw_err(why, len, "%s differs from its manifest's hash", line + at);
    return 0;
}

int irhw_entry_valid(const char *dir, char *why, size_t len)
{
    char mp[4600];
    snprintf(mp, sizeof mp, "%s/" IRHW_ENTRY_MANIFEST, dir);
    char *m = irhw_read_file(mp, NULL);
    if (!m)
        return irhw_err(why, len, errno == ENOENT ? "no manifest" : "cannot read %s: %s", mp,
                        strerror(errno));
    int files = 0, ended = 0, rc = 0;
    char *save = NULL, key[300] = "";
    for (char *l = strtok_r(m, "\n", &save); l && !rc; l = strtok_r(NULL, "\n", &save)) {
        if (sscanf(l, "key %299s", key) == 1)
            continue;
        if (strcmp(l, "end") == 0)
            ended = 1;
        else if (!strncmp(l, "file ", 5)) {
            files++;
            rc = file_valid(dir, l, why, len);
        }
    }
    free(m);
    if (rc)
        return -1;
    if (!ended || !files)
        return irhw_err(why, len, "manifest incomplete");
    if (strcmp(key, base_name(dir)) != 0)
        return irhw_err(why, len, "manifest of another entry (%s)", key);
    return 0;
}

/* DIR.tmp<host>-<pid>: a folder no other process, here or on another node
 * sharing the cache, writes to. */
static void private_dir(char *buf, size_t len, const char *dir)
{
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    host[strcspn(host, "/ '")] = 0;
    snprintf(buf, len, "%s" STALE_TAG "%s-%d", dir, host, (int)getpid());
}

/* Kills the processes whose working folder is in path; 1 if there were. */
static int kill_inside(const char *path)
{
    DIR *d = opendir("/proc");
    int found = 0;
    size_t n = strlen(path);
    for (struct dirent *de; d && (de = readdir(d));) {
        char link[300], cwd[4400];
        if (!isdigit((unsigned char)de->d_name[0]))
            continue;
        snprintf(link, sizeof link, "/proc/%s/cwd", de->d_name);
        ssize_t k = readlink(link, cwd, sizeof cwd - 1);
        if (k <= 0)
            continue;
        cwd[k] = 0;
        if (strncmp(cwd, path, n) == 0 && (cwd[n] == 0 || cwd[n] == '/')) {
            kill((pid_t)atoi(de->d_name), SIGKILL);
            found = 1;
        }
    }
    if (d)
        closedir(d);
    return found;
}

/* A private folder whose entry's lock is free: a making killed before it
 * could finish. Its tools, if any still run in it, are killed first; then
 * it is removed. */
static void clear_stale(const char *path)
{
    char *rp = realpath(path, NULL);
    for (int round = 0; rp && round < 40 && kill_inside(rp); round++)
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    free(rp);
    irhw_remove_tree(path);
}

/* The lock file of entry dir, open, or -1. */
static int entry_lock_fd(const char *dir)
{
    char lp[4600];
    snprintf(lp, sizeof lp, "%s.lock", dir);
    return open(lp, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
}

/* Removes the private folders in folder that no run is making: those
 * whose entry's lock is free. */
static void sweep_stale(const char *folder)
{
    DIR *d = opendir(folder);
    if (!d)
        return;
    for (struct dirent *de; (de = readdir(d));) {
        const char *t = strstr(de->d_name, STALE_TAG);
        if (!t || t == de->d_name)
            continue;
        char entry[4400], tmp[4400];
        snprintf(entry, sizeof entry, "%s/%.*s", folder, (int)(t - de->d_name), de->d_name);
        snprintf(tmp, sizeof tmp, "%s/%s", folder, de->d_name);
        int fd = entry_lock_fd(entry);
        if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
            clear_stale(tmp);
        if (fd >= 0)
            close(fd); /* and the lock with it */
    }
    closedir(d);
}

static void say(const irhw_entry *e, int what, const char *why)
{
    if (e->say)
        e->say(e->ctx, what, e->dir, why);
    else if (what == IRHW_ENTRY_WAITING)
        fprintf(stderr, "irhw: waiting for another irhw building %s\n", e->dir);
    else
        fprintf(stderr, "irhw: cache entry %s is damaged (%s): rebuilding it\n", e->dir, why);
}

/* The lock of e->dir held (waiting for another run if it must). */
static int lock_entry(irhw_entry *e, char *err, size_t errlen)
{
    int fd = entry_lock_fd(e->dir);
    if (fd < 0)
        return irhw_err(err, errlen, "cannot open the lock file %s.lock: %s", e->dir,
                        strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        int r = -1;
        if (errno == EWOULDBLOCK) {
            say(e, IRHW_ENTRY_WAITING, NULL);
            while ((r = flock(fd, LOCK_EX)) && errno == EINTR)
                ;
        }
        if (r) {
            irhw_err(err, errlen, "cannot lock %s.lock: %s", e->dir, strerror(errno));
            close(fd);
            return -1;
        }
    }
    e->lock = fd;
    return 0;
}

static void entry_release(irhw_entry *e)
{
    irhw_signal_forget(e->slot);
    e->slot = -1;
    close(e->lock);
    e->lock = -1;
}

/* The damaged entry moved aside and removed; the private folder fresh. */
static int entry_prepare(irhw_entry *e, const char *why, char *err, size_t errlen)
{
    struct stat st;
    private_dir(e->tmp, sizeof e->tmp, e->dir);
    if (lstat(e->dir, &st) == 0) {
        say(e, IRHW_ENTRY_DAMAGED, why);
        char old[4600];
        snprintf(old, sizeof old, "%s.old", e->tmp);
        irhw_remove_tree(old);
        if (rename(e->dir, old) != 0)
            return irhw_err(err, errlen, "cannot move the damaged cache entry %s aside: %s", e->dir,
                            strerror(errno));
        irhw_remove_tree(old);
    }
    irhw_remove_tree(e->tmp);
    e->slot = irhw_signal_file(e->tmp, IRHW_ON_SIGNAL_REMOVE);
    if (irhw_mkdirs(e->tmp))
        return irhw_err(err, errlen, "cannot create %s: %s", e->tmp, strerror(errno));
    return 0;
}

int irhw_entry_begin(irhw_entry *e, const char *dir, int *found, char *err, size_t errlen)
{
    char why[600], noerr[8];
    if (!err)
        err = noerr, errlen = sizeof noerr;
    e->lock = e->slot = -1;
    snprintf(e->dir, sizeof e->dir, "%s", dir);
    e->tmp[0] = 0;
    *found = 1;
    if (irhw_entry_valid(dir, why, sizeof why) == 0)
        return 0;
    *found = 0;
    char folder[4400]; /* (before this run holds a lock: sweep_stale takes them) */
    snprintf(folder, sizeof folder, "%.*s", (int)(base_name(dir) - dir), dir);
    if (folder[0] && irhw_mkdirs(folder))
        return irhw_err(err, errlen, "cannot create the cache folder %s: %s", folder,
                        strerror(errno));
    sweep_stale(folder[0] ? folder : ".");
    if (lock_entry(e, err, errlen))
        return -1;
    if (irhw_entry_valid(dir, why, sizeof why) == 0) { /* made while this run waited */
        entry_release(e);
        *found = 1;
        return 0;
    }
    if (entry_prepare(e, why, err, errlen)) {
        entry_release(e);
        return -1;
    }
    return 0;
}

int irhw_entry_run(irhw_entry *e, const char *cmd, const char *log)
{
    size_t n = strlen(e->tmp) + strlen(cmd) + 16;
    char *line = malloc(n);
    if (!line)
        return -1;
    snprintf(line, n, "cd '%s' && %s", e->tmp, cmd);
    char *argv[] = {"/bin/sh", "-c", line, NULL};
    int sig = 0, rc = irhw_run_group(argv, log, &sig);
    free(line);
    if (sig)
        irhw_reraise(sig); /* the registered private folders removed */
    return rc;
}

void irhw_entry_end(irhw_entry *e, char *failed, size_t len)
{
    if (e->lock < 0)
        return;
    if (failed) {
        snprintf(failed, len, "%s.failed", e->dir);
        irhw_remove_tree(failed);
        if (rename(e->tmp, failed) != 0)
            snprintf(failed, len, "%s", e->tmp);
    } else {
        irhw_remove_tree(e->tmp);
    }
    entry_release(e);
}

/* The manifest of e's n files, malloc'd; NULL with err. */
static char *manifest(const irhw_entry *e, const char *const *files, unsigned n, char *err,
                      size_t errlen)
{
    char fp[4800], *m = NULL;
    size_t ml = 0;
    FILE *f = open_memstream(&m, &ml);
    if (!f) {
        irhw_err(err, errlen, "out of memory");
        return NULL;
    }
    fprintf(f, "irhw cache entry\nkey %s\n", base_name(e->dir));
    for (unsigned i = 0; i < n; i++) {
        uint64_t size, hash;
        snprintf(fp, sizeof fp, "%s/%s", e->tmp, files[i]);
        if (irhw_hash_file(fp, &size, &hash)) {
            irhw_err(err, errlen, "the build made no %s: %s", fp, strerror(errno));
            fclose(f);
            free(m);
            return NULL;
        }
        fprintf(f, "file %" PRIu64 " %016" PRIx64 " %s\n", size, hash, files[i]);
    }
    fprintf(f, "end\n");
    if (fclose(f)) {
        irhw_err(err, errlen, "out of memory");
        free(m);
        return NULL;
    }
    return m;
}

int irhw_entry_commit(irhw_entry *e, const char *const *files, unsigned n, char *err, size_t errlen)
{
    char mp[4600], fp[4600], why[600], noerr[8];
    if (!err)
        err = noerr, errlen = sizeof noerr;
    char *m = manifest(e, files, n, err, errlen);
    snprintf(mp, sizeof mp, "%s/" IRHW_ENTRY_MANIFEST, e->tmp);
    int rc = m ? irhw_write_file(mp, m, err, errlen) : -1;
    free(m);
    if (rc == 0 && rename(e->tmp, e->dir) != 0 && irhw_entry_valid(e->dir, why, sizeof why))
        rc = irhw_err(err, errlen, "cannot rename %s to %s: %s", e->tmp, e->dir, strerror(errno));
    if (rc) {
        irhw_entry_end(e, NULL, 0);
        return -1;
    }
    irhw_remove_tree(e->tmp); /* (left when another run's entry was there first) */
    snprintf(fp, sizeof fp, "%s.failed", e->dir);
    irhw_remove_tree(fp);
    entry_release(e);
    return 0;
}

/* ---- sealed text ---- */

/* The seal line of text[0..len): "seal=<hash>\n". */
static void seal_line(const char *text, size_t len, char *buf, size_t blen)
{
    snprintf(buf, blen, "seal=%016" PRIx64 "\n", irhw_hash(IRHW_HASH_INIT, text, len));
}

char *irhw_seal(const char *text)
{
    size_t len = strlen(text);
    char line[32];
    seal_line(text, len, line, sizeof line);
    char *s = malloc(len + sizeof line);
    if (s)
        snprintf(s, len + sizeof line, "%s%s", text, line);
    return s;
}

int irhw_sealed(const char *text, size_t len)
{
    if (len < 22 || text[len - 1] != '\n')
        return 0;
    size_t body = len - 22; /* "seal=" + 16 hex digits + "\n" */
    char line[32];
    seal_line(text, body, line, sizeof line);
    return (body == 0 || text[body - 1] == '\n') && !memcmp(text + body, line, 22);
}
