#!/usr/bin/env bash
# Speed of `irhw workload bfs` on hwwl (from `make bench`), both drivers of
# its lane ports: the lane driver (one thread a lane, the default) and the
# GPU core model (--worklist hwwl: warps, the scheduler, memory). The C model
# alone on the largest graph of ../shared/data/graphs (targets: lane driver
# to DONE in under 10 s, GPU core model under 20 s, on this 2-core machine),
# and the lockstep co-simulation of hwwl at the paper's defaults on two
# smaller ones (target: >= 50 k cycles/s under either driver); `irhw
# workload iru --machine gpu --all` on every shared graph, the C model alone
# (target: <= 5 min).
# Graph-Waving (docs/gw.md): GW BFS on the largest graph, C models alone
# (target <= 10 s), and PageRank with every swt in lockstep with its RTL on
# jagmesh7 (target >= 100 k table cycles/s of the run).
# At the paper's scale: `irhw graph rmat --scale 20 --edge-factor 16`
# (target <= 30 s), `graph info` on it (<= 10 s) and one BFS through hwwl
# under the GPU core model, model-only, on it (<= 60 s of CPU): user time,
# wall and peak RSS from /usr/bin/time. BENCH_WORKLOAD=paper-scale runs
# only these rows (BENCH_WORKLOAD=graphs only the others).
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
  for drv in "lane driver:" "GPU core model:--worklist hwwl"; do
    name=${drv%%:*} target=10
    read -r -a opt <<< "${drv#*:}"
    [ ${#opt[@]} -gt 0 ] && target=20
    t0=$(date +%s.%N)
    line=$("$irhw" workload bfs --graph "$largest" "${opt[@]}" --model-only --quiet --no-plot) ||
      { echo "FAIL: $line"; return 1; }
    t1=$(date +%s.%N)
    printf '%s, C model alone, %s: %.2f s wall (target < %s s)\n  %s\n' "$name" "$(basename "$largest")" \
      "$(awk "BEGIN{print $t1 - $t0}")" "$target" "$line"
  done
  for drv in "lane driver:" "GPU core model:--worklist hwwl"; do
    name=${drv%%:*}
    read -r -a opt <<< "${drv#*:}"
    for g in jagmesh7.mtx 4elt.graph; do
      [ -f "$dir/$g" ] || continue
      line=$("$irhw" workload bfs --graph "$dir/$g" "${opt[@]}" --quiet --no-plot) || { echo "FAIL: $line"; return 1; }
      rate=$(echo "$line" | sed -n 's/.*lockstep \([0-9]*\) cycles\/s.*/\1/p')
      echo "$name, lockstep with the RTL, $g: ${rate} cycles/s (target >= 50000)"
      echo "  $line"
    done
  done
  echo "== irhw workload bfs|pagerank --arch gw (Graph-Waving)"
  t0=$(date +%s.%N)
  line=$("$irhw" workload bfs --arch gw --graph "$largest" -q) || { echo "FAIL: $line"; return 1; }
  t1=$(date +%s.%N)
  printf 'GW BFS, C models alone, %s: %.2f s wall (target <= 10 s)\n  %s\n' "$(basename "$largest")" \
    "$(awk "BEGIN{print $t1 - $t0}")" "$line"
  if [ -f "$dir/jagmesh7.mtx" ]; then
    line=$("$irhw" workload pagerank --arch gw --hold 32 --iters 1 --rtl -q --graph "$dir/jagmesh7.mtx") ||
      { echo "FAIL: $line"; return 1; }
    rate=$(echo "$line" | sed -n 's/.*equal; \([0-9]*\) table cycles\/s of the run.*/\1/p')
    echo "GW PageRank, every swt in lockstep with its RTL, jagmesh7.mtx: ${rate} table cycles/s (target >= 100000)"
    echo "  $(echo "$line" | tr '\n' ' ')"
  fi
  echo "== irhw workload iru --machine gpu --all (BFS, SSSP, PageRank, plain loads and load_iru)"
  t0=$(date +%s.%N)
  "$irhw" workload iru --machine gpu --all --model-only --graphs "$dir" -o "$(dirname "$out")/iru_gpu_bench.md" \
    > /dev/null || { echo "FAIL: workload iru --machine gpu --all"; return 1; }
  t1=$(date +%s.%N)
  printf 'GPU core model + iru_hash, C model alone, every graph of %s x 3 kernels x 2 runs: %.1f s wall (target <= 300 s)\n' \
    "$dir" "$(awk "BEGIN{print $t1 - $t0}")"
}
# timed NAME TARGET COMMAND...: one line "NAME: U s user, W s wall, R MiB peak"
timed() {
  local name=$1 target=$2; shift 2
  local tf
  tf=$(mktemp)
  if ! /usr/bin/time -f '%U %e %M' -o "$tf" "$@" > "$tf.out" 2>&1; then
    echo "FAIL: $name: $(tail -2 "$tf.out")"; rm -f "$tf" "$tf.out"; return 1
  fi
  read -r u e m < "$tf"
  printf '%s: %s s user, %s s wall, %d MiB peak RSS (target %s)\n' "$name" "$u" "$e" $((m / 1024)) "$target"
  rm -f "$tf" "$tf.out"
}
paper_scale() {
  local tmp rc=0
  tmp=$(mktemp -d)
  echo "== at the paper's scale: an R-MAT of 2^20 vertices, edge factor 16"
  timed "irhw graph rmat --scale 20 --edge-factor 16" "<= 30 s" \
    "$irhw" graph rmat --scale 20 --edge-factor 16 -o "$tmp/r20.txt" || rc=1
  [ $rc = 0 ] && { timed "irhw graph info r20.txt" "<= 10 s" "$irhw" graph info "$tmp/r20.txt" || rc=1; }
  [ $rc = 0 ] && { timed "irhw workload bfs --graph r20.txt --worklist hwwl --model-only" "<= 60 s user" \
    "$irhw" workload bfs --graph "$tmp/r20.txt" --worklist hwwl --model-only --quiet --no-plot || rc=1; }
  rm -rf "$tmp"
  return $rc
}
mkdir -p "$(dirname "$out")"
case ${BENCH_WORKLOAD:-all} in
paper-scale) paper_scale | tee "$out" ;;
graphs) measure | tee "$out" ;;
*) { measure && paper_scale; } | tee "$out" ;;
esac
exit "${PIPESTATUS[0]}"
