#!/usr/bin/env bash
# `irhw workload iru --machine gpu` (sim/gpu_iru.c, sim/workload_iru_gpu.c):
# each kernel on the GPU core model with plain loads and with load_iru,
# the values checked against the sequential kernel, the report's quantities
# (L1/L2 accesses, lines per irregular instruction, filtered share and its
# bound, speedup, energy), --all's table and means, the TIMEOUT sweep, the
# partitioned IRU (--parts 4) and its stall watchdog, and bad input (exit 2,
# named). The small graphs of tests/data/graphs, the C model alone but for
# one lockstep run. Prints "iru_gpu: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
data=$tests_dir/data/graphs
scratch irugpu

for k in bfs sssp pagerank; do
  "$irhw" workload iru --machine gpu --model-only --kernel $k --graph "$data/grid5x5.txt" > "$tmp/$k" 2>&1; rc=$?
  [ $rc -eq 0 ] && grep -q 'values checked against the sequential kernel' "$tmp/$k" &&
    grep -q '^  L1 accesses ' "$tmp/$k" && grep -q '^  lines / irregular memory instruction' "$tmp/$k" &&
    grep -q 'bound 1 - distinct/elements' "$tmp/$k" &&
    ok "$k on grid5x5: both runs, values checked, the paper's quantities" ||
    bad "$k on grid5x5: rc=$rc $(tail -5 "$tmp/$k")"
done
# without --model-only iru_hash answers the warps in lockstep with its RTL
"$irhw" workload iru --machine gpu --kernel sssp --graph "$data/grid5x5.txt" > "$tmp/lock" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q 'iru_hash: lockstep with the RTL, every output compared' "$tmp/lock" &&
  ok "sssp on grid5x5 in lockstep with the RTL" || bad "lockstep: rc=$rc $(tail -5 "$tmp/lock")"
# PageRank has no irregular load: its baseline reads the frontier's arrays
# through the L1, the IRU run never touches the L1
l1=$(sed -n 's/^  L1 accesses *\([0-9]*\) *\([0-9]*\) .*/\2/p' "$tmp/pagerank")
[ "$l1" = 0 ] && ok "pagerank: load_iru and atomics bypass the L1 (0 accesses)" || bad "pagerank IRU L1 accesses: '$l1'"

"$irhw" workload iru --machine gpu --model-only --all --graphs "$data" -o "$tmp/all.md" > "$tmp/out" 2>&1; rc=$?
rows=$(grep -c '^| [a-z0-9]*\.[a-z]* | [0-9]' "$tmp/all.md")
means=$(grep -c '^| \(bfs\|sssp\|pagerank\) | as set | 4 |' "$tmp/all.md")
[ $rc -eq 0 ] && [ "$rows" -eq 12 ] && [ "$means" -eq 3 ] &&
  ok "--all: 4 graphs x 3 kernels, the means per kernel" || bad "--all: rc=$rc rows=$rows means=$means $(tail -3 "$tmp/out")"
# filtered (17th column) never above its bound (18th)
awk -F'|' '$3 ~ /^ [0-9]+ $/ { f = $18 + 0; b = $19 + 0; if (f > b + 0.05) bad = 1 } END { exit bad }' "$tmp/all.md" &&
  ok "--all: every filtered share within 1 - distinct/elements" || bad "filtered above its bound: $(cat "$tmp/all.md")"
# BFS runs unfiltered: 0.0 %
awk -F'|' '$5 == " bfs " && $18 !~ / 0\.0 %/ { bad = 1 } END { exit bad }' "$tmp/all.md" &&
  ok "--all: BFS (FILTER=none) filters nothing" || bad "BFS filtered: $(grep '| bfs |' "$tmp/all.md")"

"$irhw" workload iru --machine gpu --model-only --timeout-sweep 0,50 --graphs "$data" -o "$tmp/sw.md" > "$tmp/out" 2>&1; rc=$?
rows=$(grep -c '^| [a-z0-9]*\.[a-z]* | [0-9]' "$tmp/sw.md")
means=$(grep -c '^| \(bfs\|sssp\|pagerank\) | \(0\|50\) | 4 |' "$tmp/sw.md")
[ $rc -eq 0 ] && [ "$rows" -eq 24 ] && [ "$means" -eq 6 ] && grep -q 'TIMEOUT per row' "$tmp/sw.md" &&
  ok "--timeout-sweep under --machine gpu: 4 graphs x 3 kernels x 2 TIMEOUTs" ||
  bad "gpu sweep: rc=$rc rows=$rows means=$means $(tail -3 "$tmp/out")"

# the partitioned IRU (model/iru.h): four iru_hash partitions on a ring
for k in sssp pagerank; do
  "$irhw" workload iru --machine gpu --model-only --parts 4 --kernel $k --graph "$data/grid5x5.txt" > "$tmp/p4$k" 2>&1; rc=$?
  [ $rc -eq 0 ] && grep -q 'partitioned IRU: PARTS=4 on a ring, one logical table of 1024 sets' "$tmp/p4$k" &&
    grep -q 'values checked against the sequential kernel' "$tmp/p4$k" &&
    ok "--parts 4, $k: values checked, 1024 logical sets" || bad "--parts 4 $k: rc=$rc $(tail -5 "$tmp/p4$k")"
done

# one warp, TIMEOUT=0, four partitions: the warp's partition has no complete
# entry, another's complete entry stops the ring and nobody asks there; the
# watchdog ends the run (exit 1, named) instead of spinning to the cycle cap
big=$tests_dir/../../shared/data/graphs/4elt.graph
if [ -f "$big" ]; then
  out=$(timeout 120 "$irhw" workload iru --machine gpu --model-only --parts 4 -p TIMEOUT=0 -g WARPS=1 -g CORES=1 \
    --kernel pagerank --graph "$big" 2>&1); rc=$?
  [ $rc -eq 1 ] && echo "$out" | grep -q 'the partitioned IRU stalled: nothing pushed, inserted or replied for 200000 cycles' &&
    ok "a stalled partitioned IRU: exit 1, named" || bad "stall: rc=$rc $out"
else skipped "stall: no ../shared/data/graphs/4elt.graph"; fi

# a graph with no edge: no frontier for the kernel
printf '3 0\n\n\n\n' > "$tmp/empty.graph"
badopt() { # NAME EXPECTED-TEXT ARGS...
  local name=$1 want=$2; shift 2
  out=$("$irhw" workload iru "$@" 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q -- "$want" && ok "$name: exit 2, '$want'" || bad "$name: rc=$rc $out"
}
g=(--graph "$data/grid5x5.txt" --model-only)
badopt "a kernel without its data" "no edges" --machine gpu --kernel bfs --graph "$tmp/empty.graph" --model-only
badopt "--machine unknown" "--machine 'cpu' must be fixed or gpu" --machine cpu --kernel bfs "${g[@]}"
badopt "a request rate of 0" "--req-every '0' must be a whole number 1..1000000" --kernel bfs --req-every 0 "${g[@]}"
badopt "--req-every under gpu" "the warps set the request rate" --machine gpu --kernel bfs --req-every 4 "${g[@]}"
badopt "-g without gpu" "add --machine gpu" --kernel bfs -g WARPS=8 "${g[@]}"
badopt "IRU_PF_DEPTH=0" "IRU_PF_DEPTH must be a whole number 1..1024" --machine gpu --kernel bfs -g IRU_PF_DEPTH=0 "${g[@]}"
badopt "a machine constant out of range" "WARPS" --machine gpu --kernel bfs -g WARPS=0 "${g[@]}"
badopt "PARTS not a power of two" "PARTS must be a power of two" --machine gpu --parts 3 --kernel bfs "${g[@]}"
badopt "PARTS above the sets" "PARTS=8 is not allowed: PARTS must be a power of two in 1..4 (at most SETS=4)" --machine gpu --parts 8 -p SETS=4 --kernel bfs "${g[@]}"
badopt "--parts 0" "--parts '0' must be a whole number 1..64" --machine gpu --parts 0 --kernel bfs "${g[@]}"
badopt "--parts in lockstep" "it has no RTL" --machine gpu --parts 4 --kernel bfs --graph "$data/grid5x5.txt"
badopt "SLOTS above the warp" "SLOTS=64: a reply of SLOTS elements goes to one warp" --machine gpu --kernel bfs -p SLOTS=64 "${g[@]}"

echo "iru_gpu: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
