/*
 * vcd.h — the VCD reader of power.c (vcd.c): every traced bit below
 * irhw_tb.dut with its toggles and high count, the SRAM scopes' reads and
 * writes, and hooks for a reader that simulates on the trace as it goes.
 */
#ifndef IRHW_VCD_H
#define IRHW_VCD_H

#include "area.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t toggles, high, since;
    unsigned char val;
} vbit;

typedef struct {
    char *id;       /* VCD identifier code */
    uint32_t first; /* its first bit in bits[] (bit 0 = lsb) */
    uint32_t width;
} vcode;

typedef struct {
    char *key; /* bit key below dut: "u_mem.mem[2][0]", "push" */
    uint32_t bit;
} vkey;

typedef struct {
    char path[96];
    int en, we, width, depth; /* codes of en and we; WIDTH/DEPTH values */
    int data;                 /* 1: rdata seen, 2: wdata seen */
    uint64_t reads, writes;
} vsram;

typedef struct {
    vbit *bits;
    size_t nbits, capbits;
    vcode *codes;
    size_t ncodes, capcodes;
    vkey *keys;
    size_t nkeys, capkeys;
    uint32_t *ktab; /* open addressing over keys, index + 1 */
    size_t ktabn;
    uint32_t *ctab;           /* over codes */
    size_t ctabn, ctab_codes; /* its size; the codes it holds */
    vsram srams[IRHW_POWER_MAX_SRAMS];
    unsigned nsrams;
    uint64_t posedges;
    size_t size;      /* the trace's bytes */
    size_t bits_left; /* bits the $var lines may still declare */
    int clk;          /* code of dut.clk */
    int changed;      /* a value changed in the current block */
} vcd;

/* What a reader of the trace does as it goes (gate-level simulation):
 * header once the keys are known (nonzero stops: -1 or IRHW_EINPUT), start after the values
 * at time 0, edge at a rising clock edge before its block's changes,
 * settle after a block's changes. */
typedef struct {
    int (*header)(void *ctx, const vcd *v, char *err, size_t errlen);
    void (*start)(void *ctx), (*edge)(void *ctx), (*settle)(void *ctx);
    void *ctx;
} vcd_hooks;

/* Reads the trace at path into v (zeroed by the caller; vcd_free after),
 * calling h's hooks (h may be NULL). 0; IRHW_EINPUT when path is not a
 * usable cosim trace; -1. */
int vcd_read(const char *path, vcd *v, const vcd_hooks *h, char *err, size_t errlen);
void vcd_free(vcd *v);
/* The bit of key s (n chars), or NULL. */
const vbit *vcd_bit(const vcd *v, const char *s, size_t n);

#endif
