/* fifo_block.c — the FIFO leaf's block description (see model/fifo.h). */
#include "fifo.h"

#include <string.h>

static const irhw_param fifo_params[FF_NPARAMS] = {
    [FF_WIDTH] = {"WIDTH", IRHW_PINT, 24, 1, 64, NULL, "bits per entry", NULL},
    [FF_DEPTH] = {"DEPTH", IRHW_PINT, 2, 1, 64, NULL,
                  "entries (any integer; 1 is a register without pointers)", NULL},
};

int fifo_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    fifo_geom *g = geom;
    g->width = (unsigned)c->v[FF_WIDTH];
    g->depth = (unsigned)c->v[FF_DEPTH];
    return 0;
}

static const irhw_port_row fifo_rows[FF_NPORTS] = {
    [FF_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: empty", NULL},
    [FF_PUSH] = {"push", IRHW_IN, 1, "write", "append din (only when !full)", NULL},
    [FF_DIN] = {"din", IRHW_IN, 0, "write", "the entry appended", NULL},
    [FF_POP] = {"pop", IRHW_IN, 1, "read", "drop the head (only when valid)", NULL},
    [FF_FULL] = {"full", IRHW_OUT, 1, "write", "no room (a pop frees room next cycle)", ""},
    [FF_VALID] = {"valid", IRHW_OUT, 1, "read", "head holds the oldest entry", ""},
    [FF_HEAD] = {"head", IRHW_OUT, 0, "read", "the oldest entry (when valid)", ""},
};

static void fifo_ports(const irhw_inst *x, irhw_ports *ps)
{
    for (unsigned i = 0; i < FF_NPORTS; i++)
        irhw_port_add(ps, &fifo_rows[i],
                      fifo_rows[i].width ? (unsigned)fifo_rows[i].width : fifo_g(x)->width);
}

static void fifo_module_name(const irhw_inst *x, char *buf, size_t len)
{
    snprintf(buf, len, "fifo_w%u_d%u", fifo_g(x)->width, fifo_g(x)->depth);
}

static void fifo_storage(const irhw_inst *x, irhw_storage *st)
{
    memset(st, 0, sizeof *st);
    st->storage_bits = (uint64_t)fifo_g(x)->width * fifo_g(x)->depth;
    st->modules[0] = "irhw_regfile_1w1r";
    st->nmodules = 1;
}

static const irhw_cover_point fifo_cover_points[FF_NCOV] = {
    [FF_COV_FULL] = {"full", "DEPTH entries held"},
    [FF_COV_PUSH_POP] = {"push_pop", "push and pop in one cycle on a non-full FIFO"},
    [FF_COV_POP_TO_EMPTY] = {"pop_to_empty", "the last entry popped"},
    [FF_COV_HEAD_WRAPS] = {"head_wraps", "a pop at the last slot wraps the read pointer"},
    [FF_COV_TAIL_WRAPS] = {"tail_wraps", "a push into the last slot wraps the write pointer"},
};

static const char *fifo_cover_na(const irhw_inst *x, unsigned point)
{
    return point == FF_COV_PUSH_POP && fifo_g(x)->depth < 2
               ? "DEPTH=1: a pop needs the one entry, a push needs it free"
               : NULL;
}

static const irhw_contract fifo_contracts[] = {
    {"valid_iff_held", "valid exactly when the FIFO holds an entry (count nonzero)"},
    {"full_iff_depth", "full exactly when it holds DEPTH entries"},
    {"head_qualified", "head is 0 when not valid"},
};

IRHW_BLOCK(fifo) = {
    .contracts = fifo_contracts,
    .ncontracts = sizeof fifo_contracts / sizeof fifo_contracts[0],
    .cover_na = fifo_cover_na,
    .cover_points = fifo_cover_points,
    .ncover = FF_NCOV,
    .cover_sample = fifo_cover,
    .name = "fifo",
    .title = "synchronous FIFO leaf (rtl/irhw_fifo.v, the ICRN's link buffer)",
    .paper = "hwwl §III-C (the ICRN's buffers; spec §3 BUF_DEPTH)",
    .params = fifo_params,
    .nparams = FF_NPARAMS,
    .timing = "every output is registered: a push is seen (valid, head) the next cycle, and "
              "a pop frees room (full) the next cycle",
    .geom_size = sizeof(fifo_geom),
    .geom_of = fifo_geom_of,
    .ports = fifo_ports,
    .module_name = fifo_module_name,
    .model_new = fifo_new,
    .model_free = fifo_free,
    .model_eval = fifo_eval,
    .model_tick = fifo_tick,
    .gen = fifo_gen,
    .leaf_cells = fifo_leaf_cells,
    .stim_new = fifo_stim_new,
    .stim_free = fifo_stim_free,
    .stim_next = fifo_stim_next,
    .storage = fifo_storage,
};
