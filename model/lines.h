/*
 * lines.h — text input files read line by line in bounded memory: the
 * graph files of `irhw workload`, CSV stimulus files of `cosim --stim-file`
 * and SRAM tables of `area --sram-table`. The reader holds one line at a
 * time (its buffer grows to the longest line read, never past the
 * caller's limit) and a fixed read chunk, so a huge or endless input
 * (a 1 GB file, /dev/zero) is rejected at its first bad line, not after
 * being loaded whole.
 *
 * Every error names the file (and the line): a directory, a missing or
 * unreadable file, a line longer than the limit, a NUL byte (not a text
 * file), a read error.
 */
#ifndef IRHW_LINES_H
#define IRHW_LINES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The longest line most text inputs accept (bytes, the newline excluded). */
#define IRHW_LINE_MAX ((size_t)1 << 20)

typedef struct {
    FILE *f;
    const char *name; /* in messages (the path as given) */
    char *buf;        /* the current line, NUL-terminated, writable */
    size_t cap, len;
    size_t max;  /* the longest line accepted; may change between lines */
    char *chunk; /* read-ahead */
    size_t cpos, cend;
    unsigned long line; /* number of the line last returned */
    uint64_t bytes;     /* bytes consumed through the line last returned */
    int64_t size;       /* a regular file's size in bytes, else -1 */
    int no_newline;     /* the line last returned ended at the end of the file */
    int held;           /* irhw_lines_hold: the next call returns it again */
    int own;            /* irhw_lines_open opened f */
} irhw_lines;

/* Opens path for reading lines of at most max bytes. 0, or -1 with
 * "PATH: is a directory" / "PATH: cannot read: <OS error>" in err. */
int irhw_lines_open(irhw_lines *r, const char *path, size_t max, char *err, size_t errlen);
/* The same over a stream the caller opened (and closes itself);
 * irhw_lines_close after either result. name is used in messages. */
int irhw_lines_from(irhw_lines *r, FILE *f, const char *name, size_t max, char *err, size_t errlen);
/* The next line, without its newline (a trailing '\r' dropped) in *s, *len:
 * 1; 0 at the end of the file; -1 with "NAME:LINE: ..." in err (a line
 * longer than r->max, a NUL byte, a read error). */
int irhw_lines_next(irhw_lines *r, char **s, size_t *len, char *err, size_t errlen);
/* The next irhw_lines_next returns the line last returned again. */
void irhw_lines_hold(irhw_lines *r);
/* Back to the first line of a regular file: 0, or -1 when the input cannot
 * seek (a pipe, a device). */
int irhw_lines_rewind(irhw_lines *r);
/* An input file other tools read whole (a liberty file): 0 when path is a
 * readable regular file, else -1 with "PATH: is a directory, not a file",
 * "PATH: is not a regular file (a device or a pipe)" or "PATH: cannot
 * read: <OS error>" in err. */
int irhw_regular_file(const char *path, char *err, size_t errlen);
/* Frees the buffers and closes a file irhw_lines_open opened. */
void irhw_lines_close(irhw_lines *r);

#endif
