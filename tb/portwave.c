/*
 * portwave.c — the default-depth waveform, written from the loop's values
 * (portwave.h).
 */
#include "portwave.h"

#include "handoff.h"

#include <dlfcn.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The FST library's entry points this writer uses (gtkwave/fstapi.h; its
 * enums passed as the ints they are there). */
typedef struct {
    void *dl;
    void *(*create)(const char *path, int compressed_hier);
    void (*pack_type)(void *c, int type);
    void (*timescale)(void *c, const char *s);
    void (*version)(void *c, const char *s);
    void (*scope)(void *c, int type, const char *name, const char *comp);
    void (*upscope)(void *c);
    uint32_t (*var)(void *c, int type, int dir, uint32_t len, const char *name, uint32_t alias);
    void (*time)(void *c, uint64_t t);
    void (*value)(void *c, uint32_t h, const uint64_t *words);
    void (*block)(void *c, size_t bytes);
    void (*close)(void *c);
    int (*error)(void);
    uint64_t (*bytes)(void *c);
} fst_api;
enum { FST_PT_LZ4 = 2, FST_SCOPE_MODULE = 0, FST_WIRE = 16, FST_IN = 1, FST_OUT = 2 };

/* One recorded signal: its first word in a dump's values and its
 * identifier (FST handle, or VCD code). */
typedef struct {
    unsigned word;
    unsigned width;
    uint32_t handle;
    char code[8];
} sig;

typedef struct {
    irhw_rtl inner; /* the Verilated model's own entry points */
    irhw_trace fmt;
    fst_api fst;
    void *fc;   /* FST writer context */
    FILE *vcd;  /* VCD file */
    char *path; /* for messages */
    unsigned in_words, out_words, nwords;
    /* every signal's words, one array in irhw_tb's order: clk, the inputs,
     * the outputs, exp_*, mismatch, cycle (each port in words of its own), and
     * their values when last written */
    uint64_t *val, *in, *out, *exp, *last;
    uint32_t *sig_of; /* signal of each word */
    sig *s;
    unsigned ns;
    int first; /* nothing written yet: the next dump writes every signal */
    /* the limit (0: none) and what was written (irhw_portwave_stat): dumps
     * counted in pw_write, the file's size at the last check */
    uint64_t limit, size_seen;
    int stopped; /* at the limit or a failed write: nothing more written */
    irhw_portwave_stat st;
    char *bits; /* one value as '0'/'1' characters */
    /* The writer thread (with a second CPU): a dump in the loop reads the
     * outputs and copies the time and the nwords words into a ring of slots;
     * the thread compares them, emits the changes and does all of the FST
     * library's work (blocks packed, compressed and written), in order.
     * made: slots filled (the loop's own count; ho.made as last published),
     * ho.used: slots written (used_seen as the loop last read it); closing:
     * the loop has filled its last slot. With a second CPU every block's
     * traced run is faster this way than with every dump written in the
     * loop's thread (IRHW_WAVE_THREAD=0; docs/waveforms.md). */
    int threaded;
    pthread_t th;
    uint64_t *ring;
    unsigned nslots;
    _Alignas(64) uint64_t made, used_seen; /* the loop's own line */
    irhw_handoff ho;
    _Atomic int closing;
} pw;

/* The ring's size, and how often each side publishes its count: the two
 * counters' cache lines cross between the cores once per PW_PUB dumps. A
 * side waits PW_SPINS turns, then sleeps until the other has a quarter of
 * the ring for it (or ends). */
#define PW_RING_BYTES (4u << 20)
#define PW_PUB 16
#define PW_SPINS 2000

/* The FST block size, set in the library (irhw_fst_block_bytes: vbuild.c):
 * its default, 128 MB, is walked once per signal when a block is written,
 * out of cache; 1 MB blocks stay in cache, and setting the size in the
 * library costs less than a flush of the writer's own per 1 MB (which
 * allocated the buffer afresh each time); 128 KB to 4 MB run alike. The
 * library's parallel mode (each block written by
 * a thread of its own) is not used: with several blocks it wrote files
 * that fst2vcd stops reading part-way ("fstReaderIterBlocks2() ... rc=-3"),
 * a different block each run; all of the library's work is done in the
 * writer thread instead (tests/cli/test_wave.sh reads a long trace back). */
#define FST_BLOCK_BYTES (1u << 20)

static void pw_set_in(void *h, const uint64_t *in)
{
    pw *w = h;
    memcpy(w->in, in, sizeof *in * w->in_words);
    w->inner.set_in(w->inner.h, in);
}

static void pw_get_out(void *h, uint64_t *out)
{
    pw *w = h;
    w->inner.get_out(w->inner.h, out);
}

static void pw_set_exp(void *h, const uint64_t *exp, unsigned mismatch, uint64_t cycle)
{
    pw *w = h;
    memcpy(w->exp, exp, sizeof *exp * w->out_words);
    w->exp[w->out_words] = mismatch;
    w->exp[w->out_words + 1] = cycle & (((uint64_t)1 << IRHW_TB_CYCLE_BITS) - 1);
}

static void pw_clock(void *h, unsigned level)
{
    pw *w = h;
    w->val[0] = level;
    w->inner.clock(w->inner.h, level);
}

/* Each byte value as its 8 characters '0'/'1', most significant bit first. */
static uint64_t byte_chars[256];

static void byte_chars_init(void)
{
    for (unsigned v = 0; v < 256; v++) {
        char c[8];
        for (unsigned i = 0; i < 8; i++)
            c[i] = (char)('0' + ((v >> (7 - i)) & 1));
        memcpy(&byte_chars[v], c, 8);
    }
}

/* Signal x's value as '0'/'1' characters, most significant bit first: the
 * bits above the last whole byte one by one, then 8 characters a byte. */
static const char *pw_bits(pw *w, const sig *x, const uint64_t *val)
{
    const uint64_t *now = val + x->word;
    if (x->width == 1)
        return now[0] & 1 ? "1" : "0";
    char *b = w->bits;
    unsigned i = x->width;
    for (; i % 8; i--)
        *b++ = (char)('0' + ((now[(i - 1) / 64] >> ((i - 1) % 64)) & 1));
    for (; i; i -= 8, b += 8)
        memcpy(b, &byte_chars[(now[(i - 8) / 64] >> ((i - 8) % 64)) & 0xff], 8);
    *b = 0;
    return w->bits;
}

static void pw_emit(pw *w, const sig *x, const uint64_t *val)
{
    if (w->fmt == IRHW_TRACE_FST) {
        w->fst.value(w->fc, x->handle, val + x->word);
    } else if (x->width == 1) {
        putc_unlocked(val[x->word] & 1 ? '1' : '0', w->vcd);
        fputs_unlocked(x->code, w->vcd);
        putc_unlocked('\n', w->vcd);
    } else {
        putc_unlocked('b', w->vcd);
        fputs_unlocked(pw_bits(w, x, val), w->vcd);
        putc_unlocked(' ', w->vcd);
        fputs_unlocked(x->code, w->vcd);
        putc_unlocked('\n', w->vcd);
    }
}

/* The file's size and first failed write are checked every PW_CHECK
 * dumps (an even count: at a cycle's first dump). */
#define PW_CHECK 64

/* The file's size so far (FST: with the block being gathered). */
static uint64_t pw_bytes(pw *w)
{
    if (w->fmt == IRHW_TRACE_FST)
        return w->fst.bytes(w->fc);
    off_t n = ftello(w->vcd);
    return n > 0 ? (uint64_t)n : 0;
}

/* At a check: stop on a failed write, or when the next PW_CHECK dumps, at
 * the last ones' pace, would take the file past the limit. */
static void pw_check(pw *w)
{
    if (!w->st.error && w->vcd && ferror(w->vcd))
        w->st.error = errno ? errno : EIO;
    if (!w->st.error && w->fc)
        w->st.error = w->fst.error();
    if (w->st.error) {
        w->stopped = 1;
        return;
    }
    if (!w->limit)
        return;
    uint64_t n = pw_bytes(w), step = n > w->size_seen ? n - w->size_seen : 0;
    w->size_seen = n;
    if (n + step >= w->limit)
        w->stopped = w->st.limited = 1;
}

/* Writes one dump: the values val (nwords words) at time. */
static void pw_write(pw *w, uint64_t time, const uint64_t *val)
{
    if (w->st.dumps % PW_CHECK == 0 && !w->stopped)
        pw_check(w);
    if (w->stopped)
        return;
    if (!w->st.dumps++)
        w->st.first_time = time;
    w->st.last_time = time;
    if (w->fmt == IRHW_TRACE_FST) {
        w->fst.time(w->fc, time);
    } else {
        fprintf(w->vcd, "#%llu\n", (unsigned long long)time);
    }
    /* the changed words, 32 at a time: a bit mask of their 32-bit halves
     * (no branch per word; eight words a step, the halves' compares packed
     * to a byte each), folded to a bit per word; then each changed word
     * copied and each changed signal written once (copying all the words
     * with memcpy was a third of this function's time on wl_bank) */
    uint64_t *last = w->last;
    const unsigned nwords = w->nwords;
    uint32_t prev = UINT32_MAX;
    for (unsigned base = 0; base < nwords; base += 32) {
        unsigned end = nwords - base < 32 ? nwords - base : 32, k = 0;
        uint64_t halves = 0;
#ifdef __SSE2__
        for (; k + 8 <= end; k += 8) { /* 8 words: 16 halves packed to 16 bytes */
            const __m128i *v = (const __m128i *)(val + base + k);
            const __m128i *l = (const __m128i *)(last + base + k);
            __m128i e0 = _mm_cmpeq_epi32(_mm_loadu_si128(v), _mm_loadu_si128(l));
            __m128i e1 = _mm_cmpeq_epi32(_mm_loadu_si128(v + 1), _mm_loadu_si128(l + 1));
            __m128i e2 = _mm_cmpeq_epi32(_mm_loadu_si128(v + 2), _mm_loadu_si128(l + 2));
            __m128i e3 = _mm_cmpeq_epi32(_mm_loadu_si128(v + 3), _mm_loadu_si128(l + 3));
            __m128i p = _mm_packs_epi16(_mm_packs_epi32(e0, e1), _mm_packs_epi32(e2, e3));
            halves |= (uint64_t)((unsigned)_mm_movemask_epi8(p) ^ 0xffffu) << 2 * k;
        }
        for (; k + 2 <= end; k += 2) {
            __m128i eq = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(val + base + k)),
                                         _mm_loadu_si128((const __m128i *)(last + base + k)));
            halves |= (uint64_t)((unsigned)_mm_movemask_ps(_mm_castsi128_ps(eq)) ^ 15u) << 2 * k;
        }
#endif
        for (; k < end; k++)
            halves |= (uint64_t)(val[base + k] != last[base + k]) << 2 * k;
        uint64_t mask = (halves | halves >> 1) & 0x5555555555555555ULL; /* bit 2k: word k */
        if (w->first)
            mask = 0x5555555555555555ULL >> (64 - 2 * end);
        while (mask) { /* only the changed words copied: a few a dump */
            unsigned i = base + (unsigned)__builtin_ctzll(mask) / 2;
            uint32_t x = w->sig_of[i];
            last[i] = val[i];
            mask &= mask - 1;
            if (x != prev) /* x == prev: a wide signal's next word */
                pw_emit(w, &w->s[x], val);
            prev = x;
        }
    }
    if (w->first)
        w->first = 0;
}

/* Slot k ready to write (or the loop has closed the trace), or free to
 * fill (k: the loop's count). */
static int pw_can_write(void *arg, uint64_t k)
{
    pw *w = arg;
    return atomic_load(&w->ho.made) > k || atomic_load(&w->closing);
}

static int pw_can_fill(void *arg, uint64_t k)
{
    pw *w = arg;
    return k - atomic_load(&w->ho.used) < w->nslots;
}

static uint64_t *pw_slot(pw *w, uint64_t k)
{
    return w->ring + (k % w->nslots) * (1 + (size_t)w->nwords);
}

/* The writer thread: the slots in order, until the loop closes the trace
 * and every filled slot is written. */
static void *pw_writer(void *arg)
{
    pw *w = arg;
    uint64_t k, made = 0;
    for (k = 0;; k++) {
        if (k >= made && k >= (made = atomic_load(&w->ho.made))) {
            irhw_handoff_publish(&w->ho, &w->ho.used, k, 1);
            irhw_handoff_wait(&w->ho, pw_can_write, w, k, PW_SPINS);
            if (k >= (made = atomic_load(&w->ho.made)))
                break;
        }
        const uint64_t *sl = pw_slot(w, k);
        pw_write(w, sl[0], sl + 1);
        if ((k + 1) % PW_PUB == 0)
            irhw_handoff_publish(&w->ho, &w->ho.used, k + 1, 0);
    }
    irhw_handoff_publish(&w->ho, &w->ho.used, k, 1);
    return NULL;
}

static void pw_dump(void *h, uint64_t time)
{
    pw *w = h;
    w->inner.get_out(w->inner.h, w->out);
    if (!w->threaded) {
        pw_write(w, time, w->val);
        return;
    }
    uint64_t k = w->made;
    if (k - w->used_seen >= w->nslots &&
        k - (w->used_seen = atomic_load(&w->ho.used)) >= w->nslots) {
        irhw_handoff_publish(&w->ho, &w->ho.made, k, 1);
        irhw_handoff_wait(&w->ho, pw_can_fill, w, k, PW_SPINS);
        w->used_seen = atomic_load(&w->ho.used);
    }
    uint64_t *sl = pw_slot(w, k);
    sl[0] = time;
    memcpy(sl + 1, w->val, sizeof *sl * w->nwords);
    w->made = ++k;
    if (k % PW_PUB == 0)
        irhw_handoff_publish(&w->ho, &w->ho.made, k, 0);
}

/* Every dump written: the writer thread drains the ring and ends. */
static void pw_join(pw *w)
{
    if (!w->threaded)
        return;
    atomic_store(&w->ho.made, w->made);
    atomic_store(&w->closing, 1);
    irhw_handoff_wake(&w->ho);
    pthread_join(w->th, NULL);
    w->threaded = 0;
    irhw_handoff_destroy(&w->ho);
}

static void pw_trace_close(void *h)
{
    pw *w = h;
    pw_join(w);
    if (w->fc) {
        w->fst.close(w->fc);
        w->fc = NULL;
        if (!w->st.error)
            w->st.error = w->fst.error();
    }
    if (w->vcd) {
        errno = 0;
        if ((ferror(w->vcd) | fclose(w->vcd)) && !w->st.error)
            w->st.error = errno ? errno : EIO;
        w->vcd = NULL;
    }
}

void irhw_portwave_stat_of(const void *h, irhw_portwave_stat *st)
{
    *st = ((const pw *)h)->st;
}

static void pw_free(pw *w)
{
    if (w->fst.dl)
        dlclose(w->fst.dl);
    free(w->val);
    free(w->ring);
    free(w->sig_of);
    free(w->s);
    free(w->bits);
    free(w->path);
    free(w);
}

static void pw_destroy(void *h)
{
    pw *w = h;
    pw_trace_close(w);
    w->inner.destroy(w->inner.h);
    pw_free(w);
}

static int fst_load(fst_api *a, const char *lib, char *err, size_t errlen)
{
    if (!(a->dl = dlopen(lib, RTLD_NOW | RTLD_LOCAL)))
        return irhw_err(err, errlen, "cannot load the FST library %s: %s", lib, dlerror());
#define FST_SYM(f, n) *(void **)&a->f = dlsym(a->dl, n)
    FST_SYM(create, "fstWriterCreate");
    FST_SYM(pack_type, "fstWriterSetPackType");
    FST_SYM(timescale, "fstWriterSetTimescaleFromString");
    FST_SYM(version, "fstWriterSetVersion");
    FST_SYM(scope, "fstWriterSetScope");
    FST_SYM(upscope, "fstWriterSetUpscope");
    FST_SYM(var, "fstWriterCreateVar");
    FST_SYM(time, "irhw_fst_time");
    FST_SYM(value, "irhw_fst_value");
    FST_SYM(block, "irhw_fst_block_bytes");
    FST_SYM(close, "fstWriterClose");
    FST_SYM(error, "irhw_fst_error");
    FST_SYM(bytes, "irhw_fst_bytes");
#undef FST_SYM
    if (!a->create || !a->pack_type || !a->timescale || !a->version || !a->scope || !a->upscope ||
        !a->var || !a->time || !a->value || !a->block || !a->close || !a->error || !a->bytes)
        return irhw_err(err, errlen, "the FST library %s lacks a writer function", lib);
    return 0;
}

/* VCD identifier n: printable characters from '!', as Verilator's. */
static void vcd_code(unsigned n, char *code)
{
    do {
        *code++ = (char)('!' + n % 94);
        n /= 94;
    } while (n);
    *code = 0;
}

/* Declares signal x named name (dir: 1 input, 2 output of irhw_tb). */
static void pw_declare(pw *w, sig *x, const char *name, int dir)
{
    if (w->fmt == IRHW_TRACE_FST) { /* named as Verilator names it: "id [23:0]" */
        char full[128];
        if (x->width == 1)
            snprintf(full, sizeof full, "%s", name);
        else
            snprintf(full, sizeof full, "%s [%u:0]", name, x->width - 1);
        x->handle = w->fst.var(w->fc, FST_WIRE, dir, x->width, full, 0);
        return;
    }
    vcd_code((unsigned)(x - w->s), x->code);
    if (x->width == 1)
        fprintf(w->vcd, "$var wire 1 %s %s $end\n", x->code, name);
    else
        fprintf(w->vcd, "$var wire %u %s %s [%u:0] $end\n", x->width, x->code, name, x->width - 1);
}

/* Fitted to cosim at the defaults, 20,000 cycles, --wave-from 0: FST and
 * VCD bytes a cycle against the bits of irhw_tb's signals (fifo 113,
 * wl_bank 226, icrn 373, hwwl_core 2,755, hwwl 10,840 bits: FST 9.6, 11.6,
 * 12.9, 47, 108; VCD 102, 122, 203, 1,080, 3,481). It is within 30 % of
 * those and of wru, swt (339, 279 bits: FST 12.8, 15.1; VCD 154, 208);
 * iru_hash (5,419 bits), whose wide outputs seldom change, writes a third
 * of it (24.4, 544). tests/cli/test_wave.sh checks a run against it. */
double irhw_portwave_cycle_bytes(const irhw_ports *ps, irhw_trace fmt)
{
    irhw_tb_port tp[IRHW_TB_MAX_PORTS];
    unsigned n = irhw_tb_ports(ps, tp);
    double bits = 0;
    for (unsigned k = 0; k < n; k++)
        bits += tp[k].width;
    return fmt == IRHW_TRACE_FST ? 9 + 0.012 * bits : 70 + 0.35 * bits;
}

int irhw_portwave_wrap(irhw_rtl *r, const irhw_ports *ps, const char *path, irhw_trace fmt,
                       const char *fst_lib, uint64_t limit, char *err, size_t errlen)
{
    pw *w = irhw_line_alloc(sizeof *w);
    unsigned maxw = IRHW_TB_CYCLE_BITS; /* the cycle counter, traced beside the ports */
    for (unsigned i = 0; i < ps->n; i++)
        if (ps->p[i].width > maxw)
            maxw = ps->p[i].width;
    unsigned nwords = 1 + ps->in_words + 2 * ps->out_words + 2;
    if (w) {
        w->val = calloc(2 * (size_t)nwords + 8, sizeof *w->val);
        w->sig_of = calloc(nwords, sizeof *w->sig_of);
        w->s = calloc(IRHW_TB_MAX_PORTS, sizeof *w->s);
        w->bits = malloc(maxw + 1);
        w->path = strdup(path);
    }
    if (!w || !w->val || !w->sig_of || !w->s || !w->bits || !w->path) {
        if (w)
            pw_free(w);
        return irhw_err(err, errlen, "out of memory opening the trace %s", path);
    }
    w->nwords = nwords;
    w->in = w->val + 1;
    w->out = w->in + ps->in_words;
    w->exp = w->out + ps->out_words;
    w->last = w->val + nwords + 8; /* no cache line shared with val */
    w->in_words = ps->in_words;
    w->out_words = ps->out_words;
    w->fmt = fmt;
    w->first = 1;
    w->limit = limit;
    if (!byte_chars[0])
        byte_chars_init();
    cpu_set_t cs;
    int cpus = sched_getaffinity(0, sizeof cs, &cs) == 0 ? CPU_COUNT(&cs) : 1;

    if (fmt == IRHW_TRACE_FST) {
        if (fst_load(&w->fst, fst_lib, err, errlen)) {
            pw_free(w);
            return -1;
        }
        if (!(w->fc = w->fst.create(path, 1))) {
            pw_free(w);
            return irhw_err(err, errlen, "cannot open trace %s", path);
        }
        w->fst.pack_type(w->fc, FST_PT_LZ4);
        w->fst.block(w->fc, FST_BLOCK_BYTES);
        w->fst.timescale(w->fc, "1ps");
        w->fst.version(w->fc, "irhw " IRHW_VERSION);
        w->fst.scope(w->fc, FST_SCOPE_MODULE, "TOP", NULL);
        w->fst.scope(w->fc, FST_SCOPE_MODULE, "irhw_tb", NULL);
    } else {
        if (!(w->vcd = fopen(path, "w"))) {
            irhw_err(err, errlen, "cannot open trace %s: %s", path, strerror(errno));
            pw_free(w);
            return -1;
        }
        setvbuf(w->vcd, NULL, _IOFBF, 1 << 20);
        fprintf(w->vcd, "$version irhw %s $end\n$timescale 1ps $end\n", IRHW_VERSION);
        fprintf(w->vcd, "$scope module TOP $end\n$scope module irhw_tb $end\n");
    }

    /* irhw_tb's ports, their words in val as irhw_tb_ports lays them out */
    irhw_tb_port tp[IRHW_TB_MAX_PORTS];
    unsigned k = w->ns = irhw_tb_ports(ps, tp);
    while (k--) {
        sig *x = &w->s[k];
        x->word = tp[k].word;
        x->width = tp[k].width;
        for (unsigned j = 0; j < (x->width + 63) / 64; j++)
            w->sig_of[tp[k].word + j] = k;
    }
    for (k = 0; k < w->ns; k++)
        pw_declare(w, &w->s[k], tp[k].name, tp[k].input ? FST_IN : FST_OUT);
    if (fmt == IRHW_TRACE_FST) {
        w->fst.upscope(w->fc);
        w->fst.upscope(w->fc);
    } else {
        fprintf(w->vcd, "$upscope $end\n$upscope $end\n$enddefinitions $end\n");
    }

    /* with a second CPU, the writer thread (IRHW_WAVE_THREAD=0: none) */
    const char *e = getenv("IRHW_WAVE_THREAD");
    if (cpus >= 2 && !(e && strcmp(e, "0") == 0)) {
        w->nslots = PW_RING_BYTES / (unsigned)(8 * (1 + (size_t)nwords));
        if (w->nslots < 64)
            w->nslots = 64;
        w->ring = malloc((size_t)w->nslots * (1 + nwords) * sizeof *w->ring);
        irhw_handoff_init(&w->ho, 0, w->nslots, w->nslots / 4);
        w->threaded = w->ring && pthread_create(&w->th, NULL, pw_writer, w) == 0;
        if (!w->threaded) /* written in the loop's thread instead */
            irhw_handoff_destroy(&w->ho);
    }

    w->inner = *r;
    r->h = w;
    r->set_in = pw_set_in;
    r->get_out = pw_get_out;
    r->set_exp = pw_set_exp;
    r->clock = pw_clock;
    r->dump = pw_dump;
    r->trace_close = pw_trace_close;
    r->destroy = pw_destroy;
    return 0;
}
