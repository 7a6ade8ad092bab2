#!/usr/bin/env bash
# `irhw run` on two small blocks (--blocks fifo,icrn): with -j 2 each block
# in its own process, its output kept in DIR/<block>/run.log and printed
# whole in the blocks' order; the summary table, the BFS line through hwwl
# and the report; -j 1 (one after the other, in-process) prints the same
# lines apart from times and progress (stdout and stderr together); each
# block and the workload said on stderr as it starts and ends, stdout free
# of those lines; bad --blocks exits 2.
# Prints "run: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch run

# the output without what differs from run to run (times, rates, the folder,
# the builds a cold cache makes first, the order the steps start in)
steady() { grep -v 'cycles/s\|started in\|done in\| s wall\|built (\|model built\|^irhw: verilating \|^irhw: building \|^irhw: waiting for another\|^irhw run: \[\|^irhw run: still running: ' "$1" | sed "s|$2|DIR|g"; }

# (IRHW_HEARTBEAT=0.1: what still runs said every 0.2 s, not every 30 s)
IRHW_HEARTBEAT=0.1 "$irhw" run --blocks fifo,icrn -j 2 -o "$tmp/a" > "$tmp/a.out" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "run -j 2: exit 0" || bad "run -j 2: rc=$rc $(tail -3 "$tmp/a.out")"
first=$(grep -n '^== fifo ' "$tmp/a.out" | cut -d: -f1)
second=$(grep -n '^== icrn ' "$tmp/a.out" | cut -d: -f1)
[ -n "$first" ] && [ -n "$second" ] && [ "$first" -lt "$second" ] &&
  ok "blocks printed in their order (fifo at line $first, icrn at $second)" ||
  bad "blocks' order: fifo at '$first', icrn at '$second'"
for b in fifo icrn; do
  # each block's log printed whole, as one piece of the output
  if [ -s "$tmp/a/$b/run.log" ] && python3 - "$tmp/a.out" "$tmp/a/$b/run.log" <<'EOF'
import sys
out, log = (open(p, encoding="utf-8", errors="replace").read() for p in sys.argv[1:3])
sys.exit(0 if log in out else 1)
EOF
  then ok "$b: its run.log is in the output whole"; else bad "$b: run.log missing or not printed whole"; fi
  grep -Eq "^$b +100000 +PASS +[0-9]+ +[0-9.]+ " "$tmp/a.out" &&
    ok "$b: a PASS row with area and critical path" || bad "$b: no PASS row: $(grep "^$b " "$tmp/a.out")"
done
# each step on stderr as it starts and as it ends, with its time
for b in fifo icrn "workload bfs"; do
  s=$(grep -n "^irhw run: \[[1-3]/3\] $b: start$" "$tmp/a.out" | cut -d: -f1)
  d=$(grep -n "^irhw run: \[[1-3]/3\] $b: done in [0-9]*\.[0-9] s$" "$tmp/a.out" | cut -d: -f1)
  [ -n "$s" ] && [ -n "$d" ] && [ "$s" -lt "$d" ] &&
    ok "run -j 2: '$b: start' (line $s), then '$b: done in N s' (line $d)" ||
    bad "run -j 2: $b's start/done lines: '$s' '$d'"
done
grep -Eq '^irhw run: still running: \[[12]/3\] (fifo|icrn) [0-9]+ s' "$tmp/a.out" &&
  ok "run -j 2: what still runs said while it runs" || bad "run -j 2: no 'still running' line"
grep -q '^workload .* PASS .*levels equal to the sequential BFS' "$tmp/a.out" &&
  ok "the BFS line through hwwl: PASS, levels checked" ||
  bad "BFS line: $(grep '^workload' "$tmp/a.out")"
grep -q 'built-in area sweep: none' "$tmp/a.out" &&
  ok "no built-in sweep for blocks without one" || bad "built-in sweep line: $(grep 'built-in' "$tmp/a.out")"
[ -s "$tmp/a/report.html" ] && grep -q 'icrn' "$tmp/a/report.html" &&
  ok "report.html names the blocks" || bad "report.html missing or without icrn"

"$irhw" run --blocks icrn,fifo -j 1 -o "$tmp/b" > "$tmp/b.out" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "run -j 1: exit 0" || bad "run -j 1: rc=$rc $(tail -3 "$tmp/b.out")"
if diff <(steady "$tmp/a.out" "$tmp/a") <(steady "$tmp/b.out" "$tmp/b") > "$tmp/diff"; then
  ok "-j 1 and -j 2 print the same lines (times aside)"
else
  bad "-j 1 and -j 2 differ: $(head -6 "$tmp/diff")"
fi

# the progress lines go to stderr only, numbered in the order the steps start
"$irhw" run --blocks fifo -j 1 -o "$tmp/c1" > "$tmp/c1.out" 2> "$tmp/c1.err"; rc=$?
exp=$(printf 'irhw run: [1/2] fifo: start\nirhw run: [1/2] fifo: done in\nirhw run: [2/2] workload bfs: start\nirhw run: [2/2] workload bfs: done in')
got=$(grep '^irhw run: \[' "$tmp/c1.err" | sed 's/ in [0-9.]* s$/ in/')
[ $rc = 0 ] && [ "$got" = "$exp" ] && ! grep -q 'irhw run: \[' "$tmp/c1.out" && grep -q '^== fifo ' "$tmp/c1.out" &&
  ok "run -j 1: fifo and the workload said on stderr as each starts and ends, none on stdout" ||
  bad "run -j 1 progress (rc=$rc): $got"

out=$("$irhw" run --blocks fifo,nosuch -o "$tmp/c" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "unknown block 'nosuch'" && [ ! -e "$tmp/c" ] &&
  ok "--blocks with an unknown block: exit 2, named, nothing written" || bad "--blocks nosuch: rc=$rc $out"
"$irhw" run --help | grep -q -- '--blocks B1,B2' && ok "run --help names --blocks and -j" || bad "run --help"

echo "run: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
