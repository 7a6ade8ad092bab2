/* hash.c — FNV-1a/64 and the file hash (hash.h). */
#include "hash.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FNV_PRIME 0x100000001b3ULL
#define SEPARATOR 0xff

uint64_t irhw_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * FNV_PRIME;
    return h;
}

uint64_t irhw_hash_field(uint64_t h, const void *p, size_t n)
{
    return (irhw_hash(h, p, n) ^ SEPARATOR) * FNV_PRIME;
}

uint64_t irhw_hash_str(uint64_t h, const char *s)
{
    return irhw_hash_field(h, s ? s : "", s ? strlen(s) : 0);
}

/* Fills buf with up to n bytes (fewer only at the end of the file). */
static ssize_t read_full(int fd, unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

/* One chunk into h: whole 8-byte words, then the bytes left. */
static uint64_t hash_chunk(uint64_t h, const unsigned char *buf, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, buf + i, 8);
        h = (h ^ w) * FNV_PRIME;
        h ^= h >> 29;
    }
    return irhw_hash(h, buf + i, n - i);
}

int irhw_hash_file(const char *path, uint64_t *size, uint64_t *hash)
{
    enum { CHUNK = 1 << 18 };
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    unsigned char *buf = malloc(CHUNK);
    uint64_t h = IRHW_HASH_INIT, n = 0;
    int rc = buf ? 0 : -1;
    while (rc == 0) {
        ssize_t got = read_full(fd, buf, CHUNK);
        if (got < 0) {
            rc = -1;
            break;
        }
        h = hash_chunk(h, buf, (size_t)got);
        n += (uint64_t)got;
        if (got < CHUNK)
            break;
    }
    int saved = errno;
    free(buf);
    close(fd);
    errno = saved;
    *size = n;
    *hash = h;
    return rc;
}

uint64_t irhw_hash_file_into(uint64_t h, const char *path)
{
    uint64_t size, fh;
    if (!path || irhw_hash_file(path, &size, &fh))
        return irhw_hash_str(h, path);
    h = irhw_hash_field(h, &size, sizeof size);
    return irhw_hash_field(h, &fh, sizeof fh);
}
