/*
 * core.c — what every block shares: parameter parsing and range checks,
 * port layout, bit fields in word arrays, the random generator, the
 * validated model constructor and the registry lookup.
 *
 * Parameters are rejected, never clamped: every message names the
 * parameter, the value given and the allowed range.
 */
#include "irhw.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double irhw_now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int irhw_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int irhw_parse_uint(const char *s, uint64_t *out)
{
    uint64_t x = 0;
    if (!s || !*s)
        return -1;
    for (; *s; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (d > 9 || x > (UINT64_MAX - d) / 10)
            return -1;
        x = 10 * x + d;
    }
    *out = x;
    return 0;
}

int irhw_parse_real(const char *s, double *out)
{
    const char *p = s ? s : "";
    size_t digits = 0;
    p += *p == '-';
    for (; isdigit((unsigned char)*p); p++)
        digits++;
    if (*p == '.')
        for (p++; isdigit((unsigned char)*p); p++)
            digits++;
    if (digits && (*p == 'e' || *p == 'E')) {
        p += p[1] == '+' || p[1] == '-' ? 2 : 1;
        if (!isdigit((unsigned char)*p))
            return -1;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (!digits || *p)
        return -1;
    errno = 0;
    double x = strtod(s, NULL);
    if (errno == ERANGE && (x > 1 || x < -1))
        return -1;
    *out = x;
    return 0;
}

int irhw_err_input(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return IRHW_EINPUT;
}

unsigned irhw_port_add(irhw_ports *ps, const irhw_port_row *row, unsigned width)
{
    if (ps->n == IRHW_MAX_PORTS) {
        ps->overflow++;
        return ps->n;
    }
    unsigned i = ps->n++;
    if (i == 0)
        ps->in_words = ps->out_words = 0;
    irhw_port *p = &ps->p[i];
    p->name = row->name;
    p->dir = row->dir;
    p->width = width;
    p->group = row->group;
    p->meaning = row->meaning ? row->meaning : "";
    p->comb = row->dir == IRHW_OUT ? (row->comb ? row->comb : "") : NULL;
    unsigned *words = row->dir == IRHW_IN ? &ps->in_words : &ps->out_words;
    p->off = *words;
    *words += irhw_words(width);
    return i;
}

int irhw_port_find(const irhw_ports *ps, const char *name)
{
    for (unsigned i = 0; i < ps->n; i++)
        if (strcmp(ps->p[i].name, name) == 0)
            return (int)i;
    return -1;
}

void irhw_storage_sram(irhw_storage *st, unsigned words, unsigned width, unsigned count)
{
    for (unsigned i = 0; i < st->nsrams; i++)
        if (st->srams[i].words == words && st->srams[i].width == width) {
            st->srams[i].count += count;
            return;
        }
    if (st->nsrams == IRHW_MAX_SRAMS) {
        st->overflow++;
        return;
    }
    st->srams[st->nsrams++] = (irhw_sram){words, width, count};
}

int irhw_note_add(irhw_note *n, int k, int max, const char *key, double value, const char *fmt, ...)
{
    if (k >= max)
        return k;
    memset(&n[k], 0, sizeof n[k]);
    snprintf(n[k].key, sizeof n[k].key, "%s", key);
    n[k].value = value;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(n[k].text, sizeof n[k].text, fmt, ap);
    va_end(ap);
    return k + 1;
}

double irhw_node_nm(const char *node)
{
    double v = node ? strtod(node, NULL) : 0;
    return v > 0 ? v : 0;
}

double irhw_gpu_mm2_at(double node_nm)
{
    return IRHW_GTX980_MM2_32NM * (node_nm / 32) * (node_nm / 32);
}

double irhw_gpu_share_pct(double um2, const char *node)
{
    double nm = irhw_node_nm(node);
    if (!(um2 > 0) || nm <= 0)
        return NAN;
    return 100 * um2 * 1e-6 / irhw_gpu_mm2_at(nm);
}

void irhw_gpu_share_text(char *buf, size_t len, double um2, const char *node)
{
    double nm = irhw_node_nm(node), pct = irhw_gpu_share_pct(um2, node);
    if (!(um2 > 0))
        snprintf(buf, len, "n/a (no area result)");
    else if (isnan(pct))
        snprintf(buf, len, "n/a (node \"%s\" unknown)", node ? node : "");
    else
        snprintf(buf, len,
                 "%.3g %% of a GTX 980 (%.0f mm2 at 32 nm as the IRU paper sizes it, scaled by "
                 "(%.0f/32)^2 to %.0f mm2 at the block's %.0f nm)",
                 pct, IRHW_GTX980_MM2_32NM, nm, irhw_gpu_mm2_at(nm), nm);
}

unsigned irhw_clog2(uint64_t x)
{
    unsigned n = 0;
    while (n < 64 && ((uint64_t)1 << n) < x)
        n++;
    return n;
}

unsigned irhw_bits_for(uint64_t x)
{
    unsigned n = 1;
    while (n < 64 && (x >> n) != 0)
        n++;
    return n;
}

/* ---- random ---------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void irhw_rng_seed(irhw_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

/* ---- parameters ------------------------------------------------------ */

const irhw_block *irhw_find_block(const char *name)
{
    for (const irhw_block *const *b = irhw_blocks; *b; b++)
        if (strcmp((*b)->name, name) == 0)
            return *b;
    return NULL;
}

int irhw_block_has(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = list; s && *s;) {
        s += strspn(s, " ");
        size_t k = strcspn(s, " ");
        if (k == n && !strncmp(s, word, n))
            return 1;
        s += k;
    }
    return 0;
}

/* Edit distance of a and b, case ignored, a swap of two neighbours one
 * edit (optimal string alignment); words longer than 63 characters are
 * compared on their first 63. */
static unsigned edit_distance(const char *a, const char *b)
{
    enum { N = 64 };
    unsigned row[3][N], la = 0, lb = 0;
    while (la < N - 1 && a[la])
        la++;
    while (lb < N - 1 && b[lb])
        lb++;
    for (unsigned j = 0; j <= lb; j++)
        row[0][j] = j;
    for (unsigned i = 1; i <= la; i++) {
        unsigned *cur = row[i % 3], *prev = row[(i + 2) % 3], *pprev = row[(i + 1) % 3];
        cur[0] = i;
        for (unsigned j = 1; j <= lb; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            unsigned d = prev[j - 1] + (ca != cb);
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && pprev[j - 2] + 1 < d)
                d = pprev[j - 2] + 1;
            cur[j] = d;
        }
    }
    return row[la % 3][lb];
}

const char *irhw_closest(const char *word, const char *const *first, size_t n, size_t stride)
{
    word += strspn(word, "-");
    size_t len = strlen(word);
    unsigned limit = len <= 1 ? 0 : len <= 3 ? 1 : len <= 6 ? 2 : 3, best = limit + 1;
    const char *pick = NULL;
    for (size_t i = 0; i < n; i++) {
        const char *c = *(const char *const *)((const char *)first + i * stride);
        unsigned d = c && *word ? edit_distance(word, c + strspn(c, "-")) : best;
        if (d < best) {
            best = d;
            pick = c;
        }
    }
    return pick;
}

int irhw_param_index(const irhw_block *b, const char *name)
{
    for (unsigned i = 0; i < b->nparams; i++)
        if (strcmp(b->params[i].name, name) == 0)
            return (int)i;
    return -1;
}

void irhw_cfg_defaults(const irhw_block *b, irhw_cfg *c)
{
    memset(c, 0, sizeof *c);
    for (unsigned i = 0; i < b->nparams; i++)
        c->v[i] = b->params[i].def;
}

static void choices_text(const irhw_param *p, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (const char *const *ch = p->choices; *ch && o < len; ch++)
        o += (size_t)snprintf(buf + o, len - o, "%s%s", ch == p->choices ? "" : "|", *ch);
}

void irhw_param_range(const irhw_param *p, char *buf, size_t len)
{
    if (p->type == IRHW_PENUM)
        choices_text(p, buf, len);
    else
        snprintf(buf, len, "%" PRId64 "..%" PRId64, p->min, p->max);
}

int irhw_cfg_set(const irhw_block *b, irhw_cfg *c, const char *assign, char *err, size_t errlen)
{
    const char *eq = strchr(assign, '=');
    if (!eq || eq == assign)
        return irhw_err(err, errlen, "bad parameter '%s': expected NAME=VALUE", assign);
    char name[64];
    size_t nl = (size_t)(eq - assign);
    if (nl >= sizeof name)
        nl = sizeof name - 1;
    memcpy(name, assign, nl);
    name[nl] = 0;
    int i = irhw_param_index(b, name);
    if (i < 0) {
        char known[512] = "";
        size_t o = 0;
        for (unsigned k = 0; k < b->nparams && o < sizeof known; k++)
            o += (size_t)snprintf(known + o, sizeof known - o, "%s%s", k ? ", " : "",
                                  b->params[k].name);
        const char *near = irhw_closest(name, &b->params[0].name, b->nparams, sizeof b->params[0]);
        return irhw_err(err, errlen, "unknown parameter '%s' for block %s (%s%s%sparameters: %s)",
                        name, b->name, near ? "did you mean " : "", near ? near : "",
                        near ? "? " : "", known);
    }
    const irhw_param *p = &b->params[i];
    const char *val = eq + 1;
    char range[256];
    irhw_param_range(p, range, sizeof range);
    if (p->type == IRHW_PENUM) {
        for (int k = 0; p->choices[k]; k++)
            if (strcmp(p->choices[k], val) == 0) {
                c->v[i] = k;
                c->set |= 1u << i;
                return 0;
            }
        return irhw_err(err, errlen, "parameter %s='%s' is not allowed: %s must be one of %s",
                        p->name, val, p->name, range);
    }
    uint64_t x;
    if (irhw_parse_uint(val, &x))
        return irhw_err(err, errlen, "parameter %s='%s' is not a whole number: %s must be %s",
                        p->name, val, p->name, range);
    if (x > (uint64_t)INT64_MAX || (int64_t)x < p->min || (int64_t)x > p->max)
        return irhw_err(err, errlen, "parameter %s=%s is out of range: %s must be %s", p->name, val,
                        p->name, range);
    c->v[i] = x;
    c->set |= 1u << i;
    return 0;
}

int irhw_cfg_set_all(const irhw_block *b, irhw_cfg *c, const char *list, char *err, size_t errlen)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list ? list : "");
    char *save = NULL;
    for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
        if (irhw_cfg_set(b, c, t, err, errlen))
            return -1;
    return 0;
}

int irhw_cfg_check(const irhw_block *b, irhw_cfg *c, char *err, size_t errlen)
{
    if (b->nparams > IRHW_MAX_PARAMS)
        return irhw_err(err, errlen, "block %s declares %u parameters; at most %d fit", b->name,
                        b->nparams, IRHW_MAX_PARAMS);
    if (b->derive)
        b->derive(c);
    for (unsigned i = 0; i < b->nparams; i++) {
        const irhw_param *p = &b->params[i];
        int64_t x = c->v[i];
        int64_t lo = p->type == IRHW_PENUM ? 0 : p->min, hi = p->max;
        if (p->type == IRHW_PENUM) {
            hi = -1;
            while (p->choices[hi + 1])
                hi++;
        }
        if (x < lo || x > hi) {
            char range[256];
            irhw_param_range(p, range, sizeof range);
            return irhw_err(err, errlen, "parameter %s=%" PRId64 " is out of range: %s must be %s",
                            p->name, x, p->name, range);
        }
    }
    return 0;
}

const char *irhw_param_text(const irhw_block *b, const irhw_cfg *c, unsigned i, char *buf,
                            size_t len)
{
    const irhw_param *p = &b->params[i];
    if (p->type == IRHW_PENUM)
        snprintf(buf, len, "%s", p->choices[c->v[i]]);
    else
        snprintf(buf, len, "%" PRId64, c->v[i]);
    return buf;
}

void irhw_cfg_format(const irhw_block *b, const irhw_cfg *c, const char *sep, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < b->nparams && o < len; i++) {
        char v[64];
        o += (size_t)snprintf(buf + o, len - o, "%s%s=%s", i ? sep : "", b->params[i].name,
                              irhw_param_text(b, c, i, v, sizeof v));
    }
}

int irhw_inst_init(irhw_inst *x, const irhw_block *b, const irhw_cfg *c, char *err, size_t errlen)
{
    memset(x, 0, sizeof *x);
    x->b = b;
    x->c = *c;
    if (irhw_cfg_check(b, &x->c, err, errlen))
        return -1;
    x->geom = calloc(1, b->geom_size ? b->geom_size : 1);
    if (!x->geom)
        return irhw_err(err, errlen, "%s: out of memory for the geometry", b->name);
    if (b->geom_of && b->geom_of(&x->c, x->geom, err, errlen))
        return -1;
    b->ports(x, &x->ps);
    if (x->ps.overflow)
        return irhw_err(err, errlen, "%s: %u ports, more than the %d a block may have", b->name,
                        x->ps.n + x->ps.overflow, IRHW_MAX_PORTS);
    b->module_name(x, x->module, sizeof x->module);
    return 0;
}

void irhw_inst_free(irhw_inst *x)
{
    free(x->geom);
    x->geom = NULL;
}

void irhw_vlt_public_inputs(const irhw_inst *x, FILE *f)
{
    for (unsigned i = 0; i < x->ps.n; i++)
        if (x->ps.p[i].dir == IRHW_IN)
            fprintf(f, "public_flat_rd -module \"%s\" -var \"%s\"\n", x->module, x->ps.p[i].name);
}

void *irhw_model_create(const irhw_inst *x, char *err, size_t errlen)
{
    void *m = x->b->model_new(x);
    if (!m)
        irhw_err(err, errlen, "%s: out of memory building the model", x->b->name);
    return m;
}
