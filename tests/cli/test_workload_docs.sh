#!/usr/bin/env bash
# The numbers docs/workloads.md states for jagmesh7.mtx (the cheap ones: a
# few seconds each), re-run with the command the page names beside them and
# compared with the page itself: the GPU core model's rows of "Measured:
# schemes at infinite capacity" (cycles and WAIT pulls per SCHEME). Needs
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
echo "workload_docs: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
