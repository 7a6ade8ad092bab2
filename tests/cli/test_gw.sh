#!/usr/bin/env bash
# `irhw workload bfs|sssp|pagerank --arch baseline|gw|both` (sim/gpu_gw.c,
# sim/workload_gw*.c; docs/gw.md): the Graph-Waving machine against its
# baseline on the small graphs of tests/data/graphs, every kernel: both
# archs equal the sequential reference (the run exits 1 otherwise); gw
# issues scalar waves through swt and the table's parameters change the
# run (ENTRIES=1 rejects more than ENTRIES=8); --no-waves issues none; a
# SIMD width changes the clusters; bad input exits 2 naming the option and
# what is allowed; docs/gw.md's jagmesh7 rows re-run; --hold packs more groups a wave; --all and --sweep write
# their tables (and the sweep its plot); --rtl: every swt in lockstep with
# its generated RTL on a 24 x 24 grid, and the oldest-policy module built
# from the fullest RTL (the policies swapped) is caught (not under
# IRHW_CLI_QUICK=1). Prints "gw: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
data=$tests_dir/data/graphs
scratch gw

for g in path12.graph star21.mtx grid5x5.txt disconnected.graph; do
  for k in bfs sssp pagerank; do
    out=$("$irhw" workload $k --arch both --graph "$data/$g" 2>&1); rc=$?
    [ $rc = 0 ] && [ "$(echo "$out" | grep -c ' equal  [0-9]* (')" = 2 ] &&
      ok "$k on $g: baseline and gw equal the reference" || bad "$k on $g (rc=$rc): $out"
  done
done

g=$data/grid5x5.txt
# the gw row's columns: arch cycles speedup lanes % scalar % waves pack rejects
col() { echo "$1" | awk -v c="$2" '$1 == "gw" && $2 ~ /^[0-9]+$/ { print $c }'; }
out=$("$irhw" workload bfs --arch gw --graph "$g")
waves=$(col "$out" 8)
[ "${waves:-0}" -gt 0 ] && ok "gw issues scalar waves ($waves)" || bad "gw issued no wave: $out"
out1=$("$irhw" workload bfs --arch gw --graph "$g" -p ENTRIES=1 -g SIMD=32)
out8=$("$irhw" workload bfs --arch gw --graph "$g" -p ENTRIES=8 -g SIMD=32)
r1=$(col "$out1" 10) r8=$(col "$out8" 10)
[ "${r1:-0}" -gt "${r8:-0}" ] && ok "swt ENTRIES=1 rejects more than ENTRIES=8 ($r1 > $r8)" ||
  bad "ENTRIES=1 rejects $r1, ENTRIES=8 $r8"
out=$("$irhw" workload bfs --arch gw --no-waves --graph "$g")
[ "$(col "$out" 8)" = 0 ] && ok "--no-waves: no wave" || bad "--no-waves: $out"
out=$("$irhw" workload sssp --arch gw -g SIMD=16 --graph "$g")
echo "$out" | grep -q 'SIMD=16, 4 clusters a core of 24 groups' && ok "-g SIMD=16: 4 clusters a core" ||
  bad "-g SIMD=16: $out"
out=$("$irhw" workload pagerank --arch gw -q --graph "$g")
echo "$out" | grep -q '^pagerank gw grid5x5.txt: [0-9]* cycles, equal$' && ok "-q: one line a run" ||
  bad "-q: $out"

# --hold: waves wait for company
"$irhw" graph grid --rows 24 --cols 24 -o "$tmp/grid24.txt" > /dev/null
out0=$("$irhw" workload pagerank --arch gw --iters 1 --graph "$tmp/grid24.txt")
out32=$("$irhw" workload pagerank --arch gw --iters 1 --hold 32 --graph "$tmp/grid24.txt")
p0=$(col "$out0" 9) p32=$(col "$out32" 9)
awk -v a="$p0" -v b="$p32" 'BEGIN { exit !(b > a + 0.5) }' && ok "--hold 32 packs more groups a wave ($p0 -> $p32)" ||
  bad "--hold 32: pack $p0 -> $p32"

# --all and --sweep: their files
mkdir "$tmp/gs" && cp "$data/grid5x5.txt" "$data/star21.mtx" "$tmp/gs/"
out=$("$irhw" workload gw --all --graphs "$tmp/gs" -o "$tmp/all.md" 2>&1); rc=$?
[ $rc = 0 ] && [ "$(grep -c '| equal |' "$tmp/all.md")" = 6 ] && grep -q '^| all | 6 |' "$tmp/all.md" &&
  ok "--all: 2 graphs x 3 kernels, every one equal, the mean" || bad "--all (rc=$rc): $out"
out=$("$irhw" workload gw --sweep --graph "$tmp/grid24.txt" --kernel pagerank --iters 1 --hold 32 -o "$tmp/sw.md" 2>&1); rc=$?
[ $rc = 0 ] && [ "$(grep -c '^| [0-9]* | \(oldest\|fullest\) |' "$tmp/sw.md")" = 10 ] && [ -s "$tmp/sw.svg" ] &&
  ok "--sweep: ENTRIES 2..32 x POLICY table and plot" || bad "--sweep (rc=$rc): $out"

# a missing graph folder: said, and only --rmat runs
out=$("$irhw" workload gw --all --graphs "$tmp/none" --rmat "$tmp/grid24.txt" -o "$tmp/r.md" 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q "no shared graphs: only --rmat" && [ "$(grep -c '| equal |' "$tmp/r.md")" = 3 ] &&
  ok "--all without its graph folder: said, --rmat alone runs" || bad "--all, no folder (rc=$rc): $out"
out=$("$irhw" workload gw --all --graphs "$tmp/none" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "$tmp/none" && ok "--all with neither: exit 2 naming the folder" ||
  bad "--all, nothing to run (rc=$rc): $out"
out=$("$irhw" workload bfs --arch gw --max-cycles 100 --graph "$g" 2>&1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q ' stopped ' && ok "--max-cycles: stopped, exit 1" || bad "--max-cycles (rc=$rc): $out"

# --rtl: lockstep with the generated RTL; a wrong RTL is caught
if [ "${IRHW_CLI_QUICK:-0}" = 1 ]; then
  :   # quick (the sanitizer stage): the unit stage runs it
else
  out=$("$irhw" workload pagerank --arch gw --iters 1 --hold 32 --rtl --graph "$tmp/grid24.txt" 2>&1); rc=$?
  [ $rc = 0 ] && echo "$out" | grep -q 'table cycles compared, every output equal' &&
    ok "--rtl: every swt in lockstep with its RTL" || bad "--rtl (rc=$rc): $out"
  "$irhw" gen swt -p WARPS=24 -p LANES=8 -p POLICY=fullest -o "$tmp/rtl" > /dev/null
  sed 's/swt_e8_w24_pc32_l8_fullest/swt_e8_w24_pc32_l8_oldest/g' "$tmp/rtl/swt_e8_w24_pc32_l8_fullest.v" > "$tmp/swapped.v"
  out=$("$irhw" workload pagerank --arch gw --iters 1 --hold 32 --rtl-file "$tmp/swapped.v" --graph "$tmp/grid24.txt" 2>&1); rc=$?
  [ $rc = 1 ] && echo "$out" | grep -q 'swt RTL differs from its model: table' &&
    ok "--rtl-file: the fullest RTL as oldest is caught (exit 1)" || bad "swapped RTL (rc=$rc): $out"
fi

# docs/gw.md's jagmesh7 rows, re-run (skipped without ../shared/data)
jm=$root/../shared/data/graphs/jagmesh7.mtx
if [ -f "$jm" ]; then
  for k in bfs sssp pagerank; do
    want=$(grep "^| jagmesh7.mtx | $k |" "$root/docs/gw.md" | awk -F'|' '{ gsub(/ /, ""); print $4, $5 }')
    got=$("$irhw" workload $k --arch both --graph "$jm" | awk '$1 == "baseline" { b = $2 } $1 == "gw" && $2 ~ /^[0-9]+$/ { g = $2 } END { print b, g }')
    [ -n "$want" ] && [ "$want" = "$got" ] && ok "docs/gw.md's jagmesh7 $k row: $got cycles" ||
      bad "docs/gw.md says '$want' for jagmesh7 $k, the run gives '$got'"
  done
else
  skipped "docs/gw.md's jagmesh7 rows: $jm not found"
fi

# bad input: exit 2, the option and what is allowed named
expect2() { # expect2 NAME PATTERN ARGS...
  local name=$1 pat=$2 out rc; shift 2
  out=$("$irhw" workload "$@" 2>&1); rc=$?
  [ $rc = 2 ] && echo "$out" | grep -qF -- "$pat" && ok "bad input: $name" || bad "$name (rc=$rc): $out"
}
expect2 "iru --arch" "the GW machine runs bfs, sssp and pagerank" iru --arch gw --graph "$g"
expect2 "--arch value" "must be baseline, gw or both" bfs --arch fast --graph "$g"
expect2 "SIMD not 8/16/32" "-g SIMD='12' must be 8, 16 or 32" bfs --arch gw -g SIMD=12 --graph "$g"
expect2 "SIMD not dividing the warp" "-g SIMD=32 must divide WARP_SIZE=16" bfs --arch gw -g WARP_SIZE=16 -g SIMD=32 --graph "$g"
expect2 "LANES wider than SIMD" "LANES must be 2..8" bfs --arch gw -p LANES=16 --graph "$g"
expect2 "PC_BITS" "PC_BITS must be 8..64" bfs --arch gw -p PC_BITS=2 --graph "$g"
expect2 "WARPS is the machine's" "-p WARPS is the machine's" bfs --arch gw -p WARPS=4 --graph "$g"
expect2 "ENTRIES range" "ENTRIES" bfs --arch gw -p ENTRIES=0 --graph "$g"
expect2 "--src range" "--src 99 must be 0..24" bfs --arch gw --src 99 --graph "$g"
expect2 "--iters range" "--iters '0' must be a whole number 1..100" pagerank --arch gw --iters 0 --graph "$g"
expect2 "pagerank needs a graph" "--graph FILE is required" pagerank --arch gw
expect2 "--rtl with --no-waves" "--no-waves uses none" bfs --arch gw --rtl --no-waves --graph "$g"
expect2 "--rtl on the baseline" "the baseline has none" bfs --arch baseline --rtl --graph "$g"
expect2 "gw kind without a mode" "one of --all and --sweep" gw
expect2 "--hold range" "--hold '-1' must be a whole number 0..100000" bfs --arch gw --hold -1 --graph "$g"
expect2 "a missing graph" "$tmp/none.graph" bfs --arch gw --graph "$tmp/none.graph"

echo "gw: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
