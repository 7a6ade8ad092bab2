/*
 * vlog.c — the small Verilog-writing helper every generator uses, and the
 * parts of a generated file that are the same for every block: the header
 * (tool version, the command that regenerates it, every parameter) and the
 * module port list, emitted from the block's port description.
 */
#include "irhw.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void hold_end(irhw_vw *w);
static void flush_checks(irhw_vw *w);

/* Generated lines stay within this many columns (docs/cli.md promises it). */
#define VW_COLUMNS 120

/* Where to break text that must fit in `fit` columns: the last space
 * before a binary operator or after a comma, else the last space at all,
 * never among the leading blanks; 0 when there is none. */
static size_t break_at(const char *s, size_t fit)
{
    size_t i = 0, best = 0, any = 0;
    while (s[i] == ' ')
        i++;
    for (; i < fit && s[i]; i++) {
        if (s[i] != ' ' || s[i + 1] == ' ' || !s[i + 1])
            continue;
        any = i;
        if (s[i - 1] == ',' || strchr("|&^+?:", s[i + 1]))
            best = i;
    }
    return best ? best : any;
}

static void put_indented(irhw_vw *w, size_t cols, const char *s, size_t n)
{
    while (n && s[n - 1] == ' ')
        n--;
    fprintf(w->f, "%*s%.*s\n", (int)cols, "", (int)n, s);
}

/* Writes one line, broken into continuation lines if it would pass
 * VW_COLUMNS: code continues 8 columns deeper, a comment as a comment.
 * Spaces are the only break points, so the Verilog means the same. */
static void put_wrapped_at(irhw_vw *w, size_t base, const char *s)
{
    size_t cols = base;
    int comment_line = strncmp(s, "//", 2) == 0, in_comment = 0;
    for (;;) {
        const char *lead = in_comment ? "// " : "";
        size_t len = strlen(s), used = cols + strlen(lead);
        size_t b = used + len > VW_COLUMNS && !strchr(s, '"') && used < VW_COLUMNS
                       ? break_at(s, VW_COLUMNS - used)
                       : 0;
        if (!b) {
            fprintf(w->f, "%*s%s%s\n", (int)cols, "", lead, s);
            return;
        }
        const char *c = strstr(s, "//");
        fprintf(w->f, "%*s%s", (int)cols, "", lead);
        put_indented(w, 0, s, b);
        in_comment = in_comment || (c && c < s + b);
        cols = comment_line ? base : base + 8;
        s += b;
        while (*s == ' ')
            s++;
    }
}

static void put_wrapped(irhw_vw *w, const char *s)
{
    put_wrapped_at(w, (size_t)w->indent * 4, s);
}

void vw_fit_line(FILE *f, const char *line)
{
    size_t lead = strspn(line, " ");
    irhw_vw w = {f, 0, NULL, NULL, NULL, 0};
    if (line[lead] == '`') /* a directive (`define) continues only with a backslash */
        fprintf(f, "%s\n", line);
    else
        put_wrapped_at(&w, lead, line + lead);
}

void vw_line(irhw_vw *w, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text) {
        vsnprintf(text, (size_t)n + 1, fmt, ap2);
        if (!w->body && !strncmp(text + strspn(text, " "), "endmodule", 9))
            flush_checks(w); /* the module's checks, held until its end */
        put_wrapped(w, text);
        free(text);
    } else { /* out of memory: the line as it is, unbroken */
        for (int i = 0; i < w->indent; i++)
            fputs("    ", w->f);
        vfprintf(w->f, fmt, ap2);
        fputc('\n', w->f);
    }
    va_end(ap2);
}

void vw_blank(irhw_vw *w)
{
    fputc('\n', w->f);
}

const char *vw_range(unsigned width)
{
    static char buf[8][24];
    static unsigned k;
    char *b = buf[k++ % 8];
    if (width <= 1)
        b[0] = 0;
    else
        snprintf(b, 24, "[%u:0] ", width - 1);
    return b;
}

const char *vw_vec(unsigned width)
{
    static char buf[8][24];
    static unsigned k;
    char *b = buf[k++ % 8];
    snprintf(b, 24, "[%u:0] ", width ? width - 1 : 0);
    return b;
}

const char *vw_sel(const char *name, unsigned total, unsigned lo, unsigned width)
{
    static char buf[8][256];
    static unsigned k;
    char *b = buf[k++ % 8];
    if (total == 1)
        snprintf(b, 256, "%s", name);
    else if (width == 1)
        snprintf(b, 256, "%s[%u]", name, lo);
    else
        snprintf(b, 256, "%s[%u:%u]", name, lo + width - 1, lo);
    return b;
}

void vw_sel_unit_name(char *buf, size_t len, unsigned n, unsigned width)
{
    snprintf(buf, len, "irhw_sel_n%u_w%u", n, width);
}

void vw_sel_unit(irhw_vw *w, unsigned n, unsigned width)
{
    char name[64];
    unsigned sb = n > 1 ? irhw_clog2(n) : 1;
    vw_sel_unit_name(name, sizeof name, n, width);
    vw_line(w, "// Word `sel` of %u words of %u bits (0 past the last word).", n, width);
    vw_line(w, "module %s (", name);
    vw_line(w, "    input  wire %sin,", vw_vec(n * width));
    vw_line(w, "    input  wire %ssel,", vw_vec(sb));
    vw_line(w, "    output reg  %sout", vw_vec(width));
    vw_line(w, ");");
    /* A case, not an array of the words indexed by sel: Yosys maps both to
     * the same mux tree, but Verilator (inlining the module at every use)
     * would build the array anew at each one. */
    vw_line(w, "    /* verilator inline_module */  // simulated inline at every use");
    vw_line(w, "    always @* begin");
    vw_line(w, "        case (sel)");
    for (unsigned i = 0; i < n; i++)
        vw_line(w, "            %u'd%u: out = in[%u +: %u];", sb, i, i * width, width);
    vw_line(w, "            default: out = %u'd0;", width);
    vw_line(w, "        endcase");
    vw_line(w, "    end");
    vw_line(w, "endmodule");
}

/* "//   irhw gen NAME -p A=1 -p B=2 ...", continued with " \\" before a
 * " -p " so that no line passes 120 columns (generated lines stay <= 120). */
static void write_command(irhw_vw *w, const char *name, const char *cmd)
{
    char line[160];
    int o = snprintf(line, sizeof line, "//   irhw gen %s", name);
    const char *p = cmd;
    while (*p) {
        const char *next = strstr(p + 1, " -p ");
        size_t n = next ? (size_t)(next - p) : strlen(p);
        const char *lead = p == cmd ? " -p " : "";
        if (o > 16 && (size_t)o + strlen(lead) + n + 2 > 120) {
            vw_line(w, "%s \\", line);
            o = snprintf(line, sizeof line, "//    ");
        }
        o += snprintf(line + o, sizeof line - (size_t)o, "%s%.*s", lead, (int)n, p);
        p += n;
    }
    vw_line(w, "%s", line);
}

/* Header: what it is, how to regenerate it, every parameter, the timing. */
static void write_header(irhw_vw *w, const irhw_inst *x)
{
    const irhw_block *b = x->b;
    char cmd[1024], params[1024];
    irhw_cfg_format(b, &x->c, " -p ", cmd, sizeof cmd);
    irhw_cfg_format(b, &x->c, " ", params, sizeof params);
    /* a long module name (a composed block's) gets the title on a line of its own */
    if (strlen(x->module) + strlen(b->title) + strlen(IRHW_VERSION) > 90) {
        vw_line(w, "// %s", x->module);
        vw_line(w, "// %s, generated by irhw %s", b->title, IRHW_VERSION);
    } else {
        vw_line(w, "// %s — %s, generated by irhw %s", x->module, b->title, IRHW_VERSION);
    }
    write_command(w, b->name, cmd);
    vw_comment(w, "Parameters: ", params);
    vw_line(w, "// Models: %s", b->paper);
    if (b->timing)
        vw_comment(w, "Timing: ", b->timing);
    vw_line(w, "// Ports: see the comment beside each; `irhw list %s` prints the same.", b->name);
    vw_line(w, "// Do not edit: regenerate with the command above.");
    vw_blank(w);
}

/* Length of the first piece of text p folded to `width` characters: all of
 * it if it fits, else up to its last space within width (a word longer than
 * the width alone is cut). *next is where the following piece starts. */
static size_t fold(const char *p, size_t width, const char **next)
{
    size_t n = strlen(p);
    if (n > width) {
        n = width;
        while (n > 0 && p[n] != ' ')
            n--;
        if (n == 0)
            n = width;
    }
    for (*next = p + n; **next == ' ';)
        (*next)++;
    return n;
}

void vw_comment(irhw_vw *w, const char *lead, const char *text)
{
    /* Folded at word boundaries so no line passes 100 columns. */
    size_t width = 96 - strlen(lead);
    const char *p = text;
    int first = 1;
    while (*p) {
        const char *next;
        size_t n = fold(p, width, &next);
        vw_line(w, "// %s%.*s", first ? lead : "    ", (int)n, p);
        first = 0;
        p = next;
    }
}

char *irhw_generate(const irhw_inst *x, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        irhw_err(err, errlen, "out of memory");
        return NULL;
    }
    irhw_vw w = {f, 0, NULL, NULL, NULL, 0};
    write_header(&w, x);
    int rc = x->b->gen(x, &w, err, errlen);
    hold_end(&w);
    flush_checks(&w); /* none: every module's went before its endmodule */
    if (fclose(f) || (!rc && !buf)) {
        free(buf);
        irhw_err(err, errlen, "out of memory writing the Verilog of %s", x->module);
        return NULL;
    }
    if (rc) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Module header from the port description: clk first, then the ports, each
 * with its meaning and, for outputs, its timing, folded at spaces onto
 * comment lines under the first one so no line passes VW_COLUMNS. */
void vw_module_ports(irhw_vw *w, const char *module, const irhw_ports *ps)
{
    vw_line(w, "module %s (", module);
    w->indent++;
    vw_line(w, "input  wire clk,");
    const char *group = NULL;
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        if (!group || strcmp(group, p->group) != 0) {
            vw_line(w, "// %s", p->group);
            group = p->group;
        }
        char decl[160];
        snprintf(decl, sizeof decl, "%s %s%s%s", p->dir == IRHW_IN ? "input  wire" : "output wire",
                 vw_range(p->width), p->name, i + 1 < ps->n ? "," : "");
        const char *timing = p->dir == IRHW_IN ? "" : p->comb[0] ? " [comb]" : " [registered]";
        if (!p->meaning || !p->meaning[0]) {
            vw_line(w, "%s", decl);
            continue;
        }
        char text[1024];
        snprintf(text, sizeof text, "%s%s", p->meaning, timing);
        size_t col = strlen(decl) > 36 ? strlen(decl) : 36;
        size_t room = VW_COLUMNS - (size_t)w->indent * 4 - col - 4;
        const char *t = text, *next;
        for (const char *lead = decl; *t; lead = "", t = next) {
            size_t n = fold(t, room < 72 ? room : 72, &next);
            vw_line(w, "%-*s // %.*s", (int)col, lead, (int)n, t);
        }
    }
    w->indent--;
    vw_line(w, ");");
}

/* One check of the block's safety: an invariant (assert) or an input
 * contract (assume: a constraint for `irhw prove`, checked like an assert
 * in co-simulation), sampled at each rising edge out of reset. A module's
 * checks are held and written together before its `endmodule`, in one
 * `ifdef IRHW_ASSERT block, so the default file stays plain Verilog-2005.
 * The comment above each check names it; irhw_check_at finds it from the
 * line a simulator reports, irhw_checks_list lists them. */
/* The IRHW_CHECK and IRHW_ASSUME macros, at the top of each module's
 * checks block, so that a module's text is the same alone and inside a
 * composite's file (the synthesis cache keys on it). */
#define IRHW_CHECK_MACROS                                                                          \
    "`ifndef IRHW_CHECK\n"                                                                         \
    "// A check: an immediate assertion for formal tools (FORMAL), an `if ... $stop`\n"            \
    "// in simulation, which Verilator compiles once for every instance of a module\n"             \
    "// (an assert statement under --assert is compiled per instance).\n"                          \
    "`ifdef FORMAL\n"                                                                              \
    "`define IRHW_CHECK(c) assert (c)\n"                                                           \
    "`define IRHW_ASSUME(c) assume (c)\n"                                                          \
    "`else\n"                                                                                      \
    "`define IRHW_CHECK(c) if (!(c)) $stop\n"                                                      \
    "`define IRHW_ASSUME(c) if (!(c)) $stop\n"                                                     \
    "`endif\n"                                                                                     \
    "`endif\n"

/* Text written from here on goes to the module's checks block (started on
 * first use; written in place when it cannot be held). */
static void hold_begin(irhw_vw *w)
{
    if (!w->held)
        w->held = open_memstream(&w->held_text, &w->held_len);
    if (w->held && !w->body) {
        w->body = w->f;
        w->f = w->held;
    }
}

static void hold_end(irhw_vw *w)
{
    if (w->body) {
        w->f = w->body;
        w->body = NULL;
    }
}

/* The module's checks block, if it has one, into the file. */
static void flush_checks(irhw_vw *w)
{
    if (!w->held)
        return;
    int ok = fclose(w->held) == 0 && w->held_text;
    w->held = NULL;
    if (ok) {
        fputs("`ifdef IRHW_ASSERT\n" IRHW_CHECK_MACROS, w->f);
        fputs("    // ---- checks: an assert is an invariant, an assume an input contract\n", w->f);
        fputs(w->held_text, w->f);
        fputs("`endif\n", w->f);
    } else {
        fputs("// (out of memory: this module's checks were lost)\n", w->f);
    }
    free(w->held_text);
    w->held_text = NULL;
    w->held_len = 0;
}

static void vw_check(irhw_vw *w, const char *kind, const char *name, const char *msg,
                     const char *fmt, va_list ap)
{
    int comb = !strcmp(kind, "comb"), was_held = w->body != NULL, indent = w->indent;
    kind = comb ? "assert" : kind;
    char cond[4096], lead[160];
    vsnprintf(cond, sizeof cond, fmt, ap);
    snprintf(lead, sizeof lead, "%s %s: ", kind, name);
    hold_begin(w);
    w->indent = 1;
    vw_comment(w, lead, msg);
    vw_line(w, "%s `%s((%s));", comb ? "always @*" : "always @(posedge clk) if (!rst)",
            strcmp(kind, "assume") ? "IRHW_CHECK" : "IRHW_ASSUME", cond);
    w->indent = indent;
    if (!was_held)
        hold_end(w);
}

void vw_assert_comb(irhw_vw *w, const char *name, const char *msg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vw_check(w, "comb", name, msg, fmt, ap);
    va_end(ap);
}

void vw_checks_logic(irhw_vw *w, int open)
{
    if (open == 1 && w->indent <= 1)
        hold_begin(w);
    else if (open)
        fputs("`ifdef IRHW_ASSERT\n", w->f);
    else if (w->body)
        hold_end(w);
    else
        fputs("`endif\n", w->f);
}

void vw_assert(irhw_vw *w, const char *name, const char *msg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vw_check(w, "assert", name, msg, fmt, ap);
    va_end(ap);
}

void vw_assume(irhw_vw *w, const char *name, const char *msg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vw_check(w, "assume", name, msg, fmt, ap);
    va_end(ap);
}

void vw_contract(irhw_vw *w, const irhw_inst *x, const char *name, const char *fmt, ...)
{
    const irhw_block *b = x->b;
    unsigned i = 0;
    while (i < b->ncontracts && strcmp(b->contracts[i].name, name))
        i++;
    va_list ap;
    va_start(ap, fmt);
    if (i < b->ncontracts)
        vw_check(w, "assert", name, b->contracts[i].meaning, fmt, ap);
    else
        vw_check(w, "assert", name, "not in the block's contract table", "1'b0", ap);
    va_end(ap);
}

void vw_score_logic(irhw_vw *w, int open)
{
    if (open) {
        hold_begin(w);
        fputs("`ifdef FORMAL\n", w->f);
    } else {
        fputs("`endif\n", w->f);
        hold_end(w);
    }
}

static void vw_score_v(irhw_vw *w, const char *name, const char *msg, const char *fmt, va_list ap)
{
    char cond[4096], lead[160];
    vsnprintf(cond, sizeof cond, fmt, ap);
    int was_held = w->body != NULL, indent = w->indent;
    snprintf(lead, sizeof lead, "assert sb_%s: ", name);
    hold_begin(w);
    fputs("`ifdef FORMAL\n", w->f);
    w->indent = 1;
    vw_comment(w, lead, msg);
    vw_line(w, "always @(posedge clk) if (!rst) sb_%s: assert (%s);", name, cond);
    w->indent = indent;
    fputs("`endif\n", w->f);
    if (!was_held)
        hold_end(w);
}

void vw_score(irhw_vw *w, const char *name, const char *msg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vw_score_v(w, name, msg, fmt, ap);
    va_end(ap);
}

void vw_contract_data(irhw_vw *w, const irhw_inst *x, const char *name, const char *fmt, ...)
{
    const irhw_block *b = x->b;
    unsigned i = 0;
    while (i < b->ncontracts && strcmp(b->contracts[i].name, name))
        i++;
    char label[128];
    snprintf(label, sizeof label, "data_%s", name);
    va_list ap;
    va_start(ap, fmt);
    if (i < b->ncontracts)
        vw_score_v(w, label, b->contracts[i].meaning, fmt, ap);
    else
        vw_score_v(w, label, "not in the block's contract table", "1'b0", ap);
    va_end(ap);
}

/* The text of line `no` (from 1) of `text` into buf, blanks trimmed at the
 * left; 0 when there is no such line. */
static int text_line(const char *text, unsigned no, char *buf, size_t len)
{
    const char *p = text;
    for (unsigned i = 1; i < no && p; i++) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    if (!p || !*p)
        return 0;
    while (*p == ' ')
        p++;
    size_t n = strcspn(p, "\n");
    snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), p);
    return 1;
}

/* The comment of a check that starts at `line`: "assert NAME: MESSAGE"
 * with its folded continuation lines joined; 0 when `line` is none. */
static int check_comment(const char *text, unsigned line, char *out, size_t len)
{
    char l[512];
    if (!text_line(text, line, l, sizeof l) ||
        (strncmp(l, "// assert ", 10) && strncmp(l, "// assume ", 10)))
        return 0;
    size_t o = (size_t)snprintf(out, len, "%s", l + 3);
    for (unsigned k = line + 1; text_line(text, k, l, sizeof l) && !strncmp(l, "//", 2); k++)
        if (o < len)
            o += (size_t)snprintf(out + o, len - o, " %s", l + 2 + strspn(l + 2, " "));
    return 1;
}

int irhw_check_at(const char *text, unsigned line, char *out, size_t len)
{
    char l[512];
    /* the check's statement (a simulator may name the last line of a
     * condition folded over lines), then up to a few lines of comment above */
    unsigned first = line;
    for (; first > 0 && first + 4 > line; first--) {
        if (!text_line(text, first, l, sizeof l) || !strncmp(l, "`endif", 6) ||
            !strncmp(l, "//", 2))
            return 0;
        if (strstr(l, "`IRHW_CHECK(") || strstr(l, "`IRHW_ASSUME("))
            break;
    }
    if (first == 0 || first + 4 <= line)
        return 0;
    line = first;
    for (unsigned k = line - 1; k > 0 && k + 8 > line; k--)
        if (check_comment(text, k, out, len))
            return 1;
    return 0;
}

unsigned irhw_checks_list(FILE *f, const char *text, const char *indent)
{
    unsigned n = 0, line = 1;
    char c[1024];
    for (const char *p = text; p && *p; line++) {
        if (check_comment(text, line, c, sizeof c)) {
            fprintf(f, "%s%s\n", indent, c);
            n++;
        }
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    return n;
}
