/*
 * cache.h — irhw's one crash-safe cache: an entry is a folder built whole
 * in a private folder, sealed with a manifest written last, and renamed
 * into place, so it is there complete or not at all. The Verilator build
 * cache (tb/vbuild.c), the synthesis cache (area/hier.c) and the sweeps'
 * and figures' results (sealed text: irhw_seal) all use it.
 *
 * An entry DIR: its manifest DIR/irhw-entry names the entry (its folder's
 * name, which holds its key) and lists each file with its size and hash
 * (irhw_hash_file); a lookup validates it before use, and a damaged entry
 * is moved aside and made again, with a line on stderr. One run makes an
 * entry at a time (flock on DIR.lock); the others wait, then use it. The
 * private folder DIR.tmp<host>-<pid> is named by host and process (sweep
 * tasks on several Slurm nodes may share a cache folder), removed if irhw
 * is stopped by a signal (irhw_signal_file), and one left by a killed run
 * is removed by the next run that finds its entry's lock free, after
 * killing any process still working in it.
 */
#ifndef IRHW_CACHE_H
#define IRHW_CACHE_H

#include <stddef.h>

#define IRHW_ENTRY_MANIFEST "irhw-entry"

/* What an entry lookup tells its user: another run holds the entry (and
 * this one waits), or the entry is damaged (why: what is wrong) and is
 * made again. */
enum { IRHW_ENTRY_WAITING, IRHW_ENTRY_DAMAGED };
typedef void irhw_entry_say(void *ctx, int what, const char *dir, const char *why);

/* An entry being looked up, then made. Set say (and ctx) before
 * irhw_entry_begin for messages of your own; NULL: "irhw: waiting for
 * another irhw building DIR", "irhw: cache entry DIR is damaged (WHY):
 * rebuilding it". */
typedef struct {
    char dir[4400], tmp[4500];
    int lock; /* held while making; -1 otherwise */
    int slot; /* the private folder's signal registration */
    irhw_entry_say *say;
    void *ctx;
} irhw_entry;

/* 0 when dir is a complete entry: its manifest names it and every file it
 * lists has the size and hash listed; else -1 with what is wrong in why. */
int irhw_entry_valid(const char *dir, char *why, size_t len);
/* Looks dir up: *found 1 when it is a valid entry (perhaps after waiting
 * for the run making it). Else the lock is held, the damaged entry (if
 * any) and stale private folders are gone, and e->tmp is a fresh folder to
 * make it in, to end with irhw_entry_commit or irhw_entry_end. err may be
 * NULL. */
int irhw_entry_begin(irhw_entry *e, const char *dir, int *found, char *err, size_t errlen);
/* Runs the shell line `cd <e->tmp> && cmd` (its output into log) in a
 * process group of its own; its exit status. Stopped by SIGINT, SIGTERM or
 * SIGHUP: the private folders removed, irhw dies of the signal. */
int irhw_entry_run(irhw_entry *e, const char *cmd, const char *log);
/* Seals the private folder (the manifest of the n files named, written
 * last) and renames it into place; the lock released. */
int irhw_entry_commit(irhw_entry *e, const char *const *files, unsigned n, char *err,
                      size_t errlen);
/* Ends a making that did not commit: the private folder removed, or kept
 * as DIR.failed (replaced by the next failure, removed by the next
 * success) when failed is not NULL (its path into failed); the lock
 * released. */
void irhw_entry_end(irhw_entry *e, char *failed, size_t len);

/* Sealed text, for results kept in one file: the text, then a last line
 * "seal=<irhw_hash of everything before it>". irhw_seal: a malloc'd copy
 * of text with its seal (text ends with a newline or is ""); NULL when out
 * of memory. irhw_sealed: 1 when text[0..len) ends with the seal of the
 * rest (whole and unchanged since it was sealed). */
char *irhw_seal(const char *text);
int irhw_sealed(const char *text, size_t len);

#endif
