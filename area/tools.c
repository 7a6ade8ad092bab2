/*
 * tools.c — what the parts of area/ share to run the tools: paths, tool
 * runs, growing arrays, text search, script templates, ABC's options and
 * the progress lines (area_int.h). It calls no other file of area/, so
 * area.c, hier.c, liberty.c, sta.c and yosys_stat.c depend on it and not on
 * each other.
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"
#include "template.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int area_path_join(char *buf, size_t len, const char *dir, const char *name)
{
    int n = snprintf(buf, len, "%s/%s", dir, name);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

/* A tool run (model/files.c) with the failure to run, or a signal, as a message. */
int area_run_tool(char *const argv[], const char *out_path, char *err, size_t errlen)
{
    int rc = irhw_run(argv, out_path);
    if (rc < 0)
        return irhw_err(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
    if (rc > 128)
        return irhw_err(err, errlen, "%s was killed by signal %d (%s), log %s", argv[0], rc - 128,
                        strsignal(rc - 128), out_path);
    return rc;
}

/* Room for element n of the array *pp (capacity *cap, doubled from 16). */
int area_grow(void *pp, size_t n, size_t *cap, size_t elem)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 16;
    while (c <= n)
        c *= 2;
    void *t = realloc(*(void **)pp, c * elem);
    if (!t)
        return -1;
    *(void **)pp = t;
    *cap = c;
    return 0;
}

/* memmem without _GNU_SOURCE. */
const char *area_mem_find(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (memcmp(hay + i, needle, k) == 0)
            return hay + i;
    return NULL;
}

/* Last line of a text that contains `needle` (or the last non-empty line
 * when needle is NULL), copied into buf without the newline. */
void area_last_line_with(const char *text, const char *needle, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!text)
        return;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        int blank = strspn(p, " \t\r") >= n;
        int hit = needle ? (area_mem_find(p, n, needle) != NULL) : !blank;
        if (hit) {
            while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' '))
                n--;
            snprintf(buf, len, "%.*s", (int)n, p);
        }
        if (!e)
            break;
        p = e + 1;
    }
}

/* Reads IRHW_ROOT/synth_scripts/<name>, substitutes, writes to `dst`. */
int area_write_script(const char *name, const char *dst, const char *const *keys,
                      const char *const *vals, size_t nkeys, char *err, size_t errlen)
{
    return irhw_template_write(name, dst, keys, vals, nkeys, err, errlen);
}

static double progress_t0;

void area_progress_start(void)
{
    progress_t0 = irhw_now_s();
}

void area_progress(const irhw_area_req *q, const char *stage, unsigned k, unsigned n,
                   const char *what)
{
    irhw_signal_at("%s %u/%u %s", stage, k, n, what);
    if (q->progress)
        fprintf(stderr, "irhw area: [%.1f s] %s %u/%u %s\n", irhw_now_s() - progress_t0, stage, k,
                n, what);
}

/* ABC options and script (synth_scripts/abc.script.in). With a buffer cell
 * known, a delay target and a constraint file (inputs driven by that buffer,
 * 5 fF on outputs) make ABC buffer high-fanout nets and size gates; without
 * it, plain area mapping. */
int area_abc_options(const irhw_area_req *q, const char *dir, const lib_info *li, char *opts,
                     size_t len, char *err, size_t errlen)
{
    char script[PATHLEN], constr[PATHLEN], delay[64] = "", sizing[160] = "";
    if (area_path_join(script, sizeof script, dir, "abc.script") ||
        area_path_join(constr, sizeof constr, dir, "abc.constr"))
        return irhw_err(err, errlen, "work folder path too long");
    if (li->buf_cell[0]) {
        char text[256];
        snprintf(text, sizeof text, "set_driving_cell %s\nset_load 5\n", li->buf_cell);
        if (irhw_write_file(constr, text, err, errlen))
            return -1;
        double d_ps = q->clock_ns > 0 ? q->clock_ns * 1000.0 : 1e6;
        snprintf(delay, sizeof delay, "-D %.0f", d_ps);
        snprintf(sizing, sizeof sizing, "buffer\nupsize %s\ndnsize %s\nstime -p", delay, delay);
    }
    const char *keys[] = {"DELAY", "SIZING"}, *vals[] = {delay, sizing};
    if (area_write_script("abc.script.in", script, keys, vals, 2, err, errlen))
        return -1;
    if (snprintf(opts, len, "-script %s%s%s", script, li->buf_cell[0] ? " -constr " : "",
                 li->buf_cell[0] ? constr : "") >= (int)len)
        return irhw_err(err, errlen, "work folder path too long");
    return 0;
}
