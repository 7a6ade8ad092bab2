/*
 * Tests of the FIFO leaf (rtl/irhw_fifo.v) and its C twin (model/fifo.c):
 * directed scenarios as cycle tables, run on the C model and on the
 * Verilated RTL — fill to full, a pop freeing room only the next cycle,
 * push and pop together, the one-entry branch, reset.
 */
#include "check_main.h"
#include "fifo.h"
#include "scenario_check.h"

static const irhw_step fill_and_drain[] = {
    {"", "full=0 valid=0 head=0"},
    {"push=1 din=0x11", "full=0 valid=0"},
    {"push=1 din=0x22", "valid=1 head=0x11"},
    {"push=1 din=0x33", "valid=1 head=0x11 full=0"},
    {"", "full=1 head=0x11"},      /* three of three */
    {"pop=1", "full=1 head=0x11"}, /* room only after the edge */
    {"push=1 din=0x44", "full=0 head=0x22"},
    {"pop=1", "full=1 head=0x22"},
    {"pop=1", "head=0x33 full=0"},
    {"pop=1", "head=0x44"},
    {"", "valid=0 head=0 full=0"},
};

static const irhw_step push_and_pop_together[] = {
    {"push=1 din=7", ""},
    {"push=1 din=8 pop=1", "valid=1 head=7"},
    {"push=1 din=9 pop=1", "valid=1 head=8"},
    {"pop=1", "valid=1 head=9"},
    {"", "valid=0"},
};

static const irhw_step one_entry[] = {
    {"push=1 din=1", "full=0 valid=0"},
    {"", "full=1 valid=1 head=1"},
    {"pop=1", "full=1 head=1"}, /* full is registered: no refill in this cycle */
    {"push=1 din=2", "full=0 valid=0"},
    {"", "full=1 head=2"},
    {"rst=1", "full=1"},
    {"", "full=0 valid=0 head=0"},
};

static const irhw_scenario fifo_scenarios[] = {
    {"fills_to_full_and_a_pop_frees_room_the_next_cycle", "WIDTH=8 DEPTH=3",
     IRHW_STEPS(fill_and_drain)},
    {"push_and_pop_in_one_cycle_keep_the_order", "WIDTH=8 DEPTH=2",
     IRHW_STEPS(push_and_pop_together)},
    {"one_entry_is_a_register_without_pointers", "WIDTH=4 DEPTH=1", IRHW_STEPS(one_entry)},
};

int main(void)
{
    Suite *s = suite_create("fifo");
    irhw_check_scenarios(s, &irhw_block_fifo, fifo_scenarios,
                         sizeof fifo_scenarios / sizeof fifo_scenarios[0]);
    return irhw_check_run(s);
}
