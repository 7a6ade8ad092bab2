/*
 * handoff.h — two threads passing items through a ring (one side makes
 * them, the other uses them), and how each waits for the other: the
 * co-simulation's RTL and model sides (cosim_two.c) and the waveform
 * writer's loop and writer thread (portwave.c).
 *
 * Each side publishes its count (made, used) now and then, and reads the
 * other's only when its last reading says it must wait. A side that must
 * wait spins a little (both sides usually run on cores of their own), then
 * sleeps on a condition variable. A side publishing its count wakes a
 * sleeping other when asked to (now), or when wake items are ready for it
 * (made and not yet used, for the using side; free slots of the ring's
 * size, for the making side): a wake-up is a system call, slow in a VM, so
 * it is not made for every item.
 */
#ifndef IRHW_HANDOFF_H
#define IRHW_HANDOFF_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

typedef struct {
    /* each on a cache line of its own */
    _Alignas(64) _Atomic uint64_t made;
    _Alignas(64) _Atomic uint64_t used;
    _Alignas(64) _Atomic int sleepers;
    uint64_t size, wake; /* the ring's slots; see above */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} irhw_handoff;

/* Zeroed memory on cache lines of its own (NULL when out of memory): what
 * one side writes shares no line with what the other does. */
void *irhw_line_alloc(size_t bytes);

/* Counts from `from`; size slots, a sleeping side woken at wake ready. */
void irhw_handoff_init(irhw_handoff *h, uint64_t from, uint64_t size, uint64_t wake);
void irhw_handoff_destroy(irhw_handoff *h);

/* Wakes a sleeping side, which checks its condition again (after the
 * caller has changed something it checks). */
void irhw_handoff_wake(irhw_handoff *h);

/* The sleeping part of irhw_handoff_wait. */
void irhw_handoff_sleep(irhw_handoff *h, int (*ready)(void *arg, uint64_t k), void *arg,
                        uint64_t k);

/* Sets counter (&h->made or &h->used) to value; wakes a sleeping side now,
 * or when enough is ready for it. The count is stored before the sleepers
 * are read, and a sleeper counts itself before its last check, under the
 * mutex: either that check sees the new count, or this side sees the
 * sleeper and broadcasts once it waits (it holds the mutex until then). */
static inline void irhw_handoff_publish(irhw_handoff *h, _Atomic uint64_t *counter, uint64_t value,
                                        int now)
{
    atomic_store(counter, value);
    if (!atomic_load(&h->sleepers))
        return;
    uint64_t ready = atomic_load(&h->made) - atomic_load(&h->used);
    if (!now && (counter == &h->made ? ready < h->wake : ready > h->size - h->wake))
        return;
    irhw_handoff_wake(h);
}

/* Returns once ready(arg, k) is true: spins (up to spins checks), then
 * sleeps until a wake finds it true. Inline, so that the spin calls ready
 * directly. */
static inline void irhw_handoff_wait(irhw_handoff *h, int (*ready)(void *arg, uint64_t k),
                                     void *arg, uint64_t k, int spins)
{
    for (int i = 0; i < spins; i++) {
        if (ready(arg, k))
            return;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    irhw_handoff_sleep(h, ready, arg, k);
}

#endif
