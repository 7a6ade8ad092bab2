#!/usr/bin/env bash
# Speed of `irhw workload bfs` on hwwl (from `make bench`): the C model
# alone on the largest graph of ../shared/data/graphs (target: to DONE in
# under 10 s on this 2-core machine), and the lockstep co-simulation of
# hwwl at the paper's defaults on a smaller one (target: >= 50 k cycles/s).
# A measurement, not a test: it prints, it does not fail on the targets.
# What it prints also goes to out/bench_workload.md (BENCH_WORKLOAD_MD),
# which tests/bench/bench_log.sh adds to the log and to docs/speed.md.
set -u
irhw=$(realpath "$1")
out=${BENCH_WORKLOAD_MD:-out/bench_workload.md}
dir=../shared/data/graphs
measure() {
  [ -d "$dir" ] || { echo "bench_workload: SKIP: $dir is not there"; return 0; }
  largest=$(ls -S "$dir"/*.graph "$dir"/*.mtx "$dir"/*.txt 2>/dev/null | head -1)
  echo "== irhw workload bfs (hwwl at the paper's defaults)"
  t0=$(date +%s.%N)
  line=$("$irhw" workload bfs --graph "$largest" --model-only --quiet --no-plot) || { echo "FAIL: $line"; return 1; }
  t1=$(date +%s.%N)
  printf 'C model alone, %s: %.2f s wall (target < 10 s)\n  %s\n' "$(basename "$largest")" \
    "$(awk "BEGIN{print $t1 - $t0}")" "$line"
  for g in jagmesh7.mtx 4elt.graph; do
    [ -f "$dir/$g" ] || continue
    line=$("$irhw" workload bfs --graph "$dir/$g" --quiet --no-plot) || { echo "FAIL: $line"; return 1; }
    rate=$(echo "$line" | sed -n 's/.*lockstep \([0-9]*\) cycles\/s.*/\1/p')
    echo "lockstep with the RTL, $g: ${rate} cycles/s (target >= 50000)"
    echo "  $line"
  done
}
mkdir -p "$(dirname "$out")"
measure | tee "$out"
exit "${PIPESTATUS[0]}"
