/*
 * area.h — area (and critical path) of generated RTL: Yosys + ABC onto a
 * liberty, SRAM macros costed by an analytic SRAM area model, OpenSTA for
 * the longest register-to-register / port-to-port path.
 *
 * Storage arrays live in leaf modules from rtl/ (irhw_regfile_* for
 * flip-flops, irhw_sram_1rw for SRAM). Synthesis keeps hierarchy, so the
 * report can split logic from storage: flip-flop arrays are synthesized and
 * counted as storage; SRAM macros are black boxes priced by area/sram_model.
 */
#ifndef IRHW_AREA_H
#define IRHW_AREA_H

#include "irhw.h"

#define IRHW_AREA_MAX_PARTS 8

typedef struct irhw_area_req {
    const char *liberty;         /* NULL: irhw_default_liberty */
    const char *top;             /* top module name */
    const char *verilog;         /* file holding the generated design (leaf cells included) */
    const char *workdir;         /* scratch folder for scripts, logs, netlist */
    const irhw_storage *storage; /* from the block's storage() callback */
    int want_sta;                /* run OpenSTA for the critical path */
    double clock_ns;             /* clock period for STA (0: 1000 ns, i.e. unconstrained) */
    const char *sram_table;      /* NULL, or a user table of SRAM areas (sram_table.c) */
    int flat;                    /* one flat Yosys run instead of a cached one per module */
    int progress;                /* stage, module k of n and elapsed time on stderr */
    const char *cache_dir;       /* NULL: $IRHW_SYNTH_CACHE, else IRHW_ROOT/build/synth-cache */
    int ilm;  /* hierarchical run: time each module with its submodules' interface logic
                 models (cached), not the whole linked netlist */
    int etm;  /* hierarchical run: time each module with its submodules' extracted timing
                 models (liberty cells, cached), not the whole linked netlist */
    int jobs; /* hierarchical run: tools run side by side (0: 2) */
} irhw_area_req;

typedef struct irhw_area_res {
    char library[160];     /* library name as the report states it */
    char node[32];         /* "45 nm-class (approximate)", "130 nm (sky130hd)" */
    double logic_um2;      /* standard cells outside storage leaf modules */
    double ff_storage_um2; /* flip-flop storage leaf modules */
    double sram_um2;       /* SRAM macros from the SRAM area model */
    double total_um2;
    uint64_t storage_bits;
    unsigned long cells; /* standard cells in the whole design */
    unsigned long flops; /* of which flip-flops */
    int have_sta;
    double crit_ns; /* longest path delay, ns */
    char crit_from[128], crit_to[128];
    char netlist[512];     /* path of the gate-level netlist written (generic gates) */
    char sram_source[300]; /* where SRAM areas came from ("" = the analytic model) */
    /* Per part: every module the top instantiates (its whole subtree, SRAM
     * macros at the average price of the block's macros), and the top's own
     * cells. A block made of parts (hwwl_core: banks, WRU) reads its
     * breakdown here. */
    struct {
        char module[96];
        unsigned long count;
        double um2; /* all instances together */
    } parts[IRHW_AREA_MAX_PARTS];
    unsigned nparts;
    double own_um2; /* cells of the top module itself */
} irhw_area_res;

/* Reads the liberty lib (maybe gzipped) as a run does, in a private
 * folder: 0; IRHW_EINPUT when it is not a usable one (empty, binary, cut
 * gzip data, no library group, no usable cells, no cell areas); -1. */
int irhw_liberty_check(const char *lib, char *err, size_t errlen);

/* The default liberty of area, timing and power alike: sky130hd
 * (IRHW_SKY130_LIB in ../shared/data/liberty/ beside the source tree) when
 * it is there, the one library at hand with power data; else the shipped
 * area/default_45nm.lib, which has none (power is then refused). */
#define IRHW_SKY130_LIB "sky130_fd_sc_hd__tt_025C_1v80.lib.gz"
void irhw_default_liberty(char *path, size_t len);
/* Runs Yosys (and OpenSTA when asked). 0, or -1 with a message;
 * IRHW_EINPUT when the liberty is not a usable one (exit 2). */
int irhw_area_run(const irhw_area_req *q, irhw_area_res *r, char *err, size_t errlen);

/* SRAM area model: µm² of one macro of words x width bits at a node. */
double irhw_sram_area_um2(unsigned words, unsigned width, unsigned node_nm);
/* The model's 6T bit cell at a node, µm². */
double irhw_sram_bitcell_um2(unsigned node_nm);
/* A macro with `ports` ports (1: 1rw; 2: 1r1w; 4: 2r2w): each port beyond
 * the first widens and heightens the cell by wiring tracks and has its own
 * decoder, column periphery and I/O (area/sram_model.c). ports = 1 gives
 * irhw_sram_area_um2. */
double irhw_sram_area_ports_um2(unsigned words, unsigned width, unsigned node_nm, unsigned ports);

/* SRAM macros of st priced from a user table "words width um2" per line
 * (types not in it by the model); where the areas came from in source. */
int irhw_sram_table_price(const char *path, const irhw_storage *st, unsigned node, double *um2,
                          char *source, size_t slen, char *err, size_t errlen);

/* Report writers: text and JSON, with the block's paper comparison. */
void irhw_area_print(FILE *f, const irhw_block *b, const irhw_cfg *c, const irhw_area_res *r,
                     const irhw_note *notes, int nnotes);
void irhw_area_print_json(FILE *f, const irhw_block *b, const irhw_cfg *c, const irhw_area_res *r,
                          const irhw_note *notes, int nnotes);

/* The whole IRU partition of the IRU paper's Table 1 (80 KB hash, 2 KB
 * request FIFO, 1.7 KB prefetch buffer, 1.2 KB classifier buffer, 2.8 KB
 * ring buffering), priced beside the paper's 5.98 mm2 per partition at
 * 32 nm (CACTI): the hash is the synthesized iru_hash (its SRAM macros and
 * its logic), each buffer one SRAM macro of the SRAM model at the hash's
 * node (single-port 1rw, the model's only organisation); everything is
 * scaled to 32 nm by (32/node)^2. area/iru_partition.c. */
#define IRHW_IRU_PART_LINES 5
#define IRHW_IRU_PAPER_PART_MM2 5.98
#define IRHW_IRU_PORT_ORGS 3 /* SRAM organisations of the bracket: 1rw, 1r1w, 2r2w */
typedef struct {
    const char *key;  /* stable JSON key */
    const char *what; /* "request FIFO" */
    double paper_kb;  /* Table 1 */
    unsigned words;   /* SRAM rows x width priced (0 for the hash: synthesized) */
    unsigned width;
    const char *org;   /* the organisation and why */
    const char *cacti; /* what CACTI includes here that this estimate does not */
    double um2;        /* at the hash's node */
    double mm2_32nm;   /* scaled */
    double ports_mm2_32nm[IRHW_IRU_PORT_ORGS]; /* the bracket: 1rw, 1r1w, 2r2w */
} irhw_iru_part_line;
typedef struct {
    double node_nm, scale; /* the hash's node, (32/node)^2 */
    double hash_sram_um2, hash_logic_um2;
    irhw_iru_part_line line[IRHW_IRU_PART_LINES];
    double paper_kb, total_um2, total_mm2_32nm;
    double pct_gpu_4;         /* 4 partitions' share of a GTX 980 (irhw_gpu_share_pct) */
    double paper_um2_per_bit; /* 5.98 mm2 over Table 1's bits */
    double ours_um2_per_bit;  /* at 32 nm */
    double ports_total_mm2_32nm[IRHW_IRU_PORT_ORGS]; /* every SRAM at 1rw, 1r1w, 2r2w */
} irhw_iru_partition;

/* Prices the partition around a hash of hash_um2 in total (of which
 * hash_sram_um2 SRAM) on node; -1 with the reason in err when there is no
 * hash area or the node is unknown. */
int irhw_iru_partition_price(double hash_um2, double hash_sram_um2, const char *node,
                             irhw_iru_partition *p, char *err, size_t errlen);
/* The section `irhw area iru_hash` prints, and its "iru_partition" JSON
 * member (no trailing comma or newline). */
void irhw_iru_partition_print(FILE *f, const irhw_iru_partition *p);
void irhw_iru_partition_json(FILE *f, const irhw_iru_partition *p);

/* ---- power (power.c) ---- */

#define IRHW_POWER_MAX_SRAMS 64
#define IRHW_POWER_MAX_PARTS 64
#define IRHW_POWER_MAX_PORTS 64

typedef struct irhw_power_req {
    const char *workdir;  /* the area run's work folder (sta_netlist.v) */
    const char *liberty;  /* NULL: irhw_default_liberty */
    const char *top;      /* top module */
    const char *vcd;      /* cosim --wave-depth 99 trace of the run */
    double clock_mhz;     /* power at this clock */
    unsigned node;        /* SRAM energy model's node, nm */
    const char *op_ports; /* space-separated output ports: an operation per bit
                             high at a clock edge; NULL: energy per cycle */
    const char *ports;    /* space-separated ports whose toggles the result lists */
} irhw_power_req;

typedef struct irhw_power_res {
    uint64_t cycles;
    double clock_mhz;
    double internal_w, switching_w, leakage_w; /* OpenSTA, standard cells */
    double seq_w, comb_w;                      /* registers vs logic (OpenSTA's groups) */
    double sram_w, total_w;                    /* SRAM macros; all together */
    uint64_t ops;                              /* operations (op_ports), 0: per cycle */
    double energy_op_pj;                       /* per operation (or per cycle) */
    struct {
        char name[96];             /* top-level instance, its generate indices as [*]
                                      (g_bank[*].u_bank), or "(own logic)" */
        unsigned count;            /* instances of that name */
        double w;                  /* all of them */
        double min_w, max_w;       /* one instance's least and most */
    } parts[IRHW_POWER_MAX_PARTS]; /* the last is "(other parts)" when more */
    unsigned nparts;
    struct {
        char path[96];
        unsigned words, width;
        uint64_t reads, writes;
        double read_pj, write_pj;
    } srams[IRHW_POWER_MAX_SRAMS];
    unsigned nsrams;
    struct {
        char name[96];
        unsigned width;
        uint64_t toggles, high; /* all bits together */
    } ports[IRHW_POWER_MAX_PORTS];
    unsigned nports;
    unsigned long ffs, ffs_matched, inputs_matched; /* netlist flip-flops; matched to traced
                                                       register bits; input port bits */
    uint64_t reg_toggles; /* toggles of the matched register bits (the trace's, checked) */
    /* gate-level simulation of the mapped netlist (gatesim.c) */
    unsigned long cells, nets, undriven, outputs_checked; /* undriven: nets read as 0 */
    unsigned long ffs_recoded;    /* of state registers Yosys re-encoded: not compared */
    unsigned long pins, pins_set; /* pins given activity; those OpenSTA took */
    uint64_t net_toggles, gate_evals;
    double gsim_s; /* its time (netlist, liberty, trace, simulation), s */
    char tcl[512]; /* the OpenSTA script written */
} irhw_power_res;

/* The clock power is given at: want_mhz when the critical path (crit_ns,
 * 0: none found) meets it, else fmax = 1000 / crit_ns. */
double irhw_power_clock_mhz(double want_mhz, double crit_ns);

/* 1 if the liberty (maybe gzipped) has internal or leakage power data,
 * 0 if not, -1 if it cannot be read. */
int irhw_liberty_has_power(const char *liberty, char *err, size_t errlen);
/* Reads the trace path (a cosim --wave-depth 99 VCD) as irhw_power_run
 * does: 0; IRHW_EINPUT when it is not a whole, well-formed VCD of a design
 * below irhw_tb.dut with a clock that rises (a directory, empty, binary,
 * a header cut short or malformed, a body line that is no value change of
 * a declared identifier, a last line cut short); -1 when it cannot be read
 * (the OS error). Memory: about 100 bytes per declared bit, at most
 * max(2^17, its size in bytes) bits. */
int irhw_vcd_check(const char *path, char *err, size_t errlen);
/* Toggles, duty and SRAM accesses from the trace; OpenSTA's report_power on
 * the area run's netlist; SRAM energy. 0, or -1 with a message;
 * IRHW_EINPUT when the trace is not a whole, well-formed VCD (exit 2). */
int irhw_power_run(const irhw_power_req *q, irhw_power_res *r, char *err, size_t errlen);
/* SRAM energy per access (pJ) of a words x width macro at a node
 * (sram_model.c says where it comes from); write: 1, read: 0. */
double irhw_sram_energy_pj(unsigned words, unsigned width, unsigned node_nm, int write);
void irhw_power_print(FILE *f, const irhw_power_res *r, const char *op_name);
void irhw_power_print_json(FILE *f, const irhw_power_res *r, const char *op_name);

#endif
