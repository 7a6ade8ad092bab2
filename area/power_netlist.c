/*
 * power_netlist.c — the netlists irhw power reads (area_int.h): the one
 * the gate-level simulation and OpenSTA share, and OpenSTA's own, in
 * which no activity propagates.
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$';
}

/* The netlist OpenSTA and the gate-level simulation read, written to dst:
 * the area run's sta_netlist.v, or, when that has the SRAM macros cut out
 * (ports irhw_sram_K__*), the hierarchical hier_mapped.v with each macro an
 * instance (its parameters removed: OpenSTA's reader takes none; OpenSTA
 * makes the macro a black box). Both are written by Yosys with
 * -simple-lhs, so no assign has a concatenation on its left, which
 * OpenSTA 2.0's reader refuses. */
int area_power_netlist(const char *workdir, const char *dst, char *path, size_t len, char *err,
                       size_t errlen)
{
    char sta[PATHLEN], hier[PATHLEN];
    if (area_path_join(sta, sizeof sta, workdir, "sta_netlist.v") ||
        area_path_join(hier, sizeof hier, workdir, "hier_mapped.v"))
        return irhw_err(err, errlen, "work folder path too long");
    size_t n;
    char *t = irhw_read_file(sta, &n);
    if (!t)
        return irhw_err(err, errlen, "cannot read %s: %s", sta, strerror(errno));
    if (area_mem_find(t, n, "irhw_sram_0__")) {
        free(t);
        if (!(t = irhw_read_file(hier, &n)))
            return irhw_err(err, errlen, "cannot read %s: %s", hier, strerror(errno));
    }
    snprintf(path, len, "%s", dst);
    irhw_out *o = irhw_out_open(dst, err, errlen);
    if (!o) {
        free(t);
        return -1;
    }
    FILE *f = irhw_out_file(o);
    const char *p = t, *m;
    while ((m = area_mem_find(p, n - (size_t)(p - t), "irhw_sram_1rw #("))) {
        fwrite(p, 1, (size_t)(m - p) + 14, f); /* "irhw_sram_1rw " */
        int d = 0;
        const char *q = m + 15; /* its "(" */
        do {
            d += *q == '(' ? 1 : *q == ')' ? -1 : 0;
            q++;
        } while (d > 0 && *q);
        p = q;
    }
    fwrite(p, 1, n - (size_t)(p - t), f);
    free(t);
    return irhw_out_commit(o, err, errlen);
}

/* ---- the netlist OpenSTA reads: no activity to propagate ---------------- */

/* A hold flip-flop on net: its data pin and output both on the net, its
 * clock on the undriven irhw_noclk. */
static void hold_net(power_holder *h, const char *net)
{
    fprintf(h->cells, "  %s irhw_hold_%u (.%s(irhw_noclk), .%s(%s), .%s(%s));\n", h->cell,
            ++h->holds, h->clk, h->d, net, h->q, net);
}

/* A sized literal at p ("1'h0", "32'd2", "11'hxxx"): its length, and its
 * width in *width; 0 if there is none. */
static size_t literal_at(const char *p, unsigned *width)
{
    size_t n = strspn(p, "0123456789");
    if (!n || p[n] != '\'')
        return 0;
    size_t k = n + 1;
    k += p[k] == 's' || p[k] == 'S';
    if (!p[k] || !strchr("hHbBdDoO", p[k]))
        return 0;
    k++;
    size_t d = strspn(p + k, "0123456789abcdefABCDEFxXzZ_?");
    if (!d)
        return 0;
    *width = (unsigned)strtoul(p, NULL, 10);
    return k + d;
}

/* One body line with each literal replaced by a held net irhw_const_K of
 * its own; escaped names (\a.b[0]) copied whole. */
static void unconst_line(power_holder *h, FILE *out, const char *line, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned w = 0;
        size_t m = 0;
        if (line[i] == '\\') {
            m = strcspn(line + i, " \t\n");
            fwrite(line + i, 1, m, out);
            i += m;
            continue;
        }
        if ((i == 0 || !is_ident(line[i - 1])) && (m = literal_at(line + i, &w)) && w) {
            unsigned k = ++h->consts;
            fprintf(out, "irhw_const_%u", k);
            fprintf(h->decls, "  wire [%u:0] irhw_const_%u;\n", w - 1, k);
            for (unsigned j = 0; j < w; j++) {
                char net[64];
                snprintf(net, sizeof net, "irhw_const_%u[%u]", k, j);
                hold_net(h, net);
            }
            i += m;
            continue;
        }
        fputc(line[i++], out);
    }
}

/* The top's input declaration "  input [23:0] push_id;" (not clk, not an
 * escaped name): written as the port irhw_in_push_id, the net push_id
 * (declared by its own wire line) held; its name added to ins. 0 if the
 * line is not one. */
static int hold_input(power_holder *h, FILE *out, const char *line, strlist *ins)
{
    const char *s = line + strspn(line, " \t");
    int msb = 0, lsb = 0, vec = 0;
    if (strncmp(s, "input ", 6))
        return 0;
    const char *p = s + 6;
    if (*p == '[' && sscanf(p, "[%d:%d]", &msb, &lsb) == 2) {
        vec = 1;
        p = strchr(p, ']') + 1;
        p += strspn(p, " ");
    }
    size_t n = strcspn(p, " ;\n");
    if (*p == '\\' || (n == 3 && !strncmp(p, "clk", 3)) || p[n] != ';' || n > 200)
        return 0;
    char name[210], net[240];
    snprintf(name, sizeof name, "%.*s", (int)n, p);
    if (area_strlist_add(ins, name, n))
        return 0;
    fprintf(out, "%.*sirhw_in_%s;\n", (int)(p - line), line, name);
    for (int i = lsb < msb ? lsb : msb; i <= (lsb < msb ? msb : lsb); i++) {
        if (vec)
            snprintf(net, sizeof net, "%s[%d]", name, i);
        else
            snprintf(net, sizeof net, "%s", name);
        hold_net(h, net);
        if (!vec)
            break;
    }
    return 1;
}

/* The module header with the held inputs' ports renamed irhw_in_NAME. */
static void write_header(FILE *out, const char *head, const strlist *ins)
{
    for (const char *p = head; *p;) {
        size_t n = 0;
        while (is_ident(p[n]))
            n++;
        if (!n) {
            fputc(*p++, out);
            continue;
        }
        char w[256];
        snprintf(w, sizeof w, "%.*s", (int)(n < 255 ? n : 255), p);
        if (ins && n < 255 && (p[n] == ',' || p[n] == ')') && area_strlist_has(ins, w))
            fputs("irhw_in_", out);
        fwrite(p, 1, n, out);
        p += n;
    }
}

typedef struct {
    char *head, *decl, *body, *cells;
    size_t hl, dl, bl, cl;
    FILE *hf, *df, *bf, *cf;
} module_text;

static int module_open(module_text *m)
{
    memset(m, 0, sizeof *m);
    m->hf = open_memstream(&m->head, &m->hl);
    m->df = open_memstream(&m->decl, &m->dl);
    m->bf = open_memstream(&m->body, &m->bl);
    m->cf = open_memstream(&m->cells, &m->cl);
    return m->hf && m->df && m->bf && m->cf ? 0 : -1;
}

/* Closes the streams; the module to out when out is not NULL: header,
 * irhw_noclk and the constants' nets, body, then the hold flip-flops
 * before its endmodule. */
static void module_close(module_text *m, FILE *out, const strlist *ins, unsigned holds)
{
    FILE **fs[] = {&m->hf, &m->df, &m->bf, &m->cf};
    for (int i = 0; i < 4; i++)
        if (*fs[i])
            fclose(*fs[i]);
    if (out && m->head && m->decl && m->body && m->cells) {
        write_header(out, m->head, ins);
        if (holds)
            fputs("  wire irhw_noclk;\n", out);
        fputs(m->decl, out);
        char *end = strstr(m->body, "endmodule");
        fwrite(m->body, 1, end ? (size_t)(end - m->body) : strlen(m->body), out);
        fputs(m->cells, out);
        fputs(end ? end : "", out);
    }
    free(m->head);
    free(m->decl);
    free(m->body);
    free(m->cells);
    memset(m, 0, sizeof *m);
}

/* The netlist OpenSTA reads for power: src with every top input but clk
 * and every constant held by a flip-flop of its own (hold_net).
 *
 * OpenSTA 2.0 (Debian's 2019 build) propagates activity at every
 * report_power after an activity changed: from the input ports and the
 * nets its constant propagation leaves without a driver edge (the roots
 * of its levelized graph), overwriting every pin it reaches, measured or
 * not; and its walk takes the edges a constant disables, which its
 * levelization leaves out, so it can append to the level vector it
 * iterates and crash (signal 11: hwwl with CORES=2, whose word selectors
 * take a constant select). Held, the inputs and constants are no roots:
 * a flip-flop's output is reached only across its clock edge, which the
 * walk does not take, and its clock irhw_noclk leads nowhere else. So the
 * walk visits nothing, and every pin keeps the gate-level simulation's
 * activity. The hold flip-flops' own power is left out of the figure
 * (area_power_parse in power.c). */
int area_sta_netlist(const char *src, const char *dst, const char *top, power_holder *h, char *err,
                     size_t errlen)
{
    char *t = irhw_read_file(src, NULL);
    if (!t)
        return irhw_err(err, errlen, "cannot read %s: %s", src, strerror(errno));
    irhw_out *o = irhw_out_open(dst, err, errlen);
    module_text m = {0};
    strlist ins = {0};
    int in_head = 0, in_top = 0, oom = 0;
    unsigned holds0 = 0;
    for (char *p = t; o && !oom && *p;) {
        char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p + 1) : strlen(p);
        const char *s = p + strspn(p, " \t");
        if (!m.hf && !strncmp(s, "module ", 7)) {
            size_t tl = strlen(top);
            in_top = !strncmp(s + 7, top, tl) && strchr("( ", s[7 + tl]);
            in_head = 1;
            holds0 = h->holds;
            if (module_open(&m)) {
                oom = 1;
                break;
            }
            h->cells = m.cf;
            h->decls = m.df;
        }
        if (!m.hf) {
            fwrite(p, 1, n, irhw_out_file(o));
        } else if (in_head) {
            fwrite(p, 1, n, m.hf);
            in_head = !memchr(p, ';', n);
        } else if (!(in_top && hold_input(h, m.bf, p, &ins))) {
            unconst_line(h, m.bf, p, n);
        }
        if (m.hf && !strncmp(s, "endmodule", 9))
            module_close(&m, irhw_out_file(o), in_top ? &ins : NULL, h->holds - holds0);
        p += n;
    }
    module_close(&m, oom ? NULL : irhw_out_file(o), &ins, h->holds - holds0);
    area_strlist_free(&ins);
    free(t);
    if (oom) {
        irhw_out_abort(o);
        return irhw_err(err, errlen, "out of memory writing %s", dst);
    }
    return o ? irhw_out_commit(o, err, errlen) : -1;
}
