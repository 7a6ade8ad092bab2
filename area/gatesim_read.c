/*
 * gatesim_read.c — the readers of the gate-level simulation (gatesim.c,
 * gatesim_int.h).
 *
 *  1. The cells it uses are read from the liberty: each output pin's
 *     function, each ff group's clocked_on, next_state, clear and preset,
 *     compiled to truth tables over the variables they use.
 *  2. The netlist (Yosys write_verilog -noattr): a lexer and a parser of
 *     modules of wires, ports, assigns and cell instances with named
 *     connections, each module kept as read (gatesim.c flattens them).
 */
#define _POSIX_C_SOURCE 200809L

#include "gatesim.h"
#include "area_int.h"
#include "gatesim_int.h"
#include "hash.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* err with more said around it (irhw_err cannot take err as an argument) */
int err_wrap(char *err, size_t errlen, const char *pre, const char *post)
{
    char t[3000];
    snprintf(t, sizeof t, "%s", err);
    return irhw_err(err, errlen, "%s%s%s", pre, t, post);
}

/* ---- boolean functions -------------------------------------------------- */

typedef struct {
    const char *s;
    fn *f;
    int bad;
} fparse;

static void fskip(fparse *p)
{
    while (*p->s == ' ' || *p->s == '\t')
        p->s++;
}

/* Value of the expression under the assignment a (bit i = variable i). */
static int f_or(fparse *p, unsigned a);

static int f_var(fparse *p, const char *name, size_t n, unsigned a)
{
    for (unsigned i = 0; i < p->f->nvars; i++)
        if (strlen(p->f->vars[i]) == n && !strncmp(p->f->vars[i], name, n))
            return (a >> i) & 1;
    if (p->f->nvars == MAXVARS || n >= sizeof p->f->vars[0]) {
        p->bad = 1;
        return 0;
    }
    snprintf(p->f->vars[p->f->nvars++], sizeof p->f->vars[0], "%.*s", (int)n, name);
    return 0; /* learning pass: variables are collected, values do not matter */
}

static int f_unary(fparse *p, unsigned a)
{
    fskip(p);
    int v;
    if (*p->s == '!') {
        p->s++;
        v = !f_unary(p, a);
    } else if (*p->s == '(') {
        p->s++;
        v = f_or(p, a);
        fskip(p);
        if (*p->s == ')')
            p->s++;
        else
            p->bad = 1;
    } else if (isalpha((unsigned char)*p->s) || *p->s == '_') {
        const char *b = p->s;
        while (isalnum((unsigned char)*p->s) || *p->s == '_')
            p->s++;
        v = f_var(p, b, (size_t)(p->s - b), a);
    } else if (*p->s == '0' || *p->s == '1') {
        v = *p->s++ == '1';
    } else {
        p->bad = 1;
        return 0;
    }
    fskip(p);
    while (*p->s == '\'') {
        p->s++;
        v = !v;
        fskip(p);
    }
    return v;
}

static int f_xor(fparse *p, unsigned a)
{
    int v = f_unary(p, a);
    for (fskip(p); *p->s == '^'; fskip(p)) {
        p->s++;
        v ^= f_unary(p, a);
    }
    return v;
}

static int f_and(fparse *p, unsigned a)
{
    int v = f_xor(p, a);
    while (!p->bad) { /* bad: a term that took nothing ("2"); stop there */
        fskip(p);
        if (*p->s == '&' || *p->s == '*')
            p->s++;
        else if (!(*p->s == '!' || *p->s == '(' || isalnum((unsigned char)*p->s) || *p->s == '_'))
            break;
        v &= f_xor(p, a);
    }
    return v;
}

static int f_or(fparse *p, unsigned a)
{
    int v = f_and(p, a);
    for (fskip(p); *p->s == '|' || *p->s == '+'; fskip(p)) {
        p->s++;
        v |= f_and(p, a);
    }
    return v;
}

/* Compiles a liberty function to a truth table in f, replacing what f
 * held (an attribute given twice: the last one counts); 0 or -1. */
static int fn_compile(fn *f, const char *expr, char *err, size_t errlen)
{
    free(f->tt);
    memset(f, 0, sizeof *f);
    fparse p = {expr, f, 0};
    f_or(&p, 0);
    fskip(&p);
    if (p.bad || *p.s)
        return irhw_err(err, errlen, "cannot read the liberty function \"%s\"", expr);
    size_t words = ((size_t)1 << f->nvars) / 64 + 1;
    if (!(f->tt = calloc(words, sizeof *f->tt)))
        return irhw_err(err, errlen, "out of memory");
    for (unsigned a = 0; a < 1u << f->nvars; a++) {
        p.s = expr;
        if (f_or(&p, a))
            f->tt[a / 64] |= 1ULL << (a % 64);
    }
    return 0;
}

/* ---- liberty cells ---------------------------------------------------------- */

/* "  name : "value" ;" -> value (no quotes); 1 if the line is attribute k. */
static int attr(const char *line, const char *k, char *val, size_t len)
{
    const char *p = line + strspn(line, " \t");
    size_t n = strlen(k);
    if (strncmp(p, k, n) || (p[n] != ' ' && p[n] != ':' && p[n] != '\t'))
        return 0;
    p = strchr(p + n, ':');
    if (!p)
        return 0;
    p++;
    p += strspn(p, " \t\"");
    size_t m = strcspn(p, "\";");
    while (m && (p[m - 1] == ' ' || p[m - 1] == '\r'))
        m--;
    snprintf(val, len, "%.*s", (int)m, p);
    return 1;
}

/* The second name of a group "kw (a, b)", or "". */
static void group_second(const char *line, char *second, size_t len)
{
    const char *c = strchr(line, ',');
    second[0] = '\0';
    if (c) {
        c++;
        c += strspn(c, " \t\"");
        snprintf(second, len, "%.*s", (int)strcspn(c, "\",) \t"), c);
    }
}

lcell *cell_find(lcell *c, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(c[i].name, name))
            return &c[i];
    return NULL;
}

/* Reads the cells named in c[0..n) from the liberty. */
int read_liberty(const char *path, lcell *cells, size_t n, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return irhw_err(err, errlen, "cannot read liberty %s: %s", path, strerror(errno));
    char *line = NULL, *buf = NULL;
    size_t cap = 0, bcap = 0;
    int depth = 0, cdepth = -1, pdepth = -1, ffdepth = -1, rc = 0;
    lcell *cur = NULL;
    lpin *pin = NULL;
    ssize_t len;
    while (!rc && (len = getline(&line, &cap, f)) >= 0) {
        /* a line ending in a backslash continues */
        size_t bl = 0;
        while (len >= 2 && line[len - 1] == '\n' && line[len - 2] == '\\') {
            if (area_grow(&buf, bl + (size_t)len + 1, &bcap, 1))
                break;
            memcpy(buf + bl, line, (size_t)len - 2);
            bl += (size_t)len - 2;
            if ((len = getline(&line, &cap, f)) < 0)
                len = 0, line[0] = '\0';
        }
        const char *l = line;
        if (bl) {
            if (area_grow(&buf, bl + (size_t)len + 1, &bcap, 1) == 0) {
                memcpy(buf + bl, line, (size_t)len + 1);
                l = buf;
            }
        }
        char name[160], second[64], val[4096];
        if (depth == 1 && area_lib_group(l, "cell", name, sizeof name)) {
            cur = cell_find(cells, n, name);
            cdepth = depth;
            if (cur)
                cur->found = 1;
        } else if (cur && depth == cdepth + 1 && area_lib_group(l, "pin", name, sizeof name)) {
            pin = PUSH(cur->pins, cur->npins, cur->cappins);
            if (!pin) {
                rc = irhw_err(err, errlen, "out of memory");
                break;
            }
            memset(pin, 0, sizeof *pin);
            snprintf(pin->name, sizeof pin->name, "%s", name);
            pdepth = depth;
        } else if (cur && depth == cdepth + 1 && area_lib_group(l, "ff", cur->iq, sizeof cur->iq)) {
            cur->ff = 1;
            group_second(l, second, sizeof second);
            snprintf(cur->iqn, sizeof cur->iqn, "%s", second);
            ffdepth = depth;
        } else if (cur && depth == cdepth + 1 &&
                   (area_lib_group(l, "latch", name, sizeof name) ||
                    area_lib_group(l, "statetable", name, sizeof name) ||
                    area_lib_group(l, "ff_bank", name, sizeof name) ||
                    area_lib_group(l, "bus", name, sizeof name))) {
            cur->refused = 1;
        } else if (cur && pin && depth == pdepth + 1) {
            if (attr(l, "direction", val, sizeof val))
                pin->dir = !strcmp(val, "input") ? 1 : !strcmp(val, "output") ? 2 : 3;
            else if (attr(l, "function", val, sizeof val))
                rc = fn_compile(&pin->f, val, err, errlen);
            else if (attr(l, "three_state", val, sizeof val))
                cur->refused = 1;
        } else if (cur && ffdepth >= 0 && depth == ffdepth + 1) {
            if (attr(l, "clocked_on", val, sizeof val))
                snprintf(cur->clk, sizeof cur->clk, "%s", val);
            else if (attr(l, "next_state", val, sizeof val))
                rc = fn_compile(&cur->next, val, err, errlen);
            else if (attr(l, "clear", val, sizeof val))
                rc = fn_compile(&cur->clear, val, err, errlen);
            else if (attr(l, "preset", val, sizeof val))
                rc = fn_compile(&cur->preset, val, err, errlen);
        }
        if (rc) {
            char post[1300];
            snprintf(post, sizeof post, " (cell %s in %s)", cur ? cur->name : "?", path);
            rc = err_wrap(err, errlen, "", post);
        }
        depth += area_lib_brace_delta(l);
        if (pin && depth <= pdepth)
            pin = NULL, pdepth = -1;
        if (ffdepth >= 0 && depth <= ffdepth)
            ffdepth = -1;
        if (cur && depth <= cdepth)
            cur = NULL, cdepth = -1;
    }
    free(line);
    free(buf);
    fclose(f);
    return rc;
}

/* ---- the netlist ------------------------------------------------------------ */

void lex(lexer *x)
{
    for (;;) {
        while (x->p < x->end && isspace((unsigned char)*x->p))
            x->line += *x->p++ == '\n';
        if (x->p + 1 < x->end && x->p[0] == '/' && x->p[1] == '/') {
            while (x->p < x->end && *x->p != '\n')
                x->p++;
        } else if (x->p + 1 < x->end && x->p[0] == '/' && x->p[1] == '*') {
            const char *e = strstr(x->p + 2, "*/");
            x->p = e ? e + 2 : x->end;
        } else if (x->p + 1 < x->end && x->p[0] == '(' && x->p[1] == '*') {
            const char *e = strstr(x->p + 2, "*)");
            x->p = e ? e + 2 : x->end;
        } else {
            break;
        }
    }
    size_t n = 0;
    if (x->p >= x->end) {
        x->kind = 0;
        x->tok[0] = '\0';
        return;
    }
    char c = *x->p;
    if (c == '\\') {
        x->p++;
        while (x->p < x->end && !isspace((unsigned char)*x->p) && n + 1 < sizeof x->tok)
            x->tok[n++] = *x->p++;
        x->kind = 'i';
    } else if (isalpha((unsigned char)c) || c == '_' || c == '$') {
        while (x->p < x->end && (isalnum((unsigned char)*x->p) || *x->p == '_' || *x->p == '$') &&
               n + 1 < sizeof x->tok)
            x->tok[n++] = *x->p++;
        x->kind = 'i';
    } else if (isdigit((unsigned char)c) || c == '\'') {
        while (x->p < x->end && (isalnum((unsigned char)*x->p) || *x->p == '\'' || *x->p == '_') &&
               n + 1 < sizeof x->tok)
            x->tok[n++] = *x->p++;
        x->kind = 'n';
    } else {
        x->tok[n++] = *x->p++;
        x->kind = c;
    }
    x->tok[n] = '\0';
}

static size_t name_hash(const char *s)
{
    return (size_t)irhw_hash(IRHW_HASH_INIT, s, strlen(s));
}

sig *sig_find(vmod *m, const char *name)
{
    if (!m->stab)
        return NULL;
    for (size_t h = name_hash(name) & (m->stabn - 1); m->stab[h]; h = (h + 1) & (m->stabn - 1))
        if (!strcmp(m->s[m->stab[h] - 1].name, name))
            return &m->s[m->stab[h] - 1];
    return NULL;
}

/* Indexes s[m->ns - 1] (the table at most half full); 0 or -1. */
static int sig_index(vmod *m)
{
    if (2 * m->ns >= m->stabn) {
        size_t n = m->stabn ? 2 * m->stabn : 64;
        uint32_t *t = calloc(n, sizeof *t);
        if (!t)
            return -1;
        free(m->stab);
        m->stab = t;
        m->stabn = n;
        for (size_t i = 0; i + 1 < m->ns; i++) {
            size_t h = name_hash(m->s[i].name) & (n - 1);
            while (t[h])
                h = (h + 1) & (n - 1);
            t[h] = (uint32_t)i + 1;
        }
    }
    size_t h = name_hash(m->s[m->ns - 1].name) & (m->stabn - 1);
    while (m->stab[h])
        h = (h + 1) & (m->stabn - 1);
    m->stab[h] = (uint32_t)m->ns;
    return 0;
}

static int bit_push(bits *e, long b)
{
    long *p = PUSH(e->b, e->n, e->cap);
    if (!p)
        return -1;
    *p = b;
    return 0;
}

/* A sized or plain constant: its bits msb first. */
static int const_bits(const char *t, bits *e)
{
    const char *q = strchr(t, '\'');
    unsigned width = q ? (unsigned)strtoul(t, NULL, 10) : 32;
    const char *v = q ? q + 1 : t;
    int base = 10;
    if (q) {
        if (*v == 's' || *v == 'S')
            v++;
        base = strchr("bB", *v) ? 2 : strchr("hH", *v) ? 16 : strchr("oO", *v) ? 8 : 10;
        v++;
    }
    if (width == 0 || width > 4096)
        return -1;
    unsigned char *val = calloc(width, 1); /* lsb first */
    if (!val)
        return -1;
    if (base == 10) {
        unsigned long long d = strtoull(v, NULL, 10);
        for (unsigned i = 0; i < width && i < 64; i++)
            val[i] = (d >> i) & 1;
    } else {
        unsigned sh = base == 2 ? 1 : base == 8 ? 3 : 4, pos = 0;
        for (const char *c = v + strlen(v); c > v && pos < width;) {
            c--;
            if (*c == '_')
                continue;
            unsigned d = isdigit((unsigned char)*c) ? (unsigned)(*c - '0')
                         : isxdigit((unsigned char)*c)
                             ? (unsigned)(tolower((unsigned char)*c) - 'a' + 10)
                             : 0; /* x, z: 0 */
            for (unsigned k = 0; k < sh && pos < width; k++)
                val[pos++] = (d >> k) & 1;
        }
    }
    int rc = 0;
    for (unsigned i = width; i-- > 0 && !rc;)
        rc = bit_push(e, val[i] ? -2 : -1);
    free(val);
    return rc;
}

static int parse_expr(lexer *x, vmod *m, bits *e, char *err, size_t errlen);

/* "[hi]" or "[hi:lo]" at x (on its "["), past the "]"; `colon`: the ":lo"
 * is required (a declaration). */
static int bit_range(lexer *x, int colon, int *hi, int *lo, char *err, size_t errlen)
{
    lex(x);
    *hi = *lo = atoi(x->tok);
    lex(x);
    if (x->kind == ':') {
        lex(x);
        *lo = atoi(x->tok);
        lex(x);
    } else if (colon) {
        return irhw_err(err, errlen, "line %d: range expected", x->line);
    }
    if (x->kind != ']')
        return irhw_err(err, errlen, "line %d: ] expected", x->line);
    lex(x);
    return 0;
}

/* One term: name, name[i], name[a:b], constant, {concatenation}. */
static int parse_term(lexer *x, vmod *m, bits *e, char *err, size_t errlen)
{
    if (x->kind == '{') {
        lex(x);
        for (;;) {
            if (parse_expr(x, m, e, err, errlen))
                return -1;
            if (x->kind == ',') {
                lex(x);
                continue;
            }
            if (x->kind != '}')
                return irhw_err(err, errlen, "line %d: } expected, found \"%s\"", x->line, x->tok);
            lex(x);
            return 0;
        }
    }
    if (x->kind == 'n') {
        if (const_bits(x->tok, e))
            return irhw_err(err, errlen, "line %d: unreadable constant %s", x->line, x->tok);
        lex(x);
        return 0;
    }
    if (x->kind != 'i')
        return irhw_err(err, errlen, "line %d: a signal expected, found \"%s\"", x->line, x->tok);
    sig *s = sig_find(m, x->tok);
    if (!s)
        return irhw_err(err, errlen, "line %d: %s not declared in module %s", x->line, x->tok,
                        m->name);
    lex(x);
    int hi = s->msb, lo = s->lsb;
    if (x->kind == '[' && bit_range(x, 0, &hi, &lo, err, errlen))
        return -1;
    int smin = s->msb < s->lsb ? s->msb : s->lsb, smax = s->msb < s->lsb ? s->lsb : s->msb;
    int step = hi >= lo ? -1 : 1;
    for (int i = hi;; i += step) {
        if (i < smin || i > smax)
            return irhw_err(err, errlen, "line %d: %s[%d] out of its range", x->line, s->name, i);
        /* bit i of the signal: offset from lsb */
        uint32_t off = (uint32_t)(s->lsb <= s->msb ? i - s->lsb : s->lsb - i);
        if (bit_push(e, (long)(s->first + off)))
            return irhw_err(err, errlen, "out of memory");
        if (i == lo)
            break;
    }
    return 0;
}

static int parse_expr(lexer *x, vmod *m, bits *e, char *err, size_t errlen)
{
    return parse_term(x, m, e, err, errlen);
}

static int declare(lexer *x, vmod *m, int dir, char *err, size_t errlen)
{
    int msb = 0, lsb = 0;
    lex(x);
    if (x->kind == 'i' &&
        (!strcmp(x->tok, "wire") || !strcmp(x->tok, "reg") || !strcmp(x->tok, "signed")))
        lex(x);
    if (x->kind == '[' && bit_range(x, 1, &msb, &lsb, err, errlen))
        return -1;
    for (;;) {
        if (x->kind != 'i')
            return irhw_err(err, errlen, "line %d: a name expected, found \"%s\"", x->line, x->tok);
        sig *s = sig_find(m, x->tok);
        if (s) {
            if (dir)
                s->dir = dir;
        } else {
            s = PUSH(m->s, m->ns, m->caps);
            if (!s || !(s->name = strdup(x->tok)))
                return irhw_err(err, errlen, "out of memory");
            s->msb = msb;
            s->lsb = lsb;
            s->dir = dir;
            s->first = m->nbits;
            m->nbits += (uint32_t)abs(msb - lsb) + 1;
            if (sig_index(m))
                return irhw_err(err, errlen, "out of memory");
        }
        lex(x);
        if (x->kind == ',') {
            lex(x);
            continue;
        }
        if (x->kind != ';')
            return irhw_err(err, errlen, "line %d: ; expected after a declaration", x->line);
        lex(x);
        return 0;
    }
}

/* Skips a balanced ( ... ) starting at the current '('. */
static void skip_parens(lexer *x)
{
    int d = 0;
    do {
        if (x->kind == '(')
            d++;
        else if (x->kind == ')')
            d--;
        lex(x);
    } while (d > 0 && x->kind);
}

int parse_module(lexer *x, vmod *m, char *err, size_t errlen)
{
    lex(x); /* name */
    if (!(m->name = strdup(x->tok)))
        return irhw_err(err, errlen, "out of memory");
    lex(x);
    if (x->kind == '(')
        skip_parens(x);
    if (x->kind == ';')
        lex(x);
    while (x->kind) {
        if (x->kind == 'i' && !strcmp(x->tok, "endmodule")) {
            lex(x);
            return 0;
        }
        if (x->kind == 'i' &&
            (!strcmp(x->tok, "input") || !strcmp(x->tok, "output") || !strcmp(x->tok, "inout") ||
             !strcmp(x->tok, "wire") || !strcmp(x->tok, "reg"))) {
            int dir = !strcmp(x->tok, "input")    ? 1
                      : !strcmp(x->tok, "output") ? 2
                      : !strcmp(x->tok, "inout")  ? 3
                                                  : 0;
            if (declare(x, m, dir, err, errlen))
                return -1;
        } else if (x->kind == 'i' && !strcmp(x->tok, "assign")) {
            size_t from = (size_t)(x->p - x->base) - 6;
            lex(x);
            bits l = {0}, r = {0};
            if (parse_expr(x, m, &l, err, errlen))
                return -1;
            if (x->kind != '=')
                return irhw_err(err, errlen, "line %d: = expected in assign", x->line);
            lex(x);
            if (parse_expr(x, m, &r, err, errlen))
                return -1;
            size_t n = m->na;
            bits *pl = PUSH(m->al, m->na, m->capa);
            bits *pr = PUSH(m->ar, n, m->capr);
            if (!pl || !pr)
                return irhw_err(err, errlen, "out of memory");
            *pl = l;
            *pr = r;
            if (x->kind != ';')
                return irhw_err(err, errlen, "line %d: ; expected after assign", x->line);
            size_t k = 2 * (m->na - 1);
            if (area_grow(&m->span, k + 1, &m->caps2, sizeof *m->span))
                return irhw_err(err, errlen, "out of memory");
            m->span[k] = from;
            m->span[k + 1] = (size_t)(x->p - x->base);
            lex(x);
        } else if (x->kind == 'i') {
            inst *in = PUSH(m->in, m->ni, m->capi);
            if (!in)
                return irhw_err(err, errlen, "out of memory");
            memset(in, 0, sizeof *in);
            in->type = strdup(x->tok);
            lex(x);
            if (x->kind == '#') {
                lex(x);
                skip_parens(x);
            }
            in->name = strdup(x->tok);
            if (!in->type || !in->name)
                return irhw_err(err, errlen, "out of memory");
            lex(x);
            if (x->kind != '(')
                return irhw_err(err, errlen, "line %d: ( expected after instance %s", x->line,
                                in->name);
            lex(x);
            while (x->kind == '.') {
                lex(x);
                conn *c = PUSH(in->c, in->nc, in->capc);
                if (!c)
                    return irhw_err(err, errlen, "out of memory");
                memset(c, 0, sizeof *c);
                snprintf(c->pin, sizeof c->pin, "%s", x->tok);
                lex(x);
                if (x->kind != '(')
                    return irhw_err(err, errlen, "line %d: ( expected after .%s", x->line, c->pin);
                lex(x);
                if (x->kind != ')' && parse_expr(x, m, &c->e, err, errlen))
                    return -1;
                if (x->kind != ')')
                    return irhw_err(err, errlen, "line %d: ) expected after .%s(...", x->line,
                                    c->pin);
                lex(x);
                if (x->kind == ',')
                    lex(x);
            }
            if (x->kind != ')')
                return irhw_err(err, errlen,
                                "line %d: instance %s: only named connections (.PIN(net)) are "
                                "read",
                                x->line, in->name);
            lex(x);
            if (x->kind != ';')
                return irhw_err(err, errlen, "line %d: ; expected after instance %s", x->line,
                                in->name);
            lex(x);
        } else {
            return irhw_err(err, errlen, "line %d: unexpected \"%s\"", x->line, x->tok);
        }
    }
    return irhw_err(err, errlen, "module %s: no endmodule", m->name);
}
