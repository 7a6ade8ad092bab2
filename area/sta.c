/*
 * sta.c — the critical path: OpenSTA (synth_scripts/sta.tcl.in) times the
 * mapped netlist, the SRAM macros cut out by Yosys and modelled as port
 * delays (sram_timing); the worst path's arrival time, start and end are
 * read from the report, a flip-flop end named by its Q net.
 */
#define _POSIX_C_SOURCE 200809L

#include "area_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* SRAM macro timing for STA (ns): first-order figures for a small macro,
 * clk->rdata access and input setup; 45 nm: 0.30 / 0.08 (published 45 nm
 * compiler macros of a few kb run at 1-2 GHz); sky130: 1.5 / 0.3 (OpenRAM
 * sky130 macros are specified around 50-100 MHz, so this is optimistic);
 * other nodes scale linearly from 45 nm. */
static void sram_timing(unsigned node, double *access, double *setup)
{
    if (node == 130) {
        *access = 1.5;
        *setup = 0.3;
    } else {
        *access = 0.30 * node / 45.0;
        *setup = 0.08 * node / 45.0;
    }
}

/* ---- STA ------------------------------------------------------------------------ */

/* Where instance `inst` is written in a module's text (n chars): its " name (",
 * with or without the escaping backslash; NULL when absent. */
static const char *find_inst(const char *text, size_t n, const char *inst, size_t ilen)
{
    char pat[300];
    for (int esc = 0; esc < 2; esc++) {
        /* an escaped name ends with a space: "\\g_bank[0].u_bank  (" */
        snprintf(pat, sizeof pat, esc ? " \\%.*s  (" : " %.*s (", (int)ilen, inst);
        const char *p = area_mem_find(text, n, pat);
        if (p)
            return p;
    }
    return NULL;
}

/* A module's text in a netlist ("module NAME(" to its endmodule), or NULL. */
static const char *module_text(const char *netlist, const char *mod, size_t mlen, size_t *n)
{
    char pat[400];
    for (int esc = 0; esc < 2; esc++) { /* an escaped name ends with a space */
        snprintf(pat, sizeof pat, esc ? "module %.*s (" : "module %.*s(", (int)mlen, mod);
        for (const char *p = netlist; (p = strstr(p, pat)) != NULL; p++)
            if (p == netlist || p[-1] == '\n') {
                const char *end = strstr(p, "\nendmodule");
                *n = end ? (size_t)(end - p) : strlen(p);
                return p;
            }
    }
    return NULL;
}

/* The net a flip-flop instance drives on its Q pin, in a module's text (n chars). */
static void flop_q_net(const char *text, size_t tn, const char *inst, char *buf, size_t len)
{
    const char *p = find_inst(text, tn, inst, strlen(inst));
    const char *lim = text + tn;
    const char *end = p ? area_mem_find(p, (size_t)(lim - p), ");") : NULL;
    const char *q = p ? area_mem_find(p, (size_t)(lim - p), ".Q(") : NULL;
    if (!q || !end || q > end)
        return;
    q += 3;
    q += strspn(q, " \\");
    size_t n = strcspn(q, ")\n");
    while (n > 0 && q[n - 1] == ' ')
        n--;
    char out[128];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof out; i++)
        if (q[i] != ' ') /* "\u_rf.mem[0] [2]" -> "u_rf.mem[0][2]" */
            out[k++] = q[i];
    out[k] = '\0';
    if (k > 0)
        snprintf(buf, len, "%s", out);
}

/* A flip-flop end "a/b/_12_" named by its Q net: the instance path walked
 * down from module `mod` of the netlist, "a.b." and the net in the module
 * that holds the flip-flop; buf unchanged when a step is not found. */
static void name_flop(const char *netlist, const char *mod, size_t mlen, const char *path,
                      char *buf, size_t len, int depth)
{
    size_t tn;
    const char *text = module_text(netlist, mod, mlen, &tn);
    if (!text || depth > 16)
        return;
    const char *slash = strchr(path, '/');
    if (!slash) {
        flop_q_net(text, tn, path, buf, len);
        return;
    }
    const char *at = find_inst(text, tn, path, (size_t)(slash - path));
    if (!at)
        return;
    const char *t = at; /* the type: the word before the instance name */
    while (t > text && t[-1] == ' ')
        t--;
    const char *tend = t;
    while (t > text && t[-1] != ' ' && t[-1] != '\n')
        t--;
    char sub[128] = "";
    name_flop(netlist, t, (size_t)(tend - t), slash + 1, sub, sizeof sub, depth + 1);
    if (sub[0])
        snprintf(buf, len, "%.*s.%s", (int)(slash - path), path, sub);
}

static int private_name(const char *s)
{
    const char *slash = strrchr(s, '/');
    if (slash)
        s = slash + 1;
    size_t n = strlen(s);
    return n >= 2 && s[0] == '_' && s[n - 1] == '_';
}

void area_sta_name_pin(const char *netlist, const char *top, const char *pin, char *buf, size_t len)
{
    snprintf(buf, len, "%s", pin);
    char *slash = strrchr(buf, '/');
    if (slash) {
        *slash = '\0'; /* the instance */
        if (private_name(buf) && netlist && top) {
            char inst[256];
            snprintf(inst, sizeof inst, "%s", buf);
            name_flop(netlist, top, strlen(top), inst, buf, len, 0);
        }
    }
    for (char *c = buf; (c = strchr(c, '/')) != NULL;)
        *c = '.';
}

/* "Startpoint: NAME (kind...)" → NAME, kind. */
static void point(const char *text, const char *tag, char *name, size_t len, int *is_flop)
{
    const char *p = strstr(text, tag);
    name[0] = '\0';
    *is_flop = 0;
    if (!p)
        return;
    p += strlen(tag);
    p += strspn(p, " ");
    size_t n = strcspn(p, " \n");
    snprintf(name, len, "%.*s", (int)n, p);
    const char *eol = strchr(p, '\n');
    if (eol && p[n] == '\n') /* a long name: its kind on the next line */
        eol = strchr(eol + 1, '\n');
    const char *ff = strstr(p, "flip-flop");
    *is_flop = ff && (!eol || ff < eol);
}

/* The worst path from OpenSTA's report text; a flip-flop end named by the
 * net its Q pin drives in the mapped netlist text (may be NULL), walking
 * down from module `top` (NULL: netlist is the top module's text alone).
 * `log` names the report in messages. */
int area_sta_parse(const char *text, const char *netlist, const char *top, const char *log,
                   irhw_area_res *r, char *err, size_t errlen)
{
    const char *arr = strstr(text, "data arrival time");
    if (!arr) {
        char line[300];
        area_last_line_with(text, "rror", line, sizeof line);
        int none = strstr(text, "No paths") != NULL;
        if (none && !line[0]) {
            r->have_sta = 1;
            snprintf(r->crit_from, sizeof r->crit_from, "(no timed path)");
            return 0;
        }
        return irhw_err(err, errlen, "OpenSTA gave no path, log %s: %s", log,
                        line[0] ? line : "(no error line)");
    }
    /* the arrival line: "   <delay>   data arrival time" */
    const char *bol = arr;
    while (bol > text && bol[-1] != '\n')
        bol--;
    r->crit_ns = strtod(bol, NULL);
    int sflop, eflop;
    char sname[128], ename[128];
    point(text, "Startpoint:", sname, sizeof sname, &sflop);
    point(text, "Endpoint:", ename, sizeof ename, &eflop);
    snprintf(r->crit_from, sizeof r->crit_from, "%s", sname);
    snprintf(r->crit_to, sizeof r->crit_to, "%s", ename);
    /* a flip-flop start is named by the net its Q pin drives (walking the
     * hierarchy from top), else by the first net on the path */
    const char *net = strstr(text, " (net)");
    if (sflop && private_name(sname) && netlist && top)
        name_flop(netlist, top, strlen(top), sname, r->crit_from, sizeof r->crit_from, 0);
    else if (sflop && net && net < arr) {
        const char *b = net;
        while (b > text && b[-1] != '\n')
            b--;
        b += strspn(b, " 0123456789");
        if (b < net && private_name(sname)) {
            char nn[128];
            snprintf(nn, sizeof nn, "%.*s", (int)(net - b), b);
            if (!private_name(nn))
                snprintf(r->crit_from, sizeof r->crit_from, "%s", nn);
        }
    }
    if (eflop && private_name(ename) && netlist && top)
        name_flop(netlist, top, strlen(top), ename, r->crit_to, sizeof r->crit_to, 0);
    else if (eflop && private_name(ename) && netlist)
        flop_q_net(netlist, strlen(netlist), ename, r->crit_to, sizeof r->crit_to);
    /* a hierarchical netlist's names as a flattened one's: "u_a/x" -> "u_a.x" */
    for (char *c = r->crit_from; (c = strchr(c, '/')) != NULL;)
        *c = '.';
    for (char *c = r->crit_to; (c = strchr(c, '/')) != NULL;)
        *c = '.';
    r->have_sta = 1;
    return 0;
}

int area_sta_tool(const irhw_area_req *q, const char *dir, const char *lib, const char *read,
                  const char *top, unsigned node, int report, const char *extra, char **text,
                  char *log, size_t loglen, char *err, size_t errlen)
{
    *text = NULL;
    if (!irhw_find_in_path("sta"))
        return irhw_err(err, errlen, "sta (OpenSTA) not found: install the Debian package opensta");
    char script[PATHLEN], period[32], acc[32], setup[32];
    if (area_path_join(script, sizeof script, dir, "sta.tcl") ||
        area_path_join(log, loglen, dir, "sta.log"))
        return irhw_err(err, errlen, "work folder path too long");
    double a, s;
    sram_timing(node, &a, &s);
    snprintf(period, sizeof period, "%.4f", q->clock_ns > 0 ? q->clock_ns : 1000.0);
    snprintf(acc, sizeof acc, "%.4f", a);
    snprintf(setup, sizeof setup, "%.4f", s);
    const char *keys[] = {"LIB",         "READ",       "TOP",    "PERIOD",
                          "SRAM_ACCESS", "SRAM_SETUP", "REPORT", "EXTRA"};
    const char *vals[] = {
        lib,
        read,
        top,
        period,
        acc,
        setup,
        report ? "report_checks -path_delay max -format full -fields {nets} -digits 4" : "",
        extra};
    if (area_write_script("sta.tcl.in", script, keys, vals, 8, err, errlen))
        return -1;
    char *argv[] = {"sta", "-no_splash", "-exit", script, NULL};
    int rc = area_run_tool(argv, log, err, errlen);
    if (rc < 0)
        return -1;
    if (rc != 0)
        return irhw_err(err, errlen, "sta failed (exit %d), log %s", rc, log);
    *text = irhw_read_file(log, NULL);
    if (!*text)
        return irhw_err(err, errlen, "cannot read %s: %s", log, strerror(errno));
    /* an error OpenSTA goes on after (a netlist line it cannot read drops
     * connections) makes its path untrustworthy */
    char line[300];
    area_last_line_with(*text, "Error: ", line, sizeof line);
    if (line[0]) {
        free(*text);
        *text = NULL;
        return irhw_err(err, errlen, "OpenSTA reported errors, log %s: %s", log, line);
    }
    return 0;
}

int area_run_sta(const irhw_area_req *q, const char *lib, const char *mapped, unsigned node,
                 irhw_area_res *r, char *err, size_t errlen)
{
    char read[PATHLEN + 32], log[PATHLEN], *text;
    snprintf(read, sizeof read, "read_verilog %s", mapped);
    if (area_sta_tool(q, q->workdir, lib, read, q->top, node, 1, "", &text, log, sizeof log, err,
                      errlen))
        return -1;
    char *nl = irhw_read_file(mapped, NULL);
    int rc = area_sta_parse(text, nl, q->top, log, r, err, errlen);
    free(text);
    free(nl);
    return rc;
}
