/*
 * vbuild.c — Verilator build with a content-hash cache (see vbuild.h).
 *
 * Cache key: FNV-1a/64 over the tool version, `verilator --version`, the
 * compiler flags, the trace format, and the text of every Verilog file,
 * wrapper and shim that goes into the build. A hit costs reading sim.so
 * once (its manifest checked) and one dlopen.
 *
 * Every cache entry (a model, the Verilator runtime, its precompiled
 * headers, the FST library) is an entry of model/cache.h: built whole in a
 * private folder, sealed with a manifest, renamed into place, one builder
 * at a time. The build runs in a process group of its own that dies with
 * irhw (irhw_run_group).
 */

#include "vbuild.h"

#include "cache.h"
#include "hash.h"
#include "scgen.h"
#include "vshim.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gnu/libc-version.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CXXFLAGS_BASE "-fPIC -std=gnu++17 -w -faligned-new"
#define CXXFLAGS_COMMON "-O1 " CXXFLAGS_BASE
/* The fast code: GCC's instruction combiner is most of the compile time of a
 * large model's long straight-line functions; two-insn combinations only. Its
 * value numbering walks the aliasing stores of those functions: at most 100
 * queries a load (docs/speed.md, "How a Verilated model is built"). */
#define CXXFLAGS_FAST                                                                              \
    CXXFLAGS_COMMON " --param max-combine-insns=2 --param sccvn-max-alias-queries-per-access=100"
/* Verilator's slow code (constructors, initial settle, trace declarations)
 * runs once: compiled without optimisation, it builds several times faster. */
#define CXXFLAGS_SLOW "-O0 " CXXFLAGS_BASE

/* The compiler of the slow code: clang++ when installed (IRHW_SLOW_CXX
 * overrides). At -O0 with its own precompiled header clang compiles hwwl's
 * slow code in about half GCC's time (0.36-0.50 s against 0.66-0.73 s of
 * CPU), while at -O1 on the fast code the two take the same time, so the
 * fast code, whose speed matters, stays with g++. Both use libstdc++ and the
 * same C++ ABI; the objects link into one sim.so. */
static const char *slow_cxx(void)
{
    const char *e = getenv("IRHW_SLOW_CXX");
    if (e && *e && !strchr(e, '\''))
        return e;
    return irhw_find_in_path("clang++") ? "clang++" : "g++";
}

/* First line of a command's output (tool versions). */
static void cmd_output(const char *cmd, char *buf, size_t len)
{
    buf[0] = 0;
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    if (!fgets(buf, (int)len, p))
        buf[0] = 0;
    pclose(p);
    buf[strcspn(buf, "\n")] = 0;
}

/* Tail of a log: the lines a user needs to see why a build failed. */
static void log_tail(const char *log, char *buf, size_t len)
{
    size_t n;
    char *t = irhw_read_file(log, &n);
    buf[0] = 0;
    if (!t)
        return;
    size_t start = n > len - 1 ? n - (len - 1) : 0;
    snprintf(buf, len, "%s", t + start);
    free(t);
}

static const char *cache_root(const irhw_build_req *q, char *buf, size_t len)
{
    if (q->cache_dir)
        return q->cache_dir;
    const char *e = getenv("IRHW_CACHE");
    if (e && *e)
        return e;
    snprintf(buf, len, "%s/build/cache", irhw_root());
    return buf;
}

/* The program `verilator` is a Perl wrapper that finds verilator_bin and runs
 * it; its start alone costs 0.1 s (much more on a loaded machine) a call, so
 * irhw runs verilator_bin as the wrapper would: $VERILATOR_ROOT/bin, else
 * the search path, else the wrapper. Also kept: its unlimited stack. */
static const char *verilator_bin(void)
{
    static char bin[1100];
    if (bin[0])
        return bin;
    const char *r = getenv("VERILATOR_ROOT");
    if (r && *r && strlen(r) < 1000) {
        snprintf(bin, sizeof bin, "%s/bin/verilator_bin", r);
        if (access(bin, X_OK) == 0) {
            snprintf(bin, sizeof bin, "'%s/bin/verilator_bin'", r);
            return bin;
        }
    }
    snprintf(bin, sizeof bin, "%s",
             irhw_find_in_path("verilator_bin") ? "verilator_bin" : "verilator");
    return bin;
}

/* Verilator allocates its syntax tree a node at a time: with jemalloc
 * preloaded (Debian's libjemalloc2, when installed) it verilates hwwl about
 * a third faster (0.9-1.1 s -> 0.6-0.8 s on this 2-core machine), the same
 * C++ out. The library is looked for beside the C library (the multiarch
 * folder) and under /usr. "" when it is not there, else the shell words that
 * preload it, before any preload already set. */
static const char *verilator_env(void)
{
    static char env[2200];
    static int done;
    if (done)
        return env;
    done = 1;
    Dl_info di;
    if (!dladdr((void *)gnu_get_libc_version, &di) || !di.dli_fname || !strchr(di.dli_fname, '/'))
        return env;
    int dl = (int)(strrchr(di.dli_fname, '/') - di.dli_fname);
    for (int usr = 0; usr < 2; usr++) {
        char p[1100];
        snprintf(p, sizeof p, "%s%.*s/libjemalloc.so.2", usr ? "/usr" : "", dl, di.dli_fname);
        if (!strchr(p, '\'') && access(p, R_OK) == 0) {
            snprintf(env, sizeof env, "LD_PRELOAD='%s'${LD_PRELOAD:+:$LD_PRELOAD} ", p);
            break;
        }
    }
    return env;
}

static void verilator_root(char *buf, size_t len)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "%s --getenv VERILATOR_ROOT 2>/dev/null", verilator_bin());
    cmd_output(cmd, buf, len);
    if (!buf[0])
        snprintf(buf, len, "/usr/share/verilator");
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Builds entry dir holding file (a path in dir; what names it in messages)
 * once, by the shell line cmd run in the private folder. */
static int build_once(const char *dir, const char *file, const char *what, const char *cmd,
                      char *err, size_t errlen)
{
    irhw_entry e = {.say = NULL};
    int found;
    if (irhw_entry_begin(&e, dir, &found, err, errlen))
        return -1;
    if (found)
        return 0;
    char log[4600];
    snprintf(log, sizeof log, "%s/build.log", e.tmp);
    fprintf(stderr, "irhw: building the %s once (%s)\n", what, dir);
    if (irhw_entry_run(&e, cmd, log) != 0) {
        char tail[1200], failed[4500];
        irhw_entry_end(&e, failed, sizeof failed);
        snprintf(log, sizeof log, "%s/build.log", failed);
        log_tail(log, tail, sizeof tail);
        return irhw_err(err, errlen, "building the %s failed (%s):\n%s", what, log, tail);
    }
    const char *name = base_name(file);
    return irhw_entry_commit(&e, &name, 1, err, errlen);
}

/* `verilator --version` into vver, or -1 with what to install. */
static int verilator_version(char *vver, size_t len, char *err, size_t errlen)
{
    char vcmd[1200];
    snprintf(vcmd, sizeof vcmd, "%s --version 2>/dev/null", verilator_bin());
    cmd_output(vcmd, vver, len);
    if (!vver[0])
        return irhw_err(err, errlen,
                        "verilator not found: install the Debian package verilator "
                        "(or run `make deps`)");
    return 0;
}

/* The Verilator runtime, compiled once per Verilator version into an archive;
 * sc_flags non-empty: the SystemC variant (VM_SC=1, SystemC trace classes). */
/* The runtime's vl_stop_maybe, which Verilator calls on a failed
 * assertion (--assert) or $stop, is irhw's: it records the first one's
 * file, line and rising clock edge (the shim counts them in irhw_edges)
 * for irhw_stop_info and lets the simulation go on, so that co-simulation
 * gives it as a verdict (cosim.c) instead of the process ending. */
/* Co-simulation checks the blocks' assertions (vw_assert: gen/vlog.c). */
#define ASSERT_FLAGS "--assert +define+IRHW_ASSERT"
#define RUNTIME_DEFS                                                                               \
    "-DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=1 -DVL_USER_STOP_MAYBE -DVL_USER_FATAL "         \
    "-include irhw_stop.h"
/* vl_fatal is irhw's too: Verilator's VCD writer reports a failed write
 * through it while holding the writer's lock, and Verilator's own vl_fatal
 * flushes the writer again (a deadlock in 5.006). irhw's keeps the errno in
 * irhw_vrt_vcd_errno and returns (the writer then closes the file and
 * writes no more); any other fatal error ends the run as Verilator's
 * does, without that flush. */
static const char irhw_stop_cpp[] =
    "#include \"verilated.h\"\n"
    "#include <cerrno>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
    "extern \"C\" {\n"
    "int irhw_vrt_vcd_errno;\n"
    "unsigned long long irhw_edges;\n"
    "static const char *stop_file;\n"
    "static int stop_line;\n"
    "static unsigned long long stop_edge;\n"
    "int irhw_stop_info(const char **file, int *line, unsigned long long *edge) {\n"
    "    *file = stop_file; *line = stop_line; *edge = stop_edge; return stop_file != 0;\n"
    "}\n"
    "}\n"
    "void vl_stop_maybe(const char *filename, int linenum, const char *, bool) {\n"
    "    if (stop_file) return;\n"
    "    stop_file = filename && *filename ? filename : \"?\";\n"
    "    stop_line = linenum; stop_edge = irhw_edges;\n"
    "}\n"
    "void vl_fatal(const char *filename, int linenum, const char *, const char *msg) {\n"
    "    if (!std::strncmp(msg, \"VerilatedVcd::bufferFlush: \", 27)) {\n"
    "        if (!irhw_vrt_vcd_errno) irhw_vrt_vcd_errno = errno ? errno : EIO;\n"
    "        return;\n"
    "    }\n"
    "    Verilated::threadContextp()->gotError(true);\n"
    "    Verilated::threadContextp()->gotFinish(true);\n"
    "    if (filename && filename[0])\n"
    "        std::fprintf(stderr, \"%%Error: %s:%d: %s\\n\", filename, linenum, msg);\n"
    "    else\n"
    "        std::fprintf(stderr, \"%%Error: %s\\n\", msg);\n"
    "    Verilated::runExitCallbacks();\n"
    "    std::abort();\n"
    "}\n";

/* Verilator's FST writer (the deeper depths) as the runtime compiles it:
 * fstapi.c checks none of its writes, so its fwrite, fflush and fclose go
 * through irhw's, which keep the first failure's errno in
 * irhw_vrt_fst_errno for the shim (irhw_vshim_shim). The C++ headers come first,
 * so that the names are replaced in verilated_fst_c.cpp and fstapi.c only. */
static const char irhw_fst_c_cpp[] =
    "#include <algorithm>\n#include <cerrno>\n#include <cstdio>\n#include <cstring>\n"
    "#include <iterator>\n#include <list>\n#include <map>\n#include <sstream>\n"
    "#include <string>\n#include <vector>\n"
    "#include \"verilated.h\"\n#include \"verilated_fst_c.h\"\n"
    "#include \"verilated_threads.h\"\n#include \"verilated_trace.h\"\n"
    "extern \"C\" int irhw_vrt_fst_errno;\n"
    "int irhw_vrt_fst_errno;\n"
    "static void irhw_fail(void) {\n"
    "    if (!irhw_vrt_fst_errno) irhw_vrt_fst_errno = errno ? errno : EIO;\n}\n"
    "static size_t irhw_fwrite(const void *p, size_t n, size_t k, FILE *f) {\n"
    "    size_t r = fwrite(p, n, k, f);\n    if (r < k) irhw_fail();\n    return r;\n}\n"
    "static int irhw_fflush(FILE *f) {\n"
    "    int r = fflush(f);\n    if (r) irhw_fail();\n    return r;\n}\n"
    "static int irhw_fclose(FILE *f) {\n"
    "    int e = ferror(f), r = fclose(f);\n    if (e || r) irhw_fail();\n    return r;\n}\n"
    "#define fwrite irhw_fwrite\n#define fflush irhw_fflush\n#define fclose irhw_fclose\n"
    "#include \"verilated_fst_c.cpp\"\n";

static int ensure_runtime(const char *croot, const char *vver, const char *sc_flags, char *lib,
                          size_t liblen, char *err, size_t errlen)
{
    uint64_t f = IRHW_HASH_INIT;
    f = irhw_hash_str(f, vver);
    f = irhw_hash_str(f, CXXFLAGS_COMMON);
    f = irhw_hash_str(f, RUNTIME_DEFS);
    f = irhw_hash_str(f, irhw_stop_cpp);
    f = irhw_hash_str(f, irhw_fst_c_cpp);
    if (*sc_flags)
        f = irhw_hash_str(f, sc_flags);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/vrt-%s%016" PRIx64, croot, *sc_flags ? "sc-" : "", f);
    snprintf(lib, liblen, "%s/libvrt.a", dir);
    if (access(lib, R_OK) == 0)
        return 0;
    char vroot[1024], cmd[16384];
    verilator_root(vroot, sizeof vroot);
    snprintf(
        cmd, sizeof cmd,
        "echo 'void vl_stop_maybe(const char *, int, const char *, bool);' > irhw_stop.h && "
        "echo 'void vl_fatal(const char *, int, const char *, const char *);' >> irhw_stop.h && "
        "cat > irhw_stop.cpp <<'IRHW_EOF' && cat > irhw_fst_c.cpp <<'IRHW_EOF2' && "
        "for f in verilated verilated_threads verilated_vcd_c%s; do "
        "g++ " CXXFLAGS_COMMON " " RUNTIME_DEFS " %s "
        "-I'%s/include' -I'%s/include/vltstd' -c '%s/include/'$f.cpp -o $f.o & done; "
        "g++ " CXXFLAGS_COMMON " " RUNTIME_DEFS " %s -I'%s/include' -I'%s/include/vltstd' "
        "-c irhw_fst_c.cpp -o verilated_fst_c.o & "
        "g++ " CXXFLAGS_COMMON " " RUNTIME_DEFS " %s -I'%s/include' -I'%s/include/vltstd' "
        "-c irhw_stop.cpp -o irhw_stop.o; wait; "
        "ar rcs libvrt.a verilated.o verilated_threads.o verilated_vcd_c.o verilated_fst_c.o "
        "irhw_stop.o%s\n%sIRHW_EOF\n%sIRHW_EOF2\n",
        *sc_flags ? " verilated_vcd_sc verilated_fst_sc" : "", sc_flags, vroot, vroot, vroot,
        sc_flags, vroot, vroot, sc_flags, vroot, vroot,
        *sc_flags ? " verilated_vcd_sc.o verilated_fst_sc.o" : "", irhw_stop_cpp, irhw_fst_c_cpp);
    return build_once(dir, lib, "Verilator runtime", cmd, err, errlen);
}

/* The FST library Verilator ships (include/gtkwave: fstapi.c with the
 * LZ4 and FastLZ coders it includes), compiled once per Verilator version
 * into a shared library for irhw's own default-depth writer (portwave.h),
 * with its parallel mode compiled in, as Verilator compiles it (the writer
 * leaves it off: portwave.c), and one function of irhw's:
 * irhw_fst_block_bytes sets the block size, which fstapi.c keeps in its
 * private context (128 MB; the buffer also holds one dump's changes
 * beyond it, and grows when one dump needs more). Two more are the writer's
 * hot path, fstapi.c's own with less work a call (callgrind, wl_bank, two
 * dumps a cycle): irhw_fst_time is fstWriterEmitTimeChange with the time
 * step put a byte at a time, unlocked (fwrite's lock and generic path were
 * 130 of its 172 instructions); irhw_fst_value takes the value as words
 * and writes its '0'/'1' characters straight into the block, where
 * fstWriterEmitValueChange copies them from a string the caller built.
 * Both hand anything else (the first time, a full block, a variable-length
 * signal) to fstapi.c's functions. fstapi.c checks none of its writes:
 * its fwrite, fflush and fclose go through irhw's, which keep the first
 * failure's errno for irhw_fst_error (0: none; one trace a process).
 * irhw_fst_bytes: the file's size so far plus the block being gathered,
 * uncompressed (what the file will reach at most once that is written). */
#define FST_CFLAGS "-O2 -fPIC -shared -w -pthread -DHAVE_LIBPTHREAD -DFST_WRITER_PARALLEL"
static const char fst_wrapper[] =
    "#define FST_CONFIG_INCLUDE \"fst_config.h\"\n"
    "#include <errno.h>\n"
    "#include <stdio.h>\n"
    "static int irhw_fst_errno;\n"
    "static void irhw_fst_fail(void)\n"
    "{\n"
    "    if (!irhw_fst_errno)\n"
    "        irhw_fst_errno = errno ? errno : EIO;\n"
    "}\n"
    "static size_t irhw_fwrite(const void *p, size_t n, size_t k, FILE *f)\n"
    "{\n"
    "    size_t r = fwrite(p, n, k, f);\n"
    "    if (r < k)\n"
    "        irhw_fst_fail();\n"
    "    return r;\n"
    "}\n"
    "static int irhw_fflush(FILE *f)\n"
    "{\n"
    "    int r = fflush(f);\n"
    "    if (r)\n"
    "        irhw_fst_fail();\n"
    "    return r;\n"
    "}\n"
    "static int irhw_fclose(FILE *f)\n"
    "{\n"
    "    int e = ferror(f), r = fclose(f);\n"
    "    if (e || r)\n"
    "        irhw_fst_fail();\n"
    "    return r;\n"
    "}\n"
    "#define fwrite irhw_fwrite\n"
    "#define fflush irhw_fflush\n"
    "#define fclose irhw_fclose\n"
    "#include \"fastlz.c\"\n"
    "#include \"fstapi.c\"\n"
    "#include \"lz4.c\"\n"
    "int irhw_fst_error(void)\n"
    "{\n"
    "    return irhw_fst_errno;\n"
    "}\n"
    "uint64_t irhw_fst_bytes(void *ctx)\n"
    "{\n"
    "    struct fstWriterContext *xc = (struct fstWriterContext *)ctx;\n"
    "    fst_off_t n = ftello(xc->handle);\n"
    "    return (n > 0 ? (uint64_t)n : 0) + xc->vchg_siz;\n"
    "}\n"
    "void irhw_fst_block_bytes(void *ctx, size_t n)\n"
    "{\n"
    "    struct fstWriterContext *xc = (struct fstWriterContext *)ctx;\n"
    "    unsigned char *m = (unsigned char *)realloc(xc->vchg_mem, 2 * n);\n"
    "    if (!m)\n"
    "        return;\n"
    "    xc->vchg_mem = m;\n"
    "    xc->vchg_alloc_siz = 2 * n;\n"
    "    xc->fst_break_size = xc->fst_orig_break_size = n;\n"
    "    xc->fst_break_add_size = xc->fst_orig_break_add_size = n;\n"
    "}\n"
    "void irhw_fst_time(void *ctx, uint64_t tim)\n"
    "{\n"
    "    struct fstWriterContext *xc = (struct fstWriterContext *)ctx;\n"
    "    if (xc->is_initial_time || xc->vchg_siz >= xc->fst_break_size || "
    "xc->flush_context_pending) {\n"
    "        fstWriterEmitTimeChange(ctx, tim);\n"
    "        return;\n"
    "    }\n"
    "    uint64_t v = tim - xc->curtime;\n"
    "    for (; v >> 7; v >>= 7)\n"
    "        putc_unlocked((int)(v & 0x7f) | 0x80, xc->tchn_handle);\n"
    "    putc_unlocked((int)v, xc->tchn_handle);\n"
    "    xc->tchn_idx++;\n"
    "    xc->tchn_cnt++;\n"
    "    xc->curtime = tim;\n"
    "}\n"
    "static uint64_t irhw_chars[256];\n"
    "void irhw_fst_value(void *ctx, fstHandle handle, const uint64_t *w)\n"
    "{\n"
    "    struct fstWriterContext *xc = (struct fstWriterContext *)ctx;\n"
    "    if (!xc->valpos_mem) {\n"
    "        xc->vc_emitted = 1;\n"
    "        fstWriterCreateMmaps(xc);\n"
    "    }\n"
    "    uint32_t *vm4ip = &xc->valpos_mem[4 * (handle - 1)];\n"
    "    uint32_t len = vm4ip[1], i, fpos = xc->vchg_siz;\n"
    "    if (!irhw_chars[0])\n"
    "        for (i = 0; i < 256; i++)\n"
    "            for (int b = 0; b < 8; b++)\n"
    "                ((char *)&irhw_chars[i])[b] = (char)('0' + ((i >> (7 - b)) & 1));\n"
    "    if (!len || xc->is_initial_time || fpos + len + 10 > xc->vchg_alloc_siz) {\n"
    "        char s[len + 1];\n"
    "        for (i = 0; i < len; i++)\n"
    "            s[i] = (char)('0' + ((w[(len - 1 - i) / 64] >> ((len - 1 - i) % 64)) & 1));\n"
    "        s[len] = 0;\n"
    "        fstWriterEmitValueChange(ctx, handle, s);\n"
    "        return;\n"
    "    }\n"
    "    unsigned char *p = xc->vchg_mem + fpos;\n"
    "    uint32_t d = xc->tchn_idx - vm4ip[3];\n"
    "    memcpy(p, &vm4ip[2], 4);\n"
    "    p += 4;\n"
    "    for (; d >> 7; d >>= 7)\n"
    "        *p++ = (unsigned char)(d | 0x80);\n"
    "    *p++ = (unsigned char)d;\n"
    "    for (i = len; i % 8; i--)\n"
    "        *p++ = (unsigned char)('0' + ((w[(i - 1) / 64] >> ((i - 1) % 64)) & 1));\n"
    "    for (; i; i -= 8, p += 8)\n"
    "        memcpy(p, &irhw_chars[(w[(i - 8) / 64] >> ((i - 8) % 64)) & 0xff], 8);\n"
    "    xc->vchg_siz = (uint32_t)(p - xc->vchg_mem);\n"
    "    vm4ip[3] = xc->tchn_idx;\n"
    "    vm4ip[2] = fpos;\n"
    "}\n";
int irhw_fst_lib(const char *cache_dir, char *path, size_t len, char *err, size_t errlen)
{
    char cbuf[4096], vver[256];
    irhw_build_req cq = {.cache_dir = cache_dir};
    const char *croot = cache_root(&cq, cbuf, sizeof cbuf);
    if (verilator_version(vver, sizeof vver, err, errlen))
        return -1;
    uint64_t f = IRHW_HASH_INIT;
    f = irhw_hash_str(f, vver);
    f = irhw_hash_str(f, FST_CFLAGS);
    f = irhw_hash_str(f, fst_wrapper);
    char dir[4200], vroot[1024], cmd[8000];
    snprintf(dir, sizeof dir, "%s/fst-%016" PRIx64, croot, f);
    snprintf(path, len, "%s/libfst.so", dir);
    if (access(path, R_OK) == 0)
        return 0;
    verilator_root(vroot, sizeof vroot);
    snprintf(cmd, sizeof cmd,
             "cat > fst.c <<'IRHW_EOF' && "
             "cc " FST_CFLAGS " -I'%s/include/gtkwave' fst.c -o libfst.so -lz\n"
             "%sIRHW_EOF\n",
             vroot, fst_wrapper);
    return build_once(dir, path, "FST library", cmd, err, errlen);
}

/* verilated.h and the trace format's header precompiled, at -O1 by g++ (fast
 * code) and at -O0 by the slow code's compiler (slow_cxx), once per trace
 * format in the runtime's folder: parsing the Verilator headers is most of a
 * small model's compile. pch gets the folder, use[0] and use[1] the options
 * that include the header at -O1 and -O0; on failure the build goes on
 * without (returns -1). GCC finds its vpch.h.gch beside the vpch.h named by
 * -include. A clang PCH names the header it was built from by its path and
 * is refused when that is gone, so it is built from Verilator's own header
 * (verilated.h, or the trace format's, which includes it), never from a
 * file in the cache, which may be reached by another path or copied. */
static int ensure_pch(const char *lib, irhw_trace trace, const char *defs, const char *vroot,
                      const char *scxx, char *pch, char use[2][4500])
{
    static const char *fmt[] = {"none", "vcd", "fst"};
    static const char *vh[] = {"verilated.h", "verilated_vcd_c.h", "verilated_fst_c.h"};
    int clang = strstr(scxx, "clang") != NULL;
    char gch[4200], line[16384], log[4600], src[1200] = "O0/vpch.h", who[72] = "";
    if (strcmp(scxx, "g++") != 0) { /* a folder per slow-code compiler: pch-none-clang++ */
        snprintf(who, sizeof who, "-%.64s", scxx);
        for (char *c = who + 1; *c; c++)
            if (!isalnum((unsigned char)*c) && !strchr("+.-", *c))
                *c = '_';
    }
    snprintf(pch, 4400, "%.*s/pch-%s%s", (int)(strrchr(lib, '/') - lib), lib, fmt[trace], who);
    snprintf(gch, sizeof gch, "%s/O0/vpch.h.%s", pch, clang ? "pch" : "gch");
    snprintf(use[0], 4500, "-include '%s/O1/vpch.h'", pch);
    if (clang) {
        snprintf(use[1], 4500, "-include-pch '%s'", gch);
        snprintf(src, sizeof src, "%s/include/%s", vroot, vh[trace]);
    } else
        snprintf(use[1], 4500, "-include '%s/O0/vpch.h'", pch);
    irhw_entry e = {.say = NULL};
    int found;
    if (irhw_entry_begin(&e, pch, &found, NULL, 0))
        return -1;
    if (found)
        return 0;
    snprintf(log, sizeof log, "%s/build.log", e.tmp);
    const char *th = trace == IRHW_TRACE_FST   ? "#include \"verilated_fst_c.h\"\\n"
                     : trace == IRHW_TRACE_VCD ? "#include \"verilated_vcd_c.h\"\\n"
                                               : "";
    snprintf(line, sizeof line,
             "mkdir O1 O0 && printf '#include \"verilated.h\"\\n%s' > O1/vpch.h && "
             "cp O1/vpch.h O0/ && { g++ " CXXFLAGS_COMMON " %s -I'%s/include' "
             "-I'%s/include/vltstd' -x c++-header O1/vpch.h -o O1/vpch.h.gch & p=$!; "
             "'%s' " CXXFLAGS_SLOW " %s %s -I'%s/include' -I'%s/include/vltstd' -x c++-header "
             "'%s' -o O0/vpch.h.%s && wait $p; }",
             th, defs, vroot, vroot, scxx, clang ? "-Xclang -fno-pch-timestamp" : "", defs, vroot,
             vroot, src, clang ? "pch" : "gch");
    const char *files[] = {"O1/vpch.h", "O1/vpch.h.gch", "O0/vpch.h",
                           clang ? "O0/vpch.h.pch" : "O0/vpch.h.gch"};
    if (irhw_entry_run(&e, line, log) != 0) {
        irhw_entry_end(&e, NULL, 0);
        return -1;
    }
    return irhw_entry_commit(&e, files, 4, NULL, 0);
}

/* The block's Verilator configuration (irhw_block.verilator_config), or
 * NULL when it has none. */
static char *verilator_config(const irhw_inst *x)
{
    if (!x->b->verilator_config)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fputs("`verilator_config\n", f);
    long start = ftell(f);
    x->b->verilator_config(x, f);
    int empty = ftell(f) == start;
    fclose(f);
    if (empty) {
        free(buf);
        return NULL;
    }
    return buf;
}

int irhw_rtl_build(const irhw_build_req *q, char *so_path, size_t len, int *cached, char *err,
                   size_t errlen)
{
    char cbuf[4096], top[128], vver[256];
    const char *croot = cache_root(q, cbuf, sizeof cbuf);
    snprintf(top, sizeof top, "%s", q->x->module);
    if (verilator_version(vver, sizeof vver, err, errlen))
        return -1;
    if (irhw_mkdirs(croot))
        return irhw_err(err, errlen, "cannot create cache folder %s: %s", croot, strerror(errno));

    /* Everything that goes into the build, hashed. */
    char *design = NULL, *vlt = NULL;
    if (!q->nrtl) {
        design = irhw_generate(q->x, err, errlen);
        if (!design)
            return -1;
        vlt = verilator_config(q->x);
    }
    char *wrap = irhw_vshim_wrapper(&q->x->ps, top, q->trace && q->wave_depth <= 1, !q->systemc);
    /* SystemC: the shim elaborates the Verilated model beside the wrapped C
     * model (scgen.c), whose header and irhw.h's layout go into the hash. */
    char sc_flags[1024] = "", sc_libs[1024] = "", sc_cls[160] = "", sc_inc[4200] = "";
    char *sc_hdr = NULL, *irhw_h = NULL;
    if (q->systemc) {
        char pc[900];
        cmd_output("pkg-config --libs systemc 2>/dev/null", sc_libs, sizeof sc_libs);
        if (!sc_libs[0]) {
            free(design);
            free(vlt);
            free(wrap);
            return irhw_err(err, errlen,
                            "SystemC not found by `pkg-config systemc`: install the "
                            "Debian package libsystemc-dev (or run `make deps`)");
        }
        cmd_output("pkg-config --cflags systemc 2>/dev/null", pc, sizeof pc);
        snprintf(sc_flags, sizeof sc_flags, "-DVM_SC=1 %s", pc);
        snprintf(sc_inc, sizeof sc_inc, "-I'%s/model'", irhw_root());
        irhw_sc_class(q->x, sc_cls, sizeof sc_cls);
        sc_hdr = irhw_sc_header(q->x);
        char hp[4200];
        snprintf(hp, sizeof hp, "%s/model/irhw.h", irhw_root());
        irhw_h = irhw_read_file(hp, NULL);
    }
    char *shim = q->systemc ? irhw_sc_shim(q->x, q->trace == IRHW_TRACE_FST   ? 2
                                                 : q->trace == IRHW_TRACE_VCD ? 1
                                                                              : 0)
                            : irhw_vshim_shim(&q->x->ps, q->trace);
    if (!wrap || !shim || (q->systemc && !sc_hdr)) {
        free(design);
        free(vlt);
        free(wrap);
        free(shim);
        free(sc_hdr);
        free(irhw_h);
        return irhw_err(err, errlen, "out of memory writing the simulation wrapper");
    }
    /* (--trace-threads 1 measured slower on this 2-core machine: the FST
     * thread competes with the simulation for a core.) */
    char tflag[80];
    snprintf(tflag, sizeof tflag, "%s%s",
             q->trace == IRHW_TRACE_FST   ? "--trace-fst --trace-structs"
             : q->trace == IRHW_TRACE_VCD ? "--trace --trace-structs"
                                          : "",
             /* the default depth (SystemC; portwave.h for the C loop):
              * irhw_tb's signals only. Both this and
              * the wrapper's tracing_off are needed: the tracing_off
              * reaches the block's inlined modules and not those Verilator
              * keeps apart (hwwl's cores: every signal was still checked
              * for changes each dump); --trace-depth 2 reaches those and
              * not the inlined ones (hwwl_core: 372 of its 485 traced
              * signals without the tracing_off) */
             q->trace && q->wave_depth <= 1 ? " --trace-depth 2" : "");
    uint64_t f = IRHW_HASH_INIT;
    f = irhw_hash_str(f, IRHW_VERSION);
    f = irhw_hash_str(f, vver);
    f = irhw_hash_str(f, q->no_assert ? "" : ASSERT_FLAGS);
    f = irhw_hash_str(f, CXXFLAGS_FAST);
    f = irhw_hash_str(f, CXXFLAGS_SLOW);
    const char *xv = getenv("IRHW_VERILATOR_FLAGS");
    f = irhw_hash_str(f, xv ? xv : "");
    const char *xf = getenv("IRHW_FAST_FLAGS");
    f = irhw_hash_str(f, xf ? xf : "");
    f = irhw_hash_field(f, &q->trace, sizeof q->trace);
    f = irhw_hash_str(f, tflag);
    f = irhw_hash_str(f, top);
    f = irhw_hash_str(f, wrap);
    f = irhw_hash_str(f, shim);
    if (q->systemc) {
        f = irhw_hash_str(f, sc_flags);
        f = irhw_hash_str(f, sc_libs);
        f = irhw_hash_str(f, sc_hdr);
        f = irhw_hash_str(f, irhw_h ? irhw_h : "");
    }
    int rc = -1;
    irhw_entry e = {.lock = -1};
    if (design)
        f = irhw_hash_str(f, design);
    if (vlt)
        f = irhw_hash_str(f, vlt);
    for (unsigned i = 0; i < q->nrtl; i++) {
        char *t = irhw_read_file(q->rtl_files[i], NULL);
        if (!t) {
            irhw_err(err, errlen, "cannot read --rtl file %s: %s", q->rtl_files[i],
                     strerror(errno));
            goto out;
        }
        f = irhw_hash_str(f, q->rtl_files[i]);
        f = irhw_hash_str(f, t);
        free(t);
    }
    {
        /* The leaf cells in rtl/ are found by -y: hash the ones it uses. */
        const char *lv[IRHW_MAX_LEAVES];
        unsigned nl = q->x->b->leaf_cells ? q->x->b->leaf_cells(q->x, lv) : 0;
        for (unsigned i = 0; i < nl; i++) {
            char p[4096];
            snprintf(p, sizeof p, "%s/rtl/%s", irhw_root(), lv[i]);
            char *t = irhw_read_file(p, NULL);
            if (t) {
                f = irhw_hash_str(f, t);
                free(t);
            }
        }
    }
    char dir[4300];
    snprintf(dir, sizeof dir, "%s/%s-%s%016" PRIx64, croot, q->x->b->name, q->systemc ? "sc-" : "",
             f);
    snprintf(so_path, len, "%s/sim.so", dir);
    if (irhw_entry_begin(&e, dir, cached, err, errlen) || *cached) {
        rc = *cached ? 0 : -1; /* found, or an error */
        goto out;
    }
    char lib[4400];
    if (ensure_runtime(croot, vver, sc_flags, lib, sizeof lib, err, errlen))
        goto out;

    char path[4600], log[4600], vroot[1024];
    const char *tmp = e.tmp;
    snprintf(log, sizeof log, "%s/build.log", tmp);
    verilator_root(vroot, sizeof vroot);
    if (!q->quiet)
        fprintf(stderr, "irhw: verilating %s into %s\n", top, dir);
    snprintf(path, sizeof path, "%s/irhw_tb.v", tmp);
    if (irhw_write_file(path, wrap, err, errlen))
        goto out;
    snprintf(path, sizeof path, "%s/shim.cpp", tmp);
    if (irhw_write_file(path, shim, err, errlen))
        goto out;
    if (q->systemc) {
        snprintf(path, sizeof path, "%s/%s.h", tmp, sc_cls);
        if (irhw_write_file(path, sc_hdr, err, errlen))
            goto out;
    }
    char files[16384] = "";
    if (design) {
        if (vlt) { /* the configuration first: it applies to the design after it */
            snprintf(path, sizeof path, "%s/irhw.vlt", tmp);
            if (irhw_write_file(path, vlt, err, errlen))
                goto out;
            snprintf(files, sizeof files, "irhw.vlt ");
        }
        snprintf(path, sizeof path, "%s/%s.v", tmp, top);
        if (irhw_write_file(path, design, err, errlen))
            goto out;
        snprintf(files + strlen(files), sizeof files - strlen(files), "'%s.v'", top);
    } else {
        size_t o = 0;
        for (unsigned i = 0; i < q->nrtl && o < sizeof files; i++) {
            char *abs = realpath(q->rtl_files[i], NULL);
            o +=
                (size_t)snprintf(files + o, sizeof files - o, " '%s'", abs ? abs : q->rtl_files[i]);
            free(abs);
        }
    }
    int vt = q->trace != IRHW_TRACE_NONE;
    char mk[8192], line[40000], defs[128], pch[4400], use_pch[2][4500] = {"", ""};
    snprintf(defs, sizeof defs, "-DVM_TRACE=%d -DVM_TRACE_FST=%d -DVM_TRACE_VCD=%d", vt,
             q->trace == IRHW_TRACE_FST, q->trace == IRHW_TRACE_VCD);
    /* the slow code's compiler: slow_cxx with its precompiled header; if
     * that cannot be built (a clang++ that does not work here: tried again
     * at the next build), g++ with GCC's; else g++ without */
    const char *scxx = slow_cxx();
    int have = 0;
    if (!q->systemc) {
        have = ensure_pch(lib, q->trace, defs, vroot, scxx, pch, use_pch) == 0;
        if (!have && strcmp(scxx, "g++") != 0) {
            scxx = "g++";
            have = ensure_pch(lib, q->trace, defs, vroot, scxx, pch, use_pch) == 0;
        }
    }
    if (!have) {
        scxx = "g++";
        use_pch[0][0] = use_pch[1][0] = 0;
    }
    /* Three translation units: the fast code (Verilator's VM_CLASSES_FAST, and
     * the shim) at CXXFLAGS_FAST in two halves, its files (Verilator splits
     * them at 5,000 statements) dealt largest first to the first half until it
     * holds 300 kB, then to the smaller half (a small model's second half is
     * empty, compiled without the header); the slow code (constructors,
     * initial settle, trace declarations; run once) at -O0 by slow_cxx().
     * Each includes its files like Verilator's __ALL.cpp: no duplicated
     * header parsing, and the headers precompiled. Built in parallel, for two cores; ccache when
     * installed (its sloppiness settings let it cache with the precompiled
     * header). */
    const char *cc = irhw_find_in_path("ccache") ? "ccache " : "";
    snprintf(mk, sizeof mk,
             "# Compiles the Verilated model and the shim into sim.so (irhw).\n"
             "export CCACHE_SLOPPINESS := pch_defines,time_macros\n"
             "FLAGS = %s -I%s/include -I%s/include/vltstd -Iobj %s %s\n"
             "CXX = %sg++ $(FLAGS)\nSLOWCXX = %s'%s' $(FLAGS)\n"
             "include obj/Vtb_classes.mk\n"
             "FAST = $(VM_CLASSES_FAST:%%=obj/%%.cpp) $(VM_SUPPORT_FAST:%%=obj/%%.cpp) shim.cpp\n"
             "SLOW = $(VM_CLASSES_SLOW:%%=obj/%%.cpp) $(VM_SUPPORT_SLOW:%%=obj/%%.cpp)\n"
             "HALF = { k = a < 300000 || a <= b; if (k) a += $$1; else b += $$1; "
             "print \"\\043include \\\"\" $$2 \"\\\"\" > (k ? \"fast1.cpp\" : \"fast2.cpp\") }\n"
             "sim.so: fast1.o fast2.o slow.o\n\tg++ -shared -o $@ $^ %s %s -lz -pthread -latomic\n"
             "fast1.cpp: $(FAST)\n\t: > fast2.cpp; stat -c '%%s %%n' $^ | sort -k1,1nr -k2 | "
             "awk '$(HALF)'\n"
             "fast2.cpp: fast1.cpp\n"
             "slow.cpp: $(SLOW)\n\tfor f in $^; do echo \"#include \\\"$$f\\\"\"; done > $@\n"
             "fast%%.o: fast%%.cpp\n\t$(CXX) " CXXFLAGS_FAST
             " %s $(if $(file <$<),%s) -c $< -o $@\n"
             "slow.o: slow.cpp\n\t$(SLOWCXX) " CXXFLAGS_SLOW " %s -c $< -o $@\n",
             defs, vroot, vroot, sc_flags, sc_inc, cc, cc, scxx, lib, sc_libs, xf ? xf : "",
             use_pch[0], use_pch[1]);
    snprintf(path, sizeof path, "%s/build.mk", tmp);
    if (irhw_write_file(path, mk, err, errlen))
        goto out;
    /* The Verilator command, kept in the folder beside build.mk (how the
     * model was built; tests/bench/cold_build.sh runs it again). */
    snprintf(line, sizeof line,
             "# Verilates the design into obj/ (irhw); run from this folder.\n"
             "{ ulimit -s unlimited 2>/dev/null || :; } && %s%s %s -Wno-fatal -Wno-lint "
             "-Wno-style -Wno-MULTITOP %s"
             " --output-split 5000 %s %s --prefix Vtb --top-module irhw_tb "
             "--Mdir obj -y '%s/rtl' +libext+.v %s irhw_tb.v\n",
             verilator_env(), verilator_bin(), q->systemc ? "--sc" : "--cc",
             q->no_assert ? "" : ASSERT_FLAGS, tflag, xv ? xv : "", irhw_root(), files);
    snprintf(path, sizeof path, "%s/verilate.sh", tmp);
    if (irhw_write_file(path, line, err, errlen))
        goto out;
    if (irhw_entry_run(&e, "sh verilate.sh && make -s -j 3 -f build.mk sim.so", log) != 0) {
        char tail[2000], failed[4500];
        irhw_entry_end(&e, failed, sizeof failed);
        snprintf(log, sizeof log, "%s/build.log", failed);
        log_tail(log, tail, sizeof tail);
        irhw_err(err, errlen, "Verilator build of %s failed (log: %s):\n%s", top, log, tail);
        goto out;
    }
    const char *so_file = "sim.so";
    rc = irhw_entry_commit(&e, &so_file, 1, err, errlen);
out:
    irhw_entry_end(&e, NULL, 0);
    free(design);
    free(vlt);
    free(wrap);
    free(shim);
    free(sc_hdr);
    free(irhw_h);
    return rc;
}

int irhw_rtl_open(const char *so_path, irhw_rtl *r, char *err, size_t errlen)
{
    return irhw_rtl_open_block(so_path, NULL, r, err, errlen);
}

int irhw_rtl_open_block(const char *so_path, const irhw_block *b, irhw_rtl *r, char *err,
                        size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->dl = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!r->dl)
        return irhw_err(err, errlen, "cannot load %s: %s", so_path, dlerror());
    void *(*mk)(void) = (void *(*)(void))dlsym(r->dl, "irhw_shim_new");
    void *(*sc_new)(const irhw_block *) =
        (void *(*)(const irhw_block *))dlsym(r->dl, "irhw_sc_new");
#define SYM(field, name) *(void **)(&r->field) = dlsym(r->dl, name)
    SYM(set_in, "irhw_shim_set_in");
    SYM(get_out, "irhw_shim_get_out");
    SYM(set_exp, "irhw_shim_set_exp");
    SYM(clock, "irhw_shim_clock");
    SYM(trace_open, "irhw_shim_trace_open");
    SYM(dump, "irhw_shim_dump");
    SYM(trace_close, "irhw_shim_trace_close");
    SYM(trace_limit, "irhw_shim_trace_limit");
    SYM(trace_stat, "irhw_shim_trace_stat");
    SYM(destroy, "irhw_shim_destroy");
    SYM(get_exp, "irhw_sc_get_exp");
    SYM(sc_model, "irhw_sc_model");
    SYM(stop_info, "irhw_stop_info");
#undef SYM
    if ((!mk && !sc_new) || !r->set_in || !r->get_out || !r->set_exp || !r->clock || !r->destroy ||
        (sc_new && (!b || !r->get_exp || !r->sc_model))) {
        dlclose(r->dl);
        memset(r, 0, sizeof *r);
        return irhw_err(err, errlen, "%s lacks the irhw shim entry points%s", so_path,
                        sc_new && !b ? " (a SystemC build needs the block)" : "");
    }
    if (sc_new) { /* SystemC: the block's model runs inside the simulation */
        r->h = sc_new(b);
        if (!r->h) {
            /* no dlclose: libsystemc may hold pointers into the library */
            memset(r, 0, sizeof *r);
            return irhw_err(err, errlen,
                            "cannot elaborate the SystemC co-simulation from %s "
                            "(one SystemC simulation per process)",
                            so_path);
        }
    } else {
        r->h = mk();
    }
    return 0;
}

void irhw_rtl_close(irhw_rtl *r)
{
    if (r->h)
        r->destroy(r->h);
    /* A SystemC build stays loaded: the SystemC kernel keeps its objects. */
    if (r->dl && !r->sc_model)
        dlclose(r->dl);
    memset(r, 0, sizeof *r);
}

/* The RTL as a DUT: eval drives the inputs with clk low and reads the
 * outputs; tick raises clk (the inputs are still driven). */
static void rtl_dut_eval(void *h, const uint64_t *in, uint64_t *out)
{
    irhw_rtl *r = h;
    r->set_in(r->h, in);
    r->clock(r->h, 0);
    r->get_out(r->h, out);
}

static void rtl_dut_tick(void *h, const uint64_t *in)
{
    irhw_rtl *r = h;
    (void)in;
    r->clock(r->h, 1);
}

irhw_dut irhw_rtl_dut(irhw_rtl *r)
{
    irhw_dut d = {r, rtl_dut_eval, rtl_dut_tick};
    return d;
}
