/*
 * cosim_prof.c — the lockstep cycle's profile: the counter's calibration
 * and the table (cosim_prof.h).
 */
#include "cosim_prof.h"

#include "irhw.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void mode_sums(irhw_prof_mode *m);

void irhw_prof_start(irhw_prof *p)
{
    memset(p, 0, sizeof *p);
    /* What one mark adds: a read's time in a run of reads (in a VM a read
     * takes a few times the gap between two back-to-back reads' values),
     * the least of a few runs. */
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 20; i++) {
        uint64_t a = irhw_prof_ticks();
        for (int k = 0; k < 256; k++)
            (void)irhw_prof_ticks();
        uint64_t per = (irhw_prof_ticks() - a) / 257;
        if (per < best)
            best = per;
    }
    p->overhead = best;
    p->s0 = irhw_now_s();
    p->tick0 = irhw_prof_ticks();
}

void irhw_prof_stop(irhw_prof *p)
{
    p->s1 = irhw_now_s();
    p->tick1 = irhw_prof_ticks();
    for (int k = 0; k < IRHW_PROF_NMODE; k++)
        mode_sums(&p->m[k]);
}

irhw_prof_clock irhw_prof_clock_of(irhw_prof *p, int mode)
{
    irhw_prof_clock c;
    memset(&c, 0, sizeof c);
    c.m = &p->m[mode];
    c.overhead = p->overhead;
    c.rng = 0x9e3779b97f4a7c15u + (uint64_t)mode;
    c.gap = 1;
    return c;
}

void irhw_prof_keep(irhw_prof_clock *c)
{
    irhw_prof_mode *m = c->m;
    if (!m->stride)
        m->stride = 1;
    if (m->seen++ % m->stride == 0) {
        if (!m->samp && !(m->samp = malloc(IRHW_PROF_KEEP * sizeof *m->samp)))
            return;
        if (m->nsamp == IRHW_PROF_KEEP) { /* full: every other one, and half as many from now */
            for (size_t k = 0; k < IRHW_PROF_KEEP / 2; k++)
                memcpy(m->samp[k], m->samp[2 * k], sizeof m->samp[k]);
            m->nsamp = IRHW_PROF_KEEP / 2;
            m->stride *= 2;
        }
        for (int i = 0; i < IRHW_PROF_NPHASE; i++)
            m->samp[m->nsamp][i] = c->cur[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)c->cur[i];
        m->nsamp++;
    }
    memset(c->cur, 0, sizeof c->cur);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The sums of the sampled cycles up to IRHW_PROF_DROP times the median. */
static void mode_sums(irhw_prof_mode *m)
{
    uint64_t *tot = malloc((m->nsamp ? m->nsamp : 1) * sizeof *tot), *sorted;
    sorted = malloc((m->nsamp ? m->nsamp : 1) * sizeof *sorted);
    if (tot && sorted) {
        for (size_t k = 0; k < m->nsamp; k++) {
            tot[k] = 0;
            for (int i = 0; i < IRHW_PROF_NPHASE; i++)
                tot[k] += m->samp[k][i];
            sorted[k] = tot[k];
        }
        qsort(sorted, m->nsamp, sizeof *sorted, cmp_u64);
        uint64_t limit = m->nsamp ? IRHW_PROF_DROP * sorted[m->nsamp / 2] : 0;
        for (size_t k = 0; k < m->nsamp; k++) {
            if (tot[k] > limit) {
                m->dropped++;
                continue;
            }
            m->sampled++;
            for (int i = 0; i < IRHW_PROF_NPHASE; i++)
                m->ticks[i] += m->samp[k][i];
        }
    }
    free(tot);
    free(sorted);
    free(m->samp);
    m->samp = NULL;
}

double irhw_prof_thread_cpu_s(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *const phase_names[IRHW_PROF_NPHASE] = {
    "stimulus", "RTL (Verilator)", "model", "compare", "checker", "coverage", "hand-off", "wait"};

static const char *const mode_names[IRHW_PROF_NMODE] = {"one thread", "two threads, the RTL side",
                                                        "two threads, the model side"};

static void print_mode(const irhw_prof_mode *m, const char *name, double ns_tick, FILE *f)
{
    double wall = m->wall_s * 1e9 / (double)m->cycles, sum = 0;
    fprintf(f,
            "profile, %s: %" PRIu64 " cycles (%" PRIu64 " timed, %" PRIu64
            " dropped as interrupted), %.1f ns a cycle, CPU %.1f ns a cycle\n",
            name, m->cycles, m->sampled, m->dropped, wall, m->cpu_s * 1e9 / (double)m->cycles);
    for (int i = 0; i < IRHW_PROF_NPHASE; i++) {
        double ns = i == IRHW_PROF_WAIT ? (double)m->waited * ns_tick / (double)m->cycles
                    : m->sampled        ? (double)m->ticks[i] * ns_tick / (double)m->sampled
                                        : 0;
        sum += ns;
        fprintf(f, "  %-16s %10.1f ns %6.1f %%\n", phase_names[i], ns,
                wall > 0 ? 100 * ns / wall : 0);
    }
    fprintf(f, "  %-16s %10.1f ns %6.1f %%\n", "rest", wall - sum,
            wall > 0 ? 100 * (wall - sum) / wall : 0);
}

void irhw_prof_print(const irhw_prof *p, FILE *f)
{
    double ns_tick =
        p->tick1 > p->tick0 ? (p->s1 - p->s0) * 1e9 / (double)(p->tick1 - p->tick0) : 0;
    for (int k = 0; k < IRHW_PROF_NMODE; k++)
        if (p->m[k].cycles)
            print_mode(&p->m[k], mode_names[k], ns_tick, f);
}
