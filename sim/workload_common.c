/*
 * workload_common.c — the options every `irhw workload` kind takes
 * (wl_common, sim/workload_cli.h), parsed once for both option tables:
 * sim/verb_workload.c's and sim/workload_gw.c's.
 */
#include "workload_cli.h"

int wl_common_opt(const irhw_args *a, wl_common *c, const irhw_opt *opt, const char *v)
{
    switch (opt->id) {
    case WL_GRAPH:
        c->graph = v;
        return 1;
    case WL_GRAPHS:
        c->graphs = v;
        return 1;
    case WL_OUT:
        c->out = v;
        return 1;
    case WL_P:
        return irhw_args_param(a, c->params, &c->nparams, 32, v) ? 2 : 1;
    case WL_MODEL_ONLY:
        c->model_only = 1;
        return 1;
    case WL_QUIET:
        c->quiet = 1;
        return 1;
    }
    return 0;
}
