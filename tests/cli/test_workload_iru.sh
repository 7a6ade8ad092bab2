#!/usr/bin/env bash
# `irhw workload iru` (sim/workload_iru.c, sim/workload_iru_runs.c): the filter
# per kernel (BFS none, SSSP min, PageRank fadd, as the IRU paper's Fig. 15),
# BFS with duplicate dropping as the labelled option --bfs-dedup, labels
# that name the filter that ran (also under -p FILTER=...), and the TIMEOUT
# sweep (--timeout-sweep: a table of every run, the means, a gnuplot SVG).
# The small graphs of tests/data/graphs, the C model alone (the lockstep
# runs of the workload are tests/unit/test_graph.c's). Bad options exit 2, named.
# Prints "workload_iru: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
data=$tests_dir/data/graphs
scratch wliru

# the filter column (5th) of the --all table, per kernel (4th)
filters() { sed -n 's/^| [^|]* | [0-9]* | [0-9]* | \([a-z]*\) | \([a-z]*\) |.*/\1=\2/p' "$1" | sort -u | tr '\n' ' '; }

"$irhw" workload iru --all --model-only --graphs "$data" -o "$tmp/all.md" > "$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && [ "$(filters "$tmp/all.md")" = "bfs=none pagerank=fadd sssp=min " ] &&
  ok "--all: BFS unfiltered, SSSP min, PageRank fadd (the paper's Fig. 15)" ||
  bad "--all per-kernel filters: rc=$rc $(filters "$tmp/all.md") $(tail -3 "$tmp/out")"
# the table's iru_hash line: no one kernel's filter for the whole table
grep -q '^iru_hash .* FILTER=per-kernel TIMEOUT=' "$tmp/all.md" && ok "--all: the iru_hash line says FILTER=per-kernel" ||
  bad "--all iru_hash line: $(grep '^iru_hash' "$tmp/all.md" | cut -c1-160)"

"$irhw" workload iru --all --model-only --graphs "$data" -p FILTER=none -o "$tmp/none.md" > "$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && [ "$(filters "$tmp/none.md")" = "bfs=none pagerank=none sssp=none " ] &&
  ok "--all -p FILTER=none: every row labelled none" ||
  bad "-p FILTER=none labels: rc=$rc $(filters "$tmp/none.md")"
grep -q '^iru_hash .* FILTER=none TIMEOUT=' "$tmp/none.md" && ok "--all -p FILTER=none: the iru_hash line says FILTER=none" ||
  bad "-p FILTER=none iru_hash line: $(grep '^iru_hash' "$tmp/none.md" | cut -c1-160)"
# unfiltered rows filter nothing
awk -F'|' '$3 ~ /^ [0-9]+ $/ && $14 !~ / 0\.0 %/ { bad = 1 } END { exit bad }' "$tmp/none.md" &&
  ok "--all -p FILTER=none: 0.0 % filtered on every row" || bad "FILTER=none rows filtered: $(cat "$tmp/none.md")"

"$irhw" workload iru --all --model-only --graphs "$data" --bfs-dedup -o "$tmp/dd.md" > "$tmp/out" 2>&1; rc=$?
n_none=$(grep -c '| bfs | none |' "$tmp/dd.md"); n_dd=$(grep -c '| bfs | dedup |' "$tmp/dd.md")
[ $rc -eq 0 ] && [ "$n_none" -eq 4 ] && [ "$n_dd" -eq 4 ] &&
  ok "--bfs-dedup: a second BFS row per graph, labelled dedup" || bad "--bfs-dedup: rc=$rc none=$n_none dedup=$n_dd"

out=$("$irhw" workload iru --kernel bfs --graph "$data/grid5x5.txt" --model-only 2>&1); rc=$?
[ $rc -eq 0 ] && echo "$out" | grep -q "FILTER=none" && ok "--kernel bfs runs unfiltered and says so" || bad "bfs single: rc=$rc $out"
out=$("$irhw" workload iru --kernel bfs --bfs-dedup --graph "$data/grid5x5.txt" --model-only 2>&1); rc=$?
[ $rc -eq 0 ] && echo "$out" | grep -q "FILTER=dedup" && ok "--kernel bfs --bfs-dedup runs FILTER=dedup and says so" || bad "bfs dedup single: rc=$rc $out"

# the TIMEOUT sweep
"$irhw" workload iru --timeout-sweep 0,20,1000 --graphs "$data" -p SETS=16 -p SLOTS=8 \
  -o "$tmp/sw.md" --plot "$tmp/sw.svg" > "$tmp/out" 2>&1; rc=$?
rows=$(grep -c '^| [a-z0-9]*\.\(graph\|txt\|mtx\) |' "$tmp/sw.md")
means=$(grep -c '^| mean of 4 graphs |' "$tmp/sw.md")
if [ $rc -eq 127 ] || grep -q "gnuplot failed (exit 127)" "$tmp/out"; then
  skipped "--timeout-sweep: no gnuplot"
elif [ $rc -eq 0 ] && [ "$rows" -eq 36 ] && [ "$means" -eq 9 ] && grep -q '<svg' "$tmp/sw.svg" &&
     grep -q '| sssp | min | 20 |' "$tmp/sw.md" && grep -q 'TIMEOUT=1000' <(grep -v '^|' "$tmp/sw.md") ; then
  ok "--timeout-sweep: 4 graphs x 3 kernels x 3 TIMEOUTs, 9 means, an SVG"
else bad "--timeout-sweep: rc=$rc rows=$rows means=$means $(tail -5 "$tmp/out")"; fi
# TIMEOUT=0: requests wait for complete entries, so replies hold more elements
# than at TIMEOUT=20 (mean over the graphs, SSSP)
e0=$(sed -n 's/^| mean of 4 graphs | sssp | min | 0 | [^|]* | [^|]* | [^|]* | \([0-9.]*\) |.*/\1/p' "$tmp/sw.md")
e20=$(sed -n 's/^| mean of 4 graphs | sssp | min | 20 | [^|]* | [^|]* | [^|]* | \([0-9.]*\) |.*/\1/p' "$tmp/sw.md")
awk -v a="$e0" -v b="$e20" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }' &&
  ok "--timeout-sweep: elements per reply fall from TIMEOUT=0 ($e0) to 20 ($e20)" ||
  bad "sweep elements per reply: TIMEOUT=0 '$e0', 20 '$e20'"

# bad options: exit 2, the option named
badopt() { # NAME EXPECTED-TEXT ARGS...
  local name=$1 want=$2; shift 2
  out=$("$irhw" workload iru "$@" 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q -- "$want" && ok "$name: exit 2, '$want'" || bad "$name: rc=$rc $out"
}
badopt "sweep value out of range" "--timeout-sweep '5,1000001'" --timeout-sweep 5,1000001 --graphs "$data"
badopt "sweep value not a number" "--timeout-sweep '5,x'" --timeout-sweep 5,x --graphs "$data"
badopt "sweep with an empty value" "--timeout-sweep '5,' ends in a comma" --timeout-sweep 5, --graphs "$data"
badopt "sweep with -p TIMEOUT" "-p TIMEOUT=5: --timeout-sweep sets TIMEOUT" --timeout-sweep 5 -p TIMEOUT=5
badopt "sweep with --all" "drop --all" --timeout-sweep 5 --all
badopt "--plot without a sweep" "--plot names the SVG" --all --plot "$tmp/x.svg"
badopt "--bfs-dedup on sssp" "--bfs-dedup applies to --kernel bfs" --kernel sssp --bfs-dedup --graph "$data/grid5x5.txt"

echo "workload_iru: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
