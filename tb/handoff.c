/*
 * handoff.c — the slow parts of a handoff: a side going to sleep, and
 * waking it (handoff.h).
 */
#include "handoff.h"

#include <stdlib.h>
#include <string.h>

void irhw_handoff_init(irhw_handoff *h, uint64_t from, uint64_t size, uint64_t wake)
{
    atomic_store(&h->made, from);
    atomic_store(&h->used, from);
    atomic_store(&h->sleepers, 0);
    h->size = size;
    h->wake = wake;
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->cv, NULL);
}

void irhw_handoff_destroy(irhw_handoff *h)
{
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->cv);
}

void irhw_handoff_wake(irhw_handoff *h)
{
    if (!atomic_load(&h->sleepers))
        return;
    pthread_mutex_lock(&h->mu);
    pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
}

void irhw_handoff_sleep(irhw_handoff *h, int (*ready)(void *arg, uint64_t k), void *arg, uint64_t k)
{
    pthread_mutex_lock(&h->mu);
    atomic_fetch_add(&h->sleepers, 1);
    while (!ready(arg, k))
        pthread_cond_wait(&h->cv, &h->mu);
    atomic_fetch_sub(&h->sleepers, 1);
    pthread_mutex_unlock(&h->mu);
}

void *irhw_line_alloc(size_t bytes)
{
    bytes = bytes ? (bytes + 63) & ~(size_t)63 : 64;
    void *p = aligned_alloc(64, bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}
