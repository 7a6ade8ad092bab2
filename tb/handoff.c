/*
 * handoff.c — publishing a count, and waiting: spin, then sleep
 * (handoff.h).
 */
#include "handoff.h"

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

/* The count is stored before the sleepers are read, and a sleeper counts
 * itself before its last check, under the mutex: either that check sees the
 * new count, or this side sees the sleeper and broadcasts once it waits (it
 * holds the mutex until then). */
void irhw_handoff_publish(irhw_handoff *h, _Atomic uint64_t *counter, uint64_t value, int now)
{
    atomic_store(counter, value);
    if (!atomic_load(&h->sleepers))
        return;
    uint64_t ready = atomic_load(&h->made) - atomic_load(&h->used);
    if (!now && (counter == &h->made ? ready < h->wake : ready > h->size - h->wake))
        return;
    irhw_handoff_wake(h);
}

void irhw_handoff_wake(irhw_handoff *h)
{
    if (!atomic_load(&h->sleepers))
        return;
    pthread_mutex_lock(&h->mu);
    pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
}

void irhw_handoff_wait(irhw_handoff *h, int (*ready)(void *arg, uint64_t k), void *arg, uint64_t k,
                       int spins)
{
    for (int i = 0; i < spins; i++) {
        if (ready(arg, k))
            return;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    pthread_mutex_lock(&h->mu);
    atomic_fetch_add(&h->sleepers, 1);
    while (!ready(arg, k))
        pthread_cond_wait(&h->cv, &h->mu);
    atomic_fetch_sub(&h->sleepers, 1);
    pthread_mutex_unlock(&h->mu);
}
