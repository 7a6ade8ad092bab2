/*
 * wave.c — writes the GTKWave save file that opens a co-simulation trace
 * the way a debugger wants it (wave.h): the cycle number on top, then on a
 * mismatch a first group holding the mismatch flag and each differing
 * output above its expected value (exp_*), in colour; then clock and reset,
 * one group per interface of inputs, the outputs beside their expected
 * values, and the verdict. The window opens around the first failure,
 * with the primary marker and named marker A on it.
 *
 * Signal paths are those of the irhw_tb wrapper in the trace
 * (TOP.irhw_tb.<port>), whose ports mirror the block description.
 */
#include "wave.h"
#include "vbuild.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SCOPE "TOP.irhw_tb."

/* gtkw trace flags (GTKWave's TR_* bits): 0x22 hex, 0x28 binary, 0x24
 * decimal; a group's first and last rows 0x800200 and 0x1000200 open,
 * 0xc00200 and 0x1401200 closed. Colours: [color] 1 red, 3 yellow. */
enum { COLOR_RTL = 1, COLOR_EXP = 3 };

static void sig(FILE *f, const char *prefix, const irhw_port *p, int color)
{
    if (color)
        fprintf(f, "[color] %d\n", color);
    fprintf(f, "@%s\n", p->width == 1 ? "28" : "22");
    if (p->width == 1)
        fprintf(f, SCOPE "%s%s\n", prefix, p->name);
    else
        fprintf(f, SCOPE "%s%s[%u:0]\n", prefix, p->name, p->width - 1);
}

static void group(FILE *f, const char *name, int begin, int closed)
{
    fprintf(f, "@%s\n-%s\n",
            begin ? (closed ? "c00200" : "800200") : (closed ? "1401200" : "1000200"), name);
}

/* The lane count of the "lane" interface: the narrowest of its ports wider
 * than one bit (hwwl: push, 64 = CORES x LANES); 0 when it has none. */
static unsigned lane_count(const irhw_ports *ps)
{
    unsigned n = 0;
    for (unsigned i = 0; i < ps->n; i++)
        if (strcmp(ps->p[i].group, "lane") == 0 && ps->p[i].width > 1 && (!n || ps->p[i].width < n))
            n = ps->p[i].width;
    return n;
}

/* A port of the lane interface k > 1 bits a lane wide (hwwl's push_id, 24
 * bits x 64 lanes), also as one row per lane in a closed group under it:
 * GTKWave's combined vector of the port's bits, "(i)" counting from the
 * most significant bit. */
static void lanes(FILE *f, const char *prefix, const irhw_port *p, unsigned nl)
{
    if (!nl || strcmp(p->group, "lane") != 0 || p->width % nl || p->width / nl < 2)
        return;
    unsigned k = p->width / nl;
    char name[128];
    snprintf(name, sizeof name, "%s%s per lane", prefix, p->name);
    group(f, name, 1, 1);
    fprintf(f, "@22\n");
    for (unsigned l = 0; l < nl; l++) {
        fprintf(f, "#{" SCOPE "%s%s_lane%u[%u:0]}", prefix, p->name, l, k - 1);
        for (unsigned b = 0; b < k; b++)
            fprintf(f, " (%u)" SCOPE "%s%s[%u:0]", p->width - 1 - (l * k + k - 1) + b, prefix,
                    p->name, p->width - 1);
        fputc('\n', f);
    }
    group(f, name, 0, 1);
}

/* GTKWave's zoom for a window of t time units: at [size] 1600 900 and the
 * layout below it shows 5 * 2^-zoom units (GTKWave 3.3.118, measured with
 * gtkwave::getWindowEndTime; tests/cli/test_wave.sh checks the window). */
static double zoom_for(double t)
{
    return -log2(t / 5.0);
}

/* The real path of the folder holding `path` into buf, with a '/'. */
static int real_folder(const char *path, char *buf, size_t len)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1,
             slash ? path : ".");
    char *r = realpath(dir, NULL);
    int ok = r && (size_t)snprintf(buf, len, "%s%s", r, strcmp(r, "/") ? "/" : "") < len;
    free(r);
    return ok ? 0 : -1;
}

/* The trace's path relative to the .gtkw's folder ("w.fst", "../run/w.fst"),
 * so that a folder moved with both still opens; its absolute path when the
 * folders cannot be resolved. */
static void dumpfile_path(const char *gtkw_path, const char *trace_path, char *buf, size_t len)
{
    char from[4096], to[4096];
    const char *base = strrchr(trace_path, '/');
    base = base ? base + 1 : trace_path;
    if (real_folder(gtkw_path, from, sizeof from) || real_folder(trace_path, to, sizeof to)) {
        char *abs = realpath(trace_path, NULL);
        snprintf(buf, len, "%s", abs ? abs : trace_path);
        free(abs);
        return;
    }
    size_t common = 0; /* the folders' common part, up to a '/' */
    for (size_t i = 0; from[i] && from[i] == to[i]; i++)
        if (from[i] == '/')
            common = i + 1;
    size_t o = 0;
    for (const char *p = from + common; *p; p++)
        if (*p == '/' && o + 4 < len)
            o += (size_t)snprintf(buf + o, len - o, "../");
    snprintf(buf + o, len - o, "%s%s", to + common, base);
}

/* [savefile] as a bare name beside a relative [dumpfile]: GTKWave (3.3's
 * find_dumpfile) then opens the dump relative to the .gtkw's own folder,
 * not to the working folder. */
static void write_view(FILE *f, const char *dumpfile, const char *savefile, const irhw_ports *ps,
                       const irhw_gtkw_view *v)
{
    fprintf(f, "[*] GTKWave save file written by irhw %s\n", IRHW_VERSION);
    fprintf(f, "[dumpfile] \"%s\"\n", dumpfile);
    if (dumpfile[0] != '/')
        fprintf(f, "[savefile] \"%s\"\n", savefile);
    long long mt = v->mismatch_time, cp = v->cycle_ps > 0 ? v->cycle_ps : 10;
    /* IRHW_GTKW_BEFORE cycles before the first failure to IRHW_GTKW_AFTER
     * after it (from the start when it is earlier), a cycle more each side */
    long long start = mt - (IRHW_GTKW_BEFORE + 1) * cp;
    if (mt < 0 || start < 0)
        start = 0;
    double zoom = mt < 0 ? -4.0 : zoom_for((double)(mt + (IRHW_GTKW_AFTER + 1) * cp - start));
    fprintf(f, "[timestart] %lld\n[size] 1600 900\n[pos] -1 -1\n", start);
    /* zoom, primary marker, then named markers A..Z (-1 = unset) */
    fprintf(f, "*%.6f %lld %lld", zoom, mt >= 0 ? mt : -1LL, mt >= 0 ? mt : -1LL);
    for (int i = 1; i < 26; i++)
        fprintf(f, " -1");
    fprintf(f, "\n[treeopen] TOP.\n[treeopen] TOP.irhw_tb.\n[sst_width] 260\n"
               "[signals_width] 300\n[sst_expanded] 1\n[sst_vpaned_height] 300\n");

    fprintf(f, "@24\n" SCOPE "cycle[%d:0]\n", IRHW_TB_CYCLE_BITS - 1);
    unsigned nl = lane_count(ps);
    int any = 0;
    for (unsigned i = 0; v->differ && mt >= 0 && i < ps->n; i++)
        any |= ps->p[i].dir == IRHW_OUT && v->differ[i];
    if (any) {
        char name[96];
        snprintf(name, sizeof name, "first mismatch: cycle %lld", mt / cp);
        group(f, name, 1, 0);
        fprintf(f, "[color] %d\n@28\n" SCOPE "mismatch\n", COLOR_RTL);
        for (unsigned i = 0; i < ps->n; i++)
            if (ps->p[i].dir == IRHW_OUT && v->differ[i]) {
                sig(f, "", &ps->p[i], COLOR_RTL);
                sig(f, "exp_", &ps->p[i], COLOR_EXP);
            }
        group(f, name, 0, 0);
    }

    group(f, "clock and reset", 1, 0);
    fprintf(f, "@28\n" SCOPE "clk\n");
    sig(f, "", &ps->p[0], 0);
    group(f, "clock and reset", 0, 0);

    /* inputs, then outputs, one group per interface, in description order */
    for (int dir = IRHW_IN; dir <= IRHW_OUT; dir++) {
        const char *done[IRHW_MAX_PORTS];
        unsigned ndone = 0;
        for (unsigned i = (dir == IRHW_IN); i < ps->n; i++) {
            const irhw_port *p = &ps->p[i];
            if ((int)p->dir != dir)
                continue;
            int seen = 0;
            for (unsigned k = 0; k < ndone; k++)
                seen |= strcmp(done[k], p->group) == 0;
            if (seen)
                continue;
            done[ndone++] = p->group;
            char name[96];
            snprintf(name, sizeof name, "%s %s", dir == IRHW_IN ? "inputs:" : "outputs:", p->group);
            group(f, name, 1, 0);
            for (unsigned k = 1; k < ps->n; k++) {
                const irhw_port *q = &ps->p[k];
                if ((int)q->dir != dir || strcmp(q->group, p->group) != 0)
                    continue;
                sig(f, "", q, 0);
                if (dir == IRHW_OUT)
                    sig(f, "exp_", q, 0); /* expected value right under the actual one */
                lanes(f, "", q, nl);
                if (dir == IRHW_OUT)
                    lanes(f, "exp_", q, nl);
            }
            group(f, name, 0, 0);
        }
    }
    group(f, "verdict", 1, 0);
    fprintf(f, "@28\n" SCOPE "mismatch\n");
    group(f, "verdict", 0, 0);
    fprintf(f, "[pattern_trace] 1\n[pattern_trace] 0\n");
}

int irhw_gtkw_write(const char *gtkw_path, const char *trace_path, const irhw_ports *ps,
                    const irhw_gtkw_view *v, char *err, size_t errlen)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return irhw_err(err, errlen, "cannot write %s: %s", gtkw_path, strerror(errno));
    char dumpfile[8192];
    dumpfile_path(gtkw_path, trace_path, dumpfile, sizeof dumpfile);
    const char *savefile = strrchr(gtkw_path, '/');
    write_view(f, dumpfile, savefile ? savefile + 1 : gtkw_path, ps, v);
    if (fclose(f)) {
        free(text);
        return irhw_err(err, errlen, "cannot write %s: %s", gtkw_path, strerror(errno));
    }
    int rc = irhw_write_file(gtkw_path, text, err, errlen);
    free(text);
    return rc;
}
