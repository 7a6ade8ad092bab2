/*
 * cosim_judge.c — the out-of-line parts of a cycle's verdict
 * (cosim_judge.h): a mismatch's or a checker failure's report, and a
 * --record row.
 */
#include "cosim_judge.h"

/* A run that failed in cycle cyc (marked so in the result) ends there, or
 * 16 cycles later when tracing (the trace shows what followed). */
static uint64_t stop_after_failure(judge_ctx *j, uint64_t cyc)
{
    j->res->failed_in_cycle = 1;
    return j->tr ? (cyc + 16 < j->q->cycles ? cyc + 16 : j->q->cycles) : cyc + 1;
}

__attribute__((cold)) unsigned irhw_judge_unequal(judge_ctx *j, uint64_t cyc, const uint64_t *rout,
                                                  int differ)
{
    if (!j->equal)
        return (unsigned)differ;
    char *msg = j->res->message;
    j->equal = 0;
    j->res->mismatch_cycle = cyc;
    size_t o = (size_t)snprintf(msg, sizeof j->res->message,
                                "MISMATCH %s at cycle %" PRIu64 " (seed %" PRIu64 "):\n",
                                j->b->name, cyc, j->q->seed);
    irhw_cosim_compare(j->ps, j->mout, rout, msg + o, sizeof j->res->message - o,
                       &j->res->mismatch_port, j->res->mismatch_differ);
    j->stop_at = stop_after_failure(j, cyc);
    return 1;
}

__attribute__((cold)) void irhw_judge_check_failed(judge_ctx *j, uint64_t cyc)
{
    j->equal = 0;
    j->res->mismatch_cycle = cyc;
    j->res->mismatch_port = -1;
    snprintf(j->res->message, sizeof j->res->message,
             "CHECK FAILED %s at cycle %" PRIu64 " (seed %" PRIu64
             ") on the model and the RTL (equal outputs): %s\n",
             j->b->name, cyc, j->q->seed, j->cerr);
    j->stop_at = stop_after_failure(j, cyc);
}

void irhw_judge_record(judge_ctx *j, const uint64_t *in)
{
    for (int w = (int)j->ps->in_words - 1; w >= 0; w--)
        fprintf(j->q->record, "%016" PRIx64, in[w]);
    fputc('\n', j->q->record);
}
