/*
 * report.c — the area report as text and as JSON, with the block's
 * paper comparison.
 */
#include "area.h"

#include <string.h>

/* ---- reports ---------------------------------------------------------------------- */

#define SRAM_MODEL_NAME "analytic 6T-array model, area/sram_model.c"

/* The IRU partition section: for a block whose description asks for it
 * (its report field holds "iru"). */
static int has_iru_section(const irhw_block *b)
{
    return b && irhw_block_has(b->report, "iru");
}

void irhw_area_print(FILE *f, const irhw_block *b, const irhw_cfg *c, const irhw_area_res *r,
                     const irhw_note *notes, int nnotes)
{
    char params[1024] = "";
    if (b && c)
        irhw_cfg_format(b, c, " ", params, sizeof params);
    fprintf(f, "block              %s%s%s\n", b ? b->name : "(unknown)", b && b->title ? " — " : "",
            b && b->title ? b->title : "");
    fprintf(f, "parameters         %s\n", params[0] ? params : "(none)");
    fprintf(f, "library            %s, %s\n", r->library, r->node);
    fprintf(f, "total              %12.1f µm²\n", r->total_um2);
    fprintf(f, "  logic            %12.1f µm²\n", r->logic_um2);
    fprintf(f, "  flip-flop storage%12.1f µm²  (storage modules the block names)\n",
            r->ff_storage_um2);
    fprintf(f, "  SRAM             %12.1f µm²  (%s)\n", r->sram_um2,
            r->sram_source[0] ? r->sram_source : SRAM_MODEL_NAME);
    fprintf(f, "storage bits       %llu\n", (unsigned long long)r->storage_bits);
    fprintf(f, "cells              %lu standard cells, of which %lu flip-flops\n", r->cells,
            r->flops);
    if (r->nparts) {
        fprintf(f, "parts              %12.1f µm²  own logic of %s\n", r->own_um2,
                b ? b->name : "the top");
        for (unsigned i = 0; i < r->nparts; i++)
            fprintf(f, "                   %12.1f µm²  %lu x %s\n", r->parts[i].um2,
                    r->parts[i].count, r->parts[i].module);
    }
    if (r->have_sta)
        fprintf(f, "critical path      %.3f ns (%s -> %s)\n", r->crit_ns, r->crit_from,
                r->crit_to[0] ? r->crit_to : "-");
    if (r->netlist[0])
        fprintf(f, "netlist            %s\n", r->netlist);
    if (nnotes > 0 && notes) {
        fprintf(f, "paper comparison\n");
        for (int i = 0; i < nnotes; i++)
            fprintf(f, "  %s\n", notes[i].text);
    }
    if (has_iru_section(b)) {
        irhw_iru_partition p;
        char err[256];
        if (irhw_iru_partition_price(r->total_um2, r->sram_um2, r->node, &p, err, sizeof err))
            fprintf(f, "IRU partition      n/a (%s)\n", err);
        else
            irhw_iru_partition_print(f, &p);
    }
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_params(FILE *f, const irhw_block *b, const irhw_cfg *c)
{
    fputs("  \"parameters\": {", f);
    for (unsigned i = 0; b && c && i < b->nparams; i++) {
        char v[128];
        fputs(i ? ", " : "", f);
        json_str(f, b->params[i].name);
        fputs(": ", f);
        if (b->params[i].type == IRHW_PINT)
            fprintf(f, "%lld", (long long)c->v[i]);
        else
            json_str(f, irhw_param_text(b, c, i, v, sizeof v));
    }
    fputs("},\n", f);
}

static void json_notes(FILE *f, const irhw_note *notes, int nnotes)
{
    fputs("  \"notes\": {", f);
    for (int i = 0; notes && i < nnotes; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, notes[i].key);
        fprintf(f, ": %.10g", notes[i].value);
    }
    fputs("},\n  \"notes_text\": {", f);
    for (int i = 0; notes && i < nnotes; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, notes[i].key);
        fputs(": ", f);
        json_str(f, notes[i].text);
    }
    fputs("}\n", f);
}

void irhw_area_print_json(FILE *f, const irhw_block *b, const irhw_cfg *c, const irhw_area_res *r,
                          const irhw_note *notes, int nnotes)
{
    fputs("{\n  \"block\": ", f);
    json_str(f, b ? b->name : "");
    fputs(",\n", f);
    json_params(f, b, c);
    fputs("  \"library\": ", f);
    json_str(f, r->library);
    fputs(",\n  \"node\": ", f);
    json_str(f, r->node);
    fprintf(f, ",\n  \"total_um2\": %.1f,\n  \"logic_um2\": %.1f,\n", r->total_um2, r->logic_um2);
    fprintf(f, "  \"ff_storage_um2\": %.1f,\n  \"sram_um2\": %.1f,\n", r->ff_storage_um2,
            r->sram_um2);
    fputs("  \"sram_model\": ", f);
    json_str(f, r->sram_source[0] ? r->sram_source : SRAM_MODEL_NAME);
    fprintf(f, ",\n  \"storage_bits\": %llu,\n  \"cells\": %lu,\n  \"flops\": %lu,\n",
            (unsigned long long)r->storage_bits, r->cells, r->flops);
    fprintf(f, "  \"own_um2\": %.1f,\n  \"parts\": [", r->own_um2);
    for (unsigned i = 0; i < r->nparts; i++) {
        fprintf(f, "%s{\"module\": ", i ? ", " : "");
        json_str(f, r->parts[i].module);
        fprintf(f, ", \"count\": %lu, \"um2\": %.1f}", r->parts[i].count, r->parts[i].um2);
    }
    fputs("],\n", f);
    fprintf(f, "  \"have_sta\": %s,\n", r->have_sta ? "true" : "false");
    if (r->have_sta) {
        fprintf(f, "  \"crit_ns\": %.4f,\n  \"crit_from\": ", r->crit_ns);
        json_str(f, r->crit_from);
        fputs(",\n  \"crit_to\": ", f);
        json_str(f, r->crit_to);
        fputs(",\n", f);
    }
    fputs("  \"netlist\": ", f);
    json_str(f, r->netlist);
    fputs(",\n", f);
    if (has_iru_section(b)) {
        irhw_iru_partition p;
        char err[256];
        if (irhw_iru_partition_price(r->total_um2, r->sram_um2, r->node, &p, err, sizeof err))
            fputs("  \"iru_partition\": null", f);
        else
            irhw_iru_partition_json(f, &p);
        fputs(",\n", f);
    }
    json_notes(f, notes, nnotes);
    fputs("}\n", f);
}
