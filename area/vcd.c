/*
 * vcd.c — the VCD reader of power.c (vcd.h): a cosim --wave-depth 99
 * trace, mapped, its $var lines below irhw_tb.dut as bit keys, and for
 * every bit its value changes after time 0 (toggles) and the rising clock
 * edges at which it was 1 (high); the SRAM scopes' reads and writes
 * (irhw_sram_1rw: en, we, addr, wdata, rdata). irhw_vcd_check reads a
 * trace for its errors only.
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"
#include "vcd.h"

#include "hash.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- VCD activity ------------------------------------------------------- */

/* A $var is at most 65536 bits wide (Verilator's widest signal, its
 * --max-num-width), and all $var lines together (aliases included) declare
 * at most max(2^17, the trace's size in bytes) bits: each declared bit costs
 * about 100 bytes of memory. A real trace declares far fewer (a 3-cycle
 * hwwl_core trace: 5157 bits in 29047 bytes). */
#define VCD_VAR_MAX_BITS 65536u
#define VCD_MIN_BIT_LIMIT ((size_t)1 << 17)

static uint64_t hash_str(const char *s, size_t n)
{
    return irhw_hash(IRHW_HASH_INIT, s, n);
}

static int tab_build(uint32_t **tab, size_t *tn, size_t n, const char *(*name)(const vcd *, size_t),
                     const vcd *v)
{
    size_t m = 16;
    while (m < 2 * n + 2)
        m *= 2;
    *tab = calloc(m, sizeof **tab);
    if (!*tab)
        return -1;
    *tn = m;
    for (size_t i = 0; i < n; i++) {
        const char *s = name(v, i);
        size_t h = hash_str(s, strlen(s)) & (m - 1);
        while ((*tab)[h])
            h = (h + 1) & (m - 1);
        (*tab)[h] = (uint32_t)i + 1;
    }
    return 0;
}

static const char *key_name(const vcd *v, size_t i)
{
    return v->keys[i].key;
}
static const char *code_name(const vcd *v, size_t i)
{
    return v->codes[i].id;
}

/* Index of the code (or key) named s[0..n), or -1. */
static long tab_find(const uint32_t *tab, size_t tn, const char *s, size_t n,
                     const char *(*name)(const vcd *, size_t), const vcd *v)
{
    if (!tab)
        return -1;
    size_t h = hash_str(s, n) & (tn - 1);
    for (; tab[h]; h = (h + 1) & (tn - 1)) {
        const char *t = name(v, tab[h] - 1);
        if (strlen(t) == n && !memcmp(t, s, n))
            return (long)tab[h] - 1;
    }
    return -1;
}

void vcd_free(vcd *v)
{
    for (size_t i = 0; i < v->ncodes; i++)
        free(v->codes[i].id);
    for (size_t i = 0; i < v->nkeys; i++)
        free(v->keys[i].key);
    free(v->bits);
    free(v->codes);
    free(v->keys);
    free(v->ktab);
    free(v->ctab);
    memset(v, 0, sizeof *v);
}

/* The code named id (new: width bits); its index or -1. */
static long code_of(vcd *v, const char *id, size_t idn, unsigned width)
{
    for (size_t i = v->ctab_codes; i < v->ncodes; i++) /* codes not yet in the table */
        if (strlen(v->codes[i].id) == idn && !memcmp(v->codes[i].id, id, idn))
            return (long)i;
    long found = tab_find(v->ctab, v->ctabn, id, idn, code_name, v);
    if (found >= 0)
        return found;
    if (area_grow(&v->codes, v->ncodes, &v->capcodes, sizeof *v->codes))
        return -1;
    vcode *c = &v->codes[v->ncodes];
    if (!(c->id = malloc(idn + 1)))
        return -1;
    memcpy(c->id, id, idn);
    c->id[idn] = '\0';
    c->first = (uint32_t)v->nbits;
    c->width = width;
    for (unsigned b = 0; b < width; b++) {
        if (area_grow(&v->bits, v->nbits, &v->capbits, sizeof *v->bits))
            return -1;
        memset(&v->bits[v->nbits++], 0, sizeof *v->bits);
    }
    /* rebuild the code table now and then (new codes are found by the scan above) */
    if (v->ncodes % 256 == 255 || !v->ctab) {
        free(v->ctab);
        v->ctab = NULL;
        v->ncodes++;
        if (tab_build(&v->ctab, &v->ctabn, v->ncodes, code_name, v))
            return -1;
        v->ctab_codes = v->ncodes;
        return (long)v->ncodes - 1;
    }
    return (long)v->ncodes++;
}

static int key_add(vcd *v, const char *key, uint32_t bit)
{
    if (area_grow(&v->keys, v->nkeys, &v->capkeys, sizeof *v->keys))
        return -1;
    if (!(v->keys[v->nkeys].key = strdup(key)))
        return -1;
    v->keys[v->nkeys++].bit = bit;
    return 0;
}

/* One $var line (line number ln of the trace f): its code, and below dut
 * (path "" or "u_mem.", NULL elsewhere) its bits' keys. A malformed line, a code declared again
 * with another width, or more bits than the trace may declare is IRHW_EINPUT. */
static int vcd_var(vcd *v, const char *line, const char *path, vsram *sr, const char *f,
                   unsigned long ln, char *err, size_t errlen)
{
    char type[32], id[64], name[200], range[64] = "";
    unsigned width;
    int n = sscanf(line, " $var %31s %u %63s %199s %63s", type, &width, id, name, range);
    if (n < 4 || width == 0 || width > VCD_VAR_MAX_BITS)
        return irhw_err_input(err, errlen,
                              "%s:%lu: unreadable $var line (the width must be 1..%u): %.100s", f,
                              ln, VCD_VAR_MAX_BITS, line);
    if (width > v->bits_left)
        return irhw_err_input(err, errlen,
                              "%s:%lu: the $var lines declare more bits than a trace of %zu bytes "
                              "may (the limit is its size in bytes, %zu at least): a damaged file?",
                              f, ln, v->size, (size_t)VCD_MIN_BIT_LIMIT);
    v->bits_left -= width;
    size_t before = v->ncodes;
    long c = code_of(v, id, strlen(id), width);
    if (c < 0)
        return irhw_err(err, errlen, "out of memory reading the VCD");
    if ((size_t)c < before && v->codes[c].width != width)
        return irhw_err_input(err, errlen,
                              "%s:%lu: identifier '%s' declared again with %u bits, %u before: a "
                              "damaged trace",
                              f, ln, id, width, v->codes[c].width);
    if (!path)
        return 0;
    if (!path[0] && !strcmp(name, "clk"))
        v->clk = (int)c;
    if (sr) {
        if (!strcmp(name, "en"))
            sr->en = (int)c;
        else if (!strcmp(name, "we"))
            sr->we = (int)c;
        else if (!strcmp(name, "rdata") || !strcmp(name, "wdata"))
            sr->data |= name[0] == 'r' ? 1 : 2;
    }
    int msb = (int)width - 1, lsb = 0;
    if (range[0] == '[' && sscanf(range, "[%d:%d]", &msb, &lsb) != 2 &&
        sscanf(range, "[%d]", &msb) == 1)
        lsb = msb;
    char key[400];
    for (unsigned b = 0; b < width; b++) {
        int idx = lsb <= msb ? lsb + (int)b : lsb - (int)b;
        if (range[0] == '[')
            snprintf(key, sizeof key, "%s%s[%d]", path, name, idx);
        else
            snprintf(key, sizeof key, "%s%s", path, name);
        if (key_add(v, key, v->codes[c].first + b))
            return irhw_err(err, errlen, "out of memory reading the VCD");
    }
    return 0;
}

/* A value change: bits of code c from the text val (msb first). */
static void vcd_set(vcd *v, long c, const char *val, size_t n, int count)
{
    vcode *k = &v->codes[c];
    for (uint32_t b = 0; b < k->width; b++) {
        char ch = b < n ? val[n - 1 - b] : (n && val[0] == '1' ? '0' : (n ? val[0] : '0'));
        unsigned char nv = ch == '1';
        vbit *x = &v->bits[k->first + b];
        if (nv == x->val)
            continue;
        v->changed = 1;
        if (x->val)
            x->high += v->posedges - x->since;
        x->val = nv;
        x->since = v->posedges;
        if (count)
            x->toggles++;
    }
}

static unsigned char code_bit0(const vcd *v, int c)
{
    return c >= 0 ? v->bits[v->codes[c].first].val : 0;
}

/* One line of the body, p..e (e at its newline or the end): 0 with the
 * code and value of a value change; 1 when it is not one (a $ keyword
 * such as $dumpvars or $end, a blank line); -1 when it is no VCD line or
 * names an identifier the header did not declare. */
static int vcd_change(const vcd *v, const char *p, const char *e, long *c, const char **val,
                      size_t *vn)
{
    if (e > p && e[-1] == '\r')
        e--;
    if (p == e || *p == '$')
        return 1;
    if (*p == 'b' || *p == 'B' || *p == 'r' || *p == 'R') {
        const char *sp = memchr(p, ' ', (size_t)(e - p));
        if (!sp || sp == p + 1)
            return -1;
        *val = p + 1;
        *vn = (size_t)(sp - p - 1);
        for (size_t i = 0; (*p == 'b' || *p == 'B') && i < *vn; i++)
            if (!(*val)[i] || !strchr("01xXzZ", (*val)[i]))
                return -1;
        *c = tab_find(v->ctab, v->ctabn, sp + 1, (size_t)(e - sp - 1), code_name, v);
    } else if (*p && strchr("01xXzZ", *p)) {
        *val = p;
        *vn = 1;
        *c = tab_find(v->ctab, v->ctabn, p + 1, (size_t)(e - p - 1), code_name, v);
    } else {
        return -1;
    }
    return *c < 0 ? -1 : 0;
}

/* The end of the line that starts at p (its newline, or end). */
static const char *line_end(const char *p, const char *end)
{
    const char *e = memchr(p, '\n', (size_t)(end - p));
    return e ? e : end;
}

/* How much of the line p..e a message shows. */
static int shown(const char *p, const char *e)
{
    return e - p < 40 ? (int)(e - p) : 40;
}

/* A header keyword whose text may run over several lines until $end. */
static int opens_section(const char *t)
{
    static const char *const kw[] = {"$date", "$version", "$comment", "$timescale", NULL};
    for (unsigned i = 0; kw[i]; i++)
        if (!strncmp(t, kw[i], strlen(kw[i])))
            return !strstr(t, "$end");
    return 0;
}

int vcd_read(const char *path, vcd *v, const vcd_hooks *h, char *err, size_t errlen)
{
    /* mapped, not read: a long run's trace can be large */
    int fd = open(path, O_RDONLY);
    if (fd < 0 && errno == ENOENT)
        return irhw_err_input(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    struct stat st;
    if (fd < 0 || fstat(fd, &st)) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return irhw_err(err, errlen, "%s: cannot read: %s", path, strerror(e));
    }
    if (!S_ISREG(st.st_mode) || st.st_size == 0) {
        close(fd);
        if (S_ISDIR(st.st_mode))
            return irhw_err_input(err, errlen, "%s: is a directory, not a file", path);
        if (!S_ISREG(st.st_mode))
            return irhw_err_input(err, errlen, "%s: is not a regular file (a device or a pipe)",
                                  path);
        return irhw_err_input(err, errlen, "%s: is empty: not a VCD trace", path);
    }
    size_t len = (size_t)st.st_size;
    char *text = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (text == MAP_FAILED)
        return irhw_err(err, errlen, "cannot map %s: %s", path, strerror(errno));
    v->clk = -1;
    v->size = len;
    v->bits_left = len > VCD_MIN_BIT_LIMIT ? len : VCD_MIN_BIT_LIMIT;
    /* header: scopes below irhw_tb.dut */
    char scope[32][100];
    int depth = 0, dut = -1, rc = 0, defined = 0, section = 0;
    unsigned long ln = 0; /* the number of the line read last */
    vsram *sr = NULL;
    const char *p = text, *end = text + len;
    while (p < end && !rc) {
        const char *e = line_end(p, end);
        ln++;
        char line[600];
        snprintf(line, sizeof line, "%.*s", (int)(e - p), p);
        const char *t = line + strspn(line, " \t\r");
        if (memchr(p, '\0', (size_t)(e - p))) {
            rc = irhw_err_input(err, errlen, "%s:%lu: a NUL byte: not a VCD trace", path, ln);
            break;
        }
        p = e + 1;
        if (section) {
            section = !strstr(line, "$end");
            continue;
        }
        if (!*t)
            continue;
        if (*t == '#') {
            rc = irhw_err_input(err, errlen,
                                "%s:%lu: '%.40s' before $enddefinitions: the header is cut short "
                                "or damaged",
                                path, ln, t);
            break;
        }
        if (*t != '$') {
            rc = irhw_err_input(err, errlen,
                                "%s:%lu: expected a $ keyword of the VCD header, found '%.40s': "
                                "not a VCD trace",
                                path, ln, t);
            break;
        }
        section = opens_section(t);
        char w[100];
        if (!strncmp(t, "$scope", 6)) {
            if (sscanf(t, "$scope %*s %99s", w) != 1) {
                rc = irhw_err_input(err, errlen, "%s:%lu: unreadable $scope line: %.100s", path, ln,
                                    t);
                break;
            }
            if (depth < 32)
                snprintf(scope[depth], sizeof scope[0], "%s", w);
            depth++;
            if (depth == 3 && !strcmp(w, "dut"))
                dut = depth;
            sr = NULL;
        } else if (strstr(line, "$upscope")) {
            if (depth == 0) {
                rc = irhw_err_input(err, errlen, "%s:%lu: $upscope without an open $scope", path,
                                    ln);
                break;
            }
            depth--;
            if (dut > depth)
                dut = -1;
            sr = NULL;
        } else if (strstr(line, "$var") && (dut < 0 || depth > 32)) {
            rc = vcd_var(v, line, NULL, NULL, path, ln, err, errlen); /* its code only */
        } else if (strstr(line, "$var")) {
            char sp[400] = "";
            for (int d = dut; d < depth; d++) {
                size_t k = strlen(sp);
                snprintf(sp + k, sizeof sp - k, "%s.", scope[d]);
            }
            if (!sr && depth > dut && strstr(line, " en ") && v->nsrams < IRHW_POWER_MAX_SRAMS) {
                /* a scope with en: an SRAM (irhw_sram_1rw) if it also has we,
                 * rdata and wdata, which Verilator lists after en (its $var
                 * lines are sorted by name); checked after the header */
                sr = &v->srams[v->nsrams];
                memset(sr, 0, sizeof *sr);
                sr->en = sr->we = -1;
                snprintf(sr->path, sizeof sr->path, "%.*s", (int)strlen(sp) - 1, sp);
                v->nsrams++;
            }
            rc = vcd_var(v, line, sp, sr, path, ln, err, errlen);
        } else if (strstr(line, "$enddefinitions")) {
            defined = 1;
            break;
        }
    }
    if (!rc && !defined)
        rc = irhw_err_input(err, errlen,
                            "%s: no $enddefinitions after %lu lines: the header is cut short, "
                            "or this is not a VCD trace",
                            path, ln);
    if (!rc && text[len - 1] != '\n')
        rc = irhw_err_input(err, errlen,
                            "%s: the last line is cut short (no newline at the end): a "
                            "truncated trace",
                            path);
    /* SRAM scopes: en, we, rdata and wdata */
    unsigned ns = 0;
    for (unsigned i = 0; i < v->nsrams; i++)
        if (v->srams[i].en >= 0 && v->srams[i].we >= 0 && v->srams[i].data == 3)
            v->srams[ns++] = v->srams[i];
    v->nsrams = ns;
    if (!rc && (dut < 0 && !v->nkeys))
        rc = irhw_err_input(err, errlen,
                            "%s: no irhw_tb.dut scope (not a cosim --wave-depth 99 trace)", path);
    if (!rc && v->clk < 0)
        rc = irhw_err_input(err, errlen, "%s: no clk in the dut scope", path);
    if (!rc && (tab_build(&v->ktab, &v->ktabn, v->nkeys, key_name, v) ||
                (free(v->ctab), tab_build(&v->ctab, &v->ctabn, v->ncodes, code_name, v))))
        rc = irhw_err(err, errlen, "out of memory reading the VCD");
    if (!rc && h)
        rc = h->header(h->ctx, v, err, errlen);
    int started = 0;
    /* body: blocks of changes between #T lines; every line is checked in
     * pass 1, before its block changes anything */
    int first = 1;
    uint64_t now = 0;
    while (!rc && p < end) {
        const char *blk = p;
        int rise = 0;
        /* pass 1: is the block whole, and does clk rise in it? */
        const char *q = p;
        if (*q == '#') {
            const char *e = line_end(q, end);
            ln++;
            uint64_t at = 0;
            const char *d = q + 1;
            for (; d < e && *d >= '0' && *d <= '9' && at <= (UINT64_MAX - 9) / 10; d++)
                at = at * 10 + (uint64_t)(*d - '0');
            if (d == q + 1 || (d < e && *d != '\r') || (!first && at < now)) {
                rc = irhw_err_input(err, errlen,
                                    "%s:%lu: '%.*s' is not a time later than #%" PRIu64
                                    ": a damaged trace",
                                    path, ln, shown(q, e), q, now);
                break;
            }
            now = at;
            q = e < end ? e + 1 : end;
        }
        const char *bend = q;
        while (bend < end && *bend != '#') {
            const char *e = line_end(bend, end);
            ln++;
            long c;
            const char *val;
            size_t vn;
            int k = vcd_change(v, bend, e, &c, &val, &vn);
            if (k < 0) {
                rc = irhw_err_input(err, errlen,
                                    "%s:%lu: expected a value change of a declared identifier, "
                                    "found '%.*s': a damaged trace",
                                    path, ln, shown(bend, e), bend);
                break;
            }
            if (k == 0 && c == v->clk && val[vn - 1] == '1' && !code_bit0(v, v->clk))
                rise = 1;
            bend = e + 1;
        }
        if (rc)
            break;
        if (bend > end)
            bend = end;
        if (rise) {
            for (unsigned i = 0; i < v->nsrams; i++)
                if (code_bit0(v, v->srams[i].en)) {
                    if (code_bit0(v, v->srams[i].we))
                        v->srams[i].writes++;
                    else
                        v->srams[i].reads++;
                }
            v->posedges++;
            if (h && started)
                h->edge(h->ctx);
        }
        int initial = first && ((end - blk >= 3 && !memcmp(blk, "#0\n", 3)) || *blk == '$');
        for (q = (*blk == '#') ? line_end(blk, end) : blk; q < bend;) {
            if (*q == '\n')
                q++;
            const char *e = line_end(q, end);
            long c;
            const char *val;
            size_t vn;
            if (e > q && !vcd_change(v, q, e, &c, &val, &vn))
                vcd_set(v, c, val, vn, !initial);
            q = e;
        }
        if (h && !started && *blk == '#') {
            h->start(h->ctx); /* the values at time 0 */
            started = 1;
        } else if (h && (v->changed || rise)) {
            h->settle(h->ctx);
        }
        v->changed = 0;
        if (*blk == '#')
            first = 0;
        p = bend;
    }
    for (size_t i = 0; i < v->nbits; i++)
        if (v->bits[i].val)
            v->bits[i].high += v->posedges - v->bits[i].since;
    /* SRAM geometry: WIDTH and DEPTH of the scope */
    for (unsigned i = 0; i < v->nsrams && !rc; i++) {
        char k[200];
        for (int f = 0; f < 2; f++) {
            snprintf(k, sizeof k, "%s.%s[0]", v->srams[i].path, f ? "DEPTH" : "WIDTH");
            long kk = tab_find(v->ktab, v->ktabn, k, strlen(k), key_name, v);
            int val = 0;
            for (int b = 0; kk >= 0 && b < 31; b++) {
                snprintf(k, sizeof k, "%s.%s[%d]", v->srams[i].path, f ? "DEPTH" : "WIDTH", b);
                long kb = tab_find(v->ktab, v->ktabn, k, strlen(k), key_name, v);
                if (kb >= 0 && v->bits[v->keys[kb].bit].val)
                    val |= 1 << b;
            }
            *(f ? &v->srams[i].depth : &v->srams[i].width) = val;
        }
    }
    /* a scope without WIDTH and DEPTH (a generate block around a macro,
     * with the macro's port names) is not one */
    unsigned nm = 0;
    for (unsigned i = 0; i < v->nsrams; i++)
        if (v->srams[i].width > 0 && v->srams[i].depth > 0)
            v->srams[nm++] = v->srams[i];
    v->nsrams = nm;
    munmap(text, len);
    if (!rc && v->posedges == 0)
        rc = irhw_err_input(err, errlen, "%s: the clock never rose", path);
    return rc;
}

int irhw_vcd_check(const char *path, char *err, size_t errlen)
{
    vcd v;
    memset(&v, 0, sizeof v);
    int rc = vcd_read(path, &v, NULL, err, errlen);
    vcd_free(&v);
    return rc;
}

/* The bit of key s (n chars), or NULL. */
const vbit *vcd_bit(const vcd *v, const char *s, size_t n)
{
    long k = tab_find(v->ktab, v->ktabn, s, n, key_name, v);
    return k < 0 ? NULL : &v->bits[v->keys[k].bit];
}
