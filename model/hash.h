/*
 * hash.h — the one 64-bit hash of irhw: FNV-1a, for cache keys, seals,
 * manifests and hash tables. Deterministic across runs and hosts (no
 * seed), not cryptographic: it detects damage and tells configurations
 * apart, it does not resist an adversary.
 *
 * A key is built by continuing one value: h = IRHW_HASH_INIT, then
 * irhw_hash_str / irhw_hash_field for each part (each part ends with a
 * separator byte, so "ab" + "c" and "a" + "bc" differ), or irhw_hash for
 * raw bytes (no separator: hashing a text in chunks equals hashing it
 * whole).
 */
#ifndef IRHW_HASH_H
#define IRHW_HASH_H

#include <stddef.h>
#include <stdint.h>

#define IRHW_HASH_INIT 0xcbf29ce484222325ULL

/* FNV-1a/64 continued over n bytes. */
uint64_t irhw_hash(uint64_t h, const void *p, size_t n);
/* n bytes, then the separator. */
uint64_t irhw_hash_field(uint64_t h, const void *p, size_t n);
/* A string (NULL hashes as ""), then the separator. */
uint64_t irhw_hash_str(uint64_t h, const char *s);
/* Size and hash of a file's contents, read in fixed chunks a word at a
 * time (FNV-style multiply with an xor-shift: several times faster than
 * byte-wise FNV-1a on a large shared object); the value depends on the
 * contents alone. 0, or -1 with errno when the file cannot be read. */
int irhw_hash_file(const char *path, uint64_t *size, uint64_t *hash);
/* h continued with a file's size and hash; a file that cannot be read
 * hashes as its path (so a missing input still gives a distinct key). */
uint64_t irhw_hash_file_into(uint64_t h, const char *path);

#endif
