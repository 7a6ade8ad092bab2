/*
 * progress.c — a long verb's steps on stderr as they start and end
 * (progress.h).
 */
#include "progress.h"

#include "irhw.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void irhw_steps_init(irhw_steps *s, const char *who, int n)
{
    s->who = who;
    s->n = n;
    s->tty = isatty(STDERR_FILENO);
    s->started = 0;
    const char *env = getenv("IRHW_HEARTBEAT");
    s->every = env && atof(env) > 0 ? 2 * atof(env) : IRHW_STEPS_BEAT;
    s->beat = irhw_now_s() + s->every;
    for (int i = 0; i < IRHW_STEPS_MAX; i++) {
        s->step[i].num = s->step[i].running = 0;
        s->step[i].name = "";
        s->step[i].t0 = irhw_now_s();
    }
}

static int in_range(int i)
{
    return i >= 0 && i < IRHW_STEPS_MAX;
}

/* The line's start: a terminal's status line cleared, the prefix. */
static void lead(const irhw_steps *s)
{
    fprintf(stderr, "%s%s: ", s->tty ? "\r\033[K" : "", s->who);
}

void irhw_steps_start(irhw_steps *s, int i, const char *name)
{
    s->started++;
    if (in_range(i)) {
        s->step[i].num = s->started;
        s->step[i].running = 1;
        s->step[i].name = name;
        s->step[i].t0 = irhw_now_s();
    }
    lead(s);
    fprintf(stderr, "[%d/%d] %s: start\n", s->started, s->n, name);
}

void irhw_steps_done(irhw_steps *s, int i, const char *name, int rc)
{
    double t = in_range(i) ? irhw_now_s() - s->step[i].t0 : 0;
    int k = in_range(i) ? s->step[i].num : 0;
    if (in_range(i))
        s->step[i].running = 0;
    lead(s);
    fprintf(stderr, "[%d/%d] %s: done in %.1f s", k, s->n, name, t);
    if (rc)
        fprintf(stderr, " (exit %d)", rc);
    fputc('\n', stderr);
}

/* One line: every running step, its number and time so far. */
static void say_running(const irhw_steps *s)
{
    double now = irhw_now_s();
    int any = 0;
    for (int i = 0; i < IRHW_STEPS_MAX; i++) {
        if (!s->step[i].running)
            continue;
        if (!any) {
            lead(s);
            fprintf(stderr, "still running:");
        }
        fprintf(stderr, "%s [%d/%d] %s %.0f s", any ? "," : "", s->step[i].num, s->n,
                s->step[i].name, now - s->step[i].t0);
        any = 1;
    }
    if (any)
        fputc('\n', stderr);
}

double irhw_steps_left(const irhw_steps *s)
{
    double left = s->beat - irhw_now_s();
    return left > 0 ? left : 0;
}

void irhw_steps_tick(irhw_steps *s)
{
    if (irhw_now_s() < s->beat)
        return;
    say_running(s);
    s->beat = irhw_now_s() + s->every;
}
