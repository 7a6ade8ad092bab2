/*
 * template.c — fills in the @NAME@ fields of synth_scripts/ templates
 * (template.h).
 */
#include "template.h"

#include "irhw.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Room for `more` bytes and the final NUL after out[0..n). 0, or -1. */
static int reserve(char **out, size_t *cap, size_t n, size_t more)
{
    if (n + more + 1 <= *cap)
        return 0;
    size_t c = 2 * (n + more + 1);
    char *t = realloc(*out, c);
    if (!t)
        return -1;
    *out = t;
    *cap = c;
    return 0;
}

/* The key whose @KEY@ starts at p, or nkeys. */
static size_t key_at(const char *p, const char *const *keys, size_t nkeys)
{
    for (size_t k = 0; k < nkeys; k++) {
        size_t kl = strlen(keys[k]);
        if (strncmp(p + 1, keys[k], kl) == 0 && p[1 + kl] == '@')
            return k;
    }
    return nkeys;
}

char *irhw_template_fill(const char *tmpl, const char *const *keys, const char *const *vals,
                         size_t nkeys)
{
    size_t cap = strlen(tmpl) + 1, n = 0;
    char *out = malloc(cap);
    for (const char *p = tmpl; out && *p;) {
        size_t k = *p == '@' ? key_at(p, keys, nkeys) : nkeys;
        const char *from = k < nkeys ? vals[k] : p;
        size_t len = k < nkeys ? strlen(vals[k]) : 1;
        if (reserve(&out, &cap, n, len)) {
            free(out);
            return NULL;
        }
        memcpy(out + n, from, len);
        n += len;
        p += k < nkeys ? strlen(keys[k]) + 2 : 1;
    }
    if (out)
        out[n] = '\0';
    return out;
}

int irhw_template_write(const char *name, const char *dst, const char *const *keys,
                        const char *const *vals, size_t nkeys, char *err, size_t errlen)
{
    char src[4200];
    snprintf(src, sizeof src, "%s/synth_scripts/%s", irhw_root(), name);
    char *tmpl = irhw_read_file(src, NULL);
    if (!tmpl)
        return irhw_err(err, errlen,
                        "cannot read script template %s: %s (set IRHW_ROOT to the "
                        "irhw source tree)",
                        src, strerror(errno));
    char *text = irhw_template_fill(tmpl, keys, vals, nkeys);
    free(tmpl);
    if (!text)
        return irhw_err(err, errlen, "out of memory filling in %s", src);
    int rc = irhw_write_file(dst, text, err, errlen);
    free(text);
    return rc;
}
