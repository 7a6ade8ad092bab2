/*
 * gatesim_int.h — what gatesim.c and gatesim_read.c share: the cells'
 * boolean functions, the liberty cells and the netlist modules as read,
 * and the readers that fill them (gatesim_read.c).
 */
#ifndef IRHW_GATESIM_INT_H
#define IRHW_GATESIM_INT_H

#include <stddef.h>
#include <stdint.h>

#define MAXVARS 16

#define PUSH(arr, n, cap)                                                                          \
    (area_grow(&(arr), (n), &(cap), sizeof *(arr)) == 0 ? &(arr)[(n)++] : NULL)

/* ---- boolean functions ---- */

typedef struct {
    unsigned nvars;
    char vars[MAXVARS][32]; /* pin names (or IQ, IQN) */
    uint64_t *tt;           /* 2^nvars bits */
} fn;

/* ---- liberty cells ---- */

typedef struct {
    char name[32];
    int dir; /* 1 input, 2 output */
    fn f;    /* outputs */
} lpin;

typedef struct {
    char name[160];
    lpin *pins;
    size_t npins, cappins;
    int ff, refused;        /* ff group; a latch, statetable or three-state output */
    char iq[32], iqn[32];   /* ff state variables */
    char clk[32];           /* clocked_on pin */
    fn next, clear, preset; /* clear/preset: nvars 0 and no tt when absent */
    int found;
} lcell;

/* ---- the netlist ---- */

typedef struct {
    char *name;
    int msb, lsb, dir; /* dir: 0 wire, 1 input, 2 output, 3 inout */
    uint32_t first;    /* its first bit among the module's bits (bit lsb..msb) */
} sig;

/* An expression: bits msb first; >= 0 a module bit, -1 constant 0, -2 constant 1. */
typedef struct {
    long *b;
    size_t n, cap;
} bits;

typedef struct {
    char pin[64];
    bits e;
} conn;

typedef struct {
    char *type, *name;
    conn *c;
    size_t nc, capc;
} inst;

typedef struct {
    char *name;
    sig *s;
    size_t ns, caps;
    uint32_t nbits;
    bits *al, *ar; /* assigns: left and right */
    size_t na, capa, capr;
    size_t *span, caps2; /* each assign's text: offsets of "assign" and after its ";" */
    uint32_t *stab;      /* open addressing over s[] by name, index + 1 */
    size_t stabn;
    inst *in;
    size_t ni, capi;
    int visiting;
} vmod;

typedef struct {
    const char *p, *end, *base;
    int line;
    char tok[4096];
    int kind; /* 'i' identifier (escapes removed), 'n' number, else the character, 0 end */
} lexer;

/* ---- gatesim_read.c ---- */
/* err with more said around it (irhw_err cannot take err as an argument) */
int err_wrap(char *err, size_t errlen, const char *pre, const char *post);
lcell *cell_find(lcell *c, size_t n, const char *name);
/* Reads the cells named in c[0..n) from the liberty. */
int read_liberty(const char *path, lcell *cells, size_t n, char *err, size_t errlen);
void lex(lexer *x);
sig *sig_find(vmod *m, const char *name);
int parse_module(lexer *x, vmod *m, char *err, size_t errlen);

#endif
