/*
 * Tests of the engines every layer shares: the hash (model/hash.c: the
 * FNV-1a reference values, parts kept apart, a file hashed by its
 * contents), the crash-safe cache (model/cache.c: an entry made once,
 * found valid, a damaged or foreign one refused and made again, sealed
 * text) and the job pool (model/pool.c: never more than its limit at once,
 * every job's end with its status and message).
 */
#include "check_main.h"

#include "cache.h"
#include "hash.h"
#include "pool.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[256];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/irhw-engines.XXXXXX");
    ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp");
}

static void teardown(void)
{
    irhw_remove_tree(dir);
}

static void put(const char *path, const char *text)
{
    char err[IRHW_ERRLEN];
    ck_assert_msg(irhw_write_file(path, text, err, sizeof err) == 0, "%s", err);
}

/* ---- hash ---- */

START_TEST(hash_is_fnv1a)
{
    /* the FNV-1a/64 reference values */
    ck_assert_uint_eq(irhw_hash(IRHW_HASH_INIT, "", 0), 0xcbf29ce484222325ULL);
    ck_assert_uint_eq(irhw_hash(IRHW_HASH_INIT, "a", 1), 0xaf63dc4c8601ec8cULL);
    ck_assert_uint_eq(irhw_hash(IRHW_HASH_INIT, "foobar", 6), 0x85944171f73967e8ULL);
    /* in pieces as whole; parts with separators apart */
    ck_assert_uint_eq(irhw_hash(irhw_hash(IRHW_HASH_INIT, "foo", 3), "bar", 3),
                      irhw_hash(IRHW_HASH_INIT, "foobar", 6));
    ck_assert_uint_ne(irhw_hash_str(irhw_hash_str(IRHW_HASH_INIT, "ab"), "c"),
                      irhw_hash_str(irhw_hash_str(IRHW_HASH_INIT, "a"), "bc"));
    ck_assert_uint_eq(irhw_hash_str(IRHW_HASH_INIT, NULL), irhw_hash_str(IRHW_HASH_INIT, ""));
}
END_TEST

START_TEST(hash_file_by_contents)
{
    char a[300], b[300];
    snprintf(a, sizeof a, "%s/a", dir);
    snprintf(b, sizeof b, "%s/b", dir);
    size_t n = 3 * (1 << 18) + 13; /* over several chunks, a tail of bytes */
    char *text = malloc(n + 1);
    for (size_t i = 0; i < n; i++)
        text[i] = (char)('a' + i % 23);
    text[n] = 0;
    put(a, text);
    put(b, text);
    uint64_t sa, ha, sb, hb;
    ck_assert_int_eq(irhw_hash_file(a, &sa, &ha), 0);
    ck_assert_int_eq(irhw_hash_file(b, &sb, &hb), 0);
    ck_assert_uint_eq(sa, n);
    ck_assert_uint_eq(sa, sb);
    ck_assert_uint_eq(ha, hb);
    text[n - 1] ^= 1; /* one bit in the tail */
    put(b, text);
    ck_assert_int_eq(irhw_hash_file(b, &sb, &hb), 0);
    ck_assert_uint_ne(ha, hb);
    text[7] ^= 1; /* one bit in a word */
    text[n - 1] ^= 1;
    put(b, text);
    ck_assert_int_eq(irhw_hash_file(b, &sb, &hb), 0);
    ck_assert_uint_ne(ha, hb);
    free(text);
    snprintf(b, sizeof b, "%s/missing", dir);
    ck_assert_int_eq(irhw_hash_file(b, &sb, &hb), -1);
    ck_assert_uint_ne(irhw_hash_file_into(1, a), irhw_hash_file_into(1, b));
}
END_TEST

/* ---- cache ---- */

/* Makes entry `name` holding one file with text; 1 when it was found
 * made, 0 when this call made it. */
static int make(const char *name, const char *text)
{
    char entry[300], f[4600], err[IRHW_ERRLEN];
    snprintf(entry, sizeof entry, "%s/cache/%s", dir, name);
    irhw_entry e = {0};
    int found;
    ck_assert_msg(irhw_entry_begin(&e, entry, &found, err, sizeof err) == 0, "%s", err);
    if (found)
        return 1;
    snprintf(f, sizeof f, "%s/out.txt", e.tmp);
    put(f, text);
    const char *files[] = {"out.txt"};
    ck_assert_msg(irhw_entry_commit(&e, files, 1, err, sizeof err) == 0, "%s", err);
    return 0;
}

START_TEST(cache_entry_made_once)
{
    char entry[300], why[600];
    snprintf(entry, sizeof entry, "%s/cache/k1", dir);
    ck_assert_int_eq(irhw_entry_valid(entry, why, sizeof why), -1);
    ck_assert_str_eq(why, "no manifest");
    ck_assert_int_eq(make("k1", "one\n"), 0);
    ck_assert_int_eq(irhw_entry_valid(entry, why, sizeof why), 0);
    ck_assert_int_eq(make("k1", "other\n"), 1); /* found, not made again */
    char p[400];
    snprintf(p, sizeof p, "%s/out.txt", entry);
    char *t = irhw_read_file(p, NULL);
    ck_assert_str_eq(t, "one\n");
    free(t);
}
END_TEST

START_TEST(cache_damaged_entry_made_again)
{
    char entry[300], p[400], why[600];
    snprintf(entry, sizeof entry, "%s/cache/k2", dir);
    make("k2", "four\n");
    snprintf(p, sizeof p, "%s/out.txt", entry);
    put(p, "fout\n"); /* the same size, one byte changed */
    ck_assert_int_eq(irhw_entry_valid(entry, why, sizeof why), -1);
    ck_assert_str_eq(why, "out.txt differs from its manifest's hash");
    put(p, "four!\n");
    ck_assert_int_eq(irhw_entry_valid(entry, why, sizeof why), -1);
    ck_assert_str_eq(why, "out.txt is 6 bytes, its manifest says 5");
    ck_assert_int_eq(make("k2", "made again\n"), 0);
    ck_assert_int_eq(irhw_entry_valid(entry, why, sizeof why), 0);
    /* a manifest copied from another entry */
    char k3[300], m2[400], m3[400];
    make("k3", "three\n");
    snprintf(k3, sizeof k3, "%s/cache/k3", dir);
    snprintf(m2, sizeof m2, "%s/" IRHW_ENTRY_MANIFEST, entry);
    snprintf(m3, sizeof m3, "%s/" IRHW_ENTRY_MANIFEST, k3);
    char *m = irhw_read_file(m2, NULL);
    put(m3, m);
    free(m);
    ck_assert_int_eq(irhw_entry_valid(k3, why, sizeof why), -1);
    ck_assert_str_eq(why, "out.txt is 6 bytes, its manifest says 11");
}
END_TEST

START_TEST(cache_end_keeps_failed)
{
    char entry[300], failed[4600], err[IRHW_ERRLEN], why[600];
    snprintf(entry, sizeof entry, "%s/cache/k4", dir);
    irhw_entry e = {0};
    int found;
    ck_assert_int_eq(irhw_entry_begin(&e, entry, &found, err, sizeof err), 0);
    ck_assert_int_eq(found, 0);
    ck_assert_int_eq(access(e.tmp, F_OK), 0);
    irhw_entry_end(&e, failed, sizeof failed);
    ck_assert_int_eq(access(failed, F_OK), 0);
    ck_assert_int_eq(irhw_entry_valid(entry, why, sizeof why), -1);
    ck_assert_int_eq(make("k4", "ok\n"), 0); /* a success removes the failure */
    ck_assert_int_ne(access(failed, F_OK), 0);
}
END_TEST

START_TEST(sealed_text)
{
    char *s = irhw_seal("a=1\nb=2\n");
    ck_assert_ptr_nonnull(s);
    size_t n = strlen(s);
    ck_assert_int_eq(irhw_sealed(s, n), 1);
    s[2] = '7';
    ck_assert_int_eq(irhw_sealed(s, n), 0);
    ck_assert_int_eq(irhw_sealed(s, n - 1), 0);
    free(s);
}
END_TEST

/* ---- pool ---- */

/* A job that holds a slot for a while; it counts the jobs running beside
 * it in a folder of marker files and exits with the most it saw. */
static int slot_job(void *arg, char *err, size_t errlen)
{
    int id = *(const int *)arg;
    char mine[400];
    snprintf(mine, sizeof mine, "%s/run.%d", dir, id);
    close(open(mine, O_CREAT | O_WRONLY, 0644));
    int most = 0;
    for (int round = 0; round < 20; round++) {
        int now = 0;
        for (int k = 0; k < 8; k++) {
            char p[400];
            snprintf(p, sizeof p, "%s/run.%d", dir, k);
            now += access(p, F_OK) == 0;
        }
        most = now > most ? now : most;
        usleep(5000);
    }
    unlink(mine);
    if (id == 5)
        snprintf(err, errlen, "job 5 says no");
    return id == 5 ? 3 : most;
}

START_TEST(pool_limit_and_ends)
{
    irhw_pool *p = irhw_pool_new(2);
    ck_assert_ptr_nonnull(p);
    int started = 0, ended = 0, seen[8] = {0};
    irhw_job_end e;
    while (ended < 8) {
        while (started < 8 && !irhw_pool_full(p)) {
            int id = started++;
            ck_assert_int_eq(irhw_pool_start(p, id, slot_job, &id), 0);
        }
        ck_assert_uint_le(irhw_pool_running(p), 2);
        ck_assert_int_eq(irhw_pool_wait(p, &e), 1);
        ck_assert(e.id >= 0 && e.id < 8 && !seen[e.id]);
        seen[e.id] = 1;
        ended++;
        ck_assert_int_eq(e.exited, 1);
        if (e.id == 5) {
            ck_assert_int_eq(e.code, 3);
            ck_assert_str_eq(e.msg, "job 5 says no");
        } else {
            ck_assert_int_le(e.code, 2); /* never more than two at once */
            ck_assert_str_eq(e.msg, "");
        }
    }
    ck_assert_int_eq(irhw_pool_wait(p, &e), 0); /* none left */
    irhw_pool_free(p);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("engines");
    TCase *t = tcase_create("engines");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, hash_is_fnv1a);
    tcase_add_test(t, hash_file_by_contents);
    tcase_add_test(t, cache_entry_made_once);
    tcase_add_test(t, cache_damaged_entry_made_again);
    tcase_add_test(t, cache_end_keeps_failed);
    tcase_add_test(t, sealed_text);
    tcase_add_test(t, pool_limit_and_ends);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return irhw_check_run(suite());
}
