/*
 * iru_partition.c — the IRU partition of the IRU paper's Table 1 priced
 * with the project's SRAM model and the synthesized iru_hash, beside the
 * paper's 5.98 mm2 at 32 nm (CACTI).
 *
 * The paper gives each buffer's size only. The organisation priced here:
 *   request FIFO 2 KB:       16 rows x 1024 b, one warp request (32
 *                            indices of 32 b) a row;
 *   prefetch buffer 1.7 KB:  8 rows, one per on-the-fly prefetch (the
 *                            paper's 8), 1.7 KB / 8 = 1741 b a row;
 *   classifier buffer 1.2 KB and ring buffering 2.8 KB: 32 rows (assumed:
 *                            one per warp lane), the size / 32 a row.
 * Every buffer is one single-port (1rw) macro in the main figure; the
 * bracket prices every SRAM (the hash's macros and each buffer) again as
 * 1r1w and 2r2w macros (irhw_sram_area_ports_um2): the paper does not say
 * how many ports its arrays have. The hash's SRAM is scaled by the ratio
 * of a 128 x 80 b macro (the paper configuration's) at 2 and 4 ports to
 * 1rw; its logic is the synthesized one at the FILTER of the run, the same
 * in every organisation. Areas are at the hash's node (the SRAM model at that node)
 * and scaled to 32 nm by (32/node)^2: ideal area scaling with the square of
 * the feature size, the rule area/sram_model.c itself uses for a node it has
 * no bit cell for.
 */
#include "area.h"

#include <math.h>
#include <string.h>

static const struct {
    const char *key, *what;
    double kb;
    unsigned words;
    const char *org, *cacti;
} lines[IRHW_IRU_PART_LINES] = {
    {"hash", "hash table", 80, 0,
     "the synthesized iru_hash: its 1rw SRAM macros (SRAM model) and its logic",
     "CACTI lays 80 KB out as one banked array with H-tree wiring sized for access time "
     "(ours: separate macros, no wiring between them); CACTI prices none of the hash's logic "
     "(comparators, counters, reply engine), which ours includes"},
    {"request_fifo", "request FIFO", 2, 16, "one warp request (32 x 32 b) a row",
     "a FIFO reads and writes in one cycle: 1r1w ports, larger cells; 1rw in the main figure, 1r1w "
     "and 2r2w in the bracket"},
    {"prefetch_buffer", "prefetch buffer", 1.7, 8, "one row per on-the-fly prefetch (8)",
     "written by memory replies while the hash reads it: 2 ports; 1rw in the main figure, 1r1w and "
     "2r2w in the bracket"},
    {"classifier_buffer", "classifier buffer", 1.2, 32, "32 rows (assumed: one per warp lane)",
     "organisation not given by the paper; 1rw in the main figure, 1r1w and 2r2w in the bracket"},
    {"ring_buffer", "ring buffering", 2.8, 32, "32 rows (assumed: one per warp lane)",
     "ring stops read and write each cycle: 2 ports; the ring's wires are in neither"},
};

static const unsigned port_orgs[IRHW_IRU_PORT_ORGS] = {1, 2, 4};
static const char *const port_names[IRHW_IRU_PORT_ORGS] = {"1rw", "1r1w", "2r2w"};

/* One line at each SRAM organisation of the bracket, mm2 at 32 nm. */
static void price_ports(irhw_iru_partition *p, irhw_iru_part_line *l, double hash_um2,
                        double hash_sram_um2)
{
    unsigned node = (unsigned)lround(p->node_nm);
    for (int k = 0; k < IRHW_IRU_PORT_ORGS; k++) {
        double um2;
        if (l->words) {
            um2 = irhw_sram_area_ports_um2(l->words, l->width, node, port_orgs[k]);
        } else {
            double r = irhw_sram_area_ports_um2(128, 80, node, port_orgs[k]) /
                       irhw_sram_area_ports_um2(128, 80, node, 1);
            um2 = hash_um2 - hash_sram_um2 + hash_sram_um2 * r;
        }
        l->ports_mm2_32nm[k] = um2 * p->scale * 1e-6;
        p->ports_total_mm2_32nm[k] += l->ports_mm2_32nm[k];
    }
}

int irhw_iru_partition_price(double hash_um2, double hash_sram_um2, const char *node,
                             irhw_iru_partition *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->node_nm = irhw_node_nm(node);
    if (!(hash_um2 > 0))
        return irhw_err(err, errlen, "no iru_hash area result");
    if (p->node_nm <= 0)
        return irhw_err(err, errlen, "the node of the iru_hash result (\"%s\") is unknown",
                        node ? node : "");
    p->scale = (32 / p->node_nm) * (32 / p->node_nm);
    p->hash_sram_um2 = hash_sram_um2;
    p->hash_logic_um2 = hash_um2 - hash_sram_um2;
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++) {
        irhw_iru_part_line *l = &p->line[i];
        l->key = lines[i].key;
        l->what = lines[i].what;
        l->paper_kb = lines[i].kb;
        l->org = lines[i].org;
        l->cacti = lines[i].cacti;
        if (lines[i].words) {
            l->words = lines[i].words;
            l->width = (unsigned)ceil(lines[i].kb * 1024 * 8 / lines[i].words - 1e-9);
            l->um2 = irhw_sram_area_um2(l->words, l->width, (unsigned)lround(p->node_nm));
        } else {
            l->um2 = hash_um2;
        }
        l->mm2_32nm = l->um2 * p->scale * 1e-6;
        price_ports(p, l, hash_um2, hash_sram_um2);
        p->paper_kb += l->paper_kb;
        p->total_um2 += l->um2;
    }
    p->total_mm2_32nm = p->total_um2 * p->scale * 1e-6;
    p->pct_gpu_4 = irhw_gpu_share_pct(4 * p->total_um2, node);
    double bits = p->paper_kb * 1024 * 8;
    p->paper_um2_per_bit = IRHW_IRU_PAPER_PART_MM2 * 1e6 / bits;
    p->ours_um2_per_bit = p->total_mm2_32nm * 1e6 / bits;
    return 0;
}

void irhw_iru_partition_print(FILE *f, const irhw_iru_partition *p)
{
    fprintf(f,
            "IRU partition (IRU paper Table 1) at %.0f nm, scaled to 32 nm by (32/%.0f)^2 = %.3f\n",
            p->node_nm, p->node_nm, p->scale);
    fprintf(f, "  %-18s %7s %16s %10s %10s  %s\n", "line", "paper", "priced as", "um2", "mm2@32nm",
            "organisation");
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++) {
        const irhw_iru_part_line *l = &p->line[i];
        char as[32];
        if (l->words)
            snprintf(as, sizeof as, "%u x %u b 1rw", l->words, l->width);
        else
            snprintf(as, sizeof as, "synthesized");
        fprintf(f, "  %-18s %4.1f KB %16s %10.0f %10.3f  %s\n", l->what, l->paper_kb, as, l->um2,
                l->mm2_32nm, l->org);
    }
    fprintf(f,
            "  %-18s %4.1f KB %16s %10.0f %10.3f  paper: %.2f mm2 at 32 nm (CACTI), %.1fx ours\n",
            "partition", p->paper_kb, "", p->total_um2, p->total_mm2_32nm, IRHW_IRU_PAPER_PART_MM2,
            IRHW_IRU_PAPER_PART_MM2 / p->total_mm2_32nm);
    fprintf(f, "  hash: SRAM %.0f um2 + logic %.0f um2\n", p->hash_sram_um2, p->hash_logic_um2);
    if (!isnan(p->pct_gpu_4))
        fprintf(f, "  4 partitions: %.3g %% of a GTX 980 (irhw_gpu_share_pct; paper: 5.6 %%)\n",
                p->pct_gpu_4);
    else
        fprintf(f, "  4 partitions: n/a of a GTX 980 (paper: 5.6 %%)\n");
    fprintf(f,
            "  per bit of Table 1 at 32 nm: paper %.2f um2, ours %.3f um2 (a 32 nm 6T bit cell of "
            "the SRAM model: %.3f um2)\n",
            p->paper_um2_per_bit, p->ours_um2_per_bit, irhw_sram_bitcell_um2(32));
    fprintf(f, "  bracket by SRAM ports, mm2 at 32 nm (the paper gives no port count):\n");
    fprintf(f, "  %-18s %10s %10s %10s\n", "line", port_names[0], port_names[1], port_names[2]);
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++) {
        const double *m = p->line[i].ports_mm2_32nm;
        fprintf(f, "  %-18s %10.3f %10.3f %10.3f\n", p->line[i].what, m[0], m[1], m[2]);
    }
    const double *t = p->ports_total_mm2_32nm;
    fprintf(f, "  %-18s %10.3f %10.3f %10.3f  paper: %.2f mm2\n", "partition", t[0], t[1], t[2],
            IRHW_IRU_PAPER_PART_MM2);
    fprintf(f,
            "  partition: %.3f .. %.3f mm2 at 32 nm (1rw .. 2r2w), the paper's %.2f is %.1fx .. "
            "%.1fx that. Unspecified by the paper: each array's ports, banking and rows x "
            "width, CACTI's array type (RAM or cache) and device (HP, LSTP), wiring\n",
            t[0], t[2], IRHW_IRU_PAPER_PART_MM2, IRHW_IRU_PAPER_PART_MM2 / t[0],
            IRHW_IRU_PAPER_PART_MM2 / t[2]);
    fprintf(f, "  what CACTI prices differently, per line:\n");
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++)
        fprintf(f, "    %s: %s\n", p->line[i].what, p->line[i].cacti);
}

void irhw_iru_partition_json(FILE *f, const irhw_iru_partition *p)
{
    fprintf(f, "  \"iru_partition\": {\"node_nm\": %.0f, \"scale_to_32nm\": %.6f, ", p->node_nm,
            p->scale);
    fprintf(f, "\"hash_sram_um2\": %.1f, \"hash_logic_um2\": %.1f, \"lines\": [", p->hash_sram_um2,
            p->hash_logic_um2);
    for (int i = 0; i < IRHW_IRU_PART_LINES; i++) {
        const irhw_iru_part_line *l = &p->line[i];
        fprintf(f,
                "%s\n    {\"key\": \"%s\", \"paper_kb\": %.1f, \"words\": %u, \"width\": %u, "
                "\"ports\": \"%s\", \"um2\": %.1f, \"mm2_32nm\": %.4f}",
                i ? "," : "", l->key, l->paper_kb, l->words, l->width, l->words ? "1rw" : "synth",
                l->um2, l->mm2_32nm);
    }
    fprintf(f,
            "],\n    \"paper_kb\": %.1f, \"total_um2\": %.1f, \"total_mm2_32nm\": %.4f, "
            "\"paper_mm2_32nm\": %.2f, \"paper_over_ours\": %.3f,\n",
            p->paper_kb, p->total_um2, p->total_mm2_32nm, IRHW_IRU_PAPER_PART_MM2,
            IRHW_IRU_PAPER_PART_MM2 / p->total_mm2_32nm);
    if (isnan(p->pct_gpu_4))
        fputs("    \"pct_gtx980_4_partitions\": null, ", f);
    else
        fprintf(f, "    \"pct_gtx980_4_partitions\": %.4f, ", p->pct_gpu_4);
    fprintf(f,
            "\"paper_pct_gtx980\": 5.6, \"paper_um2_per_bit_32nm\": %.3f, "
            "\"ours_um2_per_bit_32nm\": %.4f,\n    \"bracket_mm2_32nm\": {",
            p->paper_um2_per_bit, p->ours_um2_per_bit);
    for (int k = 0; k < IRHW_IRU_PORT_ORGS; k++)
        fprintf(f, "%s\"%s\": %.4f", k ? ", " : "", port_names[k], p->ports_total_mm2_32nm[k]);
    fputs("}}", f);
}
