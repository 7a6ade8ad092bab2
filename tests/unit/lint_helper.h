/* lint_helper.h — one configuration's generated RTL through the three tools,
 * for the unit suites: verilator --lint-only -Wall, iverilog -g2005 and Yosys
 * (elaboration + check -assert, or full synthesis when `synth` is set). Leaf
 * cells come from rtl/ (-y, hierarchy -libdir; the SRAM is a black box).
 * Returns 0 when all pass, 1 when a tool is missing (msg names it: the
 * caller prints SKIP), -1 when one fails (msg names the log). */
#ifndef IRHW_LINT_HELPER_H
#define IRHW_LINT_HELPER_H

#include <stdio.h>
#include <stdlib.h>

#include "irhw.h"

static inline int irhw_lint(const irhw_inst *x, int synth, char *msg, size_t len)
{
    static const char *const tools[] = {"verilator", "iverilog", "yosys"};
    for (int i = 0; i < 3; i++) {
        char probe[96];
        snprintf(probe, sizeof probe, "command -v %s >/dev/null 2>&1", tools[i]);
        if (system(probe) != 0) {
            snprintf(msg, len, "%s not installed", tools[i]);
            return 1;
        }
    }
    char dir[] = "/tmp/irhw-lint.XXXXXX", path[256], err[IRHW_ERRLEN];
    const char *mod = x->module;
    if (!mkdtemp(dir))
        return snprintf(msg, len, "mkdtemp failed"), -1;
    char *v = irhw_generate(x, err, sizeof err);
    if (!v)
        return snprintf(msg, len, "generate: %s", err), -1;
    snprintf(path, sizeof path, "%s/%s.v", dir, mod);
    FILE *f = fopen(path, "w");
    if (!f) {
        free(v);
        return snprintf(msg, len, "cannot write %s", path), -1;
    }
    fputs(v, f);
    fclose(f);
    free(v);
    const char *rtl = IRHW_ROOT "/rtl";
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "cd %s && verilator --lint-only -Wall -y %s --top-module %s %s.v > lint.log 2>&1 && "
             "iverilog -g2005 -y %s -s %s -o /dev/null %s.v >> lint.log 2>&1 && "
             "yosys -q -p 'read_verilog %s.v; read_verilog -lib %s/irhw_sram_1rw.v; "
             "hierarchy -check -libdir %s -top %s; proc; %s %s%s check -assert' >> lint.log 2>&1",
             dir, rtl, mod, mod, rtl, mod, mod, mod, rtl, rtl, mod, synth ? "synth -top" : "",
             synth ? mod : "", synth ? ";" : "");
    if (system(cmd) != 0)
        return snprintf(msg, len, "%s: lint failed, see %s/lint.log", mod, dir), -1;
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : (snprintf(msg, len, "cannot remove %s", dir), -1);
}

#endif
