/*
 * sram_model.c — analytic area of a 1rw SRAM macro (words x width bits),
 * used to price the irhw_sram_1rw black boxes that synthesis leaves alone.
 *
 * The model counts everything in units of the 6T bit-cell area A of the
 * node, so that periphery scales with the array like a real compiler's:
 *
 *   area = A * ( 1.1 * R*C           bit-cell array, +10 % for strap/tap
 *                                    rows and dummy edge cells
 *              + 20 * R              row decoder + word-line drivers
 *                                    (a strip ~20 cell widths wide per row)
 *              + 12 * C              precharge, bit-line column mux
 *                                    (~12 cell heights per column)
 *              + 60 * width          sense amplifier, write driver and
 *                                    data-in/out latch per I/O bit
 *              + 50 * abits          address latch/predecode per address bit
 *              + 2000 )              fixed control: clock, timing, bank logic
 *
 * with R = ceil(words / m) rows and C = width * m columns for a column-mux
 * factor m in {1, 2, 4, 8, 16}; the model takes the m giving the smallest
 * area, as a memory compiler picks the folding that keeps the macro close
 * to square. Each term is non-decreasing in words and in width, and the
 * minimum of non-decreasing functions is non-decreasing, so the area is
 * monotonic in both.
 *
 * Bit-cell area A (µm²):
 *   45 nm : 0.346 — 6T cell of 45 nm-class processes as published for
 *           FreePDK45-based studies (CACTI/NVSim-style 45 nm cell, ~170 F²).
 *   130 nm: 1.896 — the sky130 SRAM cell used by OpenRAM for sky130
 *           (about 1.2 µm x 1.58 µm).
 *   other : 0.346 * (node / 45)² (constant cell size in F²).
 * The periphery coefficients are first-order figures chosen so that array
 * efficiency (bit cells / total) is ~5-15 % for tiny macros and ~70-85 % for
 * large ones, as published compilers (OpenRAM, commercial datasheets) show;
 * they are not fitted to any one macro.
 *
 * Sanity figures (A = bit cell, efficiency in brackets):
 *   45 nm  32 x 24   (768 b):    ≈ 1.9e3 µm² (14 %); the same 768 b as
 *                                flip-flops with write enable and read mux
 *                                cost ≈ 6.2e3 µm² (8 µm² a bit, measured:
 *                                wl_bank ENTRIES=32 ID_BITS=24 on
 *                                irhw_45nm_approx).
 *   45 nm  1024 x 32 (32 kb):    ≈ 1.6e4 µm² (71 %).
 *   45 nm  256 x 2560 (655 kb):  ≈ 3.2e5 µm² (72 %).
 *   sky130 32 x 24:              ≈ 1.0e4 µm².
 */
#include "area.h"

#include <math.h>

#define SRAM_ARRAY_OVERHEAD 1.1
#define SRAM_ROW_CELLS 20.0
#define SRAM_COL_CELLS 12.0
#define SRAM_IO_CELLS 60.0
#define SRAM_ADDR_CELLS 50.0
#define SRAM_CTRL_CELLS 2000.0

/* ceil(log2(x)), 0 for x <= 1. */
static unsigned addr_bits(unsigned x)
{
    unsigned b = 0;
    while (b < 32 && ((uint64_t)1 << b) < x)
        b++;
    return b;
}

double irhw_sram_bitcell_um2(unsigned node_nm)
{
    if (node_nm == 45)
        return 0.346;
    if (node_nm == 130)
        return 1.2 * 1.58;
    double s = (double)node_nm / 45.0;
    return 0.346 * s * s;
}

/* Macro area in 6T bit-cell units for one column-mux factor; a cell of
 * `cell` 6T cells and `ports` sets of periphery. */
static double cells_for_mux(unsigned words, unsigned width, unsigned mux, double cell,
                            unsigned ports)
{
    double rows = (double)((words + mux - 1) / mux);
    double cols = (double)width * mux;
    double abits = (double)addr_bits(words);
    return SRAM_ARRAY_OVERHEAD * cell * rows * cols +
           ports * (SRAM_ROW_CELLS * rows + SRAM_COL_CELLS * cols + SRAM_IO_CELLS * width +
                    SRAM_ADDR_CELLS * abits) +
           SRAM_CTRL_CELLS;
}

/*
 * Multi-port cells (first order, the rule CACTI's multiported arrays
 * follow: every extra port adds a word line across the cell and a bit-line
 * pair along it). The 6T cell is taken as twice as wide as high (W =
 * sqrt(2A), H = sqrt(A/2)); each port beyond the first adds 2 wiring
 * tracks to W and 1 to H, a track being 3 x the node (a 45 nm metal-1
 * pitch of ~135 nm). At 45 nm: 1r1w (2 ports) 1.75 x the 6T cell, 2r2w
 * (4 ports) 3.9 x. An estimate of the kind, not a published cell.
 */
static double cell_factor(unsigned node_nm, unsigned ports)
{
    double a = irhw_sram_bitcell_um2(node_nm), t = 3.0 * node_nm * 1e-3;
    double w = sqrt(2 * a) + 2 * t * (ports - 1), h = sqrt(a / 2) + t * (ports - 1);
    return w * h / a;
}

double irhw_sram_area_ports_um2(unsigned words, unsigned width, unsigned node_nm, unsigned ports)
{
    if (words == 0 || width == 0 || node_nm == 0 || ports == 0)
        return 0.0;
    double cell = ports == 1 ? 1.0 : cell_factor(node_nm, ports);
    double best = cells_for_mux(words, width, 1, cell, ports);
    for (unsigned mux = 2; mux <= 16; mux *= 2) {
        double a = cells_for_mux(words, width, mux, cell, ports);
        if (a < best)
            best = a;
    }
    return best * irhw_sram_bitcell_um2(node_nm);
}

double irhw_sram_area_um2(unsigned words, unsigned width, unsigned node_nm)
{
    return irhw_sram_area_ports_um2(words, width, node_nm, 1);
}

/*
 * Energy per access, first order. Horowitz ("Computing's energy problem",
 * ISSCC 2014, 45 nm at 0.9 V) gives 10 pJ to read 64 bits from an 8 KB
 * SRAM, 20 pJ from 32 KB and about 100 pJ from 1 MB: the energy grows with
 * the square root of the capacity (bit- and word-line lengths). So
 *
 *   E(45 nm) = 10 pJ * (width / 64) * sqrt(words * width / 65536 bits)
 *
 * (10 pJ for 8 KB, 20 for 32 KB, 113 for 1 MB), with a floor of 0.05 pJ
 * per accessed bit for tiny arrays: a third of the 8 KB array's 0.16 pJ a
 * bit, for the sense amplifier, write driver and output latch, which do
 * not shrink with the array (an assumption, not a published figure). A write
 * is taken as costing the same as a read (full-swing bit lines on a
 * write, sensed partial swing on a read: CACTI's figures are within about
 * 20 % of each other for such arrays). Other nodes scale as C V^2:
 * (node / 45) * (V / 0.9)^2, with V = 1.8 V at 130 nm (sky130) and 0.9 V
 * otherwise.
 */
double irhw_sram_energy_pj(unsigned words, unsigned width, unsigned node_nm, int write)
{
    (void)write;
    if (words == 0 || width == 0 || node_nm == 0)
        return 0.0;
    double bits = (double)words * width;
    double e = 10.0 * ((double)width / 64.0) * sqrt(bits / 65536.0);
    if (e < 0.05 * width)
        e = 0.05 * width;
    double v = node_nm == 130 ? 1.8 : 0.9;
    return e * ((double)node_nm / 45.0) * (v / 0.9) * (v / 0.9);
}
