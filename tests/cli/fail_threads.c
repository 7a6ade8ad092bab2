/*
 * fail_threads.c — an LD_PRELOAD library for tests: pthread_create succeeds
 * IRHW_THREADS_OK times (0 if unset) and fails with EAGAIN from then on, as
 * when a process may start no more threads. tests/cli/test_cli.sh runs the
 * default co-simulation under it: a second thread that does not start in a
 * trial's window, in a check's or in the run after them must leave every
 * cycle run in one thread and the report unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*f)(void *), void *arg)
{
    static int calls;
    const char *ok = getenv("IRHW_THREADS_OK");
    if (++calls > (ok ? atoi(ok) : 0))
        return EAGAIN;
    create_fn real = (create_fn)dlsym(RTLD_NEXT, "pthread_create");
    return real ? real(t, a, f, arg) : EAGAIN;
}
