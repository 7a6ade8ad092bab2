/*
 * template.h — the tool scripts of synth_scripts/ (Yosys, ABC, OpenSTA) are
 * templates with @NAME@ fields; area/ and tb/prove.c fill them in here.
 */
#ifndef IRHW_TEMPLATE_H
#define IRHW_TEMPLATE_H

#include <stddef.h>

/* tmpl with every @KEY@ of keys[0..nkeys) replaced by its value, in one pass
 * (a value is not scanned again); an @ that opens no key stays. A malloc'd
 * string, or NULL when out of memory. */
char *irhw_template_fill(const char *tmpl, const char *const *keys, const char *const *vals,
                         size_t nkeys);

/* IRHW_ROOT/synth_scripts/<name> filled in, written whole to dst. 0, or -1
 * with the message (the template or dst named, and the OS error). */
int irhw_template_write(const char *name, const char *dst, const char *const *keys,
                        const char *const *vals, size_t nkeys, char *err, size_t errlen);

#endif
