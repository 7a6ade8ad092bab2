/*
 * export.c — what `irhw gen` writes into its folder, a design that drops
 * into another flow: DIR/<top>.v holds every module the design defines
 * (the generated ones and the rtl/ leaf cells it instantiates), DIR/<top>.f
 * lists its files for a simulator or a synthesis tool, and DIR/<top>.core
 * describes it to FuseSoC (CAPI2).
 *
 * Every module but the top carries the design's tag (_d<8 hex digits>, a
 * hash of the top's name, which encodes the configuration), so any two
 * generated designs (wl_bank beside hwwl_core, two hwwl_core of different
 * parameters) can be read by one tool run without a module defined twice.
 * The leaves go into the top's file rather than files of their own so that
 * `--rtl DIR/<top>.v` (cosim, prove, area) stays one self-contained file:
 * those verbs find unrenamed leaves in rtl/ by module name.
 *
 * The internal flows (cosim, area, prove without --rtl) build from
 * irhw_generate and rtl/ directly, under the library names; the export
 * differs from their design only in module names.
 */
#include "hash.h"
#include "irhw.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MODULES 64

typedef struct {
    char *from[MAX_MODULES], *to[MAX_MODULES];
    unsigned n;
} rename_map;

static int ident_start(int c)
{
    return isalpha(c) || c == '_';
}

static int ident_char(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

/* Adds every module `text` defines ("module NAME" at the start of a line,
 * after blanks) except the top to the map, renamed NAME_<tag>. */
static int collect_modules(const char *text, const char *top, const char *tag, rename_map *m,
                           char *err, size_t errlen)
{
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        const char *s = p + strspn(p, " \t");
        if (strncmp(s, "module ", 7))
            continue;
        s += 7;
        s += strspn(s, " \t");
        size_t n = 0;
        while (ident_char((unsigned char)s[n]))
            n++;
        if (!n || (strlen(top) == n && !strncmp(s, top, n)))
            continue;
        int known = 0;
        for (unsigned i = 0; i < m->n && !known; i++)
            known = strlen(m->from[i]) == n && !strncmp(m->from[i], s, n);
        if (known)
            continue;
        if (m->n == MAX_MODULES)
            return irhw_err(err, errlen, "design %s defines more than %d modules", top,
                            MAX_MODULES);
        m->from[m->n] = strndup(s, n);
        m->to[m->n] = malloc(n + strlen(tag) + 2);
        if (!m->from[m->n] || !m->to[m->n]) {
            free(m->from[m->n]);
            free(m->to[m->n]);
            return irhw_err(err, errlen, "out of memory exporting %s", top);
        }
        sprintf(m->to[m->n], "%.*s_%s", (int)n, s, tag);
        m->n++;
    }
    return 0;
}

static const char *renamed(const rename_map *m, const char *s, size_t n)
{
    for (unsigned i = 0; i < m->n; i++)
        if (strlen(m->from[i]) == n && !strncmp(m->from[i], s, n))
            return m->to[i];
    return NULL;
}

/* Writes the n characters of comment at p with the map's names replaced,
 * except a file's name (rtl/irhw_fifo.v: after a '/' or before ".v"). */
static void write_comment(FILE *f, const char *p, size_t n, const rename_map *m)
{
    for (size_t i = 0; i < n;) {
        size_t k = 0;
        if (ident_start((unsigned char)p[i]) && (i == 0 || !ident_char((unsigned char)p[i - 1])))
            while (i + k < n && ident_char((unsigned char)p[i + k]))
                k++;
        const char *to = k ? renamed(m, p + i, k) : NULL;
        if (to && (i == 0 || p[i - 1] != '/') && strncmp(p + i + k, ".v", 2))
            fputs(to, f);
        else
            fwrite(p + i, 1, k ? k : 1, f);
        i += k ? k : 1;
    }
}

/* `text` with every identifier the map names replaced (in comments too,
 * but not in strings or macro names), written to f. */
static void write_renamed(FILE *f, const char *text, const rename_map *m)
{
    const char *p = text;
    while (*p) {
        size_t n = 0;
        if (p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
            const char *e = p[1] == '*' ? strstr(p + 2, "*/") : NULL;
            n = p[1] == '/' ? strcspn(p, "\n") : e ? (size_t)(e + 2 - p) : strlen(p);
            write_comment(f, p, n, m);
            p += n;
            continue;
        }
        if (p[0] == '"') {
            for (n = 1; p[n] && p[n] != '"' && p[n] != '\n'; n++)
                if (p[n] == '\\' && p[n + 1])
                    n++;
            n += p[n] == '"';
        } else if (p[0] == '`' || ident_start((unsigned char)p[0])) {
            for (n = 1; ident_char((unsigned char)p[n]); n++)
                ;
            const char *to = p[0] == '`' ? NULL : renamed(m, p, n);
            if (to) {
                fputs(to, f);
                p += n;
                continue;
            }
        } else {
            n = 1;
        }
        fwrite(p, 1, n, f);
        p += n;
    }
}

static void map_free(rename_map *m)
{
    for (unsigned i = 0; i < m->n; i++) {
        free(m->from[i]);
        free(m->to[i]);
    }
    m->n = 0;
}

/* The leaf cells' texts from rtl/, in the block's order; NULL-terminated
 * names in names[]. */
static int read_leaves(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES],
                       char *texts[IRHW_MAX_LEAVES], unsigned *n, char *err, size_t errlen)
{
    *n = x->b->leaf_cells ? x->b->leaf_cells(x, names) : 0;
    for (unsigned i = 0; i < *n; i++)
        texts[i] = NULL;
    for (unsigned i = 0; i < *n; i++) {
        char src[4096];
        snprintf(src, sizeof src, "%s/rtl/%s", irhw_root(), names[i]);
        texts[i] = irhw_read_file(src, NULL);
        if (!texts[i])
            return irhw_err(err, errlen, "cannot read leaf cell %s: %s", src, strerror(errno));
    }
    return 0;
}

/* text with every line longer than 120 columns broken as vw_line breaks
 * them, into a new string *out; -1 when out of memory. */
static int refit(const char *text, char **out)
{
    size_t len = 0;
    FILE *f = open_memstream(out, &len);
    if (!f)
        return -1;
    char *line = NULL;
    int bad = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        if (n <= 120) {
            fwrite(p, 1, n, f);
            fputc('\n', f);
        } else if ((line = strndup(p, n))) {
            vw_fit_line(f, line);
            free(line);
        } else {
            bad = 1;
        }
        p += n + (p[n] == '\n');
    }
    if (fclose(f) || bad || !*out) {
        free(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}

/* DIR/<top>.v: the generated text, then each leaf under a line naming
 * where it comes from, every module but the top renamed. */
static char *design_text(const irhw_inst *x, const char *tag, char *err, size_t errlen)
{
    const char *names[IRHW_MAX_LEAVES];
    char *leaves[IRHW_MAX_LEAVES], *out = NULL;
    unsigned nl = 0;
    rename_map m = {.n = 0};
    char *v = irhw_generate(x, err, errlen);
    FILE *f = NULL;
    int rc = !v || read_leaves(x, names, leaves, &nl, err, errlen) ||
             collect_modules(v, x->module, tag, &m, err, errlen);
    for (unsigned i = 0; !rc && i < nl; i++)
        rc = collect_modules(leaves[i], x->module, tag, &m, err, errlen);
    char *raw = NULL;
    size_t rawlen = 0;
    if (!rc && !(f = open_memstream(&raw, &rawlen)))
        rc = irhw_err(err, errlen, "out of memory exporting %s", x->module);
    if (!rc) {
        write_renamed(f, v, &m);
        if (nl) /* a file may define modules of other names */
            fprintf(f, "\n/* verilator lint_off DECLFILENAME */\n");
        for (unsigned i = 0; i < nl; i++) {
            fprintf(
                f,
                "\n// ---- leaf cell rtl/%s of irhw %s; its modules carry the design's tag _%s\n\n",
                names[i], IRHW_VERSION, tag);
            write_renamed(f, leaves[i], &m);
        }
        if (fclose(f) || !raw)
            rc = irhw_err(err, errlen, "out of memory exporting %s", x->module);
    }
    if (!rc) /* the longer names may push a line past 120 columns: broken again */
        rc = refit(raw, &out) ? irhw_err(err, errlen, "out of memory exporting %s", x->module) : 0;
    free(raw);
    for (unsigned i = 0; i < nl; i++)
        free(leaves[i]);
    free(v);
    map_free(&m);
    if (rc) {
        free(out);
        return NULL;
    }
    return out;
}

/* DIR/<top>.core: FuseSoC's CAPI2 (fusesoc.readthedocs.io, ref/capi2): one
 * fileset, a default target (the design as a dependency or for synthesis),
 * lint (Verilator -Wall) and sim (Icarus) targets. */
static void write_core(FILE *f, const irhw_inst *x, const char *file)
{
    char params[1024];
    irhw_cfg_format(x->b, &x->c, " ", params, sizeof params);
    fprintf(f, "CAPI=2:\n");
    fprintf(f, "# %s, generated by irhw %s: irhw gen %s", x->module, IRHW_VERSION, x->b->name);
    char cmd[1024];
    irhw_cfg_format(x->b, &x->c, " -p ", cmd, sizeof cmd);
    fprintf(f, "%s%s\n", cmd[0] ? " -p " : "", cmd);
    fprintf(f, "name: irhw:gen:%s:%s\n", x->module, IRHW_VERSION);
    fputs("description: \"", f);
    for (const char *t = x->b->title; *t; t++)
        fprintf(f, "%s%c", *t == '"' || *t == '\\' ? "\\" : "", *t);
    fprintf(f, " (%s)\"\n\n", params);
    fprintf(f, "filesets:\n  rtl:\n    files:\n      - %s\n    file_type: verilogSource\n\n", file);
    fprintf(f, "targets:\n");
    fprintf(f, "  default: &default\n    filesets:\n      - rtl\n    toplevel: %s\n", x->module);
    fprintf(f, "  lint:\n    <<: *default\n    default_tool: verilator\n    tools:\n"
               "      verilator:\n        mode: lint-only\n        verilator_options:\n"
               "          - -Wall\n");
    fprintf(f, "  sim:\n    <<: *default\n    default_tool: icarus\n");
}

/* Writes text to dir/<top><ext>; its path in path. */
static int write_text(const char *dir, const irhw_inst *x, const char *ext, const char *text,
                      char *path, size_t len, char *err, size_t errlen)
{
    snprintf(path, len, "%s/%s%s", dir, x->module, ext);
    return irhw_write_file(path, text, err, errlen);
}

int irhw_gen_export(const irhw_inst *x, const char *dir, char *path, size_t len, char *err,
                    size_t errlen)
{
    if (irhw_mkdirs(dir))
        return irhw_err(err, errlen, "cannot create the output folder %s: %s", dir,
                        strerror(errno));
    char tag[16], file[160], other[4400];
    /* the design's tag: the top's name hashed (stable across machines and runs) */
    snprintf(tag, sizeof tag, "d%08x",
             (unsigned)(irhw_hash_str(IRHW_HASH_INIT, x->module) & 0xffffffffu));
    snprintf(file, sizeof file, "%s.v", x->module);
    char *v = design_text(x, tag, err, errlen);
    if (!v)
        return -1;
    int rc = write_text(dir, x, ".v", v, path, len, err, errlen);
    free(v);
    /* the file list: paths relative to the .f's folder, leaves first (here
     * they share the top's file) */
    char list[200];
    snprintf(list, sizeof list, "%s\n", file);
    if (!rc)
        rc = write_text(dir, x, ".f", list, other, sizeof other, err, errlen);
    char *core = NULL;
    size_t clen = 0;
    FILE *f = rc ? NULL : open_memstream(&core, &clen);
    if (!rc && !f)
        rc = irhw_err(err, errlen, "out of memory exporting %s", x->module);
    if (f) {
        write_core(f, x, file);
        if (fclose(f) || !core)
            rc = irhw_err(err, errlen, "out of memory exporting %s", x->module);
    }
    if (!rc)
        rc = write_text(dir, x, ".core", core, other, sizeof other, err, errlen);
    free(core);
    return rc;
}
