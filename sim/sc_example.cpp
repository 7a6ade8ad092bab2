// sc_example.cpp — how to put an irhw C golden model into your own SystemC
// design: one worklist bank (wl_bank, 8 entries of 16 b) wrapped as an
// sc_module, bound to sc_signals, clocked by an sc_clock and driven by a
// clocked testbench thread that fills the bank, overflows it and drains it,
// checking FIFO order and the status outputs. Exit status 0 = every check
// held. Built and run by `make test` (Makefile, "SystemC" section):
//
//   bin/irhw gen wl_bank -p ENTRIES=8 -p ID_BITS=16 -p THRESHOLD=2 --systemc -o DIR
//   g++ -std=gnu++17 $(pkg-config --cflags systemc) -Imodel -IDIR sim/sc_example.cpp
//       build/libirhw.a $(pkg-config --libs systemc) -ldl -lm
//
// The wrapper's ports have the RTL's names and the types verilator --sc
// gives them (bool, uint32_t, uint64_t, sc_bv<W>), so the Verilated RTL of
// the same configuration binds to the same signals.
#include <cstdio>
#include <systemc>

#include "wl_bank_e8_w16_t2_flops_sc.h"

using namespace sc_core;

// A lane that talks to the bank: inputs written on a rising edge act in that
// cycle; the bank's outputs read on the next rising edge are that cycle's.
SC_MODULE(lane_tb) {
    sc_in<bool> clk;
    sc_out<bool> rst, cfg_en, cfg_double, push, pull, swap, rd_take, rd_put;
    sc_out<uint32_t> push_id, rd_put_id;
    sc_in<bool> push_ok, spill, pull_ok, pull_valid, empty, full, greedy;
    sc_in<uint32_t> pull_id, count;
    int errors = 0, checks = 0;
    bool done = false;

    SC_CTOR(lane_tb)
    {
        SC_CTHREAD(run, clk.pos());
    }

    void expect(bool ok, const char *what, unsigned long got, unsigned long want)
    {
        checks++;
        if (!ok) {
            errors++;
            std::printf("FAIL at %s: %s = %lu, expected %lu\n", sc_time_stamp().to_string().c_str(),
                        what, got, want);
        }
    }
    void idle()
    {
        push.write(false);
        pull.write(false);
    }
    void run()
    {
        rst.write(true);
        idle();
        wait(2);
        rst.write(false);
        wait();
        expect(empty.read(), "empty after reset", empty.read(), 1);
        // fill: 8 pushes accepted, the 9th spills
        for (unsigned i = 0; i < 9; i++) {
            push.write(true);
            push_id.write(0x1000 + i);
            wait();
            bool last = i == 8;
            expect(push_ok.read() == !last, "push_ok", push_ok.read(), !last);
            expect(spill.read() == last, "spill", spill.read(), last);
        }
        idle();
        wait();
        expect(count.read() == 8 && full.read() && greedy.read(), "count (full, greedy)",
               count.read(), 8);
        std::printf("sc_example: bank full: count=%u full=%d greedy=%d\n", count.read(),
                    (int)full.read(), (int)greedy.read());
        // drain: IDs come back in push order, in the cycle of the pull (flops)
        std::printf("sc_example: pulled");
        for (unsigned i = 0; i < 8; i++) {
            pull.write(true);
            wait();
            expect(pull_ok.read() && pull_valid.read(), "pull_valid", pull_valid.read(), 1);
            expect(pull_id.read() == 0x1000 + i, "pull_id", pull_id.read(), 0x1000 + i);
            std::printf(" %#x", pull_id.read());
        }
        std::printf("\n");
        idle();
        wait();
        expect(empty.read() && count.read() == 0, "empty after draining", count.read(), 0);
        done = true;
        sc_stop();
    }
};

int sc_main(int, char **)
{
    sc_clock clk("clk", 10, SC_NS);
    sc_signal<bool> rst("rst"), cfg_en("cfg_en"), cfg_double("cfg_double"), push("push"),
        pull("pull"), swap("swap"), rd_take("rd_take"), rd_put("rd_put");
    sc_signal<uint32_t> push_id("push_id"), rd_put_id("rd_put_id"), pull_id("pull_id"),
        rd_id("rd_id"), count("count");
    sc_signal<bool> cfg_ok("cfg_ok"), push_ok("push_ok"), spill("spill"), pull_ok("pull_ok"),
        pull_valid("pull_valid"), swap_ok("swap_ok"), rd_take_ok("rd_take_ok"),
        rd_put_ok("rd_put_ok"), rd_valid("rd_valid"), double_mode("double_mode"),
        empty("empty"), full("full"), greedy("greedy"), idle("idle");

    // The model of this configuration, found in libirhw's block registry.
    wl_bank_e8_w16_t2_flops_sc bank("bank");
    bank.clk(clk);
    bank.rst(rst);
    bank.cfg_en(cfg_en);
    bank.cfg_double(cfg_double);
    bank.push(push);
    bank.push_id(push_id);
    bank.pull(pull);
    bank.swap(swap);
    bank.rd_take(rd_take);
    bank.rd_put(rd_put);
    bank.rd_put_id(rd_put_id);
    bank.cfg_ok(cfg_ok);
    bank.push_ok(push_ok);
    bank.spill(spill);
    bank.pull_ok(pull_ok);
    bank.pull_valid(pull_valid);
    bank.pull_id(pull_id);
    bank.swap_ok(swap_ok);
    bank.rd_take_ok(rd_take_ok);
    bank.rd_put_ok(rd_put_ok);
    bank.rd_valid(rd_valid);
    bank.rd_id(rd_id);
    bank.double_mode(double_mode);
    bank.count(count);
    bank.empty(empty);
    bank.full(full);
    bank.greedy(greedy);
    bank.idle(idle); // both halves empty (a core's wlcfg); unused here

    lane_tb tb("tb");
    tb.clk(clk);
    tb.rst(rst);
    tb.cfg_en(cfg_en);
    tb.cfg_double(cfg_double);
    tb.push(push);
    tb.pull(pull);
    tb.swap(swap);
    tb.rd_take(rd_take);
    tb.rd_put(rd_put);
    tb.push_id(push_id);
    tb.rd_put_id(rd_put_id);
    tb.push_ok(push_ok);
    tb.spill(spill);
    tb.pull_ok(pull_ok);
    tb.pull_valid(pull_valid);
    tb.empty(empty);
    tb.full(full);
    tb.greedy(greedy);
    tb.pull_id(pull_id);
    tb.count(count);

    sc_start(1, SC_US);
    if (!tb.done)
        std::printf("FAIL: the testbench did not finish\n");
    std::printf("sc_example: %d checks, %d failed\n", tb.checks, tb.errors);
    return tb.errors || !tb.done ? 1 : 0;
}
