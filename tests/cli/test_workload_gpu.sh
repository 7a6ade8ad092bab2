#!/usr/bin/env bash
# `irhw workload bfs|sssp --worklist WL` (sim/gpu_core.c): the GPU core
# model running the kernel on every worklist. Every --worklist on the small
# graphs of tests/data/graphs, both kernels, on the model: the result equals
# the sequential BFS / Dijkstra (the run exits 1 otherwise); hwwl under the
# GPU driver in lockstep with the RTL on a small graph (not under
# IRHW_CLI_QUICK=1); --levels-out / --dist-out: every worklist's file equals
# the lane driver's, the path's levels are 0..11, unreached is -1, an
# unwritable path exits 3; the statistics; a
# -g constant changes the timing but not the result; SCHEME=gsorting /
# magic (model only) right on both drivers, fewer WAIT on jagmesh7;
# -p ENTRIES=inf; --buffer single; --active-out's series; the machine:
# thread blocks dealt to every core (a level of 2,048 vertices), CORES=1
# slower than 4, the caches' hits, L1 off slower, every addition off the
# first-order model's cycles, ideal-fifo double-buffered (a kernel a level)
# and -single one kernel, the same run twice the same report; bad input
# exits 2 naming the option and the allowed values or range.
# Prints "workload_gpu: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib_workload.sh"
data=$tests_dir/data/graphs
scratch wlgpu
quick=${IRHW_CLI_QUICK:-0}
declare -A w
wls="hwwl swwl topo ideal-fifo ideal-sort ideal-fifo-single ideal-sort-single"

for g in path12.graph star21.mtx grid5x5.txt disconnected.graph; do
  for k in bfs sssp; do
    for wl in $wls; do
      run "$k $g --worklist $wl, model" $k --graph "$data/$g" --model-only --worklist $wl
    done
  done
done
run "bfs disconnected.graph from vertex 8 --worklist swwl" bfs --graph "$data/disconnected.graph" --src 8 --worklist swwl
run "sssp grid5x5.txt --worklist hwwl, tiny banks (spills, exceptions)" sssp --graph "$data/grid5x5.txt" --model-only --worklist hwwl -p CORES=2 -p LANES=2 -p ENTRIES=2 -p OVF_CAP=4 -p COALESCE=2
run "bfs grid5x5.txt --worklist hwwl, SRAM (answers a cycle late), 8 warps of 4 on 4 lanes" bfs --graph "$data/grid5x5.txt" --model-only --worklist hwwl -p STORAGE=sram -p LANES=4 -g WARPS=8 -g WARP_SIZE=4
run "sssp grid5x5.txt --worklist hwwl, warps of 20 on 16 lanes (a second pass of 4)" sssp --graph "$data/grid5x5.txt" --model-only --worklist hwwl -g WARP_SIZE=20
run "bfs grid5x5.txt --worklist swwl, one thread a core, 8 issue slots" bfs --graph "$data/grid5x5.txt" --worklist swwl -g WARPS=1 -g WARP_SIZE=1 -g ISSUE=8
if [ "$quick" != 1 ]; then
  run "bfs grid5x5.txt --worklist hwwl, lockstep with the RTL" bfs --graph "$data/grid5x5.txt" --worklist hwwl
  run "sssp star21.mtx --worklist hwwl, lockstep with the RTL" sssp --graph "$data/star21.mtx" --worklist hwwl
fi

# --levels-out / --dist-out: the same file from every worklist and from the
# lane driver; its lines are the reference's (BFS levels of the path from
# its end: 0..11)
for k in bfs sssp; do
  opt=--levels-out; [ $k = sssp ] && opt=--dist-out
  "$irhw" workload $k --graph "$data/grid5x5.txt" --model-only --quiet --no-plot $opt "$tmp/lanes.$k" >/dev/null 2>&1
  same=1
  for wl in $wls; do
    "$irhw" workload $k --graph "$data/grid5x5.txt" --model-only --quiet --no-plot --worklist $wl $opt "$tmp/$wl.$k" >/dev/null 2>&1 &&
      cmp -s "$tmp/lanes.$k" "$tmp/$wl.$k" || same=0
  done
  n=$(wc -l < "$tmp/lanes.$k")
  [ $same = 1 ] && [ "$n" = 25 ] && ! ls "$tmp"/*.tmp.* >/dev/null 2>&1 &&
    ok "$k $opt: 25 lines, the same for the lane driver and every worklist, no temporary left" ||
    bad "$k $opt: same=$same lines=$n"
done
"$irhw" workload bfs --graph "$data/path12.graph" --src 0 --worklist topo --quiet --no-plot --levels-out "$tmp/path.lv" >/dev/null 2>&1
[ "$(tr '\n' ' ' < "$tmp/path.lv")" = "0 1 2 3 4 5 6 7 8 9 10 11 " ] &&
  ok "--levels-out of the path from its end: 0 1 .. 11" || bad "path levels: $(tr '\n' ' ' < "$tmp/path.lv")"
"$irhw" workload bfs --graph "$data/disconnected.graph" --src 0 --worklist swwl --quiet --no-plot --levels-out "$tmp/dis.lv" >/dev/null 2>&1
grep -qx -- "-1" "$tmp/dis.lv" && ok "--levels-out: unreached vertices are -1" || bad "disconnected levels: $(tr '\n' ' ' < "$tmp/dis.lv")"
: > "$tmp/afile"
out=$("$irhw" workload bfs --graph "$data/path12.graph" --worklist swwl --quiet --no-plot --levels-out "$tmp/afile/x" 2>&1); rc=$?
[ $rc -eq 3 ] && echo "$out" | grep -q "$tmp/afile/x" && ok "--levels-out under a file: exit 3, the path named" || bad "unwritable: rc=$rc $out"

# the statistics
out=$("$irhw" workload sssp --graph "$data/grid5x5.txt" --model-only --no-plot --worklist swwl 2>&1); rc=$?
for w in "issue slots used" "WAIT pulls" "warp cycles lost to WAIT" "memory requests" "atomics" "instructions alu"; do
  echo "$out" | grep -q "$w" || { bad "the GPU report lacks '$w': $out"; rc=9; }
done
[ $rc -eq 0 ] && ok "the GPU report has every statistic" || bad "report: rc=$rc"
a=$(echo "$out" | sed -n 's/.*atomics \([0-9]*\).*/\1/p')
i=$(echo "$out" | sed -n 's/.*improvements \([0-9]*\), pushes \([0-9]*\).*/\1 \2/p')
set -- $i
[ "${a:-0}" -eq $(( $1 + $2 )) ] && ok "swwl: an atomic per improvement (atomicMin) and per push (the tail): $a" ||
  bad "swwl atomics $a, improvements/pushes $i"
out=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --model-only --no-plot --worklist hwwl 2>&1)
w=$(echo "$out" | sed -n 's/.*WAIT pulls \([0-9]*\).*/\1/p')
[ "${w:-0}" -gt 0 ] && ok "hwwl: WAIT pulls counted ($w)" || bad "hwwl WAIT pulls: $out"

# at most ISSUE instructions a core a cycle, even with every warp spinning on WAIT
for wl in ideal-fifo swwl; do
  u=$("$irhw" workload sssp --graph "$data/grid5x5.txt" --worklist $wl --quiet --no-plot | sed -n 's/.*issue slots used \([0-9.]*\) %.*/\1/p')
  awk -v u="${u:-999}" 'BEGIN { exit !(u > 0 && u <= 100) }' && ok "$wl: issue slots used $u % (at most 100)" || bad "$wl: issue slots used '$u' %"
done

# a constant changes the timing, not the result
c1=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --worklist swwl --quiet --no-plot | sed -E 's/.*: ([0-9]+) cycles to DONE.*/\1/')
c2=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --worklist swwl --quiet --no-plot -g MEM_LAT=400 | sed -E 's/.*: ([0-9]+) cycles to DONE.*/\1/')
[ "${c2:-0}" -gt "${c1:-0}" ] && ok "-g MEM_LAT=400: more cycles ($c1 -> $c2)" || bad "MEM_LAT: $c1 -> $c2"

# SCHEME=gsorting / magic (model only): every result right, lane driver and
# GPU driver, flops and SRAM; on jagmesh7 (lane driver) magic levels the
# banks: far fewer WAIT than none, and gsorting fewer than none
for s in gsorting magic; do
  for g in grid5x5.txt star21.mtx; do
    for k in bfs sssp; do
      run "$k $g -p SCHEME=$s, lane driver" $k --graph "$data/$g" --model-only -p SCHEME=$s
      run "$k $g -p SCHEME=$s --worklist hwwl" $k --graph "$data/$g" --model-only -p SCHEME=$s --worklist hwwl
    done
  done
  run "sssp grid5x5.txt -p SCHEME=$s, SRAM, 2 cores of 4 lanes" sssp --graph "$data/grid5x5.txt" --model-only -p SCHEME=$s -p STORAGE=sram -p CORES=2 -p LANES=4
done
jag=/work/shared/data/graphs/jagmesh7.mtx
if [ -r "$jag" ]; then
  for s in none gsorting magic; do
    w[$s]=$("$irhw" workload bfs --graph "$jag" --model-only -p SCHEME=$s --quiet --no-plot | sed -n 's/.* WAIT \([0-9]*\) DONE.*/\1/p')
  done
  [ "${w[magic]:-0}" -gt 0 ] && [ $(( ${w[magic]} * 10 )) -lt "${w[none]:-0}" ] && [ "${w[gsorting]:-0}" -lt "${w[none]:-0}" ] &&
    ok "jagmesh7 bfs WAIT pulls: none ${w[none]}, gsorting ${w[gsorting]}, magic ${w[magic]}" ||
    bad "jagmesh7 WAIT: none ${w[none]:-} gsorting ${w[gsorting]:-} magic ${w[magic]:-}"
  # the numbers of docs/pending/h34a.md (lane driver, unbounded banks)
  got=""
  for s in none lsorting gsorting magic; do
    got="$got $("$irhw" workload bfs --graph "$jag" --model-only -p ENTRIES=inf -p SCHEME=$s --quiet --no-plot | sed -E 's/.*: ([0-9]+) cycles to DONE.*/\1/')"
  done
  [ "$got" = " 26396 2881 2835 1516" ] && ok "jagmesh7 bfs at ENTRIES=inf, none/lsorting/gsorting/magic:$got cycles (as documented)" ||
    bad "jagmesh7 ENTRIES=inf cycles:$got (documented 26396 2881 2835 1516)"
else
  skipped "jagmesh7.mtx not at $jag"
fi
out=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --model-only -p SCHEME=magic -p CORES=2 -p LANES=4 --no-plot 2>&1)
m=$(echo "$out" | sed -n 's/.*system-wide moves (SCHEME=magic, model only) \([0-9]*\).*/\1/p')
[ "${m:-0}" -gt 0 ] && ok "SCHEME=magic reports its system-wide moves ($m)" || bad "magic moves: $out"
out=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --model-only --worklist hwwl --quiet --no-plot 2>&1)
echo "$out" | grep -Eq "issue slots used [0-9.]+ %, WAIT pulls [0-9]+ \(warp cycles lost [0-9]+\), memory requests [0-9]+, atomics [0-9]+" &&
  ok "--quiet line: issue slots, WAIT pulls and cycles lost, memory requests, atomics" || bad "quiet line: $out"
expect2 "gsorting in lockstep" "SCHEME=gsorting is model only" bfs --graph "$data/path12.graph" -p SCHEME=gsorting
expect2 "magic in lockstep (GPU driver)" "SCHEME=magic is model only" bfs --graph "$data/path12.graph" -p SCHEME=magic --worklist hwwl
expect2 "an unknown scheme" "SCHEME must be one of none|threshold|lsorting|gsorting|magic" bfs --graph "$data/path12.graph" -p SCHEME=global --model-only
out=$("$irhw" gen hwwl -p SCHEME=magic -o "$tmp/gen" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "model only" && ok "irhw gen hwwl -p SCHEME=magic: exit 2, model only" || bad "gen magic: rc=$rc $out"

# -p ENTRIES=inf: model only, the largest ENTRIES, the same run as ENTRIES=4096
c1=$("$irhw" workload sssp --graph "$data/grid5x5.txt" --model-only -p ENTRIES=inf --quiet --no-plot | sed -E 's/.*: ([0-9]+) cycles to DONE.*/\1/')
c2=$("$irhw" workload sssp --graph "$data/grid5x5.txt" --model-only -p ENTRIES=4096 --quiet --no-plot | sed -E 's/.*: ([0-9]+) cycles to DONE.*/\1/')
[ -n "$c1" ] && [ "$c1" = "$c2" ] && ok "-p ENTRIES=inf runs as ENTRIES=4096 ($c1 cycles)" || bad "ENTRIES=inf $c1, 4096 $c2"
run "bfs star21.mtx -p ENTRIES=inf --worklist hwwl -p SCHEME=magic" bfs --graph "$data/star21.mtx" --model-only -p ENTRIES=inf --worklist hwwl -p SCHEME=magic
expect2 "ENTRIES=inf in lockstep" "ENTRIES=inf is model only" bfs --graph "$data/path12.graph" -p ENTRIES=inf

# --buffer single: one kernel; --active-out: the threads holding work over time
for k in bfs sssp; do
  run "$k grid5x5.txt --buffer single, lane driver" $k --graph "$data/grid5x5.txt" --model-only --buffer single
  run "$k grid5x5.txt --buffer single --worklist hwwl" $k --graph "$data/grid5x5.txt" --model-only --buffer single --worklist hwwl
done
run "sssp grid5x5.txt --buffer single --worklist hwwl, tiny banks (spills, exceptions)" sssp --graph "$data/grid5x5.txt" --model-only --buffer single --worklist hwwl -p CORES=2 -p LANES=2 -p ENTRIES=2 -p OVF_CAP=4 -p COALESCE=2
kn=$("$irhw" workload bfs --graph "$data/path12.graph" --src 0 --model-only --buffer single --worklist hwwl --no-plot | sed -n 's/.*cycles to DONE: [0-9]* (\([0-9]*\) kernels).*/\1/p')
[ "$kn" = 1 ] && ok "--buffer single: one kernel for the 12-level path" || bad "--buffer single kernels: '$kn'"
for b in single double; do
  "$irhw" workload bfs --graph "$data/grid5x5.txt" --model-only --worklist hwwl --buffer $b --quiet --no-plot --active-out "$tmp/act.$b" --active-every 50 > "$tmp/act.$b.log" 2>&1 || bad "--active-out $b: $(cat "$tmp/act.$b.log")"
done
cyc=$(sed -E 's/.*: ([0-9]+) cycles to DONE.*/\1/' "$tmp/act.double.log")
awk -v cyc="${cyc:-0}" '!/^#/ { n++; if ($1 != (n - 1) * 50 || $3 < 0 || $3 > 100 || $2 != int($2)) bad = 1; if ($3 > mx) mx = $3; last = $1 }
  END { exit !(n > 2 && !bad && mx > 0 && last <= cyc && last + 50 > cyc) }' "$tmp/act.double" &&
  grep -q "^# cycle active percent" "$tmp/act.double" && grep -q "of 6144 hardware threads" "$tmp/act.double" &&
  ok "--active-out: a sample every 50 cycles up to the end ($cyc), 0..100 %, some active, of 6144 threads" ||
  bad "--active-out: $(head -5 "$tmp/act.double")"
grep -q "single-buffered" "$tmp/act.single" && ok "--active-out names the buffering" || bad "act.single: $(head -2 "$tmp/act.single")"
expect2 "--buffer with swwl" "--buffer is hwwl's wlcfg" bfs --graph "$data/path12.graph" --worklist swwl --buffer single
expect2 "--buffer bad" "--buffer 'triple' must be single or double" bfs --graph "$data/path12.graph" --buffer triple
expect2 "--active-out without --worklist" "--active-out samples the GPU core model" bfs --graph "$data/path12.graph" --active-out "$tmp/a"
expect2 "--active-every without --active-out" "--active-every is the period of --active-out" bfs --graph "$data/path12.graph" --worklist swwl --active-every 10
expect2 "--active-every 0" "--active-every '0' must be a whole number 1..1000000000" bfs --graph "$data/path12.graph" --worklist swwl --active-out "$tmp/a" --active-every 0

# the machine (docs/workloads.md, "The machine"): blocks dealt round-robin,
# caches, double-buffered ideal, determinism
cycles() { "$irhw" workload "$@" --quiet --no-plot | sed -nE 's/.*: ([0-9]+) cycles to DONE.*/\1/p'; }
# a tree: the root, 64 children, 32 leaves each: a BFS level of 2,048
# vertices (more than one core's 1,536 threads); each leaf has 8 edges to
# other leaves (relaxed, nothing improved)
awk 'BEGIN { for (m = 1; m <= 64; m++) { print 0, m; for (j = 0; j < 32; j++) { l = 65 + (m - 1) * 32 + j
  print m, l; for (k = 1; k <= 8; k++) print l, 65 + (l - 65 + k * 97) % 2048 } } }' > "$tmp/tree2048.txt"
for wl in swwl topo; do
  out=$("$irhw" workload bfs --graph "$tmp/tree2048.txt" --model-only --no-plot --worklist $wl 2>&1)
  pc=$(echo "$out" | sed -n 's/.*gpu: per core: \(.*\) vertices;.*/\1/p' | tr -d ',')
  echo "$pc" | awk -F' / ' '{ exit !(NF == 4 && $1 > 0 && $2 > 0 && $3 > 0 && $4 > 0) }' &&
    echo "$out" | grep -q "largest frontier 2,048 (kernel 3) against 1,536 threads a core (blocks of 256)" &&
    ok "$wl, a frontier of 2,048 on 4 cores: every core gets work ($pc), largest frontier 2,048" ||
    bad "$wl tree2048 per core '$pc': $out"
done
c4=$(cycles bfs --graph "$tmp/tree2048.txt" --worklist swwl)
c1=$(cycles bfs --graph "$tmp/tree2048.txt" --worklist swwl -g CORES=1)
[ -n "$c1" ] && [ "${c1:-0}" -gt "${c4:-0}" ] && ok "swwl tree2048: CORES=1 $c1 cycles, CORES=4 $c4" || bad "CORES=1 '$c1' vs 4 '$c4'"
out=$("$irhw" workload bfs --graph "$tmp/tree2048.txt" --no-plot --worklist swwl -g CTA=1536 2>&1)
echo "$out" | grep -q "per core: 1,601 / 512 / 0 / 0 vertices" &&
  ok "-g CTA=1536 (one block a core, the old placement): the leaves 0..1,535 on core 0, the rest on core 1" || bad "CTA=1536: $out"
out=$("$irhw" workload bfs --graph "$tmp/tree2048.txt" --no-plot --worklist swwl -g WARPS=10 2>&1)
echo "$out" | grep -q "against 256 threads a core (blocks of 256)" &&
  ok "WARPS=10, blocks of 256: one whole block a core (256 threads), two warps idle" || bad "WARPS=10: $out"
out=$("$irhw" workload bfs --graph "$data/grid5x5.txt" --no-plot --worklist swwl -g WARP_SIZE=20 2>&1)
echo "$out" | grep -q "CTA=240 " && ok "the default CTA fits WARP_SIZE=20: 240 threads (12 warps)" || bad "WARP_SIZE=20 CTA: $out"
# the caches: hits counted, L1 off costs cycles; every addition off is the
# first-order model (its cycles on grid5x5 sssp, before the machine existed)
out=$("$irhw" workload bfs --graph "$tmp/tree2048.txt" --no-plot --worklist swwl 2>&1)
h=$(echo "$out" | sed -n 's/.*L1 (loads) 8 KiB 4-way: \([0-9,]*\) hits.*/\1/p' | tr -d ',')
[ "${h:-0}" -gt 0 ] && echo "$out" | grep -q "L2 768 KiB 8-way" && ok "the Table IV caches: $h L1 hits (neighbouring vertices share lines)" || bad "L1 hits: $out"
l0=$(cycles bfs --graph "$tmp/tree2048.txt" --worklist swwl -g L1_KB=0)
[ "${l0:-0}" -gt "${c4:-0}" ] && ok "-g L1_KB=0: more cycles ($c4 -> $l0)" || bad "L1 off: $c4 -> $l0"
out=$("$irhw" workload bfs --graph "$tmp/tree2048.txt" --no-plot --worklist swwl -g L1_KB=0 -g L2_KB=0 2>&1)
echo "$out" | grep -q "L1 (loads) off; L2 off; DRAM lines read" && ok "-g L1_KB=0 -g L2_KB=0: both off in the report" || bad "caches off: $out"
got=""
for wl in swwl topo ideal-fifo-single hwwl; do
  got="$got $(cycles sssp --graph "$data/grid5x5.txt" --model-only --worklist $wl -g CTA=1536 -g L1_KB=0 -g L2_KB=0)"
done
[ "$got" = " 10569 8657 5233 7746" ] && ok "one block a core, no caches: the first-order model's cycles ($got)" ||
  bad "additions off: got$got, the first-order model gave 10569 8657 5233 7746"
# ideal double-buffered: a kernel per level; the -single variant one kernel
kd=$("$irhw" workload bfs --graph "$data/path12.graph" --src 0 --no-plot --worklist ideal-fifo | sed -n 's/.*gpu: [0-9]* cycles, \([0-9]*\) kernels.*/\1/p')
ks=$("$irhw" workload bfs --graph "$data/path12.graph" --src 0 --no-plot --worklist ideal-fifo-single | sed -n 's/.*gpu: [0-9]* cycles, \([0-9]*\) kernels.*/\1/p')
[ "$kd" = 12 ] && [ "$ks" = 1 ] && ok "the path of 12: ideal-fifo 12 kernels (double-buffered), ideal-fifo-single 1" || bad "kernels: double '$kd' single '$ks'"
# the same run twice: the same report (but its timing)
for wl in swwl hwwl ideal-sort; do
  a=$("$irhw" workload sssp --graph "$data/grid5x5.txt" --model-only --no-plot --worklist $wl 2>&1 | grep -v "model run in\|C model alone")
  b=$("$irhw" workload sssp --graph "$data/grid5x5.txt" --model-only --no-plot --worklist $wl 2>&1 | grep -v "model run in\|C model alone")
  [ -n "$a" ] && [ "$a" = "$b" ] && ok "$wl: the same run twice, the same report" || bad "$wl not deterministic: $(diff <(echo "$a") <(echo "$b") | head -5)"
done

# bad input: exit 2, named
g=$data/path12.graph
expect2 "unknown worklist" "--worklist 'fifo' must be hwwl, swwl, topo, ideal-fifo, ideal-sort, ideal-fifo-single or ideal-sort-single" bfs --graph "$g" --worklist fifo
expect2 "a CTA not whole warps" "-g CTA=100: CTA must be a multiple of WARP_SIZE=32, 32..1536" bfs --graph "$g" --worklist swwl -g CTA=100
expect2 "a CTA above a core's threads" "CTA must be a multiple of WARP_SIZE=32, 32..256 (WARPS=8" bfs --graph "$g" --worklist topo -g WARPS=8 -g CTA=512
expect2 "a CTA that does not fit hwwl's warps" "CTA must be a multiple of WARP_SIZE=32" bfs --graph "$g" --worklist hwwl --model-only -g CTA=48
expect2 "a cache size out of range" "L1_KB must be a whole number 0..1024" bfs --graph "$g" --worklist swwl -g L1_KB=2048
expect2 "a constant out of range" "WARPS must be a whole number 1..64" bfs --graph "$g" --worklist swwl -g WARPS=65
expect2 "a constant below range" "ISSUE must be a whole number 1..8" bfs --graph "$g" --worklist swwl -g ISSUE=0
expect2 "a constant not a number" "MEM_LAT must be a whole number" bfs --graph "$g" --worklist swwl -g MEM_LAT=x
expect2 "an unknown constant" "no such GPU model constant" bfs --graph "$g" --worklist swwl -g FOO=1
expect2 "-g without --worklist" "name --worklist too" bfs --graph "$g" -g WARPS=4
expect2 "--cost with --worklist" "--cost is the lane driver's" bfs --graph "$g" --worklist hwwl --cost 1,1
expect2 "-p with a software worklist" "runs no hwwl" bfs --graph "$g" --worklist topo -p ENTRIES=8
expect2 "-g CORES with hwwl" "hwwl's cores: -p CORES" bfs --graph "$g" --worklist hwwl -g CORES=2
expect2 "--levels-out on sssp" "option --levels-out does not apply to workload sssp" sssp --graph "$g" --levels-out "$tmp/x"
expect2 "hwwl: fewer threads a warp than lanes" "WARP_SIZE=8 is below hwwl's LANES=16" bfs --graph "$g" --worklist hwwl -g WARP_SIZE=8 --model-only
expect2 "--trends with --worklist" "drop --worklist" bfs --trends --worklist swwl

echo "workload_gpu: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
