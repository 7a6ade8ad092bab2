/*
 * verb_list.c — irhw list: every block (or one) with its parameters; for
 * one block also its ports, timing contract and assertions. Exit codes as
 * in cli.c.
 */
#include "cli_int.h"

#include "args.h"
#include "irhw.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void list_params(const irhw_block *b)
{
    for (unsigned i = 0; i < b->nparams; i++) {
        const irhw_param *p = &b->params[i];
        char range[256], def[64];
        irhw_param_range(p, range, sizeof range);
        if (p->type == IRHW_PENUM)
            snprintf(def, sizeof def, "%s", p->choices[p->def]);
        else
            snprintf(def, sizeof def, "%" PRId64, p->def);
        printf("  %-11s default %-9s range %-24s %s\n", p->name, def, range, p->meaning);
        if (p->derived)
            printf("  %-11s (default when not set: %s)\n", "", p->derived);
    }
}

/* Ports of the default configuration with their timing contract. */
static void list_ports(const irhw_inst *x)
{
    printf("  ports of %s (widths at the defaults; clk rises, rst synchronous):\n", x->module);
    for (unsigned i = 0; i < x->ps.n; i++) {
        const irhw_port *p = &x->ps.p[i];
        char timing[160] = "";
        if (p->dir == IRHW_OUT)
            snprintf(timing, sizeof timing, "  [%s%s]", p->comb[0] ? "comb from: " : "registered",
                     p->comb);
        printf("    %-6s %-14s %4u  %-15s %s%s\n", p->dir == IRHW_IN ? "in" : "out", p->name,
               p->width, p->group, p->meaning, timing);
    }
    if (x->b->timing)
        printf("  timing: %s\n", x->b->timing);
}

/* The block's port contracts (its contracts table, as the RTL asserts them). */
static void list_contracts(const irhw_block *b)
{
    if (!b->ncontracts)
        return;
    printf("  contracts (each output against the state it reports; asserted in the RTL):\n");
    for (unsigned i = 0; i < b->ncontracts; i++)
        printf("    %s: %s\n", b->contracts[i].name, b->contracts[i].meaning);
}

/* The default configuration's assertions and input contracts (vw_assert),
 * its leaf cells' included, as the RTL states them. */
static void list_checks(const irhw_inst *x)
{
    char err[IRHW_ERRLEN];
    char *v = irhw_generate(x, err, sizeof err);
    if (!v)
        return;
    printf("  assertions (checked in cosim with Verilator --assert; `irhw prove` proves them):\n");
    irhw_checks_list(stdout, v, "    ");
    free(v);
    const char *lv[IRHW_MAX_LEAVES];
    unsigned nl = x->b->leaf_cells ? x->b->leaf_cells(x, lv) : 0;
    for (unsigned i = 0; i < nl; i++) {
        char p[4096];
        snprintf(p, sizeof p, "%s/rtl/%s", irhw_root(), lv[i]);
        char *t = irhw_read_file(p, NULL);
        if (t && strstr(t, "`ifdef IRHW_ASSERT")) {
            printf("   in the leaf %s:\n", lv[i]);
            irhw_checks_list(stdout, t, "    ");
        }
        free(t);
    }
}

static void list_json(FILE *f, const irhw_inst *x)
{
    const irhw_block *b = x->b;
    fprintf(f, "{\"name\": ");
    json_str(f, b->name);
    fprintf(f, ", \"title\": ");
    json_str(f, b->title);
    fprintf(f, ", \"paper\": ");
    json_str(f, b->paper);
    fprintf(f, ", \"timing\": ");
    json_str(f, b->timing ? b->timing : "");
    fprintf(f, ", \"module\": ");
    json_str(f, x->module);
    fprintf(f, ",\n  \"params\": [");
    for (unsigned i = 0; i < b->nparams; i++) {
        const irhw_param *p = &b->params[i];
        char def[64];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, p->name);
        fprintf(f, ", \"default\": ");
        json_str(f, irhw_param_text(b, &x->c, i, def, sizeof def));
        if (p->type == IRHW_PENUM) {
            fprintf(f, ", \"choices\": [");
            for (const char *const *ch = p->choices; *ch; ch++) {
                fprintf(f, "%s", ch == p->choices ? "" : ", ");
                json_str(f, *ch);
            }
            fprintf(f, "]");
        } else {
            fprintf(f, ", \"min\": %" PRId64 ", \"max\": %" PRId64, p->min, p->max);
        }
        fprintf(f, ", \"meaning\": ");
        json_str(f, p->meaning);
        if (p->derived) {
            fprintf(f, ", \"derived\": ");
            json_str(f, p->derived);
        }
        fprintf(f, "}");
    }
    fprintf(f, "],\n  \"ports\": [");
    for (unsigned i = 0; i < x->ps.n; i++) {
        const irhw_port *p = &x->ps.p[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, p->name);
        fprintf(f,
                ", \"dir\": \"%s\", \"width\": %u, \"group\": ", p->dir == IRHW_IN ? "in" : "out",
                p->width);
        json_str(f, p->group);
        fprintf(f, ", \"meaning\": ");
        json_str(f, p->meaning);
        if (p->dir == IRHW_OUT) {
            fprintf(f, ", \"registered\": %s, \"comb_from\": [", p->comb[0] ? "false" : "true");
            char buf[256];
            snprintf(buf, sizeof buf, "%s", p->comb);
            char *save = NULL;
            int k = 0;
            for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                fprintf(f, "%s", k++ ? ", " : "");
                json_str(f, t);
            }
            fprintf(f, "]");
        }
        fprintf(f, "}");
    }
    fprintf(f, "]}");
}

enum { L_HELP, L_JSON };
static const irhw_opt list_opts[] = {
    {"-h", 0, L_HELP, 0, NULL, NULL},
    {"--help", 0, L_HELP, 0, NULL, NULL},
    {"--json", 0, L_JSON, 0, NULL, "the same, machine-readable (an array of blocks)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

int cmd_list(int argc, char **argv)
{
    if (irhw_args_help(argc, argv)) {
        printf("usage: %s list [BLOCK] [options]\n"
               "  every block (or one) with its parameters (defaults, ranges, meaning, the\n"
               "  rule of a default derived from other parameters); for one block also its\n"
               "  ports (direction, width, group, meaning) and timing contract: which outputs\n"
               "  are combinational from which inputs, which are registered, read latency.\n",
               prog);
        irhw_args_print(stdout, list_opts, 0, 0);
        return 0;
    }
    int json = 0;
    const char *name = NULL;
    irhw_args a;
    irhw_args_init(&a, "list", list_opts, 0, argc, argv);
    const irhw_opt *opt;
    const char *v;
    for (int k; (k = irhw_args_next(&a, &opt, &v)) != IRHW_ARG_END;) {
        if (k == IRHW_ARG_BAD)
            return EXIT_USAGE;
        if (k == IRHW_ARG_OPT)
            json = 1;
        else if (name)
            return irhw_usage("list", "unexpected argument '%s' (one block at a time)", v);
        else
            name = v;
    }
    const irhw_block *one = NULL;
    if (name && !(one = irhw_args_block("list", name)))
        return EXIT_USAGE;
    if (json)
        printf("[");
    int k = 0;
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_block *b = *bp;
        if (one && b != one)
            continue;
        irhw_cfg c;
        irhw_cfg_defaults(b, &c);
        irhw_inst x;
        char err[IRHW_ERRLEN];
        if (irhw_inst_init(&x, b, &c, err, sizeof err)) {
            irhw_inst_free(&x);
            fprintf(stderr, "%s list: %s: %s\n", prog, b->name, err);
            return EXIT_TOOL;
        }
        if (json) {
            printf("%s\n", k ? "," : "");
            list_json(stdout, &x);
        } else {
            if (k)
                printf("\n");
            printf("%s — %s (%s)\n", b->name, b->title, b->paper);
            list_params(b);
            if (one) {
                list_ports(&x);
                list_contracts(x.b);
                list_checks(&x);
            }
        }
        k++;
        irhw_inst_free(&x);
    }
    if (json)
        printf("\n]\n");
    else if (!one)
        printf("\n('%s list BLOCK' adds the ports and the timing contract)\n", prog);
    return 0;
}
