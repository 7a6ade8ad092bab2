/*
 * progress.c — a long verb's steps on stderr as they start and end
 * (progress.h).
 */
#include "progress.h"

#include "irhw.h"

#include <stdio.h>
#include <unistd.h>

void irhw_steps_init(irhw_steps *s, const char *who, int n)
{
    s->who = who;
    s->n = n;
    s->tty = isatty(STDERR_FILENO);
    s->started = 0;
    for (int i = 0; i < IRHW_STEPS_MAX; i++) {
        s->num[i] = 0;
        s->t0[i] = irhw_now_s();
    }
}

/* The line's start: a terminal's status line cleared, the prefix, [k/n]. */
static void lead(const irhw_steps *s, int i, const char *name)
{
    int k = i >= 0 && i < IRHW_STEPS_MAX ? s->num[i] : 0;
    fprintf(stderr, "%s%s: [%d/%d] %s: ", s->tty ? "\r\033[K" : "", s->who, k, s->n, name);
}

void irhw_steps_start(irhw_steps *s, int i, const char *name)
{
    s->started++;
    if (i >= 0 && i < IRHW_STEPS_MAX) {
        s->t0[i] = irhw_now_s();
        s->num[i] = s->started;
    }
    lead(s, i, name);
    fprintf(stderr, "start\n");
}

void irhw_steps_done(irhw_steps *s, int i, const char *name, int rc)
{
    double t = i >= 0 && i < IRHW_STEPS_MAX ? irhw_now_s() - s->t0[i] : 0;
    lead(s, i, name);
    if (rc)
        fprintf(stderr, "done in %.1f s (exit %d)\n", t, rc);
    else
        fprintf(stderr, "done in %.1f s\n", t);
}
