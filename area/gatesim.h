/*
 * gatesim.h — zero-delay gate-level simulation of a mapped netlist
 * (gatesim.c), for the activity of every net (power.c).
 *
 * The netlist is Yosys's write_verilog output on liberty cells, one module
 * or several (flattened as they are read); irhw_sram_1rw instances are
 * black boxes whose rdata bits are inputs like the top's input ports. Cell
 * functions come from the liberty: the `function` of each output pin and
 * `ff` groups (clocked_on, next_state, clear, preset); latches and other
 * state tables are refused. The caller binds every input bit to a byte that
 * holds its value (0 or 1), then drives the run: start once, then for each
 * step of the stimulus `edge` at a rising clock edge (the flip-flops take
 * their next state; the nets' values before it are the duty sample) and
 * `settle` after the inputs changed (every changed value propagated in
 * topological order, each net's toggles counted).
 */
#ifndef IRHW_GATESIM_H
#define IRHW_GATESIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct irhw_gsim irhw_gsim;

/* Reads the netlist (top module top) and the functions of the cells it
 * uses from the (uncompressed) liberty; clock names the top input port
 * every flip-flop must be clocked on. NULL and err on failure. */
irhw_gsim *irhw_gsim_load(const char *liberty, const char *netlist, const char *top,
                          const char *clock, char *err, size_t errlen);
void irhw_gsim_free(irhw_gsim *g);

/* Inputs: top input port bits but the clock ("push_id[3]", "rst") and the
 * SRAM macros' read data ("u_mem.rdata[5]"), named as a VCD below the
 * design's top names them. */
size_t irhw_gsim_inputs(const irhw_gsim *g);
const char *irhw_gsim_input_key(const irhw_gsim *g, size_t i);
void irhw_gsim_bind_input(irhw_gsim *g, size_t i, const unsigned char *val);

/* Flip-flops: the key of the net on their first output pin ("head1_q[0]",
 * "u_mem.mem[2][0]"). bind_flop gives the byte the state starts from
 * (read at start; unbound flip-flops start at 0). */
size_t irhw_gsim_flops(const irhw_gsim *g);
const char *irhw_gsim_flop_key(const irhw_gsim *g, size_t i);
void irhw_gsim_bind_flop(irhw_gsim *g, size_t i, const unsigned char *val);
/* "MODULE SIGNAL" of that net (names without backslashes), or NULL. */
const char *irhw_gsim_flop_origin(const irhw_gsim *g, size_t i);
uint64_t irhw_gsim_flop_toggles(const irhw_gsim *g, size_t i);

/* Output port bits ("pull_id[3]") and their toggles. */
size_t irhw_gsim_outputs(const irhw_gsim *g);
const char *irhw_gsim_output_key(const irhw_gsim *g, size_t i);
uint64_t irhw_gsim_output_toggles(const irhw_gsim *g, size_t i);

void irhw_gsim_start(irhw_gsim *g);
void irhw_gsim_edge(irhw_gsim *g);
void irhw_gsim_settle(irhw_gsim *g);
/* Ends the run (duty of the nets high at the end). */
void irhw_gsim_finish(irhw_gsim *g);

/* A flip-flop cell the netlist uses with no clear or preset, whose state
 * is its one data pin and one output pin is the state: 1 and its name and
 * clock, data and output pin names, else 0. */
int irhw_gsim_plain_flop(const irhw_gsim *g, char *cell, char *clk, char *d, char *q, size_t len);

/* Cells (standard cells, not macros), nets, gate evaluations so far, and
 * nets no cell or input drives (read as 0). */
void irhw_gsim_stats(const irhw_gsim *g, size_t *cells, size_t *nets, uint64_t *evals,
                     size_t *undriven);
/* One line per pin of every standard cell but those on the clock net:
 * "PATH/INSTANCE/PIN ACTIVITY DUTY" (OpenSTA's hierarchical pin name
 * without backslashes; activity = toggles per clock edge, duty = the edges
 * at which the net was 1 / edges). Returns the number of lines. */
size_t irhw_gsim_write_pins(const irhw_gsim *g, FILE *f);
/* Toggles of all nets together (internal flip-flop state excluded). */
uint64_t irhw_gsim_net_toggles(const irhw_gsim *g);

#endif
