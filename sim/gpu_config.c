/*
 * gpu_config.c — the GPU-like machine's constants (gpu_core.h): the `-g`
 * table with each constant's range and source, the worklist names, the
 * checks of a configuration, and the lines a run prints of the machine
 * (vertices per core, the caches). The engine is in gpu_core.c.
 */
#include "gpu_core.h"

#include "irhw.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    unsigned def, lo, hi;
    const char *source;
} gc_tab[GC_N] = {
    [GC_WARPS] = {"WARPS", 48, 1, GPU_MAX_WARPS, "hardware warps per core (Table IV: 48)"},
    [GC_WARP_SIZE] = {"WARP_SIZE", 32, 1, GPU_MAX_WARP, "threads per warp (Fermi: 32)"},
    [GC_ISSUE] = {"ISSUE", 2, 1, 8, "issue slots per core per cycle (Table IV: 2)"},
    [GC_ALU_LAT] = {"ALU_LAT", 4, 1, 1000,
                    "cycles to the next instruction of the warp after an ALU one (chosen: "
                    "the paper gives no pipeline depth)"},
    [GC_WL_LAT] = {"WL_LAT", 2, 1, 1000,
                   "ideal worklists: cycles a pull or push takes (chosen: as hwwl's port, a "
                   "request and its answer)"},
    [GC_MEM_LAT] = {"MEM_LAT", 100, 1, 100000,
                    "cycles DRAM adds to a line that misses the caches (Table IV: 100-cycle DRAM; "
                    "GPGPU-Sim SM2_GTX480 -dram_latency 100, after the L2)"},
    [GC_CORE_BW] = {"CORE_BW", 1, 1, 64,
                    "lines a core's L1 port takes per cycle, hits and misses (chosen: one a "
                    "cycle)"},
    [GC_GLOBAL_BW] = {"GLOBAL_BW", 2, 1, 256,
                      "lines DRAM serves per cycle, all cores: L2 misses and write-backs (chosen: "
                      "about a GTX 480's 177 GB/s at 700 MHz in 128-byte lines)"},
    [GC_LINE] = {"LINE", 128, 4, 4096,
                 "bytes per line, L1 and L2 (GPGPU-Sim SM2_GTX480 -gpgpu_cache:dl1 and dl2: "
                 "128)"},
    [GC_PARTS] = {"PARTS", 6, 1, 64,
                  "memory partitions serving atomics (GTX 480: six memory partitions)"},
    [GC_ATOM_SVC] = {"ATOM_SVC", 2, 1, 1000,
                     "cycles one atomic holds its partition (chosen: same-address atomics "
                     "serialize there)"},
    [GC_BACKOFF] = {"BACKOFF", 16, 0, 100000,
                    "cycles a warp waits after a WAIT before it pulls again (chosen)"},
    [GC_LAUNCH] = {"LAUNCH", 0, 0, 1000000,
                   "cycles between kernels (host relaunch, hwwl's swap); chosen 0: kernel "
                   "launch overhead is not part of the paper's model"},
    [GC_CORES] = {"CORES", 4, 1, GPU_MAX_CORES,
                  "cores of the software and ideal worklists (Table IV: 4; hwwl: its own "
                  "-p CORES)"},
    [GC_CTA] = {"CTA", 256, 1, GPU_MAX_WARPS *GPU_MAX_WARP,
                "threads per thread block, dealt to the cores round-robin; whole warps, at most "
                "WARPS x WARP_SIZE (chosen: 256, a common CUDA block size; the paper gives none; "
                "not given, it shrinks to fit the warps; hwwl places its own)"},
    [GC_L1_KB] = {"L1_KB", 8, 0, 1024,
                  "L1 data cache per core, KiB (Table IV: 8 KB; 0: off); whole sets of "
                  "L1_WAYS x LINE bytes"},
    [GC_L1_WAYS] = {"L1_WAYS", 4, 1, 64, "L1 ways, LRU (Table IV: 4-way)"},
    [GC_L1_LAT] = {"L1_LAT", 35, 1, 100000,
                   "cycles the L1 adds to every load (GPGPU-Sim SM2_GTX480 -gpgpu_l1_latency 35; "
                   "the paper gives none)"},
    [GC_L2_KB] = {"L2_KB", 768, 0, 65536,
                  "shared L2, KiB (Table IV: 786 KB, GPGPU-Sim SM2_GTX480's 12 sub-partitions x "
                  "64 sets x 8 ways x 128 B = 786,432 bytes = 768 KiB; 0: off)"},
    [GC_L2_WAYS] = {"L2_WAYS", 8, 1, 64, "L2 ways, LRU (Table IV: 8-way)"},
    [GC_L2_LAT] = {"L2_LAT", 120, 1, 100000,
                   "cycles the L2 adds to a line that misses the L1, and to an atomic "
                   "(GPGPU-Sim SM2_GTX480 -gpgpu_l2_rop_latency 120; the paper gives none)"},
    [GC_L2_BW] = {"L2_BW", 12, 1, 256,
                  "lines the L2 serves per cycle, all cores (chosen: GPGPU-Sim SM2_GTX480's 12 "
                  "sub-partitions, -gpgpu_n_mem 6 x -gpgpu_n_sub_partition_per_mchannel 2, one "
                  "line each)"},
};

const char *const irhw_gpu_inst_names[GI_N] = {"alu", "pull", "push", "load", "atomic", "store"};

static const char *const wl_names[] = {
    "hwwl", "swwl", "topo", "ideal-fifo", "ideal-sort", "ideal-fifo-single", "ideal-sort-single"};
#define WL_KINDS ((int)(sizeof wl_names / sizeof wl_names[0]))

int irhw_wl_parse(const char *s)
{
    for (int i = 0; i < WL_KINDS; i++)
        if (!strcmp(s, wl_names[i]))
            return i;
    return -1;
}

const char *irhw_wl_name(int kind)
{
    return kind >= 0 && kind < WL_KINDS ? wl_names[kind] : "?";
}

void irhw_gpu_defaults(irhw_gpu_cfg *c)
{
    for (int i = 0; i < GC_N; i++)
        c->v[i] = gc_tab[i].def;
    c->given = 0;
}

int irhw_gpu_set(irhw_gpu_cfg *c, const char *nv, char *err, size_t errlen)
{
    const char *eq = strchr(nv, '=');
    size_t n = eq ? (size_t)(eq - nv) : strlen(nv);
    for (int i = 0; i < GC_N; i++) {
        if (strlen(gc_tab[i].name) != n || strncmp(nv, gc_tab[i].name, n))
            continue;
        uint64_t x;
        if (!eq || irhw_parse_uint(eq + 1, &x) || x < gc_tab[i].lo || x > gc_tab[i].hi)
            return irhw_err(err, errlen, "-g %s: %s must be a whole number %u..%u", nv,
                            gc_tab[i].name, gc_tab[i].lo, gc_tab[i].hi);
        c->v[i] = (unsigned)x;
        c->given |= 1u << i;
        return 0;
    }
    char names[512];
    size_t k = 0;
    for (int i = 0; i < GC_N && k < sizeof names; i++)
        k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "", gc_tab[i].name);
    return irhw_err(err, errlen, "-g %s: no such GPU model constant (NAME=VALUE, NAME one of %s)",
                    nv, names);
}

void irhw_gpu_help(FILE *f)
{
    for (int i = 0; i < GC_N; i++)
        fprintf(f, "    %-10s %6u  %u..%u\n      %s\n", gc_tab[i].name, gc_tab[i].def, gc_tab[i].lo,
                gc_tab[i].hi, gc_tab[i].source);
}

unsigned irhw_gpu_cta(const irhw_gpu_cfg *c)
{
    unsigned ws = c->v[GC_WARP_SIZE], core = c->v[GC_WARPS] * ws, cta = c->v[GC_CTA];
    if (c->given >> GC_CTA & 1)
        return cta;
    cta = cta < core ? cta : core;
    return cta >= ws ? cta / ws * ws : ws;
}

int irhw_gpu_check(const irhw_gpu_cfg *c, char *err, size_t errlen)
{
    unsigned ws = c->v[GC_WARP_SIZE], w = c->v[GC_WARPS], cta = c->v[GC_CTA];
    if ((c->given >> GC_CTA & 1) && (cta % ws || cta > w * ws))
        return irhw_err(err, errlen,
                        "-g CTA=%u: CTA must be a multiple of WARP_SIZE=%u, %u..%u (WARPS=%u x "
                        "WARP_SIZE=%u: a core's threads)",
                        cta, ws, ws, w * ws, w, ws);
    return 0;
}

void irhw_gpu_format(const irhw_gpu_cfg *c, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < GC_N && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%s=%u", i ? " " : "", gc_tab[i].name,
                              i == GC_CTA ? irhw_gpu_cta(c) : c->v[i]);
}

/* 1234567 -> "1,234,567" */
static const char *grouped(uint64_t x, char *buf, size_t len)
{
    char d[32];
    int n = snprintf(d, sizeof d, "%" PRIu64, x);
    size_t k = 0;
    for (int i = 0; i < n && k + 1 < len; i++) {
        if (i && (n - i) % 3 == 0 && k + 2 < len)
            buf[k++] = ',';
        buf[k++] = d[i];
    }
    buf[k] = 0;
    return buf;
}

static void print_cache(FILE *f, const char *name, uint64_t bytes, unsigned ways, uint64_t hits,
                        uint64_t misses)
{
    char a[32], b[32];
    if (!bytes) {
        fprintf(f, "%s off", name);
        return;
    }
    uint64_t n = hits + misses;
    fprintf(f, "%s %g KiB %u-way: %s hits, %s misses (%.1f %% hits)", name, (double)bytes / 1024,
            ways, grouped(hits, a, sizeof a), grouped(misses, b, sizeof b),
            n ? 100.0 * (double)hits / (double)n : 0.0);
}

void irhw_gpu_print_machine(FILE *f, const irhw_gpu_cfg *c, const irhw_gpu_stats *st)
{
    char a[32], b[32];
    fprintf(f, "  gpu: per core:");
    for (unsigned i = 0; i < st->cores; i++)
        fprintf(f, "%s%s", i ? " / " : " ", grouped(st->core_vertices[i], a, sizeof a));
    fprintf(f, " vertices; ");
    if (!st->single)
        fprintf(f, "largest frontier %s (kernel %" PRIu64 ")",
                grouped(st->max_frontier, a, sizeof a), st->max_frontier_k);
    else if (st->max_list)
        fprintf(f, "single-buffered, longest list %s", grouped(st->max_list, a, sizeof a));
    else
        fprintf(f, "single-buffered, one kernel");
    fprintf(f, " against %s threads a core", grouped(st->core_threads, b, sizeof b));
    if (st->cta)
        fprintf(f, " (blocks of %u)\n", st->cta);
    else
        fprintf(f, " (hwwl: every warp, the lanes' banks place the work)\n");
    fprintf(f, "  gpu: ");
    print_cache(f, "L1 (loads)", st->l1_bytes, st->l1_ways, st->l1_hits, st->l1_misses);
    fprintf(f, "; ");
    print_cache(f, "L2", st->l2_bytes, st->l2_ways, st->l2_hits, st->l2_misses);
    fprintf(f, "; DRAM lines read %s, written back %s\n", grouped(st->dram_reads, a, sizeof a),
            grouped(st->dram_writes, b, sizeof b));
}
