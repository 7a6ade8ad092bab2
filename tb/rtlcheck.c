/*
 * rtlcheck.c — the configuration of --rtl files (see rtlcheck.h). The
 * header gen/vlog.c writes: "//   irhw gen BLOCK -p ..." (the command) and
 * "// Parameters: NAME=VALUE ..." continued on lines "//     ...".
 */
#include "rtlcheck.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    char block[64];    /* from the header's command line ("" without a header) */
    char params[2048]; /* the header's NAME=VALUE list */
    char module[256];  /* the first module the file defines */
} rtl_info;

/* Reads what a file defines and what its header says; returns 1 if it
 * defines `want`, 0 if not, -1 if it cannot be read. */
static int scan(const char *path, const char *want, rtl_info *r, char *found, size_t flen)
{
    char *t = irhw_read_file(path, NULL);
    if (!t)
        return -1;
    int has = 0, in_params = 0;
    size_t fo = strlen(found);
    for (char *line = t; line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        const char *s = line + strspn(line, " \t");
        if (in_params && !strncmp(line, "//     ", 7)) {
            size_t o = strlen(r->params);
            snprintf(r->params + o, sizeof r->params - o, " %s", line + 7);
        } else {
            in_params = 0;
        }
        if (!*r->block && sscanf(line, "//   irhw gen %63s", r->block) == 1) {
        } else if (!strncmp(line, "// Parameters: ", 15) && !*r->params) {
            snprintf(r->params, sizeof r->params, "%s", line + 15);
            in_params = 1;
        } else if (!strncmp(s, "module", 6) && (s[6] == ' ' || s[6] == '\t')) {
            s += 6 + strspn(s + 6, " \t");
            size_t n =
                strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$");
            if (n == strlen(want) && !strncmp(s, want, n))
                has = 1;
            else if (fo < flen)
                fo += (size_t)snprintf(found + fo, flen - fo, "%s%.*s", fo ? ", " : "", (int)n, s);
            if (!*r->module)
                snprintf(r->module, sizeof r->module, "%.*s", (int)n, s);
        }
        line = nl ? nl + 1 : NULL;
    }
    free(t);
    return has;
}

/* The run's configuration against a header's: the header's values that
 * differ, as " -p NAME=VALUE" each, in `add`; 0, or -1 if the header's list
 * is not one of this block's configurations. */
static int differ(const irhw_inst *x, const char *params, char *add, size_t alen)
{
    irhw_cfg c;
    char e[IRHW_ERRLEN], mine[1024], theirs[1024];
    irhw_cfg_defaults(x->b, &c);
    if (irhw_cfg_set_all(x->b, &c, params, e, sizeof e))
        return -1;
    irhw_cfg_format(x->b, &x->c, " ", mine, sizeof mine);
    irhw_cfg_format(x->b, &c, " ", theirs, sizeof theirs);
    char *sm = NULL, *st = NULL;
    size_t o = 0;
    *add = 0;
    for (char *a = strtok_r(mine, " ", &sm), *b = strtok_r(theirs, " ", &st); a && b;
         a = strtok_r(NULL, " ", &sm), b = strtok_r(NULL, " ", &st))
        if (strcmp(a, b) && o < alen)
            o += (size_t)snprintf(add + o, alen - o, " -p %s", b);
    return 0;
}

int irhw_rtl_config_check(const irhw_inst *x, const char *const *files, unsigned n, char *err,
                          size_t errlen)
{
    char found[1024] = "";
    rtl_info first = {0}; /* the first file with a header */
    const char *first_path = NULL;
    for (unsigned i = 0; i < n; i++) {
        rtl_info r = {0};
        struct stat st;
        if (!stat(files[i], &st) && S_ISDIR(st.st_mode))
            return irhw_err(err, errlen, "--rtl '%s' is a directory: give its Verilog file(s)",
                            files[i]);
        int has = scan(files[i], x->module, &r, found, sizeof found);
        if (has < 0)
            return irhw_err(err, errlen, "--rtl %s cannot be read: %s", files[i], strerror(errno));
        if (has)
            return 0;
        if (!first_path && *r.block && *r.params) {
            first = r;
            first_path = files[i];
        }
    }
    char add[1024];
    if (first_path && strcmp(first.block, x->b->name))
        return irhw_err(err, errlen,
                        "--rtl %s is %s's RTL (module %s, by its header), not %s's: co-simulate "
                        "it with cosim %s",
                        first_path, first.block, first.module, x->b->name, first.block);
    if (first_path && !differ(x, first.params, add, sizeof add) && *add)
        return irhw_err(err, errlen,
                        "--rtl %s holds another configuration of %s (module %s; this run's is "
                        "%s): co-simulate it with%s",
                        first_path, x->b->name, first.module, x->module, add);
    return irhw_err(err, errlen,
                    "no --rtl file defines module %s (this configuration's; found: %s): give the "
                    "file of this configuration, or the -p that make its module",
                    x->module, *found ? found : "no module");
}
