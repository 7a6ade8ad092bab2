/*
 * args.h — the one option parser of every irhw verb (sim/cli.c,
 * sim/verb_workload.c, sim/sweep_cli.c). A verb describes its options in a
 * table and takes the command line item by item:
 *
 *   --opt VALUE and --opt=VALUE      a long option with a value
 *   -x VALUE, -xVALUE and -x=VALUE   a one-letter option with a value (-j2,
 *                                    -pENTRIES=8, -oDIR)
 *   -ab                              one-letter flags glued together
 *   --                               the end of the options: every later
 *                                    word is a positional argument
 *
 * Options and positional arguments mix in any order. An unknown option, a
 * missing value and a value given to a flag are answered here: the message
 * names the option (with the closest known one, "did you mean"), and
 * irhw_args_next returns IRHW_ARG_BAD for the verb to exit 2.
 */
#ifndef IRHW_ARGS_H
#define IRHW_ARGS_H

#include "irhw.h"

typedef struct {
    const char *name; /* "--cycles", or a one-letter "-p" */
    int value;        /* 1: the option takes a value */
    int id;           /* the verb's own number for it */
    unsigned verbs;   /* which verbs of a shared table take it (0: every one) */
    const char *arg;  /* the value's name in help ("N", "DIR"); NULL for a flag */
    const char *help; /* its help text; NULL: not listed (an alias printed beside
                       * its option, or -h/--help); lines after the first begin
                       * with '\n' and are indented under it */
} irhw_opt;

typedef struct {
    const char *verb;     /* in messages: "cosim", "workload bfs" */
    const irhw_opt *opts; /* ends with an entry whose name is NULL */
    unsigned verbs;       /* the entries this verb sees (an entry's verbs & verbs, or 0) */
    int argc;
    char **argv;
    int i;             /* the next word of argv */
    const char *glued; /* the rest of a word of glued one-letter flags */
    int positional;    /* after "--" */
} irhw_args;

/* The line of every verb's --help that says so. */
#define IRHW_ARGS_HELP                                                                             \
    "  (options anywhere after the verb: --opt VALUE or --opt=VALUE, -x VALUE or\n"                \
    "  -xVALUE (-pENTRIES=8, -j2); each -p NAME once; '--' ends the options)\n"

enum { IRHW_ARG_END, IRHW_ARG_OPT, IRHW_ARG_POS, IRHW_ARG_BAD };

/* Starts parsing argv[0..argc-1] for `verb` with the table `opts`. */
void irhw_args_init(irhw_args *a, const char *verb, const irhw_opt *opts, unsigned verbs, int argc,
                    char **argv);
/* The next item: IRHW_ARG_OPT (*opt the table's entry, *val its value or
 * NULL for a flag), IRHW_ARG_POS (*val the word), IRHW_ARG_END, or
 * IRHW_ARG_BAD (the message printed). */
int irhw_args_next(irhw_args *a, const irhw_opt **opt, const char **val);
/* Prints the options of `opts` that `verbs` sees (as visible()), one
 * "  --name ARG   help" row each, the help column aligned at `col` (0: 24),
 * then IRHW_ARGS_HELP. Every verb's --help is this table plus its own
 * usage line and paragraph. */
void irhw_args_print(FILE *f, const irhw_opt *opts, unsigned verbs, int col);
/* 1 when -h or --help comes before any "--" (it wins over every error). */
int irhw_args_help(int argc, char **argv);
/* Prints "irhw VERB: <message>" and the line pointing at --help; returns 2. */
int irhw_args_usage(const irhw_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same for a verb without an irhw_args. */
int irhw_usage(const char *verb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The block called `name`, or NULL after "unknown block 'x' (did you mean
 * y?)" and the list of blocks on stderr. */
const irhw_block *irhw_args_block(const char *verb, const char *name);
/* Prints "WHERE: unknown WHAT 'word'" on stderr, with " (did you mean
 * NEAR?)" when near is not NULL (irhw_closest). */
void irhw_print_unknown(const char *where, const char *what, const char *word, const char *near);
/* Prints "blocks: a b c" and a newline to f. */
void irhw_print_blocks(FILE *f);

/* Adds the -p NAME=VALUE `assign` to list[*n] (of at most max): exit 2
 * when the list is full, and when an earlier -p gave NAME another value
 * (the message names the parameter and both values); an identical repeat
 * is dropped. Returns 0 or 2. */
int irhw_args_param(const irhw_args *a, const char **list, unsigned *n, unsigned max,
                    const char *assign);
/* Sets every -p of list on c (irhw_cfg_set); 0, or 2 after the message. */
int irhw_args_apply(const char *verb, const irhw_block *b, irhw_cfg *c, const char *const *list,
                    unsigned n);

#endif
