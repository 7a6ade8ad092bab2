/*
 * vbuild.h — turn a block's RTL into a loadable simulator.
 *
 * From the block description it writes a wrapper module `irhw_tb` (the DUT
 * plus exp_<output> inputs and a mismatch flag, so one trace holds the RTL,
 * the model's expected values and the verdict) and a thin C++ shim with a C
 * ABI; Verilator turns both into C++, g++ -O1 compiles them into sim.so
 * with the Verilator runtime (built once per Verilator version), and the
 * result is cached under a hash of every input of the build.
 */
#ifndef IRHW_VBUILD_H
#define IRHW_VBUILD_H

#include "irhw.h"

typedef enum { IRHW_TRACE_NONE, IRHW_TRACE_VCD, IRHW_TRACE_FST } irhw_trace;

typedef struct {
    const irhw_inst *x;
    const char *const *rtl_files; /* user files instead of generated RTL */
    unsigned nrtl;
    irhw_trace trace;
    const char *cache_dir; /* NULL: $IRHW_CACHE or <root>/build/cache */
    int quiet;             /* no "building ..." line on stderr */
    int systemc;           /* verilator --sc beside the SystemC-wrapped model (scgen.h) */
    int wave_depth;        /* with a trace: 0 or 1 builds irhw_tb's signals only (the
                              block's are compiled out; used by SystemC: the C loop
                              writes that depth itself, portwave.h); >1 builds them all */
    int no_assert;         /* build without the RTL's checks (`IRHW_ASSERT` undefined,
                              no --assert): cosim --no-assert, the bench's comparison */
} irhw_build_req;

/* irhw_tb's ports but its input strobe, in its order (the wrapper): clk,
 * the block's ports, exp_<output> for each output, mismatch, cycle (the
 * cycle's number, IRHW_TB_CYCLE_BITS wide). word: where the value starts in
 * one array of all of them, [clk][the block's input words][its output
 * words][exp_* words][mismatch][cycle] (the default-depth trace,
 * portwave.c). */
typedef struct {
    char name[96];
    unsigned width;
    int input; /* an input of irhw_tb: all but the block's outputs */
    unsigned word;
} irhw_tb_port;
#define IRHW_TB_MAX_PORTS (3 + 2 * IRHW_MAX_PORTS)
#define IRHW_TB_CYCLE_BITS 32
/* Fills t (IRHW_TB_MAX_PORTS entries); returns how many. */
unsigned irhw_tb_ports(const irhw_ports *ps, irhw_tb_port *t);

/* The loaded simulator: C entry points of the generated shim. */
typedef struct {
    void *dl, *h;
    void (*set_in)(void *h, const uint64_t *in);
    void (*get_out)(void *h, uint64_t *out);
    /* the trace's exp_*, mismatch and cycle until the next call */
    void (*set_exp)(void *h, const uint64_t *exp, unsigned mismatch, uint64_t cycle);
    void (*clock)(void *h, unsigned level); /* drive clk and evaluate */
    /* levels: hierarchy levels recorded (1: irhw_tb's ports, exp_* and
     * mismatch; 2: also the block's own signals; 99: all); more than 1 needs
     * a build with wave_depth > 1. */
    int (*trace_open)(void *h, const char *path, int levels);
    void (*dump)(void *h, uint64_t time);
    void (*trace_close)(void *h);
    /* Verilator's trace (not SystemC builds: NULL there): the bytes the file
     * may reach (0: none), set before trace_open; after trace_close, the
     * first failed write's errno (0: none), whether it stopped at the
     * limit, the dumps written and their first and last times. */
    void (*trace_limit)(void *h, uint64_t limit);
    void (*trace_stat)(void *h, int *error, int *limited, uint64_t *dumps, uint64_t *first,
                       uint64_t *last);
    void (*destroy)(void *h);
    /* SystemC builds only: the wrapped model's outputs, its C model instance */
    void (*get_exp)(void *h, uint64_t *out);
    void *(*sc_model)(void *h);
    /* The first failed assertion (or $stop): its file, line and the rising
     * clock edges before it (1: cycle 0's); 0 when none failed. */
    int (*stop_info)(const char **file, int *line, unsigned long long *edge);
} irhw_rtl;

/* Builds (or finds in the cache) the simulator; *cached tells which. */
int irhw_rtl_build(const irhw_build_req *q, char *so_path, size_t len, int *cached, char *err,
                   size_t errlen);
int irhw_rtl_open(const char *so_path, irhw_rtl *r, char *err, size_t errlen);
/* Same; a SystemC build needs the block (its model runs inside SystemC). */
int irhw_rtl_open_block(const char *so_path, const irhw_block *b, irhw_rtl *r, char *err,
                        size_t errlen);
void irhw_rtl_close(irhw_rtl *r);
/* The FST library (Verilator's gtkwave/fstapi.c) as a shared library, built
 * once per Verilator version under the cache (cache_dir NULL: $IRHW_CACHE or
 * <root>/build/cache); its path into path. */
int irhw_fst_lib(const char *cache_dir, char *path, size_t len, char *err, size_t errlen);
/* The loaded RTL as a design under test (irhw_scenario_run). */
irhw_dut irhw_rtl_dut(irhw_rtl *r);

#endif
