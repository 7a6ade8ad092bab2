/*
 * fuzz_liberty.c — libFuzzer target of the liberty readers: the filter of
 * `irhw area|power --liberty` (area/liberty.c, area_filter_liberty: the
 * library name, the cells kept, flip-flops, buffer, areas), then, when it
 * keeps the file, the gate simulator's reader of cell functions and ff
 * groups (area/gatesim.c, irhw_gsim_load) on a small netlist of the
 * default library's cells, as a power run reads cells.lib. Built and run
 * by `make fuzz`.
 */
#include "fuzz_file.h"

#include "area_int.h"
#include "gatesim.h"

/* One of each kind of cell: an inverter, a NAND, a flip-flop. */
static const char netlist_v[] = "module top(clk, a, b, y, q);\n"
                                "  input clk;\n  input a;\n  input b;\n  output y;\n  output q;\n"
                                "  wire n1;\n"
                                "  INV_X1 u1 (.A(a), .ZN(n1));\n"
                                "  NAND2_X1 u2 (.A1(n1), .A2(b), .ZN(y));\n"
                                "  DFF_X1 u3 (.D(y), .CK(clk), .Q(q));\n"
                                "endmodule\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char netlist[64];
    char path[64], out[64], err[IRHW_ERRLEN];
    if (!netlist[0]) {
        snprintf(netlist, sizeof netlist, "/tmp/irhw-fuzz-netlist.%d.v", (int)getpid());
        FILE *f = fopen(netlist, "w");
        if (!f || fputs(netlist_v, f) < 0 || fclose(f)) {
            perror("irhw fuzz: netlist");
            abort();
        }
    }
    int fd = fuzz_file(data, size, path, sizeof path);
    snprintf(out, sizeof out, "/tmp/irhw-fuzz-liberty.%d.lib", (int)getpid());
    lib_info li = {0};
    if (area_filter_liberty(path, out, &li, err, sizeof err) == 0)
        irhw_gsim_free(irhw_gsim_load(out, netlist, "top", "clk", err, sizeof err));
    area_strlist_free(&li.seq);
    unlink(out);
    close(fd);
    return 0;
}
