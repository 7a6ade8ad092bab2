/*
 * explore_out.c — the tables and plots of irhw explore (explore_int.h):
 * one row per configuration and graph, the Pareto fronts marked, the
 * question's answer, and figures.txt so that `irhw report OUT` shows them.
 */
#include "explore_int.h"

#include "plot.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ex_cheapest(const irhw_explore *e)
{
    int best = -1;
    for (int i = 0; i < e->ncfg; i++) {
        const ex_cfg *c = &e->cfg[i];
        int ok = c->valid && c->have_cost;
        for (unsigned g = 0; ok && g < e->ngraphs; g++)
            ok = c->have_cycles[g] && e->ideal[g] &&
                 (double)c->cycles[g] <= EX_WITHIN * (double)e->ideal[g];
        if (ok && (best < 0 || c->area_um2 < e->cfg[best].area_um2))
            best = i;
    }
    return best;
}

/* A cell without '|' (the table's separator) or a newline. */
static void cell(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src[0] ? src : "-");
    for (char *p = dst; *p; p++)
        if (*p == '|' || *p == '\n' || *p == '\t')
            *p = '/';
}

static const char *front_text(const ex_cfg *c, unsigned g)
{
    return c->front_area[g] && c->front_energy[g] ? "area, energy"
           : c->front_area[g]                     ? "area"
           : c->front_energy[g]                   ? "energy"
                                                  : "-";
}

static const char HEADER[] = "configuration|graph|cycles to DONE|x ideal|area µm²|fmax MHz|"
                             "energy per run µJ|front (x cycles)";

/* One row of the table into f (energy_only: the rows on the energy front). */
static void row(FILE *f, const irhw_explore *e, const ex_cfg *c, unsigned g)
{
    char cfgc[1100], why[1200];
    cell(cfgc, sizeof cfgc, c->asked);
    if (!c->valid) {
        cell(why, sizeof why, c->reason);
        fprintf(f, "%s|%s|invalid: %s|-|-|-|-|-\n", cfgc, e->graph[g], why);
        return;
    }
    char cyc[1200], x[32] = "-", area[32] = "-", fmax[32] = "-";
    if (c->have_cycles[g])
        snprintf(cyc, sizeof cyc, "%" PRIu64, c->cycles[g]);
    else {
        cell(cyc, sizeof cyc, c->why[g]);
    }
    if (c->have_cycles[g] && e->ideal[g])
        snprintf(x, sizeof x, "%.3f", (double)c->cycles[g] / (double)e->ideal[g]);
    if (c->have_cost) {
        snprintf(area, sizeof area, "%.1f", c->area_um2);
        if (c->fmax_mhz > 0)
            snprintf(fmax, sizeof fmax, "%.0f", c->fmax_mhz);
    } else {
        cell(why, sizeof why, c->cost_why);
        snprintf(area, sizeof area, "n/a");
    }
    char en[800] = "-", pw[760];
    if (c->have_power && c->have_cycles[g])
        snprintf(en, sizeof en, "%.4g", c->energy_uj[g]);
    else if (!c->have_power) {
        cell(pw, sizeof pw, c->power_why);
        snprintf(en, sizeof en, "n/a: %s", pw);
    }
    fprintf(f, "%s|%s|%s|%s|%s|%s|%s|%s\n", cfgc, e->graph[g], cyc, x, area, fmax, en,
            c->have_cost ? front_text(c, g) : why);
}

/* The whole table (energy_front: only the rows on the energy front). */
static char *table(const irhw_explore *e, int energy_front)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fprintf(f, "%s\n", HEADER);
    for (unsigned g = 0; g < e->ngraphs; g++)
        for (int i = 0; i < e->ncfg; i++)
            if (!energy_front || (e->cfg[i].valid && e->cfg[i].front_energy[g]))
                row(f, e, &e->cfg[i], g);
    if (fclose(f))
        return NULL;
    return text;
}

/* The question's answer, one paragraph. */
static void answer(FILE *f, const irhw_explore *e)
{
    int b = ex_cheapest(e);
    if (b < 0) {
        fprintf(f,
                "No configuration with an area is within %.0f %% of the ideal worklist's "
                "cycles on every graph.\n",
                (EX_WITHIN - 1) * 100);
        return;
    }
    const ex_cfg *c = &e->cfg[b];
    fprintf(f, "Cheapest within %.0f %% of the ideal on every graph: **%s**, %.1f µm²",
            (EX_WITHIN - 1) * 100, c->asked, c->area_um2);
    if (c->fmax_mhz > 0)
        fprintf(f, ", fmax %.0f MHz", c->fmax_mhz);
    if (!c->have_power) {
        fprintf(f, "; its energy: n/a (%s).\n", c->power_why);
        return;
    }
    fprintf(f, "; it burns");
    for (unsigned g = 0; g < e->ngraphs; g++)
        fprintf(f, "%s %.4g µJ per %s on %s (%" PRIu64 " cycles, %.3f x ideal)", g ? "," : "",
                c->energy_uj[g], e->kernel, e->graph[g], c->cycles[g],
                (double)c->cycles[g] / (double)e->ideal[g]);
    fprintf(f, ".\n");
}

/* How energy and the ideal were made: the notes under the table. */
static void notes(FILE *f, const irhw_explore *e)
{
    const ex_cfg *c = NULL;
    for (int i = 0; i < e->ncfg && !c; i++)
        if (e->cfg[i].have_power)
            c = &e->cfg[i];
    fprintf(f,
            "- cycles to DONE: the GPU core model (`workload %s --worklist hwwl --model-only`) "
            "on hwwl with the configuration's parameters that hwwl has, hwwl's defaults for "
            "the rest; x ideal: against the faster of `--worklist ideal-fifo` and "
            "`ideal-sort` on the same graph.\n",
            e->kernel);
    const char *lib = e->liberty ? strrchr(e->liberty, '/') : NULL;
    fprintf(f,
            "- area, fmax: `irhw area` on %s (Yosys; fmax from OpenSTA's critical path); "
            "power on the same library.\n",
            lib ? lib + 1 : "area's default library");
    fprintf(f,
            "- energy per run: activity from the random stimulus of `irhw power` (%" PRIu64
            " co-simulated cycles), not from the workload: the block's energy per cycle times"
            " the cycles to DONE times its %u instance(s) in that hwwl%s.\n",
            e->power_cycles, c ? c->instances : 1,
            strcmp(e->s.b->name, "hwwl") ? " (the rest of hwwl not counted)" : "");
    if (c)
        fprintf(f,
                "- clock of the power figures: %.0f MHz; fmax from OpenSTA's critical "
                "path.\n",
                c->clock_mhz);
    fprintf(f, "- front: on the Pareto front of area x cycles and/or energy x cycles on that "
               "graph (no other configuration at most as large in both, smaller in one).\n");
}

static int write_md(const irhw_explore *e, const char *tab, char *err, size_t errlen)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/explore.md", e->s.out);
    irhw_out *o = irhw_out_open(path, err, errlen);
    if (!o)
        return -1;
    FILE *f = irhw_out_file(o);
    fprintf(f, "# explore %s, %s on %u graph(s)\n\nMade by: `%s`\n\n", e->s.b->name, e->kernel,
            e->ngraphs, e->command);
    answer(f, e);
    fputs("\n", f);
    int first = 1;
    char *t = strdup(tab), *save = NULL;
    for (char *l = t ? strtok_r(t, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save)) {
        fputs("|", f);
        for (char *c = l; c; c = strchr(c, '|') ? strchr(c, '|') + 1 : NULL)
            fprintf(f, " %.*s |", (int)strcspn(c, "|"), c);
        fputs("\n", f);
        if (first) {
            fputs("|", f);
            for (const char *p = HEADER; p; p = strchr(p + 1, '|'))
                fputs(" --- |", f);
            fputs("\n", f);
        }
        first = 0;
    }
    free(t);
    fputs("\n", f);
    notes(f, e);
    fputs("\nPlots: [area x cycles](explore_area.svg), [energy x cycles](explore_energy.svg)\n", f);
    return irhw_out_commit(o, err, errlen);
}

/* The points of one plot: x = cycles / ideal, y = area or energy, front. */
static int plot(const irhw_explore *e, int energy, char *err, size_t errlen)
{
    char *data = NULL, svg[4400], body[2048];
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    if (!f)
        return irhw_err(err, errlen, "out of memory for the plot");
    unsigned pts = 0;
    for (unsigned g = 0; g < e->ngraphs; g++)
        for (int i = 0; i < e->ncfg; i++) {
            const ex_cfg *c = &e->cfg[i];
            if (!c->valid || !c->have_cost || !c->have_cycles[g] || (energy && !c->have_power))
                continue;
            double x =
                e->ideal[g] ? (double)c->cycles[g] / (double)e->ideal[g] : (double)c->cycles[g];
            fprintf(f, "%g %g %d\n", x, energy ? c->energy_uj[g] : c->area_um2,
                    energy ? c->front_energy[g] : c->front_area[g]);
            pts++;
        }
    if (!pts)
        fprintf(f, "1 0 0\n"); /* gnuplot needs a point */
    if (fclose(f))
        return irhw_err(err, errlen, "out of memory for the plot");
    snprintf(svg, sizeof svg, "%s/explore_%s.svg", e->s.out, energy ? "energy" : "area");
    snprintf(body, sizeof body,
             "set title '%s: %s x cycles to DONE (%s)' noenhanced\n"
             "set xlabel 'cycles to DONE / ideal'\nset ylabel '%s'\n"
             "set key inside top right font ',9'\nset grid\n"
             "set offsets graph 0.05, graph 0.05, graph 0.08, graph 0.08\n"
             "plot '%%1$s' using 1:($3>0?$2:1/0) with points pt 7 ps 1.3 title 'Pareto front', "
             "'%%1$s' using 1:($3>0?1/0:$2) with points pt 6 title 'dominated'\n",
             e->s.b->name, energy ? "energy" : "area", e->kernel,
             energy ? "energy per run (µJ)" : "area (µm²)");
    int rc = irhw_gnuplot_svg(svg, data, body, err, errlen);
    free(data);
    return rc;
}

/* figures.txt: what `irhw report OUT` shows (report.c, papers_section). */
static int write_figures(const irhw_explore *e, const char *tab, const char *front, char *err,
                         size_t errlen)
{
    char path[4400], text[8192];
    snprintf(path, sizeof path, "%s/explore_area.tsv", e->s.out);
    if (irhw_write_file(path, tab, err, errlen))
        return -1;
    snprintf(path, sizeof path, "%s/explore_energy.tsv", e->s.out);
    if (irhw_write_file(path, front, err, errlen))
        return -1;
    int b = ex_cheapest(e);
    snprintf(text, sizeof text,
             "title\texplore %s: cycles, area and energy on the graphs\n"
             "command\t%s\nruns\t%d\n"
             "fig\texplore_area\t1\tArea x cycles to DONE, every configuration and graph\t"
             "Cheapest within 5 %% of the ideal on every graph: %s. Energy from random-stimulus "
             "activity (explore.md says how).\n"
             "fig\texplore_energy\t1\tEnergy per run x cycles to DONE: the energy front\t"
             "The rows on the Pareto front of energy per run x cycles.\n",
             e->s.b->name, e->command, e->ncfg * (int)(2 + e->ngraphs) + 2 * (int)e->ngraphs,
             b >= 0 ? e->cfg[b].asked : "none");
    snprintf(path, sizeof path, "%s/figures.txt", e->s.out);
    return irhw_write_file(path, text, err, errlen);
}

int ex_write(const irhw_explore *e, char *err, size_t errlen)
{
    char *tab = table(e, 0), *front = table(e, 1);
    int rc = !tab || !front ? irhw_err(err, errlen, "out of memory for the table") : 0;
    if (!rc)
        rc = plot(e, 0, err, errlen);
    if (!rc)
        rc = plot(e, 1, err, errlen);
    if (!rc)
        rc = write_md(e, tab, err, errlen);
    if (!rc)
        rc = write_figures(e, tab, front, err, errlen);
    if (!rc) { /* the table on stdout too */
        fputs(tab, stdout);
        FILE *f = stdout;
        fputs("\n", f);
        answer(f, e);
        printf("table: %s/explore.md; plots: %s/explore_area.svg, %s/explore_energy.svg\n",
               e->s.out, e->s.out, e->s.out);
    }
    free(tab);
    free(front);
    return rc;
}
