/*
 * lines.c — bounded line-by-line reading of text inputs (lines.h).
 */
#include "lines.h"

#include "irhw.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK 65536

int irhw_lines_from(irhw_lines *r, FILE *f, const char *name, size_t max, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->name = name;
    r->max = max;
    r->size = -1;
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return irhw_err(err, errlen, "%s: is a directory, not a file", name);
        if (S_ISREG(st.st_mode))
            r->size = (int64_t)st.st_size;
    }
    r->chunk = malloc(CHUNK);
    r->cap = 256;
    r->buf = malloc(r->cap);
    if (!r->chunk || !r->buf)
        return irhw_err(err, errlen, "%s: out of memory", name);
    return 0;
}

int irhw_regular_file(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) || access(path, R_OK))
        return irhw_err(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return irhw_err(err, errlen, "%s: is a directory, not a file", path);
    if (!S_ISREG(st.st_mode))
        return irhw_err(err, errlen, "%s: is not a regular file (a device or a pipe)", path);
    return 0;
}

int irhw_lines_open(irhw_lines *r, const char *path, size_t max, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    irhw_signal_at("reading %s", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return irhw_err(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    int rc = irhw_lines_from(r, f, path, max, err, errlen);
    r->own = 1;
    if (rc)
        irhw_lines_close(r);
    return rc;
}

/* Appends n bytes of the current line; -1 (message in err) past the limit
 * or at a NUL byte. */
static int append(irhw_lines *r, const char *p, size_t n, char *err, size_t errlen)
{
    const char *nul = memchr(p, 0, n);
    if (nul)
        return irhw_err(err, errlen, "%s:%lu: a NUL byte at column %zu: expected a text file",
                        r->name, r->line + 1, r->len + (size_t)(nul - p) + 1);
    if (n > r->max - r->len)
        return irhw_err(err, errlen,
                        "%s:%lu: the line is longer than the limit of %zu bytes (is this the "
                        "right file?)",
                        r->name, r->line + 1, r->max);
    if (r->len + n + 1 > r->cap) {
        size_t cap = r->cap;
        while (cap < r->len + n + 1)
            cap *= 2;
        char *b = realloc(r->buf, cap);
        if (!b)
            return irhw_err(err, errlen, "%s:%lu: out of memory", r->name, r->line + 1);
        r->buf = b;
        r->cap = cap;
    }
    memcpy(r->buf + r->len, p, n);
    r->len += n;
    return 0;
}

int irhw_lines_next(irhw_lines *r, char **s, size_t *len, char *err, size_t errlen)
{
    if (r->held) {
        r->held = 0;
        *s = r->buf;
        *len = r->len;
        return 1;
    }
    r->len = 0;
    int got = 0, newline = 0;
    for (;;) {
        if (r->cpos == r->cend) {
            r->cpos = 0;
            r->cend = fread(r->chunk, 1, CHUNK, r->f);
            if (!r->cend) {
                if (ferror(r->f))
                    return irhw_err(err, errlen, "%s:%lu: cannot read: %s", r->name, r->line + 1,
                                    strerror(errno ? errno : EIO));
                break;
            }
        }
        got = 1;
        const char *p = r->chunk + r->cpos;
        size_t n = r->cend - r->cpos;
        const char *nl = memchr(p, '\n', n);
        size_t take = nl ? (size_t)(nl - p) : n;
        if (append(r, p, take, err, errlen))
            return -1;
        r->cpos += take + (nl != NULL);
        r->bytes += take + (nl != NULL);
        if (nl) {
            newline = 1;
            break;
        }
    }
    if (!got)
        return 0;
    r->line++;
    r->no_newline = !newline;
    if (r->len && r->buf[r->len - 1] == '\r')
        r->len--;
    r->buf[r->len] = 0;
    *s = r->buf;
    *len = r->len;
    return 1;
}

void irhw_lines_hold(irhw_lines *r)
{
    r->held = 1;
}

int irhw_lines_rewind(irhw_lines *r)
{
    if (r->size < 0 || fseek(r->f, 0, SEEK_SET))
        return -1;
    clearerr(r->f);
    r->cpos = r->cend = r->len = 0;
    r->line = 0;
    r->bytes = 0;
    r->no_newline = r->held = 0;
    return 0;
}

void irhw_lines_close(irhw_lines *r)
{
    if (r->own && r->f)
        fclose(r->f);
    free(r->buf);
    free(r->chunk);
    memset(r, 0, sizeof *r);
}
