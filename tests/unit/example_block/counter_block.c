/* counter_block.c — the example counter's description (see counter.h). */
#include "counter.h"

#include <inttypes.h>

static const irhw_param counter_params[CT_NPARAMS] = {
    [CT_WIDTH] = {"WIDTH", IRHW_PINT, 8, 1, 64, NULL, "bits of the count", NULL},
    [CT_MAX] = {"MAX", IRHW_PINT, 255, 1, INT64_MAX, NULL, "last value before the wrap",
                "2^WIDTH - 1 (capped at 2^63 - 1)"},
};

static void counter_derive(irhw_cfg *c)
{
    if (!(c->set & (1u << CT_MAX)))
        c->v[CT_MAX] = c->v[CT_WIDTH] >= 63 ? INT64_MAX : ((int64_t)1 << c->v[CT_WIDTH]) - 1;
}

int counter_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    counter_geom *g = geom;
    g->width = (unsigned)c->v[CT_WIDTH];
    g->max = (uint64_t)c->v[CT_MAX];
    if (g->max > irhw_mask(g->width))
        return irhw_err(err, errlen,
                        "parameter MAX=%" PRIu64 " is out of range: MAX must be 1..%" PRIu64
                        " (fits WIDTH=%u)",
                        g->max, irhw_mask(g->width), g->width);
    return 0;
}

static const irhw_port_row counter_rows[CT_NPORTS] = {
    [CT_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset to 0", NULL},
    [CT_EN] = {"en", IRHW_IN, 1, "count", "count up this cycle", NULL},
    [CT_LOAD] = {"load", IRHW_IN, 1, "count", "load load_val (wins over en)", NULL},
    [CT_LOAD_VAL] = {"load_val", IRHW_IN, -1, "count", "value to load (0..MAX)", NULL},
    [CT_COUNT] = {"count", IRHW_OUT, -1, "count", "the count", ""},
    [CT_WRAP] = {"wrap", IRHW_OUT, 1, "count", "count goes from MAX to 0 now", "en load"},
    [CT_LOAD_OK] = {"load_ok", IRHW_OUT, 1, "count", "load accepted (load_val <= MAX)",
                    "load load_val"},
};

static void counter_ports(const irhw_inst *x, irhw_ports *ps)
{
    for (unsigned i = 0; i < CT_NPORTS; i++)
        irhw_port_add(ps, &counter_rows[i],
                      counter_rows[i].width < 0 ? counter_g(x)->width
                                                : (unsigned)counter_rows[i].width);
}

static void counter_module_name(const irhw_inst *x, char *buf, size_t len)
{
    snprintf(buf, len, "counter_w%u_m%" PRIu64, counter_g(x)->width, counter_g(x)->max);
}

IRHW_BLOCK(counter) = {
    .name = "counter",
    .title = "example up counter",
    .paper = "none (example block under tests/)",
    .params = counter_params,
    .nparams = CT_NPARAMS,
    .timing = "count is registered; wrap and load_ok follow their inputs in the same cycle",
    .derive = counter_derive,
    .geom_size = sizeof(counter_geom),
    .geom_of = counter_geom_of,
    .ports = counter_ports,
    .module_name = counter_module_name,
    .model_new = counter_new,
    .model_free = counter_free,
    .model_eval = counter_eval,
    .model_tick = counter_tick,
    .gen = counter_gen,
    .stim_new = counter_stim_new,
    .stim_free = counter_stim_free,
    .stim_next = counter_stim_next,
};
