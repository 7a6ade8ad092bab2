#!/usr/bin/env bash
# irhw graph rmat|grid|info: the same seed gives the same file, another seed
# another; the counts are as documented (docs/workloads.md "Generated
# graphs"); info's BFS depth on a grid matches one computed here; the
# workloads read the files; bad values exit 2 naming the option and its
# range, an output that cannot be written exits 3 and leaves nothing.
# Prints "graph_gen: N passed, N failed, N skipped".
#
# Table: "EXIT | SECONDS | FRAGMENT | COMMAND", as in bad_values.sh.
set -u
. "$(dirname "$0")/lib_cases.sh"
battery graph-gen "$1" 262144

cases=$(cat <<'EOF2'
# -- help
0 | 10 | irhw graph rmat --scale S | "$I" graph --help
0 | 10 | --edge-factor E | "$I" graph rmat --help
0 | 10 | --rows R | "$I" graph grid --help
# -- bad values: exit 2 naming the option and the range
2 | 10 | needs a kind: rmat, grid or info | "$I" graph
2 | 10 | unknown kind 'kron' (rmat, grid or info) | "$I" graph kron
2 | 10 | --scale '0' must be a whole number 1..22 | "$I" graph rmat --scale 0 --edge-factor 8 -o "$T/x.txt"
2 | 10 | --scale '23' must be a whole number 1..22 | "$I" graph rmat --scale 23 --edge-factor 8 -o "$T/x.txt"
2 | 10 | --scale '0x10' must be a whole number 1..22 | "$I" graph rmat --scale 0x10 --edge-factor 8 -o "$T/x.txt"
2 | 10 | --edge-factor '65' must be a whole number 1..64 | "$I" graph rmat --scale 4 --edge-factor 65 -o "$T/x.txt"
2 | 10 | --seed '-1' must be a whole number 0..2^64-1 | "$I" graph rmat --scale 4 --edge-factor 2 --seed -1 -o "$T/x.txt"
2 | 10 | needs --scale S (1..22) and --edge-factor E (1..64) | "$I" graph rmat --scale 4 -o "$T/x.txt"
2 | 10 | needs -o FILE | "$I" graph rmat --scale 4 --edge-factor 2
2 | 10 | 268435456 edges would need about 10.0 GiB to read back | "$I" graph rmat --scale 22 --edge-factor 64 -o "$T/x.txt"
2 | 10 | --rows '1' must be a whole number 2..4096 | "$I" graph grid --rows 1 --cols 4 -o "$T/x.txt"
2 | 10 | --cols '4097' must be a whole number 2..4096 | "$I" graph grid --rows 4 --cols 4097 -o "$T/x.txt"
2 | 10 | option --scale does not apply to graph grid | "$I" graph grid --rows 4 --cols 4 --scale 3 -o "$T/x.txt"
2 | 10 | needs a graph FILE | "$I" graph info
2 | 10 | unexpected argument 'b' | "$I" graph info a b
2 | 10 | /nonexistent.txt | "$I" graph info /nonexistent.txt
# -- an output that cannot be written: exit 3, the path and the OS error
3 | 10 | cannot write /nonexistent/r.txt: No such file or directory | "$I" graph rmat --scale 4 --edge-factor 2 -o /nonexistent/r.txt
3 | 10 | cannot write /dev/full | "$I" graph grid --rows 64 --cols 64 -o /dev/full
EOF2
)
run_table "$cases"
[ ! -e "$T/x.txt" ] && ok "refused runs wrote no file" || bad "a refused run wrote $T/x.txt"

# ---- determinism ------------------------------------------------------------
cd "$T"
"$I" graph rmat --scale 10 --edge-factor 8 -o r1.txt && "$I" graph rmat --scale 10 --edge-factor 8 --seed 1 -o r1b.txt &&
  "$I" graph rmat --scale 10 --edge-factor 8 --seed 2 -o r2.txt || bad "rmat scale 10 did not run"
cmp -s r1.txt r1b.txt && ok "rmat: the same seed gives a byte-identical file" || bad "rmat: the same seed gave different files"
cmp -s r1.txt r2.txt && bad "rmat: seeds 1 and 2 gave the same file" || ok "rmat: another seed gives another file"
"$I" graph grid --rows 6 --cols 9 --seed 5 -o g1.txt && "$I" graph grid --rows 6 --cols 9 --seed 5 -o g1b.txt &&
  "$I" graph grid --rows 6 --cols 9 --seed 6 -o g2.txt || bad "grid 6x9 did not run"
cmp -s g1.txt g1b.txt && ok "grid: the same seed gives a byte-identical file" || bad "grid: the same seed gave different files"
cmp -s g1.txt g2.txt && bad "grid: seeds 5 and 6 gave the same weights" || ok "grid: another seed gives other weights"

# ---- counts -----------------------------------------------------------------
lines=$(wc -l < r1.txt)
nv=$(awk '{ if ($1 > m) m = $1; if ($2 > m) m = $2 } END { print m + 1 }' r1.txt)
badw=$(awk '$3 !~ /^[0-9]+$/ || $3 < 1 || $3 > 64' r1.txt g1.txt | head -1)
info=$("$I" graph info r1.txt)
[ "$lines" -eq 8192 ] && ok "rmat scale 10 edge-factor 8: 8192 edge lines" || bad "rmat: $lines edge lines, expected 8192"
[ "$nv" -le 1024 ] && grep -q "$nv vertices, 8192 edges" <<< "$info" && ok "rmat: info says $nv vertices (largest id + 1, <= 2^10), 8192 edges" ||
  bad "rmat: largest id + 1 = $nv, info: $(head -1 <<< "$info")"
[ -z "$badw" ] && ok "every weight is a whole number 1..64" || bad "a weight outside 1..64: $badw"
grep -q "weights: whole numbers 1..65535" <<< "$info" && ok "info: the weights are SSSP's" || bad "info on weights: $info"

# ---- grid: BFS depth, computed here ----------------------------------------
# 6 x 9: 2 * (6 * 8 + 9 * 5) = 186 edges; the source is the vertex with the
# most out-edges, lowest id on ties (workloads' rule): the first interior
# vertex, row 1 column 1 = id 10; the farthest is the opposite corner,
# (6 - 2) + (9 - 2) = 11 hops away.
src=$(awk '{ d[$1]++ } END { b = -1; for (v in d) if (d[v] > bd || (d[v] == bd && v + 0 < b)) { b = v + 0; bd = d[v] } print b }' g1.txt)
ginfo=$("$I" graph info g1.txt)
[ "$src" = 10 ] && ok "grid 6x9: the hub computed here is vertex 10" || bad "grid 6x9: hub computed here $src"
grep -q "54 vertices, 186 edges" <<< "$ginfo" && ok "grid 6x9: 54 vertices, 186 edges" || bad "grid 6x9: $(head -1 <<< "$ginfo")"
grep -q "bfs from 10 (most out-edges): depth 11, 54 of 54 vertices reached" <<< "$ginfo" &&
  ok "grid 6x9: info's BFS depth 11 from vertex 10" || bad "grid 6x9 info: $ginfo"
"$I" graph grid --rows 2 --cols 2 -o g22.txt && "$I" graph info g22.txt | grep -q "bfs from 0 (most out-edges): depth 2" &&
  ok "grid 2x2: depth 2 from corner 0" || bad "grid 2x2: $("$I" graph info g22.txt 2>&1)"

# ---- the SNAP reader: ids of 2^32 and more, first met after the edge list grew
# 1,500 edges i -> i+1, then 1,500 edges 2^33+i -> i (i = 1500..2999): the
# ids 0..2999 and 1,500 large ones, renumbered: 4,500 vertices.
awk 'BEGIN { for (i = 0; i < 1500; i++) print i, i + 1; for (i = 1500; i < 3000; i++) printf "%.0f %d\n", 8589934592 + i, i }' > big.txt
binfo=$("$I" graph info big.txt 2>&1)
grep -q "4500 vertices, 3000 edges" <<< "$binfo" && ok "SNAP ids of 2^33 after 1,500 edges: 4500 vertices, 3000 edges" ||
  bad "SNAP with large ids: $(head -1 <<< "$binfo")"

# ---- the workloads read them ------------------------------------------------
for f in r1.txt g1.txt; do
  out=$("$I" workload bfs --graph "$f" --model-only -o "$T/wl" 2>&1) && ok "workload bfs --model-only reads $f" ||
    bad "workload bfs on $f: $(tail -3 <<< "$out")"
done

echo "graph_gen: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
