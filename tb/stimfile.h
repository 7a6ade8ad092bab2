/*
 * stimfile.h — input traces as CSV files: `cosim --stim-file F` drives
 * model and RTL from one, `cosim --record F` writes one, `--shrink` writes
 * the shrunk failing one.
 *
 * Format: the first line that is not blank and does not start with '#' is
 * the header, every input port of the block once (rst included), in any
 * order, separated by commas. Every further line is one cycle, from cycle
 * 0: one value per column, decimal (42) or hexadecimal with 0x (0x2a, '_'
 * separators allowed); ports wider than 64 bits take hexadecimal only. A value must fit in its
 * port's width. Blank lines and lines starting with '#' are skipped;
 * spaces around values are ignored. The driver holds rst high in cycles 0
 * and 1 whatever the file says (as for every stimulus).
 */
#ifndef IRHW_STIMFILE_H
#define IRHW_STIMFILE_H

#include "irhw.h"

/* Input vectors, one row of `words` (the ports' in_words) per cycle. */
typedef struct {
    uint64_t *v;
    uint64_t n, cap;
    unsigned words;
} irhw_rows;

void irhw_rows_init(irhw_rows *r, unsigned words);
void irhw_rows_free(irhw_rows *r);
/* Appends one row; -1 when out of memory. */
int irhw_rows_push(irhw_rows *r, const uint64_t *in);
static inline uint64_t *irhw_row(const irhw_rows *r, uint64_t i)
{
    return r->v + i * r->words;
}

/* One value of `width` bits from t[0..n): decimal, or hexadecimal with 0x
 * ('_' separators allowed, any width); 0, or -1 and why not ("does not fit
 * in the port's width"). Also reads the values of directed scenarios. */
int irhw_parse_value(const char *t, size_t n, unsigned width, uint64_t *w, const char **why);

/* Reads a CSV trace for these ports. -1 with a message naming the file,
 * line, column and what is wrong (missing or unknown column, a value that
 * is not a number or does not fit, a row with too few or too many values). */
int irhw_stimfile_read(const char *path, const irhw_ports *ps, irhw_rows *r, char *err,
                       size_t errlen);
/* The header line, and one row (hex for ports wider than one bit). */
void irhw_csv_header(FILE *f, const irhw_ports *ps);
void irhw_csv_row(FILE *f, const irhw_ports *ps, const uint64_t *in);
/* The bytes irhw_csv_row writes for ps (newline included) when every value
 * takes its port's full width, as random stimuli nearly do. */
uint64_t irhw_csv_row_bytes(const irhw_ports *ps);
/* A whole trace, with a leading '#' comment line (NULL: none). */
int irhw_stimfile_write(const char *path, const irhw_ports *ps, const irhw_rows *r,
                        const char *comment, char *err, size_t errlen);

#endif
