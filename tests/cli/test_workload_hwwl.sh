#!/usr/bin/env bash
# `irhw workload bfs|sssp` (sim/workload_hwwl.c): data-driven BFS and SSSP
# closed-loop on the multi-core worklist hwwl. Small graphs of
# tests/data/graphs (a path, a star with a self-loop and a duplicate edge,
# a weighted grid, a disconnected graph) in lockstep with the RTL at the
# defaults: every output compared every cycle, the conservation checker on
# model and RTL, the result equal to the sequential BFS / Dijkstra (the run
# exits 1 otherwise). The same on the C model alone for other
# configurations (SRAM storage, no WRU, interval refill, tiny banks with a
# tiny overflow buffer: spills, exceptions), one graph of
# ../shared/data/graphs when present (else a visible SKIP), and bad input:
# missing / truncated / malformed graph files, a graph too large for
# ID_BITS, bad options (exit 2, named).
# Prints "workload_hwwl: N passed, N failed, N skipped".
# IRHW_CLI_QUICK=1 (sanitizers): the C model only.
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib_workload.sh"
data=$tests_dir/data/graphs
scratch wl
quick=${IRHW_CLI_QUICK:-0}

for k in bfs sssp; do
  "$irhw" workload $k --help | grep -q "busy A + B \* degree" && ok "workload $k --help documents the cost model" || bad "workload $k --help"
done
"$irhw" workload --help | grep -q "^  bfs " && ok "workload --help lists bfs" || bad "workload --help lacks bfs"

# the small graphs, both kernels
for g in path12.graph star21.mtx grid5x5.txt disconnected.graph; do
  for k in bfs sssp; do
    run "$k $g, C model" $k --graph "$data/$g" --model-only
    [ "$quick" = 1 ] || run "$k $g, lockstep with the RTL" $k --graph "$data/$g"
  done
done
run "bfs disconnected.graph from vertex 8 (the path component)" bfs --graph "$data/disconnected.graph" --src 8 --model-only
[ "$quick" = 1 ] || run "sssp disconnected.graph from an isolated vertex, lockstep" sssp --graph "$data/disconnected.graph" --src 12

# small configurations of tests/cosim/cosim_hwwl.list (their Verilated models are
# shared with cosim-regress) in lockstep: SRAM answers a cycle late, 2-entry
# banks spill into the overflow buffer and refill
if [ "$quick" != 1 ]; then
  for p in "-p CORES=4 -p RADIX=4 -p SCHEME=none -p STORAGE=sram -p REFILL=ondemand -p BUF_DEPTH=1 -p LANES=2 -p ENTRIES=2" \
           "-p CORES=2 -p RADIX=4 -p SCHEME=threshold -p STORAGE=sram -p REFILL=interval -p BUF_DEPTH=2 -p LANES=2 -p ENTRIES=4"; do
    for k in bfs sssp; do
      run "$k star21.mtx $p, lockstep" $k --graph "$data/star21.mtx" $p
      run "$k grid5x5.txt $p, lockstep" $k --graph "$data/grid5x5.txt" $p
    done
  done
fi

# other configurations, C model alone (with the conservation checker)
for p in "-p STORAGE=sram" "-p SCHEME=none" "-p SCHEME=threshold -p REFILL=interval" \
         "-p CORES=2 -p LANES=2 -p ENTRIES=2 -p OVF_CAP=8 -p COALESCE=2" "-p PIPELINE=1 -p ENTRIES=8"; do
  for k in bfs sssp; do
    run "$k grid5x5.txt $p, C model" $k --graph "$data/grid5x5.txt" --model-only $p
  done
done
# exceptions: a star's centre pushes 20 leaves into one bank of 2 and an overflow buffer of 4
out=$("$irhw" workload bfs --graph "$data/star21.mtx" --model-only --no-plot \
      -p CORES=2 -p LANES=2 -p ENTRIES=2 -p OVF_CAP=4 -p COALESCE=2 2>&1); rc=$?
exc=$(echo "$out" | sed -n 's/.*exceptions \([0-9]*\) .*/\1/p')
[ $rc -eq 0 ] && [ "${exc:-0}" -gt 0 ] && echo "$out" | grep -q "result: equal" &&
  ok "bfs star21.mtx with a tiny overflow buffer: $exc exceptions handled, result equal" ||
  bad "exceptions: rc=$rc $out"

# the statistics and the plot
out=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --model-only --plot "$tmp/occ.svg" 2>&1); rc=$?
for w in "cycles to DONE" "pulls: " "WAIT" "in-core moves" "inter-core donations" "spills" \
         "refill loads" "load balance, vertices per lane" "vertices per core" "occupancy:"; do
  echo "$out" | grep -q "$w" || { bad "the report lacks '$w': $out"; rc=9; }
done
[ $rc -eq 0 ] && grep -q "<svg" "$tmp/occ.svg" && ok "the report has every statistic; the occupancy plot is an SVG" ||
  bad "report or plot: rc=$rc"

# a run long enough for the lockstep loop's second thread (cosim.c: after
# 512 cycles): the statistics, all read from the model, equal the C model
# alone's line for line
awk 'BEGIN { n = 80; for (r = 0; r < n; r++) for (c = 0; c < n; c++) {
  v = r * n + c; if (c + 1 < n) print v, v + 1; if (r + 1 < n) print v, v + n } }' > "$tmp/grid80.txt"
if [ "$quick" != 1 ]; then
  "$irhw" workload bfs --graph "$tmp/grid80.txt" --no-plot > "$tmp/ls.out" 2>&1; rc1=$?
  "$irhw" workload bfs --graph "$tmp/grid80.txt" --no-plot --model-only > "$tmp/mo.out" 2>&1; rc2=$?
  stats() { grep -v "lockstep with the RTL\|C model alone" "$1"; }
  cyc=$(sed -n 's/.*cycles to DONE: \([0-9]*\).*/\1/p' "$tmp/ls.out")
  if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ "${cyc:-0}" -gt 4096 ] && [ "$(stats "$tmp/ls.out")" = "$(stats "$tmp/mo.out")" ]; then
    ok "bfs on an 80x80 grid, lockstep ($cyc cycles): the same statistics as the C model alone"
  else bad "bfs grid80 lockstep against the model alone (rc $rc1 $rc2, $cyc cycles): $(diff <(stats "$tmp/ls.out") <(stats "$tmp/mo.out") | head -5)"; fi
fi

# one real graph
real=../shared/data/graphs/jagmesh7.mtx
[ -f "$real" ] || real=$root/../shared/data/graphs/jagmesh7.mtx
if [ -f "$real" ]; then
  run "bfs jagmesh7.mtx, C model" bfs --graph "$real" --model-only
  run "sssp jagmesh7.mtx, C model" sssp --graph "$real" --model-only
  [ "$quick" = 1 ] || run "bfs jagmesh7.mtx, lockstep with the RTL" bfs --graph "$real"
else
  skipped "jagmesh7.mtx: ../shared/data/graphs is not there"
fi

# a run cut short is not a pass
out=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --model-only --no-plot --max-cycles 100 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "NOT FINISHED: the cycle limit (100)" &&
  ok "--max-cycles 100: exit 1, NOT FINISHED" || bad "--max-cycles: rc=$rc $out"

# bad input: exit 2, the file, the line and what was expected named
expect2 "missing graph file" "$tmp/none.graph" bfs --graph "$tmp/none.graph" --model-only
head -6 "$data/path12.graph" > "$tmp/trunc.graph"
expect2 "truncated METIS file" "trunc.graph:7: expected the adjacency line of vertex 5 (the header says 12 vertices)" bfs --graph "$tmp/trunc.graph" --model-only
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 x\n' > "$tmp/bad.mtx"
expect2 "malformed Matrix Market entry" "bad.mtx:4: expected" sssp --graph "$tmp/bad.mtx" --model-only
printf '0 1\n1 2 3 4 5\n' > "$tmp/bad.txt"
expect2 "malformed SNAP line" "bad.txt:2: expected" bfs --graph "$tmp/bad.txt" --model-only
expect2 "vertex count beyond ID_BITS" "12 vertices: ID_BITS=3 holds vertex IDs below 8" bfs --graph "$data/path12.graph" -p ID_BITS=3 --model-only
printf '0 0\n' > "$tmp/empty.graph"
expect2 "a graph without vertices" "the graph has no vertices" bfs --graph "$tmp/empty.graph" --model-only
expect2 "--cost without B" "--cost '5' must be A,B" bfs --graph "$data/path12.graph" --cost 5
expect2 "--cost out of range" "--cost B '20000' must be a whole number 0..10000" bfs --graph "$data/path12.graph" --cost 1,20000
expect2 "--mem-lat 0" "--mem-lat '0' must be a whole number 1..10000" sssp --graph "$data/path12.graph" --mem-lat 0
expect2 "--src beyond the graph" "--src 40: .* has vertices 0..11" bfs --graph "$data/path12.graph" --src 40 --model-only
expect2 "an hwwl parameter out of range" "ENTRIES" bfs --graph "$data/path12.graph" -p ENTRIES=1 --model-only
expect2 "no --graph" "name --graph FILE" bfs
expect2 "unknown option" "unknown option '--frob'" sssp --frob
expect2 "a close misspelling" "unknown option '--mem-lta' (did you mean --mem-lat?)" sssp --mem-lta 5

echo "workload_hwwl: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
