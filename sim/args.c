/*
 * args.c — the option parser every irhw verb shares (sim/args.h), with the
 * messages of a command line that is wrong: exit 2, the option, block or
 * parameter named, and the closest known one when one is close.
 */
#include "args.h"

#include <stdarg.h>
#include <string.h>

static int vusage(const char *verb, const char *fmt, va_list ap)
{
    fprintf(stderr, "irhw %s: ", verb);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(see 'irhw %s --help')\n", verb);
    return 2;
}

int irhw_usage(const char *verb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vusage(verb, fmt, ap);
    va_end(ap);
    return 2;
}

int irhw_args_usage(const irhw_args *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vusage(a->verb, fmt, ap);
    va_end(ap);
    return 2;
}

void irhw_args_init(irhw_args *a, const char *verb, const irhw_opt *opts, unsigned verbs, int argc,
                    char **argv)
{
    memset(a, 0, sizeof *a);
    a->verb = verb;
    a->opts = opts;
    a->verbs = verbs;
    a->argc = argc;
    a->argv = argv;
}

int irhw_args_help(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return 1;
    return 0;
}

static int visible(const irhw_args *a, const irhw_opt *o)
{
    return !o->verbs || !a->verbs || (o->verbs & a->verbs);
}

/* The entry called name[0..len-1], or NULL. */
static const irhw_opt *find(const irhw_args *a, const char *name, size_t len)
{
    for (const irhw_opt *o = a->opts; o->name; o++)
        if (visible(a, o) && strlen(o->name) == len && !strncmp(o->name, name, len))
            return o;
    return NULL;
}

/* "unknown option '-x'" with the closest option this verb takes. */
static int unknown(const irhw_args *a, const char *word, size_t len)
{
    const char *names[128];
    size_t n = 0;
    for (const irhw_opt *o = a->opts; o->name && n < sizeof names / sizeof names[0]; o++)
        if (visible(a, o))
            names[n++] = o->name;
    char w[64];
    snprintf(w, sizeof w, "%.*s", (int)len, word);
    for (const irhw_opt *o = a->opts; o->name; o++)
        if (!strcmp(o->name, w)) /* another verb's */
            return irhw_args_usage(a, "option %s does not apply to %s", w, a->verb);
    const char *near = irhw_closest(w, names, n, sizeof names[0]);
    if (near)
        return irhw_args_usage(a, "unknown option '%s' (did you mean %s?)", w, near);
    return irhw_args_usage(a, "unknown option '%s'", w);
}

int irhw_args_next(irhw_args *a, const irhw_opt **opt, const char **val)
{
    *opt = NULL;
    *val = NULL;
    if (a->glued && *a->glued) { /* the next of -abc */
        const irhw_opt *o = find(a, (char[]){'-', *a->glued}, 2);
        if (!o)
            return unknown(a, (char[]){'-', *a->glued}, 2), IRHW_ARG_BAD;
        a->glued++;
        if (o->value) {
            if (*a->glued)
                *val = a->glued + (*a->glued == '='); /* -xVALUE or -x=VALUE */
            else if (a->i < a->argc)
                *val = a->argv[a->i++];
            else
                return irhw_args_usage(a, "option %s needs a value", o->name), IRHW_ARG_BAD;
            a->glued = NULL;
            if (!**val)
                return irhw_args_usage(a, "option %s needs a value, not an empty one", o->name),
                       IRHW_ARG_BAD;
        }
        *opt = o;
        return IRHW_ARG_OPT;
    }
    a->glued = NULL;
    if (a->i >= a->argc)
        return IRHW_ARG_END;
    const char *w = a->argv[a->i++];
    if (!a->positional && !strcmp(w, "--")) {
        a->positional = 1;
        return irhw_args_next(a, opt, val);
    }
    if (a->positional || w[0] != '-' || !w[1]) {
        *val = w;
        return IRHW_ARG_POS;
    }
    if (w[1] != '-') { /* -x, -xVALUE, -xyz */
        if (!find(a, w, 2)) {
            const char *eq = strchr(w, '=');
            return unknown(a, w, eq ? (size_t)(eq - w) : strlen(w)), IRHW_ARG_BAD;
        }
        a->glued = w + 1;
        return irhw_args_next(a, opt, val);
    }
    const char *eq = strchr(w, '=');
    size_t len = eq ? (size_t)(eq - w) : strlen(w);
    const irhw_opt *o = find(a, w, len);
    if (!o)
        return unknown(a, w, len), IRHW_ARG_BAD;
    if (o->value) {
        if (eq)
            *val = eq + 1;
        else if (a->i < a->argc)
            *val = a->argv[a->i++];
        else
            return irhw_args_usage(a, "option %s needs a value", o->name), IRHW_ARG_BAD;
    } else if (eq) {
        return irhw_args_usage(a, "option %s takes no value ('%s')", o->name, w), IRHW_ARG_BAD;
    }
    if (o->value && !**val)
        return irhw_args_usage(a, "option %s needs a value, not an empty one", o->name),
               IRHW_ARG_BAD;
    *opt = o;
    return IRHW_ARG_OPT;
}

void irhw_args_print(FILE *f, const irhw_opt *opts, unsigned verbs, int col)
{
    if (!col)
        col = 24;
    for (const irhw_opt *o = opts; o->name; o++) {
        if (!o->help || (verbs && o->verbs && !(o->verbs & verbs)))
            continue;
        char head[96];
        int n = snprintf(head, sizeof head, "  %s%s%s", o->name, o->arg ? " " : "",
                         o->arg ? o->arg : "");
        fputs(head, f);
        if (n >= col - 1) {
            fputc('\n', f);
            n = 0;
        }
        for (const char *h = o->help; *h;) {
            const char *nl = strchr(h, '\n');
            size_t len = nl ? (size_t)(nl - h) : strlen(h);
            fprintf(f, "%*s%.*s\n", col - n, "", (int)len, h);
            n = 0;
            h += len + (nl != NULL);
        }
    }
    fputs(IRHW_ARGS_HELP, f);
}

void irhw_print_blocks(FILE *f)
{
    fprintf(f, "blocks:");
    for (const irhw_block *const *b = irhw_blocks; *b; b++)
        fprintf(f, " %s", (*b)->name);
    fprintf(f, "\n");
}

const irhw_block *irhw_args_block(const char *verb, const char *name)
{
    const irhw_block *b = irhw_find_block(name);
    if (b)
        return b;
    const char *names[64];
    size_t n = 0;
    for (const irhw_block *const *p = irhw_blocks; *p && n < sizeof names / sizeof names[0]; p++)
        names[n++] = (*p)->name;
    char where[80];
    snprintf(where, sizeof where, "irhw %s", verb);
    irhw_print_unknown(where, "block", name, irhw_closest(name, names, n, sizeof names[0]));
    irhw_print_blocks(stderr);
    return NULL;
}

void irhw_print_unknown(const char *where, const char *what, const char *word, const char *near)
{
    fprintf(stderr, "%s: unknown %s '%s'", where, what, word);
    if (near)
        fprintf(stderr, " (did you mean %s?)", near);
    fprintf(stderr, "\n");
}

int irhw_args_param(const irhw_args *a, const char **list, unsigned *n, unsigned max,
                    const char *assign)
{
    const char *eq = strchr(assign, '=');
    size_t len = eq ? (size_t)(eq - assign) : strlen(assign);
    for (unsigned i = 0; eq && i < *n; i++) {
        const char *e = strchr(list[i], '=');
        if (!e || (size_t)(e - list[i]) != len || strncmp(list[i], assign, len))
            continue;
        if (!strcmp(e, eq))
            return 0;
        return irhw_args_usage(a,
                               "parameter %.*s given twice, -p %s and -p %s: give it once "
                               "(the value you want)",
                               (int)len, assign, list[i], assign);
    }
    if (*n == max)
        return irhw_args_usage(a, "too many -p options (at most %u): %s", max, assign);
    list[(*n)++] = assign;
    return 0;
}

int irhw_args_apply(const char *verb, const irhw_block *b, irhw_cfg *c, const char *const *list,
                    unsigned n)
{
    char err[IRHW_ERRLEN];
    for (unsigned i = 0; i < n; i++)
        if (irhw_cfg_set(b, c, list[i], err, sizeof err)) {
            fprintf(stderr, "irhw %s: %s\n", verb, err);
            return 2;
        }
    return 0;
}
