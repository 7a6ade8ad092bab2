/*
 * scgen.c — generates the SystemC wrapper of a block's C model and the
 * SystemC co-simulation shim from the block description (see scgen.h).
 *
 * Decisions:
 * - The wrapper is one SC_METHOD sensitive to clk's rising edge and to every
 *   input. On a rising edge it first calls model_tick with the inputs as they
 *   are in that delta cycle (the values before the edge, as a flip-flop
 *   samples them), then model_eval; on an input change only model_eval. So
 *   outputs follow the state after the edge and, through combinational
 *   paths, every input change, one delta cycle later like the Verilated RTL.
 *   It runs once at initialisation too, so outputs are defined from time 0.
 * - The C model is reached through the `const irhw_block *` function
 *   pointers given to the constructor; its default looks the block up by
 *   name (irhw_find_block, in libirhw), the co-simulation passes the host's
 *   pointer, so the shim's shared object does not link libirhw.
 * - The configuration is baked into the header (the module name encodes
 *   it); the constructor checks parameter count, validate() and every port's
 *   name, direction and width against the description, and reports a
 *   difference with SC_REPORT_ERROR rather than simulating the wrong thing.
 * - Inputs are masked to their width (an sc_signal<uint32_t> can carry more).
 * - Co-simulation: an sc_clock of 10 ns, rising edges at 10n+5 ns. The host
 *   drives cycle n's inputs at 10n+1 ns and runs 1 ns (every delta cycle of
 *   both models settles), compares, then runs 9 ns across the rising and
 *   falling edges. Untraced, the irhw_tb wrapper's exp_* inputs are tied to
 *   constant signals so the model's output changes do not wake the RTL.
 */
#include "scgen.h"
#include "vshim.h" /* the wrapper irhw_tb: IRHW_TB_CYCLE_BITS */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *irhw_sc_type(unsigned width, char *buf, size_t len)
{
    if (width == 1)
        snprintf(buf, len, "bool");
    else if (width <= 32)
        snprintf(buf, len, "uint32_t");
    else if (width <= 64)
        snprintf(buf, len, "uint64_t");
    else
        snprintf(buf, len, "sc_dt::sc_bv<%u>", width);
    return buf;
}

void irhw_sc_class(const irhw_inst *x, char *buf, size_t len)
{
    snprintf(buf, len, "%s_sc", x->module);
}

long long irhw_sc_trace_time(unsigned long long cycle)
{
    return ((long long)cycle * 10 + 1) * 1000;
}

/* Statement(s) copying SystemC value `src` (sc_in/sc_signal of the port's
 * type) into word array `dst`. */
static void emit_to_words(FILE *f, const char *ind, const irhw_port *p, const char *src,
                          const char *dst)
{
    if (p->width == 1) {
        fprintf(f, "%s%s[%u] = %s.read() ? 1u : 0u;\n", ind, dst, p->off, src);
    } else if (p->width <= 64) {
        fprintf(f, "%s%s[%u] = (uint64_t)%s.read() & 0x%" PRIx64 "ull;\n", ind, dst, p->off, src,
                irhw_mask(p->width));
    } else {
        unsigned n32 = (p->width + 31) / 32, nw = irhw_words(p->width);
        fprintf(f, "%s{\n%s    const sc_dt::sc_bv_base &bv_ = %s.read();\n", ind, ind, src);
        fprintf(f, "%s    for (int k = 0; k < %u; k++) %s[%u + k] = 0;\n", ind, nw, dst, p->off);
        fprintf(f, "%s    for (int k = 0; k < %u; k++)\n", ind, n32);
        fprintf(
            f,
            "%s        %s[%u + k / 2] |= (uint64_t)(uint32_t)bv_.get_word(k) << (32 * (k %% 2));\n",
            ind, dst, p->off);
        if (p->width % 64)
            fprintf(f, "%s    %s[%u] &= 0x%" PRIx64 "ull;\n", ind, dst, p->off + nw - 1,
                    irhw_mask(p->width - 64 * (nw - 1)));
        fprintf(f, "%s}\n", ind);
    }
}

/* Statement(s) writing word array `src` to sc_out/sc_signal `dst`. */
static void emit_from_words(FILE *f, const char *ind, const irhw_port *p, const char *src,
                            const char *dst)
{
    if (p->width == 1) {
        fprintf(f, "%s%s.write(%s[%u] != 0);\n", ind, dst, src, p->off);
    } else if (p->width <= 32) {
        fprintf(f, "%s%s.write((uint32_t)%s[%u]);\n", ind, dst, src, p->off);
    } else if (p->width <= 64) {
        fprintf(f, "%s%s.write(%s[%u]);\n", ind, dst, src, p->off);
    } else {
        unsigned n32 = (p->width + 31) / 32;
        fprintf(f, "%s{\n%s    sc_dt::sc_bv<%u> bv_;\n", ind, ind, p->width);
        fprintf(f, "%s    for (int k = 0; k < %u; k++)\n", ind, n32);
        fprintf(
            f, "%s        bv_.set_word(k, (sc_dt::sc_digit)(%s[%u + k / 2] >> (32 * (k %% 2))));\n",
            ind, src, p->off);
        fprintf(f, "%s    %s.write(bv_);\n%s}\n", ind, dst, ind);
    }
}

/* ---- the model wrapper ---------------------------------------------------- */

char *irhw_sc_header(const irhw_inst *x)
{
    const irhw_block *b = x->b;
    const irhw_cfg *c = &x->c;
    const irhw_ports *ps = &x->ps;
    char *buf = NULL, cls[160], params[1024], ty[64];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    irhw_sc_class(x, cls, sizeof cls);
    irhw_cfg_format(b, c, " -p ", params, sizeof params);
    fprintf(f, "// %s.h — SystemC wrapper of the irhw C golden model of %s\n", cls, b->name);
    fprintf(f, "// (%s; %s). Generated by irhw %s from the block description:\n", b->title,
            b->paper, IRHW_VERSION);
    fprintf(f, "//   irhw gen %s -p %s --systemc\n", b->name, params);
    fprintf(f, "// Ports are named and typed like the Verilated RTL (verilator --sc): 1 bit bool,\n"
               "// 2..32 bits uint32_t, 33..64 bits uint64_t, wider sc_dt::sc_bv<W>. Clocked on\n"
               "// clk's rising edge, synchronous active-high reset by rst; outputs follow the\n"
               "// state after the edge and every input change (combinational paths), one delta\n"
               "// cycle later. Link libirhw (or pass the block description yourself).\n");
    char guard[200];
    snprintf(guard, sizeof guard, "%s_H", cls);
    for (char *p = guard; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    fprintf(f, "#ifndef %s\n#define %s\n\n", guard, guard);
    fprintf(f, "#include <cstdint>\n#include <cstdio>\n#include <cstring>\n#include <systemc>\n\n");
    fprintf(f, "extern \"C\" {\n#include \"irhw.h\"\n}\n\n");
    fprintf(f, "struct %s : public sc_core::sc_module {\n", cls);
    fprintf(f, "    sc_core::sc_in<bool> clk;\n");
    for (unsigned i = 0; i < ps->n; i++)
        fprintf(f, "    sc_core::sc_%s<%s> %s;\n", ps->p[i].dir == IRHW_IN ? "in" : "out",
                irhw_sc_type(ps->p[i].width, ty, sizeof ty), ps->p[i].name);
    fprintf(f, "\n    SC_HAS_PROCESS(%s);\n", cls);
    fprintf(f, "    // b: the block description (default: \"%s\" from the registry in libirhw).\n",
            b->name);
    fprintf(f,
            "    explicit %s(sc_core::sc_module_name nm,\n"
            "                const irhw_block *b = irhw_find_block(\"%s\"))\n"
            "        : sc_core::sc_module(nm), clk(\"clk\")",
            cls, b->name);
    for (unsigned i = 0; i < ps->n; i++)
        fprintf(f, ",\n          %s(\"%s\")", ps->p[i].name, ps->p[i].name);
    fprintf(f, ",\n          irhw_b_(b), irhw_m_(nullptr), irhw_x_()\n    {\n");
    fprintf(
        f, "        irhw_create();\n        SC_METHOD(irhw_step);\n        sensitive << clk.pos()");
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].dir == IRHW_IN)
            fprintf(f, " << %s", ps->p[i].name);
    fprintf(f, ";\n    }\n");
    fprintf(f,
            "    ~%s() override\n    {\n        if (irhw_m_)\n"
            "            irhw_b_->model_free(irhw_m_);\n"
            "        irhw_inst_free(&irhw_x_);\n    }\n",
            cls);
    fprintf(f, "    // The C model instance (for b->model_stats and the like).\n"
               "    void *model() const { return irhw_m_; }\n"
               "    const char *kind() const override { return \"irhw_model\"; }\n\n");
    fprintf(f,
            "  private:\n    const irhw_block *irhw_b_;\n    void *irhw_m_;\n"
            "    irhw_inst irhw_x_;\n"
            "    uint64_t irhw_in_[%u], irhw_out_[%u];\n\n",
            ps->in_words + 1, ps->out_words + 1);

    /* construction: baked configuration, checked against the description */
    fprintf(f, "    void irhw_fail(const char *what)\n    {\n        char msg[640];\n"
               "        std::snprintf(msg, sizeof msg, \"%%s: %%s\", name(), what);\n"
               "        SC_REPORT_ERROR(\"irhw\", msg);\n    }\n");
    fprintf(f, "    void irhw_create()\n    {\n");
    fprintf(f, "        static const int64_t cfg[%u] = {", b->nparams ? b->nparams : 1);
    for (unsigned i = 0; i < b->nparams; i++)
        fprintf(f, "%s%" PRId64, i ? ", " : "", c->v[i]);
    if (!b->nparams)
        fprintf(f, "0");
    fprintf(f, "};\n");
    fprintf(
        f,
        "        static const struct { const char *name; int out; unsigned width; } port[%u] = {\n",
        ps->n);
    for (unsigned i = 0; i < ps->n; i++)
        fprintf(f, "            {\"%s\", %d, %u},\n", ps->p[i].name, ps->p[i].dir == IRHW_OUT,
                ps->p[i].width);
    fprintf(f, "        };\n");
    fprintf(
        f,
        "        if (!irhw_b_ || std::strcmp(irhw_b_->name, \"%s\") != 0 || irhw_b_->nparams != "
        "%u)\n"
        "            return irhw_fail(\"needs the description of block %s (%u parameters)\");\n",
        b->name, b->nparams, b->name, b->nparams);
    fprintf(f,
            "        irhw_cfg c;\n"
            "        std::memset(&c, 0, sizeof c);\n"
            "        std::memcpy(c.v, cfg, %u * sizeof cfg[0]);\n"
            "        c.set = ~0u; // every value is baked: nothing is derived again\n"
            "        char err[IRHW_ERRLEN];\n"
            "        if (irhw_inst_init(&irhw_x_, irhw_b_, &c, err, sizeof err))\n"
            "            return irhw_fail(err);\n"
            "        const irhw_ports &irhw_ps_ = irhw_x_.ps;\n"
            "        if (irhw_ps_.n != %u || irhw_ps_.in_words != %u || irhw_ps_.out_words != %u)\n"
            "            return irhw_fail(\"the block's ports differ from this header: regenerate "
            "it\");\n"
            "        for (unsigned i = 0; i < %u; i++)\n"
            "            if (std::strcmp(irhw_ps_.p[i].name, port[i].name) != 0 ||\n"
            "                (irhw_ps_.p[i].dir == IRHW_OUT) != port[i].out ||\n"
            "                irhw_ps_.p[i].width != port[i].width)\n"
            "                return irhw_fail(\"the block's ports differ from this header: "
            "regenerate it\");\n"
            "        irhw_m_ = irhw_b_->model_new(&irhw_x_);\n"
            "        if (!irhw_m_)\n"
            "            return irhw_fail(\"model_new failed\");\n"
            "        std::memset(irhw_in_, 0, sizeof irhw_in_);\n"
            "        std::memset(irhw_out_, 0, sizeof irhw_out_);\n    }\n",
            b->nparams, ps->n, ps->in_words, ps->out_words, ps->n);

    /* the process */
    fprintf(f, "    void irhw_step()\n    {\n");
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].dir == IRHW_IN)
            emit_to_words(f, "        ", &ps->p[i], ps->p[i].name, "irhw_in_");
    fprintf(f, "        if (clk.posedge())\n            irhw_b_->model_tick(irhw_m_, irhw_in_);\n"
               "        irhw_b_->model_eval(irhw_m_, irhw_in_, irhw_out_);\n");
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].dir == IRHW_OUT)
            emit_from_words(f, "        ", &ps->p[i], "irhw_out_", ps->p[i].name);
    fprintf(f, "    }\n};\n\n#endif\n");
    fclose(f);
    return buf;
}

/* ---- the co-simulation shim ------------------------------------------------ */

char *irhw_sc_shim(const irhw_inst *x, int trace)
{
    const irhw_ports *ps = &x->ps;
    char *buf = NULL, cls[160], ty[64], sig[128];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    irhw_sc_class(x, cls, sizeof cls);
    const char *tcls = trace == 2 ? "VerilatedFstSc" : "VerilatedVcdSc";
    fprintf(f,
            "// Generated by irhw %s: SystemC co-simulation of the Verilated irhw_tb\n"
            "// (verilator --sc) beside %s on shared input signals, behind C entry points.\n",
            IRHW_VERSION, cls);
    fprintf(f, "#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n#include <exception>\n"
               "#include \"Vtb.h\"\n#include \"verilated.h\"\n");
    if (trace)
        fprintf(f, "#include \"%s\"\n", trace == 2 ? "verilated_fst_sc.h" : "verilated_vcd_sc.h");
    fprintf(f, "#include \"%s.h\"\n\n", cls);
    fprintf(f, "// libsystemc's main() refers to sc_main; the host process has its own main.\n"
               "extern \"C\" int sc_main(int, char **) { return 0; }\n\n");
    fprintf(f, "namespace {\nstruct top {\n    sc_core::sc_clock clk;\n");
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        irhw_sc_type(p->width, ty, sizeof ty);
        if (p->dir == IRHW_IN)
            fprintf(f, "    sc_core::sc_signal<%s> in_%s;\n", ty, p->name);
        else
            fprintf(f, "    sc_core::sc_signal<%s> rtl_%s, model_%s%s%s;\n", ty, p->name, p->name,
                    trace ? "" : ", tie_", trace ? "" : p->name);
    }
    irhw_sc_type(IRHW_TB_CYCLE_BITS, ty, sizeof ty);
    fprintf(f, "    sc_core::sc_signal<bool> mismatch;\n    sc_core::sc_signal<%s> cycle;\n", ty);
    fprintf(f, "    Vtb rtl;\n    %s model;\n", cls);
    fprintf(f, "    %s *tf = nullptr;\n", trace ? tcls : "void");
    fprintf(f, "    explicit top(const irhw_block *b)\n"
               "        : clk(\"clk\", sc_core::sc_time(10, sc_core::SC_NS), 0.5,\n"
               "              sc_core::sc_time(5, sc_core::SC_NS), true)");
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        if (p->dir == IRHW_IN)
            fprintf(f, ",\n          in_%s(\"in_%s\")", p->name, p->name);
        else {
            fprintf(f, ",\n          rtl_%s(\"rtl_%s\"), model_%s(\"model_%s\")", p->name, p->name,
                    p->name, p->name);
            if (!trace)
                fprintf(f, ", tie_%s(\"tie_%s\")", p->name, p->name);
        }
    }
    fprintf(f, ",\n          mismatch(\"mismatch\"), cycle(\"cycle\"), rtl(\"TOP\"),"
               " model(\"model\", b)\n    {\n");
    fprintf(f, "        rtl.clk(clk);\n        model.clk(clk);\n        rtl.mismatch(mismatch);\n"
               "        rtl.cycle(cycle);\n");
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        if (p->dir == IRHW_IN)
            fprintf(f, "        rtl.%s(in_%s);\n        model.%s(in_%s);\n", p->name, p->name,
                    p->name, p->name);
        else
            fprintf(f,
                    "        rtl.%s(rtl_%s);\n        model.%s(model_%s);\n"
                    "        rtl.exp_%s(%s_%s);\n",
                    p->name, p->name, p->name, p->name, p->name, trace ? "model" : "tie", p->name);
    }
    fprintf(f, "    }\n};\n\n");
    fprintf(f, "void run(const sc_core::sc_time &t)\n{\n    try {\n        sc_core::sc_start(t);\n"
               "    } catch (const std::exception &e) {\n"
               "        std::fprintf(stderr, \"irhw: SystemC: %%s\\n\", e.what());\n"
               "        std::exit(3);\n    }\n}\n} // namespace\n\n");

    fprintf(f, "extern \"C\" {\n");
    fprintf(f,
            "void *irhw_sc_new(const irhw_block *b)\n{\n"
            "    static int made; // SystemC elaborates one design per process\n"
            "    if (made++)\n        return nullptr;\n"
            "    setenv(\"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE\", \"1\", 0);\n"
            "    top *t;\n    try {\n"
            "        Verilated::defaultContextp()->randReset(0);\n"
            "        Verilated::defaultContextp()->threads(1);\n"
            "%s"
            "        t = new top(b);\n"
            "    } catch (const std::exception &e) {\n"
            "        std::fprintf(stderr, \"irhw: SystemC: %%s\\n\", e.what());\n"
            "        return nullptr;\n    }\n"
            "    run(sc_core::sc_time(1, sc_core::SC_NS)); // elaborate; cycle 0 starts at 1 ns\n"
            "    return t;\n}\n",
            trace ? "        Verilated::defaultContextp()->traceEverOn(true);\n" : "");
    fprintf(f, "void irhw_shim_destroy(void *h)\n{\n    top *t = (top *)h;\n");
    if (trace)
        fprintf(f, "    if (t->tf) t->tf->close();\n");
    fprintf(f, "    t->rtl.final();\n"
               "    // The design and trace stay: the SystemC kernel keeps pointers to them.\n}\n");
    fprintf(f, "void irhw_shim_set_in(void *h, const uint64_t *v)\n{\n    top *t = (top *)h;\n");
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].dir == IRHW_IN) {
            snprintf(sig, sizeof sig, "t->in_%s", ps->p[i].name);
            emit_from_words(f, "    ", &ps->p[i], "v", sig);
        }
    fprintf(f, "}\n");
    for (int which = 0; which < 2; which++) {
        fprintf(f, "void %s(void *h, uint64_t *v)\n{\n    top *t = (top *)h;\n",
                which ? "irhw_sc_get_exp" : "irhw_shim_get_out");
        for (unsigned i = 0; i < ps->n; i++)
            if (ps->p[i].dir == IRHW_OUT) {
                snprintf(sig, sizeof sig, "t->%s_%s", which ? "model" : "rtl", ps->p[i].name);
                emit_to_words(f, "    ", &ps->p[i], sig, "v");
            }
        fprintf(f, "}\n");
    }
    fprintf(f, "void irhw_shim_set_exp(void *h, const uint64_t *v, unsigned mismatch, "
               "uint64_t cycle)\n{\n"
               "    (void)v; // the expected values come from the wrapped model itself\n"
               "    ((top *)h)->mismatch.write(mismatch != 0);\n"
               "    ((top *)h)->cycle.write((uint32_t)cycle);\n}\n");
    fprintf(f, "void irhw_shim_clock(void *h, unsigned level)\n{\n    (void)h;\n"
               "    // 0: settle cycle n's inputs (10n+1 -> 10n+2 ns); 1: across both edges\n"
               "    run(sc_core::sc_time(level ? 9 : 1, sc_core::SC_NS));\n}\n");
    fprintf(f, "void *irhw_sc_model(void *h) { return ((top *)h)->model.model(); }\n");
    fprintf(f, "int irhw_shim_trace_open(void *h, const char *path, int levels)\n{\n");
    if (trace)
        fprintf(f,
                "    top *t = (top *)h;\n    t->tf = new %s;\n    t->rtl.trace(t->tf, levels);\n"
                "    t->tf->open(path);\n    return t->tf->isOpen() ? 0 : -1;\n}\n",
                tcls);
    else
        fprintf(f, "    (void)h; (void)path; (void)levels;\n    return -1;\n}\n");
    fprintf(f, "void irhw_shim_dump(void *h, uint64_t time)\n{\n"
               "    (void)h; (void)time; // the SystemC kernel dumps at every time step\n}\n");
    fprintf(f, "void irhw_shim_trace_close(void *h)\n{\n");
    if (trace)
        fprintf(f,
                "    top *t = (top *)h;\n    if (t->tf) { t->tf->flush(); t->tf->close(); }\n}\n");
    else
        fprintf(f, "    (void)h;\n}\n");
    /* the runtime keeps a failed write's errno (vbuild.c: irhw_stop_cpp,
     * irhw_fst_c_cpp); the kernel dumps every step, so no limit stops it */
    fprintf(f, "extern int irhw_vrt_fst_errno, irhw_vrt_vcd_errno;\n");
    fprintf(f,
            "void irhw_shim_trace_stat(void *h, int *error, int *limited, uint64_t *dumps, "
            "uint64_t *first, uint64_t *last)\n{\n    (void)h;\n"
            "    *error = %s;\n    *limited = 0;\n    *dumps = *first = *last = 0;\n}\n",
            trace == 2 ? "irhw_vrt_fst_errno"
            : trace    ? "irhw_vrt_vcd_errno"
                       : "0");
    fprintf(f, "}\n");
    fclose(f);
    return buf;
}
