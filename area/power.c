/*
 * power.c — power and energy of a synthesized block from co-simulation
 * activity (area.h, irhw_power_run).
 *
 *  1. Activity. The co-simulation traces every signal of the Verilated
 *     model to a VCD (cosim --wave-depth 99). vcd_read (vcd.c) counts, for
 *     every bit below irhw_tb.dut, its value changes after time 0 (toggles)
 *     and the rising clock edges at which it was 1 (high). A block in which clk
 *     rises is a clock edge: the signals are sampled with the values before
 *     that block's changes, so `high` counts the cycles a bit was 1 when
 *     clocked. Activity = toggles / cycles and duty = high / cycles, the
 *     per-clock-period units of OpenSTA's set_power_activity.
 *  2. Every net. The netlist OpenSTA reads (power_netlist: the area run's
 *     hierarchical mapped netlist, SRAM macros as black-box instances) is
 *     simulated gate by gate on the trace (gatesim.c: zero delay, cell
 *     functions from the liberty, no glitches): its inputs and the macros'
 *     rdata take the trace's values at every time step, its flip-flops
 *     start from the traced register bits their output nets are named
 *     after (`head1_q[0]`; `u_mem.mem[2][0]` in instance u_mem) and are
 *     clocked at the trace's rising edges. Check: every such flip-flop and
 *     every output bit must toggle exactly as often as in the trace, else
 *     an error naming the bits and the trace, and no power figure.
 *     Activity = toggles / clock edges, duty = edges at which the net was
 *     1 / edges, for every pin of every cell (activity_pins.txt).
 *  3. OpenSTA reads its own copy of the netlist (power_netlist.c,
 *     area_sta_netlist): the top's inputs and every constant held by a
 *     flip-flop with no clock, so that its activity propagation, which
 *     would overwrite measured pins and can crash on constants, has
 *     nothing to start from. The script sets every pin's activity from the
 *     simulation and checks that OpenSTA found them all.
 *  4. OpenSTA's report_power: internal, switching and leakage power per
 *     group (sequential, combinational) and per cell, summed per top-level
 *     module instance (the first part of a cell's hierarchical name), and
 *     the instances of one generate loop (g_bank[0].u_bank ...) summed as
 *     one part, g_bank[*].u_bank, with their count and least and most.
 *  5. SRAM macros (irhw_sram_1rw, scopes of the VCD with en, we, addr,
 *     wdata and rdata): reads (en && !we) and writes (en && we) at the
 *     clock edges times irhw_sram_energy_pj (sram_model.c).
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"
#include "gatesim.h"
#include "vcd.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the netlist: input activity, flip-flops matched ---------------------- */

/* A netlist name as a VCD key: no backslash, no spaces. */
static size_t net_key(const char *s, size_t n, char *key, size_t len)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < len; i++)
        if (s[i] != '\\' && s[i] != ' ' && s[i] != '\t')
            key[k++] = s[i];
    key[k] = '\0';
    return k;
}

/* A name for get_ports in braces (OpenSTA reads "push_id[3]" as a bus bit). */
static void tcl_name(FILE *f, const char *s)
{
    fprintf(f, "{%s}", s);
}

static int is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$';
}

typedef struct {
    const vcd *v;
    FILE *tcl;            /* activity lines */
    unsigned long inputs; /* input bits */
} scan;

static void activity_line(scan *w, const char *port, const vbit *b)
{
    if (!w->tcl) /* counted only: the ports are held (write_sta_netlist) */
        return;
    double cyc = (double)w->v->posedges;
    fprintf(w->tcl, "set_power_activity -input_ports [get_ports ");
    tcl_name(w->tcl, port);
    fprintf(w->tcl, "] -activity %.6g -duty %.6g\n", (double)b->toggles / cyc,
            (double)b->high / cyc);
}

/* Input declarations: "  input [23:0] push_id;" or "  input rst;". */
static void input_decl(scan *w, const char *line)
{
    int msb = 0, lsb = 0, vec = 0;
    const char *p = line + strspn(line, " \t") + 5;
    p += strspn(p, " \t");
    if (*p == '[' && sscanf(p, "[%d:%d]", &msb, &lsb) == 2) {
        vec = 1;
        p = strchr(p, ']') + 1;
        p += strspn(p, " \t");
    }
    char name[300], key[340];
    size_t n = strcspn(p, " ;\t\n");
    net_key(p, n, name, sizeof name);
    if (!strcmp(name, "clk"))
        return;
    int lo = lsb < msb ? lsb : msb, hi = lsb < msb ? msb : lsb;
    for (int i = lo; i <= hi; i++) {
        if (vec)
            snprintf(key, sizeof key, "%s[%d]", name, i);
        else
            snprintf(key, sizeof key, "%s", name);
        const vbit *b = vcd_bit(w->v, key, strlen(key));
        if (b) {
            activity_line(w, key, b);
            w->inputs++;
        }
    }
}

/* Activity lines for the top module's input ports (OpenSTA's first,
 * propagated estimate): the declarations up to the end of module top. */
static int scan_inputs(scan *w, const char *src, const char *top, char *err, size_t errlen)
{
    char *text = irhw_read_file(src, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", src, strerror(errno));
    int in_top = 0;
    for (char *p = text; *p;) {
        char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *s = p + strspn(p, " \t");
        if (!strncmp(s, "module ", 7)) {
            size_t tl = strlen(top);
            in_top = !strncmp(s + 7, top, tl) && strchr("( ;", s[7 + tl]);
        } else if (in_top && !strncmp(s, "input ", 6)) {
            char line[600];
            snprintf(line, sizeof line, "%.*s", (int)(n - (size_t)(s - p)), s);
            input_decl(w, line);
        }
        p = e ? e + 1 : p + n;
    }
    free(text);
    return 0;
}

/* The traced bit of a netlist key; a one-bit vector ("rd_q [0:0]") is
 * "rd_q[0]" in the trace and "rd_q" in the netlist. */
static const vbit *trace_bit(const vcd *v, const char *k)
{
    const vbit *b = k ? vcd_bit(v, k, strlen(k)) : NULL;
    if (!b && k && !strchr(k, '[')) {
        char k0[600];
        snprintf(k0, sizeof k0, "%s[0]", k);
        b = vcd_bit(v, k0, strlen(k0));
    }
    return b;
}

/* ---- gate-level simulation on the trace ------------------------------------- */

typedef struct {
    irhw_gsim *g;
    unsigned long matched; /* flip-flops with a traced register bit */
    const char *vcd;
    char *fsms;             /* fsm_recoded.txt: "MODULE REGISTER" lines, or NULL */
    unsigned char *recoded; /* per flip-flop: of a re-encoded state register */
    unsigned long nrecoded;
} gsim_run;

/* 1 if the line "MODULE REGISTER" is in fsm_recoded.txt. */
static int recoded(const gsim_run *r, const char *origin)
{
    size_t n = origin ? strlen(origin) : 0;
    for (const char *l = r->fsms; n && l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
        if (!strncmp(l, origin, n) && (l[n] == '\n' || !l[n]))
            return 1;
    return 0;
}

static void gs_start(void *c)
{
    irhw_gsim_start(((gsim_run *)c)->g);
}
static void gs_edge(void *c)
{
    irhw_gsim_edge(((gsim_run *)c)->g);
}
static void gs_settle(void *c)
{
    irhw_gsim_settle(((gsim_run *)c)->g);
}

/* Every input of the netlist bound to its bit of the trace; each flip-flop
 * whose output net is a traced register bit starts from its value. */
static int gs_header(void *c, const vcd *v, char *err, size_t errlen)
{
    gsim_run *r = c;
    for (size_t i = 0; i < irhw_gsim_inputs(r->g); i++) {
        const char *k = irhw_gsim_input_key(r->g, i);
        const vbit *b = trace_bit(v, k);
        if (!b)
            return irhw_err_input(err, errlen,
                                  "%s: the netlist's input %s is not in the trace (a trace of "
                                  "another block or parameters?): the gate-level simulation "
                                  "cannot be driven",
                                  r->vcd, k);
        irhw_gsim_bind_input(r->g, i, &b->val);
    }
    size_t nf = irhw_gsim_flops(r->g);
    if (!(r->recoded = calloc(nf + 1, 1)))
        return irhw_err(err, errlen, "out of memory");
    for (size_t i = 0; i < nf; i++) {
        const char *k = irhw_gsim_flop_key(r->g, i);
        const vbit *b = trace_bit(v, k);
        if (b && recoded(r, irhw_gsim_flop_origin(r->g, i))) {
            r->recoded[i] = 1; /* another encoding than the trace's */
            r->nrecoded++;
        } else if (b) {
            irhw_gsim_bind_flop(r->g, i, &b->val);
            r->matched++;
        }
    }
    return 0;
}

/* The check: every matched flip-flop and every output port bit toggled as
 * often in the gate-level simulation as in the trace. */
static int gs_check(const gsim_run *r, const vcd *v, irhw_power_res *res, char *err, size_t errlen)
{
    char list[1200] = "";
    unsigned long bad = 0;
    for (int o = 0; o < 2; o++) {
        size_t n = o ? irhw_gsim_outputs(r->g) : irhw_gsim_flops(r->g);
        for (size_t i = 0; i < n; i++) {
            const char *k = o ? irhw_gsim_output_key(r->g, i) : irhw_gsim_flop_key(r->g, i);
            const vbit *b = trace_bit(v, k);
            if (!b || (!o && r->recoded[i]))
                continue;
            uint64_t t = o ? irhw_gsim_output_toggles(r->g, i) : irhw_gsim_flop_toggles(r->g, i);
            if (o)
                res->outputs_checked++;
            else
                res->reg_toggles += b->toggles;
            if (t == b->toggles)
                continue;
            if (bad++ < 4) {
                size_t l = strlen(list);
                snprintf(list + l, sizeof list - l,
                         "%s%s %s: %" PRIu64 " toggles in the gate-level simulation, %" PRIu64
                         " in the trace",
                         l ? "; " : "", o ? "output" : "register bit", k, t, b->toggles);
            }
        }
    }
    if (bad)
        return irhw_err(err, errlen,
                        "the gate-level simulation of the mapped netlist disagrees with the "
                        "co-simulation's trace %s on %lu bits (%s%s): no power figure",
                        r->vcd, bad, list, bad > 4 ? "; ..." : "");
    return 0;
}

/* ---- OpenSTA's report ------------------------------------------------------ */

int irhw_liberty_has_power(const char *liberty, char *err, size_t errlen)
{
    size_t n;
    char *t = irhw_read_file(liberty, &n);
    if (!t)
        return irhw_err(err, errlen, "cannot read %s: %s", liberty, strerror(errno));
    /* a group "internal_power (" or an attribute "cell_leakage_power :" or
     * "leakage_power (" (not the unit and default attributes) */
    int has = 0;
    const char *words[] = {"internal_power", "cell_leakage_power", "leakage_power"};
    for (size_t w = 0; w < 3 && !has; w++)
        for (const char *p = t; !has && (p = area_mem_find(p, n - (size_t)(p - t), words[w]));
             p++) {
            const char *a = p + strlen(words[w]);
            a += strspn(a, " \t");
            has = (p == t || !is_ident(p[-1])) && (*a == '(' || *a == ':');
        }
    free(t);
    return has;
}

/* A top-level instance's power, while the report is read. */
typedef struct {
    char name[96];
    double w;
} inst_w;

/* Instance powers into r->parts: one part per name with its generate
 * indices as [*], in the order of first appearance; past the last slot,
 * one "(other parts)". */
static void group_parts(const inst_w *in, size_t n, irhw_power_res *r)
{
    r->nparts = 0;
    for (size_t i = 0; i < n; i++) {
        char key[96];
        size_t k0 = 0;
        for (const char *c = in[i].name; *c && k0 + 4 < sizeof key; c++) {
            key[k0++] = *c;
            if (*c == '[' && c[1] >= '0' && c[1] <= '9') {
                c += strspn(c + 1, "0123456789");
                key[k0++] = '*';
            }
        }
        key[k0] = '\0';
        unsigned k = 0;
        while (k < r->nparts && strcmp(r->parts[k].name, key))
            k++;
        if (k == IRHW_POWER_MAX_PARTS) {
            k = IRHW_POWER_MAX_PARTS - 1;
            snprintf(key, sizeof key, "(other parts)");
            snprintf(r->parts[k].name, sizeof r->parts[k].name, "%s", key);
        }
        if (k == r->nparts) {
            snprintf(r->parts[k].name, sizeof r->parts[k].name, "%s", key);
            r->parts[k].count = 0;
            r->parts[k].w = 0;
            r->parts[k].min_w = r->parts[k].max_w = in[i].w;
            r->nparts++;
        }
        r->parts[k].count++;
        r->parts[k].w += in[i].w;
        if (in[i].w < r->parts[k].min_w)
            r->parts[k].min_w = in[i].w;
        if (in[i].w > r->parts[k].max_w)
            r->parts[k].max_w = in[i].w;
    }
}

/* "Total 1e-3 2e-4 3e-9 1.2e-3 100.0%" lines of report_power; instance
 * lines "i s l t NAME" after the marker, summed per top-level instance. */
int area_power_parse(const char *text, irhw_power_res *r, char *err, size_t errlen)
{
    inst_w *insts = NULL;
    size_t ninst = 0, cap = 0;
    const char *inst = strstr(text, "IRHW_INSTANCES"), *from = strstr(text, "IRHW_MEASURED");
    const char *set = strstr(text, "IRHW_PINS_SET ");
    if (!from || !set)
        return irhw_err(err, errlen, "no IRHW_MEASURED or IRHW_PINS_SET line in OpenSTA's output");
    r->pins_set = strtoul(set + 14, NULL, 10);
    int total = 0, hier = inst && strchr(inst, '/');
    double held[3] = {0, 0, 0}; /* the hold flip-flops (write_sta_netlist) */
    for (const char *p = from; p && *p;) {
        const char *e = strchr(p, '\n');
        char line[700], name[600];
        snprintf(line, sizeof line, "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
        double v[4];
        if (inst && p > inst &&
            sscanf(line, "%lf %lf %lf %lf %599s", &v[0], &v[1], &v[2], &v[3], name) == 5) {
            const char *leaf = strrchr(name, '/');
            leaf = leaf ? leaf + 1 : name;
            if (!strncmp(leaf, "irhw_hold_", 10)) { /* not the design's: left out */
                for (int c = 0; c < 3; c++)
                    held[c] += v[c];
                p = e ? e + 1 : NULL;
                continue;
            }
            if (v[3] == 0) { /* a black box or a hierarchical instance */
                p = e ? e + 1 : NULL;
                continue;
            }
            /* hierarchical "u_mem/_12_" (backslashes dropped; a name without
             * "/" is the top's), or flat "u_mem._12_" */
            const char *dot = strchr(name, hier ? '/' : '.');
            char part[96];
            size_t k0 = 0;
            for (const char *c = name; dot && c < dot && k0 + 1 < sizeof part; c++)
                if (*c != '\\')
                    part[k0++] = *c;
            part[k0] = '\0';
            if (!k0)
                snprintf(part, sizeof part, "(own logic)");
            size_t k = 0;
            while (k < ninst && strcmp(insts[k].name, part))
                k++;
            if (k == ninst) {
                if (area_grow(&insts, ninst, &cap, sizeof *insts)) {
                    free(insts);
                    return irhw_err(err, errlen, "out of memory reading OpenSTA's report");
                }
                snprintf(insts[k].name, sizeof insts[k].name, "%s", part);
                insts[k].w = 0;
                ninst++;
            }
            insts[k].w += v[3];
        } else if ((!inst || p < inst) &&
                   sscanf(line, "%599s %lf %lf %lf %lf", name, &v[0], &v[1], &v[2], &v[3]) == 5) {
            if (!strcmp(name, "Sequential"))
                r->seq_w = v[3];
            else if (!strcmp(name, "Combinational"))
                r->comb_w = v[3];
            else if (!strcmp(name, "Total")) {
                r->internal_w = v[0];
                r->switching_w = v[1];
                r->leakage_w = v[2];
                total = 1;
            }
        }
        p = e ? e + 1 : NULL;
    }
    group_parts(insts, ninst, r);
    free(insts);
    r->internal_w -= held[0];
    r->switching_w -= held[1];
    r->leakage_w -= held[2];
    r->seq_w -= held[0] + held[1] + held[2];
    if (!total)
        return irhw_err(err, errlen, "no Total line in OpenSTA's report_power");
    return 0;
}

static int run_sta(const char *dir, const char *tcl, char *text_out, size_t tlen, irhw_power_res *r,
                   char *err, size_t errlen)
{
    char out[PATHLEN];
    if (area_path_join(out, sizeof out, dir, "power_sta.log"))
        return irhw_err(err, errlen, "work folder path too long");
    if (!irhw_find_in_path("sta"))
        return irhw_err(err, errlen, "sta (OpenSTA) not found: install the Debian package opensta");
    char *argv[] = {"sta", "-no_splash", "-exit", (char *)tcl, NULL};
    int rc = area_run_tool(argv, out, err, errlen);
    if (rc < 0)
        return -1;
    char *text = irhw_read_file(out, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s: %s", out, strerror(errno));
    char line[300] = "";
    area_last_line_with(text, "Error", line, sizeof line);
    if (rc != 0 || line[0]) {
        free(text);
        return irhw_err(err, errlen, "OpenSTA failed (exit %d), log %s: %s", rc, out,
                        line[0] ? line : "(no error line)");
    }
    snprintf(text_out, tlen, "%s", out);
    rc = area_power_parse(text, r, err, errlen);
    free(text);
    if (rc)
        return irhw_err(err, errlen, "%.3000s (log %s)", err, out);
    return 0;
}

/* Ports of the dut from the trace (keys without a dot): toggles and high. */
/* 1 if the word w[0..n) is in the space-separated list. */
static int in_list(const char *list, const char *w, size_t n)
{
    for (const char *h = list; h && *h;) {
        size_t m = strcspn(h, " ");
        if (m == n && !strncmp(h, w, n))
            return 1;
        h += m;
        h += strspn(h, " ");
    }
    return 0;
}

static void port_counts(const vcd *v, const char *ports, irhw_power_res *r)
{
    for (size_t i = 0; i < v->nkeys; i++) {
        const char *k = v->keys[i].key;
        size_t n = strcspn(k, "[");
        if (strchr(k, '.') || !in_list(ports, k, n))
            continue;
        unsigned j = 0;
        while (j < r->nports && (strlen(r->ports[j].name) != n || strncmp(r->ports[j].name, k, n)))
            j++;
        if (j == r->nports) {
            if (j == IRHW_POWER_MAX_PORTS)
                continue;
            snprintf(r->ports[j].name, sizeof r->ports[j].name, "%.*s", (int)n, k);
            r->nports++;
        }
        const vbit *b = &v->bits[v->keys[i].bit];
        r->ports[j].width++;
        r->ports[j].toggles += b->toggles;
        r->ports[j].high += b->high;
    }
}

double irhw_power_clock_mhz(double want_mhz, double crit_ns)
{
    double fmax = crit_ns > 0 ? 1000.0 / crit_ns : 0;
    return fmax > 0 && want_mhz > fmax ? fmax : want_mhz;
}

int irhw_power_run(const irhw_power_req *q, irhw_power_res *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (q->clock_mhz <= 0)
        return irhw_err(err, errlen, "clock must be above 0 MHz");
    char dir[PATHLEN], lib[PATHLEN], tcl[PATHLEN], pnet[PATHLEN], pins[PATHLEN], net[PATHLEN];
    char snet[PATHLEN];
    if (area_path_join(dir, sizeof dir, q->workdir, "power") ||
        area_path_join(tcl, sizeof tcl, dir, "power.tcl") ||
        area_path_join(pnet, sizeof pnet, dir, "power_netlist.v") ||
        area_path_join(snet, sizeof snet, dir, "power_netlist_sta.v") ||
        area_path_join(pins, sizeof pins, dir, "activity_pins.txt") ||
        area_path_join(lib, sizeof lib, q->workdir, "cells.lib"))
        return irhw_err(err, errlen, "work folder path too long");
    if (irhw_mkdirs(dir))
        return irhw_err(err, errlen, "cannot create %s: %s", dir, strerror(errno));
    lib_info li;
    memset(&li, 0, sizeof li);
    char plib[PATHLEN];
    vcd v;
    memset(&v, 0, sizeof v);
    gsim_run gr = {NULL, 0, q->vcd, NULL, NULL, 0};
    char fsm[PATHLEN];
    if (!area_path_join(fsm, sizeof fsm, q->workdir, "fsm_recoded.txt"))
        gr.fsms = irhw_read_file(fsm, NULL); /* none: nothing re-encoded */
    double t0 = irhw_now_s();
    int rc = area_prepare_liberty(lib, dir, plib, sizeof plib, &li, err, errlen);
    if (!rc)
        rc = area_power_netlist(q->workdir, pnet, net, sizeof net, err, errlen);
    if (!rc && !(gr.g = irhw_gsim_load(plib, net, q->top, "clk", err, errlen)))
        rc = -1;
    power_holder h = {.consts = 0};
    int held = !rc && irhw_gsim_plain_flop(gr.g, h.cell, h.clk, h.d, h.q, sizeof h.cell);
    if (held)
        rc = area_sta_netlist(net, snet, q->top, &h, err, errlen);
    else
        snprintf(snet, sizeof snet, "%s", net);
    vcd_hooks hooks = {gs_header, gs_start, gs_edge, gs_settle, &gr};
    if (!rc)
        rc = vcd_read(q->vcd, &v, &hooks, err, errlen);
    if (!rc) {
        irhw_gsim_finish(gr.g);
        r->ffs = irhw_gsim_flops(gr.g);
        r->ffs_matched = gr.matched;
        r->ffs_recoded = gr.nrecoded;
        size_t cells, nets, und;
        irhw_gsim_stats(gr.g, &cells, &nets, &r->gate_evals, &und);
        r->cells = cells;
        r->nets = nets;
        r->undriven = und;
        r->net_toggles = irhw_gsim_net_toggles(gr.g);
        rc = gs_check(&gr, &v, r, err, errlen);
    }
    irhw_out *pf = NULL;
    if (!rc && !(pf = irhw_out_open(pins, err, errlen)))
        rc = -1;
    if (!rc) {
        r->pins = irhw_gsim_write_pins(gr.g, irhw_out_file(pf));
        rc = irhw_out_commit(pf, err, errlen);
    }
    r->gsim_s = irhw_now_s() - t0;
    irhw_out *tf = NULL;
    if (!rc && !(tf = irhw_out_open(tcl, err, errlen)))
        rc = -1;
    if (!rc) {
        r->cycles = v.posedges;
        r->clock_mhz = q->clock_mhz;
        FILE *t = irhw_out_file(tf);
        fprintf(t,
                "# irhw power: OpenSTA power of %s from co-simulation activity (area/power.c)\n"
                "# the log keeps what was written before a crash\n"
                "fconfigure stdout -buffering line\n"
                "read_liberty %s\nread_verilog %s\nlink_design %s\n"
                "create_clock -name clk -period %.6f [get_ports clk]\n"
                "set_power_activity -input -activity 0.1 -duty 0.5\n",
                q->top, plib, snet, q->top, 1000.0 / q->clock_mhz);
        if (held)
            fprintf(t,
                    "# the inputs and constants are held by %u flip-flops %s: no activity "
                    "propagates (area/power_netlist.c)\n",
                    h.holds, h.cell);
        scan w = {&v, held ? NULL : t, 0};
        rc = scan_inputs(&w, net, q->top, err, errlen);
        r->inputs_matched = w.inputs;
        fprintf(t,
                "# every pin's activity from the gate-level simulation (area/gatesim.c)\n"
                "set irhw_f [open {%s}]\n"
                "while {[gets $irhw_f irhw_l] >= 0} {\n"
                "  set irhw_a([lindex $irhw_l 0]) [lrange $irhw_l 1 2]\n"
                "}\n"
                "close $irhw_f\n"
                "set irhw_n 0\n"
                "foreach irhw_p [get_pins -hierarchical *] {\n"
                "  set irhw_k [string map {\\\\ {}} [get_full_name $irhw_p]]\n"
                "  if {[info exists irhw_a($irhw_k)]} {\n"
                "    lassign $irhw_a($irhw_k) irhw_act irhw_duty\n"
                "    sta::set_power_pin_activity $irhw_p $irhw_act $irhw_duty\n"
                "    incr irhw_n\n"
                "  }\n"
                "}\n"
                "puts \"IRHW_PINS_SET $irhw_n\"\n"
                "puts IRHW_MEASURED\n"
                "report_power -digits 6\nputs IRHW_INSTANCES\n"
                "report_power -instances [get_cells -hierarchical *] -digits 6\n",
                pins);
    }
    if (!rc && irhw_out_commit(tf, err, errlen))
        rc = -1, tf = NULL;
    tf = NULL;
    irhw_out_abort(tf);
    if (!rc) {
        snprintf(r->tcl, sizeof r->tcl, "%.500s", tcl);
        char log[PATHLEN];
        rc = run_sta(dir, tcl, log, sizeof log, r, err, errlen);
        if (!rc && r->pins_set != r->pins)
            rc = irhw_err(err, errlen,
                          "OpenSTA took the activity of %lu of the %lu pins of %s (names that do "
                          "not match its pins?), log %s: no power figure",
                          r->pins_set, r->pins, pins, log);
    }
    if (!rc) {
        port_counts(&v, q->ports, r);
        double s_per_cycle = 1e-6 / q->clock_mhz, sram_pj = 0;
        for (unsigned i = 0; i < v.nsrams; i++) {
            const vsram *s = &v.srams[i];
            r->srams[i].words = (unsigned)s->depth;
            r->srams[i].width = (unsigned)s->width;
            snprintf(r->srams[i].path, sizeof r->srams[i].path, "%s", s->path);
            r->srams[i].reads = s->reads;
            r->srams[i].writes = s->writes;
            r->srams[i].read_pj =
                irhw_sram_energy_pj(r->srams[i].words, r->srams[i].width, q->node, 0);
            r->srams[i].write_pj =
                irhw_sram_energy_pj(r->srams[i].words, r->srams[i].width, q->node, 1);
            sram_pj +=
                (double)s->reads * r->srams[i].read_pj + (double)s->writes * r->srams[i].write_pj;
        }
        r->nsrams = v.nsrams;
        r->sram_w = sram_pj * 1e-12 / ((double)r->cycles * s_per_cycle);
        r->total_w = r->internal_w + r->switching_w + r->leakage_w + r->sram_w;
        /* operations: bits of op_ports high at a clock edge */
        if (q->op_ports)
            for (unsigned j = 0; j < r->nports; j++)
                if (in_list(q->op_ports, r->ports[j].name, strlen(r->ports[j].name)))
                    r->ops += r->ports[j].high;
        double joules = r->total_w * (double)r->cycles * s_per_cycle;
        r->energy_op_pj = joules * 1e12 / (double)(q->op_ports ? (r->ops ? r->ops : 1) : r->cycles);
    }
    area_strlist_free(&li.seq);
    irhw_gsim_free(gr.g);
    free(gr.fsms);
    free(gr.recoded);
    vcd_free(&v);
    return rc;
}

/* ---- reports ------------------------------------------------------------- */

void irhw_power_print(FILE *f, const irhw_power_res *r, const char *op_name)
{
    fprintf(f, "power at %.1f MHz over %" PRIu64 " co-simulated cycles (OpenSTA report_power)\n",
            r->clock_mhz, r->cycles);
    fprintf(f, "  total              %10.4f mW\n", r->total_w * 1e3);
    fprintf(f, "    internal         %10.4f mW\n", r->internal_w * 1e3);
    fprintf(f, "    switching        %10.4f mW\n", r->switching_w * 1e3);
    fprintf(f, "    leakage          %10.6f mW\n", r->leakage_w * 1e3);
    fprintf(f, "    SRAM macros      %10.4f mW  (energy per access, area/sram_model.c)\n",
            r->sram_w * 1e3);
    fprintf(f, "  registers          %10.4f mW  (OpenSTA's sequential group)\n", r->seq_w * 1e3);
    fprintf(f, "  logic              %10.4f mW  (combinational group)\n", r->comb_w * 1e3);
    int wn = 13; /* the longest part name */
    for (unsigned i = 0; i < r->nparts; i++)
        if ((int)strlen(r->parts[i].name) > wn)
            wn = (int)strlen(r->parts[i].name);
    for (unsigned i = 0; i < r->nparts; i++) {
        fprintf(f, "  part %-*s %10.4f mW", wn, r->parts[i].name, r->parts[i].w * 1e3);
        if (r->parts[i].count > 1)
            fprintf(f, "  (%u instances, %.4f to %.4f mW each)", r->parts[i].count,
                    r->parts[i].min_w * 1e3, r->parts[i].max_w * 1e3);
        fputc('\n', f);
    }
    for (unsigned i = 0; i < r->nsrams; i++)
        fprintf(f,
                "  SRAM %s (%u x %u): %" PRIu64 " reads x %.3f pJ, %" PRIu64 " writes x %.3f pJ\n",
                r->srams[i].path, r->srams[i].words, r->srams[i].width, r->srams[i].reads,
                r->srams[i].read_pj, r->srams[i].writes, r->srams[i].write_pj);
    if (op_name)
        fprintf(f, "energy per %-8s %10.4f pJ  (%" PRIu64 " in %" PRIu64 " cycles)\n", op_name,
                r->energy_op_pj, r->ops, r->cycles);
    else
        fprintf(f, "energy per cycle   %10.4f pJ\n", r->energy_op_pj);
    fprintf(f,
            "activity           every net from a gate-level simulation of the mapped netlist "
            "(zero delay, no glitches; %lu cells, %lu nets, %" PRIu64 " toggles, %.1f s), "
            "driven by the co-simulation's %lu input bits; set on %lu pins, none propagated "
            "by OpenSTA\n",
            r->cells, r->nets, r->net_toggles, r->gsim_s, r->inputs_matched, r->pins_set);
    fprintf(f,
            "checked            %lu of %lu flip-flops matched to traced register bits and %lu "
            "output bits: toggles equal to the trace's (%" PRIu64 " register toggles)\n",
            r->ffs_matched, r->ffs, r->outputs_checked, r->reg_toggles);
    if (r->ffs_recoded)
        fprintf(f,
                "not compared       %lu flip-flops of state registers Yosys re-encoded (fsm): "
                "another encoding than the trace's\n",
                r->ffs_recoded);
    if (r->undriven)
        fprintf(f, "undriven nets      %lu, read as 0\n", r->undriven);
    fprintf(f, "toggles            ");
    for (unsigned i = 0; i < r->nports; i++)
        fprintf(f, "%s%s %" PRIu64, i ? ", " : "", r->ports[i].name, r->ports[i].toggles);
    fprintf(f, "\nopensta script     %s\n", r->tcl);
}

void irhw_power_print_json(FILE *f, const irhw_power_res *r, const char *op_name)
{
    fprintf(f,
            "{\"clock_mhz\": %.6g, \"cycles\": %" PRIu64 ", \"total_mw\": %.6g, "
            "\"internal_mw\": %.6g, \"switching_mw\": %.6g, \"leakage_mw\": %.6g, "
            "\"sram_mw\": %.6g, \"registers_mw\": %.6g, \"logic_mw\": %.6g,\n",
            r->clock_mhz, r->cycles, r->total_w * 1e3, r->internal_w * 1e3, r->switching_w * 1e3,
            r->leakage_w * 1e3, r->sram_w * 1e3, r->seq_w * 1e3, r->comb_w * 1e3);
    fprintf(f, " \"operation\": \"%s\", \"operations\": %" PRIu64 ", \"energy_per_op_pj\": %.6g,\n",
            op_name ? op_name : "cycle", op_name ? r->ops : r->cycles, r->energy_op_pj);
    fprintf(f, " \"parts\": {");
    for (unsigned i = 0; i < r->nparts; i++)
        fprintf(f, "%s\"%s\": %.6g", i ? ", " : "", r->parts[i].name, r->parts[i].w * 1e3);
    fprintf(f, "},\n \"part_instances\": {");
    for (unsigned i = 0; i < r->nparts; i++)
        fprintf(f, "%s\"%s\": %u", i ? ", " : "", r->parts[i].name, r->parts[i].count);
    fprintf(f, "},\n \"srams\": [");
    for (unsigned i = 0; i < r->nsrams; i++)
        fprintf(f,
                "%s{\"path\": \"%s\", \"words\": %u, \"width\": %u, \"reads\": %" PRIu64
                ", \"writes\": %" PRIu64 ", \"read_pj\": %.6g, \"write_pj\": %.6g}",
                i ? ", " : "", r->srams[i].path, r->srams[i].words, r->srams[i].width,
                r->srams[i].reads, r->srams[i].writes, r->srams[i].read_pj, r->srams[i].write_pj);
    fprintf(f,
            "],\n \"activity\": \"gate-level simulation of the mapped netlist, zero delay, "
            "no glitches\", \"cells\": %lu, \"nets\": %lu, \"net_toggles\": %" PRIu64
            ", \"undriven_nets\": %lu, \"pins_set\": %lu, \"gatesim_s\": %.3f,\n"
            " \"flip_flops\": %lu, \"flip_flops_checked\": %lu, \"flip_flops_fsm_recoded\": %lu, "
            "\"outputs_checked\": %lu, "
            "\"input_bits\": %lu, \"register_toggles\": %" PRIu64 ",\n \"toggles\": {",
            r->cells, r->nets, r->net_toggles, r->undriven, r->pins_set, r->gsim_s, r->ffs,
            r->ffs_matched, r->ffs_recoded, r->outputs_checked, r->inputs_matched, r->reg_toggles);
    for (unsigned i = 0; i < r->nports; i++)
        fprintf(f, "%s\"%s\": %" PRIu64, i ? ", " : "", r->ports[i].name, r->ports[i].toggles);
    fprintf(f, "},\n \"high_cycles\": {");
    for (unsigned i = 0; i < r->nports; i++)
        fprintf(f, "%s\"%s\": %" PRIu64, i ? ", " : "", r->ports[i].name, r->ports[i].high);
    fprintf(f, "}}\n");
}
