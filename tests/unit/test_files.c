/*
 * Tests of the output files of model/files.c: irhw_write_file and irhw_out
 * leave a complete file or none (the previous version when there was one)
 * and no temporary file, under a file-size limit (RLIMIT_FSIZE, SIGXFSZ
 * ignored: EFBIG) and into /dev/full (ENOSPC); a stream that fails is kept
 * as PATH.partial; a symlink stays a symlink; irhw_adopt takes only a whole
 * file; irhw_io_check refuses an output that is, holds or lies inside an
 * input; a signal leaves every file whole, absent or .partial;
 * irhw_template_fill fills @KEY@ fields once; irhw_wait_any waits no longer
 * than told. Each test
 * runs in its own process (Check's fork mode), so the limits set here end
 * with it.
 */
#include "check_main.h"
#include "template.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[256];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/irhw-files.XXXXXX");
    ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp");
}

static void teardown(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[600];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

static const char *in_dir(const char *name)
{
    static char p[8][600];
    static int k;
    k = (k + 1) % 8;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

/* The names in the folder, sorted, space separated. */
static const char *listing(void)
{
    static char buf[4096];
    struct dirent **v;
    int n = scandir(dir, &v, NULL, alphasort);
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (v[i]->d_name[0] != '.')
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", o ? " " : "", v[i]->d_name);
        free(v[i]);
    }
    free(v);
    return buf;
}

static char *big_text(size_t n)
{
    char *t = malloc(n + 1);
    ck_assert(t != NULL);
    for (size_t i = 0; i < n; i++)
        t[i] = i % 64 == 63 ? '\n' : (char)('a' + i % 26);
    t[n] = 0;
    return t;
}

static void limit_file_size(rlim_t bytes)
{
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit rl = {bytes, bytes};
    ck_assert(setrlimit(RLIMIT_FSIZE, &rl) == 0);
}

static void assert_has(const char *err, const char *piece)
{
    ck_assert_msg(strstr(err, piece) != NULL, "message \"%s\" lacks \"%s\"", err, piece);
}

START_TEST(write_ok)
{
    char err[IRHW_ERRLEN];
    ck_assert_msg(irhw_write_file(in_dir("a.v"), "module a;\nendmodule\n", err, sizeof err) == 0,
                  "%s", err);
    char *t = irhw_read_file(in_dir("a.v"), NULL);
    ck_assert_str_eq(t, "module a;\nendmodule\n");
    free(t);
    ck_assert_str_eq(listing(), "a.v");
}
END_TEST

START_TEST(write_too_large_new)
{
    char err[IRHW_ERRLEN];
    char *t = big_text(100000);
    limit_file_size(8192);
    ck_assert_int_eq(irhw_write_file(in_dir("big.v"), t, err, sizeof err), -1);
    assert_has(err, in_dir("big.v"));
    assert_has(err, "File too large");
    assert_has(err, "no file was created");
    ck_assert_str_eq(listing(), ""); /* neither the file nor its temporary */
    free(t);
}
END_TEST

START_TEST(write_too_large_keeps_previous)
{
    char err[IRHW_ERRLEN];
    ck_assert(irhw_write_file(in_dir("big.v"), "previous\n", err, sizeof err) == 0);
    chmod(in_dir("big.v"), 0640);
    char *t = big_text(100000);
    limit_file_size(8192);
    ck_assert_int_eq(irhw_write_file(in_dir("big.v"), t, err, sizeof err), -1);
    assert_has(err, "the file is left as it was");
    char *now = irhw_read_file(in_dir("big.v"), NULL);
    ck_assert_str_eq(now, "previous\n");
    ck_assert_str_eq(listing(), "big.v");
    free(now);
    free(t);
    /* and a write that fits replaces it, keeping its mode */
    ck_assert(irhw_write_file(in_dir("big.v"), "next\n", err, sizeof err) == 0);
    struct stat st;
    ck_assert(stat(in_dir("big.v"), &st) == 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);
}
END_TEST

START_TEST(write_dev_full)
{
    char err[IRHW_ERRLEN];
    ck_assert(symlink("/dev/full", in_dir("full.v")) == 0);
    ck_assert_int_eq(irhw_write_file(in_dir("full.v"), "x\n", err, sizeof err), -1);
    assert_has(err, in_dir("full.v"));
    assert_has(err, "No space left on device");
    char target[64] = "";
    ck_assert(readlink(in_dir("full.v"), target, sizeof target - 1) > 0);
    ck_assert_str_eq(target, "/dev/full"); /* the link is not replaced by a file */
    ck_assert_str_eq(listing(), "full.v");
}
END_TEST

START_TEST(write_through_symlink)
{
    char err[IRHW_ERRLEN];
    ck_assert(irhw_write_file(in_dir("target.v"), "old\n", err, sizeof err) == 0);
    ck_assert(symlink("target.v", in_dir("link.v")) == 0);
    ck_assert_msg(irhw_write_file(in_dir("link.v"), "new\n", err, sizeof err) == 0, "%s", err);
    struct stat st;
    ck_assert(lstat(in_dir("link.v"), &st) == 0 && S_ISLNK(st.st_mode));
    char *t = irhw_read_file(in_dir("target.v"), NULL);
    ck_assert_str_eq(t, "new\n");
    free(t);
    ck_assert_str_eq(listing(), "link.v target.v");
}
END_TEST

START_TEST(write_bad_names)
{
    char err[IRHW_ERRLEN];
    ck_assert_int_eq(irhw_write_file(dir, "x", err, sizeof err), -1);
    assert_has(err, "Is a directory");
    ck_assert_int_eq(irhw_out_check(dir, err, sizeof err), -1); /* checked before a run */
    assert_has(err, "Is a directory");
    ck_assert_int_eq(irhw_out_check(in_dir("new.v"), err, sizeof err), 0); /* creates nothing */
    ck_assert_int_eq(irhw_write_file("", "x", err, sizeof err), -1);
    assert_has(err, "empty");
    ck_assert_int_eq(irhw_write_file(in_dir("no/such/folder.v"), "x", err, sizeof err), -1);
    assert_has(err, "No such file or directory");
    ck_assert_str_eq(listing(), "");
}
END_TEST

START_TEST(out_pieces_and_abort)
{
    char err[IRHW_ERRLEN];
    irhw_out *o = irhw_out_open(in_dir("t.csv"), err, sizeof err);
    ck_assert_msg(o != NULL, "%s", err);
    ck_assert_str_eq(irhw_out_path(o), in_dir("t.csv"));
    for (int i = 0; i < 3; i++)
        irhw_out_printf(o, "%d,%d\n", i, i * i);
    fputs("end\n", irhw_out_file(o));
    ck_assert(access(in_dir("t.csv"), F_OK) != 0); /* nothing at the name until the commit */
    ck_assert(irhw_out_commit(o, err, sizeof err) == 0);
    char *t = irhw_read_file(in_dir("t.csv"), NULL);
    ck_assert_str_eq(t, "0,0\n1,1\n2,4\nend\n");
    free(t);
    o = irhw_out_open(in_dir("t.csv"), err, sizeof err);
    irhw_out_printf(o, "half");
    irhw_out_abort(o);
    t = irhw_read_file(in_dir("t.csv"), NULL);
    ck_assert_str_eq(t, "0,0\n1,1\n2,4\nend\n");
    free(t);
    ck_assert_str_eq(listing(), "t.csv");
}
END_TEST

START_TEST(stream_partial)
{
    char err[IRHW_ERRLEN];
    irhw_out *o = irhw_out_stream(in_dir("rec.csv"), err, sizeof err);
    ck_assert_msg(o != NULL, "%s", err);
    limit_file_size(8192);
    for (int i = 0; i < 2000 && !irhw_out_failed(o); i++)
        irhw_out_printf(o, "%d,abcdefghijklmnop\n", i);
    ck_assert_int_eq(irhw_out_commit(o, err, sizeof err), -1);
    assert_has(err, "File too large");
    assert_has(err, "kept as");
    assert_has(err, in_dir("rec.csv.partial"));
    ck_assert_str_eq(listing(), "rec.csv.partial");
}
END_TEST

START_TEST(stream_ok)
{
    char err[IRHW_ERRLEN];
    irhw_out *o = irhw_out_stream(in_dir("rec.csv"), err, sizeof err);
    irhw_out_printf(o, "a\n");
    fflush(irhw_out_file(o));
    char *t = irhw_read_file(in_dir("rec.csv"), NULL); /* in place, as it goes */
    ck_assert_str_eq(t, "a\n");
    free(t);
    ck_assert(irhw_out_commit(o, err, sizeof err) == 0);
    ck_assert_str_eq(listing(), "rec.csv");
}
END_TEST

START_TEST(adopt_whole_or_not)
{
    char err[IRHW_ERRLEN], tmp[700];
    irhw_tmp_name(in_dir("p.svg"), tmp, sizeof tmp);
    ck_assert(irhw_write_file(tmp, "<svg>\n</svg>\n", err, sizeof err) == 0);
    ck_assert_msg(irhw_adopt(tmp, in_dir("p.svg"), "</svg>", "gnuplot", err, sizeof err) == 0, "%s",
                  err);
    ck_assert_str_eq(listing(), "p.svg");
    ck_assert(irhw_write_file(tmp, "<svg>\n<path", err, sizeof err) == 0);
    ck_assert_int_eq(irhw_adopt(tmp, in_dir("p.svg"), "</svg>", "gnuplot", err, sizeof err), -1);
    assert_has(err, "gnuplot wrote no whole");
    assert_has(err, "cut short");
    ck_assert_str_eq(listing(), "p.svg"); /* the whole one stays, the cut one is gone */
    /* a device as the name: the content is written into it */
    ck_assert(symlink("/dev/full", in_dir("f.svg")) == 0);
    irhw_tmp_name(in_dir("f.svg"), tmp, sizeof tmp);
    ck_assert(irhw_write_file(tmp, "<svg>\n</svg>\n", err, sizeof err) == 0);
    ck_assert_int_eq(irhw_adopt(tmp, in_dir("f.svg"), "</svg>", "gnuplot", err, sizeof err), -1);
    assert_has(err, "No space left on device");
    ck_assert_str_eq(listing(), "f.svg p.svg");
}
END_TEST

/* irhw_io_check of one output against one input: 0 or -1, the message in err. */
static char ioerr[8192];
static int overlap(int kind, const char *out, const char *in)
{
    irhw_io io[2] = {{kind, "OUT", out, "-o"}, {IRHW_IO_IN, "IN", in, NULL}};
    ioerr[0] = 0;
    return irhw_io_check(io, 2, ioerr, sizeof ioerr);
}

START_TEST(io_output_file_is_an_input)
{
    char err[IRHW_ERRLEN], dot[600], other[600];
    ck_assert_int_eq(irhw_write_file(in_dir("g.txt"), "0 1\n", err, sizeof err), 0);
    ck_assert_int_eq(irhw_write_file(in_dir("o.txt"), "0 1\n", err, sizeof err), 0);
    ck_assert_int_eq(symlink("g.txt", in_dir("l.txt")), 0);
    ck_assert_int_eq(link(in_dir("g.txt"), in_dir("h.txt")), 0);
    snprintf(dot, sizeof dot, "%s/./g.txt", dir);
    snprintf(other, sizeof other, "%s/o.txt", dir);
    const char *same[] = {in_dir("g.txt"), dot, in_dir("l.txt"), in_dir("h.txt")};
    for (int i = 0; i < 4; i++) {
        ck_assert_msg(overlap(IRHW_IO_FILE, same[i], in_dir("g.txt")) == -1, "%s", same[i]);
        ck_assert_msg(strstr(ioerr, "OUT '") && strstr(ioerr, "is the same file as the input IN"),
                      "%s", ioerr);
    }
    ck_assert_int_eq(overlap(IRHW_IO_FILE, other, in_dir("g.txt")), 0);
    ck_assert_int_eq(overlap(IRHW_IO_FILE, in_dir("new.txt"), in_dir("g.txt")), 0);
    ck_assert_int_eq(overlap(IRHW_IO_FILE, in_dir("g.txt"), in_dir("missing.txt")), 0);
}
END_TEST

START_TEST(io_output_folder_overlaps_an_input)
{
    char g[600], deep[700], up[700];
    snprintf(g, sizeof g, "%s/g", dir);
    ck_assert_int_eq(mkdir(g, 0777), 0);
    ck_assert_int_eq(symlink("g", in_dir("gl")), 0);
    snprintf(deep, sizeof deep, "%s/sub/out", g);     /* does not exist yet */
    snprintf(up, sizeof up, "%s/none/../g", dir);     /* ".." past a missing folder */
    ck_assert_int_eq(overlap(IRHW_IO_DIR, g, g), -1); /* is */
    ck_assert_msg(strstr(ioerr, "' is the input IN"), "%s", ioerr);
    ck_assert_int_eq(overlap(IRHW_IO_DIR, dir, g), -1); /* holds */
    ck_assert_msg(strstr(ioerr, "' holds the input IN"), "%s", ioerr);
    ck_assert_int_eq(overlap(IRHW_IO_DIR, deep, g), -1); /* inside */
    ck_assert_msg(strstr(ioerr, "' is inside the input IN"), "%s", ioerr);
    ck_assert_int_eq(overlap(IRHW_IO_DIR, in_dir("gl"), g), -1);
    ck_assert_int_eq(overlap(IRHW_IO_DIR, up, g), -1);
    ck_assert_int_eq(overlap(IRHW_IO_DIR, in_dir("gx"), g), 0); /* a name that starts alike */
    ck_assert_int_eq(overlap(IRHW_IO_FILE, in_dir("g/table.md"), g), 0); /* beside, not over */
    irhw_remove_tree(g);
}
END_TEST

/* A process stopped by SIGTERM (model/signals.c): the temporary file of an
 * output is removed, a stream kept as .partial, a registered folder
 * removed with what it holds, a child of irhw_fork stopped; it dies of
 * the signal. */
START_TEST(signal_cleans_up)
{
    int fds[2];
    ck_assert(pipe(fds) == 0);
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        char err[IRHW_ERRLEN];
        irhw_signals_init("test");
        irhw_out *whole = irhw_out_open(in_dir("w.txt"), err, sizeof err);
        irhw_out *stream = irhw_out_stream(in_dir("s.csv"), err, sizeof err);
        if (!whole || !stream || irhw_mkdirs(in_dir("priv/a/b")) ||
            irhw_write_file(in_dir("priv/a/b/f"), "x\n", err, sizeof err))
            _exit(1);
        irhw_signal_file(in_dir("priv"), IRHW_ON_SIGNAL_REMOVE);
        irhw_out_printf(whole, "half\n");
        irhw_out_printf(stream, "row\n");
        fflush(irhw_out_file(whole));
        fflush(irhw_out_file(stream));
        pid_t kid = irhw_fork();
        if (kid == 0) {
            for (;;)
                pause();
        }
        if (write(fds[1], &kid, sizeof kid) != sizeof kid)
            _exit(1);
        raise(SIGTERM);
        _exit(2);
    }
    close(fds[1]);
    pid_t kid = 0;
    ck_assert(read(fds[0], &kid, sizeof kid) == sizeof kid);
    int st;
    ck_assert(waitpid(pid, &st, 0) == pid);
    ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "status %d", st);
    ck_assert_str_eq(listing(), "s.csv.partial");
    ck_assert(kill(kid, 0) != 0);
}
END_TEST

/* Every @KEY@ replaced, in one pass: a value holding a field stays as it
 * is, an @ that opens no key stays, a key is matched whole. */
START_TEST(template_fields_once)
{
    const char *keys[] = {"TOP", "TOP_V", "FILES"};
    const char *vals[] = {"m", "m.v", "\"@TOP@\" a@b"};
    char *t = irhw_template_fill("read @FILES@; top @TOP@ @TOP_V@ @TOPX@ a@b @", keys, vals, 3);
    ck_assert_ptr_nonnull(t);
    ck_assert_str_eq(t, "read \"@TOP@\" a@b; top m m.v @TOPX@ a@b @");
    free(t);
    t = irhw_template_fill("", keys, vals, 3);
    ck_assert_str_eq(t, "");
    free(t);
}
END_TEST

/* irhw_wait_any: 0 when no child ends in time (and no longer than asked),
 * the child's pid and status when one does. */
START_TEST(wait_any_times_out_then_reaps)
{
    int fds[2];
    ck_assert(pipe(fds) == 0);
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        char c;
        close(fds[1]);
        _exit(read(fds[0], &c, 1) == 1 ? 7 : 1);
    }
    close(fds[0]);
    int st = 0;
    double t0 = irhw_now_s();
    ck_assert_int_eq(irhw_wait_any(&st, 0.2), 0);
    double took = irhw_now_s() - t0;
    ck_assert_msg(took >= 0.19 && took < 1.0, "waited %.3f s for 0.2", took);
    ck_assert(write(fds[1], "x", 1) == 1);
    pid_t w;
    while ((w = irhw_wait_any(&st, 5.0)) < 0 && errno == EINTR)
        ;
    ck_assert_int_eq(w, pid);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 7);
    close(fds[1]);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("files");
    TCase *t = tcase_create("out");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, write_ok);
    tcase_add_test(t, write_too_large_new);
    tcase_add_test(t, write_too_large_keeps_previous);
    tcase_add_test(t, write_dev_full);
    tcase_add_test(t, write_through_symlink);
    tcase_add_test(t, write_bad_names);
    tcase_add_test(t, out_pieces_and_abort);
    tcase_add_test(t, stream_partial);
    tcase_add_test(t, stream_ok);
    tcase_add_test(t, adopt_whole_or_not);
    tcase_add_test(t, io_output_file_is_an_input);
    tcase_add_test(t, io_output_folder_overlaps_an_input);
    tcase_add_test(t, signal_cleans_up);
    tcase_add_test(t, template_fields_once);
    tcase_add_test(t, wait_any_times_out_then_reaps);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return irhw_check_run(suite());
}
