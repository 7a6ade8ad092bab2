/*
 * pool.h — irhw's one job pool: jobs run in child processes (irhw_fork:
 * each in a process group of its own, stopped with irhw), at most `limit`
 * at a time; the caller starts jobs while the pool is not full and waits
 * for any one to end. A job is a function run in the child; its return is
 * the child's exit status, and the text it leaves in err comes back to the
 * parent with the job's end. Used by the synthesis schedule (area/hier.c)
 * and the local sweep (sim/sweep.c).
 */
#ifndef IRHW_POOL_H
#define IRHW_POOL_H

#include <stddef.h>

typedef struct irhw_pool irhw_pool;

/* The job, run in the child: its exit status (0..255; a negative return
 * exits 1), a message for the parent into err ("" for none). */
typedef int irhw_job_fn(void *arg, char *err, size_t errlen);

/* How a job ended. */
typedef struct {
    int id;     /* as given to irhw_pool_start */
    int exited; /* 1: exited with code; 0: killed by signal sig */
    int code, sig;
    double seconds; /* from its start */
    char msg[2048]; /* its err text, "" when it left none */
} irhw_job_end;

/* A pool of at most limit (>= 1) jobs at once; NULL when out of memory. */
irhw_pool *irhw_pool_new(unsigned limit);
void irhw_pool_free(irhw_pool *p);
unsigned irhw_pool_running(const irhw_pool *p);
/* 1 when limit jobs run (start no more until one ends). */
int irhw_pool_full(const irhw_pool *p);
/* Starts fn(arg) in a child process as job id (arg is read in the child,
 * at once: it may live on the caller's stack). 0, or -1 with errno when the
 * pool is full or no process could be made. */
int irhw_pool_start(irhw_pool *p, int id, irhw_job_fn *fn, void *arg);
/* Waits for any job to end: 1 with *end filled, 0 when none runs, -1 with
 * errno on a wait error. Children that are not the pool's are reaped and
 * ignored. */
int irhw_pool_wait(irhw_pool *p, irhw_job_end *end);
/* The same for at most timeout_s seconds (< 0: no limit): 2 when no job
 * ended in that time. */
int irhw_pool_wait_for(irhw_pool *p, irhw_job_end *end, double timeout_s);

#endif
