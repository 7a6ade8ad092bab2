/*
 * wave.c — writes the GTKWave save file that opens a co-simulation trace
 * the way a debugger wants it: clock and reset on top, then one group per
 * interface of inputs, the outputs beside the model's expected values
 * (exp_*), and the mismatch flag; the primary marker and named marker A
 * sit on the first mismatch.
 *
 * Signal paths are those of the irhw_tb wrapper in the Verilated trace
 * (TOP.irhw_tb.<port>), whose ports mirror the block description.
 */
#include "wave.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SCOPE "TOP.irhw_tb."

/* gtkw trace flags: 0x22 hex, 0x28 binary; 0x800200 / 0x1000200 open/close a group. */
static void sig(FILE *f, const char *prefix, const irhw_port *p)
{
    fprintf(f, "@%s\n", p->width == 1 ? "28" : "22");
    if (p->width == 1)
        fprintf(f, SCOPE "%s%s\n", prefix, p->name);
    else
        fprintf(f, SCOPE "%s%s[%u:0]\n", prefix, p->name, p->width - 1);
}

static void group(FILE *f, const char *name, int open)
{
    fprintf(f, "@%s\n-%s\n", open ? "800200" : "1000200", name);
}

int irhw_gtkw_write(const char *gtkw_path, const char *trace_path, const irhw_ports *ps,
                    long long mismatch_time, char *err, size_t errlen)
{
    irhw_out *o = irhw_out_open(gtkw_path, err, errlen);
    if (!o)
        return -1;
    FILE *f = irhw_out_file(o);
    char *abs = realpath(trace_path, NULL);
    fprintf(f, "[*] GTKWave save file written by irhw %s\n", IRHW_VERSION);
    fprintf(f, "[dumpfile] \"%s\"\n", abs ? abs : trace_path);
    free(abs);
    /* open a few cycles before the first mismatch */
    long long start = mismatch_time > 60 ? mismatch_time - 60 : 0;
    fprintf(f, "[timestart] %lld\n[size] 1600 900\n[pos] -1 -1\n", start);
    /* zoom, primary marker, then named markers A..Z (-1 = unset) */
    fprintf(f, "*-4.000000 %lld %lld", mismatch_time >= 0 ? mismatch_time : -1LL,
            mismatch_time >= 0 ? mismatch_time : -1LL);
    for (int i = 1; i < 26; i++)
        fprintf(f, " -1");
    fprintf(f, "\n[treeopen] TOP.\n[treeopen] TOP.irhw_tb.\n[sst_width] 260\n"
               "[signals_width] 300\n[sst_expanded] 1\n[sst_vpaned_height] 300\n");

    group(f, "clock and reset", 1);
    fprintf(f, "@28\n" SCOPE "clk\n");
    sig(f, "", &ps->p[0]);
    group(f, "clock and reset", 0);

    /* inputs, one group per interface, in description order */
    const char *done[IRHW_MAX_PORTS];
    unsigned ndone = 0;
    for (int dir = IRHW_IN; dir <= IRHW_OUT; dir++) {
        ndone = 0;
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
            group(f, name, 1);
            for (unsigned k = 0; k < ps->n; k++) {
                const irhw_port *q = &ps->p[k];
                if ((int)q->dir != dir || strcmp(q->group, p->group) != 0 || k == 0)
                    continue;
                sig(f, "", q);
                if (dir == IRHW_OUT)
                    sig(f, "exp_", q); /* expected value right under the actual one */
            }
            group(f, name, 0);
        }
    }
    group(f, "verdict", 1);
    fprintf(f, "@28\n" SCOPE "mismatch\n");
    group(f, "verdict", 0);
    fprintf(f, "[pattern_trace] 1\n[pattern_trace] 0\n");
    return irhw_out_commit(o, err, errlen);
}
