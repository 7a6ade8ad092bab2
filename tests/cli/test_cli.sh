#!/usr/bin/env bash
# End-to-end tests of the irhw command line, for every registered block:
# determinism, header contents, lint under Verilator -Wall / Icarus / Yosys,
# parameter errors (exit 2, parameter and range named), --help on every verb,
# waveforms and GTKWave save files (faulty RTL variants caught by cosim:
# tests/cosim/test_faults.sh; area reports: tests/cli/test_area_cli.sh).
# Prints "cli: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch cli

blocks=$(registered_blocks)
[ -n "$blocks" ] && ok "irhw list names blocks: $(echo $blocks)" || bad "irhw list names no block"

for verb in list gen cosim area run "workload iru"; do
  expect "$verb --help exits 0" "$irhw" $verb --help
done
printf '3 2\n2\n1 3\n' > "$tmp/trunc.graph"
out=$("$irhw" workload iru --kernel bfs --graph "$tmp/trunc.graph" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "trunc.graph:4: expected the adjacency line of vertex 3" &&
  ok "workload iru: a truncated graph exits 2, file, line and what was expected named" || bad "truncated graph: rc=$rc $out"
"$irhw" frobnicate >/dev/null 2>&1; [ $? -eq 2 ] && ok "unknown verb exits 2" || bad "unknown verb exits 2"
out=$("$irhw" gen no_such_block 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "unknown block 'no_such_block'" && ok "unknown block exits 2, named" || bad "unknown block: rc=$rc $out"

# configurations to lint: defaults + the first three lines of the block's cosim list
configs_of() {
  [ "${IRHW_CLI_QUICK:-0}" = 1 ] && return 0   # quick: lint runs in the unit stage
  echo ""
  [ -f "tests/cosim/cosim_$1.list" ] || return 0
  grep -v '^\s*#' "tests/cosim/cosim_$1.list" | grep -v '^sweep:' | grep -- '-p' | head -3 |
    sed -E 's/--(cycles|seed|stim) [^ ]+//g'
}

for b in $blocks; do
  # determinism
  "$irhw" gen $b -o "$tmp/$b.a" >/dev/null && "$irhw" gen $b -o "$tmp/$b.b" >/dev/null
  if diff -r "$tmp/$b.a" "$tmp/$b.b" >/dev/null; then ok "$b: same parameters give byte-identical files"; else bad "$b: gen not deterministic"; fi
  v=$(ls "$tmp/$b.a"/${b}_*.v "$tmp/$b.a"/${b}.v 2>/dev/null | head -1)
  # the header comments every port; no generated line passes 120 characters
  nports=$("$irhw" list --json | python3 -c "import json,sys; print(next(len(b['ports']) for b in json.load(sys.stdin) if b['name']=='$b'))")
  # the top module's ports only (a composed block's file holds its parts' modules too)
  ncomm=$(sed -n '1,/^);/p' "$v" | grep -cE '^ +(input|output) +wire .*// ')
  [ "$ncomm" = "$nports" ] && ok "$b: the generated header comments all $nports ports" || bad "$b: $ncomm of $nports ports commented in $v"
  long=$(awk 'length > 120' "$tmp/$b.a"/*.v | wc -l)
  [ "$long" = 0 ] && ok "$b: no generated line longer than 120 characters" || bad "$b: $long generated lines longer than 120 characters"
  # each port comment, with its continuation lines (the // in the same column), is the port's
  # whole meaning from `irhw list --json` and its timing: folded at spaces, never cut mid-word
  cut=$("$irhw" list --json | python3 -c '
import json, re, sys
meaning = {p["name"]: p["meaning"] for b in json.load(sys.stdin) if b["name"] == sys.argv[1] for p in b["ports"]}
text, col, name = {}, -1, None
for line in open(sys.argv[2]).read().split("\n);")[0].split("\n"):
    m = re.match(r"\s+(?:input|output)\s+wire\s+(?:\[[^]]*\]\s*)?(\w+),?\s*// (.*)", line)
    if m:
        name, col = m.group(1), line.index("// ")
        text[name] = m.group(2)
    elif name and line.find("// ") == col and not line[:col].strip():
        text[name] += " " + line[col + 3:]
    else:
        name = None
for n, want in meaning.items():
    got = re.sub(r" \[(comb|registered)\]$", "", text.get(n, ""))
    if got != want:
        print("%s: %r, not %r" % (n, got, want))' "$b" "$v")
  [ -z "$cut" ] && ok "$b: every port comment holds its whole meaning, folded at spaces" || bad "$b: port comments cut: $cut"
  # the same for every configuration of the block's co-simulation list (sweep lines too): gen only
  if [ "${IRHW_CLI_QUICK:-0}" != 1 ] && [ -f "tests/cosim/cosim_$b.list" ]; then
    long=0; n=0
    while IFS= read -r cfg; do
      rm -rf "$tmp/$b.wide"; n=$((n + 1))
      "$irhw" gen $b $cfg -o "$tmp/$b.wide" > /dev/null 2>&1 || continue
      long=$((long + $(awk 'length > 120' "$tmp/$b.wide"/*.v | wc -l)))
    done < <(grep -v '^\s*#' "tests/cosim/cosim_$b.list" | sed 's/^sweep://' | sed -E 's/--(cycles|seed|stim) [^ ]+//g' | grep -- '-p')
    [ "$long" = 0 ] && ok "$b: no generated line longer than 120 characters in the $n configurations of its list" ||
      bad "$b: $long generated lines longer than 120 characters over its list"
  fi
  "$irhw" list $b | grep -qE "\[(registered|comb from: [a-z])" && "$irhw" list $b | grep -q "^  ports of " && ok "$b: list prints ports and their timing" || bad "$b: list prints no ports/timing"
  # (a long module name puts the title on a line of its own; a long command folds)
  if head -12 "$v" | grep -q "generated by irhw" && head -12 "$v" | grep -q "Parameters: "; then
    nparams=$("$irhw" list $b | grep -c '^  [A-Z]')
    nhdr=$(sed -n '/^\/\/ Parameters: /,/^\/\/ Models: /p' "$v" | grep -v '^// Models: ' | tr ' ' '\n' | grep -c '=')
    [ "$nparams" = "$nhdr" ] && ok "$b: header records the version and all $nparams parameters" || bad "$b: header has $nhdr of $nparams parameters"
  else bad "$b: header lacks version/parameters"; fi

  # lint: every config through all three tools
  i=0
  while IFS= read -r cfg; do
    i=$((i + 1)); d="$tmp/$b.lint$i"
    if ! "$irhw" gen $b $cfg -o "$d" > /dev/null 2>"$tmp/err"; then bad "$b [$cfg]: gen failed: $(cat "$tmp/err")"; continue; fi
    top=$(sed -n 's/^module \([A-Za-z0-9_]*\).*/\1/p' "$d"/${b}*.v | head -1)
    # no --top-module: the folder must hold exactly one design (one top, only the leaves it uses)
    if verilator --lint-only -Wall "$d"/*.v > "$tmp/lint" 2>&1; then ok "$b [$cfg]: verilator -Wall clean, one top module"; else bad "$b [$cfg]: verilator -Wall"; head -20 "$tmp/lint"; fi
    if iverilog -g2005 -s "$top" -o "$tmp/iv.out" "$d"/*.v > "$tmp/lint" 2>&1; then ok "$b [$cfg]: iverilog -g2005 accepts"; else bad "$b [$cfg]: iverilog"; head -20 "$tmp/lint"; fi
    # Yosys: elaborate and check (full synthesis runs in `irhw area`, tests/cli/test_area_cli.sh)
    if yosys -q -p "read_verilog $d/*.v; hierarchy -check -top $top; proc; opt_clean; check -assert" > "$tmp/lint" 2>&1; then ok "$b [$cfg]: yosys elaborates, check -assert clean"; else bad "$b [$cfg]: yosys"; tail -20 "$tmp/lint"; fi
  done < <(configs_of $b)

  # every integer parameter: below range, above range, not a number
  while read -r name _ def _ range _; do
    case "$range" in *..*) ;; *) continue ;; esac
    lo=${range%%..*}; hi=${range##*..}
    for val in $((lo - 1)) $((hi + 1)) abc 12x ""; do
      out=$("$irhw" gen $b -p "$name=$val" -o "$tmp/never" 2>&1); rc=$?
      if [ $rc -eq 2 ] && echo "$out" | grep -q "$name" && { [ -z "$val" ] || echo "$out" | grep -q -- "$range"; } ; then :; else
        bad "$b: -p $name=$val gave rc=$rc: $out"; continue 2; fi
    done
    ok "$b: $name below/above $range, non-numeric and empty rejected with exit 2 naming $name and $range"
  done < <("$irhw" list $b | sed -n 's/^  \([A-Z_0-9]*\) *default \([^ ]*\) *range \([^ ]*\).*/\1 x \2 x \3 x/p')
  out=$("$irhw" gen $b -p NO_SUCH=1 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q "unknown parameter 'NO_SUCH'" && ok "$b: unknown parameter rejected" || bad "$b: unknown parameter: rc=$rc $out"
  [ -d "$tmp/never" ] && bad "$b: a rejected gen wrote files" || true
done

# wl_bank specifics from the issue: 0, 1, negative, too large
for val in 0 1 -4 65537 99999999999999999999; do
  out=$("$irhw" gen wl_bank -p ENTRIES=$val 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q "ENTRIES" && echo "$out" | grep -q "2..65536" && ok "wl_bank: ENTRIES=$val rejected (exit 2, range named)" || bad "wl_bank ENTRIES=$val: rc=$rc $out"
done
out=$("$irhw" gen wl_bank -p ENTRIES=4 -o "$tmp/e4" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q "THRESHOLD=3 STORAGE" "$tmp/e4"/wl_bank_*.v && ok "wl_bank: ENTRIES=4 alone derives THRESHOLD=3 (not set by the user)" || bad "wl_bank ENTRIES=4 derive: rc=$rc $out"
out=$("$irhw" gen wl_bank -p ENTRIES=4 -p THRESHOLD=5 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "THRESHOLD=5 is out of range: THRESHOLD must be 0..3" && ok "wl_bank: THRESHOLD=5 set by the user with ENTRIES=4 rejected, not clamped" || bad "wl_bank THRESHOLD cross-check: rc=$rc $out"
# error kinds: usage 2, tool or system 3 (naming the path and the OS error)
out=$("$irhw" cosim wl_bank --wave "$tmp/x.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "must end in .fst or .vcd" && ok "cosim --wave x.txt: usage error, exit 2" || bad "cosim --wave x.txt: rc=$rc $out"
out=$("$irhw" gen wl_bank -o /proc/irhw_cannot 2>&1); rc=$?
[ $rc -eq 3 ] && echo "$out" | grep -q "/proc/irhw_cannot" && echo "$out" | grep -qi "no such file\|permission\|not permitted\|read-only" && ok "gen into an unwritable folder: exit 3, folder and OS error named" || bad "gen unwritable: rc=$rc $out"
if "$irhw" list --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert all(b["ports"] and b["params"] for b in d)' 2>"$tmp/json.err"; then
  ok "list --json is valid JSON with params and ports of every block"; else bad "list --json: $(cat "$tmp/json.err")"; fi
out=$("$irhw" cosim wl_bank --cycles 0 2>&1); rc=$?
[ $rc -eq 2 ] && ok "cosim --cycles 0 rejected" || bad "cosim --cycles 0: rc=$rc"
out=$("$irhw" cosim wl_bank --threads 3 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "\-\-threads '3' must be 1 or 2" && ok "cosim --threads 3 rejected, naming 1 or 2" || bad "cosim --threads 3: rc=$rc $out"
# a cosim report without what varies from run to run (rates, times)
# rates and times out, and the progress lines a run slower than 2 s writes
# on stderr (tb/cosim.c: "irhw: icrn cycle N of M (...)")
strip_rates() { sed -E '/^irhw: [a-z_]+ cycle [0-9]+ of [0-9]+ /d; s/[0-9]+ cycles\/s//; s/\([0-9.]+ s\)//g; s/started in [0-9.]+ s//'; }
# one thread and two (tb/cosim.c): the same report, coverage, early end and
# records (standard output; progress on stderr is kept apart). icrn:trial: the default with IRHW_TRIAL=1, the trial of both
# whatever the first cycles took: 512 cycles in one thread, 16,384 in one,
# two windows of 16,384 in two, 16,384 in one, then the faster; with
# IRHW_RECHECK=8192 checked again (the same windows around the mode it
# runs) at cycle 74,240 and 156,160, the second cut short by the run's end.
for b in icrn hwwl_core icrn:trial; do
  blk=${b%:*}
  "$irhw" cosim $blk --cycles 10 --quiet > /dev/null 2>&1 # built before, outside the reports
  for t in 1 2 0; do # 0: the default (one thread for 512 cycles, then two if a cycle is slow)
    if [ $b = icrn:trial ]; then args="--cycles 200000 --seed 7"; else args="--cycles 30000 --seed 7 --until-covered"; fi
    IRHW_TRIAL=$([ $b = icrn:trial ] && echo 1) IRHW_RECHECK=8192 "$irhw" cosim $blk $args $([ $t = 0 ] || echo --threads $t) --record "$tmp/rec$t.csv" 2> "$tmp/th$t.err" |
      strip_rates | sed 's/rec[012].csv//' > "$tmp/th$t.all"
    grep '^threads: ' "$tmp/th$t.all" > "$tmp/th$t.how"; grep -v '^threads: ' "$tmp/th$t.all" > "$tmp/th$t.out"
  done
  how="threads: one / $(cat "$tmp/th2.how") / $(cat "$tmp/th0.how")"
  want='^threads: a trial, one thread [0-9]+ ns a cycle over 32768 cycles, two [0-9]+ ns over 32768; cycles 66048 on in (one|two); 2 checks after it, [012] switch(es)?; [0-9]+ of 200000 cycles in two threads, the last in (one|two)$'
  [ "$(nproc)" -ge 2 ] || want='^threads: one$'
  if [ $b = icrn:trial ] && ! grep -Eq "$want" "$tmp/th0.how"; then
    bad "cosim icrn, IRHW_TRIAL=1: not the trial's report: $(cat "$tmp/th0.how")"
  elif cmp -s "$tmp/th1.out" "$tmp/th2.out" && cmp -s "$tmp/th1.out" "$tmp/th0.out" && cmp -s "$tmp/rec1.csv" "$tmp/rec2.csv" &&
     cmp -s "$tmp/rec1.csv" "$tmp/rec0.csv" && grep -q "^PASS $blk" "$tmp/th1.out" && grep -q "^coverage: " "$tmp/th1.out" &&
     [ "$(cat "$tmp/th1.how")" = "threads: one" ] && grep -q '^threads: two from cycle 0$' "$tmp/th2.how"; then
    ok "cosim $b --threads 1, 2 and the default: the same report, coverage and recorded inputs ($(wc -l < "$tmp/rec1.csv") rows; $how)"
  else bad "cosim $b --threads 1, 2, default differ: $(diff "$tmp/th1.out" "$tmp/th2.out" | head -5) $(diff "$tmp/th1.out" "$tmp/th0.out" | head -5) ($how; stderr: $(cat "$tmp"/th[120].err | head -3))"; fi
done

# a mismatch inside the trial's two-thread windows (16,896-49,663) and one
# inside a check's window in the mode the trial did not choose (IRHW_RECHECK=
# 8192: the first check's windows 74,240-90,623 in that mode, 90,624-123,391
# in the other): fifo's RTL with a counter that flips head's low bit in
# cycle 20,000 (then 100,000) only; the default with IRHW_TRIAL=1 reports
# it as one thread does
"$irhw" gen fifo -o "$tmp/late" > /dev/null 2>&1
for at in 20000 100000; do
  sed 's/^    assign head = valid ? head_raw : 24.d0;$/    reg [16:0] late_cnt = 17'"'"'d0;\
    always @(posedge clk) late_cnt <= late_cnt + 17'"'"'d1;\
    assign head = (valid ? head_raw : 24'"'"'d0) ^ {23'"'"'d0, late_cnt == 17'"'"'d'$at'};/' \
    "$tmp"/late/fifo_w24_d2.v > "$tmp/late.v"
  # (--no-assert: when valid is low the flip is a head_qualified contract failure)
  "$irhw" cosim fifo --rtl "$tmp/late.v" --no-assert --cycles 10 --quiet > /dev/null 2>&1 # built outside the reports
  for t in 1 0; do
    IRHW_TRIAL=1 IRHW_RECHECK=8192 "$irhw" cosim fifo --rtl "$tmp/late.v" --no-assert --cycles 150000 $([ $t = 0 ] || echo --threads 1) > "$tmp/late$t.raw" 2>&1
    echo "rc $?" >> "$tmp/late$t.raw"
    sed -E '/^irhw: [a-z_]+ cycle [0-9]+ of [0-9]+ /d' "$tmp/late$t.raw" > "$tmp/late$t.out"
  done
  where="in the trial's second window (two threads)"
  [ $at = 20000 ] || where="in the first check's window of the mode the trial did not choose"
  [ "$(nproc)" -ge 2 ] || where="one CPU: no trial"
  if grep -q "^MISMATCH fifo at cycle $at " "$tmp/late1.out" && grep -q '^rc 1$' "$tmp/late1.out" && cmp -s "$tmp/late1.out" "$tmp/late0.out"; then
    ok "a mismatch in cycle $at, $where: reported as in one thread"
  else bad "a mismatch in cycle $at ($where): $(head -2 "$tmp/late0.out"; diff "$tmp/late1.out" "$tmp/late0.out" | head -4)"; fi
done

# two threads, whose model side runs ahead of the RTL (tb/cosim_two.c): a
# mismatch in cycle 5,000 of icrn (its all_done flipped then) reads as in
# one thread, but for the model's statistics: the model ran past the
# failing cycle (the RTL side waits until at least 32 cycles are ahead of
# it), so one line says they are not shown instead
"$irhw" gen icrn -o "$tmp/icrn_late" > /dev/null 2>&1
sed 's/^    assign all_done = (&core_empty) & ~(|inj_valid) & ~net_busy;$/    reg [16:0] late_cnt = 17'"'"'d0;\
    always @(posedge clk) late_cnt <= late_cnt + 17'"'"'d1;\
    assign all_done = ((\&core_empty) \& ~(|inj_valid) \& ~net_busy) ^ (late_cnt == 17'"'"'d5000);/' \
  "$tmp"/icrn_late/icrn_c4_r4_w24_d2.v > "$tmp/icrn_late.v"
for t in 1 2; do # (--no-assert: the flip fails done_only_empty first)
  "$irhw" cosim icrn --rtl "$tmp/icrn_late.v" --no-assert --cycles 100000 --threads $t > "$tmp/il$t.raw" 2>&1
  echo "rc $?" >> "$tmp/il$t.raw"
  grep -v '^irhw: ' "$tmp/il$t.raw" > "$tmp/il$t.out"
done
note='^model statistics: not shown, the model ran [0-9]+ cycles past the failing one in two threads \(--threads 1 shows them\)$'
if cmp -s "$tmp/icrn_late.v" "$tmp"/icrn_late/icrn_c4_r4_w24_d2.v; then bad "icrn's all_done not found to flip (stale sed)"
elif grep -q '^MISMATCH icrn at cycle 5000 ' "$tmp/il1.out" && grep -q '^rc 1$' "$tmp/il1.out" &&
   grep -q '^icrn: ' "$tmp/il1.out" &&
   grep -Eq "$note" "$tmp/il2.out" &&
   grep -v '^icrn: ' "$tmp/il1.out" | cmp -s - <(grep -Ev "$note" "$tmp/il2.out"); then
  ok "a mismatch in cycle 5000 in two threads: reported as in one thread, the model's statistics replaced by $(grep -Eo 'ran [0-9]+ cycles past' "$tmp/il2.out")"
else bad "a mismatch in cycle 5000 in two threads: $(diff "$tmp/il1.out" "$tmp/il2.out" | head -6)"; fi

# an observer that acts on every cycle where the user sees it (a line
# trace) does not run past a failure: one thread, even when two are asked
out=$("$irhw" cosim fifo --cycles 50 --trace-lines --threads 2 2>&1)
echo "$out" | grep -q '^threads: one$' && echo "$out" | grep -q '^PASS fifo ' &&
  ok "cosim --trace-lines --threads 2 runs in one thread" || bad "cosim --trace-lines --threads 2: $(echo "$out" | grep threads)"

# a second thread that does not start (tests/cli/fail_threads.c, preloaded:
# pthread_create fails after IRHW_THREADS_OK calls): in the trial's first
# or second two-thread window, in the run after it or in the first check,
# every cycle runs in one thread and the report is one thread's
if cc -shared -fPIC -o "$tmp/fail_threads.so" tests/cli/fail_threads.c -ldl 2> "$tmp/ft.err"; then
  "$irhw" cosim icrn --cycles 200000 --seed 7 --threads 1 2>&1 | strip_rates | grep -v '^threads: ' > "$tmp/ft1.out"
  pre="$tmp/fail_threads.so" # a sanitized irhw: the sanitizer's runtime first, as it requires
  asan=$(ldd "$irhw" | awk '/libasan/ { print $3 }'); [ -n "$asan" ] && pre="$asan:$pre"
  for k in 0 1 2 3; do
    IRHW_THREADS_OK=$k LD_PRELOAD="$pre" IRHW_TRIAL=1 IRHW_RECHECK=8192 \
      "$irhw" cosim icrn --cycles 200000 --seed 7 2>&1 | strip_rates > "$tmp/ft.all"
    how=$(grep '^threads: ' "$tmp/ft.all")
    if grep -v '^threads: ' "$tmp/ft.all" | cmp -s - "$tmp/ft1.out" && grep -q '^PASS icrn .*: 200000 cycles' "$tmp/ft1.out" &&
       { [ "$(nproc)" -lt 2 ] || echo "$how" | grep -q 'a second thread did not start, the rest ran in one$'; }; then
      ok "no second thread after $k started: every cycle ran, the report is one thread's ($how)"
    else bad "no second thread after $k started: $how; $(grep -v '^threads: ' "$tmp/ft.all" | diff - "$tmp/ft1.out" | head -4)"; fi
  done
  # a waveform writer thread (tb/portwave.c) that does not start: the trace
  # is written in the loop's thread, the same file as the thread's
  "$irhw" cosim wl_bank --cycles 5000 --quiet --wave "$tmp/ftw1.vcd" > /dev/null 2>&1
  IRHW_THREADS_OK=0 LD_PRELOAD="$pre" "$irhw" cosim wl_bank --cycles 5000 --quiet --wave "$tmp/ftw0.vcd" \
    > "$tmp/ftw.out" 2>&1
  if grep -q '^PASS wl_bank' "$tmp/ftw.out" && [ "$(grep -c '^#' "$tmp/ftw0.vcd")" -eq 10000 ] &&
     cmp -s "$tmp/ftw0.vcd" "$tmp/ftw1.vcd"; then
    ok "a waveform writer thread that does not start: the loop writes the trace, the same VCD"
  else bad "waveform writer thread not started: $(head -2 "$tmp/ftw.out"); $(cmp "$tmp/ftw0.vcd" "$tmp/ftw1.vcd" 2>&1)"; fi
else bad "tests/cli/fail_threads.c does not build: $(head -3 "$tmp/ft.err")"; fi

# every configuration of the co-simulation lists: generated and lint-clean as one design
if [ "${IRHW_CLI_QUICK:-0}" != 1 ]; then
  : > "$tmp/lint_jobs"
  for b in $blocks; do
    [ -f "tests/cosim/cosim_$b.list" ] || continue
    grep -v '^\s*#' "tests/cosim/cosim_$b.list" | grep -v '^sweep:' | grep -- '-p' |
      sed -E 's/--(cycles|seed|stim) [^ ]+//g; s/ +$//' | awk -v b=$b '{print b, $0}' >> "$tmp/lint_jobs"
  done
  lint_one() { # irhw tmp n block params...
    local irhw=$1 tmp=$2 n=$3; shift 3
    local d="$tmp/lintall$n"
    { "$irhw" gen "$@" -o "$d" > /dev/null && verilator --lint-only -Wall "$d"/*.v; } > "$d.log" 2>&1 || echo "FAIL $* ($d.log)"
    rm -rf "$d"
  }
  export -f lint_one
  nl=$(wc -l < "$tmp/lint_jobs")
  res=$(awk '{print NR, $0}' "$tmp/lint_jobs" | xargs -P 2 -L 1 bash -c 'lint_one "$0" "$@"' "$irhw" "$tmp")
  [ -z "$res" ] && ok "all $nl configurations of tests/cosim/cosim_*.list: gen + verilator -Wall clean as one design" || { bad "lint of list configurations:"; echo "$res" | head; }
fi

# hwwl's cores, and the banks inside them, share one copy of their Verilated
# code: the build's irhw.vlt (model/hwwl_block.c, hwwl_core_block.c) keeps
# their inputs public. Without it Verilator names about as many functions
# after cores 1..3 as after core 0 (a copy each), and functions after each of
# the 64 banks; with it, a few. A private cache (the runtime linked in) so
# the model is built here and its C++ can be read.
if [ "${IRHW_CLI_QUICK:-0}" != 1 ]; then
  c=$tmp/vltcache; runtime_only "$c" "${IRHW_CACHE:-$(dirname "$irhw")/../build/cache}"
  if IRHW_CACHE=$c "$irhw" cosim hwwl --cycles 20 --quiet > "$tmp/out" 2>&1; then
    d=$(ls -d "$c"/hwwl-*/ | head -1)
    per_core=$(grep -ho 'Vtb_hwwl_core_[a-z0-9_]*___[a-z_]*__TOP__irhw_tb__DOT__dut__DOT__g_core__BRA__[0-9]*__KET__[A-Za-z0-9_]*' "$d"/obj/*.cpp |
      sort -u | sed 's/.*g_core__BRA__\([0-9]*\)__KET__.*/\1/' | awk '{ n[$1 > 0]++ } END { print n[0] + 0, n[1] + 0 }')
    banks=$(grep -ho 'Vtb_wl_bank_[a-z0-9_]*___[a-z_]*__TOP__[A-Za-z0-9_]*g_bank__BRA__[0-9]*__KET__' "$d"/obj/*.cpp |
      sed 's/.*__TOP__//' | sort -u | wc -l)
    if grep -q '^public_flat_rd -module "hwwl_core_[a-z0-9_]*" -var "push_id"$' "$d/irhw.vlt" &&
       grep -q '^public_flat_rd -module "wl_bank_[a-z0-9_]*" -var "rd_put_id"$' "$d/irhw.vlt" &&
       ! grep -q -- '-var "[a-z_]*_ok"' "$d/irhw.vlt" && [ "${per_core#* }" -lt "${per_core% *}" ] && [ "$banks" -lt 16 ]; then
      ok "hwwl: irhw.vlt makes the cores' and banks' inputs public; functions named after core 0 / cores 1-3: ${per_core/ / / }, banks named: $banks of 64"
    else bad "hwwl: code not shared: functions after core 0 / cores 1-3: $per_core, banks named: $banks; $(head -3 "$d/irhw.vlt")"; fi
  else bad "hwwl cosim in a private cache: $(tail -5 "$tmp/out")"; fi
  # the same for a leaf cell: rtl/irhw_onehot_mux.v's inputs are public; the
  # ICRN's hubs of 16 cores at 64-bit IDs kept a copy of the mux each (4)
  if IRHW_CACHE=$c "$irhw" cosim icrn -p CORES=16 -p ID_BITS=64 --cycles 20 --quiet > "$tmp/out" 2>&1; then
    d=$(ls -d "$c"/icrn-*/ | head -1)
    hubs=$(grep -ho 'Vtb_irhw_onehot_mux[A-Za-z0-9_]*___[a-z_]*__TOP__[A-Za-z0-9_]*g_l1_hub__BRA__[0-9]*__KET__' "$d"/obj/*.cpp |
      sed 's/.*__TOP__//' | sort -u | wc -l)
    [ "$hubs" -eq 0 ] && ok "icrn CORES=16 ID_BITS=64: one copy of irhw_onehot_mux's code (no hub named in its functions)" ||
      bad "icrn CORES=16 ID_BITS=64: irhw_onehot_mux's functions named after $hubs hubs (a copy each)"
  else bad "icrn cosim in a private cache: $(tail -5 "$tmp/out")"; fi
  # the build folder keeps its Verilator command (verilate.sh, which
  # tests/bench/cold_build.sh runs again), with jemalloc preloaded when installed
  v=$(ls "$c"/icrn-*/verilate.sh 2>/dev/null | head -1)
  if [ -z "$v" ] || ! grep -q 'verilator[_a-z]* --cc .*--top-module irhw_tb' "$v"; then
    bad "icrn: no Verilator command in its build folder's verilate.sh: $(cat "$v" 2>/dev/null | tail -1)"
  elif /sbin/ldconfig -p 2>/dev/null | grep -q 'libjemalloc\.so\.2 '; then
    grep -q "LD_PRELOAD='/[^']*/libjemalloc\.so\.2'" "$v" &&
      ok "verilate.sh runs Verilator with the installed jemalloc preloaded" ||
      bad "jemalloc is installed but verilate.sh does not preload it: $(tail -1 "$v")"
  else
    ! grep -q LD_PRELOAD "$v" && ok "verilate.sh runs Verilator with glibc's malloc (jemalloc not installed)" ||
      bad "verilate.sh preloads a library that is not installed: $(tail -1 "$v")"
  fi
  # the slow code's compiler (tb/vbuild.c slow_cxx): clang++ with its own
  # precompiled header when installed, else g++; IRHW_SLOW_CXX=g++ builds
  # the same model with GCC's, and it co-simulates the same
  m=$(ls "$c"/icrn-*/build.mk 2>/dev/null | head -1)
  want=g++ hdr="-include '[^']*/pch-none/O0/vpch\.h'"
  command -v clang++ > /dev/null && want=clang++ hdr="-include-pch '[^']*/pch-none-clang++/O0/vpch\.h\.pch'"
  if grep -q "^SLOWCXX = '$want' " "$m" && grep -q -- "^	\$(SLOWCXX) .* $hdr -c" "$m"; then
    ok "build.mk compiles the slow code with $want and its precompiled header"
  else bad "build.mk: slow code not compiled by $want with a precompiled header: $(grep -i slow "$m" | head -3)"; fi
  c2=$tmp/vltcache2; runtime_only "$c2" "$c"
  a=$(IRHW_CACHE=$c "$irhw" cosim icrn -p CORES=16 -p ID_BITS=64 --cycles 3000 --seed 5 --threads 1 2>&1 | strip_rates | sed -E 's/model (built|cached)/model/' | grep -v '^irhw: ')
  b=$(IRHW_SLOW_CXX=g++ IRHW_CACHE=$c2 "$irhw" cosim icrn -p CORES=16 -p ID_BITS=64 --cycles 3000 --seed 5 --threads 1 2>&1 | strip_rates | sed -E 's/model (built|cached)/model/' | grep -v '^irhw: ')
  m2=$(ls "$c2"/icrn-*/build.mk 2>/dev/null | head -1)
  if [ -n "$m2" ] && grep -q "^SLOWCXX = 'g++' " "$m2" && grep -q -- "-include '[^']*/pch-none/O0/vpch\.h'" "$m2" &&
     [ "$a" = "$b" ] && echo "$a" | grep -q '^PASS icrn'; then
    ok "IRHW_SLOW_CXX=g++: the slow code built by g++ with GCC's header, the same co-simulation as $want's"
  else bad "IRHW_SLOW_CXX=g++: $(grep SLOWCXX "$m2" 2>/dev/null); reports differ or fail: $(echo "$a" | head -2) / $(echo "$b" | head -2)"; fi
  # a slow-code compiler that fails: the build goes on with g++ and GCC's header
  c3=$tmp/vltcache3; runtime_only "$c3" "$c"
  out=$(IRHW_SLOW_CXX=false IRHW_CACHE=$c3 "$irhw" cosim icrn --cycles 500 --quiet 2>&1)
  m3=$(ls "$c3"/icrn-*/build.mk 2>/dev/null | head -1)
  if echo "$out" | grep -q '^PASS icrn' && [ -n "$m3" ] && grep -q "^SLOWCXX = 'g++' " "$m3" &&
     grep -q -- "-include '[^']*/pch-none/O0/vpch\.h'" "$m3"; then
    ok "IRHW_SLOW_CXX=false (a compiler that fails): the model built with g++ and GCC's header"
  else bad "IRHW_SLOW_CXX=false: $(echo "$out" | tail -3); $(grep SLOWCXX "$m3" 2>/dev/null)"; fi
fi

# waveforms
if "$irhw" cosim wl_bank --cycles 300 --wave "$tmp/w.vcd" --quiet > "$tmp/out" 2>&1 && [ -s "$tmp/w.vcd" ] && [ -s "$tmp/w.gtkw" ]; then
  grep -q 'exp_pull_id' "$tmp/w.vcd" && grep -q ' mismatch ' "$tmp/w.vcd" && grep -q '^TOP.irhw_tb.exp_count' "$tmp/w.gtkw" &&
    grep -q '^-outputs: lane' "$tmp/w.gtkw" && grep -q '^\*-4.000000 -1 ' "$tmp/w.gtkw" &&
    ok "wave: VCD holds RTL, exp_* and mismatch; .gtkw groups them, no marker when equal" || bad "wave: contents"
else bad "wave: cosim --wave failed: $(cat "$tmp/out")"; fi

# user traces, coverage, shrinking, line traces (both stages)
. tests/cli/cli_verify.sh

# Under the sanitizers: every block's model in-process in a co-simulation
# (the faulty variants: tests/cosim/test_faults.sh, the unit stage only)
if [ "${IRHW_CLI_QUICK:-0}" = 1 ]; then
  for b in $blocks; do
    out=$("$irhw" cosim $b --cycles 20000 --quiet 2>&1) && ok "sanitized cosim $b: $(echo "$out" | head -1 | cut -c1-60)" || bad "sanitized cosim $b: $out"
  done
fi

echo "cli: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
