#!/usr/bin/env bash
# Verdicts a user can trust: a mismatch under --xcheck exits 1 with its
# report (no crash); interval refill at INTERVAL 1, 10, 512 and 1024 passes
# on hwwl_core and hwwl, a run too short for its drain is refused (exit 2),
# and the drain still catches work left behind; every failure's printed
# replay command (a mismatch, a checker failure, an end-of-run failure)
# run as printed fails the same way. Prints "verdicts: N passed, N failed,
# N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch verdicts

# the faulty variant NAME of tests/cosim/faults/<block>.faults applied to the defaults' RTL: prints the file
fault_rtl() { # block name
  local expr good
  expr=$(sed -n "s/^$2 *| *//p" "tests/cosim/faults/$1.faults")
  "$irhw" gen "$1" -o "$tmp/good_$1" > /dev/null || return 1
  good=$(ls "$tmp/good_$1/$1"_*.v | head -1)
  sed "$expr" "$good" > "$tmp/fault_$1_$2.v"
  cmp -s "$good" "$tmp/fault_$1_$2.v" && return 1
  echo "$tmp/fault_$1_$2.v"
}
# runs the "replay: " command of output file $1 in $tmp; its output in $1.replay, its exit code in $rrc
replay() {
  local cmd
  cmd=$(sed -n 's/^replay: //p' "$1" | head -1)
  [ -n "$cmd" ] || { rrc=none; return; }
  (cd "$tmp" && ${cmd/#irhw/$irhw} --quiet) > "$1.replay" 2>&1
  rrc=$?
}

# --- a mismatch under --xcheck: the report, exit 1, the X-check folder removed
f=$(fault_rtl wl_bank greedy_uses_greater_or_equal) || bad "wl_bank fault greedy_uses_greater_or_equal is stale"
mkdir -p "$tmp/xt"
TMPDIR=$tmp/xt "$irhw" cosim wl_bank --rtl "$f" --xcheck --no-assert --quiet > "$tmp/x.out" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q "^MISMATCH wl_bank at cycle [0-9]* " "$tmp/x.out" && grep -q "^  port greedy " "$tmp/x.out" &&
   grep -q "^replay: " "$tmp/x.out" && ! grep -qi "free()" "$tmp/x.out" && [ -z "$(ls "$tmp/xt")" ]; then
  ok "cosim --xcheck on a mismatch: exit 1, the report and replay, the X-check folder removed"
else bad "cosim --xcheck on a mismatch (rc=$rc, left: $(ls "$tmp/xt")): $(cat "$tmp/x.out")"; fi

# --- interval refill: every INTERVAL passes, short runs (the drain derived from INTERVAL)
: > "$tmp/jobs"
for iv in 1 10 512 1024; do
  c=$((iv >= 512 ? iv * 20 : 5000))
  echo "hwwl_core -p LANES=4 -p ENTRIES=4 -p REFILL=interval -p INTERVAL=$iv --cycles $c --seed 3" >> "$tmp/jobs"
  echo "hwwl -p CORES=2 -p LANES=2 -p ENTRIES=4 -p REFILL=interval -p INTERVAL=$iv --cycles $c --seed 3" >> "$tmp/jobs"
done
# the report's own case: the paper's core at INTERVAL=1024, 20000 cycles
echo "hwwl_core -p REFILL=interval -p INTERVAL=1024 --cycles 20000 --seed 3" >> "$tmp/jobs"
run_job() { # irhw tmp args...
  local irhw=$1 tmp=$2 id; shift 2
  id=$(echo "$*" | md5sum | cut -c1-12)
  "$irhw" cosim "$@" --quiet > "$tmp/j_$id.out" 2>&1
  echo "$? $*" > "$tmp/j_$id.rc"
}
export -f run_job
xargs -P 2 -L 1 bash -c 'run_job "$0" "$@"' "$irhw" "$tmp" < "$tmp/jobs"
for r in "$tmp"/j_*.rc; do
  read -r rc args < "$r"; b=${args%% *}
  if [ "$rc" -eq 0 ] && grep -q "^PASS $b " "${r%.rc}.out"; then ok "interval refill passes: $args"
  else bad "interval refill (rc=$rc): $args: $(cat "${r%.rc}.out")"; fi
done

# a run too short for the drain at INTERVAL=1024 is refused, the option and the bound named
out=$("$irhw" cosim hwwl_core -p LANES=4 -p ENTRIES=4 -p REFILL=interval -p INTERVAL=1024 --cycles 3000 2>&1); rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -q -- "--cycles 3000 is too short for hwwl_core" && echo "$out" | grep -q "INTERVAL=1024" &&
   echo "$out" | grep -qE -- "give --cycles [0-9]+ or more"; then ok "a run too short for the interval drain: exit 2 ($out)"
else bad "short interval run (rc=$rc): $out"; fi

# --- the drain still catches work left behind, and each failure's replay reproduces it
cfg="-p LANES=4 -p ENTRIES=4 -p REFILL=interval -p INTERVAL=10"
"$irhw" cosim hwwl_core $cfg --cycles 6000 --seed 2 --quiet --record "$tmp/rec.csv" > "$tmp/rec.out" 2>&1 ||
  bad "recording a hwwl_core run: $(cat "$tmp/rec.out")"
# end of run: the trace cut before its drain, two cycles after the last push of its first half
# (its 2 comment and header lines, then one row a cycle; column 8: push)
cut=$(awk -F, 'NR > 2 && NR <= 3002 && $8 != "0x0" { n = NR } END { print n + 2 }' "$tmp/rec.csv")
head -"$cut" "$tmp/rec.csv" > "$tmp/cut.csv"
"$irhw" cosim hwwl_core $cfg --stim-file "$tmp/cut.csv" --quiet > "$tmp/end.out" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q "^CHECK FAILED hwwl_core at the end of the run .*still held at the end of the drain" "$tmp/end.out"; then
  ok "the drain check catches work left behind (a trace cut before its drain): $(head -1 "$tmp/end.out" | cut -c1-150)"
else bad "cut trace (rc=$rc): $(cat "$tmp/end.out")"; fi
# checker failure: the memory answers a refill with an ID it was never given
awk -F, 'BEGIN { OFS = "," } NR > 2 && !done && $16 == "1" {
  d = $18; l = substr(d, length(d)); $18 = substr(d, 1, length(d) - 1) (l == "0" ? "1" : "0"); done = 1 } { print }' \
  "$tmp/rec.csv" > "$tmp/mem.csv"
"$irhw" cosim hwwl_core $cfg --stim-file "$tmp/mem.csv" --quiet > "$tmp/chk.out" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q "^CHECK FAILED hwwl_core at cycle [0-9]* .*not held on the pull side" "$tmp/chk.out"; then
  ok "a checker failure in a cycle: $(head -1 "$tmp/chk.out" | cut -c1-150)"
else bad "corrupted memory answer (rc=$rc): $(cat "$tmp/chk.out")"; fi
# mismatch: a late one (after the drain of a run as long as the failing cycle would start)
f=$(fault_rtl hwwl_core xfer_dropped_without_ready) || bad "hwwl_core fault xfer_dropped_without_ready is stale"
"$irhw" cosim hwwl_core --rtl "$f" --cycles 20000 --seed 1 --quiet > "$tmp/mm.out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "^MISMATCH hwwl_core at cycle" "$tmp/mm.out" && ok "a mismatch: $(head -1 "$tmp/mm.out")" ||
  bad "hwwl_core fault xfer_dropped_without_ready (rc=$rc): $(cat "$tmp/mm.out")"
for k in end chk mm; do
  replay "$tmp/$k.out"
  first=$(head -1 "$tmp/$k.out")
  if [ "$rrc" = 1 ] && [ "$(head -1 "$tmp/$k.out.replay")" = "$first" ] && [ -s "$tmp/mismatch.fst" ]; then
    ok "the printed replay fails the same way: $(cut -c1-80 <<< "$first")"
  else bad "replay of '$first' (rc=$rrc, trace $(ls "$tmp"/mismatch.fst 2>&1)): $(sed -n 's/^replay: //p' "$tmp/$k.out") -> $(cat "$tmp/$k.out.replay" 2>/dev/null)"; fi
  rm -f "$tmp/mismatch.fst"
done

# --- exit codes of what was typed: 2, the file and what to do named
printf '%% three vertices, no edge\n3 0\n\n\n\n' > "$tmp/noedge.graph"
out=$("$irhw" workload iru --kernel bfs --graph "$tmp/noedge.graph" --model-only 2>&1); rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -q "noedge.graph: the graph has 3 vertices and no edges: bfs has no frontier"; then
  ok "workload iru on a graph without edges: exit 2 ($out)"
else bad "workload iru, no edges (rc=$rc): $out"; fi
mkdir -p "$tmp/adir"
out=$("$irhw" cosim wl_bank --rtl "$tmp/adir" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q -- "--rtl '$tmp/adir' is a directory" && ok "cosim --rtl DIR: exit 2 ($(head -1 <<< "$out"))" ||
  bad "cosim --rtl DIR (rc=$rc): $out"
"$irhw" gen wl_bank -p ENTRIES=16 -o "$tmp/g16" > /dev/null
f16=$(ls "$tmp"/g16/wl_bank_e16_*.v)
out=$("$irhw" cosim wl_bank --rtl "$f16" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "holds another configuration of wl_bank .*co-simulate it with -p ENTRIES=16$" &&
  ok "cosim --rtl of another configuration: exit 2, the -p to give ($out)" || bad "cosim --rtl ENTRIES=16 file (rc=$rc): $out"
out=$("$irhw" cosim wl_bank -p ENTRIES=16 --rtl "$f16" --cycles 2000 --quiet 2>&1); rc=$?
[ $rc -eq 0 ] && echo "$out" | grep -q "^PASS wl_bank ENTRIES=16" && ok "with that -p it co-simulates" || bad "cosim -p ENTRIES=16 --rtl (rc=$rc): $out"
out=$("$irhw" cosim hwwl_core --rtl "$f16" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "is wl_bank's RTL (module wl_bank_e16_w24_t5_flops, by its header), not hwwl_core's" &&
  ok "cosim --rtl of another block's RTL: exit 2 ($out)" || bad "cosim hwwl_core --rtl wl_bank file (rc=$rc): $out"
grep -v '^//' "$f16" > "$tmp/nohdr.v"
out=$("$irhw" cosim wl_bank --rtl "$tmp/nohdr.v" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "no --rtl file defines module wl_bank_e32_w24_t5_flops (this configuration's; found: wl_bank_e16_w24_t5_flops[,)]" &&
  ok "cosim --rtl without a header: exit 2, module expected and found ($out)" || bad "cosim --rtl headerless (rc=$rc): $out"

echo "verdicts: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
