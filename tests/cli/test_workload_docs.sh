#!/usr/bin/env bash
# The numbers docs/workloads.md states for jagmesh7.mtx (the cheap ones: a
# few seconds each), re-run with the command the page names beside them and
# compared with the page itself: the GPU core model's rows of "Measured:
# schemes at infinite capacity" (cycles and WAIT pulls per SCHEME) and the
# IRU table's jagmesh7 rows (lines per warp, filtered). Needs
# ../shared/data/graphs (else a visible SKIP). Prints
# "workload_docs: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
doc=$root/docs/workloads.md
g=$root/../shared/data/graphs/jagmesh7.mtx
if [ ! -f "$g" ]; then
  skipped "docs/workloads.md's jagmesh7 rows: $g not found (the project works without ../shared/data)"
  echo "workload_docs: $pass passed, $fail failed, $skip skipped"; exit 0
fi
schemes="none lsorting gsorting magic"
for k in BFS SSSP; do
  row=$(grep "^| GPU | $k | jagmesh7.mtx |" "$doc")
  [ -n "$row" ] || { bad "docs/workloads.md has no GPU $k jagmesh7.mtx row"; continue; }
  i=4
  for s in $schemes; do
    want=$(echo "$row" | cut -d'|' -f$((i + 1)) | tr -d ' ,')   # "104175(1752)"
    i=$((i + 1))
    kernel=$(echo "$k" | tr 'A-Z' 'a-z')
    out=$("$irhw" workload "$kernel" --graph "$g" --model-only --quiet --no-plot -p ENTRIES=inf -p SCHEME=$s --worklist hwwl 2>&1)
    cyc=$(echo "$out" | sed -n 's/.*: \([0-9]*\) cycles to DONE.*/\1/p')
    wait=$(echo "$out" | sed -n 's/.*WAIT pulls \([0-9]*\).*/\1/p')
    [ "$cyc($wait)" = "$want" ] && ok "GPU $k jagmesh7 SCHEME=$s: $cyc cycles, $wait WAIT, as docs/workloads.md says" ||
      bad "GPU $k jagmesh7 SCHEME=$s: the run gives $cyc($wait), docs/workloads.md says $want: $out"
  done
done
# the IRU table of "The IRU on real graphs" (paper defaults, TIMEOUT=1000):
# jagmesh7's three rows, each re-run alone (the line of the table is
# elements | lines/warp original | IRU | elements/warp | full warps | lines in all | filtered)
for k in bfs sssp pagerank; do
  row=$(grep "^| jagmesh7.mtx | $k | [a-z]* | [0-9,]* | " "$doc" | head -1 | tr -d ',')
  [ -n "$row" ] || { bad "docs/workloads.md has no IRU $k jagmesh7.mtx row"; continue; }
  want=$(echo "$row" | awk -F'|' '{gsub(/ /,""); print $6, $7, $8, $9, $10, $11}')
  out=$("$irhw" workload iru --kernel $k --graph "$g" --model-only 2>&1)
  got=$(echo "$out" | awk '
    /memory lines per warp: original order/ { o = $7; i = $13; e = $17 }
    /cut into full warps/ { f = $(NF - 2) }
    /memory lines in all:/ { a = $5 "→" $7 }
    /^  filtered:/ { p = $6 $7; gsub(/[();]/, "", p) }
    END { print o, i, e, f, a, p }')
  [ "$got" = "$want" ] && ok "IRU $k jagmesh7: $got, as docs/workloads.md says" ||
    bad "IRU $k jagmesh7: the run gives '$got', docs/workloads.md says '$want'"
done
echo "workload_docs: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
