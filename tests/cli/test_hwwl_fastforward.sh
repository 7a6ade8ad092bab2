#!/usr/bin/env bash
# hwwl's model-only fast-forward (sim/workload_hwwl.c, hwwl_calm /
# hwwl_idle_tick / hwwl_fast_forward in model/hwwl.c): it changes no
# result. Every run below is made twice, fast-forwarding (the default) and
# stepping every cycle (IRHW_NO_FASTFORWARD=1): the whole report (cycles,
# pulls and answers per lane, pushes, spills, moves, donations, overflow
# traffic, occupancy, the GPU's counters and caches) must be the same line
# for line but the model's timing line, and so must the --active-out series
# and the --levels-out file. BFS and SSSP, under the GPU core model and
# the lane driver, on the small graphs and a generated R-MAT and grid,
# with the variants that reach other code: SRAM banks, interval refill,
# tiny banks (spills, exceptions), SCHEME=threshold / none / gsorting / magic,
# single buffering, 2, 8 and 16 cores. At least one run must have
# fast-forwarded cycles and one pull-only core steps (hwwl_core_pull_eval:
# a core whose pulls all get WAIT decided from its last settled step), else
# the check proves nothing.
# Prints "hwwl_fastforward: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
data=$tests_dir/data/graphs
scratch hwwlff
quick=${IRHW_CLI_QUICK:-0}

"$irhw" graph rmat --scale 9 --edge-factor 8 -o "$tmp/r9.el" > /dev/null 2>&1 || bad "graph rmat --scale 9"
"$irhw" graph grid --rows 12 --cols 12 -o "$tmp/g12.el" > /dev/null 2>&1 || bad "graph grid 12x12"
"$irhw" graph rmat --scale 11 --edge-factor 8 -o "$tmp/r11.el" > /dev/null 2>&1 || bad "graph rmat --scale 11"
ffwd=0 psteps=0

# same NAME ARGS...: the report, the active series and the levels agree
same() {
  local name=$1; shift
  local a b rc1 rc2 opt=--levels-out
  [ "$1" = sssp ] && opt=--dist-out
  "$irhw" workload "$@" --model-only --no-plot $opt "$tmp/a.lv" > "$tmp/a.out" 2>&1; rc1=$?
  IRHW_NO_FASTFORWARD=1 "$irhw" workload "$@" --model-only --no-plot $opt "$tmp/b.lv" \
    > "$tmp/b.out" 2>&1; rc2=$?
  a=$(grep -v "C model alone" "$tmp/a.out")
  b=$(grep -v "C model alone" "$tmp/b.out")
  local n p
  n=$(sed -n 's/.*; \([0-9]*\) calm ones fast-forwarded.*/\1/p' "$tmp/a.out")
  [ "${n:-0}" -gt 0 ] && ffwd=$((ffwd + 1))
  p=$(sed -n 's/.*, \([0-9]*\) pull-only core steps).*/\1/p' "$tmp/a.out")
  [ "${p:-0}" -gt 0 ] && psteps=$((psteps + 1))
  if [ $rc1 = 0 ] && [ $rc2 = 0 ] && [ "$a" = "$b" ] && cmp -s "$tmp/a.lv" "$tmp/b.lv" &&
    grep -q "result: equal" "$tmp/a.out"; then
    ok "$name: the same report both ways (${n:-0} cycles fast-forwarded, ${p:-0} pull-only steps)"
  else
    bad "$name: rc=$rc1/$rc2, reports differ: $(diff <(echo "$a") <(echo "$b") | head -6)"
  fi
}
# same_active NAME ARGS...: the --active-out series agree too
same_active() {
  local name=$1; shift
  "$irhw" workload "$@" --model-only --no-plot --quiet --active-out "$tmp/a.act" --active-every 50 > /dev/null 2>&1
  IRHW_NO_FASTFORWARD=1 "$irhw" workload "$@" --model-only --no-plot --quiet --active-out "$tmp/b.act" \
    --active-every 50 > /dev/null 2>&1
  [ -s "$tmp/a.act" ] && cmp -s "$tmp/a.act" "$tmp/b.act" && ok "$name: the same --active-out series" ||
    bad "$name: --active-out series differ"
}

for k in bfs sssp; do
  same "$k grid5x5 GPU" $k --graph "$data/grid5x5.txt" --worklist hwwl
  same "$k star21 GPU" $k --graph "$data/star21.mtx" --worklist hwwl
  same "$k R-MAT 2^9 GPU" $k --graph "$tmp/r9.el" --worklist hwwl
  same "$k grid 12x12 GPU" $k --graph "$tmp/g12.el" --worklist hwwl
  same "$k R-MAT 2^9 lane driver" $k --graph "$tmp/r9.el"
done
same "bfs R-MAT 2^9 GPU, SRAM banks" bfs --graph "$tmp/r9.el" --worklist hwwl -p STORAGE=sram
same "bfs R-MAT 2^9 GPU, interval refill" bfs --graph "$tmp/r9.el" --worklist hwwl -p REFILL=interval -p OVF_CAP=64
same "sssp R-MAT 2^9 GPU, tiny banks" sssp --graph "$tmp/r9.el" --worklist hwwl -p ENTRIES=2 -p OVF_CAP=16 -p COALESCE=2
same "bfs R-MAT 2^9 GPU, SCHEME=threshold" bfs --graph "$tmp/r9.el" --worklist hwwl -p SCHEME=threshold
same "bfs R-MAT 2^9 GPU, SCHEME=none" bfs --graph "$tmp/r9.el" --worklist hwwl -p SCHEME=none
same "bfs R-MAT 2^9 GPU, SCHEME=gsorting" bfs --graph "$tmp/r9.el" --worklist hwwl -p SCHEME=gsorting
same "sssp R-MAT 2^9 GPU, SCHEME=magic" sssp --graph "$tmp/r9.el" --worklist hwwl -p SCHEME=magic
same "bfs R-MAT 2^9 GPU, single buffer" bfs --graph "$tmp/r9.el" --worklist hwwl --buffer single
same "sssp grid 12x12 GPU, 2 cores" sssp --graph "$tmp/g12.el" --worklist hwwl -p CORES=2
same "bfs R-MAT 2^9 GPU, long memory" bfs --graph "$tmp/r9.el" --worklist hwwl -g MEM_LAT=400 --mem-lat 300
if [ "$quick" != 1 ]; then
  same "bfs R-MAT 2^9 GPU, 8 cores" bfs --graph "$tmp/r9.el" --worklist hwwl -p CORES=8
  same "sssp R-MAT 2^11 GPU" sssp --graph "$tmp/r11.el" --worklist hwwl
  same "sssp R-MAT 2^11 GPU, 8 cores" sssp --graph "$tmp/r11.el" --worklist hwwl -p CORES=8
  same "bfs R-MAT 2^11 GPU, 16 cores" bfs --graph "$tmp/r11.el" --worklist hwwl -p CORES=16
  same "sssp grid 12x12 GPU, 8 cores" sssp --graph "$tmp/g12.el" --worklist hwwl -p CORES=8
  same "sssp R-MAT 2^9 GPU, single buffer" sssp --graph "$tmp/r9.el" --worklist hwwl --buffer single
  same "sssp R-MAT 2^9 GPU, PIPELINE=2" sssp --graph "$tmp/r9.el" --worklist hwwl -p PIPELINE=2
fi
same_active "bfs R-MAT 2^9 GPU" bfs --graph "$tmp/r9.el" --worklist hwwl
[ $ffwd -gt 0 ] && ok "$ffwd runs fast-forwarded some cycles" || bad "no run fast-forwarded a cycle"
[ $psteps -gt 0 ] && ok "$psteps runs made pull-only core steps" || bad "no run made a pull-only core step"

echo "hwwl_fastforward: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
