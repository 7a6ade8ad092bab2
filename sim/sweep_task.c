/*
 * sweep_task.c — one configuration of a sweep: RUNDIR/config.txt names the
 * block, every parameter and the steps; the steps are the ordinary verbs
 * (`irhw gen`, `irhw cosim`, `irhw area --json`) run as child processes
 * with their output in RUNDIR/<step>.log, so a sweep does exactly what a
 * user typing them would. The outcome goes to RUNDIR/result.txt, written
 * last and atomically: a task killed half-way leaves no result and is run
 * again by the next sweep.
 */
#include "sweep.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char block[32], params[1024], steps[32], liberty[1024], sram_table[1024], key[20];
    char cycles[32], seed[32];
    char command[1024]; /* a command sweep: the irhw arguments, tab-separated */
} task_cfg;

static int read_cfg(const char *rundir, task_cfg *t, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/config.txt", rundir);
    char *text = irhw_read_file(path, NULL);
    if (!text)
        return irhw_err(err, errlen, "cannot read %s", path);
    memset(t, 0, sizeof *t);
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *v = strchr(l, '=');
        if (!v)
            continue;
        *v++ = 0;
#define FIELD(name)                                                                                \
    if (!strcmp(l, #name))                                                                         \
        snprintf(t->name, sizeof t->name, "%s", v);
        FIELD(block)
        FIELD(params)
        FIELD(steps)
        FIELD(liberty)
        FIELD(sram_table)
        FIELD(key)
        FIELD(cycles)
        FIELD(seed)
        FIELD(command)
#undef FIELD
    }
    free(text);
    if (!t->command[0] && (!t->block[0] || !t->steps[0]))
        return irhw_err(err, errlen, "%s names no block or steps", path);
    return 0;
}

/* argv: self VERB BLOCK -p P1 -p P2 ... then extra (NULL-terminated). */
static int run_verb(const char *self, const char *verb, const task_cfg *t, char *params_buf,
                    const char *const *extra, const char *log)
{
    char *argv[2 * IRHW_MAX_PARAMS + 32];
    int k = 0;
    argv[k++] = (char *)self;
    argv[k++] = (char *)verb;
    argv[k++] = (char *)t->block;
    snprintf(params_buf, 1024, "%s", t->params);
    char *save = NULL;
    for (char *p = strtok_r(params_buf, " ", &save); p && k < 2 * IRHW_MAX_PARAMS + 3;
         p = strtok_r(NULL, " ", &save)) {
        argv[k++] = "-p";
        argv[k++] = p;
    }
    for (; extra && *extra && k < (int)(sizeof argv / sizeof argv[0]) - 1; extra++)
        argv[k++] = (char *)*extra;
    argv[k] = NULL;
    return irhw_run(argv, log);
}

/* The number after "key": in a JSON text (or 0 when absent). */
static int json_num(const char *text, const char *key, double *v)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(text, pat);
    if (!p)
        return -1;
    *v = atof(p + strlen(pat));
    return 0;
}

/* A JSON string literal at p into buf (escapes of irhw's writers); end past it. */
static const char *json_string(const char *p, char *buf, size_t len)
{
    size_t n = 0;
    if (*p != '"')
        return NULL;
    for (p++; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\' && p[1]) {
            p++;
            c = *p == 'n' ? ' ' : *p;
            if (*p == 'u' && strlen(p) >= 5) {
                c = (char)strtol((char[]){p[1], p[2], p[3], p[4], 0}, NULL, 16);
                p += 4;
            }
        }
        if (n + 1 < len)
            buf[n++] = c;
    }
    buf[n] = 0;
    return *p == '"' ? p + 1 : NULL;
}

static void json_text(const char *text, const char *key, char *buf, size_t len)
{
    char pat[80];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(text, pat);
    buf[0] = 0;
    if (p)
        json_string(p + strlen(pat), buf, len);
}

/* The paper comparison: "notes_text": {"key": "text", ...} with the values of "notes". */
static void read_notes(const char *text, irhw_sweep_row *r)
{
    const char *p = strstr(text, "\"notes_text\": {");
    const char *values = strstr(text, "\"notes\": {");
    if (!p || !values)
        return;
    p += strlen("\"notes_text\": {");
    while (r->nnotes < IRHW_ROW_NOTES) {
        while (*p == ' ' || *p == ',' || *p == '\n')
            p++;
        irhw_note *n = &r->notes[r->nnotes];
        if (*p != '"' || !(p = json_string(p, n->key, sizeof n->key)))
            break;
        while (*p == ' ' || *p == ':')
            p++;
        if (!(p = json_string(p, n->text, sizeof n->text)))
            break;
        json_num(values, n->key, &n->value); /* its number, in "notes" */
        r->nnotes++;
    }
}

/* "parts": [{"module": "m", "count": N, "um2": A}, ...] (irhw area --json) */
static void read_parts(const char *text, irhw_sweep_row *r)
{
    const char *p = strstr(text, "\"parts\": [");
    double own = 0;
    if (!json_num(text, "own_um2", &own))
        r->own_um2 = own;
    if (!p)
        return;
    const char *end = strchr(p, ']');
    while (r->nparts < IRHW_ROW_PARTS && (p = strstr(p, "{\"module\": ")) && p < end) {
        p += strlen("{\"module\": ");
        if (!(p = json_string(p, r->parts[r->nparts].module, sizeof r->parts[0].module)))
            return;
        double count = 0, um2 = 0;
        json_num(p, "count", &count);
        json_num(p, "um2", &um2);
        r->parts[r->nparts].count = (unsigned long)count;
        r->parts[r->nparts].um2 = um2;
        r->nparts++;
    }
}

static int read_area(const char *log, irhw_sweep_row *r)
{
    char *text = irhw_read_file(log, NULL);
    if (!text)
        return -1;
    double bits = 0;
    int rc = json_num(text, "total_um2", &r->total_um2) ||
             json_num(text, "logic_um2", &r->logic_um2) ||
             json_num(text, "ff_storage_um2", &r->ff_um2) ||
             json_num(text, "sram_um2", &r->sram_um2) || json_num(text, "storage_bits", &bits);
    if (!rc) {
        r->have_area = 1;
        r->storage_bits = (uint64_t)bits;
        r->have_sta = json_num(text, "crit_ns", &r->crit_ns) == 0;
        json_text(text, "library", r->library, sizeof r->library);
        json_text(text, "node", r->node, sizeof r->node);
        json_text(text, "sram_model", r->sram_source, sizeof r->sram_source);
        read_notes(text, r);
        read_parts(text, r);
    }
    free(text);
    return rc;
}

/* The first line of a log holding one of the words (or its last line). */
static void log_reason(const char *log, const char *what, char *buf, size_t len)
{
    char *text = irhw_read_file(log, NULL);
    const char *hit = NULL;
    static const char *const words[] = {"MISMATCH", "mismatch", "error", "failed", "FAIL", NULL};
    for (const char *const *w = words; text && *w && !hit; w++)
        hit = strstr(text, *w);
    if (hit)
        while (hit > text && hit[-1] != '\n')
            hit--;
    const char *e = hit ? strchr(hit, '\n') : NULL;
    snprintf(buf, len, "%s: %.*s (log %s)", what, hit ? (int)(e ? e - hit : (long)strlen(hit)) : 0,
             hit ? hit : "", log);
    free(text);
}

/* A command sweep's task: `self ARGS...` ("@RUN@" in an argument: the run
 * folder), its output in RUNDIR/run.log; the verdict from its exit code.
 * Returns 0 for a pass and for a recorded exit 2 (invalid), 1 mismatch,
 * 3 error. */
static int command_task(const char *rundir, const char *self, const task_cfg *t, char *err,
                        size_t errlen)
{
    double t0 = irhw_now_s();
    char started[4300], log[4300], args[1024], sub[64][1100], *argv[66], *save = NULL;
    snprintf(started, sizeof started, "%s/started", rundir);
    irhw_write_file(started, "", err, errlen);
    snprintf(log, sizeof log, "%s/run.log", rundir);
    snprintf(args, sizeof args, "%s", t->command);
    int k = 0;
    argv[k++] = (char *)self;
    for (char *a = strtok_r(args, "\t", &save); a && k < 65; a = strtok_r(NULL, "\t", &save)) {
        const char *at = strstr(a, "@RUN@");
        if (at)
            snprintf(sub[k], sizeof sub[k], "%.*s%s%s", (int)(at - a), a, rundir, at + 5);
        else
            snprintf(sub[k], sizeof sub[k], "%s", a);
        argv[k] = sub[k];
        k++;
    }
    argv[k] = NULL;
    int rc = irhw_run(argv, log);
    irhw_sweep_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.key, sizeof r.key, "%s", t->key);
    snprintf(r.block, sizeof r.block, "irhw");
    snprintf(r.steps, sizeof r.steps, "command");
    snprintf(r.version, sizeof r.version, "%s", irhw_tool_version());
    snprintf(r.verdict, sizeof r.verdict, "%s",
             rc == 0   ? "pass"
             : rc == 1 ? "mismatch"
             : rc == 2 ? "invalid"
                       : "error");
    if (rc) {
        /* the last line of the log: the command's message */
        char *text = irhw_read_file(log, NULL);
        const char *last = "";
        if (text) {
            size_t len = strlen(text);
            while (len && text[len - 1] == '\n')
                text[--len] = 0;
            last = strrchr(text, '\n') ? strrchr(text, '\n') + 1 : text;
        }
        snprintf(r.reason, sizeof r.reason, "exit %d: %s (log %s)", rc, last, log);
        free(text);
    }
    r.seconds = irhw_now_s() - t0;
    char res[4300];
    snprintf(res, sizeof res, "%s/result.txt", rundir);
    if (irhw_row_write(res, &r, err, errlen))
        return 3;
    /* an exit 2 is a result (invalid, recorded), not a failed task */
    return rc == 0 || rc == 2 ? 0 : rc == 1 ? 1 : 3;
}

int irhw_sweep_task(const char *rundir, const char *self, char *err, size_t errlen)
{
    task_cfg t;
    if (read_cfg(rundir, &t, err, errlen))
        return 3;
    if (t.command[0])
        return command_task(rundir, self, &t, err, errlen);
    double t0 = irhw_now_s();
    char started[4300];
    snprintf(started, sizeof started, "%s/started", rundir);
    irhw_write_file(started, "", err, errlen); /* for the progress of a Slurm run */
    irhw_sweep_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.key, sizeof r.key, "%s", t.key);
    snprintf(r.block, sizeof r.block, "%s", t.block);
    snprintf(r.steps, sizeof r.steps, "%s", t.steps);
    snprintf(r.version, sizeof r.version, "%s", irhw_tool_version());
    {
        char buf[1024], *save = NULL;
        snprintf(buf, sizeof buf, "%s", t.params);
        for (char *p = strtok_r(buf, " ", &save); p && r.nparams < IRHW_MAX_PARAMS;
             p = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(p, '=');
            if (!eq)
                continue;
            *eq = 0;
            snprintf(r.pname[r.nparams], sizeof r.pname[0], "%s", p);
            snprintf(r.pval[r.nparams], sizeof r.pval[0], "%s", eq + 1);
            r.nparams++;
        }
    }
    int verdict = 0; /* 0 pass, 1 mismatch, 3 error */
    char pbuf[1024], log[4300], dir[4300], reason[512] = "";
    if (strstr(t.steps, "gen")) {
        snprintf(dir, sizeof dir, "%s/rtl", rundir);
        snprintf(log, sizeof log, "%s/gen.log", rundir);
        const char *extra[] = {"-o", dir, NULL};
        if (run_verb(self, "gen", &t, pbuf, extra, log)) {
            verdict = 3;
            log_reason(log, "gen failed", reason, sizeof reason);
        }
    }
    if (strstr(t.steps, "cosim")) {
        snprintf(log, sizeof log, "%s/cosim.log", rundir);
        const char *extra[] = {"--cycles", t.cycles, "--seed", t.seed, "--quiet", NULL};
        int rc = run_verb(self, "cosim", &t, pbuf, extra, log);
        char *text = irhw_read_file(log, NULL);
        const char *cps = text ? strstr(text, " cycles/s") : NULL;
        if (cps) {
            while (cps > text && cps[-1] != ' ')
                cps--;
            r.cycles_per_s = atof(cps);
        }
        free(text);
        if (rc && !reason[0])
            log_reason(log, rc == 1 ? "cosim mismatch" : "cosim failed", reason, sizeof reason);
        if (rc == 1 && verdict < 1)
            verdict = 1;
        else if (rc && rc != 1)
            verdict = 3;
    }
    if (strstr(t.steps, "area")) {
        snprintf(dir, sizeof dir, "%s/area", rundir);
        snprintf(log, sizeof log, "%s/area.log", rundir);
        /* one tool at a time: the sweep's -j already runs tasks side by side */
        const char *extra[10] = {"--json", "-o", dir, "-j", "1"};
        int k = 5;
        if (t.liberty[0])
            extra[k++] = "--liberty", extra[k++] = t.liberty;
        if (t.sram_table[0])
            extra[k++] = "--sram-table", extra[k++] = t.sram_table;
        extra[k] = NULL;
        int rc = run_verb(self, "area", &t, pbuf, extra, log);
        if (rc || read_area(log, &r)) {
            verdict = 3;
            if (!reason[0])
                log_reason(log, "area failed", reason, sizeof reason);
        }
    }
    snprintf(r.verdict, sizeof r.verdict, "%s",
             verdict == 0   ? "pass"
             : verdict == 1 ? "mismatch"
                            : "error");
    snprintf(r.reason, sizeof r.reason, "%s", reason);
    r.seconds = irhw_now_s() - t0;
    char res[4300];
    snprintf(res, sizeof res, "%s/result.txt", rundir);
    if (irhw_row_write(res, &r, err, errlen))
        return 3;
    return verdict;
}
